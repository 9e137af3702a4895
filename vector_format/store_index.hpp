// The index of the store-level vectors, vectors/stores/index.json (vectors/STORES.md,
// "index.json"), read into typed entries: the one reader of it, for the verifier
// (vector_format/store_check.cpp) and for `cvc check-store` (harness/stores/store_vectors.cpp).
//
// It accepts exactly what vectors/schema/stores.schema.json documents, plus the rules of
// STORES.md that a JSON Schema cannot state ("Beyond the schema" there): a unique id that begins
// with its kind, number_of_arrays the number of arrays, values that are patterns of the data type
// (its width, its bits) and as many as the shape or the selection holds, a selection inside the
// shape, expected chunk keys inside the chunk grid, may_be_absent among expected_chunks. Integers
// are JSON integers as written (no fraction or exponent; the schema's "integer" also admits 1.0).
// Anything else is a StoreIndexError naming the entry and the field:
//   index.json arrays[3] (decode/pair-int8-int16).expected.values[2]: ...
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/data_type.hpp"
#include "vector_format/store_array.hpp"
#include "vector_format/store_chunks.hpp"

namespace cvc {

class StoreIndexError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class StoreKind { Decode, Encode, Open };
std::string_view store_kind_name(StoreKind kind);  // "decode", "encode", "open"

// The lists the schema enumerates: the features (STORES.md, "Features") and the error kinds.
inline constexpr std::string_view kStoreFeatures[] = {
    "type-pair",         "rounding",         "out-of-range-clamp",
    "out-of-range-wrap", "scalar-map",       "error",
    "little-endian",     "big-endian",       "missing-chunk",
    "partial-chunk",     "edge-chunk",       "fill-value",
    "sharding",          "shard-crc32c",     "shard-index-start",
    "shard-fill",        "cast-chain",       "subbyte-upper-bits",
    "metadata-valid",    "metadata-invalid", "scale-offset",
    "fixedscaleoffset"};
// The cast's error kinds, then scale_offset's (oracle/scale_offset.hpp).
inline constexpr std::string_view kStoreErrorKinds[] = {"out_of_range",      "nan",
                                                        "infinity",          "wrap_undefined",
                                                        "not_representable", "invalid_operation",
                                                        "inexact_division"};

// One entry of `arrays`, as STORES.md's table of keys describes it.
struct StoreIndexEntry {
  std::string id;  // "<kind>/<name>", its directory under stores/
  StoreKind kind = StoreKind::Decode;
  std::string what;
  std::vector<std::string> features;  // as listed
  std::vector<std::string> flags;     // always empty in version 1
  const DataType* data_type = nullptr;
  const DataType* stored_data_type = nullptr;
  Extents shape, chunk_shape;
  // decode and encode: the error kind when reading or writing must fail.
  std::optional<std::string> expected_error;
  std::vector<std::uint64_t> expected_values;  // decode without error: the whole array, C order
  // encode: [start, stop) per dimension, the whole shape when the index gives no selection.
  Selection selection;
  std::vector<std::uint64_t> write_values;             // encode: the selection's elements, C order
  std::map<std::string, std::string> expected_chunks;  // encode without error: key -> bytes
  std::set<std::string> may_be_absent;                 // encode without error
  bool expected_valid = false;                         // open: expected.metadata is "valid"
  std::string reason;                                  // open

  std::uint64_t element_count() const { return cvc::element_count(shape); }
};

struct StoreIndex {
  std::string generator, oracle;
  std::size_t number_of_arrays = 0;
  std::vector<StoreIndexEntry> arrays;
};

// The index's own keys (format, version, generator, oracle, number_of_arrays, arrays a non-empty
// array of that many entries); `arrays` is left empty.
StoreIndex parse_store_index_header(const nlohmann::json& index);

// Entry `position` of `arrays`.
StoreIndexEntry parse_store_index_entry(const nlohmann::json& entry, std::size_t position);

// The whole index: the header, every entry, the ids unique. Throws at the first problem.
StoreIndex parse_store_index(const nlohmann::json& index);

// Where an array's zarr.json contradicts the entry's copies of its facts (data_type, shape, the
// regular grid's chunk_shape), or is no JSON object: "zarr.json.shape is [4,4], index.json's
// [4,2]"; nullopt when it agrees. The verifier and check-store both ask it, so that an index
// and an array that disagree are bad vectors, never a verdict on the implementation.
std::optional<std::string> index_entry_disagreement(const StoreIndexEntry& entry,
                                                    const nlohmann::json& zarr_json);

}  // namespace cvc
