#include "vector_format/store_index.hpp"

#include <algorithm>
#include <initializer_list>

#include "oracle/checked_arithmetic.hpp"
#include "oracle/hex_digits.hpp"
#include "oracle/io/bounded_quote.hpp"
#include "oracle/io/json_exact.hpp"
#include "vector_format/result_text.hpp"

namespace cvc {
namespace {

[[noreturn]] void refuse_index(const std::string& where, const std::string& why) {
  throw StoreIndexError(where + ": " + why);
}

std::string field(const std::string& where, std::string_view key) {
  return where + "." + std::string(key);
}

std::string item(const std::string& where, std::size_t k) {
  return where + "[" + std::to_string(k) + "]";
}

// A value as a message quotes it (long ones cut, their size said).
std::string shown(const nlohmann::json& value) {
  return bounded_quote(dump_json_exact(value), 60);
}

void require_object(const nlohmann::json& value, const std::string& where) {
  if (!value.is_object()) refuse_index(where, "not an object");
}

const nlohmann::json& index_member(const nlohmann::json& object, const char* key,
                                   const std::string& where) {
  if (!object.contains(key)) refuse_index(where, std::string("no \"") + key + "\"");
  return object[key];
}

// The schema's "additionalProperties": false.
void only_keys(const nlohmann::json& object, std::initializer_list<std::string_view> allowed,
               const std::string& where) {
  for (const auto& [key, value] : object.items())
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end())
      refuse_index(where, "an unknown key \"" + key + "\"");
}

// Keys of another kind of array (the schema's "not": {"required": [...]}).
void absent_keys(const nlohmann::json& object, std::initializer_list<const char*> keys,
                 const std::string& where, const std::string& why) {
  for (const char* key : keys)
    if (object.contains(key)) refuse_index(field(where, key), why);
}

std::string string_at(const nlohmann::json& value, const std::string& where) {
  if (!value.is_string()) refuse_index(where, shown(value) + " is not a string");
  return value.get<std::string>();
}

std::uint64_t integer_at(const nlohmann::json& value, std::uint64_t minimum,
                         const std::string& where) {
  const std::optional<std::uint64_t> number = json_unsigned(value);
  if (!number || *number < minimum)
    refuse_index(where, shown(value) + " is not an integer >= " + std::to_string(minimum));
  return *number;
}

bool listed(std::string_view name, const auto& list) {
  return std::find(std::begin(list), std::end(list), name) != std::end(list);
}

// A shape or chunk shape: positive integers, at least one, at most kMaxStoreElements in all.
Extents shape_at(const nlohmann::json& value, const std::string& where) {
  if (!value.is_array() || value.empty()) refuse_index(where, "not a non-empty list of lengths");
  Extents shape;
  for (std::size_t d = 0; d < value.size(); ++d)
    shape.push_back(integer_at(value[d], 1, item(where, d)));
  if (!checked_extent_product(shape, kMaxStoreElements))
    refuse_index(where, shown(value) + " holds more than " + std::to_string(kMaxStoreElements) +
                            " elements (the store family's limit)");
  return shape;
}

const DataType& type_at(const nlohmann::json& value, const std::string& where) {
  const DataType* type = value.is_string() ? find_data_type(value.get<std::string>()) : nullptr;
  if (type == nullptr)
    refuse_index(where, shown(value) + " is not one of the " + std::to_string(kDataTypeCount) +
                            " data types");
  return *type;
}

std::vector<std::string> features_at(const nlohmann::json& value, const std::string& where) {
  if (!value.is_array()) refuse_index(where, "not a list of features");
  std::vector<std::string> features;
  for (std::size_t k = 0; k < value.size(); ++k) {
    const std::string name = value[k].is_string() ? value[k].get<std::string>() : "";
    if (!listed(name, kStoreFeatures))
      refuse_index(item(where, k), shown(value[k]) + " is not a feature of vectors/STORES.md");
    if (listed(name, features)) refuse_index(item(where, k), "\"" + name + "\" is listed twice");
    features.push_back(name);
  }
  return features;
}

// `count` bit patterns of `type`: "0x", two lowercase digits per storage byte, sub-byte types in
// the low bits.
std::vector<std::uint64_t> patterns_at(const nlohmann::json& value, const DataType& type,
                                       std::uint64_t count, const std::string& where) {
  if (!value.is_array()) refuse_index(where, "not a list of bit patterns");
  if (value.size() != count)
    refuse_index(
        where, std::to_string(value.size()) + " values for " + std::to_string(count) + " elements");
  std::vector<std::uint64_t> patterns;
  for (std::size_t k = 0; k < value.size(); ++k) {
    const std::string text = value[k].is_string() ? value[k].get<std::string>() : "";
    CastResult result;
    if (!text.starts_with("0x") || !parse_result(type, text, result))
      refuse_index(item(where, k), shown(value[k]) + " is not a " +
                                       std::to_string(2 * type.storage_bytes()) +
                                       "-digit lowercase 0x pattern of " + std::string(type.name));
    patterns.push_back(result.bits);
  }
  return patterns;
}

// A chunk file's bytes from lowercase hex, two digits each, at least one byte.
std::string bytes_at(const nlohmann::json& value, const std::string& where) {
  const std::string text = value.is_string() ? value.get<std::string>() : "";
  if (text.empty() || text.size() % 2 != 0)
    refuse_index(where, "not lowercase hex bytes, two digits each");
  std::string bytes;
  for (std::size_t k = 0; k < text.size(); k += 2) {
    const int high = hex_digit_value(text[k], HexLetters::Lowercase);
    const int low = hex_digit_value(text[k + 1], HexLetters::Lowercase);
    if (high < 0 || low < 0) refuse_index(where, "not lowercase hex bytes, two digits each");
    bytes += static_cast<char>(high * 16 + low);
  }
  return bytes;
}

// A key of the entry's chunk grid, as the default chunk key encoding writes it ("c/1/0").
std::string chunk_key_at(const std::string& key, const StoreIndexEntry& entry,
                         const std::string& where) {
  if (!chunk_position_of(entry.shape, entry.chunk_shape, key))
    refuse_index(where, "\"" + key + "\" is not the key of a chunk of the grid (shape " +
                            dump_json_exact(nlohmann::json(entry.shape)) + ", chunk_shape " +
                            dump_json_exact(nlohmann::json(entry.chunk_shape)) + ")");
  return key;
}

std::string id_at(const nlohmann::json& value, const std::string& where) {
  const std::string id = value.is_string() ? value.get<std::string>() : "";
  const std::size_t slash = id.find('/');
  const std::string kind = id.substr(0, slash);
  const std::string name = slash == std::string::npos ? "" : id.substr(slash + 1);
  if ((kind != "decode" && kind != "encode" && kind != "open") || name.empty() || name == "." ||
      name == ".." ||
      name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_.-") != std::string::npos)
    refuse_index(where,
                 shown(value) + " is not <kind>/<name> (a name of a-z 0-9 _ . -, not . or ..)");
  return id;
}

StoreKind kind_at(const nlohmann::json& value, const std::string& where) {
  for (const StoreKind kind : {StoreKind::Decode, StoreKind::Encode, StoreKind::Open})
    if (value.is_string() && value.get<std::string>() == store_kind_name(kind)) return kind;
  refuse_index(where, "not decode, encode or open");
}

// {"error": KIND} and nothing else.
std::string error_at(const nlohmann::json& expected, const std::string& where) {
  only_keys(expected, {"error"}, where);
  const nlohmann::json& kind = index_member(expected, "error", where);
  if (!kind.is_string() || !listed(kind.get<std::string>(), kStoreErrorKinds))
    refuse_index(field(where, "error"), shown(kind) + " is not an error kind of the schema");
  return kind.get<std::string>();
}

Selection selection_at(const nlohmann::json& value, const Extents& shape,
                       const std::string& where) {
  if (!value.is_array() || value.size() != shape.size())
    refuse_index(where, "not a list of " + std::to_string(shape.size()) +
                            " [start, stop] ranges, one per dimension of the shape");
  Selection selection;
  for (std::size_t d = 0; d < value.size(); ++d) {
    const nlohmann::json& range = value[d];
    if (!range.is_array() || range.size() != 2)
      refuse_index(item(where, d), "not a [start, stop] range");
    const std::uint64_t start = integer_at(range[0], 0, item(item(where, d), 0));
    const std::uint64_t stop = integer_at(range[1], 1, item(item(where, d), 1));
    if (start >= stop || stop > shape[d])
      refuse_index(item(where, d), "not a range with start < stop <= " + std::to_string(shape[d]));
    selection.emplace_back(start, stop);
  }
  return selection;
}

// Inside the shape, which is at most kMaxStoreElements: no overflow.
std::uint64_t selected_count(const Selection& selection) {
  Extents extents;
  for (const auto& [start, stop] : selection) extents.push_back(stop - start);
  return element_count(extents);
}

void read_decode(const nlohmann::json& entry, StoreIndexEntry& out, const std::string& where) {
  absent_keys(entry, {"write", "expected_chunks", "may_be_absent", "reason"}, where,
              "not a key of a decode array");
  const nlohmann::json& expected = entry["expected"];
  const std::string at = field(where, "expected");
  if (expected.contains("error")) {
    out.expected_error = error_at(expected, at);
    return;
  }
  only_keys(expected, {"values"}, at);
  out.expected_values = patterns_at(index_member(expected, "values", at), *out.data_type,
                                    out.element_count(), field(at, "values"));
}

void read_write(const nlohmann::json& write, StoreIndexEntry& out, const std::string& where) {
  require_object(write, where);
  only_keys(write, {"selection", "values"}, where);
  if (write.contains("selection")) {
    out.selection = selection_at(write["selection"], out.shape, field(where, "selection"));
  } else {  // the whole array
    for (const std::uint64_t extent : out.shape) out.selection.emplace_back(0, extent);
  }
  out.write_values = patterns_at(index_member(write, "values", where), *out.data_type,
                                 selected_count(out.selection), field(where, "values"));
}

void read_expected_chunks(const nlohmann::json& entry, StoreIndexEntry& out,
                          const std::string& where) {
  const nlohmann::json& chunks = index_member(entry, "expected_chunks", where);
  const std::string at = field(where, "expected_chunks");
  require_object(chunks, at);
  for (const auto& [key, hex] : chunks.items())
    out.expected_chunks[chunk_key_at(key, out, at)] = bytes_at(hex, field(at, key));
  const nlohmann::json& absent = index_member(entry, "may_be_absent", where);
  const std::string absent_at = field(where, "may_be_absent");
  if (!absent.is_array()) refuse_index(absent_at, "not a list of chunk keys");
  for (std::size_t k = 0; k < absent.size(); ++k) {
    const std::string key = string_at(absent[k], item(absent_at, k));
    if (!out.expected_chunks.contains(key))
      refuse_index(item(absent_at, k), "\"" + key + "\" is not a key of expected_chunks");
    if (!out.may_be_absent.insert(key).second)
      refuse_index(item(absent_at, k), "\"" + key + "\" is listed twice");
  }
}

void read_encode(const nlohmann::json& entry, StoreIndexEntry& out, const std::string& where) {
  absent_keys(entry, {"reason"}, where, "not a key of an encode array");
  read_write(index_member(entry, "write", where), out, field(where, "write"));
  const nlohmann::json& expected = entry["expected"];
  if (expected.empty()) {
    read_expected_chunks(entry, out, where);
    return;
  }
  out.expected_error = error_at(expected, field(where, "expected"));
  absent_keys(entry, {"expected_chunks", "may_be_absent"}, where,
              "not a key of an encode array whose write fails");
}

void read_open(const nlohmann::json& entry, StoreIndexEntry& out, const std::string& where) {
  absent_keys(entry, {"write", "expected_chunks", "may_be_absent"}, where,
              "not a key of an open array");
  const std::string at = field(where, "expected");
  only_keys(entry["expected"], {"metadata"}, at);
  const nlohmann::json& verdict = index_member(entry["expected"], "metadata", at);
  if (verdict != "valid" && verdict != "invalid")
    refuse_index(field(at, "metadata"), "not \"valid\" or \"invalid\"");
  out.expected_valid = verdict == "valid";
  out.reason = string_at(index_member(entry, "reason", where), field(where, "reason"));
}

// The keys every kind has.
void read_common(const nlohmann::json& entry, StoreIndexEntry& out, const std::string& where) {
  out.what = string_at(index_member(entry, "what", where), field(where, "what"));
  if (out.what.empty()) refuse_index(field(where, "what"), "empty");
  out.features = features_at(index_member(entry, "features", where), field(where, "features"));
  const nlohmann::json& flags = index_member(entry, "flags", where);
  if (!flags.is_array() || !flags.empty())
    refuse_index(field(where, "flags"), "not [] (version 1 has no reading-dependent array)");
  out.data_type = &type_at(index_member(entry, "data_type", where), field(where, "data_type"));
  out.stored_data_type =
      &type_at(index_member(entry, "stored_data_type", where), field(where, "stored_data_type"));
  out.shape = shape_at(index_member(entry, "shape", where), field(where, "shape"));
  out.chunk_shape =
      shape_at(index_member(entry, "chunk_shape", where), field(where, "chunk_shape"));
  if (out.chunk_shape.size() != out.shape.size())
    refuse_index(field(where, "chunk_shape"), "not of the rank of the shape");
  require_object(index_member(entry, "expected", where), field(where, "expected"));
}

}  // namespace

std::string_view store_kind_name(StoreKind kind) {
  switch (kind) {
    case StoreKind::Decode:
      return "decode";
    case StoreKind::Encode:
      return "encode";
    case StoreKind::Open:
      return "open";
  }
  return "?";
}

StoreIndex parse_store_index_header(const nlohmann::json& index) {
  const std::string where = "index.json";
  require_object(index, where);
  only_keys(index, {"format", "version", "generator", "oracle", "number_of_arrays", "arrays"},
            where);
  if (index_member(index, "format", where) != "cast-value-conformance/stores")
    refuse_index(field(where, "format"), "not \"cast-value-conformance/stores\"");
  if (json_unsigned(index_member(index, "version", where)) != 1)
    refuse_index(field(where, "version"), "not 1 (this cvc reads version 1 of the store vectors)");
  StoreIndex out;
  out.generator = string_at(index_member(index, "generator", where), field(where, "generator"));
  if (!out.generator.starts_with("cvc generate "))
    refuse_index(field(where, "generator"), "does not begin with \"cvc generate \"");
  out.oracle = string_at(index_member(index, "oracle", where), field(where, "oracle"));
  if (!out.oracle.starts_with("cvc oracle "))
    refuse_index(field(where, "oracle"), "does not begin with \"cvc oracle \"");
  out.number_of_arrays = integer_at(index_member(index, "number_of_arrays", where), 1,
                                    field(where, "number_of_arrays"));
  const nlohmann::json& arrays = index_member(index, "arrays", where);
  if (!arrays.is_array() || arrays.empty())
    refuse_index(field(where, "arrays"), "not a non-empty list of arrays");
  if (out.number_of_arrays != arrays.size())
    refuse_index(field(where, "number_of_arrays"), std::to_string(out.number_of_arrays) +
                                                       " is not the number of arrays, " +
                                                       std::to_string(arrays.size()));
  return out;
}

StoreIndexEntry parse_store_index_entry(const nlohmann::json& entry, std::size_t position) {
  std::string where = item("index.json arrays", position);
  require_object(entry, where);
  StoreIndexEntry out;
  out.id = id_at(index_member(entry, "id", where), field(where, "id"));
  where += " (" + out.id + ")";
  only_keys(entry,
            {"id", "kind", "what", "features", "flags", "data_type", "stored_data_type", "shape",
             "chunk_shape", "expected", "write", "expected_chunks", "may_be_absent", "reason"},
            where);
  out.kind = kind_at(index_member(entry, "kind", where), field(where, "kind"));
  if (!out.id.starts_with(std::string(store_kind_name(out.kind)) + "/"))
    refuse_index(field(where, "id"),
                 "does not begin with its kind, " + std::string(store_kind_name(out.kind)) + "/");
  read_common(entry, out, where);
  switch (out.kind) {
    case StoreKind::Decode:
      read_decode(entry, out, where);
      break;
    case StoreKind::Encode:
      read_encode(entry, out, where);
      break;
    case StoreKind::Open:
      read_open(entry, out, where);
      break;
  }
  return out;
}

std::optional<std::string> index_entry_disagreement(const StoreIndexEntry& entry,
                                                    const nlohmann::json& zarr_json) {
  if (!zarr_json.is_object()) return "zarr.json: " + shown(zarr_json) + " is not a JSON object";
  const nlohmann::json* grid =
      zarr_json.contains("chunk_grid") ? &zarr_json["chunk_grid"] : nullptr;
  const nlohmann::json* configuration =
      grid != nullptr && grid->is_object() && grid->contains("configuration")
          ? &(*grid)["configuration"]
          : nullptr;
  const nlohmann::json* chunk_shape = configuration != nullptr && configuration->is_object() &&
                                              configuration->contains("chunk_shape")
                                          ? &(*configuration)["chunk_shape"]
                                          : nullptr;
  const std::pair<const char*, const nlohmann::json*> facts[] = {
      {"data_type", zarr_json.contains("data_type") ? &zarr_json["data_type"] : nullptr},
      {"shape", zarr_json.contains("shape") ? &zarr_json["shape"] : nullptr},
      {"chunk_grid.configuration.chunk_shape", chunk_shape}};
  const nlohmann::json listed[] = {std::string(entry.data_type->name), entry.shape,
                                   entry.chunk_shape};
  for (std::size_t k = 0; k < std::size(facts); ++k) {
    const auto& [name, value] = facts[k];
    if (value == nullptr)
      return std::string("zarr.json: no ") + name + " (index.json gives " + shown(listed[k]) + ")";
    if (dump_json_exact(*value) != dump_json_exact(listed[k]))
      return std::string("zarr.json.") + name + " is " + shown(*value) + ", index.json's " +
             shown(listed[k]);
  }
  return std::nullopt;
}

StoreIndex parse_store_index(const nlohmann::json& index) {
  StoreIndex out = parse_store_index_header(index);
  std::set<std::string> ids;
  const nlohmann::json& arrays = index["arrays"];
  for (std::size_t k = 0; k < arrays.size(); ++k) {
    out.arrays.push_back(parse_store_index_entry(arrays[k], k));
    if (!ids.insert(out.arrays.back().id).second)
      refuse_index(item("index.json arrays", k) + " (" + out.arrays.back().id + ").id",
                   "repeated (the ids are unique)");
  }
  return out;
}

}  // namespace cvc
