#include "oracle/alias_rounding.hpp"

#include "oracle/exact_value.hpp"
#include "oracle/grid_rounding.hpp"

namespace cvc {

namespace {

// Whether the integer lies above the type's largest finite value (float6_e2m3fn: 7.5 rounds to 8).
bool beyond_largest(const DataType& type, std::uint64_t integer) {
  __extension__ typedef unsigned __int128 Wide;
  const ExactValue largest = decode_exact(type, type.max_finite_bits());
  if (largest.exponent >= 0)
    return largest.exponent < 64 &&
           static_cast<Wide>(integer) >
               (static_cast<Wide>(largest.significand) << largest.exponent);
  return -largest.exponent < 64 &&
         (static_cast<Wide>(integer) << -largest.exponent) > static_cast<Wide>(largest.significand);
}

}  // namespace

std::uint64_t alias_round_to_integer(const DataType& type, std::uint64_t input) {
  input &= type.bit_mask();
  if (type.is_integer()) return input;
  const ExactValue value = decode_exact(type, input);
  if (!value.is_finite() || value.is_zero() || value.exponent >= 0) return input;
  // |value| = significand * 2^exponent with exponent < 0: the integer part and the remainder.
  const int shift = -value.exponent;
  std::uint64_t integer = 0;
  if (shift < 64) {
    integer = value.significand >> shift;
    const std::uint64_t remainder = value.significand & ((std::uint64_t{1} << shift) - 1);
    const std::uint64_t half = std::uint64_t{1} << (shift - 1);
    if (remainder > half || (remainder == half && (integer & 1) != 0)) ++integer;
  } else if (shift == 64 && value.significand > (std::uint64_t{1} << 63)) {
    integer = 1;  // above one half (significands are below 2^64)
  }
  if (integer == 0 && !type.has_zero()) return input;
  if (beyond_largest(type, integer)) return input;
  return grid::encode_bits(type, value.negative, {integer, 0});  // a zero: +0 without -0
}

}  // namespace cvc
