#include "generators/metadata_family.hpp"

#include <deque>
#include <set>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "oracle/codec_metadata.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/readings.hpp"
#include "vector_format/vector_file.hpp"

namespace cvc {
namespace {

using json = nlohmann::json;

// One case of the table. JSON fields are text, parsed with exact numbers. `codecs` is either the
// whole chain (a JSON array) or, when it is a JSON object, a cast_value configuration that the
// generator places in the chain [{"name": "cast_value", "configuration": ...}, kBytesCodec].
// `intended` is the verdict the spec gives by our reading of it, `intended_flags` the reading flags
// (space-separated, in any order) some alternative of which changes that verdict; both are
// checked against the oracle, and generation fails on a disagreement.
struct MetadataCaseSpec {
  std::string_view category;
  std::string_view rule;
  std::string_view what;
  std::string_view array_data_type;
  std::string_view fill_value;
  std::string_view codecs;
  std::string_view intended;
  std::string_view intended_flags;
};

constexpr std::string_view kBytesCodec =
    R"({"name": "bytes", "configuration": {"endian": "little"}})";

// The groups, in file order; every case names one of them.
constexpr std::string_view kCategories[] = {
    "codec structure",
    "configuration keys",
    "data types",
    "rounding",
    "out_of_range",
    "scalar_map",
    "fill value round trip",
    "codec chain",
    "scalar forms",
    // Since vectors 1.2.0: cast_value where users meet it, in chains.
    "sharding",
    "scale_offset",
    "numcodecs.fixedscaleoffset",
    "seed fill table in chains",
};

// The spec's NumPy compatibility example (cast_value.md, "Example"), chain exactly as shown, and
// as it was before the change log entry that replaced "+Infinity" by "Infinity".
constexpr std::string_view kNumPyChain =
    R"([{"name": "cast_value", "configuration": {"data_type": "uint8", "rounding": "towards-zero",
        "out_of_range": "wrap", "scalar_map": {"encode": [["NaN", 0], ["Infinity", 0],
        ["-Infinity", 0]]}}}, "bytes"])";
constexpr std::string_view kNumPyChainBeforeFix =
    R"([{"name": "cast_value", "configuration": {"data_type": "uint8", "rounding": "towards-zero",
        "out_of_range": "wrap", "scalar_map": {"encode": [["NaN", 0], ["+Infinity", 0],
        ["-Infinity", 0]]}}}, "bytes"])";

// Chains of the 1.2.0 cases, as the specs show them.
constexpr std::string_view kShardedScaleOffsetClamp =
    R"([{"name": "sharding_indexed", "configuration": {"chunk_shape": [2], "codecs": [
        {"name": "scale_offset", "configuration": {"offset": 100}},
        {"name": "cast_value", "configuration": {"data_type": "uint16", "out_of_range": "clamp"}},
        "bytes"], "index_codecs": ["bytes"]}}])";
// scale_offset.md, "Uint16 range reduction".
constexpr std::string_view kUint16RangeReduction =
    R"([{"name": "scale_offset", "configuration": {"offset": 1000}},
        {"name": "cast_value", "configuration": {"data_type": "uint8"}}, "bytes"])";
// scale_offset.md, "Float64 to uint8 with NaN preservation".
constexpr std::string_view kFloat64NaNPreservation =
    R"([{"name": "scale_offset", "configuration": {"offset": -10, "scale": 0.1}},
        {"name": "cast_value", "configuration": {"data_type": "uint8", "rounding": "nearest-even",
         "scalar_map": {"encode": [["NaN", 0]], "decode": [[0, "NaN"]]}}}, "bytes"])";
// scale_offset.md, "Conversion example".
constexpr std::string_view kAliasExample =
    R"([{"name": "numcodecs.fixedscaleoffset", "configuration": {"astype": "uint8",
        "dtype": "float32", "scale": 0.1, "offset": 10}}, "bytes"])";

