// A Zarr v3 array in a local directory store, read and written by the oracle: the reference
// adapter's store operations (harness/protocol/PROTOCOL.md, "Store operations").
//
// Written deliberately independently of the generator's metadata reader and chunk layout
// (vector_format/store_array.* and vector_format/store_chunks.*, which also decode the chunk files
// `cvc check-store` compares): it shares none of their code, only the oracle (data types, casts,
// scale_offset, the chain model of codec_chain.hpp, metadata validation, JSON and fill value
// parsing) and the CRC-32C, so that the reference passing
// `cvc check-store` on the store vectors checks both. Keep it that way: do not make either side
// call the other.
//
// What it covers (what the store vectors use): a regular chunk grid, the default and v2 chunk key
// encodings, a codec chain of cast_value, scale_offset and numcodecs.fixedscaleoffset codecs (the
// oracle's ArrayChain, each element through them as the oracle computes it), then `bytes` (endian
// little or big) or
// `sharding_indexed` (its own inner chain and index chain, index at the start or the end), then
// `crc32c`. Anything else is refused with a message naming it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "harness/reference/mutants.hpp"
#include "oracle/data_type.hpp"

namespace cvc {

// Deliberate store-level bugs of the reference adapter (`cvc adapter --store-bug NAME`), to
// prove that `cvc check-store` catches what element-level runs cannot see.
enum class StoreBug {
  None,
  MissingChunkZero,   // a chunk (or inner chunk) never written reads as zeros, not the fill value
  IgnoreBigEndian,    // the bytes codec's "endian": "big" is read and written as little
  EdgeNotFillPadded,  // the part of an edge chunk outside the array is written as zeros
  // scale_offset's offset and scale ignored (0 and 1, also in the numcodecs.fixedscaleoffset
  // alias): elements and the fill value pass through it unchanged, as in an implementation that
  // knows the codec's name and not its arithmetic
  ScaleOffsetIgnored,
};
std::optional<StoreBug> parse_store_bug(std::string_view name);
inline constexpr std::string_view kStoreBugNames[] = {
    "missing-chunk-zero", "ignore-big-endian", "edge-not-fill-padded", "scale-offset-ignored"};

struct StoreOptions {
  Mutant mutant = nullptr;  // the element casts (the oracle itself when null)
  StoreBug bug = StoreBug::None;
};

// Refusal by the implementation (invalid metadata, a cast error, an unreadable chunk): what it
// would raise.
class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The array's data type and element count as its zarr.json says (StoreError when it does not).
struct ArrayShape {
  const DataType* type = nullptr;
  std::uint64_t count = 1;
};
ArrayShape array_shape(const nlohmann::json& metadata);

// Opens the array at `directory` (its zarr.json) and checks its metadata; StoreError if refused.
void open_store_array(const std::filesystem::path& directory, const StoreOptions& options = {});

// The whole array, C order, bit patterns of its data type; StoreError if refused.
std::vector<std::uint64_t> read_store_array(const std::filesystem::path& directory,
                                            const StoreOptions& options = {});

// One half-open range [start, stop) per dimension; empty: the whole array.
using Selection = std::vector<std::pair<std::uint64_t, std::uint64_t>>;

// Creates the array with `metadata` at `directory` (writing zarr.json) and writes `values` (the
// selection's elements, C order) into `selection`; StoreError if refused. Every chunk the
// selection touches is written (read first when it exists), also when it holds only the fill
// value; no other chunk is.
void write_store_array(const std::filesystem::path& directory, const nlohmann::json& metadata,
                       const Selection& selection, const std::vector<std::uint64_t>& values,
                       const StoreOptions& options = {});

}  // namespace cvc
