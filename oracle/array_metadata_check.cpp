// validate_array_metadata (oracle/codec_metadata.hpp): the codec chain walked level by level
// (a sharding_indexed codec opens the level of its inner codecs), then the fill value threaded
// through it "as a chunk is encoded" (the seed's _check_fill_value_round_trip) and each cast_value
// codec's round trip checked with the fill value that reaches it (ChainFillRoundTrip).
#include <optional>
#include <string_view>
#include <utility>

#include "oracle/codec_chain.hpp"
#include "oracle/codec_metadata.hpp"
#include "oracle/exact_value.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/metadata_json.hpp"
#include "oracle/scalar_json.hpp"

namespace cvc {
namespace {

using json = nlohmann::json;

FillValueCheck finish(FillValueCheck check, MetadataVerdict verdict, std::string message) {
  check.verdict = verdict;
  check.valid = verdict == MetadataVerdict::Valid;
  check.message = std::move(message);
  return check;
}

// A verdict other than valid, found while walking or threading.
struct ChainProblem {
  MetadataVerdict verdict = MetadataVerdict::Invalid;
  std::string message;
};
ChainProblem invalid_chain(std::string message) {
  return {MetadataVerdict::Invalid, std::move(message)};
}

// --- The walk: one level of codecs
// ----------------------------------------------------------------

// One level of the chain: its array -> array steps, then its array -> bytes codec, which for
// sharding_indexed holds the next level (its inner codecs).
struct ChainLevel {
  ArrayChain chain;
  std::vector<ChainLevel> inner;  // zero or one: the sharding codec's inner codecs
};

// "Cast_Value" and "Scale_Offset" are misspellings of codecs the oracle knows, not codecs it does
// not know: names are case-sensitive, and no codec is registered under those names.
bool misspells_known_codec(std::string_view name) {
  for (std::string_view known : {"cast_value", "scale_offset", "transpose", "bytes",
                                 "sharding_indexed", "numcodecs.fixedscaleoffset"}) {
    if (known.size() != name.size() || known == name) continue;
    bool same = true;
    for (std::size_t i = 0; i < name.size(); ++i)
      same = same && std::tolower(static_cast<unsigned char>(name[i])) == known[i];
    if (same) return true;
  }
  return false;
}

// The shape of the arrays that reach a level (the array's chunk shape at the top, the inner chunk
// shape inside a shard), when known; and what could not be checked for want of it.
using Shape = std::optional<std::vector<std::uint64_t>>;
struct WalkContext {
  const Readings& readings;
  std::vector<std::string>& unchecked;
};

std::optional<ChainProblem> walk_level(ChainLevel& level, const DataType& type, const json& codecs,
                                       const std::string& prefix, const Shape& shape,
                                       WalkContext context);

constexpr std::string_view kCoreCodecsSpec =
    "the core spec, zarr-specs docs/v3/core/index.rst, \"Codecs\": array -> array codecs, then "
    "exactly one array -> bytes codec, then bytes -> bytes codecs";

// Compressors: "Codecs that produce variable-sized encoded representation, such as compression
// codecs, MUST NOT be used for index codecs" (sharding-indexed.rst, index_codecs).
bool is_compressor(std::string_view name) {
  for (std::string_view compressor :
       {"gzip", "zstd", "blosc", "numcodecs.gzip", "numcodecs.zlib", "numcodecs.zstd",
        "numcodecs.blosc", "numcodecs.bz2", "numcodecs.lzma", "numcodecs.lz4"})
    if (name == compressor) return true;
  return false;
}

// chunk_shape: "The length of the chunk_shape array must match the number of dimensions of the
// shard shape ... and the inner chunk shape along each dimension must evenly divide the size of
// the shard shape" (sharding-indexed.rst); checked where the shard shape is known.
std::optional<ChainProblem> check_chunk_shape(const std::vector<std::uint64_t>& chunk_shape,
                                              const Shape& shard_shape, const std::string& path,
                                              WalkContext context) {
  if (!shard_shape) {
    context.unchecked.push_back(path +
                                ": against the shard shape, which is not known here (the array's "
                                "chunk shape, which --codecs alone does not give, or one a "
                                "transpose before the codec reorders)");
    return std::nullopt;
  }
  const auto text = [](const std::vector<std::uint64_t>& shape) {
    std::string out = "[";
    for (std::size_t i = 0; i < shape.size(); ++i)
      out += (i == 0 ? "" : ", ") + std::to_string(shape[i]);
    return out + "]";
  };
  if (chunk_shape.size() != shard_shape->size())
    return invalid_chain(path + ": " + text(chunk_shape) + " has " +
                         std::to_string(chunk_shape.size()) + " dimensions, the shard shape " +
                         text(*shard_shape) + " " + std::to_string(shard_shape->size()) +
                         " (sharding-indexed.rst: the length of chunk_shape must match the number "
                         "of dimensions of the shard shape)");
  for (std::size_t i = 0; i < chunk_shape.size(); ++i)
    if ((*shard_shape)[i] % chunk_shape[i] != 0)
      return invalid_chain(path + ": " + text(chunk_shape) + " does not divide the shard shape " +
                           text(*shard_shape) + " (dimension " + std::to_string(i) +
                           "; sharding-indexed.rst: the inner chunk shape along each dimension "
                           "must evenly divide the size of the shard shape)");
  return std::nullopt;
}

// The configuration's keys other than the codecs: chunk_shape, index_location.
std::optional<ChainProblem> check_sharding_keys(const json& configuration,
                                                const std::string& config_path,
                                                std::vector<std::uint64_t>& chunk_shape) {
  for (std::string_view key : {"chunk_shape", "codecs", "index_codecs"})
    if (find_key(configuration, key) == nullptr)
      return invalid_chain(join_path(config_path, key) + ": missing (required)");
  const json& shape = *find_key(configuration, "chunk_shape");
  bool shape_ok = shape.is_array() && !shape.empty();
  for (const json& extent : shape) {
    const std::optional<std::uint64_t> value = json_unsigned(extent);
    shape_ok = shape_ok && value && *value > 0;
    if (shape_ok) chunk_shape.push_back(*value);
  }
  if (!shape_ok)
    return invalid_chain(join_path(config_path, "chunk_shape") +
                         ": must be an array of positive integers; got " + show(shape));
  const json* location = find_key(configuration, "index_location");
  if (location != nullptr && *location != "start" && *location != "end")
    return invalid_chain(join_path(config_path, "index_location") + ": must be \"start\" or " +
                         "\"end\" (sharding-indexed.rst); got " + show(*location));
  return std::nullopt;
}

// index_codecs: a chain of its own (on uint64, with no fill value), and no compressor in it.
std::optional<ChainProblem> walk_index_codecs(const json& index_codecs, const std::string& path,
                                              const Shape& index_shape, WalkContext context) {
  ChainLevel index;
  if (std::optional<ChainProblem> problem =
          walk_level(index, *find_data_type("uint64"), index_codecs, path, index_shape, context))
    return problem;
  for (std::size_t i = 0; i < index_codecs.size(); ++i) {
    const std::optional<std::string> name = codec_name(index_codecs[i]);
    if (name && is_compressor(*name))
      return invalid_chain(index_path(path, i) + ": " + quote(*name) +
                           " is a compressor, and sharding-indexed.rst says codecs that produce "
                           "variable-sized encoded representation MUST NOT be used for index "
                           "codecs");
  }
  return std::nullopt;
}

// sharding_indexed (sharding-indexed.rst, "Configuration parameters"): its inner codecs form the
// next level, with the data type (and, when threading, the fill value) that reaches the codec;
// `shape` is the shard shape when known.
std::optional<ChainProblem> walk_sharding(ChainLevel& level, const json& codec,
                                          const std::string& path, const Shape& shape,
                                          WalkContext context) {
  const json* configuration = codec.is_object() ? find_key(codec, "configuration") : nullptr;
  const std::string config_path = join_path(path, "configuration");
  if (configuration == nullptr || !configuration->is_object())
    return invalid_chain(config_path +
                         ": sharding_indexed requires a configuration object with "
                         "chunk_shape, codecs and index_codecs");
  std::vector<std::uint64_t> chunk_shape;
  if (std::optional<ChainProblem> problem =
          check_sharding_keys(*configuration, config_path, chunk_shape))
    return problem;
  if (std::optional<ChainProblem> problem =
          check_chunk_shape(chunk_shape, shape, join_path(config_path, "chunk_shape"), context))
    return problem;
  level.inner.emplace_back();
  if (std::optional<ChainProblem> problem = walk_level(
          level.inner.back(), level.chain.output_type(), *find_key(*configuration, "codecs"),
          join_path(config_path, "codecs"), chunk_shape, context))
    return problem;
  // The index: chunks per shard, and 2 (offset, nbytes), of uint64 with no fill value.
  Shape index_shape;
  if (shape) {
    index_shape.emplace();
    for (std::size_t i = 0; i < chunk_shape.size(); ++i)
      index_shape->push_back((*shape)[i] / chunk_shape[i]);
    index_shape->push_back(2);
  }
  return walk_index_codecs(*find_key(*configuration, "index_codecs"),
                           join_path(config_path, "index_codecs"), index_shape, context);
}

// A codec of a role the level cannot take where it stands: after the array -> bytes codec at
// `array_to_bytes`, only bytes -> bytes codecs.
std::optional<ChainProblem> misplaced(CodecRole role, const std::string& name,
                                      const std::string& path, const std::string& prefix,
                                      std::size_t array_to_bytes) {
  if (role == CodecRole::Unknown) return std::nullopt;  // bytes -> bytes: cannot touch the fill
  const std::string first = index_path(prefix, array_to_bytes);
  const bool array_to_array = role == CodecRole::ArrayToArray;
  return invalid_chain(path + ": " + name + " is an " +
                       (array_to_array ? "array -> array" : "array -> bytes") +
                       " codec and cannot follow the array -> bytes codec " + first +
                       (array_to_array ? "" : " (" + std::string(kCoreCodecsSpec) + ")"));
}

std::optional<ChainProblem> unknown_codec(const std::string& name, const std::string& path) {
  if (misspells_known_codec(name))
    return invalid_chain(path + ": unknown codec " + quote(name) +
                         " (codec names are case-sensitive)");
  return ChainProblem{
      MetadataVerdict::Undecided,
      path + ": cannot decide: the codec " + quote(name) +
          " before the array -> bytes codec is not one the oracle follows (cast_value, "
          "scale_offset, transpose, numcodecs.fixedscaleoffset, sharding_indexed), so what "
          "it does to the data type and the fill value is unknown"};
}

std::optional<ChainProblem> walk_level(ChainLevel& level, const DataType& type, const json& codecs,
                                       const std::string& prefix, const Shape& shape,
                                       WalkContext context) {
  level.chain.array_type = &type;
  if (!codecs.is_array())
    return invalid_chain(prefix + ": must be an array of codec metadata; got " +
                         describe_type_of(codecs) + " " + show(codecs));
  std::optional<std::size_t> array_to_bytes;
  bool reordered = false;  // a transpose came before: the shape reaching the codec is permuted
  for (std::size_t i = 0; i < codecs.size(); ++i) {
    const std::string path = index_path(prefix, i);
    const std::optional<std::string> name = codec_name(codecs[i]);
    if (!name)
      return invalid_chain(path +
                           ": a codec must be a name string or an object with a string "
                           "\"name\"; got " +
                           show(codecs[i]));
    const CodecRole role = codec_role(*name);
    if (array_to_bytes) {
      if (std::optional<ChainProblem> problem =
              misplaced(role, *name, path, prefix, *array_to_bytes))
        return problem;
      continue;
    }
    switch (role) {
      case CodecRole::ArrayToArray:
        try {
          append_array_codec(level.chain, codecs[i], *name, path, context.readings);
        } catch (const MetadataError& error) {
          return invalid_chain(error.what());
        }
        reordered = reordered || *name == "transpose";
        break;
      case CodecRole::ArrayToBytes:
        array_to_bytes = i;
        break;
      case CodecRole::Sharding:
        array_to_bytes = i;
        if (std::optional<ChainProblem> problem =
                walk_sharding(level, codecs[i], path, reordered ? Shape() : shape, context))
          return problem;
        break;
      case CodecRole::Unknown:
        return unknown_codec(*name, path);
    }
  }
  if (!array_to_bytes)
    return invalid_chain(prefix + ": no array -> bytes codec (bytes, packbits, sharding_indexed) " +
                         "(" + std::string(kCoreCodecsSpec) + ")");
  return std::nullopt;
}

// --- Threading the fill value
// ---------------------------------------------------------------------

std::string value_text(const DataType& type, std::uint64_t bits) {
  return describe_value(type, bits) + " (" + std::string(type.name) + ")";
}

std::string cast_failure(const CastRule& rule, CastError error) {
  const std::string output(rule.output->name);
  switch (error) {
    case CastError::OutOfRange:
      return "out of range (out_of_range absent)";
    case CastError::NaNNotRepresentable:
      return "NaN is not representable in " + output + " and no scalar_map entry matches";
    case CastError::InfinityNotRepresentable:
      return "infinity is not representable in " + output + " and no scalar_map entry matches";
    case CastError::WrapUndefined:
      return "out of range, and wrap is not defined for the float output " + output +
             " (reading DecodeWrapFloat default)";
    case CastError::NegativeZeroNotRepresentable:
      return "-0 is not representable in " + output + " (reading NegZeroNoSign alternative error)";
    case CastError::None:
      break;
  }
  return "error";
}

std::string scale_offset_failure(const ScaleOffsetResult& result) {
  return std::string(scale_offset_error_name(result.error)) + " in its " +
         std::string(scale_offset_operation_name(result.operation));
}

// FillRoundTrip: does `back` count as the fill value `original` (both patterns of `type`)?
bool survives(const DataType& type, std::uint64_t original, std::uint64_t back,
              const Readings& readings) {
  const int choice = readings[Flag::FillRoundTrip];
  if (choice == kFillRoundTripBitExact) return original == back;
  const ExactValue a = decode_exact(type, original), b = decode_exact(type, back);
  if (a.is_nan() || b.is_nan()) return a.is_nan() && b.is_nan();
  if (!same_number(a, b)) return false;
  if (choice == kFillRoundTripIgnoreZeroSign) return true;
  return !a.is_zero() || a.negative == b.negative;
}

std::string round_trip_reading(const Readings& readings) {
  switch (readings[Flag::FillRoundTrip]) {
    case kFillRoundTripBitExact:
      return "reading FillRoundTrip alternative bit-exact";
    case kFillRoundTripIgnoreZeroSign:
      return "reading FillRoundTrip alternative ignore-zero-sign";
    default:
      return "reading FillRoundTrip default: same value and sign of zero, any NaN matches any NaN";
  }
}

bool changes_values(const ChainStep& step) {
  return !std::holds_alternative<TransposeCodec>(step.codec);
}

std::size_t value_steps(const ChainLevel& level) {
  std::size_t count = 0;
  for (const ChainStep& step : level.chain.steps) count += changes_values(step) ? 1 : 0;
  for (const ChainLevel& inner : level.inner) count += value_steps(inner);
  return count;
}

// The fill value through every level: each value computed is added to check.steps and to a
// one-line account, "encode to int8 gives 2, decode to float32 gives 2.0".
class FillThreading {
 public:
  FillThreading(FillValueCheck& check, const ChainLevel& top, const Readings& readings)
      : check_(check), show_paths_(value_steps(top) > 1), readings_(readings) {}