constexpr MetadataCaseSpec kCases[] = {
    // --- codec structure: the codec object (schema: required name and configuration, name const
    // "cast_value", no other keys).
    {"codec structure", "minimal_codec", "the smallest valid codec: name and data_type only",
     R"("float32")", "0", R"({"data_type": "int8"})", "valid", ""},
    {"codec structure", "missing_name", "a codec object without \"name\"", R"("float32")", "0",
     R"([{"configuration": {"data_type": "int8"}}, {"name": "bytes", "configuration": {"endian": "little"}}])",
     "invalid", ""},
    {"codec structure", "wrong_name", "the name is case-sensitive", R"("float32")", "0",
     R"([{"name": "Cast_Value", "configuration": {"data_type": "int8"}}, {"name": "bytes", "configuration": {"endian": "little"}}])",
     "invalid", ""},
    {"codec structure", "wrong_name", "the name is not a string", R"("float32")", "0",
     R"([{"name": 1, "configuration": {"data_type": "int8"}}, {"name": "bytes", "configuration": {"endian": "little"}}])",
     "invalid", ""},
    {"codec structure", "missing_configuration", "a codec object without \"configuration\"",
     R"("float32")", "0",
     R"([{"name": "cast_value"}, {"name": "bytes", "configuration": {"endian": "little"}}])",
     "invalid", ""},
    {"codec structure", "missing_configuration",
     "cast_value as a bare name string: it has a required configuration", R"("float32")", "0",
     R"(["cast_value", {"name": "bytes", "configuration": {"endian": "little"}}])", "invalid", ""},
    {"codec structure", "configuration_not_object", "the configuration is a string", R"("float32")",
     "0",
     R"([{"name": "cast_value", "configuration": "int8"}, {"name": "bytes", "configuration": {"endian": "little"}}])",
     "invalid", ""},
    {"codec structure", "configuration_not_object", "the configuration is wrapped in an array",
     R"("float32")", "0",
     R"([{"name": "cast_value", "configuration": [{"data_type": "int8"}]}, {"name": "bytes", "configuration": {"endian": "little"}}])",
     "invalid", ""},
    {"codec structure", "configuration_not_object", "the configuration is null", R"("float32")",
     "0",
     R"([{"name": "cast_value", "configuration": null}, {"name": "bytes", "configuration": {"endian": "little"}}])",
     "invalid", ""},
    {"codec structure", "unknown_codec_key", "an extra key next to name and configuration",
     R"("float32")", "0",
     R"([{"name": "cast_value", "configuration": {"data_type": "int8"}, "must_understand": false},
         {"name": "bytes", "configuration": {"endian": "little"}}])",
     "invalid", ""},
    {"codec structure", "codec_not_object", "a number in the codec chain", R"("float32")", "0",
     R"([42, {"name": "bytes", "configuration": {"endian": "little"}}])", "invalid", ""},

    // --- configuration keys (schema: data_type required; rounding, out_of_range, scalar_map
    // optional; "Metadata with additional keys MUST be treated as invalid").
    {"configuration keys", "missing_data_type", "an empty configuration", R"("float32")", "0",
     R"({})", "invalid", ""},
    {"configuration keys", "missing_data_type", "rounding and out_of_range but no data_type",
     R"("float32")", "0", R"({"rounding": "towards-zero", "out_of_range": "clamp"})", "invalid",
     ""},
    {"configuration keys", "unknown_configuration_key", "an extra key \"endian\"", R"("float32")",
     "0", R"({"data_type": "int8", "endian": "little"})", "invalid", ""},
    {"configuration keys", "unknown_configuration_key",
     "keys are case-sensitive: \"Rounding\" is unknown", R"("float32")", "0",
     R"({"data_type": "int8", "Rounding": "towards-zero"})", "invalid", ""},
    {"configuration keys", "all_configuration_keys", "every key of the configuration",
     R"("float32")", "0",
     R"({"data_type": "int8", "rounding": "nearest-away", "out_of_range": "clamp",
         "scalar_map": {"encode": [["NaN", 0]], "decode": []}})",
     "valid", ""},

    // --- data types (cast_value.md: only the 26 integer and floating-point types).
    {"data types", "data_type_object", "data_type as an object {\"name\": ...}", R"("float32")",
     "0", R"({"data_type": {"name": "int8"}})", "valid", ""},
    {"data types", "data_type_object", "data_type as an object with an empty configuration",
     R"("float32")", "0", R"({"data_type": {"name": "int8", "configuration": {}}})", "valid", ""},
    {"data types", "data_type_configuration",
     "data_type as an object with a configuration int8 does not take", R"("float32")", "0",
     R"({"data_type": {"name": "int8", "configuration": {"endian": "little"}}})", "invalid", ""},
    {"data types", "data_type_not_string_or_object", "data_type is a number", R"("float32")", "0",
     R"({"data_type": 8})", "invalid", ""},
    {"data types", "unsupported_data_type", "data_type bool", R"("float32")", "0",
     R"({"data_type": "bool"})", "invalid", ""},
    {"data types", "unsupported_data_type", "data_type complex64", R"("float32")", "0",
     R"({"data_type": "complex64"})", "invalid", ""},
    {"data types", "unsupported_data_type", "data_type r16 (raw bits)", R"("float32")", "0",
     R"({"data_type": "r16"})", "invalid", ""},
    {"data types", "unsupported_data_type", "data_type names no type (names are case-sensitive)",
     R"("float32")", "0", R"({"data_type": "UINT8"})", "invalid", ""},
    {"data types", "unsupported_data_type", "data_type names no type", R"("float32")", "0",
     R"({"data_type": "int3"})", "invalid", ""},
    {"data types", "unsupported_array_data_type", "array data type bool", R"("bool")", "false",
     R"({"data_type": "int8"})", "invalid", ""},
    {"data types", "unsupported_array_data_type", "array data type complex64", R"("complex64")",
     "[0.0, 0.0]", R"({"data_type": "float32"})", "invalid", ""},
    {"data types", "unsupported_array_data_type", "array data type r16", R"("r16")", "[0, 0]",
     R"({"data_type": "uint16"})", "invalid", ""},
    {"data types", "unsupported_array_data_type", "array data type names no type", R"("float8")",
     "0", R"({"data_type": "float16"})", "invalid", ""},
    {"data types", "array_data_type_object", "the array data type as an object",
     R"({"name": "float32"})", "0", R"({"data_type": "int8"})", "valid", ""},
    {"data types", "sub_byte_types", "int4 array through float4_e2m1fn, fill 3 (exact in both)",
     R"("int4")", "3", R"({"data_type": "float4_e2m1fn"})", "valid", ""},
    {"data types", "extension_types", "bfloat16 array through float8_e8m0fnu, fill 0.5",
     R"("bfloat16")", "0.5", R"({"data_type": "float8_e8m0fnu"})", "valid", ""},

    // --- rounding (five permitted strings).
    {"rounding", "rounding_value", "nearest-even", R"("float32")", "0",
     R"({"data_type": "int8", "rounding": "nearest-even"})", "valid", ""},
    {"rounding", "rounding_value", "towards-zero", R"("float32")", "0",
     R"({"data_type": "int8", "rounding": "towards-zero"})", "valid", ""},
    {"rounding", "rounding_value", "towards-positive", R"("float32")", "0",
     R"({"data_type": "int8", "rounding": "towards-positive"})", "valid", ""},
    {"rounding", "rounding_value", "towards-negative", R"("float32")", "0",
     R"({"data_type": "int8", "rounding": "towards-negative"})", "valid", ""},
    {"rounding", "rounding_value", "nearest-away", R"("float32")", "0",
     R"({"data_type": "int8", "rounding": "nearest-away"})", "valid", ""},
    {"rounding", "bad_rounding", "a rounding mode the spec does not list", R"("float32")", "0",
     R"({"data_type": "int8", "rounding": "nearest"})", "invalid", ""},
    {"rounding", "bad_rounding", "underscore instead of hyphen", R"("float32")", "0",
     R"({"data_type": "int8", "rounding": "towards_zero"})", "invalid", ""},
    {"rounding", "rounding_not_string", "rounding is a number", R"("float32")", "0",
     R"({"data_type": "int8", "rounding": 0})", "invalid", ""},
    {"rounding", "rounding_not_string", "rounding is null", R"("float32")", "0",
     R"({"data_type": "int8", "rounding": null})", "invalid", ""},

    // --- out_of_range ("clamp", "wrap"; wrap only with an integral data_type).
    {"out_of_range", "out_of_range_value", "clamp", R"("float32")", "0",
     R"({"data_type": "int8", "out_of_range": "clamp"})", "valid", ""},
    {"out_of_range", "wrap_integer_data_type", "wrap with a signed integer data_type",
     R"("float32")", "0", R"({"data_type": "int8", "out_of_range": "wrap"})", "valid", ""},
    {"out_of_range", "wrap_integer_data_type",
     "wrap with an unsigned integer data_type (as in the spec's NumPy example)", R"("float64")",
     "0", R"({"data_type": "uint8", "out_of_range": "wrap"})", "valid", ""},
    {"out_of_range", "wrap_float_data_type", "wrap with a float data_type", R"("float64")", "0",
     R"({"data_type": "float32", "out_of_range": "wrap"})", "invalid", ""},
    {"out_of_range", "wrap_float_data_type", "wrap with a float data_type, integer array",
     R"("int32")", "0", R"({"data_type": "float16", "out_of_range": "wrap"})", "invalid", ""},
    {"out_of_range", "wrap_float_array_type",
     "wrap with an integer data_type and a float array: permitted (only data_type counts)",
     R"("float16")", "0", R"({"data_type": "int32", "out_of_range": "wrap"})", "valid", ""},
    {"out_of_range", "bad_out_of_range", "an out_of_range rule the spec does not list",
     R"("float32")", "0", R"({"data_type": "int8", "out_of_range": "saturate"})", "invalid", ""},
    {"out_of_range", "bad_out_of_range", "\"none\" is not a rule (leave the key out instead)",
     R"("float32")", "0", R"({"data_type": "int8", "out_of_range": "none"})", "invalid", ""},
    {"out_of_range", "out_of_range_not_string", "out_of_range is a boolean", R"("float32")", "0",
     R"({"data_type": "int8", "out_of_range": true})", "invalid", ""},
    {"out_of_range", "out_of_range_not_string", "out_of_range is null", R"("float32")", "0",
     R"({"data_type": "int8", "out_of_range": null})", "invalid", ""},

    // --- scalar_map (an object with optional arrays encode and decode of [input, output] pairs,
    // in the fill value encoding of their types).
    {"scalar_map", "scalar_map_empty", "an empty scalar_map", R"("float32")", "0",
     R"({"data_type": "int8", "scalar_map": {}})", "valid", ""},
    {"scalar_map", "scalar_map_empty", "empty encode and decode arrays", R"("float32")", "0",
     R"({"data_type": "int8", "scalar_map": {"encode": [], "decode": []}})", "valid", ""},
    {"scalar_map", "scalar_map_not_object", "scalar_map is an array", R"("float32")", "0",
     R"({"data_type": "int8", "scalar_map": []})", "invalid", ""},
    {"scalar_map", "scalar_map_not_object", "scalar_map is the list of pairs itself",
     R"("float32")", "0", R"({"data_type": "int8", "scalar_map": [["NaN", 0]]})", "invalid", ""},
    {"scalar_map", "unknown_scalar_map_key", "an extra key in scalar_map", R"("float32")", "0",
     R"({"data_type": "int8", "scalar_map": {"encode": [], "both": []}})", "invalid", ""},
    {"scalar_map", "unknown_scalar_map_key", "keys are case-sensitive: \"Encode\"", R"("float32")",
     "0", R"({"data_type": "int8", "scalar_map": {"Encode": [["NaN", 0]]}})", "invalid", ""},
    {"scalar_map", "map_not_array", "encode is an object", R"("float32")", "0",
     R"({"data_type": "int8", "scalar_map": {"encode": {"NaN": 0}}})", "invalid", ""},
    {"scalar_map", "map_not_array", "decode is a string", R"("float32")", "0",
     R"({"data_type": "int8", "scalar_map": {"decode": "NaN"}})", "invalid", ""},
    {"scalar_map", "entry_not_pair", "an entry of one element", R"("float32")", "0",
     R"({"data_type": "int8", "scalar_map": {"encode": [["NaN"]]}})", "invalid", ""},
    {"scalar_map", "entry_not_pair", "an entry of three elements", R"("float32")", "0",
     R"({"data_type": "int8", "scalar_map": {"encode": [["NaN", 0, 0]]}})", "invalid", ""},
    {"scalar_map", "entry_not_pair", "an entry that is not an array", R"("float32")", "0",
     R"({"data_type": "int8", "scalar_map": {"encode": ["NaN"]}})", "invalid", ""},
    {"scalar_map", "entry_not_pair", "an empty entry", R"("float32")", "0",
     R"({"data_type": "int8", "scalar_map": {"decode": [[]]}})", "invalid", ""},
    {"scalar_map", "invalid_key", "\"nan\" is not the fill value encoding of NaN", R"("float32")",
     "0", R"({"data_type": "int8", "scalar_map": {"encode": [["nan", 0]]}})", "invalid", ""},
    {"scalar_map", "invalid_key", "a null key", R"("float32")", "0",
     R"({"data_type": "int8", "scalar_map": {"encode": [[null, 0]]}})", "invalid", ""},
    {"scalar_map", "invalid_key", "a fraction as a key of an integer array type", R"("int16")", "0",
     R"({"data_type": "int8", "scalar_map": {"encode": [[1.5, 1]]}})", "invalid", ""},
    {"scalar_map", "invalid_key", "a string as a key of an integer array type", R"("int16")", "0",
     R"({"data_type": "int8", "scalar_map": {"encode": [["1", 1]]}})", "invalid", ""},
    {"scalar_map", "value_out_of_range", "300 as a value of int8", R"("float32")", "0",
     R"({"data_type": "int8", "scalar_map": {"encode": [["NaN", 300]]}})", "invalid", ""},
    {"scalar_map", "value_out_of_range", "-1 as a value of uint8", R"("float32")", "0",
     R"({"data_type": "uint8", "scalar_map": {"encode": [["NaN", -1]]}})", "invalid", ""},
    {"scalar_map", "value_out_of_range",
     "1000 as a value of float8_e4m3fnuz (largest 240, no infinity)", R"("float32")", "0",
     R"({"data_type": "float8_e4m3fnuz", "scalar_map": {"encode": [[1, 1000]]}})", "invalid", ""},
    {"scalar_map", "float_json_overflow", "70000 as a value of float16 (rounds beyond 65504)",
     R"("float32")", "0", R"({"data_type": "float16", "scalar_map": {"encode": [[1, 70000]]}})",
     "invalid", "FloatJSONOverflow"},
    {"scalar_map", "float_json_overflow", "1e400 as a value of float64", R"("int32")", "0",
     R"({"data_type": "float64", "scalar_map": {"encode": [[5, 1e400]]}})", "invalid",
     "FloatJSONOverflow"},
    {"scalar_map", "integer_json", "1.0 as a value of int8", R"("float32")", "0",
     R"({"data_type": "int8", "scalar_map": {"encode": [["NaN", 1.0]]}})", "invalid",
     "IntegerJSON"},
    {"scalar_map", "hex_width", "\"0x1ff\" as a key of float8_e4m3 (9 bits)", R"("float8_e4m3")",
     "0", R"({"data_type": "float16", "scalar_map": {"encode": [["0x1ff", 0.0]]}})", "invalid",
     "HexWidth"},
    {"scalar_map", "plus_infinity",
     "the spec's NumPy example as it was before its change log fix (\"+Infinity\")", R"("float64")",
     "0", kNumPyChainBeforeFix, "invalid", "PlusInfinity"},
    {"scalar_map", "decode_swapped_types",
     "decode entries written as encode entries: the key \"NaN\" is not an int8", R"("float32")",
     "0", R"({"data_type": "int8", "scalar_map": {"decode": [["NaN", -128]]}})", "invalid", ""},
    {"scalar_map", "encode_swapped_types",
     "encode entries written as decode entries: the value \"NaN\" is not an int8", R"("float32")",
     "0", R"({"data_type": "int8", "scalar_map": {"encode": [[-128, "NaN"]]}})", "invalid", ""},
    {"scalar_map", "decode_types", "a decode entry [int8, float32]", R"("float32")", "0",
     R"({"data_type": "int8", "scalar_map": {"encode": [["NaN", -128]], "decode": [[-128, "NaN"]]}})",
     "valid", ""},
    {"scalar_map", "duplicate_keys", "a repeated key (readers use the first occurrence)",
     R"("float32")", "0",
     R"({"data_type": "int8", "scalar_map": {"encode": [["NaN", 0], ["NaN", 1]]}})", "valid", ""},

    // --- fill value round trip (cast_value.md, data_type: "If the fill value cannot survive a
    // round-trip cast, implementations MUST treat this as an error").
    {"fill value round trip", "fill_round_trip", "0.1 through float16 comes back 0.0999755859375",
     R"("float32")", "0.1", R"({"data_type": "float16"})", "invalid", ""},
    {"fill value round trip", "fill_round_trip", "0.5 is exact in float16", R"("float32")", "0.5",
     R"({"data_type": "float16"})", "valid", ""},
    {"fill value round trip", "fill_negative_zero", "-0.0 through int8 comes back +0.0",
     R"("float32")", "-0.0", R"({"data_type": "int8"})", "invalid", "FillRoundTrip"},
    {"fill value round trip", "fill_negative_zero", "-0.0 through float16 keeps its sign",
     R"("float32")", "-0.0", R"({"data_type": "float16"})", "valid", ""},
    {"fill value round trip", "fill_nan", "NaN through float16", R"("float32")", R"("NaN")",
     R"({"data_type": "float16"})", "valid", ""},
    {"fill value round trip", "fill_nan_payload",
     "a NaN with a payload through float16 comes back as the canonical NaN", R"("float32")",
     R"("0x7fc00001")", R"({"data_type": "float16"})", "valid", "FillRoundTrip"},
    {"fill value round trip", "fill_nan_not_representable", "NaN into int8 (no NaN, no map)",
     R"("float32")", R"("NaN")", R"({"data_type": "int8"})", "invalid", ""},
    {"fill value round trip", "fill_nan_non_ieee", "NaN through float8_e4m3fnuz (NaN at 0x80)",
     R"("float32")", R"("NaN")", R"({"data_type": "float8_e4m3fnuz"})", "valid", "NaNNonIEEE"},
    {"fill value round trip", "fill_infinity", "Infinity through float16", R"("float32")",
     R"("Infinity")", R"({"data_type": "float16"})", "valid", ""},
    {"fill value round trip", "fill_infinity_not_representable",
     "Infinity into float8_e4m3fnuz under clamp (no infinity)", R"("float32")", R"("Infinity")",
     R"({"data_type": "float8_e4m3fnuz", "out_of_range": "clamp"})", "invalid", ""},
    {"fill value round trip", "fill_out_of_range", "300 into int8, out_of_range absent",
     R"("uint16")", "300", R"({"data_type": "int8"})", "invalid", ""},
    {"fill value round trip", "fill_out_of_range", "300 into int8 clamps to 127", R"("uint16")",
     "300", R"({"data_type": "int8", "out_of_range": "clamp"})", "invalid", ""},
    {"fill value round trip", "fill_out_of_range", "300 into int8 wraps to 44", R"("uint16")",
     "300", R"({"data_type": "int8", "out_of_range": "wrap"})", "invalid", ""},
    {"fill value round trip", "fill_round_trip", "100 is exact in int8", R"("uint16")", "100",
     R"({"data_type": "int8"})", "valid", ""},
    {"fill value round trip", "fill_round_trip", "3.0 into float8_e8m0fnu rounds to 4",
     R"("float32")", "3.0", R"({"data_type": "float8_e8m0fnu"})", "invalid", ""},
    {"fill value round trip", "fill_round_trip", "0 into float8_e8m0fnu (no zero)", R"("float32")",
     "0", R"({"data_type": "float8_e8m0fnu"})", "invalid", ""},
    {"fill value round trip", "fill_round_trip", "1 through float8_e8m0fnu", R"("float32")", "1",
     R"({"data_type": "float8_e8m0fnu"})", "valid", ""},
    {"fill value round trip", "fill_round_trip", "2.5 into int8 rounds to 2 (nearest-even)",
     R"("float32")", "2.5", R"({"data_type": "int8"})", "invalid", ""},
    {"fill value round trip", "decode_map_breaks_round_trip",
     "1.0 encodes to 1, which the decode map sends to 2.0", R"("float32")", "1.0",
     R"({"data_type": "int8", "scalar_map": {"decode": [[1, 2.0]]}})", "invalid", ""},
    {"fill value round trip", "map_rescues_round_trip",
     "-0.0 kept by an encode map from key 0 and a decode map back to -0.0", R"("float32")", "-0.0",
     R"({"data_type": "int8", "scalar_map": {"encode": [[0, 5]], "decode": [[5, -0.0]]}})", "valid",
     "MapSignedZero"},
    {"fill value round trip", "map_rescues_round_trip",
     "a NaN with a payload kept by the maps NaN -> -1 -> NaN", R"("float32")", R"("0x7fc00001")",
     R"({"data_type": "int8", "scalar_map": {"encode": [["NaN", -1]], "decode": [[-1, "NaN"]]}})",
     "valid", "MapNaNPayload FillRoundTrip"},
    {"fill value round trip", "numpy_example", "the spec's NumPy example with fill value 0",
     R"("float64")", "0", kNumPyChain, "valid", ""},
    {"fill value round trip", "numpy_example",
     "the spec's NumPy example with fill value NaN: NaN maps to 0, which comes back 0.0",
     R"("float64")", R"("NaN")", kNumPyChain, "invalid", ""},
    {"fill value round trip", "numpy_example",
     "the spec's NumPy example with fill value -1: wraps to 255", R"("float64")", "-1", kNumPyChain,
     "invalid", ""},
    {"fill value round trip", "fill_value_invalid", "\"NaN\" is not an int8 fill value",
     R"("int8")", R"("NaN")", R"({"data_type": "int16"})", "invalid", ""},
    {"fill value round trip", "fill_value_invalid", "null is not a fill value", R"("float32")",
     "null", R"({"data_type": "float16"})", "invalid", ""},
    {"fill value round trip", "fill_integer_json", "fill value 1.0 for an int8 array", R"("int8")",
     "1.0", R"({"data_type": "int16"})", "invalid", "IntegerJSON"},
    {"fill value round trip", "fill_float_json_overflow", "fill value 1e400 for a float64 array",
     R"("float64")", "1e400", R"({"data_type": "float32"})", "invalid", "FloatJSONOverflow"},
    {"fill value round trip", "fill_hex_width", "fill value \"0x1ff\" for a float8_e4m3 array",
     R"("float8_e4m3")", R"("0x1ff")", R"({"data_type": "float16"})", "invalid", "HexWidth"},
    {"fill value round trip", "fill_plus_infinity", "fill value \"+Infinity\"", R"("float32")",
     R"("+Infinity")", R"({"data_type": "float16"})", "invalid", "PlusInfinity"},

    // --- codec chain (where cast_value may stand, and the types along the chain).
    {"codec chain", "two_cast_codecs", "float64 -> float32 -> float16 with fill 1.5",
     R"("float64")", "1.5",
     R"([{"name": "cast_value", "configuration": {"data_type": "float32"}},
         {"name": "cast_value", "configuration": {"data_type": "float16"}},
         {"name": "bytes", "configuration": {"endian": "little"}}])",
     "valid", ""},
    {"codec chain", "two_cast_codecs",
     "float64 -> float32 -> float16 with fill 1e-8 (rounds to 0 in float16)", R"("float64")",
     "1e-8",
     R"([{"name": "cast_value", "configuration": {"data_type": "float32"}},
         {"name": "cast_value", "configuration": {"data_type": "float16"}},
         {"name": "bytes", "configuration": {"endian": "little"}}])",
     "invalid", ""},
    {"codec chain", "chain_types",
     "the second codec's input type is the first codec's data_type (int8: \"NaN\" is no key)",
     R"("float64")", "0",
     R"([{"name": "cast_value", "configuration": {"data_type": "int8"}},
         {"name": "cast_value", "configuration": {"data_type": "float32",
                                                  "scalar_map": {"encode": [["NaN", 0]]}}},
         {"name": "bytes", "configuration": {"endian": "little"}}])",
     "invalid", ""},
    {"codec chain", "cast_value_after_bytes", "cast_value after the array -> bytes codec",
     R"("float32")", "0",
     R"([{"name": "bytes", "configuration": {"endian": "little"}},
         {"name": "cast_value", "configuration": {"data_type": "int8"}}])",
     "invalid", ""},
    {"codec chain", "bytes_to_bytes_codecs", "a bytes -> bytes codec after the bytes codec",
     R"("float32")", "0",
     R"([{"name": "cast_value", "configuration": {"data_type": "int8"}},
         {"name": "bytes", "configuration": {"endian": "little"}}, {"name": "crc32c"}])",
     "valid", ""},
    {"codec chain", "transpose", "transpose before cast_value", R"("float32")", "0",
     R"([{"name": "transpose", "configuration": {"order": [0]}},
         {"name": "cast_value", "configuration": {"data_type": "int8"}},
         {"name": "bytes", "configuration": {"endian": "little"}}])",
     "valid", ""},
    {"codec chain", "codecs_not_array", "codecs is a single codec object, not an array",
     R"("float32")", "0", R"({"name": "cast_value", "configuration": {"data_type": "int8"}})",
     "invalid", ""},

    // Since vectors 1.1.0: what `cvc fuzz` found in the implementations (results/fuzz/
    // analysis.md). A later codec's scalar_map holds scalars of the types on its own two sides
    // (its input is the previous codec's data_type), not of the array's data type.
    {"codec chain", "chain_scalar_map",
     "the second codec's decode value -36 is an int8 (its array side), not a uint16 (the array's)",
     R"("uint16")", "0",
     R"([{"name": "cast_value", "configuration": {"data_type": "int8"}},
         {"name": "cast_value", "configuration": {"data_type": "uint8",
                                                  "scalar_map": {"decode": [[223, -36]]}}},
         {"name": "bytes", "configuration": {"endian": "little"}}])",
     "valid", ""},
    {"codec chain", "chain_scalar_map",
     "the second codec's encode key -72 is an int8 (its array side), not a uint16 (the array's)",
     R"("uint16")", "0",
     R"([{"name": "cast_value", "configuration": {"data_type": "int8"}},
         {"name": "cast_value", "configuration": {"data_type": "uint8",
                                                  "scalar_map": {"encode": [[-72, 5]]}}},
         {"name": "bytes", "configuration": {"endian": "little"}}])",
     "valid", ""},
    {"codec chain", "chain_scalar_map",
     "the second codec's encode key \"Infinity\" is a float16 (its array side), not an int32",
     R"("int32")", "0",
     R"([{"name": "cast_value", "configuration": {"data_type": "float16"}},
         {"name": "cast_value", "configuration": {"data_type": "int8",
                                                  "scalar_map": {"encode": [["Infinity", 127]]}}},
         {"name": "bytes", "configuration": {"endian": "little"}}])",
     "valid", ""},
    {"codec chain", "chain_scalar_map",
     "the second codec's decode value 4000000000 is a uint64 (its array side), not an int8",
     R"("int8")", "0",
     R"([{"name": "cast_value", "configuration": {"data_type": "uint64"}},
         {"name": "cast_value", "configuration": {"data_type": "uint32",
                                                  "scalar_map": {"decode": [[1, 4000000000]]}}},
         {"name": "bytes", "configuration": {"endian": "little"}}])",
     "valid", ""},
    {"codec chain", "chain_scalar_map",
     "the second codec's encode key 200 is a uint16 (the array's type) but not an int8 (its "
     "array side)",
     R"("uint16")", "0",
     R"([{"name": "cast_value", "configuration": {"data_type": "int8"}},
         {"name": "cast_value", "configuration": {"data_type": "uint8",
                                                  "scalar_map": {"encode": [[200, 1]]}}},
         {"name": "bytes", "configuration": {"endian": "little"}}])",
     "invalid", ""},
    {"codec chain", "chain_scalar_map",
     "the second codec's decode value 1.5 is a float32 (the array's type) but not an int8 (its "
     "array side)",
     R"("float32")", "0",
     R"([{"name": "cast_value", "configuration": {"data_type": "int8"}},
         {"name": "cast_value", "configuration": {"data_type": "uint8",
                                                  "scalar_map": {"decode": [[1, 1.5]]}}},
         {"name": "bytes", "configuration": {"endian": "little"}}])",
     "invalid", ""},

    // --- scalar forms (since 1.1.0): fill values and scalar_map scalars in JSON forms that
    // lenient readers take (Python's bool is an int and int() reads "1_0"; numbers read through
    // a double), and a duplicate key whose first, ignored-by-some value is invalid.
    {"scalar forms", "fill_value_invalid", "fill value true for an int16 array", R"("int16")",
     "true", R"({"data_type": "int32"})", "invalid", ""},
    {"scalar forms", "fill_value_invalid",
     "fill value \"1_0\" for an int16 array (Python's int() "
     "reads 10)",
     R"("int16")", R"("1_0")", R"({"data_type": "int32"})", "invalid", ""},
    {"scalar forms", "fill_value_invalid", "fill value 1e-999 for an int16 array", R"("int16")",
     "1e-999", R"({"data_type": "int32"})", "invalid", ""},
    {"scalar forms", "fill_value_invalid",
     "fill value 9007199254740993 for an int16 array (out of range, and beyond 2^53)", R"("int16")",
     "9007199254740993", R"({"data_type": "int64"})", "invalid", ""},
    {"scalar forms", "fill_value_invalid", "fill value \"0X7e\" for an int8 array", R"("int8")",
     R"("0X7e")", R"({"data_type": "int16"})", "invalid", ""},
    {"scalar forms", "fill_value_invalid", "fill value \"inf\" for a float32 array", R"("float32")",
     R"("inf")", R"({"data_type": "float16"})", "invalid", ""},
    {"scalar forms", "fill_64_bit", "int64 fill value 9223372036854775806 (a double reads 2^63)",
     R"("int64")", "9223372036854775806", R"({"data_type": "uint64"})", "valid", ""},
    {"scalar forms", "fill_hex", "float16 fill value in hex form through an integer data_type",
     R"("float16")", R"("0x3c00")", R"({"data_type": "uint8"})", "valid", ""},
    {"scalar forms", "invalid_value", "true as a scalar_map value of int64", R"("float32")", "0",
     R"({"data_type": "int64", "scalar_map": {"encode": [[-127, true]]}})", "invalid", ""},
    {"scalar forms", "invalid_value", "1e-999 as a scalar_map value of int8", R"("float32")", "0",
     R"({"data_type": "int8", "scalar_map": {"encode": [[1, 1e-999]]}})", "invalid", ""},
    {"scalar forms", "invalid_key", "\" 1 \" as a scalar_map key of an int16 array", R"("int16")",
     "0", R"({"data_type": "int8", "scalar_map": {"encode": [[" 1 ", 1]]}})", "invalid", ""},
    {"scalar forms", "duplicate_key_invalid_value",
     "a repeated key whose first value is invalid (\"NaN\" for uint32)", R"("float32")", "0",
     R"({"data_type": "uint32", "scalar_map": {"encode": [[1, "NaN"], [1, 2]]}})", "invalid", ""},

    // --- sharding (since 1.2.0): the seed's test_fill_value_checked_inside_shards, and the
    // fill value that reaches a shard's inner codecs (sharding-indexed.rst: "Empty inner chunks
    // are interpreted as being filled with the fill value").
    {"sharding", "seed_inside_shards",
     "the seed's shards with ScaleOffset(offset=100) then uint16 clamp, fill 100.0 (accepted "
     "although the default scalar 0.0 would be lost)",
     R"("float32")", "100.0", kShardedScaleOffsetClamp, "valid", ""},
    {"sharding", "seed_inside_shards", "the seed's shards with int8 clamp, fill 1000.0 (raises)",
     R"("float32")", "1000.0",
     R"([{"name": "sharding_indexed", "configuration": {"chunk_shape": [2], "codecs": [
         {"name": "cast_value", "configuration": {"data_type": "int8", "out_of_range": "clamp"}},
         "bytes"], "index_codecs": ["bytes"]}}])",
     "invalid", ""},
    {"sharding", "shard_level_fill",
     "an outer scale_offset (offset 100) hands the shard 900.0, which int8 clamps to 127",
     R"("float32")", "1000.0",
     R"([{"name": "scale_offset", "configuration": {"offset": 100}},
         {"name": "sharding_indexed", "configuration": {"chunk_shape": [2], "codecs": [
         {"name": "cast_value", "configuration": {"data_type": "int8", "out_of_range": "clamp"}},
         "bytes"], "index_codecs": ["bytes"]}}])",
     "invalid", ""},
    {"sharding", "shard_level_fill",
     "an outer scale_offset (offset 999) hands the shard 1.0, exact in int8", R"("float32")",
     "1000.0",
     R"([{"name": "scale_offset", "configuration": {"offset": 999}},
         {"name": "sharding_indexed", "configuration": {"chunk_shape": [2], "codecs": [
         {"name": "cast_value", "configuration": {"data_type": "int8", "out_of_range": "clamp"}},
         "bytes"], "index_codecs": ["bytes"]}}])",
     "valid", ""},
    {"sharding", "shard_level_fill",
     "an outer cast_value to float16 hands the shard 0.5; the inner cast to int8 rounds it to 0",
     R"("float64")", "0.5",
     R"([{"name": "cast_value", "configuration": {"data_type": "float16"}},
         {"name": "sharding_indexed", "configuration": {"chunk_shape": [2], "codecs": [
         {"name": "cast_value", "configuration": {"data_type": "int8"}}, "bytes"],
         "index_codecs": ["bytes", "crc32c"]}}])",
     "invalid", ""},
    {"sharding", "nested_shards", "a shard inside a shard, cast_value innermost, fill 3",
     R"("int32")", "3",
     R"([{"name": "sharding_indexed", "configuration": {"chunk_shape": [4], "codecs": [
         {"name": "sharding_indexed", "configuration": {"chunk_shape": [2], "codecs": [
         {"name": "cast_value", "configuration": {"data_type": "uint8"}}, "bytes"],
         "index_codecs": ["bytes"]}}], "index_codecs": ["bytes"]}}])",
     "valid", ""},
    {"sharding", "nested_shards",
     "a shard inside a shard, cast_value innermost, fill -3 (no uint8)", R"("int32")", "-3",
     R"([{"name": "sharding_indexed", "configuration": {"chunk_shape": [4], "codecs": [
         {"name": "sharding_indexed", "configuration": {"chunk_shape": [2], "codecs": [
         {"name": "cast_value", "configuration": {"data_type": "uint8"}}, "bytes"],
         "index_codecs": ["bytes"]}}], "index_codecs": ["bytes"]}}])",
     "invalid", ""},
    {"sharding", "inner_cast_after_bytes", "an inner cast_value after the inner bytes codec",
     R"("float32")", "0",
     R"([{"name": "sharding_indexed", "configuration": {"chunk_shape": [2], "codecs": ["bytes",
         {"name": "cast_value", "configuration": {"data_type": "int8"}}],
         "index_codecs": ["bytes"]}}])",
     "invalid", ""},
    {"sharding", "sharding_configuration", "sharding_indexed without index_codecs", R"("float32")",
     "0",
     R"([{"name": "sharding_indexed", "configuration": {"chunk_shape": [2], "codecs": [
         {"name": "cast_value", "configuration": {"data_type": "int8"}}, "bytes"]}}])",
     "invalid", ""},
    {"sharding", "sharding_configuration", "a chunk_shape with a zero extent", R"("float32")", "0",
     R"([{"name": "sharding_indexed", "configuration": {"chunk_shape": [0], "codecs": [
         {"name": "cast_value", "configuration": {"data_type": "int8"}}, "bytes"],
         "index_codecs": ["bytes"]}}])",
     "invalid", ""},
    {"sharding", "inner_cast_configuration", "an invalid inner cast_value (wrap into float16)",
     R"("float32")", "0",
     R"([{"name": "sharding_indexed", "configuration": {"chunk_shape": [2], "codecs": [
         {"name": "cast_value", "configuration": {"data_type": "float16", "out_of_range": "wrap"}},
         "bytes"], "index_codecs": ["bytes"]}}])",
     "invalid", ""},

    // --- scale_offset (since 1.2.0; scale_offset.md, "Codec metadata" and "Examples").
    {"scale_offset", "spec_example", "the spec's float32 example (offset 5, scale 0.1), fill 5",
     R"("float32")", "5",
     R"([{"name": "scale_offset", "configuration": {"offset": 5, "scale": 0.1}}, "bytes"])",
     "valid", ""},
    {"scale_offset", "spec_example", "the spec's uint16 range reduction into uint8, fill 1000",
     R"("uint16")", "1000", kUint16RangeReduction, "valid", ""},
    {"scale_offset", "spec_example",
     "the spec's uint16 range reduction with fill 0: 0 - 1000 is no uint16", R"("uint16")", "0",
     kUint16RangeReduction, "invalid", ""},
    {"scale_offset", "spec_example",
     "the spec's float64 example: fill NaN through scale_offset, mapped to 0 and back",
     R"("float64")", R"("NaN")", kFloat64NaNPreservation, "valid", ""},
    {"scale_offset", "spec_example",
     "the spec's float64 example with fill 0: 1.0 encodes to 1 and comes back", R"("float64")", "0",
     kFloat64NaNPreservation, "valid", ""},
    {"scale_offset", "no_configuration", "scale_offset without a configuration (a no-op)",
     R"("int16")", "7", R"([{"name": "scale_offset"}, "bytes"])", "valid", ""},
    {"scale_offset", "no_configuration", "scale_offset as a bare name string", R"("int16")", "7",
     R"(["scale_offset", "bytes"])", "valid", ""},
    {"scale_offset", "unknown_configuration_key", "an extra key \"astype\"", R"("float32")", "0",
     R"([{"name": "scale_offset", "configuration": {"scale": 2, "astype": "uint8"}}, "bytes"])",
     "invalid", ""},
    {"scale_offset", "configuration_not_object", "the configuration is a number", R"("float32")",
     "0", R"([{"name": "scale_offset", "configuration": 2}, "bytes"])", "invalid", ""},
    {"scale_offset", "unknown_codec_key", "an extra key next to name and configuration",
     R"("float32")", "0",
     R"([{"name": "scale_offset", "configuration": {}, "must_understand": false}, "bytes"])",
     "invalid", ""},
    {"scale_offset", "scale_zero", "scale 0: no element could be decoded", R"("float32")", "0",
     R"([{"name": "scale_offset", "configuration": {"scale": 0}}, "bytes"])", "invalid",
     "ScaleZero"},
    {"scale_offset", "operand_encoding", "an int16 scale 0.5 is no int16", R"("int16")", "0",
     R"([{"name": "scale_offset", "configuration": {"scale": 0.5}}, "bytes"])", "invalid", ""},
    {"scale_offset", "operand_encoding", "an int16 offset written 2.0", R"("int16")", "0",
     R"([{"name": "scale_offset", "configuration": {"offset": 2.0}}, "bytes"])", "invalid",
     "IntegerJSON"},
    {"scale_offset", "operand_encoding", "a float32 offset in hex (1.0) and a scale \"Infinity\"",
     R"("float32")", "1",
     R"([{"name": "scale_offset", "configuration": {"offset": "0x3f800000", "scale": "Infinity"}},
         "bytes"])",
     "invalid", "ScaleOffsetNonFinite"},
    {"scale_offset", "operand_encoding", "a float32 offset in hex (1.0), fill 1", R"("float32")",
     "1", R"([{"name": "scale_offset", "configuration": {"offset": "0x3f800000"}}, "bytes"])",
     "valid", ""},
    {"scale_offset", "integer_range", "int8 fill 100 times scale 2 is 200, no int8", R"("int8")",
     "100", R"([{"name": "scale_offset", "configuration": {"scale": 2}}, "bytes"])", "invalid", ""},
    {"scale_offset", "float_overflow", "float32 fill 3e38 times scale 10 overflows", R"("float32")",
     "3e38",
     R"([{"name": "scale_offset", "configuration": {"scale": 10}},
         {"name": "cast_value", "configuration": {"data_type": "float64"}}, "bytes"])",
     "invalid", "ScaleOffsetNonFinite"},
    {"scale_offset", "whole_chain_round_trip",
     "float32 fill 0.1 times scale 0.1 is 0.010000001, which divides back to 0.10000001",
     R"("float32")", "0.1",
     R"([{"name": "scale_offset", "configuration": {"scale": 0.1}},
         {"name": "cast_value", "configuration": {"data_type": "float64"}}, "bytes"])",
     "valid", "ChainFillRoundTrip"},
    {"scale_offset", "scale_offset_after_bytes", "scale_offset after the array -> bytes codec",
     R"("float32")", "0", R"(["bytes", {"name": "scale_offset"}])", "invalid", ""},
    {"scale_offset", "misspelt_name", "\"Scale_Offset\" (names are case-sensitive)", R"("float32")",
     "0", R"([{"name": "Scale_Offset"}, "bytes"])", "invalid", ""},

    // --- numcodecs.fixedscaleoffset (since 1.2.0; scale_offset.md, "Legacy
    // numcodecs.fixedscaleoffset codec": a read-only alias for scale_offset then cast_value).
    {"numcodecs.fixedscaleoffset", "alias_conversion_example",
     "the spec's conversion example, fill 10.0 (\"a uint8 array with a fill_value of 0\")",
     R"("float32")", "10.0", kAliasExample, "valid", ""},
    {"numcodecs.fixedscaleoffset", "alias_conversion_example",
     "the spec's conversion example with fill 0: -1.0 wraps to 255", R"("float32")", "0",
     kAliasExample, "invalid", ""},
    {"numcodecs.fixedscaleoffset", "alias_type_strings",
     "NumPy type strings: dtype \"<f8\", astype \"<u2\", Sentinel-2 style scale 10000 offset -0.1",
     R"("float64")", "0",
     R"([{"name": "numcodecs.fixedscaleoffset", "configuration": {"astype": "<u2", "dtype": "<f8",
         "scale": 10000, "offset": -0.1}}, "bytes"])",
     "valid", ""},
    {"numcodecs.fixedscaleoffset", "alias_float_astype",
     "astype float16: no wrap (only integral types)", R"("float32")", "0.5",
     R"([{"name": "numcodecs.fixedscaleoffset", "configuration": {"astype": "<f2", "dtype": "<f4",
         "scale": 2, "offset": 0}}, "bytes"])",
     "valid", ""},
    {"numcodecs.fixedscaleoffset", "alias_dtype_mismatch", "dtype \"<f8\" on a float32 array",
     R"("float32")", "0",
     R"([{"name": "numcodecs.fixedscaleoffset", "configuration": {"astype": "|u1", "dtype": "<f8",
         "scale": 1, "offset": 0}}, "bytes"])",
     "invalid", ""},
    {"numcodecs.fixedscaleoffset", "alias_missing_field", "no astype", R"("float32")", "0",
     R"([{"name": "numcodecs.fixedscaleoffset", "configuration": {"dtype": "<f4", "scale": 1,
         "offset": 0}}, "bytes"])",
     "invalid", ""},
    {"numcodecs.fixedscaleoffset", "alias_missing_field", "no configuration", R"("float32")", "0",
     R"([{"name": "numcodecs.fixedscaleoffset"}, "bytes"])", "invalid", ""},
    {"numcodecs.fixedscaleoffset", "alias_number_fields",
     "offset as a string (\"MUST be a JSON number\")", R"("float32")", "0",
     R"([{"name": "numcodecs.fixedscaleoffset", "configuration": {"astype": "|u1", "dtype": "<f4",
         "scale": 1, "offset": "0"}}, "bytes"])",
     "invalid", ""},
    {"numcodecs.fixedscaleoffset", "alias_unknown_key", "an extra key \"id\" (the V2 form)",
     R"("float32")", "0",
     R"([{"name": "numcodecs.fixedscaleoffset", "configuration": {"id": "fixedscaleoffset",
         "astype": "|u1", "dtype": "<f4", "scale": 1, "offset": 0}}, "bytes"])",
     "invalid", ""},
    {"numcodecs.fixedscaleoffset", "alias_inside_shards", "the alias inside a shard, fill 10.0",
     R"("float32")", "10.0",
     R"([{"name": "sharding_indexed", "configuration": {"chunk_shape": [2], "codecs": [
         {"name": "numcodecs.fixedscaleoffset", "configuration": {"astype": "uint8",
         "dtype": "float32", "scale": 0.1, "offset": 10}}, "bytes"],
         "index_codecs": ["bytes"]}}])",
     "valid", ""},
};

