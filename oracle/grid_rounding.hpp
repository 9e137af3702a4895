// Rounding onto a type's grid and encoding the result, on native integers: the fast oracle's
// procedure steps 4-6 (docs/procedure.md), shared by cast_value (oracle/cast.cpp) and scale_offset
// (oracle/scale_offset.cpp), which round every operation's exact result the same way. Inline: they
// are on the path of every cast, which the cast oracle compiles once per pair of kinds of types.
#pragma once

#include <algorithm>
#include <bit>
#include <climits>
#include <cstdint>

#include "oracle/cast_rule.hpp"
#include "oracle/data_type.hpp"
#include "oracle/exact_value.hpp"
#include "oracle/readings.hpp"

namespace cvc::grid {

// A rounded magnitude on the output grid: significand * 2^exponent (significand 0 is zero).
struct Magnitude {
  std::uint64_t significand = 0;
  int exponent = 0;
};

// The output's grid (procedure step 4): `precision` significand bits, quantum never below
// 2^min_quantum. Integers: unbounded precision, quantum 1. e8m0fnu: 1 bit, unbounded below.
struct Grid {
  int precision;
  int min_quantum;
};

inline Grid grid_of(const DataType& type) {
  if (type.is_integer()) return {INT_MAX / 2, 0};
  if (!type.has_subnormals()) return {type.mantissa_bits + 1, INT_MIN / 2};
  return {type.mantissa_bits + 1, type.min_exponent() - type.mantissa_bits};
}

inline bool rounds_up(Rounding rounding, bool negative, bool kept_odd, int half_comparison,
                      bool inexact) {
  switch (rounding) {
    case Rounding::NearestEven:
      return half_comparison > 0 || (half_comparison == 0 && kept_odd);
    case Rounding::NearestAway:
      return half_comparison >= 0;
    case Rounding::TowardsZero:
      return false;
    case Rounding::TowardsPositive:
      return inexact && !negative;
    case Rounding::TowardsNegative:
      return inexact && negative;
  }
  return false;
}

// Procedure step 4: round |x| = significand * 2^exponent onto the grid of `type`.
[[gnu::always_inline]] inline Magnitude round_to_grid(const DataType& type, const ExactValue& x,
                                                      Rounding rounding, const Readings& readings,
                                                      bool& inexact) {
  const Grid grid = grid_of(type);
  const int lead = x.exponent + std::bit_width(x.significand) - 1;
  const int quantum = std::max(lead - (grid.precision - 1), grid.min_quantum);
  const int shift = quantum - x.exponent;
  inexact = false;
  if (shift <= 0) return {x.significand, x.exponent};  // already on the grid
  std::uint64_t kept = 0, dropped = x.significand;
  int half_comparison = -1;  // dropped bits compared with half a quantum
  if (shift < 64) {
    kept = x.significand >> shift;
    dropped = x.significand & ((1ull << shift) - 1);
    const std::uint64_t half = 1ull << (shift - 1);
    half_comparison = dropped < half ? -1 : (dropped > half ? 1 : 0);
  } else if (shift == 64) {
    const std::uint64_t half = 1ull << 63;
    half_comparison = dropped < half ? -1 : (dropped > half ? 1 : 0);
  }
  inexact = dropped != 0;
  bool kept_odd = (kept & 1) != 0;
  if (type.specials == Specials::UnsignedNoZero && type.is_float() && half_comparison == 0 &&
      readings[Flag::E8M0Tie] == kE8M0TieEvenExponent) {
    // Tie between 2^quantum and 2^(quantum+1): take the one whose biased exponent is even.
    kept_odd = ((quantum + type.bias) & 1) != 0;
  }
  const bool up = rounds_up(rounding, x.negative, kept_odd, half_comparison, inexact);
  return {kept + (up ? 1 : 0), quantum};
}

// Step 5 helpers. The exponent of the leading bit of a nonzero magnitude.
inline int leading_exponent(const Magnitude& m) {
  return m.exponent + std::bit_width(m.significand) - 1;
}

// Is the nonzero magnitude r beyond the largest value of this sign? Floats: r is on the grid, so
// it exceeds the largest finite value (every significand bit set in the top binade) exactly when
// its leading bit lies above that binade. Integers: r is an integer (its quantum is at least 1).
[[gnu::always_inline]] inline bool beyond_largest(const DataType& type, bool negative,
                                                  const Magnitude& r) {
  const int lead = leading_exponent(r);
  if (type.is_float()) return lead > type.max_exponent();
  const std::uint64_t largest =
      negative ? type.integer_min_magnitude() : type.integer_max_magnitude();
  return lead > 63 || (r.significand << r.exponent) > largest;
}

// Wrap: the value congruent to (-1)^negative * m modulo 2^N, as an N-bit pattern.
inline std::uint64_t wrapped_bits(const DataType& type, bool negative, const Magnitude& m) {
  std::uint64_t low = 0;
  if (m.exponent < type.bits) low = (m.significand << m.exponent) & type.bit_mask();
  return negative ? (0 - low) & type.bit_mask() : low;
}

// Procedure step 6: the pattern of an in-range value.
inline std::uint64_t encode_bits(const DataType& type, bool negative, const Magnitude& m) {
  if (type.is_integer()) return wrapped_bits(type, negative, m);  // in range: congruence is exact
  const std::uint64_t sign = negative ? type.sign_mask() : 0;
  if (m.significand == 0) return type.has_negative_zero() ? sign : 0;
  const int width = std::bit_width(m.significand);
  const int lead = m.exponent + width - 1;
  if (type.specials == Specials::UnsignedNoZero)
    return static_cast<std::uint64_t>(lead + type.bias);
  const int m_bits = type.mantissa_bits;
  if (lead < type.min_exponent()) {  // subnormal: the grid guarantees a non-negative shift
    return sign | (m.significand << (m.exponent - (type.min_exponent() - m_bits)));
  }
  const int align = m_bits + 1 - width;  // -1 after a carry into the next binade
  const std::uint64_t full = align >= 0 ? m.significand << align : m.significand >> -align;
  const std::uint64_t biased = static_cast<std::uint64_t>(lead + type.bias);
  return sign | biased << m_bits | (full - (1ull << m_bits));
}

}  // namespace cvc::grid