  // The fill value `fill` (of level.chain.array_type) through one level; `is_array_fill`: it is
  // the array's own fill value (no earlier codec changed it).
  std::optional<ChainProblem> thread(const ChainLevel& level, std::uint64_t fill,
                                     bool is_array_fill) {
    const std::vector<ChainStep>& steps = level.chain.steps;
    // Forward: the value reaching each step (values[k]) and the encoded one (values.back()).
    std::vector<std::uint64_t> values{fill};
    for (const ChainStep& step : steps) {
      const std::optional<std::uint64_t> next = apply(step, Direction::Encode, values.back());
      if (!next) return failure();
      values.push_back(*next);
    }
    if (!level.inner.empty()) {
      bool still_array_fill = is_array_fill;
      for (const ChainStep& step : steps)
        still_array_fill = still_array_fill && !changes_values(step);
      if (std::optional<ChainProblem> problem =
              thread(level.inner.front(), values.back(), still_array_fill))
        return problem;
    }
    // Back: each cast_value codec decodes what it encoded, and must give back what reached it;
    // under the whole-chain alternative, every step decodes the value decoded after it.
    const bool whole_chain = readings_[Flag::ChainFillRoundTrip] == kChainFillRoundTripWholeChain;
    std::uint64_t decoded = values.back();
    for (std::size_t k = steps.size(); k-- > 0;) {
      const bool is_cast = std::holds_alternative<CastValueCodec>(steps[k].codec);
      if (!is_cast && !whole_chain) continue;
      const std::optional<std::uint64_t> back =
          apply(steps[k], Direction::Decode, whole_chain ? decoded : values[k + 1]);
      if (!back) return failure();
      decoded = *back;
      if (!is_cast || survives(*steps[k].input, values[k], decoded, readings_)) continue;
      bool reached_unchanged = is_array_fill;
      for (std::size_t j = 0; j < k; ++j)
        reached_unchanged = reached_unchanged && !changes_values(steps[j]);
      return failure(reached_unchanged
                         ? ", which is not the fill value (" + round_trip_reading(readings_) + ")"
                         : ", which is not the value that reached " + steps[k].path + " (" +
                               value_text(*steps[k].input, values[k]) + "; " +
                               round_trip_reading(readings_) + ")");
    }
    if (whole_chain && is_array_fill &&
        !survives(*level.chain.array_type, fill, decoded, readings_))
      return failure(
          ", which is not the fill value (reading ChainFillRoundTrip alternative "
          "whole-chain; " +
          round_trip_reading(readings_) + ")");
    return std::nullopt;
  }