// The seed's fill value table (zarr-python's change adding the cast_value fill value round-trip
// check, its table "Tests": seven accepted round trips, then the six rejected ones), each repeated
// inside a shard and after a scale_offset (since 1.2.0): the verdict must not change when the same
// value reaches the cast_value codec through a chain.
struct SeedRow {
  std::string_view what;
  std::string_view array_data_type;
  std::string_view fill_value;
  std::string_view configuration;
  std::string_view intended;
  std::string_view intended_flags;
  std::string_view fill_after_offset_10;  // the fill value that reaches it as `fill_value`
};

constexpr SeedRow kSeedRows[] = {
    {"NaN through a scalar map", R"("float32")", R"("NaN")",
     R"({"data_type": "uint8", "scalar_map": {"encode": [["NaN", 0]], "decode": [[0, "NaN"]]}})",
     "valid", "", R"("NaN")"},
    {"in-range clamp", R"("float32")", "100.0", R"({"data_type": "int8", "out_of_range": "clamp"})",
     "valid", "", "110.0"},
    {"in-range wrap", R"("int16")", "100", R"({"data_type": "int8", "out_of_range": "wrap"})",
     "valid", "", "110"},
    {"int to float", R"("int16")", "5", R"({"data_type": "float32"})", "valid", "", "15"},
    {"integral float to int", R"("float64")", "3.0", R"({"data_type": "int16"})", "valid", "",
     "13.0"},
    {"exact float narrowing", R"("float64")", "0.5", R"({"data_type": "float16"})", "valid", "",
     "10.5"},
    {"signed zero float to float", R"("float32")", "-0.0", R"({"data_type": "float16"})", "valid",
     "", ""},
    {"float32 1000.0 to int8, clamp", R"("float32")", "1000.0",
     R"({"data_type": "int8", "out_of_range": "clamp"})", "invalid", "", "1010.0"},
    {"int16 300 to int8, wrap", R"("int16")", "300",
     R"({"data_type": "int8", "out_of_range": "wrap"})", "invalid", "", "310"},
    {"float64 1.5 to int8, nearest-even", R"("float64")", "1.5",
     R"({"data_type": "int8", "rounding": "nearest-even"})", "invalid", "", "11.5"},
    {"float32 -0.0 to int8", R"("float32")", "-0.0", R"({"data_type": "int8"})", "invalid",
     "FillRoundTrip", ""},
    {"float32 NaN to int8, no map", R"("float32")", R"("NaN")", R"({"data_type": "int8"})",
     "invalid", "", R"("NaN")"},
    {"int32 0 to float64, encode 0 to NaN, no decode map", R"("int32")", "0",
     R"({"data_type": "float64", "scalar_map": {"encode": [[0, "NaN"]]}})", "invalid", "", "10"},
};

