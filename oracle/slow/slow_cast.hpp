// The slow oracle: the same procedure computed independently on Boost.Multiprecision rationals.
// It shares nothing with the fast oracle but the type table, the rule and the result types, so
// that agreement between the two is evidence (as TestFloat's slowfloat checks SoftFloat).
#pragma once

#include <cstdint>

#include "oracle/cast_result.hpp"
#include "oracle/cast_rule.hpp"
#include "oracle/readings.hpp"

namespace cvc::slow {

// The whole result is meaningful (bits or error, and the step, range action and scalar_map entry
// that explain() prints): compare with CastResult::same_explanation.
CastResult cast_value(const CastRule& rule, std::uint64_t input_bits,
                      const Readings& readings = {});

}  // namespace cvc::slow
