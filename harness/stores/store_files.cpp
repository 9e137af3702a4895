#include "harness/stores/store_files.hpp"

#include <fstream>
#include <system_error>

#include "oracle/checked_arithmetic.hpp"
#include "oracle/io/input_file.hpp"
#include "vector_format/store_array.hpp"

namespace cvc {
namespace {

namespace fs = std::filesystem;

// Chunks of `chunk` along each dimension of `shape`, rounded up, without overflow.
std::optional<std::uint64_t> chunks_in(const Extents& shape, const Extents& chunk) {
  Extents grid;
  for (std::size_t d = 0; d < shape.size() && d < chunk.size(); ++d) {
    if (chunk[d] == 0) return std::nullopt;
    grid.push_back(shape[d] / chunk[d] + (shape[d] % chunk[d] != 0 ? 1 : 0));
  }
  return checked_extent_product(grid);
}

}  // namespace

std::vector<TreeEntry> array_folder_entries(const fs::path& root, const StoreCase& store_case) {
  const fs::path folder = root / store_case.id;
  std::vector<TreeEntry> entries;
  try {
    if (fs::is_symlink(fs::symlink_status(folder)))
      throw StoreVectorError(folder.string() + ": " + describe_kind(TreeEntryKind::Symlink) +
                             ", where the array's folder belongs");
    entries = list_input_tree(folder, TreeLimits{10000, 8});  // an array holds a few chunks
  } catch (const InputFileError& error) {
    throw StoreVectorError(store_case.id + ": " + error.what());
  } catch (const fs::filesystem_error& error) {
    throw StoreVectorError(store_case.id + ": " + error.what());
  }
  bool has_metadata = false;
  for (const TreeEntry& entry : entries) {
    const std::string where = (folder / entry.relative).string();
    if (entry.kind != TreeEntryKind::RegularFile && entry.kind != TreeEntryKind::Directory)
      throw StoreVectorError(where + ": " + describe_kind(entry.kind) +
                             "; an array folder of the vectors holds only folders and regular "
                             "files");
    if (entry.relative == "zarr.json") {
      has_metadata = true;
      continue;
    }
    if (store_case.kind != StoreKind::Decode)  // a folder too
      throw StoreVectorError(where + ": an " + std::string(store_kind_name(store_case.kind)) +
                             " array's folder holds its zarr.json alone (only zarr.json belongs: "
                             "vectors/STORES.md, \"Kinds\"), and the implementation is given "
                             "nothing else");
    if (entry.kind == TreeEntryKind::Directory) continue;
    // A stray file would be copied to the implementation with the array.
    if (!chunk_position_of(store_case.shape, store_case.chunk_shape, entry.relative))
      throw StoreVectorError(where + ": not a chunk file of the array's grid");
  }
  if (!has_metadata) throw StoreVectorError(folder.string() + ": no zarr.json (a regular file)");
  return entries;
}

void copy_array_folder(const fs::path& from, const std::vector<TreeEntry>& entries,
                       const fs::path& to) {
  fs::create_directories(to.parent_path());
  fs::create_directory(to);
  for (const TreeEntry& entry : entries) {
    const fs::path target = to / entry.relative;
    if (entry.kind == TreeEntryKind::Directory) {
      fs::create_directory(target);
      continue;
    }
    std::string bytes;
    try {
      bytes = read_input_file((from / entry.relative).string(), max_input_file_bytes(),
                              FinalLink::Refuse);
    } catch (const InputFileError& error) {
      throw StoreVectorError(error.what());
    }
    std::ofstream out(target, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) throw std::runtime_error("cannot write the scratch copy " + target.string());
  }
}

std::optional<std::uint64_t> chunk_file_bound(const nlohmann::json& metadata,
                                              std::uint64_t expected_bytes) {
  StoreArray array;
  try {
    array = parse_store_array(metadata);
  } catch (const StoreFormatError&) {
    return std::nullopt;
  }
  const std::uint64_t width = static_cast<std::uint64_t>(array.stored_type->storage_bytes());
  std::optional<std::uint64_t> bound;
  if (const std::optional<std::uint64_t> elements = checked_extent_product(array.chunk_shape))
    bound = checked_product(*elements, width);
  if (bound && array.sharding) {
    // The index: an offset and a length of 8 bytes each per inner chunk, and its checksum.
    const std::optional<std::uint64_t> inner =
        chunks_in(array.chunk_shape, array.sharding->inner_shape);
    const std::optional<std::uint64_t> index = inner ? checked_product(*inner, 16) : std::nullopt;
    bound =
        index ? checked_sum(*bound, *index + (array.sharding->index_crc32c ? 4 : 0)) : std::nullopt;
  }
  if (!bound) return std::nullopt;
  bound = std::max(*bound, expected_bytes);
  if (*bound > max_input_file_bytes()) return std::nullopt;
  return bound;
}

WrittenFiles read_written_files(const fs::path& array,
                                const std::map<std::string, std::string>& expected,
                                std::uint64_t chunk_bound) {
  WrittenFiles written;
  std::error_code error;
  const fs::file_status status = fs::symlink_status(array, error);
  if (error || !fs::exists(status)) {
    written.problems.push_back("the array folder " + array.string() +
                               " is gone: the implementation removed it");
    return written;
  }
  if (!fs::is_directory(status)) {
    written.problems.push_back(
        "the array folder " + array.string() + " was replaced by " +
        describe_kind(fs::is_symlink(status) ? TreeEntryKind::Symlink : TreeEntryKind::Other));
    return written;
  }
  std::vector<TreeEntry> entries;
  try {
    entries = list_input_tree(array);
  } catch (const InputFileError& listing) {
    written.problems.push_back(std::string("the array folder cannot be read: ") + listing.what());
    return written;
  }
  written.listed = true;
  for (const TreeEntry& entry : entries) {
    const fs::path path = array / entry.relative;
    if (entry.kind == TreeEntryKind::Directory || entry.relative == "zarr.json") continue;
    written.present.insert(entry.relative);
    if (entry.kind != TreeEntryKind::RegularFile) {
      written.problems.push_back(entry.relative + " is " + describe_kind(entry.kind) +
                                 ", not a chunk file");
      continue;
    }
    if (!expected.contains(entry.relative)) {
      written.stray.push_back(entry.relative);
      continue;
    }
    if (entry.size > chunk_bound) {
      written.problems.push_back(entry.relative + " holds " + std::to_string(entry.size) +
                                 " bytes, more than the " + std::to_string(chunk_bound) +
                                 " bytes any chunk of this array can take");
      continue;
    }
    try {
      written.chunks[entry.relative] =
          read_input_file(path.string(), chunk_bound, FinalLink::Refuse);
    } catch (const InputFileError& read) {
      written.problems.push_back(read.what());
    }
  }
  return written;
}

}  // namespace cvc
