// The files `cvc check-store` hands an implementation and reads back from it, both from outside:
// the array folders of the vectors, copied to a scratch place exactly as the protocol says
// (harness/protocol/PROTOCOL.md, "Store operations": a decode array's zarr.json and chunk files,
// an encode or open array's zarr.json alone), and what the implementation left there after a
// write. Neither is ever read through a symbolic link, a FIFO or a device, or past a size cap
// derived from what is expected.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "harness/stores/store_vectors.hpp"
#include "oracle/io/input_tree.hpp"

namespace cvc {

// The entries of `store_case`'s folder under `root` that the implementation is given: for a
// decode array its folders and the chunk files of its grid, for an encode or open array its
// zarr.json alone. Throws StoreVectorError naming the path for anything else there (a symbolic
// link, a FIFO or device, a chunk file in an encode or open array's folder, a file of a decode
// array's folder that is no chunk of its grid), or a folder that cannot be listed. Called once per
// array when the vectors are read (StoreCase::folder).
std::vector<TreeEntry> array_folder_entries(const std::filesystem::path& root,
                                            const StoreCase& store_case);

// Copies those entries of `from` to `to` (made here; it must not exist), each file read with
// read_input_file without following a link; StoreVectorError naming the path when one cannot be.
void copy_array_folder(const std::filesystem::path& from, const std::vector<TreeEntry>& entries,
                       const std::filesystem::path& to);

// The largest chunk file an implementation can write for a chunk of the array `metadata`
// describes (every element of the chunk stored, every inner chunk of a shard written, its index),
// at least `expected_bytes`; nullopt when the array is not one the store family holds or the
// bound passes max_input_file_bytes() (--max-file-bytes), 64 bits included.
std::optional<std::uint64_t> chunk_file_bound(const nlohmann::json& metadata,
                                              std::uint64_t expected_bytes);

// What an implementation left in the array folder after a write: the files of the expected chunk
// keys (each read only when at most `chunk_bound` bytes, chunk_file_bound's), the other files
// (their keys: stray), and what cannot be a chunk at all, each naming the path: a symbolic link or
// a FIFO anywhere (never followed or opened), a file too large, the folder itself gone or replaced.
struct WrittenFiles {
  std::map<std::string, std::string> chunks;  // expected key -> bytes
  std::set<std::string> present;   // every key found (chunks, and those not read: problems)
  std::vector<std::string> stray;  // keys of files no expected chunk has, but zarr.json
  std::vector<std::string> problems;
  bool listed = false;  // the folder was there and could be listed (otherwise problems say why)
};
WrittenFiles read_written_files(const std::filesystem::path& array,
                                const std::map<std::string, std::string>& expected,
                                std::uint64_t chunk_bound);

}  // namespace cvc
