// Known-bug models: how the value is rounded (docs/bug-models.md, one section each).
#include <bit>
#include <cmath>

#include "oracle/bug_models/model_parts.hpp"

namespace cvc::bug_catalogue {
namespace rounding_models {

bool is_named(const DataType* type, std::string_view name) {
  return type->name == name;
}

}  // namespace rounding_models

// --- ties-away -----------------------------------------------------------------------------------

bool TiesAway::applies(const CastRule& rule) {
  return rule.rounding == Rounding::NearestEven;
}

CastResult TiesAway::cast(const CastRule& rule, std::uint64_t input_bits, const CastResult&) {
  return cast_value(with_rounding(rule, Rounding::NearestAway), input_bits);
}

// --- nearest-away-floor-half ---------------------------------------------------------------------

bool NearestAwayFloorHalf::applies(const CastRule& rule) {
  return rule.rounding == Rounding::NearestAway && rule.input->is_float() &&
         rule.output->is_integer();
}

CastResult NearestAwayFloorHalf::cast(const CastRule& rule, std::uint64_t input_bits,
                                      const CastResult& correct) {
  if (correct.step != CastStep::Rounded && correct.step != CastStep::Exact) return correct;
  // sign(v) * floor(|v| + 0.5), in binary64 arithmetic: the sum is rounded to a double first.
  const double value = std::bit_cast<double>(as_float64(*rule.input, input_bits));
  const double rounded = std::copysign(std::floor(std::fabs(value) + 0.5), value);
  return cast_value(
      plain_rule(float64_type(), *rule.output, Rounding::NearestAway, rule.out_of_range),
      std::bit_cast<std::uint64_t>(rounded));
}

// --- double-rounding-float32 ---------------------------------------------------------------------

bool DoubleRoundingFloat32::applies(const CastRule& rule) {
  return rule.rounding == Rounding::NearestEven && rule.input == &float64_type() &&
         rule.output->is_float() && rule.output->mantissa_bits < float32_type().mantissa_bits;
}

CastResult DoubleRoundingFloat32::cast(const CastRule& rule, std::uint64_t input_bits,
                                       const CastResult& correct) {
  if (correct.step != CastStep::Rounded) return correct;
  const CastResult narrowed = cast_value(
      plain_rule(float64_type(), float32_type(), Rounding::NearestEven, OutOfRange::Clamp),
      input_bits);
  // Beyond float32's range the intermediate is an infinity: out of range either way, and what
  // becomes of it is another bug (clamp-ignored, infinity-instead-of-error).
  if (decode_exact(float32_type(), narrowed.bits).is_infinity()) return correct;
  return cast_value(
      plain_rule(float32_type(), *rule.output, Rounding::NearestEven, rule.out_of_range),
      narrowed.bits);
}

// --- low-word-dropped ----------------------------------------------------------------------------

bool LowWordDropped::applies(const CastRule& rule) {
  using rounding_models::is_named;
  return rule.rounding == Rounding::NearestEven &&
         (rule.input == &float32_type() || rule.input == &float64_type()) &&
         (is_named(rule.output, "float16") || is_named(rule.output, "bfloat16"));
}

CastResult LowWordDropped::cast(const CastRule& rule, std::uint64_t input_bits,
                                const CastResult& correct) {
  if (correct.step != CastStep::Rounded) return correct;
  const std::uint64_t upper_word = as_float64(*rule.input, input_bits) & ~0xffffffffull;
  return cast_value(
      plain_rule(float64_type(), *rule.output, Rounding::NearestEven, rule.out_of_range),
      upper_word);
}

// --- double-rounding-float64 ---------------------------------------------------------------------

bool DoubleRoundingFloat64::applies(const CastRule& rule) {
  return rule.input->is_integer() && rule.input->bits == 64 && rule.output->is_float() &&
         !(rule.output == &float64_type() && rule.rounding == Rounding::NearestEven);
}

CastResult DoubleRoundingFloat64::cast(const CastRule& rule, std::uint64_t input_bits,
                                       const CastResult& correct) {
  if (correct.step == CastStep::ScalarMap) return correct;
  return cast_value(plain_rule(float64_type(), *rule.output, rule.rounding, rule.out_of_range),
                    as_float64(*rule.input, input_bits));
}

// --- int-to-float-nearest-even -------------------------------------------------------------------

bool IntToFloatNearestEven::applies(const CastRule& rule) {
  return rule.input->is_integer() && rule.output->is_float() &&
         rule.rounding != Rounding::NearestEven;
}

CastResult IntToFloatNearestEven::cast(const CastRule& rule, std::uint64_t input_bits,
                                       const CastResult&) {
  return cast_value(with_rounding(rule, Rounding::NearestEven), input_bits);
}

// --- directed-as-nearest-without-infinity --------------------------------------------------------

bool DirectedAsNearestWithoutInfinity::applies(const CastRule& rule) {
  return rule.rounding != Rounding::NearestEven &&
         (rule.output->specials == Specials::FiniteNaNAtNegZero ||
          rule.output->specials == Specials::UnsignedNoZero) &&
         rule.output->is_float();
}

CastResult DirectedAsNearestWithoutInfinity::cast(const CastRule& rule, std::uint64_t input_bits,
                                                  const CastResult&) {
  return cast_value(with_rounding(rule, Rounding::NearestEven), input_bits);
}

// --- float-to-int-truncates ----------------------------------------------------------------------

bool FloatToIntTruncates::applies(const CastRule& rule) {
  return rule.input->is_float() && rule.output->is_integer() &&
         rule.rounding != Rounding::TowardsZero;
}

CastResult FloatToIntTruncates::cast(const CastRule& rule, std::uint64_t input_bits,
                                     const CastResult&) {
  return cast_value(with_rounding(rule, Rounding::TowardsZero), input_bits);
}

// --- directed-on-magnitude -----------------------------------------------------------------------

bool DirectedOnMagnitude::applies(const CastRule& rule) {
  return (rule.rounding == Rounding::TowardsPositive ||
          rule.rounding == Rounding::TowardsNegative) &&
         rule.input->is_signed();
}

CastResult DirectedOnMagnitude::cast(const CastRule& rule, std::uint64_t input_bits,
                                     const CastResult& correct) {
  if (correct.step != CastStep::Rounded) return correct;
  if (!decode_exact(*rule.input, input_bits).negative) return correct;
  // For a negative value, rounding the magnitude up is rounding towards negative infinity, and
  // rounding it down is rounding towards zero.
  return cast_value(
      with_rounding(rule, rule.rounding == Rounding::TowardsPositive ? Rounding::TowardsNegative
                                                                     : Rounding::TowardsZero),
      input_bits);
}

// --- sub-byte-int-as-float -----------------------------------------------------------------------

bool SubByteIntAsFloat::applies(const CastRule& rule) {
  return rule.output->is_integer() && rule.output->bits < 8;
}

CastResult SubByteIntAsFloat::cast(const CastRule& rule, std::uint64_t input_bits,
                                   const CastResult& correct) {
  if (correct.step == CastStep::ScalarMap) return correct;
  const ExactValue x = decode_exact(*rule.input, input_bits);
  if (x.kind != ExactValue::Kind::Finite) return answer(correct, 0);  // NaN, +-Infinity: 0
  // A float is truncated through a 32-bit integer: from 2^31 on, the low bits are those of the
  // integer indefinite 0x80000000, all zero.
  if (rule.input->is_float() && !x.is_zero() &&
      compare_magnitude(x.significand, x.exponent, 1, 31) >= 0)
    return answer(correct, 0);
  // Then the low bits are kept: truncation, and the congruence modulo 2^N, whatever the rule.
  return cast_value(plain_rule(*rule.input, *rule.output, Rounding::TowardsZero, OutOfRange::Wrap),
                    input_bits);
}

}  // namespace cvc::bug_catalogue
