// list_input_tree: every entry below a folder as what it is (a symbolic link, also a loop or one
// leading out, is listed and never followed; a FIFO is listed as Other and never opened), in name
// order with folders before what they hold, bounded in entries and depth.
#include "oracle/io/input_tree.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "oracle/io/input_file.hpp"
#include "tests/support/scratch_folder.hpp"

namespace cvc::input_tree_test {
namespace {

namespace fs = std::filesystem;

std::string listing(const std::vector<TreeEntry>& entries) {
  std::string text;
  for (const TreeEntry& entry : entries) {
    text.append(entry.relative).append(" ").append(describe_kind(entry.kind));
    if (entry.kind == TreeEntryKind::RegularFile)
      text.append(" ").append(std::to_string(entry.size));
    text.append("\n");
  }
  return text;
}

std::string refusal(const fs::path& root, TreeLimits limits) {
  try {
    list_input_tree(root, limits);
  } catch (const InputFileError& error) {
    return error.what();
  }
  return "";
}

TEST(InputTree, ListsEveryEntryAsWhatItIsWithoutFollowingLinks) {
  const ScratchFolder folder("cvc-input-tree");
  const fs::path root = folder / "array";
  fs::create_directories(root / "c" / "0");
  std::ofstream(root / "zarr.json") << "{}";
  std::ofstream(root / "c" / "0" / "0") << "12345";
  fs::create_symlink("loop", root / "loop");        // a loop of one link
  fs::create_symlink("..", root / "c" / "up");      // a link out of the folder
  fs::create_symlink("zarr.json", root / "alias");  // a link to a file inside
  ASSERT_EQ(::mkfifo((root / "fifo").c_str(), 0600), 0);
  EXPECT_EQ(listing(list_input_tree(root)),
            "alias " + describe_kind(TreeEntryKind::Symlink) + "\n" +  //
                "c " + describe_kind(TreeEntryKind::Directory) + "\n" + "c/0 " +
                describe_kind(TreeEntryKind::Directory) + "\n" + "c/0/0 " +
                describe_kind(TreeEntryKind::RegularFile) + " 5\n" + "c/up " +
                describe_kind(TreeEntryKind::Symlink) + "\n" + "fifo " +
                describe_kind(TreeEntryKind::Other) + "\n" + "loop " +
                describe_kind(TreeEntryKind::Symlink) + "\n" + "zarr.json " +
                describe_kind(TreeEntryKind::RegularFile) + " 2\n");
}

TEST(InputTree, TheRootIsFollowedWhenALinkAndRefusedWhenNotAFolder) {
  const ScratchFolder folder("cvc-input-tree");
  fs::create_directory(folder / "real");
  std::ofstream(folder / "real" / "a") << "a";
  fs::create_symlink(folder / "real", folder / "named");
  EXPECT_EQ(list_input_tree(folder / "named").size(), 1u);
  std::ofstream(folder / "file") << "x";
  EXPECT_NE(refusal(folder / "file", {}).find("not a folder"), std::string::npos);
  const std::string missing = refusal(folder / "nowhere", {});
  EXPECT_NE(missing.find((folder / "nowhere").string() + ": no such folder"), std::string::npos)
      << missing;
}

TEST(InputTree, TheEntryLimitIsKept) {
  const ScratchFolder folder("cvc-input-tree");
  fs::create_directory(folder / "sub");
  for (int i = 0; i < 4; ++i) std::ofstream(folder / "sub" / std::to_string(i)) << i;
  // Five entries in all: "sub" and the four files in it.
  EXPECT_EQ(list_input_tree(folder.path(), {.max_entries = 5, .max_depth = 32}).size(), 5u);
  const std::string message = refusal(folder.path(), {.max_entries = 4, .max_depth = 32});
  EXPECT_NE(message.find(folder.path().string() + ": more than 4 entries"), std::string::npos)
      << message;
}

TEST(InputTree, TheDepthLimitIsKept) {
  const ScratchFolder folder("cvc-input-tree");
  fs::create_directories(folder / "a" / "b" / "c");  // three folders deep
  EXPECT_EQ(list_input_tree(folder.path(), {.max_entries = 100, .max_depth = 3}).size(), 3u);
  const std::string message = refusal(folder.path(), {.max_entries = 100, .max_depth = 2});
  EXPECT_NE(message.find("nested more than 2 deep"), std::string::npos) << message;
  EXPECT_NE(message.find((folder / "a" / "b" / "c").string()), std::string::npos) << message;
}

}  // namespace
}  // namespace cvc::input_tree_test
