#include "oracle/scalar_json.hpp"

#include <optional>
#include <string_view>
#include <utility>

#include "oracle/hex_digits.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/rational/rational_value.hpp"

namespace cvc {
namespace {

using json = nlohmann::json;
using rational::Integer;
using rational::Rational;

// Every finite nonzero value of the 26 types lies in [2^-1074, 2^1024) (float64 is the widest;
// e8m0fnu spans [2^-127, 2^127]), which is inside (10^-330, 10^330). A decimal whose leading digit
// sits at 10^m with m beyond these bounds is decided without building the number: m > kHugeExponent
// is beyond every finite range, m < -kHugeExponent is below half the smallest subnormal of every
// type (so it rounds to zero, or is below 2^-127 for e8m0fnu).
constexpr std::int64_t kHugeExponent = 400;
// Exponent literals are read saturating at this magnitude (anything that large is absurd anyway);
// it leaves room to add digit counts without overflowing int64.
constexpr std::int64_t kExponentLimit = 1'000'000'000'000'000'000;

// A JSON number literal as an exact decimal: (-1)^negative * digits * 10^exponent, with `digits`
// free of trailing zeros (or zero).
struct Decimal {
  bool negative = false;
  bool plain_integer = true;  // no fraction part and no exponent part in the literal
  Integer digits;
  std::int64_t exponent = 0;
  std::int64_t digit_count = 0;  // decimal digits of `digits` (0 for zero)

