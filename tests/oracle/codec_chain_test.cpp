// Chains (oracle/codec_chain.hpp) and the fill value threaded through them, sharding included
// (validate_array_metadata). The verdicts are the seed's (zarr-python's
// change adding the cast_value fill value round-trip check, table "Tests") and the specs' (the
// scale_offset spec, docs/specs.md, "Examples" and "Conversion example"); every value is derived by
// hand in a comment, none copied from a run.
#include "oracle/codec_chain.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "oracle/io/json_exact.hpp"

namespace cvc::codec_chain_test {
namespace {

using json = nlohmann::json;

json J(std::string_view text) {
  return parse_json_exact(text);
}

FillValueCheck check(std::string_view type, std::string_view fill, std::string_view codecs,
                     const Readings& readings = {}) {
  return validate_array_metadata(data_type(type), J(fill), J(codecs), readings);
}

bool contains(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

// Seed, test_fill_value_checked_inside_shards: "shards with ScaleOffset(offset=100) then uint16
// clamp, fill 100.0 ... accepted although the default scalar 0.0 would be lost".
constexpr std::string_view kSeedShardedScaleOffset = R"([{"name": "sharding_indexed",
    "configuration": {"chunk_shape": [2], "codecs": [
        {"name": "scale_offset", "configuration": {"offset": 100}},
        {"name": "cast_value", "configuration": {"data_type": "uint16", "out_of_range": "clamp"}},
        "bytes"], "index_codecs": ["bytes"]}}])";
// Seed, same test: "shards with int8 clamp, fill 1000.0 ... raises".
constexpr std::string_view kSeedShardedClamp = R"([{"name": "sharding_indexed",
    "configuration": {"chunk_shape": [2], "codecs": [
        {"name": "cast_value", "configuration": {"data_type": "int8", "out_of_range": "clamp"}},
        "bytes"], "index_codecs": ["bytes"]}}])";

TEST(ChainFill, SeedCasesInsideShards) {
  // 100.0 - 100 = 0.0 reaches cast_value, which encodes 0 and decodes 0.0: accepted.
  const FillValueCheck accepted = check("float32", "100.0", kSeedShardedScaleOffset);
  EXPECT_TRUE(accepted.valid) << accepted.message;
  ASSERT_EQ(accepted.steps.size(), 4u) << accepted.message;
  EXPECT_EQ(accepted.steps[1].label, "encode codecs[0].configuration.codecs[0]");
  EXPECT_EQ(accepted.steps[1].bits, 0u);  // float32 +0.0
  EXPECT_EQ(accepted.steps[2].bits, 0u);  // uint16 0
  // 1000.0 clamps to 127 in int8, which decodes to 127.0: raises; the path names the inner codec.
  const FillValueCheck raises = check("float32", "1000.0", kSeedShardedClamp);
  EXPECT_EQ(raises.verdict, MetadataVerdict::Invalid);
  EXPECT_TRUE(contains(raises.message, "codecs[0].configuration.codecs[0]")) << raises.message;
  EXPECT_TRUE(contains(raises.message, "127.0")) << raises.message;
}

TEST(ChainFill, ShardLevelFillIsTheValueReachingTheShard) {
  // An outer scale_offset (offset 100) before the sharding codec: the inner int8 clamp receives
  // 1000.0 - 100 = 900.0, clamps to 127: invalid; with offset 999 it receives 1.0: valid.
  const std::string inner =
      R"({"name": "sharding_indexed", "configuration": {"chunk_shape": [2], "codecs": [
          {"name": "cast_value", "configuration": {"data_type": "int8", "out_of_range": "clamp"}},
          "bytes"], "index_codecs": ["bytes"]}})";
  EXPECT_FALSE(
      check("float32", "1000.0",
            R"([{"name": "scale_offset", "configuration": {"offset": 100}}, )" + inner + "]")
          .valid);
  const FillValueCheck shifted =
      check("float32", "1000.0",
            R"([{"name": "scale_offset", "configuration": {"offset": 999}}, )" + inner + "]");
  EXPECT_TRUE(shifted.valid) << shifted.message;
}

