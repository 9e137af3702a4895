// Walking a folder that comes from outside (a vector folder, an array folder, the folder an
// implementation wrote): every entry is listed as what it is, never through a symbolic link, so
// that a link cannot lead the walk outside the folder or round in a loop, and a FIFO or device is
// named instead of opened. The walk is bounded in entries and depth.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace cvc {

enum class TreeEntryKind { RegularFile, Directory, Symlink, Other };

struct TreeEntry {
  std::string relative;  // the path below the root, '/'-separated ("cast/int8.json")
  TreeEntryKind kind = TreeEntryKind::Other;
  std::uintmax_t size = 0;  // of a regular file
};

struct TreeLimits {
  std::size_t max_entries = 100000;
  std::size_t max_depth = 32;
};

// Every entry below root (not root itself), directories before what they hold, in name order;
// symbolic links are listed as Symlink and not followed. Throws InputFileError (input_file.hpp)
// naming the path when root is missing or not a directory (a symlink to one is followed: the
// user named it), a directory cannot be read, or a limit is passed.
std::vector<TreeEntry> list_input_tree(const std::filesystem::path& root, TreeLimits limits = {});

// What an entry is, for a message: "a symbolic link", "a FIFO, device or socket", ...
std::string describe_kind(TreeEntryKind kind);

}  // namespace cvc
