// cast_value codec metadata (oracle/codec_metadata.hpp): what the spec and its schema reject,
// the error paths, and the fill value round trip. Expected values are quoted from
// the cast_value spec (docs/specs.md) or derived by hand in comments; none is copied from a run.
#include "oracle/codec_metadata.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "oracle/io/json_exact.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::codec_metadata_test {
namespace {

using json = nlohmann::json;

json J(std::string_view text) {
  return parse_json_exact(text);
}

const Readings kDefault{};

// float64 patterns (core-data-types.rst): "NaN" has sign 0, exponent all ones and only the
// mantissa MSB set; infinities have exponent all ones and mantissa 0.
constexpr std::uint64_t kF64NaN = 0x7ff8000000000000;
constexpr std::uint64_t kF64Inf = 0x7ff0000000000000;
constexpr std::uint64_t kF64NegInf = 0xfff0000000000000;

// cast_value.md, "Example", "NumPy compatibility": the codec of the array metadata shown there
// (the array data_type is float64).
constexpr std::string_view kNumPyCodec = R"({
    "name": "cast_value",
    "configuration": {
        "data_type": "uint8",
        "rounding": "towards-zero",
        "out_of_range": "wrap",
        "scalar_map": {
            "encode": [
                ["NaN", 0],
                ["Infinity", 0],
                ["-Infinity", 0]
            ]
        }
    }
})";

// The MetadataError path for an invalid codec ("<accepted>" when it is valid).
std::string error_path(std::string_view array_type, std::string_view codec,
                       const Readings& readings = {}) {
  try {
    parse_cast_value_codec(data_type(array_type), J(codec), readings);
  } catch (const MetadataError& error) {
    return error.path();
  }
  return "<accepted>";
}

std::string error_message(std::string_view array_type, std::string_view codec,
                          const Readings& readings = {}) {
  try {
    parse_cast_value_codec(data_type(array_type), J(codec), readings);
  } catch (const MetadataError& error) {
    return error.what();
  }
  return "<accepted>";
}

// A cast_value codec object around a configuration body.
std::string codec_with(std::string_view configuration) {
  return R"({"name": "cast_value", "configuration": )" + std::string(configuration) + "}";
}