TEST(ChainFill, ScaleOffsetSpecExamples) {
  // scale_offset.md, "Uint16 range reduction": offset 1000 then uint8; fill 1000 encodes to 0.
  EXPECT_TRUE(check("uint16", "1000", R"([{"name": "scale_offset", "configuration":
      {"offset": 1000}}, {"name": "cast_value", "configuration": {"data_type": "uint8"}},
      "bytes"])")
                  .valid);
  // "Float64 to uint8 with NaN preservation": fill "NaN" passes scale_offset as NaN, is mapped
  // to 0 and back to NaN.
  const FillValueCheck nan = check("float64", R"("NaN")", R"([{"name": "scale_offset",
      "configuration": {"offset": -10, "scale": 0.1}}, {"name": "cast_value", "configuration":
      {"data_type": "uint8", "rounding": "nearest-even", "scalar_map": {"encode": [["NaN", 0]],
      "decode": [[0, "NaN"]]}}}, "bytes"])");
  EXPECT_TRUE(nan.valid) << nan.message;
  // "Float32 with scale and offset": offset 5, scale 0.1, no cast_value; fill 5 encodes to 0.
  EXPECT_TRUE(check("float32", "5", R"([{"name": "scale_offset", "configuration": {"offset": 5,
      "scale": 0.1}}, "bytes"])")
                  .valid);
}

TEST(ChainFill, FixedScaleOffsetAliasExpandsAsTheSpecSays) {
  // "Conversion example": astype uint8, dtype float32, scale 0.1, offset 10 is scale_offset then
  // cast_value uint8 with out_of_range wrap; "a float32 array with a fill_value of 10.0 ... into
  // a uint8 array with a fill_value of 0".
  const json alias = J(R"([{"name": "numcodecs.fixedscaleoffset", "configuration":
      {"astype": "uint8", "dtype": "float32", "scale": 0.1, "offset": 10}}])");
  const ArrayChain chain = parse_array_chain(data_type("float32"), alias);
  ASSERT_EQ(chain.steps.size(), 2u);
  EXPECT_TRUE(std::holds_alternative<ScaleOffsetCodec>(chain.steps[0].codec));
  const CastValueCodec& cast = std::get<CastValueCodec>(chain.steps[1].codec);
  EXPECT_EQ(cast.data_type, &data_type("uint8"));
  EXPECT_EQ(cast.out_of_range, OutOfRange::Wrap);
  const FillValueCheck fill = check("float32", "10.0", R"([{"name": "numcodecs.fixedscaleoffset",
      "configuration": {"astype": "uint8", "dtype": "float32", "scale": 0.1, "offset": 10}},
      "bytes"])");
  EXPECT_TRUE(fill.valid) << fill.message;
  ASSERT_GE(fill.steps.size(), 3u);
  EXPECT_EQ(fill.steps[2].bits, 0u);  // the uint8 fill value 0
  // V2 type strings name the same types; a dtype that is not the array's is invalid.
  EXPECT_TRUE(check("float32", "10.0", R"([{"name": "numcodecs.fixedscaleoffset",
      "configuration": {"astype": "|u1", "dtype": "<f4", "scale": 0.1, "offset": 10}}, "bytes"])")
                  .valid);
  const FillValueCheck wrong_dtype = check("float32", "10.0", R"([{"name":
      "numcodecs.fixedscaleoffset", "configuration": {"astype": "|u1", "dtype": "<f8", "scale":
      0.1, "offset": 10}}])");
  EXPECT_FALSE(wrong_dtype.valid);
  EXPECT_TRUE(contains(wrong_dtype.message, "codecs[0].configuration.dtype"))
      << wrong_dtype.message;
  // "offset ... This value MUST be a JSON number."; every field is required.
  EXPECT_FALSE(check("float32", "0", R"([{"name": "numcodecs.fixedscaleoffset", "configuration":
      {"astype": "|u1", "dtype": "<f4", "scale": 1, "offset": "NaN"}}])")
                   .valid);
  EXPECT_FALSE(check("float32", "0", R"([{"name": "numcodecs.fixedscaleoffset", "configuration":
      {"astype": "|u1", "dtype": "<f4", "scale": 1}}])")
                   .valid);
}

