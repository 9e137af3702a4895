// The slow oracle's rounding step of numcodecs.fixedscaleoffset (oracle/alias_rounding.hpp: the
// same rule), computed independently on rationals (oracle/rational/).
#pragma once

#include <cstdint>

#include "oracle/data_type.hpp"

namespace cvc::slow {

std::uint64_t alias_round_to_integer(const DataType& type, std::uint64_t input);

}  // namespace cvc::slow
