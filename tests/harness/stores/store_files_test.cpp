// What check-store hands an implementation and reads back (harness/stores/store_files.hpp): an
// encode or open array is given its zarr.json alone, anything but folders and regular files in
// the vectors is refused naming the path, and what the implementation leaves is read without
// following a link or opening a FIFO, and only up to the largest chunk the array can take.
#include "harness/stores/store_files.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>

#include "oracle/io/bounded_quote.hpp"
#include "oracle/io/json_exact.hpp"

namespace cvc::store_files_test {
namespace {

namespace fs = std::filesystem;

class StoreFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("cvc-store-files-" + std::to_string(::getpid()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  void TearDown() override { fs::remove_all(root_); }

  void write(const fs::path& relative, const std::string& bytes) {
    fs::create_directories((root_ / relative).parent_path());
    std::ofstream(root_ / relative, std::ios::binary) << bytes;
  }
  static StoreCase store_case(std::string id, StoreKind kind) {
    StoreCase result;
    result.id = std::move(id);
    result.kind = kind;
    result.shape = {5};  // the grid kMetadata describes: c/0 to c/2
    result.chunk_shape = {2};
    return result;
  }
  // The message of the StoreVectorError array_folder_entries throws, "" when none.
  std::string refusal(const StoreCase& store_case) {
    try {
      array_folder_entries(root_, store_case);
    } catch (const StoreVectorError& error) {
      return error.what();
    }
    return "";
  }

  fs::path root_;
};

const char* const kMetadata = R"({"zarr_format": 3, "node_type": "array", "shape": [5],
  "data_type": "float32", "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2]}},
  "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}},
  "fill_value": 7.0, "codecs": [{"name": "cast_value", "configuration": {"data_type": "int8"}},
  {"name": "bytes", "configuration": {"endian": "little"}}], "attributes": {}})";

TEST_F(StoreFiles, AnEncodeArrayIsGivenItsMetadataAlone) {
  write("encode/a/zarr.json", kMetadata);
  EXPECT_EQ(refusal(store_case("encode/a", StoreKind::Encode)), "");
  write("encode/a/c/0", "\x07\x02");  // an expected chunk left in the folder
  const std::string why = refusal(store_case("encode/a", StoreKind::Encode));
  EXPECT_NE(why.find("encode/a/c: an encode array's folder holds its zarr.json alone"),
            std::string::npos)
      << why;
  write("open/b/zarr.json", kMetadata);
  write("open/b/notes.txt", "");
  EXPECT_NE(refusal(store_case("open/b", StoreKind::Open)).find("open/b/notes.txt"),
            std::string::npos);
}

TEST_F(StoreFiles, ADecodeArrayIsGivenItsChunksAndFoldersOnly) {
  write("decode/a/zarr.json", kMetadata);
  write("decode/a/c/0", "\x07\x02");
  const std::vector<TreeEntry> entries =
      array_folder_entries(root_, store_case("decode/a", StoreKind::Decode));
  ASSERT_EQ(entries.size(), 3u);
  fs::create_directory_symlink(root_ / "decode/a/c", root_ / "decode/a/d");
  EXPECT_NE(refusal(store_case("decode/a", StoreKind::Decode))
                .find("decode/a/d: a symbolic link (never followed)"),
            std::string::npos);
  fs::remove(root_ / "decode/a/d");
  ASSERT_EQ(::mkfifo((root_ / "decode/a/c/1").c_str(), 0600), 0);
  EXPECT_NE(refusal(store_case("decode/a", StoreKind::Decode))
                .find("decode/a/c/1: a FIFO, device or socket"),
            std::string::npos);
}

TEST_F(StoreFiles, TheCopyHoldsExactlyTheEntries) {
  write("decode/a/zarr.json", kMetadata);
  write("decode/a/c/0", "\x07\x02");
  const std::vector<TreeEntry> entries =
      array_folder_entries(root_, store_case("decode/a", StoreKind::Decode));
  copy_array_folder(root_ / "decode/a", entries, root_ / "scratch/0/array");
  std::ifstream in(root_ / "scratch/0/array/c/0", std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(bytes, "\x07\x02");
}

TEST_F(StoreFiles, TheChunkBoundIsTheFullChunkAndNoProductWraps) {
  const nlohmann::json metadata = parse_json_exact(kMetadata);
  EXPECT_EQ(chunk_file_bound(metadata, 2), 2u);  // 2 int8 elements
  EXPECT_EQ(chunk_file_bound(metadata, 10), 10u);
  nlohmann::json wide = metadata;
  wide["chunk_grid"]["configuration"]["chunk_shape"] = {std::uint64_t{1} << 40};
  EXPECT_EQ(chunk_file_bound(wide, 2), std::nullopt);  // more than --max-file-bytes
  nlohmann::json wrapping = metadata;
  wrapping["shape"] = {4, 4};
  wrapping["chunk_grid"]["configuration"]["chunk_shape"] = {std::uint64_t{1} << 32,
                                                            std::uint64_t{1} << 32};
  EXPECT_EQ(chunk_file_bound(wrapping, 2), std::nullopt);
}

TEST_F(StoreFiles, WhatTheImplementationLeftIsReadWithinTheBound) {
  const std::map<std::string, std::string> expected = {{"c/0", "\x07\x02"}, {"c/1", "ab"}};
  write("array/zarr.json", kMetadata);
  write("array/c/0", "\x07\x02");
  write("array/c/9", "stray");
  std::ofstream(root_ / "array/c/1", std::ios::binary).close();
  fs::resize_file(root_ / "array/c/1", std::uintmax_t{3} << 30);  // sparse: 3 GiB
  WrittenFiles written = read_written_files(root_ / "array", expected, 2);
  EXPECT_EQ(written.chunks, (std::map<std::string, std::string>{{"c/0", "\x07\x02"}}));
  EXPECT_EQ(written.stray, std::vector<std::string>{"c/9"});
  ASSERT_EQ(written.problems.size(), 1u);
  EXPECT_EQ(written.problems[0],
            "c/1 holds 3221225472 bytes, more than the 2 bytes any chunk of this array can take");
  EXPECT_TRUE(written.present.contains("c/1"));
  EXPECT_TRUE(written.listed);

  fs::remove(root_ / "array/c/1");
  ASSERT_EQ(::mkfifo((root_ / "array/c/1").c_str(), 0600), 0);
  written = read_written_files(root_ / "array", expected, 2);
  ASSERT_EQ(written.problems.size(), 1u);
  EXPECT_EQ(written.problems[0],
            "c/1 is a FIFO, device or socket (never opened), not a chunk file");

  fs::remove_all(root_ / "array");
  written = read_written_files(root_ / "array", expected, 2);
  ASSERT_EQ(written.problems.size(), 1u);
  EXPECT_NE(written.problems[0].find("is gone: the implementation removed it"), std::string::npos);
  EXPECT_FALSE(written.listed);

  fs::create_directories(root_ / "elsewhere");
  fs::create_directory_symlink(root_ / "elsewhere", root_ / "array");
  written = read_written_files(root_ / "array", expected, 2);
  ASSERT_EQ(written.problems.size(), 1u);
  EXPECT_NE(written.problems[0].find("was replaced by a symbolic link"), std::string::npos);
  EXPECT_FALSE(written.listed);
}

// Items named f0, f1, ... (appended to a string: GCC 12 warns falsely about "f" + std::string).
std::vector<std::string> items_named_f(int count) {
  std::vector<std::string> items;
  for (int k = 0; k < count; ++k) items.emplace_back(1, 'f').append(std::to_string(k));
  return items;
}

TEST(BoundedList, ListsTwentyItemsAndCountsTheRest) {
  std::vector<std::string> items = items_named_f(3);
  EXPECT_EQ(bounded_list(items), "f0, f1, f2");
  EXPECT_EQ(bounded_list(items, "; "), "f0; f1; f2");
  items = items_named_f(20000);
  const std::string list = bounded_list(items);
  EXPECT_TRUE(list.starts_with("f0, f1, ")) << list;
  EXPECT_TRUE(list.ends_with("f19, … and 19980 more")) << list;
  EXPECT_EQ(bounded_list({}), "");
}

}  // namespace
}  // namespace cvc::store_files_test
