// Known-bug models: scalar_map lookups (docs/bug-models.md, one section each).
#include <algorithm>
#include <optional>

#include "harness/bug_models/model_parts.hpp"

namespace cvc::bug_catalogue {
namespace scalar_map_models {

// An integer of a 64-bit type read through a double (JSON.parse), then stored back into the type;
// nullopt when the double lies outside the type (a key no input can equal). `wrap`: a store that
// keeps the low 64 bits instead (BigInt64Array / BigUint64Array).
std::optional<std::uint64_t> through_double(const DataType& type, std::uint64_t bits, bool wrap) {
  if (!type.is_integer() || type.bits != 64) return bits;
  const CastResult back = cast_value(plain_rule(float64_type(), type, Rounding::NearestEven,
                                                wrap ? OutOfRange::Wrap : OutOfRange::None),
                                     as_float64(type, bits));
  if (!back.ok()) return std::nullopt;
  return back.bits;
}

}  // namespace scalar_map_models

// --- last-duplicate-wins -------------------------------------------------------------------------

bool LastDuplicateWins::applies(const CastRule& rule) {
  return rule.scalar_map.size() >= 2;
}

CastResult LastDuplicateWins::cast(const CastRule& rule, std::uint64_t input_bits,
                                   const CastResult& correct) {
  if (correct.step != CastStep::ScalarMap) return correct;  // no key matched at all
  CastRule reversed = rule;
  std::reverse(reversed.scalar_map.begin(), reversed.scalar_map.end());
  return cast_value(reversed, input_bits);
}

// --- scalar-map-chained --------------------------------------------------------------------------

bool ScalarMapChained::applies(const CastRule& rule) {
  return rule.scalar_map.size() >= 2;
}

CastResult ScalarMapChained::cast(const CastRule& rule, std::uint64_t input_bits,
                                  const CastResult& correct) {
  if (correct.step != CastStep::ScalarMap) return correct;  // no key matched at all
  // Each entry rewrites, in place, the elements equal to its key (NaN keys: every NaN); a value
  // written by one entry is compared with the keys of the entries after it.
  const DataType& in = *rule.input;
  const DataType& out = *rule.output;
  ExactValue current = decode_exact(in, input_bits);
  std::uint64_t written = 0;
  for (const ScalarMapEntry& entry : rule.scalar_map) {
    const ExactValue key = decode_exact(in, entry.input_bits);
    if ((key.is_nan() && current.is_nan()) || same_number(key, current)) {
      written = entry.output_bits & out.bit_mask();
      current = decode_exact(out, written);
    }
  }
  return answer(correct, written);
}

// --- map-only-unrepresentable --------------------------------------------------------------------

bool MapOnlyUnrepresentable::applies(const CastRule& rule) {
  return !rule.scalar_map.empty();
}

CastResult MapOnlyUnrepresentable::cast(const CastRule& rule, std::uint64_t input_bits,
                                        const CastResult& correct) {
  if (correct.step != CastStep::ScalarMap) return correct;
  CastRule unmapped = rule;
  unmapped.scalar_map.clear();
  const CastResult normal = cast_value(unmapped, input_bits);
  return normal.ok() ? normal : correct;
}

// --- map-keys-through-double ---------------------------------------------------------------------

bool MapKeysThroughDouble::applies(const CastRule& rule) {
  const auto wide = [](const DataType* type) { return type->is_integer() && type->bits == 64; };
  return !rule.scalar_map.empty() && (wide(rule.input) || wide(rule.output));
}

CastResult MapKeysThroughDouble::cast(const CastRule& rule, std::uint64_t input_bits,
                                      const CastResult&) {
  CastRule read = rule;
  read.scalar_map.clear();
  for (const ScalarMapEntry& entry : rule.scalar_map) {
    const std::optional<std::uint64_t> key =
        scalar_map_models::through_double(*rule.input, entry.input_bits, false);
    if (!key) continue;
    read.scalar_map.push_back(
        {*key, *scalar_map_models::through_double(*rule.output, entry.output_bits, true)});
  }
  return cast_value(read, input_bits);
}

}  // namespace cvc::bug_catalogue
