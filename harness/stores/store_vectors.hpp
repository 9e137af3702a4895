// The store-level vectors (vectors/STORES.md): vectors/stores/index.json and the array directories
// it lists, read and checked for what `cvc check-store` needs. A malformed index or array is a
// StoreVectorError naming the array and the field.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "oracle/data_type.hpp"

namespace cvc {

class StoreVectorError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class StoreKind { Decode, Encode, Open };
std::string_view store_kind_name(StoreKind kind);  // "decode", "encode", "open"

struct StoreCase {
  std::string id;    // its directory under the stores root
  std::string what;  // the array in words
  StoreKind kind = StoreKind::Decode;
  std::vector<std::string> features, flags;
  const DataType* type = nullptr;  // the array's data type (null for an open case whose type is
                                   // outside the 26)
  std::uint64_t count = 1;         // elements of the whole array
  nlohmann::json metadata;         // its zarr.json
  std::set<std::string> types;     // every data type of the 26 it involves (array and casts)
  // Expected: an error (decode, encode), or values (decode), or chunks (encode), or a verdict.
  std::optional<std::string> expected_error;
  std::vector<std::uint64_t> expected_values;  // decode
  // encode: [start, stop) per dimension (the whole array when the index gives no selection)
  std::vector<std::pair<std::uint64_t, std::uint64_t>> selection;
  std::vector<std::uint64_t> write_values;  // encode: the selection's elements, C order
  std::map<std::string, std::vector<std::uint8_t>> expected_chunks;  // encode: key -> bytes
  std::set<std::string> may_be_absent;                               // encode
  bool expected_valid = true;                                        // open
};

struct StoreVectors {
  std::filesystem::path root;  // the directory holding index.json
  int version = 0;
  std::vector<StoreCase> cases;
};

// Reads DIR/index.json (DIR is the vectors folder, holding stores/, or the stores folder itself).
StoreVectors read_store_vectors(const std::filesystem::path& directory);

}  // namespace cvc
