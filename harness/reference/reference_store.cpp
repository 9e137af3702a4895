#include "harness/reference/reference_store.hpp"

#include <memory>

#include "oracle/checked_arithmetic.hpp"
#include "oracle/codec_chain.hpp"
#include "oracle/codec_metadata.hpp"
#include "oracle/io/bounded_quote.hpp"
#include "oracle/io/input_file.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/io/output_file.hpp"
#include "oracle/scalar_json.hpp"
#include "vector_format/crc32c.hpp"

namespace cvc {
namespace {

namespace fs = std::filesystem;
using Bytes = std::vector<std::uint8_t>;
using Shape = std::vector<std::uint64_t>;
using json = nlohmann::json;

constexpr std::uint64_t kMissing = ~std::uint64_t{0};  // a shard index entry of no inner chunk

// The most elements an array, a chunk or an inner chunk may hold here: every shape is checked
// against it when read (read_extents), so that no product of extents below wraps or allocates
// more than this many elements.
constexpr std::uint64_t kMaxElements = std::uint64_t{1} << 24;
// The largest zarr.json read (the store vectors' are under 4 KB).
constexpr std::uintmax_t kMaxMetadataBytes = std::uintmax_t{1} << 20;

// The elements of a shape read_extents accepted, of a box or grid inside one, or of a shard index
// (twice a grid): never more than 2 * kMaxElements, checked all the same.
std::uint64_t elements_in(const Shape& shape) {
  const std::optional<std::uint64_t> count = checked_extent_product(shape, 2 * kMaxElements);
  if (!count) throw StoreError("a shape of more than 2^25 elements");  // read_extents refuses them
  return *count;
}

// Chunks per dimension of a regular grid (rounded up, without overflow).
Shape grid_of(const Shape& shape, const Shape& chunk) {
  Shape grid(shape.size());
  for (std::size_t d = 0; d < shape.size(); ++d)
    grid[d] = shape[d] / chunk[d] + (shape[d] % chunk[d] != 0 ? 1 : 0);
  return grid;
}

// The C-order multi-index of flat index `flat` in `shape`.
Shape unflatten(std::uint64_t flat, const Shape& shape) {
  Shape index(shape.size());
  for (std::size_t d = shape.size(); d-- > 0;) {
    index[d] = flat % shape[d];
    flat /= shape[d];
  }
  return index;
}

// A list of non-negative integers (shape, chunk_shape) at `what`.
Shape read_extents(const json& value, const std::string& what, bool positive) {
  if (!value.is_array()) throw StoreError(what + " is not an array of integers");
  Shape extents;
  for (const json& item : value) {
    const std::optional<std::uint64_t> extent = json_unsigned(item);
    if (!extent || (positive && *extent == 0))
      throw StoreError(what + " holds " + dump_json_exact(item) + ", not a " +
                       (positive ? "positive" : "non-negative") + " integer");
    extents.push_back(*extent);
  }
  if (!checked_extent_product(extents, kMaxElements))
    throw StoreError(what + " " + bounded_quote(dump_json_exact(value)) +
                     " holds more than 2^24 elements, too many for the reference adapter");
  return extents;
}

// Calls visit(array_flat, chunk_flat) for each element of the chunk at `chunk_index` that lies
// inside the array.
template <typename Visit>
void for_each_in_chunk(const Shape& shape, const Shape& chunk, const Shape& chunk_index,
                       Visit visit) {
  const std::uint64_t per_chunk = elements_in(chunk);
  for (std::uint64_t local = 0; local < per_chunk; ++local) {
    const Shape offset = unflatten(local, chunk);
    std::uint64_t flat = 0;
    bool inside = true;
    for (std::size_t d = 0; d < shape.size(); ++d) {
      const std::uint64_t coordinate = chunk_index[d] * chunk[d] + offset[d];
      inside = inside && coordinate < shape[d];
      flat = flat * shape[d] + coordinate;
    }
    if (inside) visit(flat, local);
  }
}

// --- Codec chains -------------------------------------------------------------------------------

// One level of a codec chain: array -> array codecs, the array -> bytes codec, crc32c codecs.
struct Chain {
  const DataType* input = nullptr;   // the type entering the chain
  const DataType* stored = nullptr;  // the type after its array -> array codecs
  std::uint64_t stored_fill = 0;     // the fill value after them
  ArrayChain elements;               // the array -> array codecs, as the oracle models them
  bool big_endian = false;
  bool sharded = false;
  Shape inner_shape;                    // sharding: the inner chunk shape
  std::unique_ptr<Chain> inner, index;  // sharding: the inner chunks' and the index's chains
  bool index_at_start = false;
  int checksums = 0;  // crc32c codecs after the array -> bytes codec
};

std::string name_of_codec(const json& codec) {
  if (const std::optional<std::string> name = codec_name(codec)) return *name;
  throw StoreError("a codec is neither a name nor an object with a name: " + codec.dump());
}

// One element through one array -> array codec in one direction: cast_value with the mutant's
// cast, scale_offset with the oracle's arithmetic. `what` names the operation in the error.
std::uint64_t through_step(const ChainStep& step, Direction direction, std::uint64_t value,
                           const StoreOptions& options, const std::string& what) {
  const bool encode = direction == Direction::Encode;
  if (const CastValueCodec* cast = std::get_if<CastValueCodec>(&step.codec)) {
    const CastRule rule = encode ? cast->encode_rule() : cast->decode_rule();
    const CastResult result = model_cast(options.mutant, rule, value);
    if (!result.ok())
      throw StoreError(what + " through cast_value fails: " + explain(rule, result));
    return result.bits;
  }
  const ScaleOffsetCodec& scale_offset = std::get<ScaleOffsetCodec>(step.codec);
  const ScaleOffsetResult result =
      encode ? scale_offset_encode(scale_offset, value) : scale_offset_decode(scale_offset, value);
  if (!result.ok())
    throw StoreError(what + " through scale_offset fails: " +
                     std::string(scale_offset_error_name(result.error)) + " in its " +
                     std::string(scale_offset_operation_name(result.operation)));
  return result.bits;
}

// StoreBug::ScaleOffsetIgnored: the codecs as the bug reads them, scale_offset without its
// configuration (the spec's no-op) and the alias with offset 0 and scale 1.
json as_scale_offset_ignored(const json& codecs) {
  json seen = codecs;
  for (json& codec : seen) {
    const std::optional<std::string> name = codec_name(codec);
    if (name == "scale_offset") codec = "scale_offset";
    if (name == "numcodecs.fixedscaleoffset" && codec.is_object() &&
        codec.contains("configuration") && codec["configuration"].is_object()) {
      codec["configuration"]["offset"] = 0;
      codec["configuration"]["scale"] = 1;
    }
  }
  return seen;
}

json codec_configuration(const json& codec) {
  if (codec.is_object() && codec.contains("configuration")) return codec["configuration"];
  return json::object();
}

std::unique_ptr<Chain> parse_chain(const json& codecs, const DataType& type,
                                   std::uint64_t fill_bits, const Shape& chunk,
                                   const StoreOptions& options);

void parse_sharding(Chain& chain, const json& configuration, const Shape& chunk,
                    const StoreOptions& options) {
  chain.sharded = true;
  if (!configuration.is_object() || !configuration.contains("chunk_shape") ||
      !configuration.contains("codecs"))
    throw StoreError("sharding_indexed: configuration needs chunk_shape and codecs");
  chain.inner_shape = read_extents(configuration["chunk_shape"], "sharding chunk_shape", true);
  if (chain.inner_shape.size() != chunk.size())
    throw StoreError("sharding chunk_shape has another rank than the chunk");
  for (std::size_t d = 0; d < chunk.size(); ++d)
    if (chunk[d] % chain.inner_shape[d] != 0)
      throw StoreError("sharding chunk_shape does not divide the chunk shape");
  chain.inner = parse_chain(configuration["codecs"], *chain.stored, chain.stored_fill,
                            chain.inner_shape, options);
  const json index_codecs = configuration.value(
      "index_codecs", json::array({{{"name", "bytes"}, {"configuration", {{"endian", "little"}}}},
                                   {{"name", "crc32c"}}}));
  Shape index_shape = grid_of(chunk, chain.inner_shape);
  index_shape.push_back(2);
  chain.index = parse_chain(index_codecs, *find_data_type("uint64"), 0, index_shape, options);
  if (!chain.index->elements.steps.empty() || chain.index->sharded)
    throw StoreError("sharding index_codecs: only bytes and crc32c are supported");
  const std::string location = configuration.value("index_location", "end");
  if (location != "start" && location != "end")
    throw StoreError("sharding index_location is \"" + location + "\", not start or end");
  chain.index_at_start = location == "start";
}

// The array -> array codecs at the start of `codecs`, as the oracle models them, and the fill
// value through them; transpose is refused (it would reorder the chunk, which this engine does
// not do).
void parse_elements(Chain& chain, const json& array_codecs, const StoreOptions& options) {
  try {
    chain.elements = parse_array_chain(*chain.input, array_codecs);
  } catch (const MetadataError& error) {
    throw StoreError(std::string("invalid metadata: ") + error.what());
  }
  for (const ChainStep& step : chain.elements.steps) {
    if (std::holds_alternative<TransposeCodec>(step.codec))
      throw StoreError("codec \"transpose\" is not supported here by the reference adapter");
    chain.stored_fill = through_step(step, Direction::Encode, chain.stored_fill, options,
                                     "encoding the fill value (" + step.path + ")");
  }
  chain.stored = &chain.elements.output_type();
}

std::unique_ptr<Chain> parse_chain(const json& given, const DataType& type, std::uint64_t fill_bits,
                                   const Shape& chunk, const StoreOptions& options) {
  // The array -> array codecs and the fill value round trip, as the oracle validates them: the
  // array -> array codecs, then `bytes` in place of the array -> bytes codec (the oracle's check
  // does not follow sharding_indexed; its inner chain is checked as a chain of its own).
  if (!given.is_array()) throw StoreError("codecs is not an array");
  const json codecs =
      options.bug == StoreBug::ScaleOffsetIgnored ? as_scale_offset_ignored(given) : given;
  json array_codecs = json::array();
  for (const json& codec : codecs) {
    if (codec_role(name_of_codec(codec)) != CodecRole::ArrayToArray) break;
    array_codecs.push_back(codec);
  }
  json checked = array_codecs;
  checked.push_back({{"name", "bytes"}});
  const FillValueCheck check =
      model_validate(options.mutant, type, format_scalar(type, fill_bits), checked);
  if (!check.valid) throw StoreError("invalid metadata: " + check.message);
  auto chain = std::make_unique<Chain>();
  chain->input = &type;
  chain->stored_fill = fill_bits;
  parse_elements(*chain, array_codecs, options);
  bool array_to_bytes = false;
  for (std::size_t k = array_codecs.size(); k < codecs.size(); ++k) {
    const json& codec = codecs[k];
    const std::string name = name_of_codec(codec);
    const json configuration = codec_configuration(codec);
    if (name == "bytes" && !array_to_bytes) {
      array_to_bytes = true;
      const std::string endian = configuration.value("endian", "little");
      if (endian != "little" && endian != "big")
        throw StoreError("bytes: endian is \"" + endian + "\", not little or big");
      chain->big_endian = endian == "big" && options.bug != StoreBug::IgnoreBigEndian;
    } else if (name == "sharding_indexed" && !array_to_bytes) {
      array_to_bytes = true;
      parse_sharding(*chain, configuration, chunk, options);
    } else if (name == "crc32c" && array_to_bytes) {
      ++chain->checksums;
    } else {
      throw StoreError("codec \"" + name + "\" is not supported here by the reference adapter");
    }
  }
  if (!array_to_bytes) throw StoreError("the codec chain has no array -> bytes codec");
  return chain;
}

// --- Chunks -------------------------------------------------------------------------------------

Bytes encode_chunk(const Chain& chain, std::vector<std::uint64_t> values, const Shape& shape,
                   const StoreOptions& options);
std::vector<std::uint64_t> decode_chunk(const Chain& chain, Bytes bytes, const Shape& shape,
                                        const StoreOptions& options);

void through_all(std::vector<std::uint64_t>& values, const ChainStep& step, Direction direction,
                 const StoreOptions& options) {
  const std::string what = std::string(direction == Direction::Encode ? "encoding" : "decoding");
  for (std::uint64_t& value : values) value = through_step(step, direction, value, options, what);
}

Bytes pack(const std::vector<std::uint64_t>& values, const DataType& type, bool big_endian) {
  const int width = type.storage_bytes();
  Bytes bytes;
  bytes.reserve(values.size() * static_cast<std::size_t>(width));
  for (const std::uint64_t value : values)
    for (int k = 0; k < width; ++k) {
      const int byte = big_endian ? width - 1 - k : k;
      bytes.push_back(static_cast<std::uint8_t>(value >> (8 * byte)));
    }
  return bytes;
}

// The bits above a sub-byte type's width are cleared: the data type documents call them
// "arbitrary", ignored by readers.
std::vector<std::uint64_t> unpack(const Bytes& bytes, const DataType& type, bool big_endian,
                                  std::uint64_t count) {
  const std::size_t width = static_cast<std::size_t>(type.storage_bytes());
  if (bytes.size() != count * width)
    throw StoreError("a chunk holds " + std::to_string(bytes.size()) + " bytes, not " +
                     std::to_string(count * width));
  std::vector<std::uint64_t> values(count);
  for (std::size_t i = 0; i < count; ++i) {
    std::uint64_t value = 0;
    for (std::size_t k = 0; k < width; ++k) {
      const std::size_t byte = big_endian ? width - 1 - k : k;
      value |= std::uint64_t{bytes[i * width + k]} << (8 * byte);
    }
    values[i] = value & type.bit_mask();
  }
  return values;
}

Bytes encode_shard(const Chain& chain, const std::vector<std::uint64_t>& values, const Shape& shape,
                   const StoreOptions& options) {
  const Shape grid = grid_of(shape, chain.inner_shape);
  const std::uint64_t inner_count = elements_in(grid);
  std::vector<Bytes> inner_chunks;
  for (std::uint64_t k = 0; k < inner_count; ++k) {
    std::vector<std::uint64_t> inner(elements_in(chain.inner_shape));
    for_each_in_chunk(
        shape, chain.inner_shape, unflatten(k, grid),
        [&](std::uint64_t flat, std::uint64_t local) { inner[local] = values[flat]; });
    inner_chunks.push_back(
        encode_chunk(*chain.inner, std::move(inner), chain.inner_shape, options));
  }
  Shape index_shape = grid;
  index_shape.push_back(2);
  const std::size_t index_size =
      encode_chunk(*chain.index, std::vector<std::uint64_t>(2 * inner_count), index_shape, options)
          .size();
  std::vector<std::uint64_t> index;
  std::uint64_t offset = chain.index_at_start ? index_size : 0;
  Bytes data;
  for (const Bytes& inner : inner_chunks) {
    index.push_back(offset);
    index.push_back(inner.size());
    offset += inner.size();
    data.insert(data.end(), inner.begin(), inner.end());
  }
  const Bytes encoded_index = encode_chunk(*chain.index, index, index_shape, options);
  Bytes shard = chain.index_at_start ? encoded_index : data;
  const Bytes& rest = chain.index_at_start ? data : encoded_index;
  shard.insert(shard.end(), rest.begin(), rest.end());
  return shard;
}

// The inner chunks of a shard of `shape`, in C order: each one's bytes, or nullopt when empty
// (offset and length both 2^64-1 in the index).
std::vector<std::optional<Bytes>> shard_inner_chunks(const Chain& chain, const Bytes& bytes,
                                                     const Shape& shape,
                                                     const StoreOptions& options) {
  const std::uint64_t inner_count = elements_in(grid_of(shape, chain.inner_shape));
  Shape index_shape = grid_of(shape, chain.inner_shape);
  index_shape.push_back(2);
  // The index's encoded size does not depend on its values (bytes and crc32c only).
  const std::size_t index_size =
      encode_chunk(*chain.index, std::vector<std::uint64_t>(2 * inner_count), index_shape, options)
          .size();
  if (bytes.size() < index_size) throw StoreError("a shard is shorter than its index");
  const auto index_begin = chain.index_at_start ? bytes.begin() : bytes.end() - index_size;
  const std::vector<std::uint64_t> index = decode_chunk(
      *chain.index, Bytes(index_begin, index_begin + index_size), index_shape, options);
  std::vector<std::optional<Bytes>> inner;
  for (std::uint64_t k = 0; k < inner_count; ++k) {
    const std::uint64_t offset = index[2 * k], size = index[2 * k + 1];
    if (offset == kMissing && size == kMissing) {
      inner.emplace_back(std::nullopt);
      continue;
    }
    if (offset > bytes.size() || size > bytes.size() - offset)
      throw StoreError("a shard index entry points outside the shard");
    inner.emplace_back(Bytes(bytes.begin() + static_cast<std::ptrdiff_t>(offset),
                             bytes.begin() + static_cast<std::ptrdiff_t>(offset + size)));
  }
  return inner;
}

std::vector<std::uint64_t> decode_shard(const Chain& chain, const Bytes& bytes, const Shape& shape,
                                        const StoreOptions& options) {
  const Shape grid = grid_of(shape, chain.inner_shape);
  const std::vector<std::optional<Bytes>> chunks = shard_inner_chunks(chain, bytes, shape, options);
  const std::uint64_t fill = options.bug == StoreBug::MissingChunkZero ? 0 : chain.stored_fill;
  std::vector<std::uint64_t> values(elements_in(shape), fill);
  for (std::uint64_t k = 0; k < chunks.size(); ++k) {
    if (!chunks[k]) continue;
    const std::vector<std::uint64_t> inner =
        decode_chunk(*chain.inner, *chunks[k], chain.inner_shape, options);
    for_each_in_chunk(
        shape, chain.inner_shape, unflatten(k, grid),
        [&](std::uint64_t flat, std::uint64_t local) { values[flat] = inner[local]; });
  }
  return values;
}

Bytes encode_chunk(const Chain& chain, std::vector<std::uint64_t> values, const Shape& shape,
                   const StoreOptions& options) {
  for (const ChainStep& step : chain.elements.steps)
    through_all(values, step, Direction::Encode, options);
  Bytes bytes = chain.sharded ? encode_shard(chain, values, shape, options)
                              : pack(values, *chain.stored, chain.big_endian);
  for (int k = 0; k < chain.checksums; ++k) {
    const std::uint32_t crc = crc32c(bytes);
    for (int byte = 0; byte < 4; ++byte)
      bytes.push_back(static_cast<std::uint8_t>(crc >> (8 * byte)));
  }
  return bytes;
}

void strip_checksums(const Chain& chain, Bytes& bytes) {
  for (int k = 0; k < chain.checksums; ++k) {
    if (bytes.size() < 4) throw StoreError("a chunk is shorter than its crc32c checksum");
    std::uint32_t stored = 0;
    for (int byte = 0; byte < 4; ++byte)
      stored |= std::uint32_t{bytes[bytes.size() - 4 + static_cast<std::size_t>(byte)]}
                << (8 * byte);
    bytes.resize(bytes.size() - 4);
    if (crc32c(bytes) != stored) throw StoreError("a chunk's crc32c checksum does not match");
  }
}

std::vector<std::uint64_t> decode_chunk(const Chain& chain, Bytes bytes, const Shape& shape,
                                        const StoreOptions& options) {
  strip_checksums(chain, bytes);
  std::vector<std::uint64_t> values =
      chain.sharded ? decode_shard(chain, bytes, shape, options)
                    : unpack(bytes, *chain.stored, chain.big_endian, elements_in(shape));
  for (auto step = chain.elements.steps.rbegin(); step != chain.elements.steps.rend(); ++step)
    through_all(values, *step, Direction::Decode, options);
  return values;
}

// The most bytes `chain` encodes a chunk of `shape` into: every element stored, every inner chunk
// of a shard written, its index, the checksums. A chunk file longer than that is refused unread.
std::uint64_t encoded_bound(const Chain& chain, const Shape& shape) {
  std::optional<std::uint64_t> bytes;
  if (chain.sharded) {
    Shape index_shape = grid_of(shape, chain.inner_shape);
    const std::optional<std::uint64_t> inner =
        checked_product(elements_in(index_shape), encoded_bound(*chain.inner, chain.inner_shape));
    index_shape.push_back(2);
    if (inner) bytes = checked_sum(*inner, encoded_bound(*chain.index, index_shape));
  } else {
    bytes = checked_product(elements_in(shape),
                            static_cast<std::uint64_t>(chain.stored->storage_bytes()));
  }
  if (bytes) bytes = checked_sum(*bytes, 4 * static_cast<std::uint64_t>(chain.checksums));
  if (!bytes) throw StoreError("a chunk of this array may take more than 2^64 bytes");
  return *bytes;
}

// The chunk file at `file`, or nullopt when there is none (never written: the fill value). Only
// a regular file is read, never through a symbolic link, and only up to `max_bytes`.
std::optional<Bytes> read_chunk_file(const fs::path& file, std::uint64_t max_bytes) {
  std::error_code error;
  if (!fs::exists(fs::symlink_status(file, error))) return std::nullopt;
  try {
    const std::string bytes = read_input_file(file.string(), max_bytes, FinalLink::Refuse);
    return Bytes(bytes.begin(), bytes.end());
  } catch (const InputFileError& refused) {
    throw StoreError(std::string("a chunk file cannot be read: ") + refused.what());
  }
}

// --- Arrays -------------------------------------------------------------------------------------

struct Array {
  const DataType* type = nullptr;
  Shape shape, chunk;
  std::uint64_t fill = 0;
  std::string key_encoding = "default", separator = "/";
  std::unique_ptr<Chain> chain;

