#include "oracle/codec_metadata.hpp"

#include <array>
#include <optional>
#include <string_view>
#include <utility>

#include "oracle/cast.hpp"
#include "oracle/codec_keys.hpp"
#include "oracle/data_type.hpp"
#include "oracle/exact_value.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/metadata_json.hpp"
#include "oracle/scalar_json.hpp"

namespace cvc {
namespace {

using json = nlohmann::json;

Rounding parse_rounding_value(const json& value, const std::string& path) {
  std::string allowed;
  for (int i = 0; i < kRoundingCount; ++i)
    allowed += (i == 0 ? "" : ", ") + quote(rounding_name(static_cast<Rounding>(i)));
  if (!value.is_string())
    throw MetadataError(path, "must be a string, one of " + allowed + "; got " +
                                  describe_type_of(value) + " " + show(value));
  const std::optional<Rounding> rounding = parse_rounding(value.get<std::string>());
  if (!rounding)
    throw MetadataError(path, show(value) + " is not a rounding mode; permitted: " + allowed);
  return *rounding;
}

OutOfRange parse_out_of_range_value(const json& value, const std::string& path,
                                    const DataType& data_type, const std::string& data_type_path) {
  const std::string allowed = "\"clamp\", \"wrap\" (or leave the key out)";
  if (!value.is_string())
    throw MetadataError(path, "must be a string, one of " + allowed + "; got " +
                                  describe_type_of(value) + " " + show(value));
  const std::optional<OutOfRange> rule = parse_out_of_range(value.get<std::string>());
  if (!rule)
    throw MetadataError(path, show(value) + " is not an out_of_range rule; permitted: " + allowed);
  if (*rule == OutOfRange::Wrap && !data_type.is_integer())
    throw MetadataError(path, "\"wrap\" requires an integral data_type, but " + data_type_path +
                                  " is " + std::string(data_type.name) +
                                  " (cast_value.md, out_of_range: wrap is only permitted when "
                                  "data_type is an integral type)");
  return *rule;
}

// scalar_map.encode or scalar_map.decode: [[input, output], ...].
std::vector<ScalarMapEntry> parse_map_entries(const json& value, const std::string& path,
                                              const DataType& input, const DataType& output,
                                              std::string_view direction,
                                              const Readings& readings) {
  if (!value.is_array())
    throw MetadataError(path, "must be an array of [input, output] pairs; got " +
                                  describe_type_of(value) + " " + show(value));
  std::vector<ScalarMapEntry> entries;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const json& entry = value[i];
    const std::string entry_path = index_path(path, i);
    if (!entry.is_array() || entry.size() != 2)
      throw MetadataError(
          entry_path,
          "each entry must be a 2-element array [input, output]; got " +
              (entry.is_array() ? "an array of " + std::to_string(entry.size()) + " elements"
                                : describe_type_of(entry)) +
              " " + show(entry));
    ScalarMapEntry parsed{};
    for (int side = 0; side < 2; ++side) {
      const DataType& type = side == 0 ? input : output;
      const std::string role = std::string("in a scalar_map.") + std::string(direction) +
                               " entry the " +
                               (side == 0 ? "key (first element)" : "value (second element)") +
                               " has type " + std::string(type.name);
      try {
        const std::uint64_t bits =
            parse_scalar(type, entry[static_cast<std::size_t>(side)], readings);
        (side == 0 ? parsed.input_bits : parsed.output_bits) = bits;
      } catch (const ScalarError& error) {
        throw MetadataError(index_path(entry_path, static_cast<std::size_t>(side)),
                            std::string(error.what()) + "; " + role);
      }
    }
    entries.push_back(parsed);
  }
  return entries;
}

CastValueCodec parse_configuration_at(const DataType& array_type, const json& configuration,
                                      const std::string& path, const Readings& readings) {
  if (!configuration.is_object())
    throw MetadataError(path, "the cast_value configuration must be a JSON object; got " +
                                  describe_type_of(configuration) + " " + show(configuration));
  reject_unknown_keys(configuration, path, kConfigurationKeys, "the cast_value configuration");
  CastValueCodec codec;
  codec.array_type = &array_type;
  const std::string data_type_path = join_path(path, "data_type");
  const json* data_type = find_key(configuration, "data_type");
  if (data_type == nullptr)
    throw MetadataError(data_type_path, "missing (required: the target data type)");
  codec.data_type = &parse_data_type_metadata(*data_type, data_type_path);
  if (const json* rounding = find_key(configuration, "rounding"))
    codec.rounding = parse_rounding_value(*rounding, join_path(path, "rounding"));
  if (const json* rule = find_key(configuration, "out_of_range"))
    codec.out_of_range = parse_out_of_range_value(*rule, join_path(path, "out_of_range"),
                                                  *codec.data_type, data_type_path);
  if (const json* map = find_key(configuration, "scalar_map")) {
    const std::string map_path = join_path(path, "scalar_map");
    if (!map->is_object())
      throw MetadataError(map_path,
                          "must be a JSON object with optional arrays \"encode\" and "
                          "\"decode\"; got " +
                              describe_type_of(*map) + " " + show(*map));
    reject_unknown_keys(*map, map_path, kScalarMapKeys, "scalar_map");
    if (const json* encode = find_key(*map, "encode"))
      codec.encode = parse_map_entries(*encode, join_path(map_path, "encode"), array_type,
                                       *codec.data_type, "encode", readings);
    if (const json* decode = find_key(*map, "decode"))
      codec.decode = parse_map_entries(*decode, join_path(map_path, "decode"), *codec.data_type,
                                       array_type, "decode", readings);
  }
  return codec;
}

CastValueCodec parse_codec_at(const DataType& array_type, const json& codec,
                              const std::string& path, const Readings& readings) {
  if (!codec.is_object())
    throw MetadataError(path,
                        "codec metadata must be a JSON object {\"name\": \"cast_value\", "
                        "\"configuration\": {...}}; got " +
                            describe_type_of(codec) + " " + show(codec));
  reject_unknown_keys(codec, path, kCodecKeys, "codec metadata");
  const json* name = find_key(codec, "name");
  if (name == nullptr) throw MetadataError(join_path(path, "name"), "missing (required)");
  if (!name->is_string() || name->get<std::string>() != "cast_value")
    throw MetadataError(join_path(path, "name"),
                        "must be the string \"cast_value\"; got " + show(*name));
  const json* configuration = find_key(codec, "configuration");
  if (configuration == nullptr)
    throw MetadataError(join_path(path, "configuration"), "missing (required)");
  return parse_configuration_at(array_type, *configuration, join_path(path, "configuration"),
                                readings);
}

}  // namespace

