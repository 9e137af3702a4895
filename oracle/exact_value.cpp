#include "oracle/exact_value.hpp"

#include <bit>

namespace cvc {

ExactValue decode_exact(const DataType& type, std::uint64_t bits) {
  bits &= type.bit_mask();
  ExactValue value;
  if (type.family == Family::UnsignedInteger) {
    value.significand = bits;
    return value;
  }
  if (type.family == Family::SignedInteger) {
    value.negative = (bits >> (type.bits - 1)) & 1;
    // Two's complement magnitude; for the most negative value this is 2^(N-1), which fits.
    value.significand = value.negative ? (~bits + 1) & type.bit_mask() : bits;
    if (value.negative && value.significand == 0) value.significand = 1ull << (type.bits - 1);
    return value;
  }
  const int m_bits = type.mantissa_bits;
  const std::uint64_t exponent_field = (bits >> m_bits) & ((1ull << type.exponent_bits) - 1);
  const std::uint64_t mantissa = bits & ((1ull << m_bits) - 1);
  value.negative = (bits & type.sign_mask()) != 0;
  const bool exponent_all_ones = exponent_field == (1ull << type.exponent_bits) - 1;
  switch (type.specials) {
    case Specials::IEEE:
      if (exponent_all_ones) {
        value.kind = mantissa == 0 ? ExactValue::Kind::Infinity : ExactValue::Kind::NaN;
        value.significand = mantissa;  // the NaN's payload (0 for infinities)
        return value;
      }
      break;
    case Specials::FiniteNaNAtNegZero:
      if (bits == type.sign_mask()) {
        value.kind = ExactValue::Kind::NaN;
        return value;
      }
      break;
    case Specials::UnsignedNoZero:
      if (exponent_all_ones) {
        value.kind = ExactValue::Kind::NaN;
        return value;
      }
      value.significand = 1;  // no stored significand: every value is 2^(e - bias)
      value.exponent = static_cast<int>(exponent_field) - type.bias;
      return value;
    case Specials::FiniteNoNaN:
      break;
  }
  if (exponent_field == 0) {  // zero or subnormal: no implicit bit, the smallest exponent
    value.significand = mantissa;
    value.exponent = type.min_exponent() - m_bits;
  } else {
    value.significand = mantissa | (1ull << m_bits);
    value.exponent = static_cast<int>(exponent_field) - type.bias - m_bits;
  }
  return value;
}

int compare_magnitude(std::uint64_t a_sig, int a_exp, std::uint64_t b_sig, int b_exp) {
  const int a_lead = a_exp + std::bit_width(a_sig);
  const int b_lead = b_exp + std::bit_width(b_sig);
  if (a_lead != b_lead) return a_lead < b_lead ? -1 : 1;
  // Same leading bit position: align the one with the larger exponent (fewer bits) to the other.
  if (a_exp > b_exp) a_sig <<= (a_exp - b_exp);
  if (b_exp > a_exp) b_sig <<= (b_exp - a_exp);
  return a_sig < b_sig ? -1 : (a_sig > b_sig ? 1 : 0);
}

bool same_number(const ExactValue& a, const ExactValue& b) {
  if (a.is_nan() || b.is_nan() || a.kind != b.kind) return false;
  if (a.is_zero() || b.is_zero()) return a.is_zero() && b.is_zero();
  if (a.negative != b.negative) return false;
  return a.is_infinity() ||
         compare_magnitude(a.significand, a.exponent, b.significand, b.exponent) == 0;
}

}  // namespace cvc