// The table's cases (kCases) and the seed rows in chains; the strings of the latter live here.
std::vector<MetadataCaseSpec> all_cases() {
  static std::deque<std::string> texts;
  static std::vector<MetadataCaseSpec> cases;
  if (!cases.empty()) return cases;
  cases.assign(std::begin(kCases), std::end(kCases));
  const auto keep = [](std::string text) -> std::string_view { return texts.emplace_back(text); };
  const std::string_view category = "seed fill table in chains";
  for (const SeedRow& row : kSeedRows) {
    const std::string cast =
        R"({"name": "cast_value", "configuration": )" + std::string(row.configuration) + "}";
    cases.push_back({category, "seed_table_in_shard",
                     keep(std::string(row.what) + ", inside a shard"), row.array_data_type,
                     row.fill_value,
                     keep(R"([{"name": "sharding_indexed", "configuration": {"chunk_shape": [2], )"
                          R"("codecs": [)" +
                          cast + R"(, "bytes"], "index_codecs": ["bytes"]}}])"),
                     row.intended, row.intended_flags});
    // -0.0 keeps its sign through x * 1 (an offset would turn it into +0 or a nonzero value).
    const bool signed_zero = row.fill_after_offset_10.empty();
    const std::string scale_offset =
        signed_zero ? R"({"name": "scale_offset", "configuration": {"scale": 1}})"
                    : R"({"name": "scale_offset", "configuration": {"offset": 10}})";
    cases.push_back({category, "seed_table_after_scale_offset",
                     keep(std::string(row.what) +
                          (signed_zero ? ", after scale_offset (scale 1)"
                                       : ", after scale_offset (offset 10, fill raised by 10)")),
                     row.array_data_type, signed_zero ? row.fill_value : row.fill_after_offset_10,
                     keep("[" + scale_offset + ", " + cast + R"(, "bytes"])"), row.intended,
                     row.intended_flags});
  }
  return cases;
}