TEST(ChainMetadata, ScaleOffsetConfiguration) {
  const auto verdict = [](std::string_view type, std::string_view codec,
                          const Readings& readings = {}) {
    std::string chain = "[";  // appended, not concatenated: GCC 12 misreads the temporaries
    chain.append(codec);
    chain.append(", \"bytes\"]");
    return validate_array_metadata(data_type(type), J("0"), J(chain), readings).verdict;
  };
  // "the entire configuration field may be omitted"; bare names too (as the spec writes "bytes").
  EXPECT_EQ(verdict("int16", R"({"name": "scale_offset"})"), MetadataVerdict::Valid);
  EXPECT_EQ(verdict("int16", R"("scale_offset")"), MetadataVerdict::Valid);
  // "Metadata with additional keys MUST be treated as invalid by readers."
  EXPECT_EQ(verdict("int16", R"({"name": "scale_offset", "configuration": {"shift": 1}})"),
            MetadataVerdict::Invalid);
  EXPECT_EQ(verdict("int16", R"({"name": "scale_offset", "configuration": 3})"),
            MetadataVerdict::Invalid);
  // offset and scale in "the Zarr V3 fill value encoding for the input array's data type": an
  // int16 scale of 0.5 is no int16; a float32 offset may be hex or "NaN".
  EXPECT_EQ(verdict("int16", R"({"name": "scale_offset", "configuration": {"scale": 0.5}})"),
            MetadataVerdict::Invalid);
  EXPECT_EQ(
      verdict("float32", R"({"name": "scale_offset", "configuration": {"offset": "0x3f800000"}})"),
      MetadataVerdict::Valid);
  // ScaleZero: invalid by default, accepted under the alternative.
  const std::string zero = R"({"name": "scale_offset", "configuration": {"scale": 0}})";
  EXPECT_EQ(verdict("int16", zero), MetadataVerdict::Invalid);
  EXPECT_EQ(verdict("float32", R"({"name": "scale_offset", "configuration": {"scale": -0.0}})"),
            MetadataVerdict::Invalid);
  EXPECT_EQ(verdict("int16", zero, Readings{}.with(Flag::ScaleZero, kScaleZeroValid)),
            MetadataVerdict::Valid);
}

TEST(ChainMetadata, UnknownCodecsCannotBeDecided) {
  const FillValueCheck unknown =
      check("float32", "0", R"([{"name": "numcodecs.bitround", "configuration": {"keepbits": 3}},
          {"name": "cast_value", "configuration": {"data_type": "int8"}}, "bytes"])");
  EXPECT_EQ(unknown.verdict, MetadataVerdict::Undecided) << unknown.message;
  EXPECT_FALSE(unknown.valid);
  // Inside a shard too, with the inner path.
  const FillValueCheck inner = check("float32", "0", R"([{"name": "sharding_indexed",
      "configuration": {"chunk_shape": [2], "codecs": [{"name": "my_filter"}, "bytes"],
      "index_codecs": ["bytes"]}}])");
  EXPECT_EQ(inner.verdict, MetadataVerdict::Undecided) << inner.message;
  EXPECT_TRUE(contains(inner.message, "codecs[0].configuration.codecs[0]")) << inner.message;
  // After the array -> bytes codec any name is bytes -> bytes; an array -> array codec is not.
  EXPECT_TRUE(check("float32", "0", R"(["bytes", "my_compressor"])").valid);
  EXPECT_EQ(check("float32", "0", R"(["bytes", "scale_offset"])").verdict,
            MetadataVerdict::Invalid);
}

