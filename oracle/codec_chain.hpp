// The array -> array part of a codec chain, as the oracle follows it: cast_value, scale_offset,
// transpose (keeps every element) and the numcodecs.fixedscaleoffset alias, expanded as
// scale_offset.md says ("Conversion to scale_offset": a scale_offset codec, then a cast_value
// codec with out_of_range "wrap" for an integral astype). One element is encoded through the steps
// in order and decoded through them in reverse.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "oracle/cast_result.hpp"
#include "oracle/codec_metadata.hpp"
#include "oracle/readings.hpp"
#include "oracle/scale_offset.hpp"

namespace cvc {

struct TransposeCodec {};  // reorders elements; every element keeps its value

using ChainCodec = std::variant<CastValueCodec, ScaleOffsetCodec, TransposeCodec>;

// One step of a chain. An alias expands to two steps with the same path.
struct ChainStep {
  std::string path;  // where it is in the metadata: "codecs[1]", "codecs[0].codecs[2]"
  std::string name;  // "cast_value", "scale_offset", "transpose", "numcodecs.fixedscaleoffset"
  ChainCodec codec;
  const DataType* input = nullptr;   // the data type reaching it on encode
  const DataType* output = nullptr;  // the data type it produces on encode
  // The alias's cast_value step: under reading FixedScaleOffsetRounding=round-to-integer, the
  // element is rounded to the nearest integer before it on encode (numcodecs' own algorithm).
  bool alias_cast = false;
};

struct ArrayChain {
  const DataType* array_type = nullptr;  // the type entering the first step
  std::vector<ChainStep> steps;
  const DataType& output_type() const { return steps.empty() ? *array_type : *steps.back().output; }
};

// The role a codec name plays in a chain, for the codecs the oracle knows: an array -> array
// codec it follows (cast_value, scale_offset, transpose, numcodecs.fixedscaleoffset), an
// array -> bytes codec (bytes, packbits), sharding_indexed (array -> bytes, with an inner chain),
// or Unknown (whether array -> array or array -> bytes is not known to the oracle).
enum class CodecRole : std::uint8_t { ArrayToArray, ArrayToBytes, Sharding, Unknown };
CodecRole codec_role(std::string_view name);

// A codec's name: a bare name string, or the string "name" of a codec object; nullopt otherwise.
std::optional<std::string> codec_name(const nlohmann::json& codec);

// Appends the step (two for the alias) of the array -> array codec `codec` named `name`, found at
// `path`, to `chain`, whose current output type is its input. Throws MetadataError.
void append_array_codec(ArrayChain& chain, const nlohmann::json& codec, const std::string& name,
                        const std::string& path, const Readings& readings);

// `codecs` (a JSON array) with the array -> bytes codec {"name": "bytes", "configuration":
// {"endian": "little"}} after them when they hold none: the whole chain of a cast or chain request
// or a vector group, which names its array -> array codecs only (PROTOCOL.md: the bytes codec is
// implied). Anything else is returned as it is.
nlohmann::json with_implied_bytes_codec(const nlohmann::json& codecs);

// The codecs of the chain a vector or protocol request names: a JSON array of array -> array
// codec metadata (cast_value, scale_offset, transpose, numcodecs.fixedscaleoffset), nothing after.
// Throws MetadataError (path "codecs[k]...") for an invalid or unknown codec, or one that is not
// array -> array. Readings: those of parse_cast_value_codec, ScaleZero.
ArrayChain parse_array_chain(const DataType& array_type, const nlohmann::json& codecs,
                             const Readings& readings = {});

// The array -> array steps every element of an array passes through, from its whole chain
// (`codecs` with its array -> bytes codec, as validate_array_metadata walks it): the top level's
// steps, then those of a sharding_indexed codec's inner codecs (and of a shard within), each
// named by its path ("codecs[0].configuration.codecs[1]"); nullopt when the walk finds the chain
// invalid or undecided (validate_array_metadata says why). oracle/array_metadata_check.cpp.
std::optional<ArrayChain> array_element_chain(const DataType& array_type,
                                              const nlohmann::json& codecs,
                                              const Readings& readings = {});

// One element through the chain. On an error, `failed_step` is the index of the step in
// chain.steps, and `cast` or `scale_offset` (by the step's codec) holds the failing result.
struct ChainResult {
  std::uint64_t bits = 0;
  int failed_step = -1;
  CastResult cast;
  ScaleOffsetResult scale_offset;

  bool ok() const { return failed_step < 0; }
  // "out_of_range", "not_representable", ...: the error kind of the failing step, as in vectors.
  std::string_view error_name() const;
  bool same_outcome(const ChainResult& other) const;
  // As the harness compares a chain answer with a cast's rules: the bits (any NaN matches any
  // NaN), or a refusal of any kind (the kind is informative), written as a CastResult.
  CastResult as_compared_cast() const;
};

// The element functions a chain is computed with: the fast oracle's, or the slow oracle's
// (oracle/slow/), so that the same chain procedure runs on either.
struct ElementOracle {
  CastResult (*cast)(const CastRule&, std::uint64_t, const Readings&);
  ScaleOffsetResult (*encode)(const ScaleOffsetCodec&, std::uint64_t, const Readings&);
  ScaleOffsetResult (*decode)(const ScaleOffsetCodec&, std::uint64_t, const Readings&);
  std::uint64_t (*alias_round)(const DataType&, std::uint64_t);  // oracle/alias_rounding.hpp
};
const ElementOracle& fast_element_oracle();

// Encode: `input` is a pattern of chain.array_type; the result one of chain.output_type().
ChainResult encode_through(const ArrayChain& chain, std::uint64_t input,
                           const Readings& readings = {},
                           const ElementOracle& oracle = fast_element_oracle());
// Decode: `input` is a pattern of chain.output_type(); the result one of chain.array_type.
ChainResult decode_through(const ArrayChain& chain, std::uint64_t input,
                           const Readings& readings = {},
                           const ElementOracle& oracle = fast_element_oracle());
// One step of an element traced through a chain: the step (its index in chain.steps), the pattern
// that reached it in this direction, and what it gave (failed_step 0 when it failed).
struct TracedStep {
  std::size_t step = 0;
  std::uint64_t input = 0;
  ChainResult result;
};
// encode_through or decode_through by `direction`, with each step's result appended to `trace`
// in the order the direction runs the steps, up to the first that fails: what `cvc chain` prints.
ChainResult trace_through(const ArrayChain& chain, Direction direction, std::uint64_t input,
                          std::vector<TracedStep>& trace, const Readings& readings = {},
                          const ElementOracle& oracle = fast_element_oracle());
// One step in one direction (the building block of both).
ChainResult step_through(const ChainStep& step, Direction direction, std::uint64_t input,
                         const Readings& readings, const ElementOracle& oracle);

}  // namespace cvc