bool contains(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

// ---------------------------------------------------------------------------------------------
// The spec's example

TEST(CodecMetadata, NumPyExampleIsValid) {
  const CastValueCodec codec = parse_cast_value_codec(data_type("float64"), J(kNumPyCodec));
  EXPECT_EQ(codec.array_type, &data_type("float64"));
  EXPECT_EQ(codec.data_type, &data_type("uint8"));
  EXPECT_EQ(codec.rounding, Rounding::TowardsZero);
  EXPECT_EQ(codec.out_of_range, OutOfRange::Wrap);
  ASSERT_EQ(codec.encode.size(), 3u);
  EXPECT_EQ(codec.encode[0].input_bits, kF64NaN);
  EXPECT_EQ(codec.encode[1].input_bits, kF64Inf);
  EXPECT_EQ(codec.encode[2].input_bits, kF64NegInf);
  for (const ScalarMapEntry& entry : codec.encode) EXPECT_EQ(entry.output_bits, 0u);
  EXPECT_TRUE(codec.decode.empty());

  const CastRule encode = codec.encode_rule();
  EXPECT_EQ(encode.input, &data_type("float64"));
  EXPECT_EQ(encode.output, &data_type("uint8"));
  EXPECT_EQ(encode.rounding, Rounding::TowardsZero);
  EXPECT_EQ(encode.out_of_range, OutOfRange::Wrap);
  EXPECT_EQ(encode.scalar_map.size(), 3u);
  const CastRule decode = codec.decode_rule();
  EXPECT_EQ(decode.input, &data_type("uint8"));
  EXPECT_EQ(decode.output, &data_type("float64"));
  EXPECT_EQ(decode.rounding, Rounding::TowardsZero);
  EXPECT_EQ(decode.out_of_range, OutOfRange::Wrap);
  EXPECT_TRUE(decode.scalar_map.empty());
}

// The whole array metadata of the example (with "bytes" as a bare name), plus a fill value, which
// the example leaves out. 0.0 encodes to 0 (exact) and decodes to 0.0.
TEST(CodecMetadata, NumPyExampleArrayMetadata) {
  const std::string array = R"({"data_type": "float64", "fill_value": 0, "codecs": [)" +
                            std::string(kNumPyCodec) + R"(, "bytes"]})";
  const FillValueCheck check = validate_array_metadata(J(array));
  EXPECT_TRUE(check.valid) << check.message;
  ASSERT_EQ(check.steps.size(), 3u);
  EXPECT_EQ(check.steps[1].type, &data_type("uint8"));
  EXPECT_EQ(check.steps[1].bits, 0u);
  EXPECT_EQ(check.steps[2].bits, 0u);  // float64 +0.0
  EXPECT_EQ(check.cast_codecs.size(), 1u);
}

// The change log of cast_value.md fixed the example from "+Infinity" to "Infinity": under the
// default reading of PlusInfinity the old form is invalid, at the second encode entry's key.
TEST(CodecMetadata, NumPyExampleWithPlusInfinity) {
  std::string old_example(kNumPyCodec);
  old_example.replace(old_example.find("[\"Infinity\""), 11, "[\"+Infinity\"");
  ASSERT_TRUE(contains(old_example, "\"+Infinity\""));
  EXPECT_EQ(error_path("float64", old_example), "configuration.scalar_map.encode[1][0]");
  const std::string message = error_message("float64", old_example);
  EXPECT_TRUE(contains(message, "\"+Infinity\"")) << message;
  EXPECT_TRUE(contains(message, "float64")) << message;
  EXPECT_TRUE(contains(message, "PlusInfinity")) << message;
  const CastValueCodec codec =
      parse_cast_value_codec(data_type("float64"), J(old_example),
                             kDefault.with(Flag::PlusInfinity, kPlusInfinityAccepted));
  ASSERT_EQ(codec.encode.size(), 3u);
  EXPECT_EQ(codec.encode[1].input_bits, kF64Inf);
}

// ---------------------------------------------------------------------------------------------
// Codec object and configuration structure (schema: name const "cast_value", required name and
// configuration, additionalProperties false at each level)

TEST(CodecMetadata, Name) {
  EXPECT_EQ(error_path("float32", R"({"configuration": {"data_type": "int8"}})"), "name");
  EXPECT_EQ(error_path("float32", R"({"name": "cast", "configuration": {"data_type": "int8"}})"),
            "name");
  EXPECT_EQ(error_path("float32", R"({"name": 1, "configuration": {"data_type": "int8"}})"),
            "name");
  EXPECT_EQ(
      error_path("float32", R"({"name": "Cast_Value", "configuration": {"data_type": "int8"}})"),
      "name");
  EXPECT_EQ(error_path("float32", codec_with(R"({"data_type": "int8"})")), "<accepted>");
}

TEST(CodecMetadata, Configuration) {
  EXPECT_EQ(error_path("float32", R"({"name": "cast_value"})"), "configuration");
  EXPECT_EQ(error_path("float32", R"({"name": "cast_value", "configuration": []})"),
            "configuration");
  EXPECT_EQ(error_path("float32", R"({"name": "cast_value", "configuration": "int8"})"),
            "configuration");
  EXPECT_EQ(error_path("float32", R"({"name": "cast_value", "configuration": null})"),
            "configuration");
  // The codec itself must be an object: the path is empty and what() is the reason alone.
  EXPECT_EQ(error_path("float32", R"("cast_value")"), "");
  EXPECT_EQ(error_path("float32", R"([1])"), "");
}

TEST(CodecMetadata, UnknownKeys) {
  EXPECT_EQ(error_path("float32", R"({"name": "cast_value", "configuration": {"data_type": "int8"},
                                 "must_understand": false})"),
            "must_understand");
  EXPECT_EQ(error_path("float32", codec_with(R"({"data_type": "int8", "endian": "little"})")),
            "configuration.endian");
  EXPECT_EQ(error_path("float32", codec_with(R"({"data_type": "int8", "scalar_map":
                                                 {"encode": [], "both": []}})")),
            "configuration.scalar_map.both");
  const std::string message =
      error_message("float32", codec_with(R"({"data_type": "int8", "Rounding": "towards-zero"})"));
  EXPECT_TRUE(contains(message, "configuration.Rounding")) << message;
  EXPECT_TRUE(contains(message, "unknown key")) << message;
}

