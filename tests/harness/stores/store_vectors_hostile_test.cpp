// The store vectors as check-store reads them (harness/stores/store_vectors.hpp), given hostile
// folders: a zarr.json that is [], that contradicts index.json, that is a FIFO or /dev/zero; stray
// files and links in an array's folder; extents whose product wraps or passes the store family's
// element limit. Each is bad vectors (StoreVectorError or StoreFormatError naming the file and the
// field), in bounded time and memory, never a verdict on the implementation.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "harness/stores/store_vectors.hpp"
#include "oracle/io/input_file.hpp"
#include "oracle/io/json_exact.hpp"
#include "vector_format/store_array.hpp"
#include "vector_format/store_index.hpp"

namespace cvc::store_vectors_hostile_test {
namespace {

namespace fs = std::filesystem;

const fs::path kVectors = fs::path(CVC_SOURCE_DIR) / "vectors";

// A copy of vectors/stores/ (no manifest: check-store reads such a folder as it is).
class StoreVectorsHostileTest : public testing::Test {
 protected:
  void SetUp() override {
    root_ =
        fs::temp_directory_path() / ("cvc-store-vectors-" + std::to_string(getpid()) + "-" +
                                     testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_);
    fs::copy(kVectors / "stores", root_ / "stores", fs::copy_options::recursive);
  }
  void TearDown() override { fs::remove_all(root_); }

  fs::path array(const std::string& id) const { return root_ / "stores" / id; }

  void replace_in(const fs::path& path, const std::string& from, const std::string& to) {
    std::ifstream in(path);
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::string text = buffer.str();
    const std::size_t at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from << " in " << path;
    text.replace(at, from.size(), to);
    std::ofstream(path, std::ios::trunc) << text;
  }

  // The refusal's message; fails the test when the folder is accepted.
  std::string refusal() {
    try {
      read_store_vectors(root_);
    } catch (const StoreVectorError& error) {
      return error.what();
    }
    ADD_FAILURE() << "accepted";
    return "";
  }

