#include "vector_format/store_array.hpp"

#include "oracle/checked_arithmetic.hpp"
#include "oracle/io/bounded_quote.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/scalar_json.hpp"

namespace cvc {
namespace {

// The codec's name: a codec object's "name", or a bare name string.
std::string zarr_codec_name(const nlohmann::json& codec) {
  if (codec.is_string()) return codec.get<std::string>();
  if (codec.is_object() && codec.contains("name") && codec["name"].is_string())
    return codec["name"].get<std::string>();
  return "";
}

const nlohmann::json& zarr_member(const nlohmann::json& object, const char* key,
                                  const std::string& at) {
  if (!object.is_object() || !object.contains(key))
    throw StoreFormatError(at + ": no \"" + key + "\"");
  return object[key];
}

std::string zarr_string(const nlohmann::json& object, const char* key, const std::string& at) {
  const nlohmann::json& value = zarr_member(object, key, at);
  if (!value.is_string()) throw StoreFormatError(at + "." + key + ": not a string");
  return value.get<std::string>();
}

// A list of positive integers (a shape), of `rank` entries unless rank is 0.
Extents zarr_extents(const nlohmann::json& object, const char* key, const std::string& at,
                     std::size_t rank = 0) {
  const nlohmann::json& value = zarr_member(object, key, at);
  if (!value.is_array() || value.empty() || (rank != 0 && value.size() != rank))
    throw StoreFormatError(at + "." + key + ": not a list of " +
                           (rank ? std::to_string(rank) + " " : std::string()) + "lengths");
  Extents extents;
  for (const nlohmann::json& item : value) {
    const std::optional<std::string> text = json_number_text(item);
    if (!text || text->empty() || text->size() > 9 ||
        text->find_first_not_of("0123456789") != std::string::npos || *text == "0")
      throw StoreFormatError(at + "." + key + ": " + dump_json_exact(item) +
                             " is not a positive integer");
    extents.push_back(std::stoull(*text));
  }
  if (!checked_extent_product(extents, kMaxStoreElements))
    throw StoreFormatError(at + "." + key + ": " + bounded_quote(dump_json_exact(value)) +
                           " holds more than " + std::to_string(kMaxStoreElements) +
                           " elements (the store family's limit)");
  return extents;
}

// The bytes codec's byte order: "big" or "little" (absent: little, allowed for 1-byte types).
bool big_endian_of(const nlohmann::json& codec, const std::string& at) {
  if (codec.is_string() || !codec.contains("configuration")) return false;
  const std::string endian = zarr_string(codec["configuration"], "endian", at + ".configuration");
  if (endian != "little" && endian != "big")
    throw StoreFormatError(at + ".configuration.endian: neither \"little\" nor \"big\"");
  return endian == "big";
}

// The array -> array codecs this family uses before the bytes codec: those that keep a chunk's
// elements in place (transpose does not).
bool is_element_codec(const std::string& name) {
  return name == "cast_value" || name == "scale_offset" || name == "numcodecs.fixedscaleoffset";
}

// Every codec must be an element codec or, last, bytes.
void check_element_codecs(const nlohmann::json& chain, const std::string& at) {
  if (!chain.is_array() || chain.empty() || zarr_codec_name(chain.back()) != "bytes")
    throw StoreFormatError(at + ": the chain does not end with the bytes codec");
  for (std::size_t i = 0; i + 1 < chain.size(); ++i)
    if (!is_element_codec(zarr_codec_name(chain[i])))
      throw StoreFormatError(at + "[" + std::to_string(i) + "]: " + zarr_codec_name(chain[i]) +
                             " is not a codec this family uses (cast_value, scale_offset, "
                             "numcodecs.fixedscaleoffset, then bytes)");
}

// The chain's byte order (its bytes codec's).
bool chain_byte_order(const nlohmann::json& chain, const std::string& at) {
  check_element_codecs(chain, at);
  return big_endian_of(chain.back(), at + "[" + std::to_string(chain.size() - 1) + "]");
}

bool is_sharded(const nlohmann::json& codecs) {
  return codecs.is_array() && codecs.size() == 1 &&
         zarr_codec_name(codecs[0]) == "sharding_indexed";
}

ShardingLayout sharding_layout(const nlohmann::json& codec, const Extents& shard_shape) {
  const std::string at = "codecs[0].configuration";
  const nlohmann::json& configuration = zarr_member(codec, "configuration", "codecs[0]");
  ShardingLayout layout;
  layout.inner_shape = zarr_extents(configuration, "chunk_shape", at, shard_shape.size());
  for (std::size_t d = 0; d < shard_shape.size(); ++d)
    if (shard_shape[d] % layout.inner_shape[d] != 0)
      throw StoreFormatError(at + ".chunk_shape: does not divide the shard shape");
  const nlohmann::json& index_codecs = zarr_member(configuration, "index_codecs", at);
  if (!index_codecs.is_array() || index_codecs.empty() || index_codecs.size() > 2 ||
      zarr_codec_name(index_codecs[0]) != "bytes" || big_endian_of(index_codecs[0], at) ||
      (index_codecs.size() == 2 && zarr_codec_name(index_codecs[1]) != "crc32c"))
    throw StoreFormatError(at + ".index_codecs: neither [bytes little] nor [bytes little, crc32c]");
  layout.index_crc32c = index_codecs.size() == 2;
  if (configuration.contains("index_location")) {
    const std::string location = zarr_string(configuration, "index_location", at);
    if (location != "start" && location != "end")
      throw StoreFormatError(at + ".index_location: neither \"start\" nor \"end\"");
    layout.index_at_start = location == "start";
  }
  return layout;
}

}  // namespace

const nlohmann::json& element_codecs_of(const nlohmann::json& zarr_json) {
  const nlohmann::json& codecs = zarr_member(zarr_json, "codecs", "zarr.json");
  if (!is_sharded(codecs)) return codecs;
  return zarr_member(zarr_member(codecs[0], "configuration", "codecs[0]"), "codecs",
                     "codecs[0].configuration");
}

ArrayChain element_chain(const DataType& array_type, const nlohmann::json& codecs) {
  check_element_codecs(codecs, "codecs");
  try {
    return parse_array_chain(
        array_type, nlohmann::json(std::vector<nlohmann::json>(codecs.begin(), codecs.end() - 1)));
  } catch (const MetadataError& error) {
    throw StoreFormatError(std::string("invalid metadata: ") + error.what());
  }
}

FillValueCheck validate_store_metadata(const nlohmann::json& zarr_json, const Readings& readings) {
  FillValueCheck check;
  try {
    const DataType& array_type =
        parse_data_type_metadata(zarr_member(zarr_json, "data_type", "zarr.json"));
    return validate_array_metadata(array_type, zarr_member(zarr_json, "fill_value", "zarr.json"),
                                   element_codecs_of(zarr_json), readings);
  } catch (const MetadataError& error) {
    check.message = error.what();
  } catch (const StoreFormatError& error) {
    check.message = error.what();
  }
  return check;
}

StoreArray parse_store_array(const nlohmann::json& zarr_json) {
  const std::string at = "zarr.json";
  const std::optional<std::string> format =
      json_number_text(zarr_member(zarr_json, "zarr_format", at));
  if (format != "3" || zarr_string(zarr_json, "node_type", at) != "array")
    throw StoreFormatError(at + ": not Zarr v3 array metadata");
  StoreArray array;
  array.shape = zarr_extents(zarr_json, "shape", at);
  const nlohmann::json& grid = zarr_member(zarr_json, "chunk_grid", at);
  if (zarr_string(grid, "name", at + ".chunk_grid") != "regular")
    throw StoreFormatError(at + ".chunk_grid: not the regular grid");
  array.chunk_shape =
      zarr_extents(zarr_member(grid, "configuration", at + ".chunk_grid"), "chunk_shape",
                   at + ".chunk_grid.configuration", array.shape.size());
  const nlohmann::json& keys = zarr_member(zarr_json, "chunk_key_encoding", at);
  if (zarr_string(keys, "name", at + ".chunk_key_encoding") != "default" ||
      (keys.contains("configuration") &&
       zarr_string(keys["configuration"], "separator", at + ".chunk_key_encoding") != "/"))
    throw StoreFormatError(at + ".chunk_key_encoding: not the default encoding with \"/\"");

  // The family's subset of codecs first: a chain outside it is named as such (the metadata check
  // would refuse a chain without its bytes codec in the core spec's words).
  check_element_codecs(element_codecs_of(zarr_json), "codecs");
  const FillValueCheck check = validate_store_metadata(zarr_json);
  if (!check.valid) throw StoreFormatError(at + ": invalid metadata: " + check.message);
  array.array_type = &parse_data_type_metadata(zarr_json["data_type"]);
  array.fill_bits = parse_scalar(*array.array_type, zarr_json["fill_value"]);
  const nlohmann::json& codecs = zarr_json["codecs"];
  if (is_sharded(codecs)) array.sharding = sharding_layout(codecs[0], array.chunk_shape);
  array.big_endian = chain_byte_order(element_codecs_of(zarr_json),
                                      array.sharding ? "codecs[0].configuration.codecs" : "codecs");
  array.chain = element_chain(*array.array_type, element_codecs_of(zarr_json));
  array.stored_type = &array.chain.output_type();
  return array;
}

std::uint64_t element_count(const Extents& extents) {
  const std::optional<std::uint64_t> count = checked_extent_product(extents);
  if (!count) throw StoreFormatError("an extent product of 2^64 elements or more");
  return *count;
}

Extents grid_extents(const Extents& shape, const Extents& chunk) {
  Extents grid(shape.size());
  for (std::size_t d = 0; d < shape.size(); ++d) grid[d] = (shape[d] + chunk[d] - 1) / chunk[d];
  return grid;
}

void for_each_position(const Extents& extents, const std::function<void(const Extents&)>& visit) {
  if (element_count(extents) == 0) return;
  Extents position(extents.size(), 0);
  while (true) {
    visit(position);
    std::size_t d = extents.size();
    while (d > 0 && ++position[d - 1] == extents[d - 1]) position[--d] = 0;
    if (d == 0) return;
  }
}

std::uint64_t flat_index(const Extents& extents, const Extents& position) {
  std::uint64_t index = 0;
  for (std::size_t d = 0; d < extents.size(); ++d) index = index * extents[d] + position[d];
  return index;
}

std::string chunk_key(const Extents& chunk_position) {
  std::string key = "c";
  for (const std::uint64_t index : chunk_position) key += "/" + std::to_string(index);
  return key;
}

std::optional<Extents> chunk_position_of(const Extents& shape, const Extents& chunk,
                                         std::string_view key) {
  if (!key.starts_with("c/")) return std::nullopt;
  const Extents grid = grid_extents(shape, chunk);
  Extents position;
  for (std::string_view rest = key.substr(1); !rest.empty();) {
    rest.remove_prefix(1);  // the "/"
    const std::string_view digits = rest.substr(0, rest.find('/'));
    if (digits.empty() || digits.size() > 18 ||
        digits.find_first_not_of("0123456789") != std::string_view::npos ||
        position.size() == grid.size())
      return std::nullopt;
    position.push_back(std::stoull(std::string(digits)));
    if (position.back() >= grid[position.size() - 1]) return std::nullopt;
    rest.remove_prefix(digits.size());
  }
  if (position.size() != grid.size() || chunk_key(position) != key) return std::nullopt;
  return position;
}

}  // namespace cvc