TEST(CodecMetadata, DataType) {
  EXPECT_EQ(error_path("float32", codec_with("{}")), "configuration.data_type");
  EXPECT_EQ(error_path("float32", codec_with(R"({"rounding": "towards-zero"})")),
            "configuration.data_type");
  // Zarr types outside the 26 (cast_value.md: "only defined for data types that model real
  // numbers"), and names that are not types at all.
  for (std::string_view name :
       {"bool", "complex64", "complex128", "r16", "float128", "UINT8", "int3", "float8", ""}) {
    const std::string codec = codec_with(R"({"data_type": ")" + std::string(name) + "\"}");
    EXPECT_EQ(error_path("float32", codec), "configuration.data_type") << name;
  }
  EXPECT_EQ(error_path("float32", codec_with(R"({"data_type": 8})")), "configuration.data_type");
  EXPECT_EQ(error_path("float32", codec_with(R"({"data_type": null})")), "configuration.data_type");
  EXPECT_EQ(error_path("float32", codec_with(R"({"data_type": ["int8"]})")),
            "configuration.data_type");
  // The object form of data type metadata.
  EXPECT_EQ(error_path("float32", codec_with(R"({"data_type": {"name": "uint8"}})")), "<accepted>");
  EXPECT_EQ(
      error_path("float32", codec_with(R"({"data_type": {"name": "uint8", "configuration": {}}})")),
      "<accepted>");
  EXPECT_EQ(error_path("float32", codec_with(R"({"data_type": {"name": "bool"}})")),
            "configuration.data_type.name");
  EXPECT_EQ(error_path("float32", codec_with(R"({"data_type": {}})")),
            "configuration.data_type.name");
  EXPECT_EQ(error_path("float32", codec_with(R"({"data_type": {"name": 8}})")),
            "configuration.data_type.name");
  EXPECT_EQ(error_path("float32", codec_with(R"({"data_type": {"name": "uint8",
                                                  "configuration": {"endian": "little"}}})")),
            "configuration.data_type.configuration");
  EXPECT_EQ(error_path("float32", codec_with(R"({"data_type": {"name": "uint8",
                                                  "configuration": []}})")),
            "configuration.data_type.configuration");
  EXPECT_EQ(error_path("float32", codec_with(R"({"data_type": {"name": "uint8", "x": 1}})")),
            "configuration.data_type.x");
  const std::string message = error_message("float32", codec_with(R"({"data_type": "bool"})"));
  EXPECT_TRUE(contains(message, "\"bool\"")) << message;
}

TEST(CodecMetadata, ArrayDataTypeOutsideTheTypes) {
  const FillValueCheck check = validate_array_metadata(J(R"({"data_type": "complex64",
      "fill_value": [0, 0], "codecs": [{"name": "cast_value",
      "configuration": {"data_type": "float32"}}]})"));
  EXPECT_FALSE(check.valid);
  EXPECT_TRUE(contains(check.message, "data_type")) << check.message;
  EXPECT_TRUE(contains(check.message, "complex64")) << check.message;
  EXPECT_THROW(parse_data_type_metadata(J(R"("r16")")), MetadataError);
  EXPECT_EQ(&parse_data_type_metadata(J(R"({"name": "bfloat16"})")), &data_type("bfloat16"));
}

// Spec, rounding: five permitted values; absent means "nearest-even".
TEST(CodecMetadata, Rounding) {
  const struct {
    std::string_view text;
    Rounding rounding;
  } kModes[] = {{"nearest-even", Rounding::NearestEven},
                {"towards-zero", Rounding::TowardsZero},
                {"towards-positive", Rounding::TowardsPositive},
                {"towards-negative", Rounding::TowardsNegative},
                {"nearest-away", Rounding::NearestAway}};
  for (const auto& mode : kModes) {
    const std::string configuration =
        R"({"data_type": "int8", "rounding": ")" + std::string(mode.text) + "\"}";
    EXPECT_EQ(parse_cast_value_codec(data_type("float32"), J(codec_with(configuration))).rounding,
              mode.rounding);
  }
  EXPECT_EQ(parse_cast_value_codec(data_type("float32"), J(codec_with(R"({"data_type": "int8"})")))
                .rounding,
            Rounding::NearestEven);
  for (std::string_view bad : {R"("nearest")", R"("NEAREST-EVEN")", R"("nearest_even")", R"("")",
                               "0", "null", "[\"nearest-even\"]"}) {
    const std::string configuration =
        R"({"data_type": "int8", "rounding": )" + std::string(bad) + "}";
    EXPECT_EQ(error_path("float32", codec_with(configuration)), "configuration.rounding") << bad;
  }
  const std::string message =
      error_message("float32", codec_with(R"({"data_type": "int8", "rounding": "up"})"));
  EXPECT_TRUE(contains(message, "\"nearest-away\"")) << message;  // lists the permitted values
}

