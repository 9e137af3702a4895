// A store-level test array (vectors/STORES.md): its zarr.json read into what the generator and
// the verifier need (types, grid, fill value, the array -> array chain as the oracle models it:
// cast_value, scale_offset, the numcodecs.fixedscaleoffset alias; the bytes codec's byte order,
// the sharding layout), the verdict on metadata for the `open` kind, and the chunk grid's
// geometry. Only the subset of Zarr v3 this family writes is read: anything else is refused.
//
// Written deliberately independently of the reference adapter's store engine
// (harness/reference/reference_store.*, which reads and writes the same arrays its own way): the
// two share none of their code, only the oracle (data types, casts, scale_offset, the chain model
// of codec_chain.hpp, metadata validation, JSON and fill value parsing) and the CRC-32C, so that
// the reference passing `cvc check-store` on these vectors checks both. Keep it that way: do not
// make either side call the other.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/codec_chain.hpp"
#include "oracle/codec_metadata.hpp"
#include "oracle/data_type.hpp"
#include "oracle/readings.hpp"

namespace cvc {

// zarr.json outside the subset this family uses, or not valid for a decode / encode array.
class StoreFormatError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

using Extents = std::vector<std::uint64_t>;

// The most elements a store array's shape, or one of its chunks or inner chunks, may hold (the
// published arrays hold at most a few thousand): every product of extents from outside is checked
// against it (oracle/checked_arithmetic.hpp) before anything is allocated or iterated, so that
// [2^32, 2^32], which wraps to 0, or [10^9, 10^9] is refused, naming the field.
inline constexpr std::uint64_t kMaxStoreElements = std::uint64_t{1} << 22;

// The sharding_indexed codec's layout: inner chunk shape and where and how its index is stored.
struct ShardingLayout {
  Extents inner_shape;
  bool index_at_start = false;  // index_location "start" (default "end")
  bool index_crc32c = false;    // index_codecs [bytes little, crc32c] rather than [bytes little]
};

struct StoreArray {
  const DataType* array_type = nullptr;
  const DataType* stored_type = nullptr;  // the data type at the bytes codec
  Extents shape;
  Extents chunk_shape;  // the grid's (the shard shape when sharded)
  std::uint64_t fill_bits = 0;
  ArrayChain chain;  // the array -> array codecs in chain order (the inner ones under sharding)
  bool big_endian = false;
  std::optional<ShardingLayout> sharding;
};

// The chain of element codecs a zarr.json's codecs hold: the codecs themselves, or the inner
// codecs of a single sharding_indexed codec.
const nlohmann::json& element_codecs_of(const nlohmann::json& zarr_json);

// The array -> array codecs of such a chain (every codec but the last, bytes), parsed by the
// oracle (parse_array_chain) from `array_type`; throws StoreFormatError for a codec this family
// does not use (transpose among them: it would reorder a chunk's bytes) or invalid metadata.
ArrayChain element_chain(const DataType& array_type, const nlohmann::json& codecs);

// The `open` kind's verdict: the array data type, the array -> array codecs of the chain and the
// fill value round trip, checked by validate_array_metadata (the inner chain under sharding).
FillValueCheck validate_store_metadata(const nlohmann::json& zarr_json,
                                       const Readings& readings = {});

// A decode or encode array's zarr.json; throws StoreFormatError naming what is wrong.
StoreArray parse_store_array(const nlohmann::json& zarr_json);

// --- Geometry
// -------------------------------------------------------------------------------------

// The product of the extents; throws StoreFormatError past 2^64 (the readers have refused more
// than kMaxStoreElements before).
std::uint64_t element_count(const Extents& extents);

// Number of chunks of `chunk` along each dimension of `shape` (rounded up: the grid overhangs).
Extents grid_extents(const Extents& shape, const Extents& chunk);

// Calls `visit(position)` for every position of a box of `extents`, in C order.
void for_each_position(const Extents& extents, const std::function<void(const Extents&)>& visit);

// The C-order index of `position` in a box of `extents`.
std::uint64_t flat_index(const Extents& extents, const Extents& position);

// The default chunk key encoding with "/": "c/1/0".
std::string chunk_key(const Extents& chunk_position);

// The chunk position `key` names in the grid of `chunk` over `shape`: nullopt unless it is the key
// chunk_key writes for a chunk of that grid.
std::optional<Extents> chunk_position_of(const Extents& shape, const Extents& chunk,
                                         std::string_view key);

}  // namespace cvc
