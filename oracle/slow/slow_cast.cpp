// The slow oracle's cast: docs/procedure.md steps 1-6, in order, on exact rationals.
#include "oracle/slow/slow_cast.hpp"

#include <optional>
#include <stdexcept>
#include <string>

#include "oracle/rational/rational_value.hpp"

namespace cvc::slow {
namespace {

// The slow oracle computes on the exact rational values of oracle/rational/.
using rational::compare_values;
using rational::Integer;
using rational::max_value;
using rational::min_value;
using rational::pattern_of;
using rational::Rational;
using rational::RationalValue;
using rational::round_to_grid;
using rational::value_of;
using Kind = RationalValue::Kind;

// Step 1: does a scalar_map key match the input?
bool key_matches(const RationalValue& key, std::uint64_t key_bits, const RationalValue& input,
                 std::uint64_t input_bits, const Readings& readings) {
  if (key.kind == Kind::NaN || input.kind == Kind::NaN) {
    if (key.kind != input.kind) return false;
    return readings[Flag::MapNaNPayload] != kMapNaNPayloadIdentical || key_bits == input_bits;
  }
  if (key.kind == Kind::Infinity || input.kind == Kind::Infinity)
    return key.kind == input.kind && key.negative == input.negative;
  if (key.value.sign() == 0 && input.value.sign() == 0)
    return readings[Flag::MapSignedZero] != kMapSignedZeroBitsOnly ||
           key.negative == input.negative;
  return key.value == input.value;
}

// The pattern of +-Infinity in an IEEE type: exponent all ones, mantissa zero.
std::uint64_t infinity_pattern(const DataType& type, bool negative) {
  const std::uint64_t pattern = ((1ull << type.exponent_bits) - 1) << type.mantissa_bits |
                                (negative ? 1ull << (type.bits - 1) : 0);
  const RationalValue check = value_of(type, pattern);
  if (check.kind != Kind::Infinity || check.negative != negative)
    throw std::logic_error(std::string(type.name) + ": no infinity pattern");
  return pattern;
}

std::uint64_t encode(const DataType& type, const Rational& r, bool negative_zero = false) {
  const std::optional<std::uint64_t> bits = pattern_of(type, r, negative_zero);
  if (!bits)
    throw std::logic_error("slow oracle: in-range value not encodable in " +
                           std::string(type.name) + ": " + r.str());
  return *bits;
}

// Does the rounding mode round towards zero for a value of this sign?
bool rounds_towards_zero(Rounding rounding, bool negative) {
  switch (rounding) {
    case Rounding::TowardsZero:
      return true;
    case Rounding::TowardsNegative:
      return !negative;
    case Rounding::TowardsPositive:
      return negative;
    case Rounding::NearestEven:
    case Rounding::NearestAway:
      return false;
  }
  return false;
}

CastResult fail(CastResult result, CastError error) {
  result.error = error;
  result.bits = 0;
  return result;
}

// Step 5, clamp: r above the range gives the maximum (or +Infinity), below it the minimum.
CastResult clamp(CastResult result, const DataType& out, bool above) {
  result.range = RangeAction::Clamped;
  if (out.has_infinity())
    result.bits = infinity_pattern(out, !above);
  else
    result.bits = encode(out, above ? max_value(out) : min_value(out));
  return result;
}

// Step 5, wrap into an integer output: the value in range congruent to r modulo 2^N.
CastResult wrap(CastResult result, const DataType& out, const Rational& r) {
  Integer modulus = 1;
  modulus <<= out.bits;                // 2^N
  Integer v = numerator(r) % modulus;  // in (-2^N, 2^N), the sign of r
  if (v < 0) v += modulus;             // in [0, 2^N)
  if (compare_values(Rational(v), max_value(out)) > 0) v -= modulus;
  result.range = RangeAction::Wrapped;
  result.bits = encode(out, Rational(v));
  return result;
}

// Step 5 for an out-of-range r: the out_of_range rule decides.
CastResult out_of_range_rule(CastResult result, const CastRule& rule, const Readings& readings,
                             const Rational& r, bool above) {
  const DataType& out = *rule.output;
  switch (rule.out_of_range) {
    case OutOfRange::None:
      result.range = RangeAction::Failed;
      return fail(result, CastError::OutOfRange);
    case OutOfRange::Clamp:
      return clamp(result, out, above);
    case OutOfRange::Wrap:
      if (out.is_integer()) return wrap(result, out, r);
      if (readings[Flag::DecodeWrapFloat] == kDecodeWrapFloatClamp)
        return clamp(result, out, above);
      result.range = RangeAction::Failed;
      return fail(result, CastError::WrapUndefined);
  }
  throw std::logic_error("unknown out_of_range rule");
}

// Step 1: the result of the first scalar_map entry whose key matches the input, if any.
std::optional<CastResult> scalar_map_result(const CastRule& rule, const RationalValue& x,
                                            std::uint64_t input_bits, const Readings& readings) {
  const DataType& in = *rule.input;
  for (std::size_t i = 0; i < rule.scalar_map.size(); ++i) {
    const std::uint64_t key_bits = rule.scalar_map[i].input_bits & in.bit_mask();
    if (key_matches(value_of(in, key_bits), key_bits, x, input_bits, readings)) {
      CastResult result;
      result.step = CastStep::ScalarMap;
      result.map_entry = static_cast<int>(i);
      result.bits = rule.scalar_map[i].output_bits;
      return result;
    }
  }
  return std::nullopt;
}

// Step 2: a NaN or infinite input.
CastResult special_value_result(const CastRule& rule, const RationalValue& x,
                                const Readings& readings) {
  const DataType& out = *rule.output;
  CastResult result;
  if (x.kind == Kind::NaN) {
    result.step = CastStep::NaN;
    if (!out.has_nan()) return fail(result, CastError::NaNNotRepresentable);
    if (out.specials != Specials::IEEE && readings[Flag::NaNNonIEEE] == kNaNNonIEEEError)
      return fail(result, CastError::NaNNotRepresentable);
    result.bits = out.canonical_nan();
    return result;
  }
  result.step = CastStep::Infinity;
  if (out.has_infinity()) {
    result.bits = infinity_pattern(out, x.negative);
    return result;
  }
  if (rule.out_of_range == OutOfRange::Clamp && readings[Flag::InfClamp] == kInfClampToMax)
    return clamp(result, out, !x.negative);
  return fail(result, CastError::InfinityNotRepresentable);
}

// Step 3: a zero into a type that has one is exactly representable (its sign kept where the type
// has -0; -0 refused elsewhere only under the alternative of NegZeroNoSign).
CastResult zero_result(CastResult result, const DataType& out, const RationalValue& x,
                       const Readings& readings) {
  if (x.negative && !out.has_negative_zero() &&
      readings[Flag::NegZeroNoSign] == kNegZeroNoSignError)
    return fail(result, CastError::NegativeZeroNotRepresentable);
  result.bits = encode(out, Rational(0), x.negative && out.has_negative_zero());
  return result;
}

// Step 5: the readings that decide first, then the out_of_range rule. Returns the result when r
// (the rounded value of x) is outside the output's range [min, max]; otherwise nothing, with r the
// in-range value to encode (IEEE overflow under DirectedOverflow, or round-up-to-min under
// E8M0Low, may have moved it to an end of the range).
std::optional<CastResult> apply_out_of_range(CastResult result, const CastRule& rule,
                                             const Readings& readings, const Rational& x,
                                             Rational& r) {
  const DataType& out = *rule.output;
  const Rational max = max_value(out);
  const Rational min = min_value(out);
  if (out.is_float() && readings[Flag::DirectedOverflow] == kDirectedOverflowIEEE &&
      rounds_towards_zero(rule.rounding, x.sign() < 0)) {
    // IEEE 754 overflow: beyond the finite range, rounding towards zero gives +-max_finite.
    if (compare_values(x, max) > 0) r = max;
    if (out.has_sign_bit() && compare_values(x, min) < 0) r = min;
  }
  if (out.specials == Specials::UnsignedNoZero && compare_values(r, min) < 0) {
    // e8m0fnu: zero, negative values and values rounded below 2^-127 (E8M0Low).
    const int choice = readings[Flag::E8M0Low];
    if (choice == kE8M0LowNaN) {
      result.range = RangeAction::ToNaN;  // out of range, NaN whatever out_of_range says
      result.bits = out.canonical_nan();
      return result;
    }
    if (choice != kE8M0LowRoundUpToMin || r.sign() <= 0)
      return out_of_range_rule(result, rule, readings, r, /*above=*/false);
    r = min;
  } else if (compare_values(r, max) > 0 || compare_values(r, min) < 0) {
    return out_of_range_rule(result, rule, readings, r, /*above=*/compare_values(r, max) > 0);
  }
  return std::nullopt;
}

}  // namespace

CastResult cast_value(const CastRule& rule, std::uint64_t input_bits, const Readings& readings) {
  const DataType& in = *rule.input;
  const DataType& out = *rule.output;
  input_bits &= in.bit_mask();
  const RationalValue x = value_of(in, input_bits);

  // 1. scalar_map: the first entry whose key matches wins; its output is final.
  if (const std::optional<CastResult> mapped = scalar_map_result(rule, x, input_bits, readings))
    return *mapped;

  // 2. NaN and infinities.
  if (x.kind != Kind::Finite) return special_value_result(rule, x, readings);

  CastResult result;
  Rational r;  // the value to range-check and encode
  bool negative_zero = false;
  if (x.value.sign() == 0) {
    // 3. Zero: exactly representable, except in e8m0fnu (no zero), which goes on to step 5.
    result.step = CastStep::Exact;
    if (out.has_zero()) return zero_result(result, out, x, readings);
  } else {
    // 4. Rounding onto the output grid.
    r = round_to_grid(out, x.value, rule.rounding, readings);
    result.step = r == x.value ? CastStep::Exact : CastStep::Rounded;
    negative_zero = r.sign() == 0 && x.value.sign() < 0 && out.has_negative_zero() &&
                    readings[Flag::RoundedNegativeZero] != kRoundedNegativeZeroPositive;
  }

  // 5. out_of_range.
  if (const std::optional<CastResult> handled =
          apply_out_of_range(result, rule, readings, x.value, r))
    return *handled;

  // 6. Encoding.
  result.bits = encode(out, r, negative_zero);
  return result;
}

}  // namespace cvc::slow