  const std::string& account() const { return account_; }

 private:
  ChainProblem failure(const std::string& why = "") const {
    return invalid_chain(head() + " does not survive: " + account_ + why);
  }
  std::string head() const {
    return "fill value " + value_text(*check_.steps.front().type, check_.steps.front().bits);
  }

  // One step in one direction: the value, or nullopt when it fails (the account says why).
  std::optional<std::uint64_t> apply(const ChainStep& step, Direction direction,
                                     std::uint64_t input) {
    if (!changes_values(step)) return input;
    const ChainResult result =
        step_through(step, direction, input, readings_, fast_element_oracle());
    const bool encode = direction == Direction::Encode;
    const DataType& output = encode ? *step.output : *step.input;
    const bool is_cast = std::holds_alternative<CastValueCodec>(step.codec);
    std::string what = std::string(direction_name(direction)) +
                       (is_cast ? " to " + std::string(output.name) : " through scale_offset");
    if (show_paths_ || step.path.find('.') != std::string::npos || !is_cast)
      what += " (" + step.path + ")";
    account_ += account_.empty() ? "" : ", ";
    if (!result.ok()) {
      const CastValueCodec* cast = std::get_if<CastValueCodec>(&step.codec);
      account_ +=
          what + " failed: " +
          (cast != nullptr
               ? cast_failure(encode ? cast->encode_rule() : cast->decode_rule(), result.cast.error)
               : scale_offset_failure(result.scale_offset));
      return std::nullopt;
    }
    account_ += what + " gives " + describe_value(output, result.bits);
    check_.steps.push_back(
        {std::string(direction_name(direction)) + " " + step.path, &output, result.bits});
    return result.bits;
  }

