// The chunk files of a store-level test array (vectors/STORES.md): laid out from the stored
// elements (the bytes codec with its byte order, full-size edge chunks padded with the encoded fill
// value, shards with their index), and read back into the array's values. The element functions
// are passed in (a ChainOracle), so that the generator and check-store run the fast oracle and the
// verifier the slow one over the same layout.
// Independent of the reference adapter's store engine, like store_array.hpp (see there).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/codec_chain.hpp"
#include "oracle/readings.hpp"
#include "vector_format/store_array.hpp"

namespace cvc {

// What elements are computed with: the fast oracle's element functions or the slow oracle's
// (slow::slow_element_oracle()), under one reading.
struct ChainOracle {
  const ElementOracle* elements = &fast_element_oracle();
  Readings readings = {};
};

// One element through the array's chain (oracle/codec_chain.hpp: encode_through in chain order,
// decode_through in reverse); the failing step's result on an error.
ChainResult encode_element(const StoreArray& array, std::uint64_t array_bits,
                           const ChainOracle& oracle = {});
ChainResult decode_element(const StoreArray& array, std::uint64_t stored_bits,
                           const ChainOracle& oracle = {});

// What the chunk files hold, before the layout: a stored pattern per array element (C order) and
// whether it was written; unwritten elements and padding are the encoded fill value.
struct StoredElements {
  std::vector<std::uint64_t> patterns;
  std::vector<bool> written;
  // OR'ed into the byte of each written element of a sub-byte stored type, above its bits (the
  // "arbitrary" upper bits of the data type documents); 0 for the canonical layout.
  std::uint8_t upper_bits = 0;
};

struct ChunkFiles {
  std::map<std::string, std::string> files;  // chunk key -> bytes; chunks with a written element
  std::vector<std::string> all_fill;         // keys of files whose stored elements are all the fill
};

// The canonical layout: a chunk file for every chunk (shard) with a written element; in a shard,
// inner chunks in C order, those holding only the encoded fill value empty.
ChunkFiles lay_out_chunks(const StoreArray& array, const StoredElements& stored,
                          std::uint64_t encoded_fill);

// A written box: [start, stop) per dimension; empty means the whole array.
using Selection = std::vector<std::pair<std::uint64_t, std::uint64_t>>;

// The elements of a box written with `in_selection` (C order of the box), the rest unwritten.
StoredElements selected_elements(const StoreArray& array, const Selection& selection,
                                 const std::vector<std::uint64_t>& in_selection);

// Writing `values` (array patterns, C order of the selection) into an empty array: each encoded
// through the chain, then laid out. `error` is the first failing value's error kind
// ("out_of_range", "not_representable": ChainResult::error_name), then no chunks; empty when none.
struct StoreWrite {
  ChunkFiles chunks;
  std::string error;
};
StoreWrite write_selection(const StoreArray& array, const Selection& selection,
                           const std::vector<std::uint64_t>& values,
                           const ChainOracle& oracle = {});

// Reading the whole array from its chunk files: absent chunks and empty inner chunks read as the
// fill value. `error` is the first failing element's error kind (chunks in C order, elements in C
// order); empty when none.
struct StoreRead {
  std::vector<std::uint64_t> values;  // array patterns, C order, when error is empty
  std::string error;
};
// Throws StoreFormatError for a file of the wrong length, a bad shard index or checksum.
StoreRead read_chunks(const StoreArray& array, const std::map<std::string, std::string>& files,
                      const ChainOracle& oracle = {});

// One chunk file as `cvc check-store` compares a written chunk with the expected one
// (vectors/STORES.md, "Comparing"): the shard index's crc32c checked and the index removed, the
// bytes codec undone (its byte order, bits above a sub-byte type's width cleared: they are
// "arbitrary"), the array -> array codecs not. One list of stored patterns per inner chunk of a
// shard, in C order (nullopt: an empty inner chunk), a single list otherwise. Throws
// StoreFormatError naming `where` when the file is not such a chunk (its length, the shard index or
// its checksum).
struct StoredChunk {
  std::vector<std::optional<std::vector<std::uint64_t>>> inner;
  // Per inner chunk, per element: whether it lies beyond the array's edge (an edge chunk's
  // padding, whose content the spec leaves open).
  std::vector<std::vector<bool>> padding;
};
StoredChunk stored_chunk(const StoreArray& array, const Extents& chunk_position,
                         const std::string& file, const std::string& where);

// Bytes as lowercase hex, two digits each (expected_chunks in the index).
std::string bytes_hex(std::string_view bytes);

// A stored element's bytes (storage width, the given byte order) and back (upper bits of a
// sub-byte type dropped).
std::string element_bytes(const DataType& type, std::uint64_t bits, bool big_endian);
std::uint64_t element_from_bytes(const DataType& type, const char* bytes, bool big_endian);

}  // namespace cvc