// Spec, out_of_range: "clamp" or "wrap"; absent means out-of-range values are errors; wrap "only
// permitted when data_type is an integral type" (and the example uses wrap with uint8).
TEST(CodecMetadata, OutOfRange) {
  const auto rule = [](std::string_view array, std::string_view configuration) {
    return parse_cast_value_codec(data_type(array), J(codec_with(configuration))).out_of_range;
  };
  EXPECT_EQ(rule("float32", R"({"data_type": "int8"})"), OutOfRange::None);
  EXPECT_EQ(rule("float32", R"({"data_type": "int8", "out_of_range": "clamp"})"),
            OutOfRange::Clamp);
  EXPECT_EQ(rule("float32", R"({"data_type": "int8", "out_of_range": "wrap"})"), OutOfRange::Wrap);
  EXPECT_EQ(rule("float32", R"({"data_type": "uint8", "out_of_range": "wrap"})"), OutOfRange::Wrap);
  EXPECT_EQ(rule("int32", R"({"data_type": "float16", "out_of_range": "clamp"})"),
            OutOfRange::Clamp);
  for (std::string_view bad : {R"("saturate")", R"("absent")", R"("Clamp")", "true", "null"}) {
    const std::string configuration =
        R"({"data_type": "int8", "out_of_range": )" + std::string(bad) + "}";
    EXPECT_EQ(error_path("float32", codec_with(configuration)), "configuration.out_of_range")
        << bad;
  }
  // wrap with a non-integral data_type; the array type being a float is fine (above).
  for (std::string_view target :
       {"float32", "float16", "bfloat16", "float8_e4m3", "float4_e2m1fn", "float8_e8m0fnu"}) {
    const std::string configuration =
        R"({"data_type": ")" + std::string(target) + R"(", "out_of_range": "wrap"})";
    EXPECT_EQ(error_path("int32", codec_with(configuration)), "configuration.out_of_range")
        << target;
  }
  const std::string message =
      error_message("int32", codec_with(R"({"data_type": "float32", "out_of_range": "wrap"})"));
  EXPECT_TRUE(contains(message, "float32")) << message;
  EXPECT_TRUE(contains(message, "integral")) << message;
}

// ---------------------------------------------------------------------------------------------
// scalar_map (schema: object with optional "encode" / "decode" arrays of 2-element arrays; spec:
// encode keys are array-type scalars and values data_type scalars, decode the other way round)

TEST(CodecMetadata, ScalarMapShape) {
  const auto path = [](std::string_view scalar_map) {
    return error_path("float32", codec_with(R"({"data_type": "int8", "scalar_map": )" +
                                            std::string(scalar_map) + "}"));
  };
  EXPECT_EQ(path("{}"), "<accepted>");
  EXPECT_EQ(path(R"({"encode": [], "decode": []})"), "<accepted>");
  EXPECT_EQ(path("[]"), "configuration.scalar_map");
  EXPECT_EQ(path("null"), "configuration.scalar_map");
  EXPECT_EQ(path(R"({"encode": {}})"), "configuration.scalar_map.encode");
  EXPECT_EQ(path(R"({"decode": "NaN"})"), "configuration.scalar_map.decode");
  EXPECT_EQ(path(R"({"encode": [1]})"), "configuration.scalar_map.encode[0]");
  EXPECT_EQ(path(R"({"encode": [[1]]})"), "configuration.scalar_map.encode[0]");
  EXPECT_EQ(path(R"({"encode": [[1, 2], [1, 2, 3]]})"), "configuration.scalar_map.encode[1]");
  EXPECT_EQ(path(R"({"encode": [{"1": 2}]})"), "configuration.scalar_map.encode[0]");
  EXPECT_EQ(path(R"({"encode": [["NaN", 0]]})"), "<accepted>");
}

TEST(CodecMetadata, ScalarMapScalarsAreCheckedAgainstTheirTypes) {
  // encode: [array type, data_type]. uint16 array, int8 target.
  const auto encode_path = [](std::string_view entries) {
    return error_path("uint16", codec_with(R"({"data_type": "int8", "scalar_map": {"encode": )" +
                                           std::string(entries) + "}}"));
  };
  EXPECT_EQ(encode_path("[[300, -1]]"), "<accepted>");
  EXPECT_EQ(encode_path("[[-1, 0]]"), "configuration.scalar_map.encode[0][0]");     // not uint16
  EXPECT_EQ(encode_path("[[300, 300]]"), "configuration.scalar_map.encode[0][1]");  // not int8
  EXPECT_EQ(encode_path("[[1, 1], [\"NaN\", 0]]"), "configuration.scalar_map.encode[1][0]");
  EXPECT_EQ(encode_path("[[1.5, 0]]"), "configuration.scalar_map.encode[0][0]");

  // decode: [data_type, array type]. float32 array, int8 target.
  const auto decode_path = [](std::string_view entries) {
    return error_path("float32", codec_with(R"({"data_type": "int8", "scalar_map": {"decode": )" +
                                            std::string(entries) + "}}"));
  };
  EXPECT_EQ(decode_path("[[-128, \"NaN\"]]"), "<accepted>");
  EXPECT_EQ(decode_path("[[0, \"0x7fc00001\"]]"), "<accepted>");
  EXPECT_EQ(decode_path("[[\"NaN\", 0]]"), "configuration.scalar_map.decode[0][0]");  // int8 key
  EXPECT_EQ(decode_path("[[128, 0]]"), "configuration.scalar_map.decode[0][0]");
  EXPECT_EQ(decode_path("[[0, \"nan\"]]"), "configuration.scalar_map.decode[0][1]");

  const CastValueCodec codec = parse_cast_value_codec(
      data_type("float32"),
      J(codec_with(R"({"data_type": "int8", "scalar_map": {"decode": [[-128, "NaN"]]}})")));
  ASSERT_EQ(codec.decode.size(), 1u);
  EXPECT_EQ(codec.decode[0].input_bits, 0x80u);         // int8 -128
  EXPECT_EQ(codec.decode[0].output_bits, 0x7fc00000u);  // float32 "NaN" (core-data-types.rst)
  EXPECT_EQ(codec.decode_rule().scalar_map.size(), 1u);
  EXPECT_TRUE(codec.encode_rule().scalar_map.empty());

  const std::string message = error_message(
      "uint16", codec_with(R"({"data_type": "int8", "scalar_map": {"encode": [[1, 300]]}})"));
  EXPECT_TRUE(contains(message, "int8")) << message;
  EXPECT_TRUE(contains(message, "300")) << message;
  EXPECT_TRUE(contains(message, "value (second element)")) << message;
}

