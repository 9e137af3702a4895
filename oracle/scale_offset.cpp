// The fast oracle's scale_offset (oracle/scale_offset.hpp; docs/procedure.md, "scale_offset"), on
// native integers only. A finite value is (significand + sticky) * 2^exponent with a 128-bit
// significand: every exact sum, product and quotient of two values of the 26 types is either held
// exactly or with at least 61 significant bits and a sticky bit for whatever nonzero was dropped
// below them, which is all that rounding to at most 53 bits needs.
#include "oracle/scale_offset.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <optional>
#include <stdexcept>

#include "oracle/exact_value.hpp"
#include "oracle/grid_rounding.hpp"

namespace cvc {

std::string_view scale_offset_operation_name(ScaleOffsetOperation operation) {
  switch (operation) {
    case ScaleOffsetOperation::Subtract:
      return "subtract";
    case ScaleOffsetOperation::Multiply:
      return "multiply";
    case ScaleOffsetOperation::Divide:
      return "divide";
    case ScaleOffsetOperation::Add:
      return "add";
  }
  throw std::invalid_argument("unknown scale_offset operation");
}

std::string_view scale_offset_error_name(ScaleOffsetError error) {
  switch (error) {
    case ScaleOffsetError::None:
      return "none";
    case ScaleOffsetError::NotRepresentable:
      return "not_representable";
    case ScaleOffsetError::InvalidOperation:
      return "invalid_operation";
    case ScaleOffsetError::InexactDivision:
      return "inexact_division";
  }
  throw std::invalid_argument("unknown scale_offset error");
}

// Internal names live in their own namespace: the unity build puts the oracle's files in one
// translation unit, where every file's anonymous namespace is the same one.
namespace {
namespace fast_scale_offset {

__extension__ using Wide = unsigned __int128;  // GCC and Clang; -Wpedantic asks for the marker
using Kind = ExactValue::Kind;

// A value in the computation. Finite: |value| = (significand + f) * 2^exponent with f = 0 when
// !sticky and 0 < f < 1 when sticky; a sticky value has at least 61 significant bits.
struct Value {
  Kind kind = Kind::Finite;
  bool negative = false;  // for zeros: the IEEE 754 sign of the zero
  Wide significand = 0;
  int exponent = 0;
  bool sticky = false;

