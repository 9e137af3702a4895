#include "oracle/io/input_tree.hpp"

#include <algorithm>
#include <system_error>

#include "oracle/io/input_file.hpp"

namespace cvc {
namespace {

namespace fs = std::filesystem;

TreeEntryKind kind_of(const fs::file_status& status) {
  if (fs::is_symlink(status)) return TreeEntryKind::Symlink;
  if (fs::is_regular_file(status)) return TreeEntryKind::RegularFile;
  if (fs::is_directory(status)) return TreeEntryKind::Directory;
  return TreeEntryKind::Other;
}

void walk(const fs::path& root, const std::string& below, std::size_t depth,
          const TreeLimits& limits, std::vector<TreeEntry>& entries) {
  const fs::path directory = below.empty() ? root : root / below;
  if (depth > limits.max_depth)
    throw InputFileError(directory.string() + ": folders nested more than " +
                         std::to_string(limits.max_depth) + " deep");
  std::error_code error;
  std::vector<std::pair<std::string, fs::file_status>> children;
  for (fs::directory_iterator it(directory, error), end; !error && it != end; it.increment(error)) {
    std::error_code status_error;
    const fs::file_status status = it->symlink_status(status_error);
    children.emplace_back(it->path().filename().string(), status);
    if (entries.size() + children.size() > limits.max_entries)
      throw InputFileError(root.string() + ": more than " + std::to_string(limits.max_entries) +
                           " entries");
  }
  if (error) throw InputFileError(directory.string() + ": cannot read: " + error.message());
  std::sort(children.begin(), children.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [name, status] : children) {
    TreeEntry entry{below.empty() ? name : below + "/" + name, kind_of(status), 0};
    if (entry.kind == TreeEntryKind::RegularFile) {
      std::error_code size_error;
      const std::uintmax_t size = fs::file_size(root / entry.relative, size_error);
      entry.size = size_error ? 0 : size;
    }
    entries.push_back(entry);
    if (entry.kind == TreeEntryKind::Directory)
      walk(root, entry.relative, depth + 1, limits, entries);
  }
}

}  // namespace

std::vector<TreeEntry> list_input_tree(const fs::path& root, TreeLimits limits) {
  std::error_code error;
  const fs::file_status status = fs::status(root, error);
  if (error || !fs::exists(status)) throw InputFileError(root.string() + ": no such folder");
  if (!fs::is_directory(status)) throw InputFileError(root.string() + ": not a folder");
  std::vector<TreeEntry> entries;
  walk(root, "", 0, limits, entries);
  return entries;
}

std::string describe_kind(TreeEntryKind kind) {
  switch (kind) {
    case TreeEntryKind::RegularFile:
      return "a regular file";
    case TreeEntryKind::Directory:
      return "a folder";
    case TreeEntryKind::Symlink:
      return "a symbolic link (never followed)";
    case TreeEntryKind::Other:
      return "a FIFO, device or socket (never opened)";
  }
  return "unknown";
}

}  // namespace cvc