// Spec: "If the same input scalar is repeated, readers MUST use the first occurrence": the
// metadata is valid and the entries keep their order (CastRule: the first match wins).
TEST(CodecMetadata, RepeatedKeysAreKeptInOrder) {
  const CastValueCodec codec = parse_cast_value_codec(
      data_type("uint8"),
      J(codec_with(R"({"data_type": "int8", "scalar_map": {"encode": [[1, 2], [1, 3]]}})")));
  ASSERT_EQ(codec.encode.size(), 2u);
  EXPECT_EQ(codec.encode[0].output_bits, 2u);
  EXPECT_EQ(codec.encode[1].output_bits, 3u);
}

// Scalar readings apply to scalar_map entries too.
TEST(CodecMetadata, ScalarReadingsInScalarMap) {
  const std::string codec =
      codec_with(R"({"data_type": "int8", "scalar_map": {"encode": [[1.0, 2]]}})");
  EXPECT_EQ(error_path("uint8", codec), "configuration.scalar_map.encode[0][0]");
  EXPECT_EQ(
      error_path("uint8", codec, kDefault.with(Flag::IntegerJSON, kIntegerJSONAcceptIntegral)),
      "<accepted>");
  const std::string hex =
      codec_with(R"({"data_type": "int8", "scalar_map": {"encode": [["0x17c00", 0]]}})");
  EXPECT_EQ(error_path("float16", hex), "configuration.scalar_map.encode[0][0]");
  EXPECT_EQ(error_path("float16", hex, kDefault.with(Flag::HexWidth, kHexWidthIgnoreUpperBits)),
            "<accepted>");
}

TEST(CodecMetadata, BareConfiguration) {
  const CastValueCodec codec = parse_cast_value_configuration(
      data_type("float32"), J(R"({"data_type": "int8", "out_of_range": "clamp"})"));
  EXPECT_EQ(codec.data_type, &data_type("int8"));
  EXPECT_EQ(codec.out_of_range, OutOfRange::Clamp);
  const auto path = [](std::string_view configuration) {
    try {
      parse_cast_value_configuration(data_type("float32"), J(configuration));
    } catch (const MetadataError& error) {
      return error.path();
    }
    return std::string("<accepted>");
  };
  EXPECT_EQ(path(R"({"data_type": "int8", "foo": 1})"), "foo");
  EXPECT_EQ(path(R"({"rounding": "towards-zero"})"), "data_type");
  EXPECT_EQ(path(R"({"data_type": "int8", "scalar_map": {"encode": [[0, 128]]}})"),
            "scalar_map.encode[0][1]");
  // A codec object passed as a configuration has unknown keys "configuration" / "name".
  EXPECT_EQ(path(std::string(kNumPyCodec)), "configuration");
}

// ---------------------------------------------------------------------------------------------
// The fill value round trip (spec, data_type: "If the fill value cannot survive a round-trip
// cast, implementations MUST treat this as an error")

FillValueCheck check_fill(std::string_view array_type, std::string_view fill_value,
                          std::string_view codecs, const Readings& readings = {}) {
  return validate_array_metadata(data_type(array_type), J(fill_value), J(codecs), readings);
}

// The whole chain of one cast_value codec: it, then the array -> bytes codec.
std::string chain(std::string_view configuration) {
  std::string codecs = "[";
  codecs += codec_with(configuration);
  codecs += ", \"bytes\"]";
  return codecs;
}

