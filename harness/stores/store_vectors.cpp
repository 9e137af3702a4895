#include "harness/stores/store_vectors.hpp"

#include <fstream>
#include <iterator>

#include "harness/reference/reference_store.hpp"
#include "oracle/data_type.hpp"
#include "oracle/input_file.hpp"
#include "oracle/json_exact.hpp"

namespace cvc {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

[[noreturn]] void refuse(const std::string& where, const std::string& why) {
  throw StoreVectorError(where + ": " + why);
}

json read_json_file(const fs::path& path, const std::string& where) {
  std::ifstream in(path, std::ios::binary);
  if (!in) refuse(where, "cannot read " + path.filename().string());
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (text.size() > max_input_file_bytes()) refuse(where, "larger than --max-file-bytes");
  try {
    return parse_json_exact(text);
  } catch (const std::exception& error) {
    refuse(where, std::string("not JSON: ") + error.what());
  }
}

const json& member(const json& object, const char* key, const std::string& where) {
  if (!object.is_object() || !object.contains(key)) refuse(where, std::string("no ") + key);
  return object[key];
}

std::vector<std::string> strings(const json& object, const char* key, const std::string& where) {
  std::vector<std::string> list;
  if (!object.contains(key)) return list;
  if (!object[key].is_array()) refuse(where + "." + key, "not an array of strings");
  for (const json& item : object[key]) {
    if (!item.is_string()) refuse(where + "." + key, "not an array of strings");
    list.push_back(item.get<std::string>());
  }
  return list;
}

// "0x..." bits of `type` (the vectors' notation: lowercase hex).
std::uint64_t parse_bits(const json& value, const DataType& type, const std::string& where) {
  const std::string text = value.is_string() ? value.get<std::string>() : "";
  const std::size_t digits = text.size() - std::min<std::size_t>(text.size(), 2);
  if (!text.starts_with("0x") || digits == 0 || digits > 16 ||
      text.find_first_not_of("0123456789abcdef", 2) != std::string::npos)
    refuse(where, "not a \"0x\" lowercase hex bit pattern: " + value.dump());
  const std::uint64_t bits = std::stoull(text.substr(2), nullptr, 16);
  if ((bits & ~type.bit_mask()) != 0)
    refuse(where, text + " has bits beyond the width of " + std::string(type.name));
  return bits;
}

std::vector<std::uint64_t> parse_values(const json& values, const DataType& type,
                                        std::uint64_t count, const std::string& where) {
  if (!values.is_array() || values.size() != count)
    refuse(where, "not an array of " + std::to_string(count) + " values");
  std::vector<std::uint64_t> bits;
  for (std::size_t i = 0; i < values.size(); ++i)
    bits.push_back(parse_bits(values[i], type, where + "[" + std::to_string(i) + "]"));
  return bits;
}

std::vector<std::uint8_t> parse_bytes(const json& value, const std::string& where) {
  const std::string text = value.is_string() ? value.get<std::string>() : "x";
  if (text.size() % 2 != 0 || text.find_first_not_of("0123456789abcdef") != std::string::npos)
    refuse(where, "not lowercase hex bytes");
  std::vector<std::uint8_t> bytes;
  for (std::size_t i = 0; i < text.size(); i += 2)
    bytes.push_back(static_cast<std::uint8_t>(std::stoul(text.substr(i, 2), nullptr, 16)));
  return bytes;
}

// Every data type of the 26 the metadata names: the array's and each cast_value's, also inside
// sharding codecs.
void collect_types(const json& codecs, std::set<std::string>& types) {
  if (!codecs.is_array()) return;
  for (const json& codec : codecs) {
    if (!codec.is_object()) continue;
    const json configuration = codec.value("configuration", json::object());
    if (!configuration.is_object()) continue;
    if (codec.value("name", "") == "cast_value" && configuration.contains("data_type") &&
        configuration["data_type"].is_string() &&
        find_data_type(configuration["data_type"].get<std::string>()) != nullptr)
      types.insert(configuration["data_type"].get<std::string>());
    if (configuration.contains("codecs")) collect_types(configuration["codecs"], types);
  }
}

StoreCase read_case(const json& entry, const fs::path& root, std::size_t position) {
  std::string where = "index.json arrays[" + std::to_string(position) + "]";
  StoreCase result;
  const json& id = member(entry, "id", where);
  if (!id.is_string() || id.get<std::string>().empty() ||
      id.get<std::string>().find("..") != std::string::npos || id.get<std::string>()[0] == '/')
    refuse(where + ".id", "not a relative directory name");
  result.id = id.get<std::string>();
  where += " (" + result.id + ")";
  const std::string kind = member(entry, "kind", where).is_string()
                               ? member(entry, "kind", where).get<std::string>()
                               : "";
  if (kind == "decode")
    result.kind = StoreKind::Decode;
  else if (kind == "encode")
    result.kind = StoreKind::Encode;
  else if (kind == "open")
    result.kind = StoreKind::Open;
  else
    refuse(where + ".kind", "not decode, encode or open");
  result.what = entry.value("what", "");
  result.features = strings(entry, "features", where);
  result.flags = strings(entry, "flags", where);
  result.metadata = read_json_file(root / result.id / "zarr.json", where);

  const json& data_type = member(entry, "data_type", where);
  result.type = data_type.is_string() ? find_data_type(data_type.get<std::string>()) : nullptr;
  if (result.type != nullptr) result.types.insert(std::string(result.type->name));
  if (result.metadata.is_object() && result.metadata.contains("codecs"))
    collect_types(result.metadata["codecs"], result.types);
  if (result.type == nullptr && result.kind != StoreKind::Open)
    refuse(where + ".data_type",
           "not one of the " + std::to_string(kDataTypeCount) + " data types");
  if (entry.contains("shape")) {
    if (!entry["shape"].is_array()) refuse(where + ".shape", "not an array");
    for (const json& extent : entry["shape"]) {
      const std::optional<std::uint64_t> value = json_unsigned(extent);
      if (!value) refuse(where + ".shape", "not non-negative integers");
      result.count *= *value;
    }
  }

  const json& expected = member(entry, "expected", where);
  if (!expected.is_object()) refuse(where + ".expected", "not an object");
  if (expected.contains("error")) {
    if (result.kind == StoreKind::Open || !expected["error"].is_string())
      refuse(where + ".expected.error", "not a string of a decode or encode array");
    result.expected_error = expected["error"].get<std::string>();
  }
  switch (result.kind) {
    case StoreKind::Decode:
      if (!result.expected_error)
        result.expected_values =
            parse_values(member(expected, "values", where + ".expected"), *result.type,
                         result.count, where + ".expected.values");
      break;
    case StoreKind::Encode: {
      const json& write = member(entry, "write", where);
      std::uint64_t selected = result.count;
      if (write.contains("selection")) {
        const json& ranges = write["selection"];
        if (!ranges.is_array()) refuse(where + ".write.selection", "not an array of ranges");
        selected = 1;
        for (const json& range : ranges) {
          const std::optional<std::uint64_t> start =
              range.is_array() && range.size() == 2 ? json_unsigned(range[0]) : std::nullopt;
          const std::optional<std::uint64_t> stop =
              range.is_array() && range.size() == 2 ? json_unsigned(range[1]) : std::nullopt;
          if (!start || !stop || *start >= *stop)
            refuse(where + ".write.selection", "not [start, stop] ranges with start < stop");
          result.selection.emplace_back(*start, *stop);
          selected *= result.selection.back().second - result.selection.back().first;
        }
      }
      if (!write.contains("selection")) {  // the whole array, as zarr.json's shape says
        const json& shape = result.metadata.is_object() && result.metadata.contains("shape")
                                ? result.metadata["shape"]
                                : json();
        if (!shape.is_array()) refuse(where, "zarr.json has no shape");
        for (const json& extent : shape) {
          const std::optional<std::uint64_t> value = json_unsigned(extent);
          if (!value || *value == 0) refuse(where, "zarr.json's shape is not positive integers");
          result.selection.emplace_back(0, *value);
        }
      }
      result.write_values = parse_values(member(write, "values", where + ".write"), *result.type,
                                         selected, where + ".write.values");
      if (result.expected_error) break;
      const json& chunks = member(entry, "expected_chunks", where);
      if (!chunks.is_object()) refuse(where + ".expected_chunks", "not an object");
      for (const auto& [key, bytes] : chunks.items()) {
        if (key.empty() || key.find("..") != std::string::npos || key[0] == '/' ||
            key == "zarr.json")
          refuse(where + ".expected_chunks", "a key that is not a chunk key: " + key);
        result.expected_chunks[key] = parse_bytes(bytes, where + ".expected_chunks." + key);
      }
      for (const std::string& key : strings(entry, "may_be_absent", where)) {
        if (!result.expected_chunks.contains(key))
          refuse(where + ".may_be_absent", key + " is not among expected_chunks");
        result.may_be_absent.insert(key);
      }
      break;
    }
    case StoreKind::Open: {
      const json& verdict = member(expected, "metadata", where + ".expected");
      if (verdict != "valid" && verdict != "invalid")
        refuse(where + ".expected.metadata", "not \"valid\" or \"invalid\"");
      result.expected_valid = verdict == "valid";
      break;
    }
  }
  return result;
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

StoreVectors read_store_vectors(const fs::path& directory) {
  StoreVectors vectors;
  vectors.root = fs::exists(directory / "stores" / "index.json") ? directory / "stores" : directory;
  const json index = read_json_file(vectors.root / "index.json", vectors.root.string());
  if (member(index, "format", "index.json") != "cast-value-conformance/stores")
    refuse("index.json.format", "not \"cast-value-conformance/stores\"");
  const json& version = member(index, "version", "index.json");
  if (json_unsigned(version) != 1)
    refuse("index.json.version", "not 1 (this cvc reads version 1 of the store vectors)");
  vectors.version = 1;
  const json& arrays = member(index, "arrays", "index.json");
  if (!arrays.is_array()) refuse("index.json.arrays", "not an array");
  std::set<std::string> ids;
  for (std::size_t k = 0; k < arrays.size(); ++k) {
    vectors.cases.push_back(read_case(arrays[k], vectors.root, k));
    if (!ids.insert(vectors.cases.back().id).second)
      refuse("index.json arrays[" + std::to_string(k) + "]", "a repeated id");
  }
  return vectors;
}

}  // namespace cvc
