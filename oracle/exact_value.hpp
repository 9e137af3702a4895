// The fast oracle's exact value of a bit pattern: sign, integer significand and binary exponent.
// Every value of the 26 types fits: integers need 64 significand bits, float64 needs 53.
#pragma once

#include <bit>
#include <cstdint>

#include "oracle/data_type.hpp"

namespace cvc {

struct ExactValue {
  enum class Kind : std::uint8_t { Finite, Infinity, NaN };
  Kind kind = Kind::Finite;
  bool negative = false;  // the sign bit for zeros and NaN; the sign of the value otherwise
  // |value| = significand * 2^exponent; zero has significand 0. For an IEEE NaN: its payload (the
  // stored mantissa bits); the single NaN pattern of fnuz and e8m0fnu types has payload 0.
  std::uint64_t significand = 0;
  int exponent = 0;

  bool is_nan() const { return kind == Kind::NaN; }
  bool is_infinity() const { return kind == Kind::Infinity; }
  bool is_finite() const { return kind == Kind::Finite; }
  bool is_zero() const { return kind == Kind::Finite && significand == 0; }
};

// Inline, as the type facts are: they are on the fast oracle's path of every cast.

// The value a pattern denotes. `bits` above the type's width are ignored.
inline ExactValue decode_exact(const DataType& type, std::uint64_t bits) {
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
  const std::uint64_t exponent_field = (bits >> m_bits) & type.derived.exponent_field_mask;
  const std::uint64_t mantissa = bits & ((1ull << m_bits) - 1);
  value.negative = (bits & type.sign_mask()) != 0;
  const bool exponent_all_ones = exponent_field == type.derived.exponent_field_mask;
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

// Three-way comparison of two nonzero finite magnitudes a_sig * 2^a_exp and b_sig * 2^b_exp.
inline int compare_magnitude(std::uint64_t a_sig, int a_exp, std::uint64_t b_sig, int b_exp) {
  const int a_lead = a_exp + std::bit_width(a_sig);
  const int b_lead = b_exp + std::bit_width(b_sig);
  if (a_lead != b_lead) return a_lead < b_lead ? -1 : 1;
  // Same leading bit position: align the one with the larger exponent (fewer bits) to the other.
  if (a_exp > b_exp) a_sig <<= (a_exp - b_exp);
  if (b_exp > a_exp) b_sig <<= (b_exp - a_exp);
  return a_sig < b_sig ? -1 : (a_sig > b_sig ? 1 : 0);
}

// The same number (same kind, sign and value; zeros of either sign equal; NaNs never equal).
bool same_number(const ExactValue& a, const ExactValue& b);

}  // namespace cvc
