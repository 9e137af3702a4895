// The fast oracle's exact value of a bit pattern: sign, integer significand and binary exponent.
// Every value of the 26 types fits: integers need 64 significand bits, float64 needs 53.
#pragma once

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
  bool is_zero() const { return kind == Kind::Finite && significand == 0; }
};

// The value a pattern denotes. `bits` above the type's width are ignored.
ExactValue decode_exact(const DataType& type, std::uint64_t bits);

// Three-way comparison of two nonzero finite magnitudes a_sig * 2^a_exp and b_sig * 2^b_exp.
int compare_magnitude(std::uint64_t a_sig, int a_exp, std::uint64_t b_sig, int b_exp);

// The same number (same kind, sign and value; zeros of either sign equal; NaNs never equal).
bool same_number(const ExactValue& a, const ExactValue& b);

}  // namespace cvc
