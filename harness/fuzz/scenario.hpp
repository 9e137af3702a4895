// A fuzz scenario: one whole request the fuzzer sends to an adapter. A cast scenario is a
// cast_value configuration (types, direction, rounding, out_of_range, scalar_map entries in the
// exact JSON forms they are written in), the array's fill value and a batch of elements, and in a
// chain scenario the codec before the cast_value codec (scale_offset, the
// numcodecs.fixedscaleoffset alias, transpose: protocol 2's chain request); a validate scenario is
// array metadata (data type, fill value, codec chain), possibly mutated into invalid metadata. The
// oracle decides what each should give; the shrinker makes them smaller.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "harness/protocol/adapter_client.hpp"
#include "oracle/cast_rule.hpp"
#include "oracle/codec_chain.hpp"

namespace cvc::fuzz {

struct CastScenario {
  Direction direction = Direction::Encode;
  const DataType* array_type = nullptr;
  const DataType* data_type = nullptr;  // the configuration's data_type
  // Absent keys are written as absent: an explicit "nearest-even" is a different metadata text.
  std::optional<Rounding> rounding;
  std::optional<OutOfRange> out_of_range;  // never OutOfRange::None
  // scalar_map lists as JSON arrays of [key, value] pairs, each scalar in the JSON form it is
  // written in (decimal, "0x..", "NaN", ...); null when the list is absent.
  nlohmann::json encode_map, decode_map;
  nlohmann::json fill_value = 0;
  std::vector<std::uint64_t> elements;  // patterns of the cast's input type
  // A chain scenario: the array -> array codecs before the cast_value codec, exactly as zarr.json
  // holds them (a JSON array: scale_offset, numcodecs.fixedscaleoffset or transpose); null for a
  // lone cast_value. In a chain, array_type is the chain's array type (the alias's dtype), the
  // cast_value codec receives cast_array_type(), and the elements are of input() still: the
  // chain ends in the cast_value codec.
  nlohmann::json leading;

  bool is_chain() const { return !leading.is_null(); }
  const DataType& input() const {
    return direction == Direction::Encode ? *array_type : *data_type;
  }
  const DataType& output() const {
    return direction == Direction::Encode ? *data_type : *array_type;
  }
};

struct ValidateScenario {
  nlohmann::json array_data_type;  // usually a name; any JSON value
  nlohmann::json fill_value;
  nlohmann::json codecs;
  std::string mutation;  // what was changed from valid metadata ("" when nothing)
};

using Scenario = std::variant<CastScenario, ValidateScenario>;

// {"name": "cast_value", "configuration": {...}} as the scenario writes it.
nlohmann::json cast_codec(const CastScenario& scenario);
// The array -> array codecs of the scenario: the leading ones, then its cast_value codec.
nlohmann::json chain_codecs(const CastScenario& scenario);
// The type that reaches the cast_value codec on encode: the array type, or after an alias its
// astype (scalar_map.encode keys are of this type).
const DataType& cast_array_type(const CastScenario& scenario);

// The oracle's chain for a chain scenario whose metadata is valid (the fill value threaded through
// every codec, PROTOCOL.md: "the harness sends only fill values the oracle threads through every
// codec"); nullopt otherwise, or for a lone cast.
std::optional<ArrayChain> oracle_chain(const CastScenario& scenario);

// The oracle's rule for the scenario's direction (in a chain, its cast_value codec's), when its
// metadata (the codecs and the fill value round trip) is valid; nullopt when the oracle rejects it
// (such a scenario is never sent as a cast or chain).
std::optional<CastRule> oracle_rule(const CastScenario& scenario);

// The protocol requests (harness/protocol/PROTOCOL.md) that carry a scenario (a chain scenario:
// a chain request).
CastRequest cast_request(const CastScenario& scenario);
ValidateRequest validate_request(const ValidateScenario& scenario);

// The one request line that replays the scenario (id 1), as `cvc replay` reads it.
std::string replay_line(const Scenario& scenario);
// The `cvc cast` / `cvc validate` command explaining what the oracle expects; for a cast, of the
// element `element` (index into elements).
std::string explanation_command(const Scenario& scenario, std::size_t element = 0);

// Lexicographic, smaller is simpler (the shrinker only accepts strictly smaller scenarios, so it
// terminates): for casts the number of elements, the leading codecs of a chain, scalar_map
// entries, a non-default rounding, an out_of_range rule, the types' widths, hex scalars (the
// leading codecs' operands too), the fill value's text, the leading codecs' text (an absent
// operand, a shorter one), then per element its
// significant bits, binary magnitude and pattern; for validate the metadata's text length, then
// the text itself (compared as bytes).
std::vector<std::uint64_t> size_key(const Scenario& scenario);

// The canonical text of a scenario: equal texts are the same scenario (dedup of shrunk forms).
std::string canonical_text(const Scenario& scenario);

// One line for reports: "encode float64 -> int8, rounding towards-zero, scalar_map 2 entries,
// 1 element: 0x... (2.5)".
std::string describe(const Scenario& scenario);

// The features a scenario exercises, for the per-feature counts of a run ("encode", "decode",
// "scalar_map", "rounding:towards-zero", "clamp", "wrap", "validate", "chain", "mutated:...").
std::vector<std::string> features(const Scenario& scenario);

// Number of cast_value codecs in a validate scenario's chain (objects named cast_value), those
// inside a sharding_indexed codec's inner chain included.
std::size_t cast_value_codec_count(const nlohmann::json& codecs);

}  // namespace cvc::fuzz
