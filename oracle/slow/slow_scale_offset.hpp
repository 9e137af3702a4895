// The slow oracle's scale_offset: the same element procedure as oracle/scale_offset.hpp, computed
// independently on Boost.Multiprecision rationals (oracle/rational/), so that agreement between
// the two is evidence, as for cast_value (oracle/slow/slow_cast.hpp).
#pragma once

#include <cstdint>

#include "oracle/readings.hpp"
#include "oracle/scale_offset.hpp"

namespace cvc::slow {

ScaleOffsetResult scale_offset_encode(const ScaleOffsetCodec& codec, std::uint64_t input,
                                      const Readings& readings = {});
ScaleOffsetResult scale_offset_decode(const ScaleOffsetCodec& codec, std::uint64_t input,
                                      const Readings& readings = {});

}  // namespace cvc::slow
