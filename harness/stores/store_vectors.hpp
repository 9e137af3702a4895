// The store-level vectors (vectors/STORES.md) as `cvc check-store` uses them: the entries of
// vectors/stores/index.json (read by vector_format/store_index.hpp, the one reader of the index),
// each with its array's zarr.json and the data types it involves. A malformed index or array is a
// StoreVectorError naming the array and the field.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "oracle/io/input_tree.hpp"
#include "vector_format/store_index.hpp"

namespace cvc {

class StoreVectorError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// An index entry (its id, kind, types, shape and what it must give), and what check-store adds.
struct StoreCase : StoreIndexEntry {
  nlohmann::json metadata;      // its zarr.json
  std::set<std::string> types;  // every data type of the 26 it involves (array and casts)
  // The array -> array codecs its chain holds, by name (cast_value, scale_offset,
  // numcodecs.fixedscaleoffset, ...), inside sharding_indexed too: an adapter must declare them.
  std::set<std::string> codecs;
  // Its folder's entries, checked when the vectors are read (array_folder_entries,
  // store_files.hpp): what the implementation is given.
  std::vector<TreeEntry> folder;
};

struct StoreVectors {
  std::filesystem::path root;  // the directory holding index.json
  int version = 0;
  std::vector<StoreCase> cases;
};

// Reads DIR/index.json (DIR is the vectors folder, holding stores/, or the stores folder itself).
StoreVectors read_store_vectors(const std::filesystem::path& directory);

}  // namespace cvc