  bool is_zero() const { return digit_count == 0; }
  // floor(log10 |value|) for nonzero values.
  std::int64_t magnitude() const { return digit_count - 1 + exponent; }
};

// `literal` must match the JSON number grammar (is_json_number_literal).
Decimal parse_decimal(std::string_view literal) {
  Decimal decimal;
  std::size_t i = 0;
  if (literal[i] == '-') {
    decimal.negative = true;
    ++i;
  }
  std::string significant;  // integer and fraction digits, leading zeros dropped
  std::int64_t fraction_digits = 0;
  bool in_fraction = false;
  for (; i < literal.size() && literal[i] != 'e' && literal[i] != 'E'; ++i) {
    const char c = literal[i];
    if (c == '.') {
      in_fraction = true;
      decimal.plain_integer = false;
      continue;
    }
    if (in_fraction) ++fraction_digits;
    if (significant.empty() && c == '0') continue;
    significant += c;
  }
  std::int64_t exponent = 0;
  if (i < literal.size()) {  // exponent part
    decimal.plain_integer = false;
    ++i;
    bool exponent_negative = false;
    if (literal[i] == '+' || literal[i] == '-') exponent_negative = literal[i++] == '-';
    for (; i < literal.size(); ++i)
      exponent =
          exponent < kExponentLimit / 10 ? exponent * 10 + (literal[i] - '0') : kExponentLimit;
    if (exponent_negative) exponent = -exponent;
  }
  exponent -= fraction_digits;
  while (!significant.empty() && significant.back() == '0') {
    significant.pop_back();
    ++exponent;
  }
  if (significant.empty()) return decimal;  // zero: digits 0, exponent irrelevant
  decimal.digits = Integer(significant);
  decimal.exponent = exponent;
  decimal.digit_count = static_cast<std::int64_t>(significant.size());
  return decimal;
}

Integer power_of_ten(std::int64_t n) {
  return boost::multiprecision::pow(Integer(10), static_cast<unsigned>(n));
}

// |value| of a nonzero decimal whose magnitude() is within +-kHugeExponent.
Rational decimal_magnitude(const Decimal& decimal) {
  if (decimal.exponent >= 0) return Rational(decimal.digits * power_of_ten(decimal.exponent));
  return Rational(decimal.digits, power_of_ten(-decimal.exponent));
}

// The sign of |a| - |b|, by cross-multiplying (cheaper than boost::rational's comparison).
int compare_magnitudes(const Rational& a, const Rational& b) {
  using boost::multiprecision::abs;
  using boost::multiprecision::denominator;
  using boost::multiprecision::numerator;
  return Integer(abs(numerator(a)) * denominator(b))
      .compare(Integer(abs(numerator(b)) * denominator(a)));
}

// The result of reading a scalar: bits, or the reason it is invalid.
struct Outcome {
  std::optional<std::uint64_t> bits;
  std::string reason;
};
Outcome valid(std::uint64_t bits) {
  return {bits, {}};
}
Outcome invalid(std::string reason) {
  return {std::nullopt, std::move(reason)};
}

std::string name_of(const DataType& type) {
  return std::string(type.name);
}

std::uint64_t infinity_bits(const DataType& type, bool negative) {
  const std::uint64_t exponent_all_ones = (1ull << type.exponent_bits) - 1;
  return (exponent_all_ones << type.mantissa_bits) | (negative ? type.sign_mask() : 0);
}

Outcome integer_from_decimal(const DataType& type, const Decimal& decimal,
                             const Readings& readings) {
  if (!decimal.plain_integer && readings[Flag::IntegerJSON] != kIntegerJSONAcceptIntegral)
    return invalid(
        "an integer must be a JSON number with no fraction or exponent part (core "
        "data types, permitted fill values; reading IntegerJSON default, the alternative "
        "accept-integral would read the value if it is an integer)");
  if (decimal.is_zero()) return valid(0);  // "-0" and, when accepted, "0.0", "-0e5"
  if (decimal.exponent < 0)  // `digits` has no trailing zero, so 10^-exponent does not divide it
    return invalid("not an integer");
  const std::string range = "outside the range of " + name_of(type) + " [" +
                            (type.family == Family::SignedInteger ? "-" : "") +
                            std::to_string(type.integer_min_magnitude()) + ", " +
                            std::to_string(type.integer_max_magnitude()) + "]";
  if (decimal.magnitude() > 20) return invalid(range);  // 2^64 < 10^20
  const Integer magnitude = decimal.digits * power_of_ten(decimal.exponent);
  const Integer limit = decimal.negative ? Integer(type.integer_min_magnitude())
                                         : Integer(type.integer_max_magnitude());
  if (magnitude > limit) return invalid(range);
  const std::uint64_t m = static_cast<std::uint64_t>(magnitude);
  return valid(decimal.negative ? (~m + 1) & type.bit_mask() : m);
}

// What a decimal number reads as in a float type, before encoding: a finite value (a zero carries
// the literal's sign in `negative`), an infinity (FloatJSONOverflow alternative), or invalid.
struct FloatReading {
  enum class Kind : std::uint8_t { Finite, Infinity, Invalid };
  Kind kind = Kind::Invalid;
  bool negative = false;
  Rational value;      // signed; Finite only
  std::string reason;  // Invalid only
};

FloatReading finite_reading(bool negative, Rational value) {
  return {FloatReading::Kind::Finite, negative, std::move(value), {}};
}
// A signed zero, without a temporary Rational (GCC 12 reports a false -Wmaybe-uninitialized on
// the destructor of one passed by value, depending on the unity batch the file lands in).
FloatReading zero_reading(bool negative) {
  FloatReading reading;
  reading.kind = FloatReading::Kind::Finite;
  reading.negative = negative;
  return reading;
}
FloatReading invalid_reading(std::string reason) {
  return {FloatReading::Kind::Invalid, false, Rational(0), std::move(reason)};
}

// `explain`: build the reason text of an invalid reading. The shortest-decimal search reads many
// candidates and needs no reasons (and the overflow reason itself formats the largest value).
FloatReading read_float_decimal(const DataType& type, const Decimal& decimal,
                                const Readings& readings, bool explain) {
  if (decimal.is_zero()) {
    if (!type.has_zero())
      return invalid_reading(name_of(type) + " has no zero (its smallest value is 2^-127)");
    return zero_reading(decimal.negative);
  }
  if (decimal.negative && !type.has_sign_bit())
    return invalid_reading(name_of(type) + " has no negative values");
  const auto overflow = [&]() -> FloatReading {
    const bool to_infinity = readings[Flag::FloatJSONOverflow] == kFloatJSONOverflowInfinity;
    if (to_infinity && type.has_infinity())
      return {FloatReading::Kind::Infinity, decimal.negative, Rational(0), {}};
    if (!explain) return invalid_reading({});
    const std::string beyond = "rounds to a value beyond the finite range of " + name_of(type) +
                               " (largest " + describe_value(type, type.max_finite_bits()) + ")";
    if (to_infinity)
      return invalid_reading(beyond + "; " + name_of(type) +
                             " has no infinity (reading FloatJSONOverflow alternative infinity)");
    return invalid_reading(beyond +
                           " (reading FloatJSONOverflow default; the alternative infinity gives " +
                           (decimal.negative ? "-" : "") + "Infinity where the type has it)");
  };
  // Only float8_e8m0fnu has neither subnormals nor a sign bit; its smallest value is 2^-127.
  const auto below_min = [&] {
    return invalid_reading("below the smallest value of " + name_of(type) +
                           " (2^-127) after rounding");
  };
  if (decimal.magnitude() > kHugeExponent) return overflow();
  if (decimal.magnitude() < -kHugeExponent) {
    if (!type.has_subnormals()) return below_min();
    return zero_reading(decimal.negative);
  }
  Rational x = decimal_magnitude(decimal);
  if (decimal.negative) x = -x;
  Rational r = rational::round_to_grid(type, x, Rounding::NearestEven, readings);
  if (compare_magnitudes(r, rational::max_value(type)) > 0) return overflow();
  if (!type.has_sign_bit() && compare_magnitudes(r, rational::min_value(type)) < 0)
    return below_min();
  return finite_reading(decimal.negative, std::move(r));
}

Outcome float_from_decimal(const DataType& type, const Decimal& decimal, const Readings& readings) {
  const FloatReading reading = read_float_decimal(type, decimal, readings, true);
  switch (reading.kind) {
    case FloatReading::Kind::Invalid:
      return invalid(reading.reason);
    case FloatReading::Kind::Infinity:
      return valid(infinity_bits(type, reading.negative));
    case FloatReading::Kind::Finite:
      break;
  }
  // A zero takes the literal's sign where the type has negative zero (fnuz: +0).
  const bool negative_zero = reading.value == 0 && reading.negative && type.has_negative_zero();
  const std::optional<std::uint64_t> bits =
      rational::pattern_of(type, reading.value, negative_zero);
  if (!bits) throw std::logic_error("round_to_grid gave a value outside " + name_of(type));
  return valid(*bits);
}

Outcome float_from_hex(const DataType& type, std::string_view digits, const Readings& readings) {
  if (digits.empty()) return invalid("\"0x\" must be followed by at least one hex digit");
  std::uint64_t value = 0;
  bool beyond_64_bits = false;
  for (const char c : digits) {
    const int digit = hex_digit_value(c);
    if (digit < 0) return invalid("'" + std::string(1, c) + "' is not a hex digit");
    if ((value >> 60) != 0) beyond_64_bits = true;
    value = value << 4 | static_cast<std::uint64_t>(digit);
  }
  if (beyond_64_bits || (value & ~type.bit_mask()) != 0) {
    if (readings[Flag::HexWidth] == kHexWidthIgnoreUpperBits) return valid(value & type.bit_mask());
    return invalid("bits are set beyond the " + std::to_string(type.bits) + "-bit width of " +
                   name_of(type) +
                   " (reading HexWidth default; the alternative ignore-upper-bits drops them)");
  }
  return valid(value);
}

Outcome float_from_string(const DataType& type, const std::string& text, const Readings& readings) {
  if (text == "NaN") {
    if (!type.has_nan()) return invalid(name_of(type) + " has no NaN");
    return valid(type.canonical_nan());
  }
  const bool plus = text == "+Infinity";
  if (text == "Infinity" || text == "-Infinity" || plus) {
    if (plus && readings[Flag::PlusInfinity] != kPlusInfinityAccepted)
      return invalid(
          "the fill value encoding spells positive infinity \"Infinity\" (reading PlusInfinity "
          "default; the alternative accepted reads it as \"Infinity\")");
    if (!type.has_infinity()) return invalid(name_of(type) + " has no infinities");
    return valid(infinity_bits(type, text == "-Infinity"));
  }
  if (text.starts_with("0x"))
    return float_from_hex(type, std::string_view(text).substr(2), readings);
  return invalid(
      "the only strings allowed are \"NaN\", \"Infinity\", \"-Infinity\" and \"0x\" followed by "
      "hex digits");
}

Outcome read_scalar(const DataType& type, const json& value, const Readings& readings) {
  if (is_json_number(value)) {
    const std::optional<std::string> literal = json_number_text(value);
    if (!literal || !is_json_number_literal(*literal)) return invalid("not a finite JSON number");
    const Decimal decimal = parse_decimal(*literal);
    return type.is_integer() ? integer_from_decimal(type, decimal, readings)
                             : float_from_decimal(type, decimal, readings);
  }
  if (value.is_string()) {
    if (type.is_integer())
      return invalid(
          "an integer scalar must be a JSON number (the core spec allows strings, including the "
          "\"0x\" hex form, for floating point types only)");
    return float_from_string(type, value.get<std::string>(), readings);
  }
  return invalid(std::string("a JSON ") + value.type_name() + " is not a scalar; expected " +
                 (type.is_integer() ? "a JSON number"
                                    : "a JSON number or one of the strings the spec allows"));
}

std::string safe_dump(const json& value) {
  try {
    return dump_json_exact(value);
  } catch (const std::exception&) {
    return "<unprintable JSON>";
  }
}

// --- Shortest decimals -------------------------------------------------------------------------

Rational power_of_ten_rational(std::int64_t n) {
  return n >= 0 ? Rational(power_of_ten(n)) : Rational(Integer(1), power_of_ten(-n));
}

std::int64_t decimal_digits(const Integer& n) {
  return static_cast<std::int64_t>(n.str().size());
}

// floor(log10 x) for x > 0.
std::int64_t floor_log10(const Rational& x) {
  const std::int64_t k = decimal_digits(boost::multiprecision::numerator(x)) -
                         decimal_digits(boost::multiprecision::denominator(x));
  // x lies in (10^(k-1), 10^(k+1)).
  return x >= power_of_ten_rational(k) ? k : k - 1;
}

Decimal make_decimal(bool negative, const Integer& digits, std::int64_t exponent) {
  Decimal decimal;
  decimal.negative = negative;
  decimal.plain_integer = false;
  std::string text = digits.str();
  while (text.size() > 1 && text.back() == '0') {
    text.pop_back();
    ++exponent;
  }
  decimal.digits = Integer(text);
  decimal.exponent = exponent;
  decimal.digit_count = text == "0" ? 0 : static_cast<std::int64_t>(text.size());
  return decimal;
}

// Does the decimal digits * 10^exponent (sign `negative`) read back as the nonzero finite value
// `value` (signed) under the default readings?
bool reads_back(const DataType& type, bool negative, const Integer& digits, std::int64_t exponent,
                const Rational& value) {
  const FloatReading reading =
      read_float_decimal(type, make_decimal(negative, digits, exponent), Readings{}, false);
  return reading.kind == FloatReading::Kind::Finite && reading.value == value;
}

// A positive binary fraction a / 2^k written as the decimal a * 5^k * 10^-k.
std::pair<Integer, std::int64_t> binary_fraction_as_decimal(const Rational& x) {
  const Integer& den = boost::multiprecision::denominator(x);
  const unsigned k = boost::multiprecision::msb(den);
  if (den != (Integer(1) << k)) throw std::logic_error("not a binary fraction");
  return {boost::multiprecision::numerator(x) * boost::multiprecision::pow(Integer(5), k),
          -static_cast<std::int64_t>(k)};
}

// The sign of d * 10^e - x, for x >= 0.
int compare_decimal(const Integer& d, std::int64_t e, const Rational& x) {
  const Integer& a = boost::multiprecision::numerator(x);
  const Integer& b = boost::multiprecision::denominator(x);
  if (e >= 0) return Integer(d * power_of_ten(e) * b).compare(a);
  return Integer(d * b).compare(Integer(a * power_of_ten(-e)));
}

// The decimals that read back as a finite nonzero value v form an interval around v bounded by
// the midpoints to its grid neighbours; whether a midpoint itself belongs is decided by reading it
// (ties to even, E8M0Tie, overflow at the top). Candidates are then tested by integer comparisons
// alone, and the one chosen is read once more in full.
class ReadBackInterval {
 public:
  ReadBackInterval(const DataType& type, bool negative, const Rational& v)
      : type_(type), negative_(negative), value_(negative ? Rational(-v) : v) {
    // eps is below the spacing of the grid on both sides of v: that spacing is at least
    // v * 2^-(mantissa_bits + 1) (v a power of two, below it), so v +- eps lies strictly between
    // v and its neighbours, and directed rounding of v +- eps gives the neighbours.
    const Rational eps = v / Rational(Integer(1) << (type.mantissa_bits + 2));
    const Rational up = rational::round_to_grid(type, v + eps, Rounding::TowardsPositive);
    const Rational down = rational::round_to_grid(type, v - eps, Rounding::TowardsNegative);
    low_ = (down + v) / 2;
    high_ = (v + up) / 2;
    low_inclusive_ = reads_back_binary(low_);
    high_inclusive_ = reads_back_binary(high_);
  }