  bool is_finite() const { return kind == Kind::Finite; }
  bool is_zero() const { return is_finite() && significand == 0 && !sticky; }
};

int bit_width(Wide x) {
  const auto high = static_cast<std::uint64_t>(x >> 64);
  return high != 0 ? 64 + std::bit_width(high) : std::bit_width(static_cast<std::uint64_t>(x));
}

// The exponent of the leading bit of a nonzero finite value.
int leading_exponent(const Value& v) {
  return v.exponent + bit_width(v.significand) - 1;
}

Value of_exact(const ExactValue& x) {
  Value v;
  v.kind = x.kind;
  v.negative = x.negative;
  if (x.is_finite()) {
    v.significand = x.significand;
    v.exponent = x.exponent;
  }
  return v;
}

Value special(Kind kind, bool negative = false) {
  Value v;
  v.kind = kind;
  v.negative = negative;
  return v;
}

Value zero(bool negative) {
  Value v;
  v.negative = negative;
  return v;
}

// What an operation gives before its result is placed onto a type: a value, or one of the events
// the readings decide (ScaleOffsetNonFinite, ScaleOffsetIntegerDivision).
enum class Event : std::uint8_t {
  None,
  Overflow,          // beyond the largest finite value; `negative` is the sign of the overflow
  DivisionByZero,    // x / 0 with x != 0 (IEEE 754: +-Infinity); `negative` is its sign
  Invalid,           // no number: Infinity - Infinity, 0 * Infinity, 0 / 0, Infinity / Infinity
  NotRepresentable,  // outside an integer type's range; e8m0fnu's zero, negatives, below 2^-127
  InexactDivision,   // an integer quotient with a remainder (default of ScaleOffsetIntegerDivision)
};

struct Outcome {
  Value value;
  Event event = Event::None;
};

Outcome event(Event kind, bool negative = false) {
  Outcome outcome;
  outcome.event = kind;
  outcome.value.negative = negative;
  return outcome;
}

Outcome of_value(const Value& v) {
  return Outcome{v, Event::None};
}

// ---- The exact result of one operation on two finite values
// --------------------------------------

// a + b, or a - b when `subtract` (neither sticky). Exact whenever the aligned operands fit in 126
// bits; otherwise the smaller one lies more than 125 bits below the leading bit of the larger and
// only its sticky bit survives (so the result keeps at least 124 significant bits).
Value add_exact(const Value& a, Value b, bool subtract) {
  b.negative = b.negative != subtract;
  if (a.is_zero() && b.is_zero()) return zero(a.negative && b.negative);  // IEEE: -0 + -0 = -0
  if (a.is_zero()) return b;
  if (b.is_zero()) return a;
  const bool a_larger = leading_exponent(a) >= leading_exponent(b);
  const Value& x = a_larger ? a : b;  // the larger leading bit
  const Value& y = a_larger ? b : a;
  const int low = std::min(x.exponent, y.exponent);
  Value result;
  if (leading_exponent(x) - low <= 125) {
    const Wide xs = x.significand << (x.exponent - low);
    const Wide ys = y.significand << (y.exponent - low);
    result.exponent = low;
    if (x.negative == y.negative) {
      result.significand = xs + ys;
      result.negative = x.negative;
    } else {
      result.significand = xs >= ys ? xs - ys : ys - xs;
      result.negative = xs >= ys ? x.negative : y.negative;
      if (result.significand == 0) result.negative = false;  // IEEE: x - x = +0
    }
    return result;
  }
  result.exponent = leading_exponent(x) - 125;
  const Wide xs = x.significand << (x.exponent - result.exponent);
  const int shift = result.exponent - y.exponent;  // > 0
  const Wide ys = shift >= 128 ? 0 : y.significand >> shift;
  const bool dropped = shift >= 128 || (y.significand & ((Wide{1} << shift) - 1)) != 0;
  result.negative = x.negative;
  result.sticky = dropped;
  // The same signs add; opposite signs subtract, and a dropped remainder borrows one unit.
  result.significand = x.negative == y.negative ? xs + ys : xs - ys - (dropped ? 1 : 0);
  return result;
}

// a * b (neither sticky, each significand at most 64 bits): exact.
Value multiply_exact(const Value& a, const Value& b) {
  Value result;
  result.negative = a.negative != b.negative;
  result.significand = a.significand * b.significand;
  result.exponent = result.significand == 0 ? 0 : a.exponent + b.exponent;
  return result;
}

// a / b for b != 0 (b not sticky, at most 64 bits): the quotient to at least 61 bits, with the
// remainder (or a's own sticky bit) as the sticky bit. An exact a is first widened to 128 bits.
Value divide_exact(Value a, const Value& b) {
  Value result;
  result.negative = a.negative != b.negative;
  if (a.significand == 0 && !a.sticky) return result;
  if (!a.sticky) {
    const int widen = 128 - bit_width(a.significand);
    a.significand <<= widen;
    a.exponent -= widen;
  }
  result.significand = a.significand / b.significand;
  result.exponent = a.exponent - b.exponent;
  result.sticky = a.sticky || a.significand % b.significand != 0;
  return result;
}

// The magnitudes compared: |a| against |b| (b not sticky). A sticky a has enough bits that it
// lies strictly between two neighbours on b's grid, so only a tie with its kept part is decided
// by the sticky bit.
int compare(const Value& a, const Value& b) {
  if (a.is_zero() || b.is_zero()) return (a.is_zero() ? 0 : 1) - (b.is_zero() ? 0 : 1);
  const int a_lead = leading_exponent(a);
  const int b_lead = leading_exponent(b);
  if (a_lead != b_lead) return a_lead < b_lead ? -1 : 1;
  const int low = std::min(a.exponent, b.exponent);  // same leading bit: both fit when aligned
  const Wide as = a.significand << (a.exponent - low);
  const Wide bs = b.significand << (b.exponent - low);
  if (as != bs) return as < bs ? -1 : 1;
  return a.sticky ? 1 : 0;
}

// ---- Integer types: exact, and the division readings
// ----------------------------------------------

// An integer quotient: exact, or the reading's rounded quotient, or the InexactDivision event.
Outcome integer_divide(const Value& a, const Value& b, const Readings& readings) {
  const bool negative = a.negative != b.negative;
  Value q;
  q.negative = negative;
  q.significand = a.significand / b.significand;
  if (a.significand % b.significand != 0) {
    const int choice = readings[Flag::ScaleOffsetIntegerDivision];
    if (choice == kScaleOffsetIntegerDivisionTruncate) {
      // towards zero: the quotient computed above
    } else if (choice == kScaleOffsetIntegerDivisionFloor) {
      if (negative) q.significand += 1;  // a negative quotient moves down, away from zero
    } else {
      return event(Event::InexactDivision);
    }
  }
  if (q.significand == 0) q.negative = false;
  return of_value(q);
}

// ---- Operations with a NaN or infinite operand (IEEE 754)
// -----------------------------------------

Outcome special_operation(ScaleOffsetOperation operation, const Value& a, const Value& b) {
  if (a.kind == Kind::NaN || b.kind == Kind::NaN) return of_value(special(Kind::NaN));
  const bool a_inf = a.kind == Kind::Infinity;
  const bool b_inf = b.kind == Kind::Infinity;
  const bool product_sign = a.negative != b.negative;
  switch (operation) {
    case ScaleOffsetOperation::Subtract:
    case ScaleOffsetOperation::Add: {
      const bool b_sign = b.negative != (operation == ScaleOffsetOperation::Subtract);
      if (a_inf && b_inf && a.negative != b_sign) return event(Event::Invalid);  // Inf - Inf
      return of_value(special(Kind::Infinity, a_inf ? a.negative : b_sign));
    }
    case ScaleOffsetOperation::Multiply:
      if (a.is_zero() || b.is_zero()) return event(Event::Invalid);  // 0 * Infinity
      return of_value(special(Kind::Infinity, product_sign));
    case ScaleOffsetOperation::Divide:
      if (a_inf && b_inf) return event(Event::Invalid);
      if (b_inf) return of_value(zero(product_sign));  // finite / Infinity
      if (b.is_zero()) return event(Event::DivisionByZero, product_sign);
      return of_value(special(Kind::Infinity, product_sign));
  }
  throw std::invalid_argument("unknown scale_offset operation");
}

// ---- One operation: its exact result -----------------------------------------------------------

Outcome exact_operation(const DataType& type, ScaleOffsetOperation operation, const Value& a,
                        const Value& b, const Readings& readings) {
  if (!a.is_finite() || !b.is_finite()) return special_operation(operation, a, b);
  switch (operation) {
    case ScaleOffsetOperation::Subtract:
      return of_value(add_exact(a, b, /*subtract=*/true));
    case ScaleOffsetOperation::Add:
      return of_value(add_exact(a, b, /*subtract=*/false));
    case ScaleOffsetOperation::Multiply:
      return of_value(multiply_exact(a, b));
    case ScaleOffsetOperation::Divide:
      if (b.is_zero())
        return a.is_zero() ? event(Event::Invalid)  // 0 / 0
                           : event(Event::DivisionByZero, a.negative != b.negative);
      if (type.is_integer()) return integer_divide(a, b, readings);
      return of_value(divide_exact(a, b));
  }
  throw std::invalid_argument("unknown scale_offset operation");
}

// ---- Onto a type ------------------------------------------------------------------------------

// The value as the cast oracle's 64-bit exact value: the top 63 bits and, below them, one bit that
// is set when anything nonzero lies further down. Rounding to at most 53 bits (or onto a coarser
// subnormal quantum) drops that bit and at least eight above it, so the result is the same.
ExactValue narrowed(const Value& v) {
  ExactValue x;
  x.negative = v.negative;
  const int width = bit_width(v.significand);
  if (width <= 63) {
    x.significand = static_cast<std::uint64_t>(v.significand << 1) | (v.sticky ? 1 : 0);
    x.exponent = v.exponent - 1;
    return x;
  }
  const int shift = width - 63;
  const bool below = v.sticky || (v.significand & ((Wide{1} << shift) - 1)) != 0;
  x.significand = static_cast<std::uint64_t>(v.significand >> shift) << 1 | (below ? 1 : 0);
  x.exponent = v.exponent + shift - 1;
  return x;
}

// An integer type: the exact integer, if it is in range.
Outcome onto_integer(const DataType& type, const Value& v) {
  if (v.significand == 0) return of_value(zero(false));
  const Wide largest = v.negative ? type.integer_min_magnitude() : type.integer_max_magnitude();
  if (v.sticky || v.exponent != 0 || v.significand > largest) return event(Event::NotRepresentable);
  return of_value(v);
}

// A float type: round to nearest, ties to even (procedure step 4), then the range: beyond the
// largest finite value is an overflow; e8m0fnu has no zero, no negatives, nothing below 2^-127.
Outcome onto_float(const DataType& type, const Value& v, const Readings& readings) {
  const bool no_zero = !type.has_zero();
  if (v.is_zero()) {
    if (no_zero) return event(Event::NotRepresentable);
    return of_value(zero(v.negative && type.has_negative_zero()));
  }
  if (v.negative && !type.has_sign_bit()) return event(Event::NotRepresentable);
  bool inexact = false;
  const grid::Magnitude r =
      grid::round_to_grid(type, narrowed(v), Rounding::NearestEven, readings, inexact);
  Value rounded;
  rounded.negative = v.negative && type.has_negative_zero();  // an underflow to zero keeps its sign
  if (r.significand == 0) return of_value(rounded);
  rounded.negative = v.negative;
  if (grid::beyond_largest(type, v.negative, r)) return event(Event::Overflow, v.negative);
  if (no_zero && grid::leading_exponent(r) < type.min_exponent())
    return event(Event::NotRepresentable);
  rounded.significand = r.significand;
  rounded.exponent = r.exponent;
  return of_value(rounded);
}

// An exact result placed onto `grid_type` (the type itself, or float64 under the
// float64-intermediate reading). Non-finite values are already values of the type.
Outcome onto(const DataType& grid_type, const Outcome& exact, const Readings& readings) {
  if (exact.event != Event::None || !exact.value.is_finite()) return exact;
  if (grid_type.is_integer()) return onto_integer(grid_type, exact.value);
  return onto_float(grid_type, exact.value, readings);
}

// ScaleOffsetNonFinite: what an event becomes in `type` (the array's type, whatever grid the
// operation was rounded on). Default: an error. ieee: the IEEE 754 result where the type has it.
struct Resolved {
  Value value;
  ScaleOffsetError error = ScaleOffsetError::None;
};

Resolved resolve(const DataType& type, const Outcome& outcome, const Readings& readings) {
  const bool ieee = readings[Flag::ScaleOffsetNonFinite] == kScaleOffsetNonFiniteIEEE;
  switch (outcome.event) {
    case Event::None:
      return {outcome.value};
    case Event::Overflow:
    case Event::DivisionByZero: {
      const ScaleOffsetError fails = outcome.event == Event::Overflow
                                         ? ScaleOffsetError::NotRepresentable
                                         : ScaleOffsetError::InvalidOperation;
      if (ieee && type.has_infinity()) return {special(Kind::Infinity, outcome.value.negative)};
      if (ieee && type.has_nan()) return {special(Kind::NaN)};
      return {{}, fails};
    }
    case Event::Invalid:
      if (ieee && type.has_nan()) return {special(Kind::NaN)};
      return {{}, ScaleOffsetError::InvalidOperation};
    case Event::NotRepresentable:
      return {{}, ScaleOffsetError::NotRepresentable};
    case Event::InexactDivision:
      return {{}, ScaleOffsetError::InexactDivision};
  }
  throw std::invalid_argument("unknown scale_offset event");
}

// The pattern of a value placed onto the type.
std::uint64_t encoded(const DataType& type, const Value& v) {
  if (v.kind == Kind::NaN) return type.canonical_nan();
  if (v.kind == Kind::Infinity) return type.infinity_bits(v.negative);
  const grid::Magnitude m{static_cast<std::uint64_t>(v.significand), v.exponent};
  return grid::encode_bits(type, v.negative, m);
}

// ---- The procedure ----------------------------------------------------------------------------

struct Operation {
  ScaleOffsetOperation operation;
  Value operand;
};

struct Plan {
  std::array<Operation, 2> operations;
  int count = 0;
};

Plan plan_of(const ScaleOffsetCodec& codec, Direction direction) {
  const DataType& type = *codec.type;
  Plan plan;
  const auto add = [&](ScaleOffsetOperation operation, const std::optional<std::uint64_t>& bits) {
    if (bits) plan.operations[plan.count++] = {operation, of_exact(decode_exact(type, *bits))};
  };
  if (direction == Direction::Encode) {
    add(ScaleOffsetOperation::Subtract, codec.offset);
    add(ScaleOffsetOperation::Multiply, codec.scale);
  } else {
    add(ScaleOffsetOperation::Divide, codec.scale);
    add(ScaleOffsetOperation::Add, codec.offset);
  }
  return plan;
}

ScaleOffsetResult failure(ScaleOffsetError error, ScaleOffsetOperation operation) {
  ScaleOffsetResult result;
  result.error = error;
  result.operation = operation;
  return result;
}

ScaleOffsetResult success(const DataType& type, const Value& v) {
  ScaleOffsetResult result;
  result.bits = encoded(type, v);
  return result;
}

// ScaleOffsetRounding round-once, for two operations whose first has finite operands (and a
// nonzero divisor): the exact result of both, rounded once. The exact intermediate is still
// checked against the type's range. Encode: (in - offset) * scale = in * scale - offset * scale,
// the difference of two exact products. Decode: in / scale + offset = (in + offset * scale) /
// scale. Nothing (the default procedure, which is then exact) when the first operation's operands
// are not finite numbers.
std::optional<ScaleOffsetResult> round_once(const DataType& type, Direction direction,
                                            const Value& in, const Plan& plan,
                                            const Readings& readings) {
  const Value& first = plan.operations[0].operand;
  const Value& second = plan.operations[1].operand;
  const ScaleOffsetOperation first_op = plan.operations[0].operation;
  const ScaleOffsetOperation second_op = plan.operations[1].operation;
  if (!in.is_finite() || !first.is_finite()) return std::nullopt;
  if (direction == Direction::Decode && first.is_zero()) return std::nullopt;  // x / 0

  // The exact intermediate (its sign and zero, for decode) and where it lies.
  const Value largest = of_exact(decode_exact(type, type.max_finite_bits()));
  const Value smallest = of_exact(decode_exact(type, type.min_finite_bits()));  // e8m0: 2^-127
  Value intermediate;
  bool beyond = false, below = false;
  if (direction == Direction::Encode) {
    intermediate = add_exact(in, first, /*subtract=*/true);
    beyond = compare(intermediate, largest) > 0;
    below = !type.has_zero() && (intermediate.is_zero() || intermediate.negative ||
                                 compare(intermediate, smallest) < 0);
  } else {
    intermediate = divide_exact(in, first);
    beyond = compare(in, multiply_exact(largest, first)) > 0;
    below = !type.has_zero() && compare(in, multiply_exact(smallest, first)) < 0;  // in, scale > 0
  }
  if (below) return failure(ScaleOffsetError::NotRepresentable, first_op);
  if (beyond || !second.is_finite()) {
    // An overflowing intermediate (ScaleOffsetNonFinite decides) or a non-finite second operand:
    // the second operation is one on a NaN or an infinity, exact.
    Value t = intermediate;
    if (beyond) {
      const Resolved resolved = resolve(type, event(Event::Overflow, t.negative), readings);
      if (resolved.error != ScaleOffsetError::None) return failure(resolved.error, first_op);
      t = resolved.value;
    }
    const Resolved last = resolve(type, special_operation(second_op, t, second), readings);
    if (last.error != ScaleOffsetError::None) return failure(last.error, second_op);
    return success(type, last.value);
  }

  Value exact;
  if (direction == Direction::Encode) {
    exact = add_exact(multiply_exact(in, second), multiply_exact(first, second), true);
    if (exact.is_zero()) exact.negative = intermediate.negative != second.negative;  // t * scale
  } else {
    exact = divide_exact(add_exact(in, multiply_exact(second, first), false), first);
    if (exact.is_zero())  // t + offset: -0 only for -0 + -0
      exact.negative =
          intermediate.is_zero() && intermediate.negative && second.is_zero() && second.negative;
  }
  const Resolved last = resolve(type, onto(type, of_value(exact), readings), readings);
  if (last.error != ScaleOffsetError::None) return failure(last.error, second_op);
  return success(type, last.value);
}

ScaleOffsetResult run(const ScaleOffsetCodec& codec, Direction direction, std::uint64_t input,
                      const Readings& readings) {
  const DataType& type = *codec.type;
  input &= type.bit_mask();
  // 1. The operations (an absent operand skips its own), and the input as a value of the type.
  const Plan plan = plan_of(codec, direction);
  if (plan.count == 0) return ScaleOffsetResult{input};  // both absent: the identity

  Value value = of_exact(decode_exact(type, input));

  // The rounding reading (floats only): round-once rounds the exact result of both operations;
  // float64-intermediate rounds each operation onto float64 and the final value onto the type.
  const int rounding = type.is_float() ? readings[Flag::ScaleOffsetRounding] : 0;
  if (rounding == kScaleOffsetRoundingOnce && plan.count == 2) {
    if (const auto once = round_once(type, direction, value, plan, readings)) return *once;
  }
  static const DataType& float64 = data_type("float64");
  const DataType& grid_type = rounding == kScaleOffsetRoundingFloat64Intermediate ? float64 : type;

  // 2. Each operation, in order: special operands and the exact result (exact_operation), onto
  // the type or float64's grid (onto), non-finite outcomes by ScaleOffsetNonFinite (resolve).
  for (int i = 0; i < plan.count; ++i) {
    const Operation& op = plan.operations[i];
    const Outcome exact = exact_operation(type, op.operation, value, op.operand, readings);
    const Resolved resolved = resolve(type, onto(grid_type, exact, readings), readings);
    if (resolved.error != ScaleOffsetError::None) return failure(resolved.error, op.operation);
    value = resolved.value;
  }
  // float64-intermediate: the final value, onto the type.
  if (&grid_type != &type) {
    const Resolved resolved = resolve(type, onto(type, of_value(value), readings), readings);
    if (resolved.error != ScaleOffsetError::None)
      return failure(resolved.error, plan.operations[plan.count - 1].operation);
    value = resolved.value;
  }

  // 3. Encoding.
  return success(type, value);
}

}  // namespace fast_scale_offset
}  // namespace

ScaleOffsetResult scale_offset_encode(const ScaleOffsetCodec& codec, std::uint64_t input,
                                      const Readings& readings) {
  return fast_scale_offset::run(codec, Direction::Encode, input, readings);
}

ScaleOffsetResult scale_offset_decode(const ScaleOffsetCodec& codec, std::uint64_t input,
                                      const Readings& readings) {
  return fast_scale_offset::run(codec, Direction::Decode, input, readings);
}

}  // namespace cvc