  fs::path root_;
};

TEST_F(StoreVectorsHostileTest, ThePublishedStoresAreAccepted) {
  EXPECT_FALSE(read_store_vectors(root_).cases.empty());
}

TEST_F(StoreVectorsHostileTest, AZarrJsonThatIsNoObjectIsBadVectors) {
  std::ofstream(array("decode/pair-int2-int4") / "zarr.json", std::ios::trunc) << "[]";
  const std::string message = refusal();
  EXPECT_NE(message.find("decode/pair-int2-int4"), std::string::npos) << message;
  EXPECT_NE(message.find("zarr.json: [] is not a JSON object"), std::string::npos) << message;
}

TEST_F(StoreVectorsHostileTest, AZarrJsonChunkShapeOtherThanTheIndexsIsBadVectors) {
  replace_in(array("decode/pair-int2-int4") / "zarr.json", "\"chunk_shape\":[3]",
             "\"chunk_shape\":[4]");
  const std::string message = refusal();
  EXPECT_NE(message.find("zarr.json.chunk_grid.configuration.chunk_shape is [4], index.json's [3]"),
            std::string::npos)
      << message;
}

TEST_F(StoreVectorsHostileTest, AZarrJsonOutsideTheFamilysSubsetIsBadVectors) {
  replace_in(array("decode/pair-int2-int4") / "zarr.json", "\"name\":\"bytes\"",
             "\"name\":\"transpose\"");
  EXPECT_NE(refusal().find("the chain does not end with the bytes codec"), std::string::npos);
}

TEST_F(StoreVectorsHostileTest, AFifoZarrJsonIsRefusedAtOnce) {
  const fs::path zarr = array("decode/pair-int2-int4") / "zarr.json";
  fs::remove(zarr);
  ASSERT_EQ(mkfifo(zarr.c_str(), 0600), 0);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_NE(refusal().find("not a regular file"), std::string::npos);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
}

TEST_F(StoreVectorsHostileTest, AZarrJsonLinkedToDevZeroIsRefusedUnread) {
  const fs::path zarr = array("decode/pair-int2-int4") / "zarr.json";
  fs::remove(zarr);
  fs::create_symlink("/dev/zero", zarr);
  EXPECT_NE(refusal().find("zarr.json"), std::string::npos);
}

TEST_F(StoreVectorsHostileTest, AnIndexJsonLargerThanTheCapIsRefusedUnread) {
  const std::uintmax_t cap = max_input_file_bytes();
  set_max_input_file_bytes(1000);
  const std::string message = refusal();
  set_max_input_file_bytes(cap);
  EXPECT_NE(message.find("index.json"), std::string::npos) << message;
}

TEST_F(StoreVectorsHostileTest, AStrayFileInAnEncodeArraysFolderIsBadVectors) {
  fs::create_directories(array("encode/pair-int2-int4") / "c");
  std::ofstream(array("encode/pair-int2-int4") / "c/0") << "x";
  EXPECT_NE(refusal().find("only zarr.json belongs"), std::string::npos);
}

TEST_F(StoreVectorsHostileTest, AFileOutsideADecodeArraysGridIsBadVectors) {
  std::ofstream(array("decode/pair-int2-int4") / "c/7") << "x";
  EXPECT_NE(refusal().find("c/7: not a chunk file of the array's grid"), std::string::npos);
}

TEST_F(StoreVectorsHostileTest, ALinkOrFifoInAnArraysFolderIsBadVectors) {
  fs::create_directory_symlink(fs::temp_directory_path(), array("decode/pair-int2-int4") / "l");
  EXPECT_NE(refusal().find("/l: a symbolic link"), std::string::npos);
  fs::remove(array("decode/pair-int2-int4") / "l");
  ASSERT_EQ(mkfifo((array("decode/pair-int2-int4") / "c/2").c_str(), 0600), 0);
  EXPECT_NE(refusal().find("c/2: a FIFO"), std::string::npos);
}

// --- Extents: every product checked against the element limit ----------------------------------

nlohmann::json zarr_with_chunk_shape(const std::string& shape, const std::string& chunk_shape) {
  return parse_json_exact(R"({"zarr_format": 3, "node_type": "array", "shape": )" + shape +
                          R"(, "data_type": "int8", "chunk_grid": {"name": "regular",
    "configuration": {"chunk_shape": )" +
                          chunk_shape + R"(}}, "chunk_key_encoding": {"name": "default"},
    "fill_value": 0, "codecs": [{"name": "bytes"}]})");
}

std::string store_format_refusal(const nlohmann::json& zarr) {
  try {
    parse_store_array(zarr);
  } catch (const StoreFormatError& error) {
    return error.what();
  }
  return "accepted";
}

TEST(StoreExtents, AChunkShapeWhoseProductPassesTheLimitIsRefusedNamingTheField) {
  EXPECT_NE(
      store_format_refusal(zarr_with_chunk_shape("[4, 4]", "[999999999, 999999999]"))
          .find("chunk_grid.configuration.chunk_shape: [999999999,999999999] holds more than"),
      std::string::npos);
  EXPECT_NE(store_format_refusal(zarr_with_chunk_shape("[65536, 65536]", "[1, 1]"))
                .find("zarr.json.shape: [65536,65536] holds more than"),
            std::string::npos);
  EXPECT_EQ(store_format_refusal(zarr_with_chunk_shape("[4, 4]", "[2, 2]")), "accepted");
}

TEST(StoreExtents, AnIndexChunkShapeThatWrapsOrPassesTheLimitIsRefused) {
  nlohmann::json index =
      parse_json_exact(read_input_file((kVectors / "stores" / "index.json").string()));
  for (const char* chunk_shape : {"[4294967296, 4294967296]", "[65536, 65536]"}) {
    nlohmann::json entry = index["arrays"][0];
    entry["chunk_shape"] = parse_json_exact(chunk_shape);
    try {
      parse_store_index_entry(entry, 0);
      ADD_FAILURE() << chunk_shape << " accepted";
    } catch (const StoreIndexError& error) {
      EXPECT_NE(std::string(error.what()).find(".chunk_shape: "), std::string::npos)
          << error.what();
      EXPECT_NE(std::string(error.what()).find("holds more than"), std::string::npos)
          << error.what();
    }
  }
}

TEST(StoreExtents, ElementCountRefusesToWrap) {
  EXPECT_THROW(element_count({std::uint64_t{1} << 32, std::uint64_t{1} << 32}), StoreFormatError);
  EXPECT_EQ(element_count({3, 4}), 12u);
}

}  // namespace
}  // namespace cvc::store_vectors_hostile_test