  bool contains(const Integer& d, std::int64_t e) const {
    const int above_low = compare_decimal(d, e, low_);
    const int below_high = -compare_decimal(d, e, high_);
    return (above_low > 0 || (above_low == 0 && low_inclusive_)) &&
           (below_high > 0 || (below_high == 0 && high_inclusive_));
  }

 private:
  bool reads_back_binary(const Rational& x) const {
    const auto [digits, exponent] = binary_fraction_as_decimal(x);
    return reads_back(type_, negative_, digits, exponent, value_);
  }

  const DataType& type_;
  bool negative_;
  Rational value_;       // signed
  Rational low_, high_;  // magnitudes
  bool low_inclusive_ = false, high_inclusive_ = false;
};

std::string layout_decimal(bool negative, std::string digits, std::int64_t exponent) {
  while (digits.size() > 1 && digits.back() == '0') {
    digits.pop_back();
    ++exponent;
  }
  const std::int64_t count = static_cast<std::int64_t>(digits.size());
  const std::int64_t lead = count - 1 + exponent;  // the value is d.ddd * 10^lead
  std::string text = negative ? "-" : "";
  if (lead >= -4 && lead < 16) {
    if (exponent >= 0) {
      text += digits + std::string(static_cast<std::size_t>(exponent), '0') + ".0";
    } else if (count + exponent > 0) {
      const std::size_t point = static_cast<std::size_t>(count + exponent);
      text += digits.substr(0, point) + "." + digits.substr(point);
    } else {
      text += "0." + std::string(static_cast<std::size_t>(-(count + exponent)), '0') + digits;
    }
    return text;
  }
  text += digits.substr(0, 1);
  if (count > 1) text += "." + digits.substr(1);
  std::string power = std::to_string(lead < 0 ? -lead : lead);
  if (power.size() < 2) power = "0" + power;
  return text + "e" + (lead < 0 ? "-" : "+") + power;
}

// The shortest decimal that reads back as `bits`, a nonzero finite value of magnitude `x`:
// for n = 1, 2, ... significant digits, the two n-digit decimals next to x (the nearer first, on
// a tie the even one); the first that reads back wins. Some n always succeeds: at the latest the
// exact decimal expansion of the binary fraction x.
std::string shortest_decimal(const DataType& type, std::uint64_t bits, bool negative,
                             const Rational& x) {
  const ReadBackInterval interval(type, negative, x);
  const Integer& p = boost::multiprecision::numerator(x);
  const Integer& q = boost::multiprecision::denominator(x);
  const std::int64_t k = floor_log10(x);
  for (std::int64_t n = 1;; ++n) {
    // Candidates d * 10^exponent with d next to t = x / 10^exponent = num / den.
    const std::int64_t exponent = k - n + 1;
    const Integer num = exponent >= 0 ? p : Integer(p * power_of_ten(-exponent));
    const Integer den = exponent >= 0 ? Integer(q * power_of_ten(exponent)) : q;
    Integer low, remainder;
    boost::multiprecision::divide_qr(num, den, low, remainder);
    std::optional<Integer> chosen;
    if (remainder == 0) {
      chosen = low;  // x itself
    } else {
      const Integer high = low + 1;
      const int half = Integer(2 * remainder).compare(den);  // t - low against 1/2
      const bool low_first = half < 0 || (half == 0 && (low % 2) == 0);
      for (const Integer& d : {low_first ? low : high, low_first ? high : low}) {
        if (d != 0 && interval.contains(d, exponent)) {
          chosen = d;
          break;
        }
      }
    }
    if (!chosen) continue;
    const Outcome check = float_from_decimal(type, make_decimal(negative, *chosen, exponent), {});
    if (!check.bits || *check.bits != bits)
      throw std::logic_error("shortest decimal of " + std::string(type.name) +
                             " does not read back");
    return layout_decimal(negative, chosen->str(), exponent);
  }
}

}  // namespace

std::uint64_t parse_scalar(const DataType& type, const json& value, const Readings& readings) {
  const Outcome outcome = read_scalar(type, value, readings);
  if (!outcome.bits)
    throw ScalarError("invalid " + name_of(type) + " scalar " + safe_dump(value) + ": " +
                      outcome.reason);
  return *outcome.bits;
}

json format_scalar(const DataType& type, std::uint64_t bits) {
  if ((bits & ~type.bit_mask()) != 0)
    throw std::invalid_argument("pattern " + pattern_hex(data_type("uint64"), bits) +
                                " has bits beyond the width of " + name_of(type));
  if (type.is_integer()) {
    if (type.family == Family::SignedInteger && (bits >> (type.bits - 1)) != 0)
      return json(static_cast<std::int64_t>(bits | ~type.bit_mask()));  // sign-extended
    return json(bits);
  }
  const rational::RationalValue value = rational::value_of(type, bits);
  switch (value.kind) {
    case rational::RationalValue::Kind::NaN:
      return bits == type.canonical_nan() ? json("NaN") : json(pattern_hex(type, bits));
    case rational::RationalValue::Kind::Infinity:
      return json(value.negative ? "-Infinity" : "Infinity");
    case rational::RationalValue::Kind::Finite:
      break;
  }
  if (value.value == 0) return json_number(value.negative ? "-0.0" : "0.0");
  const bool negative = value.value < 0;
  return json_number(
      shortest_decimal(type, bits, negative, negative ? Rational(-value.value) : value.value));
}

std::string describe_value(const DataType& type, std::uint64_t bits) {
  const json canonical = format_scalar(type, bits);
  std::string text = dump_json_exact(canonical);
  if (!type.is_float() || !is_json_number(canonical)) return text;
  // An integral value whose shortest decimal is not exact (float16 65504 is "65500.0"): add the
  // integer when it is short. Fractions get nothing more.
  const rational::RationalValue value = rational::value_of(type, bits);
  if (boost::multiprecision::denominator(value.value) != 1 || value.value == 0) return text;
  const Integer exact = boost::multiprecision::abs(boost::multiprecision::numerator(value.value));
  const Decimal shortest = parse_decimal(text);
  if (shortest.exponent >= 0 && shortest.digits * power_of_ten(shortest.exponent) == exact)
    return text;
  const std::string digits = exact.str();
  if (digits.size() > 20) return text;
  return text + " (exactly " + (value.value < 0 ? "-" : "") + digits + ")";
}

}  // namespace cvc
