// The store-level family (vectors/STORES.md): its chunks hold what the oracle's element cast
// gives, laid out as the Zarr v3 bytes and sharding codecs say; its verification has teeth (a
// flipped byte in a chunk file, an edited expected chunk, a tampered shard index are reported).
#include "generators/stores_family.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "oracle/cast.hpp"
#include "oracle/exact_value.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/slow/slow_element_oracle.hpp"
#include "vector_format/crc32c.hpp"
#include "vector_format/manifest.hpp"
#include "vector_format/result_text.hpp"
#include "vector_format/store_array.hpp"
#include "vector_format/store_chunks.hpp"
#include "vector_format/store_index.hpp"
#include "vector_format/vector_check.hpp"

namespace cvc::stores_test {
namespace {

namespace fs = std::filesystem;

const std::string* find_family_file(const std::string& path) {
  for (const auto& [name, bytes] : store_family_files())
    if (name == path) return &bytes;
  return nullptr;
}

const std::string& family_file(const std::string& path) {
  if (const std::string* bytes = find_family_file(path)) return *bytes;
  throw std::runtime_error("no family file " + path);
}

// The index's arrays (kept for the test binary's life: range-for over a temporary would dangle).
const nlohmann::json& index_arrays() {
  static const nlohmann::json arrays = parse_json_exact(family_file("stores/index.json"))["arrays"];
  return arrays;
}

std::uint64_t pattern(const DataType& type, const nlohmann::json& hex) {
  return *parse_result_text(type, hex.get<std::string>(), "test");
}

TEST(Crc32c, StandardCheckValue) {
  // The CRC-32C check value of "123456789" (RFC 3720 B.4 / the CRC catalogue).
  EXPECT_EQ(crc32c("123456789"), 0xE3069283u);
  EXPECT_EQ(crc32c(""), 0u);
}

TEST(StoreChunks, SubByteElementsIgnoreTheirUpperBits) {
  const char byte = static_cast<char>(0xf3);
  EXPECT_EQ(element_from_bytes(data_type("int4"), &byte, false), 3u);
  EXPECT_EQ(element_bytes(data_type("uint16"), 0x1234, true), std::string("\x12\x34"));
  EXPECT_EQ(element_bytes(data_type("uint16"), 0x1234, false), std::string("\x34\x12"));
}

// What check-store compares (vector_format's stored_chunk): a shard of the 6x5 array in 4x4
// shards of 2x2 inner chunks, written in rows 0-4 and columns 0-2. Shard c/1/0 covers rows 4-7:
// its inner chunks 0 and 1 hold row 4's written elements (and row 5's fill), 2 and 3 lie wholly
// beyond the array (padding, hence empty); a file shorter than its index or a changed index byte
// is refused.
TEST(StoreChunks, StoredChunkUndoesTheBytesCodecInnerChunkByInnerChunk) {
  const std::string id = "encode/shard-crc32c-float32-bfloat16";
  const StoreArray array =
      parse_store_array(parse_json_exact(family_file("stores/" + id + "/zarr.json")));
  nlohmann::json entry;
  for (const nlohmann::json& item : index_arrays())
    if (item["id"] == id) entry = item;
  ASSERT_TRUE(entry.is_object());
  const std::string hex = entry["expected_chunks"]["c/1/0"].get<std::string>();
  std::string file;
  for (std::size_t i = 0; i < hex.size(); i += 2)
    file += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  const StoredChunk stored = stored_chunk(array, {1, 0}, file, "c/1/0");
  ASSERT_EQ(stored.inner.size(), 4u);
  EXPECT_FALSE(stored.inner[2]);
  EXPECT_FALSE(stored.inner[3]);
  EXPECT_EQ(stored.padding[0], (std::vector<bool>{false, false, false, false}));
  EXPECT_EQ(stored.padding[1], (std::vector<bool>{false, false, false, false}));
  EXPECT_EQ(stored.padding[2], std::vector<bool>(4, true));
  const auto encoded = [&](std::size_t k) {  // write.values[k], as stored
    return encode_element(array, pattern(*array.array_type, entry["write"]["values"][k])).bits;
  };
  const std::uint64_t fill = encode_element(array, array.fill_bits).bits;
  ASSERT_TRUE(stored.inner[0]);
  EXPECT_EQ(*stored.inner[0], (std::vector<std::uint64_t>{encoded(12), encoded(13), fill, fill}));
  ASSERT_TRUE(stored.inner[1]);
  EXPECT_EQ((*stored.inner[1])[0], encoded(14));
  EXPECT_THROW(stored_chunk(array, {1, 0}, file.substr(0, 20), "c/1/0"), StoreFormatError);
  std::string altered = file;
  altered[altered.size() - 10] ^= 1;  // inside the index: its crc32c no longer matches
  EXPECT_THROW(stored_chunk(array, {1, 0}, altered, "c/1/0"), StoreFormatError);
}

// For every one-dimensional unsharded decode array: element i is in chunk i / C at offset i % C;
// decoding its bytes through the chain with the slow oracle's element functions gives the index's
// expected value, and an element of a chunk never written reads as the fill value.
TEST(StoreFamily, DecodedChunksAreTheOraclesCastOfTheStoredElements) {
  int arrays = 0;
  for (const nlohmann::json& entry : index_arrays()) {
    const std::string id = entry["id"].get<std::string>();
    if (entry["kind"] != "decode" || entry["shape"].size() != 1 ||
        !entry["expected"].contains("values"))
      continue;
    const nlohmann::json zarr = parse_json_exact(family_file("stores/" + id + "/zarr.json"));
    const StoreArray array = parse_store_array(zarr);
    if (array.sharding) continue;
    const std::uint64_t chunk = array.chunk_shape[0];
    const int width = array.stored_type->storage_bytes();
    const nlohmann::json& values = entry["expected"]["values"];
    ASSERT_EQ(values.size(), array.shape[0]) << id;
    for (std::uint64_t i = 0; i < array.shape[0]; ++i) {
      const std::string* file =
          find_family_file("stores/" + id + "/c/" + std::to_string(i / chunk));
      if (file == nullptr) {
        EXPECT_EQ(array.fill_bits, pattern(*array.array_type, values[i])) << id << " element " << i;
        continue;
      }
      const std::string& bytes = *file;
      ASSERT_EQ(bytes.size(), chunk * width) << id << ": an edge chunk is full size";
      std::uint64_t bits =
          element_from_bytes(*array.stored_type, &bytes[(i % chunk) * width], array.big_endian);
      const ChainResult result = decode_through(array.chain, bits, {}, slow::slow_element_oracle());
      ASSERT_TRUE(result.ok()) << id << " element " << i;
      EXPECT_EQ(result.bits, pattern(*array.array_type, values[i])) << id << " element " << i;
    }
    ++arrays;
  }
  EXPECT_GT(arrays, 40);
}

// For every one-dimensional unsharded encode array written whole: each expected chunk holds the
// oracle's encoding of the values, and its padding the encoded fill value.
TEST(StoreFamily, ExpectedChunksAreTheOraclesEncodingOfTheValues) {
  int arrays = 0;
  for (const nlohmann::json& entry : index_arrays()) {
    const std::string id = entry["id"].get<std::string>();
    if (entry["kind"] != "encode" || entry["shape"].size() != 1 ||
        dump_json_exact(entry["write"]["selection"]) !=
            "[[0," + dump_json_exact(entry["shape"][0]) + "]]" ||
        !entry.contains("expected_chunks"))
      continue;
    const StoreArray array =
        parse_store_array(parse_json_exact(family_file("stores/" + id + "/zarr.json")));
    if (array.sharding) continue;
    const auto encode = [&](std::uint64_t bits) {
      const ChainResult result = encode_through(array.chain, bits, {}, slow::slow_element_oracle());
      EXPECT_TRUE(result.ok()) << id;
      return result.bits;
    };
    const std::uint64_t chunk = array.chunk_shape[0];
    const std::uint64_t chunks = (array.shape[0] + chunk - 1) / chunk;
    ASSERT_EQ(entry["expected_chunks"].size(), chunks) << id;
    std::string expected_hex;
    for (std::uint64_t i = 0; i < chunks * chunk; ++i) {
      const std::uint64_t bits =
          i < array.shape[0] ? encode(pattern(*array.array_type, entry["write"]["values"][i]))
                             : encode(array.fill_bits);
      expected_hex += bytes_hex(element_bytes(*array.stored_type, bits, array.big_endian));
    }
    std::string listed_hex;
    for (std::uint64_t c = 0; c < chunks; ++c)
      listed_hex += entry["expected_chunks"]["c/" + std::to_string(c)].get<std::string>();
    EXPECT_EQ(listed_hex, expected_hex) << id;
    ++arrays;
  }
  EXPECT_GT(arrays, 40);
}

TEST(StoreFamily, CoversEveryTypeAsArrayAndStoredTypeAndEveryFeature) {
  std::set<std::string> array_types;
  std::set<std::string> stored_types;
  std::set<std::string> features;
  for (const nlohmann::json& entry : index_arrays()) {
    if (entry["kind"] != "open") {
      array_types.insert(entry["data_type"].get<std::string>());
      stored_types.insert(entry["stored_data_type"].get<std::string>());
    }
    for (const nlohmann::json& feature : entry["features"])
      features.insert(feature.get<std::string>());
  }
  EXPECT_EQ(array_types.size(), static_cast<std::size_t>(kDataTypeCount));
  EXPECT_EQ(stored_types.size(), static_cast<std::size_t>(kDataTypeCount));
  // Every feature of vectors/STORES.md (the index reader's list, which is the schema's) is
  // exercised.
  for (const std::string_view feature : kStoreFeatures)
    EXPECT_TRUE(features.count(std::string(feature))) << feature;
}

const nlohmann::json& index_entry(const std::string& id) {
  for (const nlohmann::json& entry : index_arrays())
    if (entry["id"] == id) return entry;
  throw std::runtime_error("no array " + id);
}

const nlohmann::json& zarr_codecs(const std::string& id) {
  static std::map<std::string, nlohmann::json> read;
  if (!read.contains(id)) read[id] = parse_json_exact(family_file("stores/" + id + "/zarr.json"));
  return read[id]["codecs"];
}

// scale_offset.md, "Float64 to uint8 with NaN preservation": the metadata exactly as the spec's
// snippet, 2540.0 stored as 255 ("maps values from [0.0, 2540.0] to [1.0, 255.0]"), and the fill
// value NaN stored as 0 in the unwritten elements of a partly written chunk and read back as NaN
// ("scalar_map to explicitly map NaN to 0 on encode and 0 to NaN on decode").
TEST(StoreFamily, TheSpecsNanExampleIsItsMetadataAndItsFillRoundTrip) {
  const std::string spec_codecs = R"([{"name": "scale_offset", "configuration": {"offset": -10,
      "scale": 0.1}}, {"name": "cast_value", "configuration": {"data_type": "uint8", "rounding":
      "nearest-even", "scalar_map": {"encode": [["NaN", 0]], "decode": [[0, "NaN"]]}}}])";
  for (const std::string kind : {"decode", "encode"}) {
    nlohmann::json codecs = zarr_codecs(kind + "/scale-offset-nan-float64-uint8");
    ASSERT_EQ(codecs.size(), 3u);
    EXPECT_EQ(codecs.back()["name"], "bytes");
    codecs.erase(codecs.size() - 1);
    EXPECT_EQ(dump_json_exact(codecs), dump_json_exact(parse_json_exact(spec_codecs))) << kind;
  }
  const nlohmann::json& encode = index_entry("encode/scale-offset-nan-float64-uint8");
  EXPECT_EQ(encode["data_type"], "float64");
  EXPECT_EQ(encode["stored_data_type"], "uint8");
  // Selection rows 0-1, columns 1-3 of a 3x5 array in 2x2 chunks: chunk c/0/0 holds columns 0-1,
  // and column 0 is never written (the fill, stored 0); its column 1 the first written values.
  const nlohmann::json& values = encode["write"]["values"];
  ASSERT_EQ(values[0], "0x40a3d80000000000");  // 2540.0
  const std::string chunk = encode["expected_chunks"]["c/0/0"].get<std::string>();
  EXPECT_EQ(chunk.substr(0, 4), "00ff");  // row 0: the fill NaN as 0, then 2540.0 as 255
  const nlohmann::json& read = index_entry("decode/scale-offset-nan-float64-uint8");
  const DataType& float64 = data_type("float64");
  EXPECT_TRUE(decode_exact(float64, pattern(float64, read["expected"]["values"][0])).is_nan());
  EXPECT_EQ(read["expected"]["values"][1], "0x40a3d80000000000");
}

