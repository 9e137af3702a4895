// The shrinker's moves on a chain scenario's leading codec (shrink_candidates.hpp has the rest):
// without the codec (a lone cast_value, the elements carried over to the type it received), each
// operand absent, in its canonical form instead of hex, or replaced by a simpler value of the
// array type (fewer significant bits, smaller magnitude: 0, 1, 2, halved, ...).
#pragma once

#include <vector>

#include "harness/fuzz/scenario.hpp"

namespace cvc::fuzz {

// Appends the candidates, simplest change first; the caller keeps the valid, smaller ones.
void chain_candidates(const CastScenario& scenario, std::vector<CastScenario>& out);

}  // namespace cvc::fuzz
