// The fast oracle: cast one element by the spec's procedure, on native integers only.
#pragma once

#include <cstdint>

#include "oracle/cast_result.hpp"
#include "oracle/cast_rule.hpp"
#include "oracle/readings.hpp"

namespace cvc {

// Cast `input_bits` (a pattern of rule.input; bits above its width must be zero) to rule.output.
CastResult cast_value(const CastRule& rule, std::uint64_t input_bits,
                      const Readings& readings = {});

}  // namespace cvc