MetadataError::MetadataError(std::string path, std::string reason)
    : std::runtime_error(path.empty() ? reason : path + ": " + reason),
      path_(std::move(path)),
      reason_(std::move(reason)) {}

CastRule CastValueCodec::encode_rule() const {
  return CastRule{array_type, data_type, rounding, out_of_range, encode};
}

CastRule CastValueCodec::decode_rule() const {
  return CastRule{data_type, array_type, rounding, out_of_range, decode};
}

const DataType& parse_data_type_metadata(const json& value, const std::string& path) {
  std::string name;
  std::string name_path = path;
  if (value.is_string()) {
    name = value.get<std::string>();
  } else if (value.is_object()) {
    reject_unknown_keys(value, path, std::array<std::string_view, 2>{"name", "configuration"},
                        "data type metadata");
    const json* name_value = find_key(value, "name");
    name_path = join_path(path, "name");
    if (name_value == nullptr) throw MetadataError(name_path, "missing (required)");
    if (!name_value->is_string())
      throw MetadataError(name_path, "must be a string; got " + describe_type_of(*name_value) +
                                         " " + show(*name_value));
    name = name_value->get<std::string>();
    if (const json* configuration = find_key(value, "configuration")) {
      if (!configuration->is_object() || !configuration->empty())
        throw MetadataError(join_path(path, "configuration"),
                            "the data type " + quote(name) +
                                " takes no configuration (only an empty object is allowed); got " +
                                show(*configuration));
    }
  } else {
    throw MetadataError(path, "must be a data type name string or an object {\"name\": ...}; got " +
                                  describe_type_of(value) + " " + show(value));
  }
  const DataType* type = find_data_type(name);
  if (type == nullptr)
    throw MetadataError(name_path,
                        quote(name) + " is not a data type cast_value supports (only the " +
                            std::to_string(kDataTypeCount) +
                            " integer and floating-point types listed in cast_value.md model "
                            "real numbers)");
  return *type;
}

CastValueCodec parse_cast_value_codec(const DataType& array_type, const json& codec,
                                      const Readings& readings) {
  return parse_codec_at(array_type, codec, "", readings);
}

CastValueCodec parse_cast_value_codec(const DataType& array_type, const json& codec,
                                      const std::string& path, const Readings& readings) {
  return parse_codec_at(array_type, codec, path, readings);
}

CastValueCodec parse_cast_value_configuration(const DataType& array_type, const json& configuration,
                                              const Readings& readings) {
  return parse_configuration_at(array_type, configuration, "", readings);
}

}  // namespace cvc
