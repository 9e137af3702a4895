// The slow oracle's arithmetic: every value is an exact rational, every decision an exact
// comparison of integers. No floating-point arithmetic is used anywhere, and nothing is taken from
// the fast oracle: only the fields of the type table (width, exponent and mantissa widths, bias,
// kind of special values) are read, and the values are derived from them as the spec states.
#include "oracle/rational/rational_value.hpp"

#include <array>
#include <stdexcept>
#include <string>

namespace cvc::rational {
namespace {

Integer pow2_integer(int k) {  // 2^k for k >= 0
  return Integer(1) << k;
}

// n * 2^k, exactly.
Rational scaled_by_pow2(const Integer& n, int k) {
  if (k >= 0) return Rational(Integer(n << k));
  return Rational(n, pow2_integer(-k));
}

// The sign of p/d - 2^k, for p, d > 0: compare p with d * 2^k, both sides made integral.
int compare_with_pow2(const Integer& p, const Integer& d, int k) {
  if (k >= 0) return p.compare(Integer(d << k));
  return Integer(p << -k).compare(d);
}

// The exponent e with 2^e <= p/d < 2^(e+1), for p, d > 0. The bit lengths give a first guess;
// the two loops then make it exact by comparison, whatever the guess was.
int floor_log2(const Integer& p, const Integer& d) {
  int e = static_cast<int>(msb(p)) - static_cast<int>(msb(d));
  while (compare_with_pow2(p, d, e) < 0) --e;
  while (compare_with_pow2(p, d, e + 1) >= 0) ++e;
  return e;
}

// p * 2^k / d when that is an integer, else nothing.
std::optional<Integer> integer_quotient(const Integer& p, const Integer& d, int k) {
  const Integer num = k >= 0 ? Integer(p << k) : p;
  const Integer den = k >= 0 ? d : Integer(d << -k);
  Integer quotient, remainder;
  divide_qr(num, den, quotient, remainder);
  if (remainder != 0) return std::nullopt;
  return quotient;
}

bool top_bit(const DataType& type, std::uint64_t bits) {
  return (bits >> (type.bits - 1)) & 1;
}

// Integer ranges, from the spec's data type definitions: int N is [-2^(N-1), 2^(N-1) - 1],
// uint N is [0, 2^N - 1].
Integer integer_max(const DataType& type) {
  return type.family == Family::SignedInteger ? pow2_integer(type.bits - 1) - 1
                                              : pow2_integer(type.bits) - 1;
}
Integer integer_min(const DataType& type) {
  return type.family == Family::SignedInteger ? Integer(-pow2_integer(type.bits - 1)) : Integer(0);
}

// The largest finite value, found by decoding: a positive pattern with every mantissa bit set and
// the largest exponent field whose patterns are finite numbers (IEEE types reserve the all-ones
// exponent for infinities and NaN; in e8m0fnu the all-ones pattern is NaN).
Rational compute_max_value(const DataType& type) {
  if (type.is_integer()) return Rational(integer_max(type));
  const std::uint64_t mantissa_all_ones = (1ull << type.mantissa_bits) - 1;
  for (std::uint64_t e = (1ull << type.exponent_bits) - 1;; --e) {
    const RationalValue v = value_of(type, e << type.mantissa_bits | mantissa_all_ones);
    if (v.kind == RationalValue::Kind::Finite) return v.value;
    if (e == 0) break;
  }
  throw std::logic_error(std::string(type.name) + " has no finite pattern");
}

// The smallest (most negative) value: the negated maximum for floats with a sign bit; for
// e8m0fnu, which has no sign, the value of pattern 0.
Rational compute_min_value(const DataType& type) {
  if (type.is_integer()) return Rational(integer_min(type));
  if (type.has_sign_bit()) return -compute_max_value(type);
  return value_of(type, 0).value;
}

struct Extremes {
  Rational max;
  Rational min;
};

// max_value and min_value are asked for on every cast, so they are computed once per table type.
const Extremes* cached_extremes(const DataType& type) {
  static const std::array<Extremes, kDataTypeCount> table = [] {
    std::array<Extremes, kDataTypeCount> extremes;
    for (int i = 0; i < kDataTypeCount; ++i) {
      extremes[i].max = compute_max_value(all_data_types()[i]);
      extremes[i].min = compute_min_value(all_data_types()[i]);
    }
    return extremes;
  }();
  const std::array<DataType, kDataTypeCount>& types = all_data_types();
  for (int i = 0; i < kDataTypeCount; ++i)
    if (&types[i] == &type) return &table[i];
  return nullptr;  // a DataType built outside the table
}

}  // namespace

Rational power_of_two(int k) {
  return scaled_by_pow2(Integer(1), k);
}

int compare_values(const Rational& a, const Rational& b) {
  const int sign_a = a.sign();
  const int sign_b = b.sign();
  if (sign_a != sign_b) return sign_a < sign_b ? -1 : 1;
  if (sign_a == 0) return 0;
  // Denominators are positive: a < b exactly when a.num * b.den < b.num * a.den.
  return Integer(numerator(a) * denominator(b)).compare(Integer(numerator(b) * denominator(a)));
}

RationalValue value_of(const DataType& type, std::uint64_t bits) {
  bits &= type.bit_mask();
  RationalValue result;
  if (type.is_integer()) {
    // Two's complement: a set top bit of a signed pattern weighs -2^(N-1) instead of 2^(N-1).
    Integer n = bits;
    if (type.family == Family::SignedInteger && top_bit(type, bits)) n -= pow2_integer(type.bits);
    result.negative = n < 0;
    result.value = Rational(n);
    return result;
  }

  const int m_bits = type.mantissa_bits;
  const std::uint64_t exponent_all_ones = (1ull << type.exponent_bits) - 1;
  const bool sign = type.has_sign_bit() && top_bit(type, bits);
  const std::uint64_t e = (bits >> m_bits) & exponent_all_ones;
  const std::uint64_t m = bits & ((1ull << m_bits) - 1);
  result.negative = sign;

  switch (type.specials) {
    case Specials::IEEE:  // exponent all ones: infinity (mantissa 0) or NaN
      if (e == exponent_all_ones) {
        result.kind = m == 0 ? RationalValue::Kind::Infinity : RationalValue::Kind::NaN;
        return result;
      }
      break;
    case Specials::FiniteNaNAtNegZero:  // 0b1000...0 is NaN; everything else is a number
      if (sign && e == 0 && m == 0) {
        result.kind = RationalValue::Kind::NaN;
        return result;
      }
      break;
    case Specials::UnsignedNoZero:  // 0b1111'1111 is NaN
      if (e == exponent_all_ones) {
        result.kind = RationalValue::Kind::NaN;
        return result;
      }
      break;
    case Specials::FiniteNoNaN:  // every pattern is a number
      break;
  }

  // normal: (1 + m / 2^M) * 2^(e - bias) = (2^M + m) * 2^(e - bias - M)
  // subnormal (e == 0, types with subnormals): (m / 2^M) * 2^(1 - bias) = m * 2^(1 - bias - M)
  // e8m0fnu has no subnormals: every e is normal, and M = 0 gives 2^(e - 127).
  const bool subnormal = e == 0 && type.has_subnormals();
  const Integer significand = subnormal ? Integer(m) : Integer(pow2_integer(m_bits) + m);
  const int exponent = (subnormal ? 1 : static_cast<int>(e)) - type.bias - m_bits;
  result.value = scaled_by_pow2(significand, exponent);
  if (sign) result.value = -result.value;
  return result;
}

std::optional<std::uint64_t> pattern_of(const DataType& type, const Rational& x,
                                        bool negative_zero) {
  if (type.is_integer()) {
    if (denominator(x) != 1) return std::nullopt;
    const Integer n = numerator(x);
    if (n < integer_min(type) || n > integer_max(type)) return std::nullopt;
    // Two's complement of width N: a negative n is stored as n + 2^N.
    const Integer pattern = n < 0 ? Integer(n + pow2_integer(type.bits)) : n;
    return pattern.convert_to<std::uint64_t>();
  }

  // Build a candidate pattern from the fields, then accept it only if it decodes to x: whatever
  // the special encodings of the type, a wrong candidate cannot slip through.
  const auto decodes_to_x = [&](std::uint64_t candidate) -> std::optional<std::uint64_t> {
    const RationalValue v = value_of(type, candidate);
    if (v.kind != RationalValue::Kind::Finite || v.value != x) return std::nullopt;
    if (x.sign() == 0 && v.negative != (negative_zero && type.has_negative_zero()))
      return std::nullopt;
    return candidate;
  };
  const std::uint64_t sign_bit = type.has_sign_bit() ? 1ull << (type.bits - 1) : 0;

  if (x.sign() == 0) {
    if (!type.has_zero()) return std::nullopt;
    return decodes_to_x(negative_zero && type.has_negative_zero() ? sign_bit : 0);
  }
  if (x.sign() < 0 && !type.has_sign_bit()) return std::nullopt;

  const Rational magnitude = x.sign() < 0 ? Rational(-x) : x;
  const Integer& p = numerator(magnitude);
  const Integer& d = denominator(magnitude);
  const int m_bits = type.mantissa_bits;
  const int e = floor_log2(p, d);
  const int min_normal_exponent = 1 - type.bias;  // biased exponent 1

  std::int64_t biased;
  std::optional<Integer> field;
  if (type.has_subnormals() && e < min_normal_exponent) {
    biased = 0;  // x = m * 2^(1 - bias - M)
    field = integer_quotient(p, d, m_bits - min_normal_exponent);
  } else {
    biased = static_cast<std::int64_t>(e) + type.bias;  // x = (2^M + m) * 2^(e - M)
    field = integer_quotient(p, d, m_bits - e);
    if (field) *field -= pow2_integer(m_bits);
  }
  const std::int64_t exponent_all_ones = (std::int64_t{1} << type.exponent_bits) - 1;
  if (!field || *field < 0 || *field >= pow2_integer(m_bits) || biased < 0 ||
      biased > exponent_all_ones)
    return std::nullopt;
  const std::uint64_t candidate = (x.sign() < 0 ? sign_bit : 0) |
                                  static_cast<std::uint64_t>(biased) << m_bits |
                                  field->convert_to<std::uint64_t>();
  return decodes_to_x(candidate);
}

Rational round_to_grid(const DataType& type, const Rational& x, Rounding rounding,
                       const Readings& readings) {
  if (x.sign() == 0) throw std::invalid_argument("round_to_grid: x must not be zero");
  const bool negative = x.sign() < 0;
  const Rational magnitude = negative ? Rational(-x) : x;
  const Integer& p = numerator(magnitude);
  const Integer& d = denominator(magnitude);

  // The grid near |x| is the integer multiples of 2^q (of at most M + 1 significant bits).
  int q = 0;  // integers
  int e = 0;  // the exponent of |x|: 2^e <= |x| < 2^(e+1)
  if (type.is_float()) {
    e = floor_log2(p, d);
    q = e - type.mantissa_bits;  // M + 1 significant bits; e8m0fnu: q = e, unbounded below
    if (type.has_subnormals()) q = std::max(q, (1 - type.bias) - type.mantissa_bits);
  }

  // |x| / 2^q = n + remainder / den, with 0 <= remainder < den.
  const Integer num = q <= 0 ? Integer(p << -q) : p;
  const Integer den = q <= 0 ? d : Integer(d << q);
  Integer n, remainder;
  divide_qr(num, den, n, remainder);

  // The neighbours of |x| on the grid are n * 2^q (towards zero) and (n + 1) * 2^q (away).
  bool away = false;
  if (remainder != 0) {
    switch (rounding) {
      case Rounding::TowardsZero:
        away = false;
        break;
      case Rounding::TowardsPositive:  // ceiling
        away = !negative;
        break;
      case Rounding::TowardsNegative:  // floor
        away = negative;
        break;
      case Rounding::NearestAway:
      case Rounding::NearestEven: {
        const int half = Integer(2 * remainder).compare(den);  // remainder vs den / 2
        if (half != 0) {
          away = half > 0;
        } else if (rounding == Rounding::NearestAway) {
          away = true;
        } else if (!type.has_subnormals() && type.is_float() &&
                   readings[Flag::E8M0Tie] == kE8M0TieEvenExponent) {
          // e8m0fnu: the neighbours are 2^e (biased exponent e + bias) and 2^(e+1).
          away = (static_cast<std::int64_t>(e) + 1 + type.bias) % 2 == 0;
        } else {
          // Ties to the even significand. In e8m0fnu n is always 1 (odd), so a tie goes up in
          // magnitude: the default reading of E8M0Tie.
          away = n % 2 != 0;
        }
        break;
      }
    }
  }
  const Rational r = scaled_by_pow2(away ? Integer(n + 1) : n, q);
  return negative ? Rational(-r) : r;
}

Rational max_value(const DataType& type) {
  if (const Extremes* cached = cached_extremes(type)) return cached->max;
  return compute_max_value(type);
}

Rational min_value(const DataType& type) {
  if (const Extremes* cached = cached_extremes(type)) return cached->min;
  return compute_min_value(type);
}

}  // namespace cvc::rational