// scale_offset.md's conversion example of numcodecs.fixedscaleoffset: "a float32 array with a
// fill_value of 10.0 ... into a uint8 array with a fill_value of 0".
TEST(StoreFamily, TheAliasIsTheSpecsConversionExample) {
  const nlohmann::json& codecs = zarr_codecs("decode/fixedscaleoffset-float32-uint8");
  EXPECT_EQ(dump_json_exact(codecs[0]),
            dump_json_exact(parse_json_exact(
                R"({"name": "numcodecs.fixedscaleoffset", "configuration": {"astype": "uint8",
                    "dtype": "float32", "scale": 0.1, "offset": 10}})")));
  const nlohmann::json& open = index_entry("open/valid-fixedscaleoffset");
  EXPECT_EQ(open["expected"]["metadata"], "valid");
  EXPECT_NE(open["reason"].get<std::string>().find("encode to uint8 (codecs[0]) gives 0,"),
            std::string::npos);
  EXPECT_EQ(index_entry("decode/fixedscaleoffset-float32-uint8")["stored_data_type"], "uint8");
}

// The uint16 range reduction of scale_offset.md with fill 0: "If any intermediate or final value
// ... is not representable in that data type, implementations MUST treat this as an error", and
// 0 - 1000 is no uint16.
TEST(StoreFamily, AFillValueScaleOffsetCannotEncodeIsInvalid) {
  const nlohmann::json& open = index_entry("open/invalid-scale-offset-fill-uint16");
  EXPECT_EQ(open["expected"]["metadata"], "invalid");
  EXPECT_NE(open["reason"].get<std::string>().find("not_representable in its subtract"),
            std::string::npos);
  EXPECT_EQ(index_entry("encode/error-scale-offset-uint16-uint8")["expected"]["error"],
            "not_representable");
}

