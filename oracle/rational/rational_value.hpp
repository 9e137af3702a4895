// Exact rational arithmetic on the 26 types: what a bit pattern denotes as a Boost rational, the
// pattern of a rational, rounding onto a type's grid. The slow oracle (oracle/slow/) computes on
// it; JSON decimal numbers (which are not binary fractions) are rounded onto a type with it; the
// generators place boundary inputs with it. Only the files that compute with rationals include
// this header (it brings Boost.Multiprecision).
//
// Independent of the fast oracle: it reads only the type table (oracle/data_type.hpp).
#pragma once

#include <boost/multiprecision/cpp_int.hpp>
#include <cstdint>
#include <optional>

#include "oracle/cast_rule.hpp"
#include "oracle/data_type.hpp"
#include "oracle/readings.hpp"

namespace cvc::rational {

using Integer = boost::multiprecision::cpp_int;
using Rational = boost::multiprecision::cpp_rational;

// What a bit pattern denotes: NaN, +-Infinity, or a finite number. For zero, `negative` is the
// sign bit; otherwise it is the sign of `value`.
struct RationalValue {
  enum class Kind : std::uint8_t { Finite, Infinity, NaN } kind = Kind::Finite;
  bool negative = false;
  Rational value;  // signed; zero for NaN and infinities
};

RationalValue value_of(const DataType& type, std::uint64_t bits);

// The pattern encoding the finite number x in `type`, or nullopt when x is not one of the type's
// values. `negative_zero` picks -0 when x == 0 and the type has a negative zero.
std::optional<std::uint64_t> pattern_of(const DataType& type, const Rational& x,
                                        bool negative_zero = false);

// x != 0 rounded onto the grid of `type` (docs/procedure.md, step 4): integers for integer types;
// for floats the significand precision and subnormal quantum of the type with an exponent
// unbounded above (and, for e8m0fnu, unbounded below). The result may lie outside the type's range.
// Readings: E8M0Tie.
Rational round_to_grid(const DataType& type, const Rational& x, Rounding rounding,
                       const Readings& readings = {});

// Largest and smallest finite values of the type (e8m0fnu: 2^127 and 2^-127).
Rational max_value(const DataType& type);
Rational min_value(const DataType& type);

// 2^k, exactly (k may be negative).
Rational power_of_two(int k);

// The sign of a - b: -1, 0 or 1, by exact integer cross-multiplication (Boost 1.74's cpp_rational
// comparison operators compute continued fractions and are much slower).
int compare_values(const Rational& a, const Rational& b);

}  // namespace cvc::rational
