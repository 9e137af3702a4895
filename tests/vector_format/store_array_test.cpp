// A store array's zarr.json read into its array -> array chain (vector_format/store_array.hpp):
// scale_offset and the numcodecs.fixedscaleoffset alias as the oracle models them, the stored type
// the chain's output, inside sharding_indexed too; transpose refused (it would reorder a chunk's
// bytes, which this family's layout does not model); elements through the chain with the fast and
// the slow oracle alike.
#include "vector_format/store_array.hpp"

#include <gtest/gtest.h>

#include "oracle/io/json_exact.hpp"
#include "oracle/slow/slow_element_oracle.hpp"
#include "vector_format/store_chunks.hpp"

namespace cvc::store_array_test {
namespace {

nlohmann::json zarr_with(const std::string& type, const std::string& fill,
                         const std::string& codecs) {
  return parse_json_exact(R"({"zarr_format": 3, "node_type": "array", "shape": [4],
    "data_type": ")" + type +
                          R"(", "chunk_grid": {"name": "regular", "configuration":
    {"chunk_shape": [2]}}, "chunk_key_encoding": {"name": "default", "configuration":
    {"separator": "/"}}, "fill_value": )" +
                          fill + R"(, "codecs": )" + codecs + R"(, "attributes": {}})");
}

const std::string kQuantize =
    R"([{"name": "scale_offset", "configuration": {"offset": 0, "scale": 100}},
        {"name": "cast_value", "configuration": {"data_type": "uint16", "out_of_range": "clamp"}},
        {"name": "bytes", "configuration": {"endian": "big"}}])";

TEST(StoreArray, ItsChainHoldsScaleOffsetThenCastValue) {
  const StoreArray array = parse_store_array(zarr_with("float32", "1.5", kQuantize));
  ASSERT_EQ(array.chain.steps.size(), 2u);
  EXPECT_EQ(array.chain.steps[0].name, "scale_offset");
  EXPECT_EQ(array.chain.steps[1].name, "cast_value");
  EXPECT_EQ(array.stored_type, &data_type("uint16"));
  EXPECT_TRUE(array.big_endian);
  // 1.5 * 100 = 150 (exact in float32), and back; the same with the slow oracle.
  const ChainOracle slow{&slow::slow_element_oracle(), {}};
  for (const ChainOracle& oracle : {ChainOracle{}, slow}) {
    const ChainResult encoded = encode_element(array, array.fill_bits, oracle);
    ASSERT_TRUE(encoded.ok());
    EXPECT_EQ(encoded.bits, 150u);
    EXPECT_EQ(decode_element(array, 150, oracle).bits, array.fill_bits);
  }
}

TEST(StoreArray, ItsChainIsTheInnerOneUnderSharding) {
  const StoreArray array = parse_store_array(zarr_with(
      "float32", "1.5",
      R"([{"name": "sharding_indexed", "configuration": {"chunk_shape": [1], "codecs": )" +
          kQuantize + R"(, "index_codecs": [{"name": "bytes", "configuration": {"endian":
          "little"}}]}}])"));
  ASSERT_TRUE(array.sharding);
  EXPECT_EQ(array.chain.steps.size(), 2u);
  EXPECT_EQ(array.stored_type, &data_type("uint16"));
}

// scale_offset.md, "Conversion to scale_offset": the alias is scale_offset, then cast_value to
// astype with out_of_range "wrap" for an integral astype.
TEST(StoreArray, TheAliasExpandsToTwoSteps) {
  const StoreArray array = parse_store_array(zarr_with(
      "float32", "10",
      R"([{"name": "numcodecs.fixedscaleoffset", "configuration": {"astype": "uint8", "dtype":
          "float32", "scale": 0.1, "offset": 10}}, {"name": "bytes"}])"));
  ASSERT_EQ(array.chain.steps.size(), 2u);
  EXPECT_EQ(array.stored_type, &data_type("uint8"));
  EXPECT_EQ(std::get<CastValueCodec>(array.chain.steps[1].codec).out_of_range, OutOfRange::Wrap);
  EXPECT_EQ(encode_element(array, array.fill_bits).bits, 0u);  // the spec: "a fill_value of 0"
}

TEST(StoreArray, TransposeAndInvalidScaleOffsetAreRefused) {
  EXPECT_THROW(
      parse_store_array(zarr_with("float32", "0",
                                  R"([{"name": "transpose", "configuration": {"order": [0]}},
                       {"name": "bytes"}])")),
      StoreFormatError);
  // The fill value 0 cannot pass 0 - 1000 in uint16: invalid metadata, not an array to read.
  EXPECT_THROW(
      parse_store_array(zarr_with("uint16", "0",
                                  R"([{"name": "scale_offset", "configuration": {"offset": 1000}},
                       {"name": "cast_value", "configuration": {"data_type": "uint8"}},
                       {"name": "bytes"}])")),
      StoreFormatError);
}

// An element scale_offset cannot encode is a write error of scale_offset's kind.
TEST(StoreChunks, AScaleOffsetErrorIsNamedByItsKind) {
  const StoreArray array =
      parse_store_array(zarr_with("uint16", "1000",
                                  R"([{"name": "scale_offset", "configuration": {"offset": 1000}},
          {"name": "cast_value", "configuration": {"data_type": "uint8"}}, {"name": "bytes"}])"));
  const StoreWrite write = write_selection(array, {{0, 2}}, {1000, 999});
  EXPECT_EQ(write.error, "not_representable");
  EXPECT_TRUE(write.chunks.files.empty());
  EXPECT_EQ(write_selection(array, {{0, 2}}, {1000, 1001}).error, "");
}

}  // namespace
}  // namespace cvc::store_array_test