TEST(ChainMetadata, ShardingConfigurationIsChecked) {
  for (std::string_view configuration :
       {R"({"codecs": ["bytes"], "index_codecs": ["bytes"]})",
        R"({"chunk_shape": [0], "codecs": ["bytes"], "index_codecs": ["bytes"]})",
        R"({"chunk_shape": [2], "codecs": "bytes", "index_codecs": ["bytes"]})",
        R"({"chunk_shape": [2], "codecs": ["bytes"]})"}) {
    const FillValueCheck result = check(
        "float32", "0",
        R"([{"name": "sharding_indexed", "configuration": )" + std::string(configuration) + "}]");
    EXPECT_EQ(result.verdict, MetadataVerdict::Invalid) << configuration;
    EXPECT_TRUE(contains(result.message, "codecs[0].configuration")) << result.message;
  }
}

// The core spec's form of a chain (zarr-specs docs/v3/core/index.rst, "Codecs": array -> array
// codecs, exactly one array -> bytes codec, bytes -> bytes codecs), at every level; and the rest of
// sharding_indexed's configuration (sharding-indexed.rst). Each was called valid before issue 33.
TEST(ChainMetadata, EveryLevelHasExactlyOneArrayToBytesCodec) {
  const std::string cast = R"({"name": "cast_value", "configuration": {"data_type": "int8"}})";
  for (const std::string& codecs :
       {std::string(R"(["bytes", "bytes"])"), std::string(R"(["packbits", "bytes"])"),
        std::string("[]"), "[" + cast + "]", "[" + cast + R"(, "bytes", "gzip", "bytes"])"}) {
    const FillValueCheck result = check("float32", "0", codecs);
    EXPECT_EQ(result.verdict, MetadataVerdict::Invalid) << codecs;
    EXPECT_TRUE(contains(result.message, "array -> bytes")) << result.message;
  }
  EXPECT_TRUE(check("float32", "0", "[" + cast + R"(, "bytes", "gzip", "crc32c"])").valid);
  // A chain of array -> array codecs is made whole by the implied bytes codec, and only then.
  const json whole = with_implied_bytes_codec(J("[" + cast + "]"));
  EXPECT_TRUE(validate_array_metadata(data_type("float32"), J("0"), whole).valid) << whole;
  EXPECT_EQ(with_implied_bytes_codec(J(R"([{"name": "sharding_indexed"}])")).size(), 1u);
}

TEST(ChainMetadata, ShardingIndexedIsCheckedAsItsSpecSays) {
  const auto sharding = [](std::string_view configuration) {
    return R"([{"name": "sharding_indexed", "configuration": {)" + std::string(configuration) +
           "}}]";
  };
  const std::string inner = R"("codecs": ["bytes"], "index_codecs": ["bytes"])";
  for (const std::string& configuration :
       {R"("chunk_shape": [2], )" + inner + R"(, "index_location": "middle")",
        std::string(R"("chunk_shape": [2], "codecs": [], "index_codecs": ["bytes"])"),
        std::string(
            R"("chunk_shape": [2], "codecs": ["bytes"], "index_codecs": ["bytes", "zstd"])"),
        std::string(R"("chunk_shape": [2], "codecs": ["bytes"], "index_codecs": [])")}) {
    const FillValueCheck result = check("float32", "0", sharding(configuration));
    EXPECT_EQ(result.verdict, MetadataVerdict::Invalid) << configuration;
  }
  // The shard shape, known from a zarr.json's regular chunk_grid: divided, of the same rank.
  const auto in_array = [&](std::string_view chunk_grid_shape, std::string_view chunk_shape) {
    return validate_array_metadata(
        J(R"({"data_type": "float32", "fill_value": 0,
        "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": )" +
          std::string(chunk_grid_shape) + R"(}}, "codecs": )" +
          sharding(R"("chunk_shape": )" + std::string(chunk_shape) + ", " + inner) + "}"));
  };
  EXPECT_TRUE(in_array("[4, 6]", "[2, 3]").valid);
  EXPECT_TRUE(in_array("[4, 6]", "[2, 3]").unchecked.empty());
  EXPECT_EQ(in_array("[4, 6]", "[3, 3]").verdict, MetadataVerdict::Invalid);
  EXPECT_EQ(in_array("[4, 6]", "[2]").verdict, MetadataVerdict::Invalid);
  // Without it (the codecs alone), valid, and what could not be checked is said.
  const FillValueCheck alone = check("float32", "0", sharding(R"("chunk_shape": [3], )" + inner));
  EXPECT_TRUE(alone.valid) << alone.message;
  ASSERT_EQ(alone.unchecked.size(), 1u);
  EXPECT_TRUE(contains(alone.unchecked.front(), "codecs[0].configuration.chunk_shape"));
}