// A folder holding only the store family, with its manifest; verified by check_vectors.
class StoreVerificationTest : public testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("cvc-stores-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
             "-" + testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    files_ = store_family_files();
    write_all();
  }
  void TearDown() override { fs::remove_all(root_); }

  void write_all() const {
    for (const auto& [path, bytes] : files_) {
      fs::create_directories((root_ / path).parent_path());
      std::ofstream(root_ / path, std::ios::binary) << bytes;
    }
    std::ofstream(root_ / "manifest.json", std::ios::binary) << manifest_text(files_);
  }
  std::string& file(const std::string& path) {
    for (auto& [name, bytes] : files_)
      if (name == path) return bytes;
    throw std::runtime_error("no file " + path);
  }
  std::vector<std::string> problems() const {
    VectorCheckOptions options;
    return check_vectors(root_.string(), options).problems;
  }
  static bool mentions(const std::vector<std::string>& problems, const std::string& text) {
    for (const std::string& problem : problems)
      if (problem.find(text) != std::string::npos) return true;
    return false;
  }

  fs::path root_;
  std::vector<std::pair<std::string, std::string>> files_;
};

TEST_F(StoreVerificationTest, TheGeneratedFamilyVerifies) {
  EXPECT_EQ(problems(), std::vector<std::string>{});
}