TEST(FillValue, OutOfRangeWithoutRule) {
  // 300 is beyond int8's 127 and out_of_range is absent: "the codec MUST fail".
  const FillValueCheck check = check_fill("uint16", "300", chain(R"({"data_type": "int8"})"));
  EXPECT_FALSE(check.valid);
  EXPECT_EQ(check.message,
            "fill value 300 (uint16) does not survive: encode to int8 failed: out of range "
            "(out_of_range absent)");
  ASSERT_EQ(check.steps.size(), 1u);  // only the parsed fill value
  EXPECT_EQ(check.steps[0].bits, 300u);
}

TEST(FillValue, ExactValueSurvives) {
  const FillValueCheck check = check_fill("uint16", "100", chain(R"({"data_type": "int8"})"));
  EXPECT_TRUE(check.valid) << check.message;
  ASSERT_EQ(check.steps.size(), 3u);
  EXPECT_EQ(check.steps[0].label, "fill value");
  EXPECT_EQ(check.steps[1].label, "encode codecs[0]");
  EXPECT_EQ(check.steps[1].type, &data_type("int8"));
  EXPECT_EQ(check.steps[1].bits, 100u);
  EXPECT_EQ(check.steps[2].label, "decode codecs[0]");
  EXPECT_EQ(check.steps[2].type, &data_type("uint16"));
  EXPECT_EQ(check.steps[2].bits, 100u);
}

// 1.5 to int8 under nearest-even is the tie between 1 and 2: 2 (even). 2 decodes to 2.0, which is
// not 1.5.
TEST(FillValue, RoundedValueDoesNotSurvive) {
  const FillValueCheck check = check_fill("float32", "1.5", chain(R"({"data_type": "int8"})"));
  EXPECT_FALSE(check.valid);
  EXPECT_TRUE(contains(check.message, "fill value 1.5 (float32) does not survive"))
      << check.message;
  EXPECT_TRUE(contains(check.message, "encode to int8 gives 2")) << check.message;
  EXPECT_TRUE(contains(check.message, "decode to float32 gives 2.0")) << check.message;
  EXPECT_TRUE(contains(check.message, "FillRoundTrip")) << check.message;
  EXPECT_EQ(check.steps.size(), 3u);
}

// cast_value.md: "given an input scalar of 128.0 and an output data type of int8 ... "wrap" ...
// -128", "clamp" ... 127. Neither comes back as 128.
TEST(FillValue, WrapAndClampChangeTheValue) {
  const FillValueCheck wrap =
      check_fill("float64", "128", chain(R"({"data_type": "int8", "out_of_range": "wrap"})"));
  EXPECT_FALSE(wrap.valid);
  EXPECT_TRUE(contains(wrap.message, "encode to int8 gives -128")) << wrap.message;
  const FillValueCheck clamp =
      check_fill("float64", "128", chain(R"({"data_type": "int8", "out_of_range": "clamp"})"));
  EXPECT_FALSE(clamp.valid);
  EXPECT_TRUE(contains(clamp.message, "encode to int8 gives 127")) << clamp.message;
  const FillValueCheck fine =
      check_fill("float64", "127", chain(R"({"data_type": "int8", "out_of_range": "wrap"})"));
  EXPECT_TRUE(fine.valid) << fine.message;
}

// -0.0 into int8 is +0 (NegZeroNoSign default), which decodes to +0.0: the sign of zero is lost.
// FillRoundTrip: default (same value and sign of zero) rejects it, ignore-zero-sign accepts it,
// bit-exact rejects it. Into float16 the sign is kept (spec: "Signed zero MUST be preserved").
TEST(FillValue, SignedZeroAndFillRoundTripFlag) {
  const std::string to_int8 = chain(R"({"data_type": "int8"})");
  EXPECT_FALSE(check_fill("float32", "-0.0", to_int8).valid);
  EXPECT_TRUE(check_fill("float32", "-0.0", to_int8,
                         kDefault.with(Flag::FillRoundTrip, kFillRoundTripIgnoreZeroSign))
                  .valid);
  EXPECT_FALSE(check_fill("float32", "-0.0", to_int8,
                          kDefault.with(Flag::FillRoundTrip, kFillRoundTripBitExact))
                   .valid);
  const std::string to_float16 = chain(R"({"data_type": "float16"})");
  EXPECT_TRUE(check_fill("float32", "-0.0", to_float16).valid);
  EXPECT_TRUE(check_fill("float32", "-0.0", to_float16,
                         kDefault.with(Flag::FillRoundTrip, kFillRoundTripBitExact))
                  .valid);
}

