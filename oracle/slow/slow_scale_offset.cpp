// The slow oracle's scale_offset: docs/procedure.md, "scale_offset", on exact rationals. Every
// operation is computed exactly (a rational), then placed onto the type with
// rational::round_to_grid and compared with rational::max_value; nothing is taken from the fast
// oracle (oracle/scale_offset.cpp).
#include "oracle/slow/slow_scale_offset.hpp"

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "oracle/rational/decimal_text.hpp"
#include "oracle/rational/rational_value.hpp"

namespace cvc::slow {
namespace {
namespace slow_scale_offset {  // apart from the other files' names in the unity build

using rational::compare_values;
using rational::max_value;
using rational::min_value;
using rational::pattern_of;
using rational::Rational;
using rational::RationalValue;
using rational::round_to_grid;
using rational::value_of;
using Kind = RationalValue::Kind;
using Op = ScaleOffsetOperation;

// A value of the computation: a RationalValue whose `negative` is also the sign of a zero.
using Number = RationalValue;

Number finite(const Rational& x, bool negative_zero = false) {
  Number n;
  n.value = x;
  n.negative = x.sign() < 0 || (x.sign() == 0 && negative_zero);
  return n;
}

Number nan() {
  Number n;
  n.kind = Kind::NaN;
  return n;
}

Number infinity(bool negative) {
  Number n;
  n.kind = Kind::Infinity;
  n.negative = negative;
  return n;
}

bool is_zero(const Number& n) {
  return n.kind == Kind::Finite && n.value.sign() == 0;
}

// An operation's result, or why it has none (the readings then decide, in `decide`).
struct Step {
  enum class What : std::uint8_t {
    Value,           // `number`
    Overflow,        // beyond the largest finite value of the grid; number.negative its sign
    DivisionByZero,  // x / 0, x != 0; number.negative is the sign IEEE 754 gives the infinity
    NoNumber,        // Infinity - Infinity, 0 * Infinity, 0 / 0, Infinity / Infinity
    OutsideType,     // integers beyond their range; e8m0fnu's zero, negatives, below 2^-127
    Remainder,       // an integer division with a remainder
  } what = What::Value;
  Number number;
};

Step value_step(const Number& n) {
  return Step{Step::What::Value, n};
}

Step failed_step(Step::What what, bool negative = false) {
  Step step;
  step.what = what;
  step.number.negative = negative;
  return step;
}

// IEEE 754's sign of an exact zero sum a + b: -0 only when both addends are -0 (round to nearest).
bool zero_sum_negative(const Number& a, bool b_negative) {
  return is_zero(a) && a.negative && b_negative;
}

// The exact result of one operation (IEEE 754 for NaN, infinities and zero signs).
Step exact_result(const DataType& type, Op op, const Number& a, const Number& b,
                  const Readings& readings) {
  if (a.kind == Kind::NaN || b.kind == Kind::NaN) return value_step(nan());
  const bool sign_xor = a.negative != b.negative;
  if (op == Op::Subtract || op == Op::Add) {
    const bool b_negative = op == Op::Subtract ? !b.negative : b.negative;
    const Rational b_value = op == Op::Subtract ? Rational(-b.value) : b.value;
    if (a.kind == Kind::Infinity && b.kind == Kind::Infinity)
      return a.negative == b_negative ? value_step(infinity(a.negative))
                                      : failed_step(Step::What::NoNumber);
    if (a.kind == Kind::Infinity) return value_step(infinity(a.negative));
    if (b.kind == Kind::Infinity) return value_step(infinity(b_negative));
    const Rational sum = a.value + b_value;
    return value_step(
        finite(sum, sum.sign() == 0 && is_zero(b) && zero_sum_negative(a, b_negative)));
  }
  if (op == Op::Multiply) {
    if (a.kind == Kind::Infinity || b.kind == Kind::Infinity)
      return is_zero(a) || is_zero(b) ? failed_step(Step::What::NoNumber)
                                      : value_step(infinity(sign_xor));
    return value_step(finite(a.value * b.value, sign_xor));
  }
  // Division.
  if (a.kind == Kind::Infinity)
    return b.kind == Kind::Infinity ? failed_step(Step::What::NoNumber)
           : is_zero(b)             ? failed_step(Step::What::DivisionByZero, sign_xor)
                                    : value_step(infinity(sign_xor));
  if (b.kind == Kind::Infinity) return value_step(finite(Rational(0), sign_xor));
  if (is_zero(b))
    return is_zero(a) ? failed_step(Step::What::NoNumber)
                      : failed_step(Step::What::DivisionByZero, sign_xor);
  const Rational quotient = a.value / b.value;
  if (type.is_integer() && denominator(quotient) != 1) {
    // ScaleOffsetIntegerDivision: an error by default, else towards zero or down.
    const int choice = readings[Flag::ScaleOffsetIntegerDivision];
    if (choice == kScaleOffsetIntegerDivisionTruncate ||
        choice == kScaleOffsetIntegerDivisionFloor) {
      rational::Integer q = numerator(quotient) / denominator(quotient);  // truncates towards zero
      if (choice == kScaleOffsetIntegerDivisionFloor && quotient.sign() < 0) q -= 1;
      return value_step(finite(Rational(q)));
    }
    return failed_step(Step::What::Remainder);
  }
  return value_step(finite(quotient, sign_xor));
}

// A finite number placed onto `grid` (the type, or float64 under float64-intermediate): integers
// must be exact and in range; floats are rounded to nearest even with an unbounded exponent, then
// compared with the largest finite value; e8m0fnu refuses zero, negatives and what rounds below
// its smallest value.
Step placed(const DataType& grid, const Step& step, const Readings& readings) {
  if (step.what != Step::What::Value || step.number.kind != Kind::Finite) return step;
  const Rational& x = step.number.value;
  if (grid.is_integer()) {
    if (compare_values(x, max_value(grid)) > 0 || compare_values(x, min_value(grid)) < 0)
      return failed_step(Step::What::OutsideType);
    return value_step(finite(x));
  }
  if (!grid.has_zero() && x.sign() <= 0) return failed_step(Step::What::OutsideType);
  if (x.sign() == 0) return value_step(finite(x, step.number.negative && grid.has_negative_zero()));
  const Rational r = round_to_grid(grid, x, Rounding::NearestEven, readings);
  const Rational& largest = max_value(grid);
  if (compare_values(r, largest) > 0 || compare_values(r, Rational(-largest)) < 0)
    return failed_step(Step::What::Overflow, x.sign() < 0);
  if (!grid.has_zero() && compare_values(r, min_value(grid)) < 0)
    return failed_step(Step::What::OutsideType);
  // A nonzero x that rounds to zero keeps its sign (IEEE 754), where the type has -0.
  return value_step(finite(r, x.sign() < 0 && grid.has_negative_zero()));
}

// ScaleOffsetNonFinite decides what becomes of a step without a number, in the array's type.
struct Decided {
  std::optional<Number> number;
  ScaleOffsetError error = ScaleOffsetError::None;
};

Decided decide(const DataType& type, const Step& step, const Readings& readings) {
  const bool ieee = readings[Flag::ScaleOffsetNonFinite] == kScaleOffsetNonFiniteIEEE;
  using What = Step::What;
  switch (step.what) {
    case What::Value:
      return {step.number};
    case What::Overflow:
    case What::DivisionByZero:
      if (ieee && type.has_infinity()) return {infinity(step.number.negative)};
      if (ieee && type.has_nan()) return {nan()};
      return {std::nullopt, step.what == What::Overflow ? ScaleOffsetError::NotRepresentable
                                                        : ScaleOffsetError::InvalidOperation};
    case What::NoNumber:
      if (ieee && type.has_nan()) return {nan()};
      return {std::nullopt, ScaleOffsetError::InvalidOperation};
    case What::OutsideType:
      return {std::nullopt, ScaleOffsetError::NotRepresentable};
    case What::Remainder:
      return {std::nullopt, ScaleOffsetError::InexactDivision};
  }
  throw std::logic_error("unknown scale_offset step");
}

std::uint64_t pattern(const DataType& type, const Number& n) {
  if (n.kind == Kind::NaN) return type.canonical_nan();
  if (n.kind == Kind::Infinity) {
    // IEEE types: exponent all ones, mantissa zero.
    const std::uint64_t bits = ((1ull << type.exponent_bits) - 1) << type.mantissa_bits |
                               (n.negative ? 1ull << (type.bits - 1) : 0);
    return bits;
  }
  const std::optional<std::uint64_t> bits = pattern_of(type, n.value, n.negative);
  if (!bits)
    throw std::logic_error("slow scale_offset: " + n.value.str() + " is not a value of " +
                           std::string(type.name));
  return *bits;
}

struct Operation {
  Op op;
  Number operand;
  std::uint64_t bits = 0;  // the operand's pattern
};

// --- The account of each operation (traced_scale_offset), apart from the arithmetic -------------

std::string number_text(const Number& n) {
  if (n.kind == Kind::NaN) return "NaN";
  if (n.kind == Kind::Infinity) return n.negative ? "-Infinity" : "Infinity";
  if (n.value.sign() == 0) return n.negative ? "-0" : "0";
  return rational::decimal_text(n.value);
}

// Why a step has no value of the type, in words.
std::string without_value(const DataType& type, const Step& step) {
  using What = Step::What;
  const std::string name(type.name);
  switch (step.what) {
    case What::Overflow:
      return "beyond the largest finite value of " + name;
    case What::DivisionByZero:
      return "a division by zero";
    case What::NoNumber:
      return "no number (Infinity - Infinity, 0 * Infinity, 0 / 0 or Infinity / Infinity)";
    case What::OutsideType:
      return type.is_integer() ? "outside the range of " + name
                               : "not a value of " + name + " (no zero, no negative value, " +
                                     "nothing below its smallest value)";
    case What::Remainder:
      return "an integer quotient with a remainder (reading ScaleOffsetIntegerDivision default)";
    case What::Value:
      break;
  }
  return "";
}

// How the exact result became the value carried on: "exact in float32", "rounded ...".
std::string placement_text(const DataType& type, const DataType& grid, bool kept_exact,
                           const Step& exact, const Number& carried, const Readings& readings) {
  if (exact.number.kind != Kind::Finite)
    return exact.number.kind == Kind::NaN ? "NaN (IEEE 754: a NaN operand gives NaN)"
                                          : "an infinity (IEEE 754, from an infinite operand)";
  if (carried.kind != Kind::Finite)
    return "replaced by the IEEE 754 result (reading ScaleOffsetNonFinite ieee)";
  if (kept_exact) return "kept exact (reading ScaleOffsetRounding round-once)";
  const std::string on = &grid == &type ? std::string(type.name)
                                        : std::string(grid.name) +
                                              " (reading ScaleOffsetRounding float64-intermediate)";
  if (compare_values(exact.number.value, carried.value) == 0) return "exact in " + on;
  if (type.is_integer()) {
    const bool floor =
        readings[Flag::ScaleOffsetIntegerDivision] == kScaleOffsetIntegerDivisionFloor;
    return std::string("rounded ") + (floor ? "down" : "towards zero") +
           " (reading ScaleOffsetIntegerDivision " + (floor ? "floor" : "truncate") + ")";
  }
  return "rounded to nearest, ties to even, onto " + on;
}

// One entry of the account: `exact` the operation's exact result (for an integer division, the
// true quotient: exact_result has already truncated or floored it under those readings),
// `outcome` the step once placed on its grid, `decided` what ScaleOffsetNonFinite makes of it.
ScaleOffsetOperationTrace account(const DataType& type, const DataType& grid, bool kept_exact,
                                  Op op, std::uint64_t operand, const Step& exact,
                                  const Step& outcome, const Decided& decided,
                                  const Readings& readings) {
  ScaleOffsetOperationTrace entry;
  entry.operation = op;
  entry.operand = operand;
  if (exact.what == Step::What::Value) entry.exact = number_text(exact.number);
  entry.error = decided.error;
  if (decided.number) entry.value = number_text(*decided.number);
  if (outcome.what == Step::What::Value) {
    entry.placement = placement_text(type, grid, kept_exact, exact, *decided.number, readings);
    return entry;
  }
  entry.placement = without_value(kept_exact ? type : grid, outcome);
  if (decided.number)
    entry.placement += ": the IEEE 754 result (reading ScaleOffsetNonFinite ieee)";
  return entry;
}

ScaleOffsetResult failure(ScaleOffsetError error, Op op) {
  ScaleOffsetResult result;
  result.error = error;
  result.operation = op;
  return result;
}

// round-once: the intermediate stays exact; outside [min, max] it is still an error.
Step kept_in_range(const DataType& type, const Step& step) {
  const Number& t = step.number;
  if (step.what != Step::What::Value || t.kind != Kind::Finite) return step;
  if (compare_values(t.value, max_value(type)) > 0 ||
      (type.has_sign_bit() && compare_values(t.value, -max_value(type)) < 0))
    return failed_step(Step::What::Overflow, t.value.sign() < 0);
  if (compare_values(t.value, min_value(type)) < 0) return failed_step(Step::What::OutsideType);
  return step;
}

// The exact result the account shows: exact_result's, except an integer quotient's, which
// exact_result has already truncated or floored under those readings, or refused for its remainder.
Step shown_exact(const DataType& type, Op op, const Number& x, const Number& operand,
                 const Step& step) {
  const bool quotient = step.what == Step::What::Value || step.what == Step::What::Remainder;
  if (op != Op::Divide || !type.is_integer() || !quotient || operand.value.sign() == 0) return step;
  return value_step(finite(x.value / operand.value));
}

ScaleOffsetResult run(const ScaleOffsetCodec& codec, bool encode, std::uint64_t input,
                      const Readings& readings, std::vector<ScaleOffsetOperationTrace>* trace) {
  const DataType& type = *codec.type;
  input &= type.bit_mask();
  // 1. The operations (an absent operand skips its own), and the input's value.
  std::vector<Operation> operations;
  const auto operation = [&](Op op, const std::optional<std::uint64_t>& bits) {
    if (bits) operations.push_back({op, value_of(type, *bits), *bits});
  };
  if (encode) {
    operation(Op::Subtract, codec.offset);
    operation(Op::Multiply, codec.scale);
  } else {
    operation(Op::Divide, codec.scale);
    operation(Op::Add, codec.offset);
  }
  if (operations.empty()) return ScaleOffsetResult{input};  // the identity

  Number x = value_of(type, input);

  // ScaleOffsetRounding (floats only): the grid each operation's result is placed on, and whether
  // the exact intermediate is kept (round-once).
  const int rounding = type.is_float() ? readings[Flag::ScaleOffsetRounding] : 0;
  const bool once = rounding == kScaleOffsetRoundingOnce;
  static const DataType& float64 = data_type("float64");
  const DataType& grid = rounding == kScaleOffsetRoundingFloat64Intermediate ? float64 : type;

  // 2. Each operation, in order: special operands and the exact result (exact_result), onto the
  // type or float64's grid (placed), non-finite outcomes by ScaleOffsetNonFinite (decide).
  for (std::size_t i = 0; i < operations.size(); ++i) {
    const Operation& o = operations[i];
    const Step exact = exact_result(type, o.op, x, o.operand, readings);
    const bool kept_exact = once && i + 1 < operations.size();
    const Step step = kept_exact ? kept_in_range(type, exact) : placed(grid, exact, readings);
    const Decided decided = decide(type, step, readings);
    if (trace != nullptr)
      trace->push_back(account(type, grid, kept_exact, o.op, o.bits,
                               shown_exact(type, o.op, x, o.operand, exact), step, decided,
                               readings));
    if (!decided.number) return failure(decided.error, o.op);
    x = *decided.number;
  }
  // float64-intermediate: the final float64 value, onto the type.
  if (&grid != &type) {
    const Step step = placed(type, value_step(x), readings);
    const Decided decided = decide(type, step, readings);
    if (trace != nullptr) {
      trace->push_back(account(type, type, false, operations.back().op, operations.back().bits,
                               value_step(x), step, decided, readings));
      trace->back().final_rounding = true;
    }
    if (!decided.number) return failure(decided.error, operations.back().op);
    x = *decided.number;
  }

  // 3. Encoding.
  ScaleOffsetResult result;
  result.bits = pattern(type, x);
  return result;
}

}  // namespace slow_scale_offset
}  // namespace

ScaleOffsetResult scale_offset_encode(const ScaleOffsetCodec& codec, std::uint64_t input,
                                      const Readings& readings) {
  return slow_scale_offset::run(codec, /*encode=*/true, input, readings, nullptr);
}

ScaleOffsetResult scale_offset_decode(const ScaleOffsetCodec& codec, std::uint64_t input,
                                      const Readings& readings) {
  return slow_scale_offset::run(codec, /*encode=*/false, input, readings, nullptr);
}

ScaleOffsetResult traced_scale_offset(const ScaleOffsetCodec& codec, Direction direction,
                                      std::uint64_t input, const Readings& readings,
                                      std::vector<ScaleOffsetOperationTrace>& trace) {
  return slow_scale_offset::run(codec, direction == Direction::Encode, input, readings, &trace);
}

}  // namespace cvc::slow