TEST_F(StoreVerificationTest, AFlippedByteInAChunkFileIsFoundByTheSlowOracle) {
  // Re-hashed in the manifest, so that only the recomputation can find it.
  std::string& chunk = file("stores/decode/pair-float32-float64/c/0");
  chunk[0] ^= 0x40;  // the exponent of the first element, in either byte order
  chunk[7] ^= 0x40;
  write_all();
  const std::vector<std::string> found = problems();
  ASSERT_FALSE(found.empty());
  EXPECT_TRUE(mentions(found, "decode/pair-float32-float64: the index says")) << found[0];
}

// The scale_offset arrays are recomputed through their chains by the slow oracle: a stored element
// changed in the NaN example's chunk, and in a shard of the quantization, is found.
TEST_F(StoreVerificationTest, AChangedElementBehindScaleOffsetIsFoundByTheSlowOracle) {
  std::string& chunk = file("stores/decode/scale-offset-nan-float64-uint8/c/0/0");
  chunk[1] ^= 0x01;  // row 0, column 1: 2540.0 stored as 255 becomes 254
  std::string& shard = file("stores/decode/shard-scale-offset-float32-uint16/c/0/0");
  shard[0] ^= 0x01;  // the first inner chunk's first element, little-endian uint16
  write_all();
  const std::vector<std::string> found = problems();
  EXPECT_TRUE(mentions(found, "decode/scale-offset-nan-float64-uint8: the index says"));
  EXPECT_TRUE(mentions(found, "decode/shard-scale-offset-float32-uint16: the index says"));
}

TEST_F(StoreVerificationTest, AFlippedByteUnderAStaleManifestIsFoundByTheDigest) {
  const fs::path chunk = root_ / "stores/decode/pair-float32-float64/c/0";
  std::string bytes = file("stores/decode/pair-float32-float64/c/0");
  bytes[0] ^= 1;
  std::ofstream(chunk, std::ios::binary) << bytes;
  EXPECT_TRUE(mentions(problems(), "SHA-256 differs"));
}

TEST_F(StoreVerificationTest, AnEditedExpectedChunkIsFound) {
  std::string& index = file("stores/index.json");
  const std::size_t at = index.find("\"expected_chunks\":{\"c/0\":\"");
  ASSERT_NE(at, std::string::npos);
  char& digit = index[at + std::string("\"expected_chunks\":{\"c/0\":\"").size()];
  digit = digit == '0' ? '1' : '0';
  write_all();
  EXPECT_TRUE(mentions(problems(), "the slow oracle writes"));
}

TEST_F(StoreVerificationTest, ATamperedShardIndexAndAnUnlistedChunkAreFound) {
  std::string& shard = file("stores/decode/shard-crc32c-float32-bfloat16/c/0/0");
  shard[shard.size() - 10] ^= 1;  // inside the index: the crc32c no longer matches
  write_all();
  std::ofstream(root_ / "stores/decode/pair-int2-int4/c/9", std::ios::binary) << "x";
  const std::vector<std::string> found = problems();
  EXPECT_TRUE(mentions(found, "crc32c does not match"));
  EXPECT_TRUE(mentions(found, "c/9: not listed in the manifest"));
}

}  // namespace
}  // namespace cvc::stores_test
