// The rounding step of numcodecs.fixedscaleoffset's own algorithm (scale_offset.md, "Legacy
// numcodecs.fixedscaleoffset codec", Algorithm, Encoding: "arr = round(arr) # round to nearest
// integer"), taken under reading FixedScaleOffsetRounding=round-to-integer only: the default
// reading follows "Conversion to scale_offset" (scale_offset then cast_value), which has no such
// step. NumPy's round (np.around) rounds half to even and keeps the sign of a zero.
#pragma once

#include <cstdint>

#include "oracle/data_type.hpp"

namespace cvc {

// `input`, a pattern of `type`, rounded to the nearest integer, ties to even. NaN, infinities and
// integral values are returned as they are; a negative value that rounds to zero gives -0 where
// the type has it (+0 otherwise). The integer is one of the type's values (below 2^p every
// integer is, above it every value is integral) except where the type has no such value: zero in
// float8_e8m0fnu, an integer above the largest finite value in a narrow type (float6_e2m3fn's 7.5
// would round to 8); the value is then kept (no NumPy type is one of these, so numcodecs'
// algorithm never met them).
std::uint64_t alias_round_to_integer(const DataType& type, std::uint64_t input);

}  // namespace cvc
