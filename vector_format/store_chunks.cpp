#include "vector_format/store_chunks.hpp"

#include "vector_format/crc32c.hpp"

namespace cvc {
namespace {

constexpr std::uint64_t kEmptyInnerChunk = ~std::uint64_t{0};  // offset and nbytes of an empty one

// The elements of one chunk (a box of `box` at `origin` of the array): calls `visit(k, index)` for
// its k-th element in C order, `index` being the array element's C-order index or -1 for padding.
void for_each_chunk_element(const Extents& shape, const Extents& origin, const Extents& box,
                            const std::function<void(std::uint64_t, std::int64_t)>& visit) {
  std::uint64_t k = 0;
  Extents at(shape.size());
  for_each_position(box, [&](const Extents& position) {
    bool inside = true;
    for (std::size_t d = 0; d < shape.size(); ++d) {
      at[d] = origin[d] + position[d];
      inside = inside && at[d] < shape[d];
    }
    visit(k++, inside ? static_cast<std::int64_t>(flat_index(shape, at)) : -1);
  });
}

Extents extents_times(const Extents& position, const Extents& size) {
  Extents product(position.size());
  for (std::size_t d = 0; d < position.size(); ++d) product[d] = position[d] * size[d];
  return product;
}

Extents extents_plus(const Extents& a, const Extents& b) {
  Extents sum(a.size());
  for (std::size_t d = 0; d < a.size(); ++d) sum[d] = a[d] + b[d];
  return sum;
}

// The inner chunks of a shard (their positions within the shard's grid), in C order.
Extents inner_grid(const StoreArray& array) {
  return grid_extents(array.chunk_shape, array.sharding->inner_shape);
}

void append_u64_little(std::string& out, std::uint64_t value) {
  for (int i = 0; i < 8; ++i) out += static_cast<char>(value >> (8 * i) & 0xff);
}

std::uint64_t u64_little(const std::string& bytes, std::size_t at) {
  std::uint64_t value = 0;
  for (int i = 7; i >= 0; --i) value = value << 8 | static_cast<unsigned char>(bytes[at + i]);
  return value;
}

// One chunk's bytes (a box at `origin`): written elements, else the encoded fill value. Sets
// `all_fill` when every stored element is the encoded fill value.
std::string chunk_bytes(const StoreArray& array, const StoredElements& stored,
                        std::uint64_t encoded_fill, const Extents& origin, const Extents& box,
                        bool& all_fill) {
  std::string bytes;
  all_fill = true;
  const DataType& type = *array.stored_type;
  for_each_chunk_element(array.shape, origin, box, [&](std::uint64_t, std::int64_t index) {
    const bool written = index >= 0 && stored.written[index];
    const std::uint64_t bits = written ? stored.patterns[index] : encoded_fill;
    all_fill = all_fill && bits == encoded_fill;
    std::string element = element_bytes(type, bits, array.big_endian);
    if (written && type.bits < 8)
      element[0] = static_cast<char>(element[0] | (stored.upper_bits & ~type.bit_mask()));
    bytes += element;
  });
  return bytes;
}

bool any_written(const StoreArray& array, const StoredElements& stored, const Extents& origin,
                 const Extents& box) {
  bool any = false;
  for_each_chunk_element(array.shape, origin, box, [&](std::uint64_t, std::int64_t index) {
    any = any || (index >= 0 && stored.written[index]);
  });
  return any;
}

// A shard: inner chunks in C order, back to back, the index before or after them.
std::string shard_bytes(const StoreArray& array, const StoredElements& stored,
                        std::uint64_t encoded_fill, const Extents& origin, bool& all_empty) {
  const ShardingLayout& layout = *array.sharding;
  const Extents inner = inner_grid(array);
  const std::uint64_t index_bytes = element_count(inner) * 16 + (layout.index_crc32c ? 4 : 0);
  std::string data;
  std::string index;
  all_empty = true;
  for_each_position(inner, [&](const Extents& position) {
    bool all_fill = false;
    const std::string bytes =
        chunk_bytes(array, stored, encoded_fill,
                    extents_plus(origin, extents_times(position, layout.inner_shape)),
                    layout.inner_shape, all_fill);
    if (all_fill) {
      append_u64_little(index, kEmptyInnerChunk);
      append_u64_little(index, kEmptyInnerChunk);
      return;
    }
    all_empty = false;
    append_u64_little(index, (layout.index_at_start ? index_bytes : 0) + data.size());
    append_u64_little(index, bytes.size());
    data += bytes;
  });
  if (layout.index_crc32c) {
    const std::uint32_t checksum = crc32c(index);
    for (int i = 0; i < 4; ++i) index += static_cast<char>(checksum >> (8 * i) & 0xff);
  }
  return layout.index_at_start ? index + data : data + index;
}

// A chunk of `box` holds its elements at the stored type's storage width, nothing more or less.
void check_chunk_length(const StoreArray& array, const std::string& bytes, const Extents& box,
                        const std::string& where) {
  const std::uint64_t expected = element_count(box) * array.stored_type->storage_bytes();
  if (bytes.size() != expected)
    throw StoreFormatError(where + ": " + std::to_string(bytes.size()) + " bytes, " +
                           std::to_string(expected) + " expected");
}

// The entries of a shard's index (offset and length per inner chunk, C order, 16 bytes each),
// its length and its crc32c checked.
std::string shard_index(const StoreArray& array, const std::string& bytes,
                        const std::string& where) {
  const ShardingLayout& layout = *array.sharding;
  const std::uint64_t entries = element_count(inner_grid(array));
  const std::uint64_t index_bytes = entries * 16 + (layout.index_crc32c ? 4 : 0);
  if (bytes.size() < index_bytes) throw StoreFormatError(where + ": shorter than its index");
  const std::size_t index_at = layout.index_at_start ? 0 : bytes.size() - index_bytes;
  const std::string index = bytes.substr(index_at, entries * 16);
  if (layout.index_crc32c) {
    const std::uint32_t checksum = crc32c(index);
    for (int i = 0; i < 4; ++i)
      if (static_cast<unsigned char>(bytes[index_at + entries * 16 + i]) !=
          (checksum >> (8 * i) & 0xff))
        throw StoreFormatError(where + ": the shard index's crc32c does not match");
  }
  return index;
}

// Inner chunk `k` of a shard: its bytes, or nullopt when the index marks it empty (offset and
// length both 2^64-1).
std::optional<std::string> inner_chunk_bytes(const std::string& shard, const std::string& index,
                                             std::uint64_t k, const std::string& at) {
  const std::uint64_t offset = u64_little(index, k * 16);
  const std::uint64_t length = u64_little(index, k * 16 + 8);
  if (offset == kEmptyInnerChunk && length == kEmptyInnerChunk) return std::nullopt;
  if (offset > shard.size() || length > shard.size() - offset)
    throw StoreFormatError(at + ": beyond the end of the shard");
  return shard.substr(offset, length);
}

// Decodes one chunk's bytes (a box at `origin`) into `values`; false at the first failing element.
bool read_chunk(const StoreArray& array, const std::string& bytes, const std::string& where,
                const Extents& origin, const Extents& box, const ChainOracle& oracle,
                StoreRead& read) {
  const DataType& type = *array.stored_type;
  const std::uint64_t width = type.storage_bytes();
  check_chunk_length(array, bytes, box, where);
  bool ok = true;
  for_each_chunk_element(array.shape, origin, box, [&](std::uint64_t k, std::int64_t index) {
    if (!ok || index < 0) return;
    const ChainResult result = decode_element(
        array, element_from_bytes(type, &bytes[k * width], array.big_endian), oracle);
    if (!result.ok()) {
      read.error = std::string(result.error_name());
      ok = false;
    }
    read.values[index] = result.bits;
  });
  return ok;
}

bool read_shard(const StoreArray& array, const std::string& bytes, const std::string& where,
                const Extents& origin, const ChainOracle& oracle, StoreRead& read) {
  const ShardingLayout& layout = *array.sharding;
  const Extents inner = inner_grid(array);
  const std::string index = shard_index(array, bytes, where);
  bool ok = true;
  for_each_position(inner, [&](const Extents& position) {
    if (!ok) return;
    const std::uint64_t k = flat_index(inner, position);
    const Extents inner_origin = extents_plus(origin, extents_times(position, layout.inner_shape));
    const std::string at = where + " inner chunk " + std::to_string(k);
    const std::optional<std::string> chunk = inner_chunk_bytes(bytes, index, k, at);
    if (!chunk) {
      for_each_chunk_element(array.shape, inner_origin, layout.inner_shape,
                             [&](std::uint64_t, std::int64_t i) {
                               if (i >= 0) read.values[i] = array.fill_bits;
                             });
      return;
    }
    ok = read_chunk(array, *chunk, at, inner_origin, layout.inner_shape, oracle, read);
  });
  return ok;
}

// One (inner) chunk of `box` at `origin` as stored: its patterns (nullopt for an empty inner
// chunk) and which of its elements are padding beyond the array's edge.
void add_stored_chunk(const StoreArray& array, const std::optional<std::string>& bytes,
                      const std::string& where, const Extents& origin, const Extents& box,
                      StoredChunk& stored) {
  std::vector<bool> padding(element_count(box));
  for_each_chunk_element(array.shape, origin, box,
                         [&](std::uint64_t k, std::int64_t index) { padding[k] = index < 0; });
  stored.padding.push_back(std::move(padding));
  if (!bytes) {
    stored.inner.emplace_back(std::nullopt);
    return;
  }
  check_chunk_length(array, *bytes, box, where);
  const std::uint64_t width = array.stored_type->storage_bytes();
  std::vector<std::uint64_t> patterns;
  for (std::uint64_t k = 0; k < element_count(box); ++k)
    patterns.push_back(
        element_from_bytes(*array.stored_type, &(*bytes)[k * width], array.big_endian));
  stored.inner.emplace_back(std::move(patterns));
}

}  // namespace

ChainResult encode_element(const StoreArray& array, std::uint64_t array_bits,
                           const ChainOracle& oracle) {
  return encode_through(array.chain, array_bits, oracle.readings, *oracle.elements);
}

ChainResult decode_element(const StoreArray& array, std::uint64_t stored_bits,
                           const ChainOracle& oracle) {
  return decode_through(array.chain, stored_bits, oracle.readings, *oracle.elements);
}

std::string bytes_hex(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string hex;
  for (const char byte : bytes) {
    hex += kDigits[static_cast<unsigned char>(byte) >> 4];
    hex += kDigits[static_cast<unsigned char>(byte) & 15];
  }
  return hex;
}

std::string element_bytes(const DataType& type, std::uint64_t bits, bool big_endian) {
  const int width = type.storage_bytes();
  std::string bytes(width, '\0');
  for (int i = 0; i < width; ++i)
    bytes[big_endian ? width - 1 - i : i] = static_cast<char>(bits >> (8 * i) & 0xff);
  return bytes;
}

std::uint64_t element_from_bytes(const DataType& type, const char* bytes, bool big_endian) {
  const int width = type.storage_bytes();
  std::uint64_t bits = 0;
  for (int i = 0; i < width; ++i)
    bits |= std::uint64_t{static_cast<unsigned char>(bytes[big_endian ? width - 1 - i : i])}
            << (8 * i);
  return bits & type.bit_mask();
}

ChunkFiles lay_out_chunks(const StoreArray& array, const StoredElements& stored,
                          std::uint64_t encoded_fill) {
  ChunkFiles out;
  for_each_position(grid_extents(array.shape, array.chunk_shape), [&](const Extents& position) {
    const Extents origin = extents_times(position, array.chunk_shape);
    if (!any_written(array, stored, origin, array.chunk_shape)) return;
    const std::string key = chunk_key(position);
    bool all_fill = false;
    out.files[key] = array.sharding ? shard_bytes(array, stored, encoded_fill, origin, all_fill)
                                    : chunk_bytes(array, stored, encoded_fill, origin,
                                                  array.chunk_shape, all_fill);
    if (all_fill) out.all_fill.push_back(key);
  });
  return out;
}

StoredElements selected_elements(const StoreArray& array, const Selection& selection,
                                 const std::vector<std::uint64_t>& in_selection) {
  StoredElements stored;
  stored.patterns.assign(element_count(array.shape), 0);
  stored.written.assign(stored.patterns.size(), false);
  Extents origin;
  Extents box;
  for (std::size_t d = 0; d < array.shape.size(); ++d) {
    origin.push_back(selection.empty() ? 0 : selection.at(d).first);
    box.push_back(selection.empty() ? array.shape[d] : selection.at(d).second - origin[d]);
    if (origin[d] + box[d] > array.shape[d] || box[d] == 0)
      throw StoreFormatError("the selection is empty or leaves the array");
  }
  if (in_selection.size() != element_count(box))
    throw StoreFormatError(std::to_string(in_selection.size()) + " values for a selection of " +
                           std::to_string(element_count(box)) + " elements");
  for_each_chunk_element(array.shape, origin, box, [&](std::uint64_t k, std::int64_t index) {
    stored.patterns[index] = in_selection[k];
    stored.written[index] = true;
  });
  return stored;
}

StoreWrite write_selection(const StoreArray& array, const Selection& selection,
                           const std::vector<std::uint64_t>& values, const ChainOracle& oracle) {
  StoreWrite write;
  std::vector<std::uint64_t> encoded;
  for (const std::uint64_t bits : values) {
    const ChainResult result = encode_element(array, bits, oracle);
    if (!result.ok()) {
      write.error = std::string(result.error_name());
      return write;
    }
    encoded.push_back(result.bits);
  }
  write.chunks = lay_out_chunks(array, selected_elements(array, selection, encoded),
                                encode_element(array, array.fill_bits, oracle).bits);
  return write;
}

StoreRead read_chunks(const StoreArray& array, const std::map<std::string, std::string>& files,
                      const ChainOracle& oracle) {
  StoreRead read;
  read.values.assign(element_count(array.shape), array.fill_bits);
  bool ok = true;
  for_each_position(grid_extents(array.shape, array.chunk_shape), [&](const Extents& position) {
    const auto file = files.find(chunk_key(position));
    if (!ok || file == files.end()) return;
    const Extents origin = extents_times(position, array.chunk_shape);
    ok = array.sharding ? read_shard(array, file->second, file->first, origin, oracle, read)
                        : read_chunk(array, file->second, file->first, origin, array.chunk_shape,
                                     oracle, read);
  });
  if (!ok) read.values.clear();
  return read;
}

StoredChunk stored_chunk(const StoreArray& array, const Extents& chunk_position,
                         const std::string& file, const std::string& where) {
  StoredChunk stored;
  const Extents origin = extents_times(chunk_position, array.chunk_shape);
  if (!array.sharding) {
    add_stored_chunk(array, file, where, origin, array.chunk_shape, stored);
    return stored;
  }
  const Extents inner = inner_grid(array);
  const std::string index = shard_index(array, file, where);
  for_each_position(inner, [&](const Extents& position) {
    const std::uint64_t k = flat_index(inner, position);
    const std::string at = where + " inner chunk " + std::to_string(k);
    add_stored_chunk(array, inner_chunk_bytes(file, index, k, at), at,
                     extents_plus(origin, extents_times(position, array.sharding->inner_shape)),
                     array.sharding->inner_shape, stored);
  });
  return stored;
}

}  // namespace cvc