TEST(ChainMetadata, ChainFillRoundTripWholeChainAlsoDecodesScaleOffset) {
  // float32 fill 3.0, offset 0.1, scale 3 (float32 operands): per codec (default) only the
  // float32 -> float64 cast_value is checked, exact; the whole-chain alternative also decodes the
  // scale_offset back and compares with 3.0. Whatever the rounding does, the default accepts; so
  // the verdicts can only differ in that direction.
  const std::string_view codecs = R"([{"name": "scale_offset", "configuration": {"offset": 0.1,
      "scale": 3}}, {"name": "cast_value", "configuration": {"data_type": "float64"}}, "bytes"])";
  EXPECT_TRUE(check("float32", "3.0", codecs).valid);
  const Readings whole = Readings{}.with(Flag::ChainFillRoundTrip, kChainFillRoundTripWholeChain);
  const FillValueCheck whole_check = check("float32", "3.0", codecs, whole);
  EXPECT_NE(whole_check.verdict, MetadataVerdict::Undecided);
  EXPECT_TRUE(contains(whole_check.message, "decode through scale_offset")) << whole_check.message;
}

TEST(ArrayChain, ParseRefusesWhatIsNotArrayToArray) {
  EXPECT_THROW(parse_array_chain(data_type("float32"), J(R"(["bytes"])")), MetadataError);
  EXPECT_THROW(parse_array_chain(data_type("float32"), J(R"({"name": "transpose"})")),
               MetadataError);
  try {
    parse_array_chain(data_type("float32"),
                      J(R"(["transpose", {"name": "cast_value", "configuration": {}}])"));
    ADD_FAILURE() << "accepted a cast_value without data_type";
  } catch (const MetadataError& error) {
    EXPECT_EQ(error.path(), "codecs[1].configuration.data_type");
  }
}

TEST(ArrayChain, ElementsThroughTheChain) {
  // uint16 offset 1000 then uint8 (scale_offset.md "Uint16 range reduction"): 1255 -> 255,
  // 1256 -> 256 is out of uint8's range (cast_value, out_of_range absent), 999 -> -1 is not a
  // uint16 (scale_offset); decoding 255 gives 1255.
  const ArrayChain chain = parse_array_chain(
      data_type("uint16"), J(R"([{"name": "scale_offset", "configuration": {"offset": 1000}},
          {"name": "cast_value", "configuration": {"data_type": "uint8"}}])"));
  EXPECT_EQ(&chain.output_type(), &data_type("uint8"));
  EXPECT_EQ(encode_through(chain, 1255).bits, 255u);
  const ChainResult over = encode_through(chain, 1256);
  EXPECT_FALSE(over.ok());
  EXPECT_EQ(over.failed_step, 1);
  EXPECT_EQ(over.error_name(), "out_of_range");
  const ChainResult under = encode_through(chain, 999);
  EXPECT_EQ(under.failed_step, 0);
  EXPECT_EQ(under.error_name(), "not_representable");
  EXPECT_EQ(decode_through(chain, 255).bits, 1255u);
}

}  // namespace
}  // namespace cvc::codec_chain_test
