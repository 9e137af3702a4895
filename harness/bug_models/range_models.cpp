// Known-bug models: out-of-range values, clamp and wrap (docs/bug-models.md, one section each).
#include <array>
#include <bit>
#include <cmath>
#include <optional>

#include "harness/bug_models/model_parts.hpp"

namespace cvc::bug_catalogue {
namespace range_models {

std::size_t type_index(const DataType& type) {
  return static_cast<std::size_t>(&type - all_data_types().data());
}

// The output's largest value rounded (nearest-even) into a float input type, when that lands
// above it: the one input value a check `x <= (input)MAX` admits beyond the range.
std::optional<std::uint64_t> compute_admitted_bound(const DataType& input, const DataType& output) {
  if (!input.is_float() || !output.is_integer()) return std::nullopt;
  const std::uint64_t max = output.integer_max_magnitude();
  const CastResult bound =
      cast_value(plain_rule(output, input, Rounding::NearestEven, OutOfRange::None), max);
  if (!bound.ok()) return std::nullopt;  // beyond the input's range: every input is below it
  const ExactValue value = decode_exact(input, bound.bits);
  if (compare_magnitude(value.significand, value.exponent, max, 0) <= 0) return std::nullopt;
  return bound.bits;
}

std::optional<std::uint64_t> admitted_bound(const DataType& input, const DataType& output) {
  using Row = std::array<std::optional<std::uint64_t>, kDataTypeCount>;
  static const std::array<Row, kDataTypeCount> table = [] {
    std::array<Row, kDataTypeCount> bounds{};
    for (const DataType& in : all_data_types())
      for (const DataType& out : all_data_types())
        bounds[type_index(in)][type_index(out)] = compute_admitted_bound(in, out);
    return bounds;
  }();
  return table[type_index(input)][type_index(output)];
}

// The range of the output: is the nonzero finite value `x` beyond it, and on which side?
enum class Side { Inside, Above, Below };

Side side_of(const DataType& out, const ExactValue& x) {
  if (out.is_integer()) {
    if (x.negative && !out.is_signed()) return Side::Below;
    const std::uint64_t limit =
        x.negative ? out.integer_min_magnitude() : out.integer_max_magnitude();
    if (compare_magnitude(x.significand, x.exponent, limit, 0) > 0)
      return x.negative ? Side::Below : Side::Above;
    return Side::Inside;
  }
  if (x.negative && !out.has_sign_bit()) return Side::Below;
  const ExactValue largest = decode_exact(out, out.max_finite_bits());
  if (compare_magnitude(x.significand, x.exponent, largest.significand, largest.exponent) > 0)
    return x.negative ? Side::Below : Side::Above;
  if (out.specials == Specials::UnsignedNoZero) {
    const ExactValue smallest = decode_exact(out, out.min_finite_bits());
    if (compare_magnitude(x.significand, x.exponent, smallest.significand, smallest.exponent) < 0)
      return Side::Below;
  }
  return Side::Inside;
}

// What clamp gives beyond one side of the range (the spec's clamp: infinities where the type has
// them).
std::uint64_t clamp_bits(const DataType& out, Side side) {
  const bool above = side == Side::Above;
  if (out.is_integer()) {
    if (above) return out.integer_max_magnitude();
    return out.is_signed() ? (0 - out.integer_min_magnitude()) & out.bit_mask() : 0;
  }
  if (out.has_infinity()) return out.infinity_bits(!above);
  return above ? out.max_finite_bits() : out.min_finite_bits();
}

bool is_fnuz_or_e8m0(const DataType& type) {
  return type.is_float() && (type.specials == Specials::FiniteNaNAtNegZero ||
                             type.specials == Specials::UnsignedNoZero);
}

// A float type of ml_dtypes (bfloat16 and those of 8 bits or fewer), not NumPy's own: NumPy does
// not count it as np.floating, and its conversions are ml_dtypes' code.
bool ml_dtypes_float(const DataType& type) {
  return type.is_float() && type.bits <= 16 && type.name != "float16";
}

// ml_dtypes converts a float64 into its float types through float32, and that first step
// overflows (NumPy's overflow flag) beyond float32's range whatever the output's own range.
bool float64_through_float32(const CastRule& rule) {
  return rule.input == &float64_type() && ml_dtypes_float(*rule.output);
}

}  // namespace range_models

// --- range-bound-rounded -------------------------------------------------------------------------

bool RangeBoundRounded::applies(const CastRule& rule) {
  return range_models::admitted_bound(*rule.input, *rule.output).has_value();
}

CastResult RangeBoundRounded::cast(const CastRule& rule, std::uint64_t input_bits,
                                   const CastResult& correct) {
  if (correct.step != CastStep::Rounded && correct.step != CastStep::Exact) return correct;
  if (correct.range == RangeAction::InRange) return correct;
  // No input value lies between the largest output value and its rounded bound, so the bound is
  // the only value admitted; the conversion that follows keeps its low bits (it wraps).
  if (input_bits != *range_models::admitted_bound(*rule.input, *rule.output)) return correct;
  return cast_value(with_out_of_range(rule, OutOfRange::Wrap), input_bits);
}

// --- range-checked-before-rounding ---------------------------------------------------------------

bool RangeCheckedBeforeRounding::applies(const CastRule& rule) {
  return rule.out_of_range != OutOfRange::Wrap &&
         !(rule.input->is_integer() && rule.output->is_integer());
}

CastResult RangeCheckedBeforeRounding::cast(const CastRule& rule, std::uint64_t input_bits,
                                            const CastResult& correct) {
  // Only a rounded value can cross a bound (every bound is a value of the output).
  if (!correct.ok() || correct.step != CastStep::Rounded || correct.range != RangeAction::InRange)
    return correct;
  const range_models::Side side =
      range_models::side_of(*rule.output, decode_exact(*rule.input, input_bits));
  if (side == range_models::Side::Inside) return correct;
  if (rule.out_of_range == OutOfRange::None) return refused(correct);
  return answer(correct, range_models::clamp_bits(*rule.output, side));
}

// --- wrap-in-float64 -----------------------------------------------------------------------------

bool WrapInFloat64::applies(const CastRule& rule) {
  return rule.out_of_range == OutOfRange::Wrap && rule.output->is_integer() &&
         rule.output->bits < 64 &&
         (rule.input->is_float() || (rule.input->is_integer() && rule.input->bits == 64));
}

CastResult WrapInFloat64::cast(const CastRule& rule, std::uint64_t input_bits,
                               const CastResult& correct) {
  if (correct.range != RangeAction::Wrapped) return correct;
  const DataType& out = *rule.output;
  // The value as a double (a 64-bit integer rounded to nearest), rounded to an integer by the
  // mode, then ((v - lo) % 2^N + 2^N) % 2^N + lo in double arithmetic: v - lo is rounded too.
  const double value = std::bit_cast<double>(as_float64(*rule.input, input_bits));
  double v = value;
  switch (rule.rounding) {
    case Rounding::NearestEven:
      v = std::nearbyint(value);  // the default floating-point environment: ties to even
      break;
    case Rounding::NearestAway:
      v = std::round(value);
      break;
    case Rounding::TowardsZero:
      v = std::trunc(value);
      break;
    case Rounding::TowardsPositive:
      v = std::ceil(value);
      break;
    case Rounding::TowardsNegative:
      v = std::floor(value);
      break;
  }
  const double lo = out.is_signed() ? -std::ldexp(1.0, out.bits - 1) : 0.0;
  const double range = std::ldexp(1.0, out.bits);
  double reduced = std::fmod(v - lo, range);
  if (reduced < 0) reduced += range;
  const auto wrapped = static_cast<std::int64_t>(reduced + lo);
  return answer(correct, static_cast<std::uint64_t>(wrapped) & out.bit_mask());
}

// --- int64-intermediate-overflow -----------------------------------------------------------------

bool Int64IntermediateOverflow::applies(const CastRule& rule) {
  if (!rule.output->is_integer()) return false;
  if (rule.out_of_range == OutOfRange::Wrap)
    return rule.output->bits == 64 || rule.input->is_float();
  return rule.out_of_range == OutOfRange::Clamp && rule.input->is_float() &&
         rule.output->bits == 64;
}

CastResult Int64IntermediateOverflow::cast(const CastRule& rule, std::uint64_t input_bits,
                                           const CastResult& correct) {
  const ExactValue x = decode_exact(*rule.input, input_bits);
  if (rule.out_of_range == OutOfRange::Wrap) {
    if (correct.range != RangeAction::Wrapped) return correct;
    if (rule.output->bits == 64) return refused(correct);  // the modulus 2^64 overflows int64
    // A float whose value does not fit int64 cannot be converted to it before the reduction.
    const int order = compare_magnitude(x.significand, x.exponent, 1, 63);
    return order > 0 || (order == 0 && !x.negative) ? refused(correct) : correct;
  }
  // clamp: the bound 2^63 - 1 (2^64 - 1) is 2^63 (2^64) in float64, and converting it overflows.
  if (correct.range == RangeAction::Clamped && !x.negative) return refused(correct);
  return correct;
}

// --- negative-to-unsigned-reinterpreted ----------------------------------------------------------

bool NegativeToUnsignedReinterpreted::applies(const CastRule& rule) {
  return rule.input->family == Family::SignedInteger &&
         rule.output->family == Family::UnsignedInteger && rule.out_of_range != OutOfRange::Wrap;
}

CastResult NegativeToUnsignedReinterpreted::cast(const CastRule& rule, std::uint64_t input_bits,
                                                 const CastResult& correct) {
  if (correct.step == CastStep::ScalarMap || correct.range == RangeAction::InRange) return correct;
  if (!decode_exact(*rule.input, input_bits).negative) return correct;
  return cast_value(with_out_of_range(rule, OutOfRange::Wrap), input_bits);
}

// --- int-narrowing-wraps -------------------------------------------------------------------------

bool IntNarrowingWraps::applies(const CastRule& rule) {
  return rule.input->is_integer() && rule.output->is_integer() &&
         rule.out_of_range != OutOfRange::Wrap;
}

CastResult IntNarrowingWraps::cast(const CastRule& rule, std::uint64_t input_bits,
                                   const CastResult& correct) {
  if (correct.step == CastStep::ScalarMap || correct.range == RangeAction::InRange) return correct;
  return cast_value(with_out_of_range(rule, OutOfRange::Wrap), input_bits);
}

// --- infinity-instead-of-error -------------------------------------------------------------------

bool InfinityInsteadOfError::applies(const CastRule& rule) {
  return rule.out_of_range == OutOfRange::None && rule.output->has_infinity();
}

CastResult InfinityInsteadOfError::cast(const CastRule& rule, std::uint64_t input_bits,
                                        const CastResult& correct) {
  if (correct.error != CastError::OutOfRange) return correct;
  return cast_value(with_out_of_range(rule, OutOfRange::Clamp), input_bits);  // +-Infinity
}

// --- small-float-range-unchecked -----------------------------------------------------------------

bool SmallFloatRangeUnchecked::applies(const CastRule& rule) {
  const DataType& out = *rule.output;
  // Into float16 from an ml_dtypes type the conversion is ml_dtypes' too, and raises no flag.
  const bool from_ml_dtypes = out.name == "float16" && range_models::ml_dtypes_float(*rule.input);
  return out.is_float() && (!out.has_infinity() || out.bits == 8 || from_ml_dtypes);
}

CastResult SmallFloatRangeUnchecked::cast(const CastRule& rule, std::uint64_t input_bits,
                                          const CastResult& correct) {
  const DataType& out = *rule.output;
  if (correct.ok()) {
    // The conversion through float32 can overflow where the value itself rounds into range:
    // float64 247.99999999999997 is 248 in float32, beyond float8_e4m3fnuz's 240: NaN.
    if (rule.rounding != Rounding::NearestEven || !out.has_nan() || out.has_infinity() ||
        correct.range == RangeAction::Clamped ||
        ml_dtypes_nearest(rule, input_bits).error != CastError::OutOfRange)
      return correct;
    return answer(correct, out.canonical_nan());
  }
  const ExactValue x = decode_exact(*rule.input, input_bits);
  // The conversion's own answer stands. In the 8-bit types with infinities: the IEEE overflow
  // result of the mode (an infinity, or the largest value for a mode rounding towards zero),
  // except that nearest-away keeps the largest value (the correction step prefers the finite
  // neighbour of an infinity).
  if (out.has_infinity()) {
    bool infinite = false;
    switch (rule.rounding) {
      case Rounding::NearestEven:
        infinite = true;
        break;
      case Rounding::TowardsPositive:
        infinite = !x.negative;
        break;
      case Rounding::TowardsNegative:
        infinite = x.negative;
        break;
      case Rounding::TowardsZero:
      case Rounding::NearestAway:
        break;
    }
    if (infinite) return answer(correct, out.infinity_bits(x.negative));
    return answer(correct, x.negative ? out.min_finite_bits() : out.max_finite_bits());
  }
  // Elsewhere: NaN in the types that have one, else the largest value of the value's sign; a NaN
  // into a type without NaN comes out as a zero of the opposite sign.
  if (out.has_nan()) return answer(correct, out.canonical_nan());
  if (x.is_nan()) {
    // The correction step of towards-positive takes that zero for an inexact result of an
    // ml_dtypes input (whose NaN _cast_float's np.isfinite filter skips: not np.floating) and
    // moves it up to the smallest positive value.
    if (rule.rounding == Rounding::TowardsPositive && range_models::ml_dtypes_float(*rule.input))
      return answer(correct, 1);
    return answer(correct, x.negative ? 0 : out.sign_mask());
  }
  return answer(correct, x.negative ? out.min_finite_bits() : out.max_finite_bits());
}

// --- clamp-instead-of-error ----------------------------------------------------------------------

bool ClampInsteadOfError::applies(const CastRule& rule) {
  return rule.out_of_range == OutOfRange::None;
}

CastResult ClampInsteadOfError::cast(const CastRule& rule, std::uint64_t input_bits,
                                     const CastResult& correct) {
  if (correct.error != CastError::OutOfRange) return correct;
  return cast_value(with_out_of_range(rule, OutOfRange::Clamp), input_bits);
}

// --- clamp-ignored -------------------------------------------------------------------------------

bool ClampIgnored::applies(const CastRule& rule) {
  return rule.out_of_range == OutOfRange::Clamp &&
         (rule.output->has_infinity() || range_models::float64_through_float32(rule));
}

CastResult ClampIgnored::cast(const CastRule& rule, std::uint64_t input_bits,
                              const CastResult& correct) {
  if (correct.range != RangeAction::Clamped) return correct;
  if (rule.output->has_infinity()) return refused(correct);
  const CastResult narrowed = cast_value(
      plain_rule(float64_type(), float32_type(), Rounding::NearestEven, OutOfRange::Clamp),
      input_bits);
  return decode_exact(float32_type(), narrowed.bits).is_infinity() ? refused(correct) : correct;
}

// --- clamp-to-finite-max -------------------------------------------------------------------------

bool ClampToFiniteMax::applies(const CastRule& rule) {
  return rule.out_of_range == OutOfRange::Clamp && rule.output->has_infinity();
}

CastResult ClampToFiniteMax::cast(const CastRule& rule, std::uint64_t, const CastResult& correct) {
  if (correct.range != RangeAction::Clamped) return correct;
  const DataType& out = *rule.output;
  if (correct.bits == out.infinity_bits(false)) return answer(correct, out.max_finite_bits());
  if (correct.bits == out.infinity_bits(true)) return answer(correct, out.min_finite_bits());
  return correct;
}

// --- clamp-gives-nan -----------------------------------------------------------------------------

bool ClampGivesNaN::applies(const CastRule& rule) {
  return rule.out_of_range == OutOfRange::Clamp && range_models::is_fnuz_or_e8m0(*rule.output);
}

CastResult ClampGivesNaN::cast(const CastRule& rule, std::uint64_t, const CastResult& correct) {
  if (correct.range != RangeAction::Clamped) return correct;
  return answer(correct, rule.output->canonical_nan());
}

// --- neighbour-overflow-refused ------------------------------------------------------------------

bool NeighbourOverflowRefused::applies(const CastRule& rule) {
  return rule.rounding != Rounding::NearestEven && rule.output->has_infinity();
}

CastResult NeighbourOverflowRefused::cast(const CastRule& rule, std::uint64_t input_bits,
                                          const CastResult& correct) {
  if (!correct.ok() || correct.step != CastStep::Rounded) return correct;
  const DataType& out = *rule.output;
  // The nearest-even candidate is the largest finite value and the input lies beyond it: the
  // other candidate, one step further out, is the infinity, and computing it overflows.
  const CastResult nearest =
      cast_value(plain_rule(*rule.input, out, Rounding::NearestEven, OutOfRange::None), input_bits);
  // Or the nearest-even cast itself overflows to the infinity, NumPy's own conversion into its
  // float types raising the flag (65520 towards-zero into float16 is 65504, but nearest-even is
  // the tie that goes to 65536).
  if (nearest.error == CastError::OutOfRange && !range_models::ml_dtypes_float(out))
    return refused(correct);
  if (!nearest.ok() ||
      (nearest.bits != out.max_finite_bits() && nearest.bits != out.min_finite_bits()))
    return correct;
  const ExactValue x = decode_exact(*rule.input, input_bits);
  const ExactValue largest = decode_exact(out, out.max_finite_bits());
  if (compare_magnitude(x.significand, x.exponent, largest.significand, largest.exponent) > 0)
    return refused(correct);
  return correct;
}

// --- wrap-range-checked-before-rounding ----------------------------------------------------------

bool WrapRangeCheckedBeforeRounding::applies(const CastRule& rule) {
  return rule.out_of_range == OutOfRange::Wrap && rule.output->is_float();
}

// The range check of range-checked-before-rounding under wrap into a float type (a decode: wrap
// needs an integer data_type), whose answer beyond a bound is the reading DecodeWrapFloat=clamp's:
// the IEEE overflow result of the mode (an infinity, the largest finite value for a mode rounding
// towards zero) where the type has infinities, an error where it has none.
CastResult WrapRangeCheckedBeforeRounding::cast(const CastRule& rule, std::uint64_t input_bits,
                                                const CastResult& correct) {
  if (correct.step == CastStep::ScalarMap) return correct;
  const DataType& out = *rule.output;
  const ExactValue x = decode_exact(*rule.input, input_bits);
  const range_models::Side side = range_models::side_of(out, x);
  if (side == range_models::Side::Inside) return correct;
  if (!out.has_infinity()) return refused(correct);
  const bool below = side == range_models::Side::Below;
  const bool finite = rule.rounding == Rounding::TowardsZero ||
                      (rule.rounding == Rounding::TowardsNegative && !below) ||
                      (rule.rounding == Rounding::TowardsPositive && below);
  if (!finite) return answer(correct, out.infinity_bits(below));
  return answer(correct, below ? out.min_finite_bits() : out.max_finite_bits());
}

}  // namespace cvc::bug_catalogue
