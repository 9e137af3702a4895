// Known-bug models: how the value is rounded (docs/bug-models.md, one section each).
#include <bit>
#include <cmath>

#include "harness/bug_models/model_parts.hpp"

namespace cvc::bug_catalogue {
namespace rounding_models {

bool is_named(const DataType* type, std::string_view name) {
  return type->name == name;
}

// Is the rule nearest-away and the input a true tie, where its result (`correct`) differs from
// nearest-even's? An implementation that rounds to nearest-even and then corrects true ties away
// from zero answers correctly there.
bool nearest_away_tie(const CastRule& rule, std::uint64_t input_bits, const CastResult& correct) {
  return rule.rounding == Rounding::NearestAway &&
         !same_answer(*rule.output, correct,
                      cast_value(with_rounding(rule, Rounding::NearestEven), input_bits));
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

// An integer input goes through float32 too (ml_dtypes' conversion of an integer into its float
// types), where it has more significant bits than float32 holds; only nearest-even is left as it
// is (cast-value's correction step repairs nearest-away there).
bool DoubleRoundingFloat32::applies(const CastRule& rule) {
  const bool narrow_output =
      rule.output->is_float() && rule.output->mantissa_bits < float32_type().mantissa_bits;
  const bool wide_integer = rule.input->is_integer() &&
                            rule.input->bits > float32_type().mantissa_bits + 1 &&
                            rule.rounding == Rounding::NearestEven;
  return narrow_output && (wide_integer || (rule.input == &float64_type() &&
                                            (rule.rounding == Rounding::NearestEven ||
                                             rule.rounding == Rounding::NearestAway)));
}

CastResult DoubleRoundingFloat32::cast(const CastRule& rule, std::uint64_t input_bits,
                                       const CastResult& correct) {
  if (correct.step != CastStep::Rounded) return correct;
  // nearest-away is the nearest-even result corrected on true ties only (where the two modes
  // differ); elsewhere it is the same double rounding.
  if (rounding_models::nearest_away_tie(rule, input_bits, correct)) return correct;
  const CastResult narrowed =
      cast_value(plain_rule(*rule.input, float32_type(), Rounding::NearestEven, OutOfRange::Clamp),
                 input_bits);
  // Beyond float32's range the intermediate is an infinity: out of range either way, and what
  // becomes of it is another bug (clamp-ignored, infinity-instead-of-error).
  if (decode_exact(float32_type(), narrowed.bits).is_infinity()) return correct;
  return cast_value(
      plain_rule(float32_type(), *rule.output, Rounding::NearestEven, rule.out_of_range),
      narrowed.bits);
}

CastResult ml_dtypes_nearest(const CastRule& rule, std::uint64_t input_bits) {
  const CastRule nearest =
      with_out_of_range(with_rounding(rule, Rounding::NearestEven), OutOfRange::None);
  const CastResult direct = cast_value(nearest, input_bits);
  if (!DoubleRoundingFloat32::applies(nearest)) return direct;
  return DoubleRoundingFloat32::cast(nearest, input_bits, direct);
}

// --- low-word-dropped ----------------------------------------------------------------------------

bool LowWordDropped::applies(const CastRule& rule) {
  using rounding_models::is_named;
  return (rule.rounding == Rounding::NearestEven || rule.rounding == Rounding::NearestAway) &&
         (rule.input == &float32_type() || rule.input == &float64_type()) &&
         (is_named(rule.output, "float16") || is_named(rule.output, "bfloat16"));
}

CastResult LowWordDropped::cast(const CastRule& rule, std::uint64_t input_bits,
                                const CastResult& correct) {
  if (correct.step != CastStep::Rounded) return correct;
  // nearest-away: zarrs corrects the nearest-even conversion on true ties of the whole input
  // (adjust_float_rounding), so only a value off a tie keeps the truncated word's rounding.
  if (rounding_models::nearest_away_tie(rule, input_bits, correct)) return correct;
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
                                       const CastResult& correct) {
  if (correct.step == CastStep::ScalarMap) return correct;
  // The store is the language's conversion to the end: beyond the float's range it gives
  // +-Infinity (what clamp gives under nearest-even), whatever out_of_range says, absent or wrap;
  // and a 64-bit integer (a BigInt) reaches it as Number(v), already rounded to float64.
  // (Into a type without infinities there is no such store: out_of_range is kept.)
  const OutOfRange overflow = rule.output->has_infinity() ? OutOfRange::Clamp : rule.out_of_range;
  const bool big_int = rule.input->bits == 64;
  return cast_value(plain_rule(big_int ? float64_type() : *rule.input, *rule.output,
                               Rounding::NearestEven, overflow),
                    big_int ? as_float64(*rule.input, input_bits) : input_bits);
}

// --- directed-as-nearest-without-infinity --------------------------------------------------------

bool DirectedAsNearestWithoutInfinity::applies(const CastRule& rule) {
  return rule.rounding != Rounding::NearestEven &&
         (rule.output->specials == Specials::FiniteNaNAtNegZero ||
          rule.output->specials == Specials::UnsignedNoZero) &&
         rule.output->is_float();
}

CastResult DirectedAsNearestWithoutInfinity::cast(const CastRule& rule, std::uint64_t input_bits,
                                                  const CastResult& correct) {
  // The nearest-even result is the conversion's own (through float32 from a float64 or a wide
  // integer), and where it overflows although the mode's own result is in range, the
  // conversion's overflow result, the NaN of these types, whatever out_of_range says (61440
  // towards-zero into float8_e5m2fnuz is 57344). Beyond the range the oracle's nearest-even
  // verdict stands: what the implementation does there is another bug (clamp-gives-nan,
  // small-float-range-unchecked).
  const CastResult nearest = ml_dtypes_nearest(rule, input_bits);
  if (nearest.error != CastError::OutOfRange) return nearest;
  if (!correct.ok() || correct.range == RangeAction::Clamped)
    return cast_value(with_rounding(rule, Rounding::NearestEven), input_bits);
  return answer(nearest, rule.output->canonical_nan());
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

namespace rounding_models {

// A value of `type` (a float type, or float64) nearest `value`, as a double (nearest-even).
double in_type(const DataType& type, double value) {
  if (&type == &float64_type()) return value;
  const CastResult rounded =
      cast_value(plain_rule(float64_type(), type, Rounding::NearestEven, OutOfRange::Clamp),
                 std::bit_cast<std::uint64_t>(value));
  return std::bit_cast<double>(as_float64(type, rounded.bits));
}

// cast-value's correction for a mode other than nearest-even (_cast_float), on the sub-byte
// integer `v` the conversion gave for the input value `source` (in `wide`, the input type, or
// float64 for integer inputs): the other candidate is nextafter(v, int2(+-inf) = 0), which numpy
// computes in float16; when the mode prefers it, it is stored back, truncated: v - sign(v).
std::int64_t corrected(Rounding rounding, const DataType& wide, std::int64_t v, double source) {
  if (v == 0) return v;  // nextafter(0, 0) is 0: nothing to prefer
  const double magnitude = static_cast<double>(v < 0 ? -v : v);
  const int exponent = std::ilogb(magnitude);
  const double step =
      std::ldexp(1.0, exponent - (magnitude == std::ldexp(1.0, exponent) ? 11 : 10));
  const double other = std::copysign(magnitude - step, static_cast<double>(v));  // float16
  const double near_wide = in_type(wide, static_cast<double>(v));
  const double other_wide = in_type(wide, other);
  bool use_other = false;
  switch (rounding) {
    case Rounding::TowardsZero:
      use_other = std::fabs(other_wide) < std::fabs(near_wide);
      break;
    case Rounding::TowardsPositive:
      use_other = other_wide > near_wide;
      break;
    case Rounding::TowardsNegative:
      use_other = other_wide < near_wide;
      break;
    case Rounding::NearestAway: {
      const double near_distance = in_type(wide, std::fabs(near_wide - source));
      const double other_distance = in_type(wide, std::fabs(other_wide - source));
      use_other = other_distance < near_distance ||
                  (other_distance == near_distance && std::fabs(other_wide) > std::fabs(near_wide));
      break;
    }
    case Rounding::NearestEven:
      break;
  }
  return use_other ? (v < 0 ? v + 1 : v - 1) : v;
}

// Is a finite value beyond int32's range: above 2^31 - 1 or below -2^31?
bool beyond_int32(const ExactValue& x) {
  if (x.is_zero()) return false;
  return x.negative ? compare_magnitude(x.significand, x.exponent, 1, 31) > 0
                    : compare_magnitude(x.significand, x.exponent, (1ull << 31) - 1, 0) > 0;
}

}  // namespace rounding_models

bool SubByteIntAsFloat::applies(const CastRule& rule) {
  return rule.output->is_integer() && rule.output->bits < 8;
}

CastResult SubByteIntAsFloat::cast(const CastRule& rule, std::uint64_t input_bits,
                                   const CastResult& correct) {
  using rounding_models::is_named;
  if (correct.step == CastStep::ScalarMap) return correct;
  const DataType& in = *rule.input;
  const DataType& out = *rule.output;
  const ExactValue x = decode_exact(in, input_bits);
  // ml_dtypes converts the 8-bit IEEE floats through int64 (+Infinity: all ones), the others
  // through int32: 0 beyond int32's range (above 2^31 - 1, below -2^31) and for the infinities;
  // NaN gives 0. From bfloat16 and float8_e8m0fnu that conversion raises NumPy's invalid flag
  // there (and for NaN), which cast-value turns into an error; from float32, at 2^31 alone.
  const bool through_int64 = in.is_float() && in.specials == Specials::IEEE && in.bits == 8;
  const bool flagged = is_named(&in, "bfloat16") || is_named(&in, "float8_e8m0fnu");
  if (x.is_nan()) return flagged ? refused(correct) : answer(correct, 0);
  if (x.is_infinity()) {
    if (flagged) return refused(correct);
    return answer(correct, through_int64 && !x.negative ? out.bit_mask() : 0);
  }
  if (in.is_float() && !through_int64 && rounding_models::beyond_int32(x)) {
    const bool float32_bound = &in == &float32_type() && !x.negative &&
                               compare_magnitude(x.significand, x.exponent, 1, 31) == 0;
    return flagged || float32_bound ? refused(correct) : answer(correct, 0);
  }
  // Truncated, then the low bits kept, whatever out_of_range says.
  const std::uint64_t converted =
      cast_value(plain_rule(in, out, Rounding::TowardsZero, OutOfRange::Wrap), input_bits).bits;
  if (rule.rounding == Rounding::NearestEven) return answer(correct, converted);
  // The other modes correct that result where it differs from the input value.
  const bool negative = out.is_signed() && (converted >> (out.bits - 1)) != 0;
  const std::int64_t v = static_cast<std::int64_t>(converted) - (negative ? (1ll << out.bits) : 0);
  const DataType& wide = in.is_integer() ? float64_type() : in;
  const double source = std::bit_cast<double>(as_float64(in, input_bits));
  if (rounding_models::in_type(wide, static_cast<double>(v)) == source)
    return answer(correct, converted);
  const std::int64_t result = rounding_models::corrected(rule.rounding, wide, v, source);
  return answer(correct, static_cast<std::uint64_t>(result) & out.bit_mask());
}

// --- int-to-small-float-through-float32 ----------------------------------------------------------

bool IntToSmallFloatThroughFloat32::applies(const CastRule& rule) {
  return (rule.rounding == Rounding::NearestEven || rule.rounding == Rounding::NearestAway) &&
         rule.input->is_integer() && rule.input->bits > float32_type().mantissa_bits + 1 &&
         rule.output->is_float() && rule.output->bits <= 8;
}

// The integer as a float64 (nearest-even beyond 2^53), then double-rounding-float32's two steps:
// the same mechanism met by an integer source, which cannot reach it below 2^24.
CastResult IntToSmallFloatThroughFloat32::cast(const CastRule& rule, std::uint64_t input_bits,
                                               const CastResult& correct) {
  if (correct.step != CastStep::Rounded) return correct;
  CastRule from_float64 = rule;
  from_float64.input = &float64_type();
  from_float64.scalar_map.clear();
  return DoubleRoundingFloat32::cast(from_float64, as_float64(*rule.input, input_bits), correct);
}

}  // namespace cvc::bug_catalogue
