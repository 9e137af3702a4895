#include "oracle/codec_chain.hpp"

#include <array>
#include <utility>

#include "oracle/exact_value.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/metadata_json.hpp"
#include "oracle/scalar_json.hpp"

namespace cvc {
namespace {

using json = nlohmann::json;

constexpr std::string_view kScaleOffset = "scale_offset";
constexpr std::string_view kFixedScaleOffset = "numcodecs.fixedscaleoffset";

// --- scale_offset (scale_offset.md, "Codec metadata") --------------------------------------------

// offset or scale: "MUST be encoded to JSON using the Zarr V3 fill value encoding for the input
// array's data type", i.e. the type reaching the codec.
std::uint64_t parse_operand(const DataType& type, const json& value, const std::string& path,
                            std::string_view role, const Readings& readings) {
  try {
    return parse_scalar(type, value, readings);
  } catch (const ScalarError& error) {
    throw MetadataError(path, std::string(error.what()) + "; the " + std::string(role) +
                                  " is a scalar of " + std::string(type.name) +
                                  ", the data type reaching the codec (scale_offset.md: the fill "
                                  "value encoding of the input array's data type)");
  }
}

// ScaleZero: decoding divides by the scale.
void check_scale_not_zero(const DataType& type, std::uint64_t scale, const std::string& path,
                          const Readings& readings) {
  if (readings[Flag::ScaleZero] == kScaleZeroValid || !decode_exact(type, scale).is_zero()) return;
  throw MetadataError(path,
                      "scale 0: decoding computes in / scale, so no element could be decoded "
                      "(reading ScaleZero default; the alternative valid accepts the "
                      "configuration and fails every decode)");
}

ScaleOffsetCodec parse_scale_offset(const DataType& type, const json& codec,
                                    const std::string& path, const Readings& readings) {
  ScaleOffsetCodec parsed;
  parsed.type = &type;
  if (codec.is_string()) return parsed;  // a bare name: no configuration, "effectively a no-op"
  reject_unknown_keys(codec, path, std::array<std::string_view, 2>{"name", "configuration"},
                      "codec metadata", "scale_offset.md");
  const json* configuration = find_key(codec, "configuration");
  if (configuration == nullptr) return parsed;  // "the entire configuration field may be omitted"
  const std::string config_path = join_path(path, "configuration");
  if (!configuration->is_object())
    throw MetadataError(config_path, "the scale_offset configuration must be a JSON object; got " +
                                         describe_type_of(*configuration) + " " +
                                         show(*configuration));
  reject_unknown_keys(*configuration, config_path,
                      std::array<std::string_view, 2>{"offset", "scale"},
                      "the scale_offset configuration", "scale_offset.md");
  if (const json* offset = find_key(*configuration, "offset"))
    parsed.offset =
        parse_operand(type, *offset, join_path(config_path, "offset"), "offset", readings);
  if (const json* scale = find_key(*configuration, "scale")) {
    const std::string scale_path = join_path(config_path, "scale");
    parsed.scale = parse_operand(type, *scale, scale_path, "scale", readings);
    check_scale_not_zero(type, *parsed.scale, scale_path, readings);
  }
  return parsed;
}

// --- numcodecs.fixedscaleoffset (scale_offset.md, "Legacy numcodecs.fixedscaleoffset codec") ----

// "Zarr V2 data type metadata": a NumPy type string ("<f4", "|u1", ">i8"; the byte order does not
// change a value) or, as in the spec's own conversion example ("astype": "uint8"), a type name.
const DataType& parse_v2_data_type(const json& value, const std::string& path) {
  if (!value.is_string())
    throw MetadataError(path,
                        "must be Zarr V2 data type metadata (a string such as \"<f4\" or "
                        "\"uint8\"); got " +
                            describe_type_of(value) + " " + show(value));
  const std::string text = value.get<std::string>();
  if (const DataType* named = find_data_type(text)) return *named;
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 11> kTypeStrings = {{
      {"i1", "int8"},
      {"i2", "int16"},
      {"i4", "int32"},
      {"i8", "int64"},
      {"u1", "uint8"},
      {"u2", "uint16"},
      {"u4", "uint32"},
      {"u8", "uint64"},
      {"f2", "float16"},
      {"f4", "float32"},
      {"f8", "float64"},
  }};
  if (text.size() == 3 && (text[0] == '<' || text[0] == '>' || text[0] == '|' || text[0] == '='))
    for (const auto& [code, name] : kTypeStrings)
      if (text.substr(1) == code) return *find_data_type(name);
  throw MetadataError(path, show(value) +
                                " is not Zarr V2 data type metadata of a type cast_value supports "
                                "(a NumPy type string such as \"<f4\", \"|u1\", or a type name)");
}

// offset and scale of the alias: "This value MUST be a JSON number."
std::uint64_t parse_alias_number(const DataType& type, const json& configuration,
                                 const std::string& config_path, std::string_view key,
                                 const Readings& readings) {
  const std::string path = join_path(config_path, key);
  const json* value = find_key(configuration, key);
  if (value == nullptr) throw MetadataError(path, "missing (required)");
  if (!is_json_number(*value))
    throw MetadataError(path,
                        "must be a JSON number (scale_offset.md, numcodecs.fixedscaleoffset); "
                        "got " +
                            describe_type_of(*value) + " " + show(*value));
  return parse_operand(type, *value, path, key, readings);
}

// The two steps "Conversion to scale_offset" prescribes: scale_offset with the alias's scale and
// offset, then cast_value to astype, with out_of_range "wrap" for an integral astype.
void append_fixed_scale_offset(ArrayChain& chain, const json& codec, const std::string& path,
                               const Readings& readings) {
  const DataType& type = chain.output_type();
  if (!codec.is_object())
    throw MetadataError(path, "numcodecs.fixedscaleoffset requires a configuration");
  reject_unknown_keys(codec, path, std::array<std::string_view, 2>{"name", "configuration"},
                      "codec metadata", "scale_offset.md");
  const std::string config_path = join_path(path, "configuration");
  const json* configuration = find_key(codec, "configuration");
  if (configuration == nullptr) throw MetadataError(config_path, "missing (required)");
  if (!configuration->is_object())
    throw MetadataError(config_path, "must be a JSON object; got " +
                                         describe_type_of(*configuration) + " " +
                                         show(*configuration));
  reject_unknown_keys(*configuration, config_path,
                      std::array<std::string_view, 4>{"offset", "scale", "astype", "dtype"},
                      "the numcodecs.fixedscaleoffset configuration", "scale_offset.md");
  for (std::string_view key : {"astype", "dtype"})
    if (find_key(*configuration, key) == nullptr)
      throw MetadataError(join_path(config_path, key), "missing (required)");
  const DataType& dtype =
      parse_v2_data_type(*find_key(*configuration, "dtype"), join_path(config_path, "dtype"));
  if (&dtype != &type)
    throw MetadataError(join_path(config_path, "dtype"),
                        "says " + std::string(dtype.name) +
                            ", but the data type reaching the "
                            "codec is " +
                            std::string(type.name) +
                            " (dtype is the input of the encoding procedure)");
  const DataType& astype =
      parse_v2_data_type(*find_key(*configuration, "astype"), join_path(config_path, "astype"));
  ScaleOffsetCodec scale_offset;
  scale_offset.type = &type;
  scale_offset.offset = parse_alias_number(type, *configuration, config_path, "offset", readings);
  scale_offset.scale = parse_alias_number(type, *configuration, config_path, "scale", readings);
  check_scale_not_zero(type, *scale_offset.scale, join_path(config_path, "scale"), readings);
  CastValueCodec cast;
  cast.array_type = &type;
  cast.data_type = &astype;
  cast.out_of_range = astype.is_integer() ? OutOfRange::Wrap : OutOfRange::None;
  const std::string name(kFixedScaleOffset);
  chain.steps.push_back({path, name, scale_offset, &type, &type});
  chain.steps.push_back({path, name, std::move(cast), &type, &astype, /*alias_cast=*/true});
}

}  // namespace

CodecRole codec_role(std::string_view name) {
  if (name == "cast_value" || name == kScaleOffset || name == "transpose" ||
      name == kFixedScaleOffset)
    return CodecRole::ArrayToArray;
  if (name == "bytes" || name == "packbits") return CodecRole::ArrayToBytes;
  if (name == "sharding_indexed") return CodecRole::Sharding;
  return CodecRole::Unknown;
}

json with_implied_bytes_codec(const json& codecs) {
  if (!codecs.is_array()) return codecs;
  for (const json& codec : codecs) {
    const std::optional<std::string> name = codec_name(codec);
    const CodecRole role = name ? codec_role(*name) : CodecRole::Unknown;
    if (role == CodecRole::ArrayToBytes || role == CodecRole::Sharding) return codecs;
  }
  json whole = codecs;
  whole.push_back({{"name", "bytes"}, {"configuration", {{"endian", "little"}}}});
  return whole;
}

std::optional<std::string> codec_name(const json& codec) {
  if (codec.is_string()) return codec.get<std::string>();
  const json* name = codec.is_object() ? find_key(codec, "name") : nullptr;
  if (name != nullptr && name->is_string()) return name->get<std::string>();
  return std::nullopt;
}

void append_array_codec(ArrayChain& chain, const json& codec, const std::string& name,
                        const std::string& path, const Readings& readings) {
  const DataType& type = chain.output_type();
  if (name == "cast_value") {
    if (codec.is_string())
      throw MetadataError(path, "cast_value requires a configuration (data_type)");
    CastValueCodec cast = parse_cast_value_codec(type, codec, path, readings);
    const DataType* output = cast.data_type;
    chain.steps.push_back({path, name, std::move(cast), &type, output});
  } else if (name == kScaleOffset) {
    chain.steps.push_back(
        {path, name, parse_scale_offset(type, codec, path, readings), &type, &type});
  } else if (name == kFixedScaleOffset) {
    append_fixed_scale_offset(chain, codec, path, readings);
  } else if (name == "transpose") {
    chain.steps.push_back({path, name, TransposeCodec{}, &type, &type});
  } else {
    throw MetadataError(path, "unknown codec " + quote(name) +
                                  ": the array -> array codecs a chain may hold here are "
                                  "cast_value, scale_offset, transpose and "
                                  "numcodecs.fixedscaleoffset");
  }
}

ArrayChain parse_array_chain(const DataType& array_type, const json& codecs,
                             const Readings& readings) {
  if (!codecs.is_array())
    throw MetadataError("codecs", "must be an array of array -> array codec metadata; got " +
                                      describe_type_of(codecs) + " " + show(codecs));
  ArrayChain chain;
  chain.array_type = &array_type;
  for (std::size_t i = 0; i < codecs.size(); ++i) {
    const std::string path = index_path("codecs", i);
    const std::optional<std::string> name = codec_name(codecs[i]);
    if (!name)
      throw MetadataError(path,
                          "a codec must be a name string or an object with a string "
                          "\"name\"; got " +
                              show(codecs[i]));
    append_array_codec(chain, codecs[i], *name, path, readings);
  }
  return chain;
}

}  // namespace cvc
