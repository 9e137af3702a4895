// The store-level family (vectors/STORES.md): its chunks hold what the oracle's element cast
// gives, laid out as the Zarr v3 bytes and sharding codecs say; its verification has teeth (a
// flipped byte in a chunk file, an edited expected chunk, a tampered shard index are reported).
#include "generators/stores_family.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "oracle/cast.hpp"
#include "oracle/json_exact.hpp"
#include "oracle/slow/slow_cast.hpp"
#include "vector_format/crc32c.hpp"
#include "vector_format/manifest.hpp"
#include "vector_format/result_text.hpp"
#include "vector_format/store_array.hpp"
#include "vector_format/store_chunks.hpp"
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
  const auto cast = [](const CastRule& rule, std::uint64_t bits) { return cast_value(rule, bits); };
  const auto encoded = [&](std::size_t k) {  // write.values[k], as stored
    return encode_element(array, pattern(*array.array_type, entry["write"]["values"][k]), cast)
        .bits;
  };
  const std::uint64_t fill = encode_element(array, array.fill_bits, cast).bits;
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
// decoding its bytes with the oracle's element cast gives the index's expected value, and an
// element of a chunk never written reads as the fill value.
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
      for (auto codec = array.casts.rbegin(); codec != array.casts.rend(); ++codec) {
        const CastResult result = slow::cast_value(codec->decode_rule(), bits);
        ASSERT_TRUE(result.ok()) << id << " element " << i;
        bits = result.bits;
      }
      EXPECT_EQ(bits, pattern(*array.array_type, values[i])) << id << " element " << i;
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
      for (const CastValueCodec& codec : array.casts) {
        const CastResult result = cast_value(codec.encode_rule(), bits);
        EXPECT_TRUE(result.ok()) << id;
        bits = result.bits;
      }
      return bits;
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
  for (const char* feature : {"type-pair",         "rounding",        "out-of-range-clamp",
                              "out-of-range-wrap", "scalar-map",      "error",
                              "little-endian",     "big-endian",      "missing-chunk",
                              "partial-chunk",     "edge-chunk",      "fill-value",
                              "sharding",          "shard-crc32c",    "shard-index-start",
                              "shard-fill",        "cast-chain",      "subbyte-upper-bits",
                              "metadata-valid",    "metadata-invalid"})
    EXPECT_TRUE(features.count(feature)) << feature;
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