// A float32 NaN with a payload (0x7fc00001) becomes float16's canonical NaN and then float32's
// canonical NaN 0x7fc00000 (procedure: NaN results are the canonical NaN): any NaN matches any NaN
// by default; bit-exact rejects it. "NaN" itself comes back bit for bit.
TEST(FillValue, NaNPayloadAndFillRoundTripFlag) {
  const std::string to_float16 = chain(R"({"data_type": "float16"})");
  const Readings bit_exact = kDefault.with(Flag::FillRoundTrip, kFillRoundTripBitExact);
  const FillValueCheck payload = check_fill("float32", R"("0x7fc00001")", to_float16);
  EXPECT_TRUE(payload.valid) << payload.message;
  ASSERT_EQ(payload.steps.size(), 3u);
  EXPECT_EQ(payload.steps[1].bits, 0x7e00u);      // float16 canonical NaN
  EXPECT_EQ(payload.steps[2].bits, 0x7fc00000u);  // float32 canonical NaN
  EXPECT_FALSE(check_fill("float32", R"("0x7fc00001")", to_float16, bit_exact).valid);
  EXPECT_TRUE(check_fill("float32", R"("NaN")", to_float16, bit_exact).valid);
}

// The NumPy example maps NaN to 0 on encode; 0 decodes to 0.0, not NaN: a NaN fill value does not
// survive that configuration.
TEST(FillValue, NaNMappedAwayDoesNotSurvive) {
  // Appended piece by piece: GCC 12 warns falsely about `"literal" + std::string` here.
  const FillValueCheck check =
      validate_array_metadata(data_type("float64"), J(R"("NaN")"),
                              J(std::string("[").append(kNumPyCodec).append(", \"bytes\"]")));
  EXPECT_FALSE(check.valid);
  EXPECT_TRUE(contains(check.message, "encode to uint8 gives 0")) << check.message;
}

// uint8 255 to float8_e4m3 (bias 7, 3 mantissa bits, IEEE: max 1.875 * 2^7 = 240): between 2^7 and
// 2^8 the grid spacing is 16, so 255 rounds to 256, beyond 240; clamp gives +Infinity (spec:
// "For output data types with representations of +-Infinity, values outside the finite range ...
// MUST be mapped to +-Infinity"). Infinity does not decode into uint8: the decode step fails.
TEST(FillValue, DecodeStepFails) {
  const FillValueCheck check =
      check_fill("uint8", "255", chain(R"({"data_type": "float8_e4m3", "out_of_range": "clamp"})"));
  EXPECT_FALSE(check.valid);
  EXPECT_TRUE(contains(check.message, "encode to float8_e4m3 gives \"Infinity\"")) << check.message;
  EXPECT_TRUE(contains(check.message, "decode to uint8 failed: infinity")) << check.message;
  ASSERT_EQ(check.steps.size(), 2u);
  EXPECT_EQ(check.steps[1].bits, 0x78u);  // float8_e4m3 +Infinity: 0 1111 000
}

// Two cast_value codecs: float64 -> float32 -> float16 and back. 0.5 is exact everywhere.
// 1e10 = 2^10 * 5^10 and 5^10 = 9765625 < 2^24, so it is exact in float32, but beyond float16's
// largest value 65504: the second encode fails.
TEST(FillValue, ChainOfCastCodecs) {
  const std::string codecs = "[" + codec_with(R"({"data_type": "float32"})") + ", " +
                             codec_with(R"({"data_type": "float16"})") + ", \"bytes\"]";
  const FillValueCheck half = check_fill("float64", "0.5", codecs);
  EXPECT_TRUE(half.valid) << half.message;
  ASSERT_EQ(half.steps.size(), 5u);
  EXPECT_EQ(half.steps[1].label, "encode codecs[0]");
  EXPECT_EQ(half.steps[2].label, "encode codecs[1]");
  EXPECT_EQ(half.steps[2].bits, 0x3800u);  // float16 0.5: biased exponent 14, mantissa 0
  EXPECT_EQ(half.steps[3].label, "decode codecs[1]");
  EXPECT_EQ(half.steps[3].type, &data_type("float32"));
  EXPECT_EQ(half.steps[4].label, "decode codecs[0]");
  EXPECT_EQ(half.steps[4].bits, 0x3fe0000000000000u);  // float64 0.5
  EXPECT_EQ(half.cast_codecs.size(), 2u);
  EXPECT_EQ(half.cast_codecs[1].array_type, &data_type("float32"));

  const FillValueCheck big = check_fill("float64", "1e10", codecs);
  EXPECT_FALSE(big.valid);
  EXPECT_TRUE(contains(big.message, "encode to float32 (codecs[0]) gives 10000000000.0"))
      << big.message;
  EXPECT_TRUE(contains(big.message, "encode to float16 (codecs[1]) failed: out of range"))
      << big.message;
}

