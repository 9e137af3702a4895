#include "oracle/exact_value.hpp"

namespace cvc {

bool same_number(const ExactValue& a, const ExactValue& b) {
  if (a.is_nan() || b.is_nan() || a.kind != b.kind) return false;
  if (a.is_zero() || b.is_zero()) return a.is_zero() && b.is_zero();
  if (a.negative != b.negative) return false;
  return a.is_infinity() ||
         compare_magnitude(a.significand, a.exponent, b.significand, b.exponent) == 0;
}

}  // namespace cvc
