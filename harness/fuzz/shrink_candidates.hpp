// The shrinker's moves: the scenarios one step simpler than a given one. Each candidate is
// strictly smaller by size_key (scenario.hpp) or is dropped here, so a shrinker that accepts
// only failing candidates terminates. Cast candidates are valid metadata for the oracle (an
// invalid one is never sent as a cast).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "harness/fuzz/scenario.hpp"

namespace cvc::fuzz {

// One change each, in the order the shrinker prefers them: for a cast, a chain's simpler leading
// codec (chain_shrink_candidates.hpp), without one scalar_map
// entry (then without an empty list), the default rounding, no out_of_range, a scalar in its
// canonical form instead of hex, a simpler fill value, a narrower input or output type (the
// element carried over by value); for validate, without one codec, one configuration key, one
// scalar_map list or entry, one unknown codec key, with the fill value 0, with a data_type object
// written as its name.
std::vector<Scenario> simpler_scenarios(const Scenario& scenario);

// The element's value in another input type: exact when it can be, else rounded and clamped
// (a NaN becomes the type's NaN); nullopt when the type cannot hold anything like it.
std::optional<std::uint64_t> carried_over(const DataType& from, std::uint64_t bits,
                                          const DataType& to);

// Inputs of `input` simpler than `bits` for a cast into `output` (fewer significant bits, smaller
// magnitude, then a smaller pattern; diagnosis.hpp's cast_simplicity order): the pattern with low
// significand bits cleared, at smaller exponents, positive, small integers and powers of two, and
// the pair's boundary patterns. At most kMaxRequestElements, simplest first.
std::vector<std::uint64_t> simpler_inputs(const DataType& input, const DataType& output,
                                          std::uint64_t bits);

}  // namespace cvc::fuzz