TEST(FillValue, OtherCodecsInTheChain) {
  const std::string cast = codec_with(R"({"data_type": "int8"})");
  // transpose keeps the type; bytes is the array -> bytes codec; crc32c and anything after bytes
  // are bytes -> bytes.
  EXPECT_TRUE(check_fill("int16", "5",
                         R"([{"name": "transpose", "configuration": {"order": [0]}}, )" + cast +
                             R"(, {"name": "bytes", "configuration": {"endian": "little"}},
                                  {"name": "crc32c"}, "gzip", {"name": "my_checksum"}])")
                  .valid);
  EXPECT_TRUE(check_fill("int16", "5", "[" + cast + ", \"packbits\", \"zstd\", \"blosc\"]").valid);
  // cast_value after the array -> bytes codec.
  const FillValueCheck late = check_fill("int16", "5", "[\"bytes\", " + cast + "]");
  EXPECT_FALSE(late.valid);
  EXPECT_TRUE(contains(late.message, "codecs[1]")) << late.message;
  EXPECT_TRUE(contains(late.message, "codecs[0]")) << late.message;
  // An unknown codec before the array -> bytes codec: the oracle cannot decide (never invalid).
  const FillValueCheck unknown =
      check_fill("int16", "5",
                 R"([{"name": "numcodecs.bitround", "configuration": {"keepbits": 3}}, )" + cast +
                     ", \"bytes\"]");
  EXPECT_FALSE(unknown.valid);
  EXPECT_EQ(unknown.verdict, MetadataVerdict::Undecided) << unknown.message;
  EXPECT_TRUE(contains(unknown.message, "codecs[0]")) << unknown.message;
  EXPECT_TRUE(contains(unknown.message, "numcodecs.bitround")) << unknown.message;
  // A misspelt known name is no unknown codec: invalid (names are case-sensitive).
  const FillValueCheck misspelt =
      check_fill("int16", "5", R"([{"name": "Scale_Offset"}, )" + cast + ", \"bytes\"]");
  EXPECT_EQ(misspelt.verdict, MetadataVerdict::Invalid) << misspelt.message;
  // No cast_value codec: nothing to check, but the fill value must still be valid.
  EXPECT_TRUE(check_fill("int16", "5", R"(["bytes"])").valid);
  EXPECT_FALSE(check_fill("int16", "5.5", R"(["bytes"])").valid);
}

TEST(FillValue, MalformedChains) {
  EXPECT_FALSE(check_fill("int16", "5", "{}").valid);
  EXPECT_FALSE(check_fill("int16", "5", R"(["cast_value"])").valid);  // no configuration
  EXPECT_FALSE(check_fill("int16", "5", "[5]").valid);
  EXPECT_FALSE(check_fill("int16", "5", R"([{"configuration": {}}])").valid);
  const FillValueCheck bad =
      check_fill("int16", "5", chain(R"({"data_type": "int8", "rounding": "half-up"})"));
  EXPECT_FALSE(bad.valid);
  EXPECT_EQ(bad.message.rfind("codecs[0].configuration.rounding: ", 0), 0u) << bad.message;
}

TEST(FillValue, InvalidFillValue) {
  const std::string codecs = chain(R"({"data_type": "int8"})");
  const FillValueCheck check = check_fill("uint8", "1.0", codecs);
  EXPECT_FALSE(check.valid);
  EXPECT_EQ(check.message.rfind("fill_value: invalid uint8 scalar 1.0", 0), 0u) << check.message;
  EXPECT_TRUE(check_fill("uint8", "1.0", codecs,
                         kDefault.with(Flag::IntegerJSON, kIntegerJSONAcceptIntegral))
                  .valid);
  EXPECT_FALSE(check_fill("float32", R"("+Infinity")", chain(R"({"data_type": "float16"})")).valid);
  EXPECT_TRUE(check_fill("float32", R"("Infinity")", chain(R"({"data_type": "float16"})")).valid);
}

TEST(FillValue, WholeArrayMetadata) {
  EXPECT_FALSE(validate_array_metadata(J(R"({"data_type": "int16", "codecs": []})")).valid);
  EXPECT_FALSE(validate_array_metadata(J(R"({"fill_value": 0, "codecs": []})")).valid);
  EXPECT_FALSE(validate_array_metadata(J(R"({"data_type": "int16", "fill_value": 0})")).valid);
  EXPECT_FALSE(validate_array_metadata(J("[]")).valid);
  const FillValueCheck bool_array = validate_array_metadata(
      J(R"({"data_type": "bool", "fill_value": false, "codecs": ["bytes"]})"));
  EXPECT_FALSE(bool_array.valid);
  EXPECT_TRUE(contains(bool_array.message, "\"bool\"")) << bool_array.message;
  EXPECT_TRUE(validate_array_metadata(J(R"({"data_type": {"name": "float64"}, "fill_value": "NaN",
      "shape": [10], "codecs": [{"name": "cast_value", "configuration": {"data_type": "float32"}},
      "bytes"]})"))
                  .valid);
}

}  // namespace
}  // namespace cvc::codec_metadata_test