  std::string chunk_key(const Shape& index) const {
    std::string key = key_encoding == "default" ? "c" : "";
    for (const std::uint64_t coordinate : index) {
      if (!key.empty()) key += separator;
      key += std::to_string(coordinate);
    }
    return key.empty() ? "0" : key;
  }
};

Array parse_array(const json& metadata, const StoreOptions& options) {
  if (!metadata.is_object()) throw StoreError("zarr.json is not a JSON object");
  for (const char* key : {"zarr_format", "node_type", "shape", "data_type", "chunk_grid",
                          "chunk_key_encoding", "fill_value", "codecs"})
    if (!metadata.contains(key)) throw StoreError(std::string("zarr.json has no ") + key);
  if (json_unsigned(metadata["zarr_format"]) != 3) throw StoreError("zarr_format is not 3");
  if (metadata["node_type"] != "array") throw StoreError("node_type is not \"array\"");
  Array array;
  try {
    array.type = &parse_data_type_metadata(metadata["data_type"], "data_type");
  } catch (const MetadataError& error) {
    throw StoreError(error.what());
  }
  array.shape = read_extents(metadata["shape"], "shape", false);
  const json& grid = metadata["chunk_grid"];
  if (!grid.is_object() || grid.value("name", "") != "regular" || !grid.contains("configuration") ||
      !grid["configuration"].is_object() || !grid["configuration"].contains("chunk_shape"))
    throw StoreError("chunk_grid is not a regular grid with a chunk_shape");
  array.chunk = read_extents(grid["configuration"]["chunk_shape"], "chunk_shape", true);
  if (array.chunk.size() != array.shape.size())
    throw StoreError("chunk_shape has another rank than shape");
  const json& keys = metadata["chunk_key_encoding"];
  array.key_encoding = keys.is_object() ? keys.value("name", "") : "";
  if (array.key_encoding != "default" && array.key_encoding != "v2")
    throw StoreError("chunk_key_encoding is neither default nor v2");
  array.separator = array.key_encoding == "default" ? "/" : ".";
  if (keys.contains("configuration") && keys["configuration"].contains("separator"))
    array.separator = keys["configuration"]["separator"].get<std::string>();
  if (array.separator != "/" && array.separator != ".")
    throw StoreError("chunk_key_encoding separator is neither / nor .");
  try {
    array.fill = parse_scalar(*array.type, metadata["fill_value"]);
  } catch (const ScalarError& error) {
    throw StoreError(std::string("fill_value: ") + error.what());
  }
  array.chain = parse_chain(metadata["codecs"], *array.type, array.fill, array.chunk, options);
  return array;
}

json read_metadata(const fs::path& directory) {
  std::string text;
  try {
    text =
        read_input_file((directory / "zarr.json").string(), kMaxMetadataBytes, FinalLink::Refuse);
  } catch (const InputFileError& refused) {
    throw StoreError(std::string("zarr.json cannot be read: ") + refused.what());
  }
  try {
    return parse_json_exact(text);
  } catch (const std::exception& error) {
    throw StoreError(std::string("zarr.json is not JSON: ") + error.what());
  }
}

}  // namespace

std::optional<StoreBug> parse_store_bug(std::string_view name) {
  if (name == "none") return StoreBug::None;
  for (std::size_t k = 0; k < std::size(kStoreBugNames); ++k)
    if (name == kStoreBugNames[k]) return static_cast<StoreBug>(k + 1);
  return std::nullopt;
}

ArrayShape array_shape(const nlohmann::json& metadata) {
  if (!metadata.is_object() || !metadata.contains("shape") || !metadata.contains("data_type"))
    throw StoreError("array metadata without shape or data_type");
  ArrayShape result;
  try {
    result.type = &parse_data_type_metadata(metadata["data_type"], "data_type");
  } catch (const MetadataError& error) {
    throw StoreError(error.what());
  }
  result.count = elements_in(read_extents(metadata["shape"], "shape", false));
  return result;
}

void open_store_array(const fs::path& directory, const StoreOptions& options) {
  parse_array(read_metadata(directory), options);
}

std::vector<std::uint64_t> read_store_array(const fs::path& directory,
                                            const StoreOptions& options) {
  const Array array = parse_array(read_metadata(directory), options);
  const std::uint64_t missing = options.bug == StoreBug::MissingChunkZero ? 0 : array.fill;
  std::vector<std::uint64_t> values(elements_in(array.shape), missing);
  const Shape grid = grid_of(array.shape, array.chunk);
  const std::uint64_t bound = encoded_bound(*array.chain, array.chunk);
  for (std::uint64_t k = 0; k < elements_in(grid); ++k) {
    const Shape index = unflatten(k, grid);
    std::optional<Bytes> bytes = read_chunk_file(directory / array.chunk_key(index), bound);
    if (!bytes) continue;  // never written: the fill value
    const std::vector<std::uint64_t> chunk =
        decode_chunk(*array.chain, std::move(*bytes), array.chunk, options);
    for_each_in_chunk(
        array.shape, array.chunk, index,
        [&](std::uint64_t flat, std::uint64_t local) { values[flat] = chunk[local]; });
  }
  return values;
}

void write_store_array(const fs::path& directory, const nlohmann::json& metadata,
                       const Selection& selection, const std::vector<std::uint64_t>& values,
                       const StoreOptions& options) {
  const Array array = parse_array(metadata, options);
  Selection ranges = selection;
  if (ranges.empty())
    for (const std::uint64_t extent : array.shape) ranges.emplace_back(0, extent);
  if (ranges.size() != array.shape.size())
    throw StoreError("the selection has another rank than the array");
  Shape selected;
  for (std::size_t d = 0; d < ranges.size(); ++d) {
    if (ranges[d].first >= ranges[d].second || ranges[d].second > array.shape[d])
      throw StoreError("the selection is outside the array");
    selected.push_back(ranges[d].second - ranges[d].first);
  }
  if (values.size() != elements_in(selected))
    throw StoreError("the values are " + std::to_string(values.size()) +
                     " elements, the selection " + std::to_string(elements_in(selected)));
  const auto in_selection = [&](std::uint64_t flat, std::uint64_t& position) {
    const Shape index = unflatten(flat, array.shape);
    position = 0;
    for (std::size_t d = 0; d < index.size(); ++d) {
      if (index[d] < ranges[d].first || index[d] >= ranges[d].second) return false;
      position = position * selected[d] + (index[d] - ranges[d].first);
    }
    return true;
  };
  fs::create_directories(directory);
  write_output_file(directory / "zarr.json", dump_json_exact(metadata) + "\n");
  const std::uint64_t padding = options.bug == StoreBug::EdgeNotFillPadded ? 0 : array.fill;
  const Shape grid = grid_of(array.shape, array.chunk);
  const std::uint64_t bound = encoded_bound(*array.chain, array.chunk);
  for (std::uint64_t k = 0; k < elements_in(grid); ++k) {
    const Shape index = unflatten(k, grid);
    bool touched = true;
    for (std::size_t d = 0; d < index.size(); ++d)
      touched = touched && index[d] * array.chunk[d] < ranges[d].second &&
                (index[d] + 1) * array.chunk[d] > ranges[d].first;
    if (!touched) continue;
    const fs::path file = directory / array.chunk_key(index);
    std::vector<std::uint64_t> chunk(elements_in(array.chunk), padding);
    if (std::optional<Bytes> bytes = read_chunk_file(file, bound))  // read, modify, write
      chunk = decode_chunk(*array.chain, std::move(*bytes), array.chunk, options);
    for_each_in_chunk(array.shape, array.chunk, index,
                      [&](std::uint64_t flat, std::uint64_t local) {
                        std::uint64_t position = 0;
                        if (in_selection(flat, position)) chunk[local] = values[position];
                      });
    const Bytes bytes = encode_chunk(*array.chain, std::move(chunk), array.chunk, options);
    fs::create_directories(file.parent_path());
    write_output_file(file,
                      std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
  }
}

}  // namespace cvc