  FillValueCheck& check_;
  bool show_paths_;
  const Readings& readings_;
  std::string account_;
};

void collect_cast_codecs(const ChainLevel& level, std::vector<CastValueCodec>& codecs) {
  for (const ChainStep& step : level.chain.steps)
    if (const CastValueCodec* cast = std::get_if<CastValueCodec>(&step.codec))
      codecs.push_back(*cast);
  for (const ChainLevel& inner : level.inner) collect_cast_codecs(inner, codecs);
}

// The array's chunk shape from zarr.json's chunk_grid ({"name": "regular", "configuration":
// {"chunk_shape": [...]}}), the shard shape of a sharding codec at the top; nullopt when the
// metadata does not give it so.
Shape regular_chunk_shape(const json& array_metadata) {
  const json* grid = find_key(array_metadata, "chunk_grid");
  if (grid == nullptr || !grid->is_object() || find_key(*grid, "name") == nullptr ||
      *find_key(*grid, "name") != "regular")
    return std::nullopt;
  const json* configuration = find_key(*grid, "configuration");
  const json* shape = configuration != nullptr && configuration->is_object()
                          ? find_key(*configuration, "chunk_shape")
                          : nullptr;
  if (shape == nullptr || !shape->is_array()) return std::nullopt;
  std::vector<std::uint64_t> extents;
  for (const json& extent : *shape) {
    const std::optional<std::uint64_t> value = json_unsigned(extent);
    if (!value || *value == 0) return std::nullopt;
    extents.push_back(*value);
  }
  return extents;
}

// The element steps of a level: its own, then its shard's inner codecs' (an element is encoded
// by the outer array -> array codecs, then, inside the shard, by the inner ones).
void append_element_steps(const ChainLevel& level, ArrayChain& chain) {
  chain.steps.insert(chain.steps.end(), level.chain.steps.begin(), level.chain.steps.end());
  for (const ChainLevel& inner : level.inner) append_element_steps(inner, chain);
}

FillValueCheck validate_chain(const DataType& array_type, const json& fill_value,
                              const json& codecs, const Shape& chunk_shape,
                              const Readings& readings) {
  FillValueCheck check;

  // The chain, level by level.
  ChainLevel top;
  const std::optional<ChainProblem> chain_problem = walk_level(
      top, array_type, codecs, "codecs", chunk_shape, WalkContext{readings, check.unchecked});
  collect_cast_codecs(top, check.cast_codecs);
  if (chain_problem)
    return finish(std::move(check), chain_problem->verdict, chain_problem->message);

  // The fill value.
  std::uint64_t original = 0;
  try {
    original = parse_scalar(array_type, fill_value, readings);
  } catch (const ScalarError& error) {
    return finish(std::move(check), MetadataVerdict::Invalid,
                  std::string("fill_value: ") + error.what());
  }
  check.steps.push_back({"fill value", &array_type, original});
  const std::string head = "fill value " + value_text(array_type, original);
  if (value_steps(top) == 0)
    return finish(std::move(check), MetadataVerdict::Valid,
                  head + ": no cast_value codec in the chain, nothing to check");

  // Threaded through the chain.
  FillThreading threading(check, top, readings);
  if (std::optional<ChainProblem> problem = threading.thread(top, original, true))
    return finish(std::move(check), problem->verdict, problem->message);
  return finish(std::move(check), MetadataVerdict::Valid,
                head + " survives: " + threading.account());
}

}  // namespace

FillValueCheck validate_array_metadata(const DataType& array_type, const json& fill_value,
                                       const json& codecs, const Readings& readings) {
  return validate_chain(array_type, fill_value, codecs, std::nullopt, readings);
}

std::optional<ArrayChain> array_element_chain(const DataType& array_type, const json& codecs,
                                              const Readings& readings) {
  std::vector<std::string> unchecked;
  ChainLevel top;
  if (walk_level(top, array_type, codecs, "codecs", std::nullopt, WalkContext{readings, unchecked}))
    return std::nullopt;
  ArrayChain chain;
  chain.array_type = &array_type;
  append_element_steps(top, chain);
  return chain;
}

FillValueCheck validate_array_metadata(const json& array_metadata, const Readings& readings) {
  FillValueCheck check;
  if (!array_metadata.is_object())
    return finish(std::move(check), MetadataVerdict::Invalid,
                  "array metadata must be a JSON object; got " + describe_type_of(array_metadata));
  const json* data_type = find_key(array_metadata, "data_type");
  const json* fill_value = find_key(array_metadata, "fill_value");
  const json* codecs = find_key(array_metadata, "codecs");
  if (data_type == nullptr)
    return finish(std::move(check), MetadataVerdict::Invalid, "data_type: missing (required)");
  if (fill_value == nullptr)
    return finish(std::move(check), MetadataVerdict::Invalid, "fill_value: missing (required)");
  if (codecs == nullptr)
    return finish(std::move(check), MetadataVerdict::Invalid, "codecs: missing (required)");
  const DataType* type = nullptr;
  try {
    type = &parse_data_type_metadata(*data_type, "data_type");
  } catch (const MetadataError& error) {
    return finish(std::move(check), MetadataVerdict::Invalid, error.what());
  }
  return validate_chain(*type, *fill_value, *codecs, regular_chunk_shape(array_metadata), readings);
}

}  // namespace cvc