std::string verdict(const FillValueCheck& check) {
  if (check.verdict == MetadataVerdict::Undecided)
    throw std::logic_error("metadata case the oracle cannot decide: " + check.message);
  return check.valid ? "valid" : "invalid";
}

std::set<std::string> split_flags(std::string_view text) {
  std::set<std::string> flags;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string_view::npos) end = text.size();
    if (end > start) flags.insert(std::string(text.substr(start, end - start)));
    start = end + 1;
  }
  return flags;
}

json codecs_of(const MetadataCaseSpec& spec, const std::string& where) {
  json codecs;
  try {
    codecs = parse_json_exact(spec.codecs);
  } catch (const JsonError& error) {
    throw std::logic_error(where + ": codecs are not JSON: " + error.what());
  }
  if (!codecs.is_object() || codecs.contains("name")) return codecs;
  return json::array(
      {json{{"name", "cast_value"}, {"configuration", codecs}}, parse_json_exact(kBytesCodec)});
}

}  // namespace

std::string metadata_family_file() {
  VectorFileHeader header;
  header.family = "metadata";
  std::set<std::string> flags_used;
  std::vector<VectorGroup> groups;
  std::uint64_t next_id = 1;
  std::size_t placed = 0;
  const std::vector<MetadataCaseSpec> cases = all_cases();
  for (std::string_view category : kCategories) {
    VectorGroup group;
    group.parameters = {{"category", std::string(category)}};
    for (std::size_t i = 0; i < cases.size(); ++i) {
      const MetadataCaseSpec& spec = cases[i];
      if (spec.category != category) continue;
      ++placed;
      const std::string where = "metadata case table entry " + std::to_string(i) + " (" +
                                std::string(spec.rule) + ": " + std::string(spec.what) + ")";
      const json array_data_type = parse_json_exact(spec.array_data_type);
      const json fill_value = parse_json_exact(spec.fill_value);
      const json codecs = codecs_of(spec, where);
      const json array_metadata = {
          {"data_type", array_data_type}, {"fill_value", fill_value}, {"codecs", codecs}};
      const FillValueCheck check = validate_array_metadata(array_metadata);
      if (verdict(check) != spec.intended)
        throw std::logic_error(where + ": the table intends " + std::string(spec.intended) +
                               " but the oracle says " + verdict(check) + ": " + check.message);

      json item = {{"id", next_id++},
                   {"result", verdict(check)},
                   {"rule", std::string(spec.rule)},
                   {"what", std::string(spec.what)},
                   {"array_data_type", array_data_type},
                   {"fill_value", fill_value},
                   {"codecs", codecs},
                   {"reason", check.message}};
      // Every alternative of every flag: the fill value round trip runs the casts, so cast flags
      // can change a verdict as well as the metadata and scalar flags.
      json flags = json::array();
      json alternatives = json::object();
      std::set<std::string> flagged;
      for (const FlagInfo& info : all_flags()) {
        for (int k = 1; k <= info.alternative_count(); ++k) {
          const std::string other =
              verdict(validate_array_metadata(array_metadata, Readings{}.with(info.flag, k)));
          if (other == verdict(check)) continue;
          alternatives[std::string(info.name) + "=" + std::string(info.alternatives[k - 1])] =
              other;
          flagged.insert(std::string(info.name));
        }
        if (flagged.count(std::string(info.name))) flags.push_back(std::string(info.name));
      }
      if (flagged != split_flags(spec.intended_flags)) {
        std::string listed;
        for (const std::string& flag : flagged) listed += (listed.empty() ? "" : " ") + flag;
        throw std::logic_error(where + ": the table intends flags \"" +
                               std::string(spec.intended_flags) + "\" but the oracle's verdict " +
                               "changes under the alternatives of \"" + listed + "\"");
      }
      if (!flags.empty()) {
        item["flags"] = flags;
        item["alternatives"] = alternatives;
        flags_used.insert(flagged.begin(), flagged.end());
      }
      group.cases.push_back(std::move(item));
      ++header.number_of_cases;
    }
    groups.push_back(std::move(group));
  }
  if (placed != cases.size())
    throw std::logic_error("metadata case table: a case names a category not in kCategories");
  header.flags_used.assign(flags_used.begin(), flags_used.end());
  return format_vector_file(header, groups);
}

}  // namespace cvc
