// Known-bug models: the naive implementations, a plain conversion standing in for the whole cast
// (docs/bug-models.md, "Naive implementations": one section each). Each is one way of ignoring the
// configuration, so each reproduces a failure whole, where the partial models of the other
// themes (int-to-float-nearest-even, float-to-int-truncates, int-narrowing-wraps, ...) reproduce
// only the failures that have no second cause.
#include <bit>
#include <cmath>

#include "harness/bug_models/model_parts.hpp"

namespace cvc::bug_catalogue {
namespace naive_models {

// The rounding of a language's own conversion (a C cast, Rust's `as`, NumPy's astype): towards
// zero from a float into an integer, nearest-even into a float.
Rounding conversion_rounding(const CastRule& rule) {
  return rule.input->is_float() && rule.output->is_integer() ? Rounding::TowardsZero
                                                             : Rounding::NearestEven;
}

bool integer_to_integer(const CastRule& rule) {
  return rule.input->is_integer() && rule.output->is_integer();
}

// The types NumPy has itself; ml_dtypes provides the others.
bool is_numpy_native(const DataType& type) {
  return type.bits >= 8 && (type.is_integer() || type.has_infinity()) &&
         (type.is_integer() || type.bits >= 16) && type.name != "bfloat16";
}

// x86-64's truncating conversion of a double into a signed integer of `bits` (CVTTSD2SI): the
// value truncated, or the "integer indefinite" -2^(bits-1) for NaN, the infinities and values out
// of range. As a pattern of 64 bits (two's complement).
std::uint64_t x86_truncate(double value, int bits) {
  const double limit = std::ldexp(1.0, bits - 1);
  const double truncated = std::trunc(value);
  if (std::isnan(value) || truncated >= limit || truncated < -limit)
    return ~std::uint64_t{0} << (bits - 1);
  return static_cast<std::uint64_t>(static_cast<std::int64_t>(truncated));
}

// The C conversion of a double into an unsigned integer of `bits` (32 or 64) as GCC compiles it
// for x86-64 without AVX-512: values from 2^(bits-1) on are converted less 2^(bits-1), then the
// top bit is set again (an exclusive or, so an indefinite result loses it).
std::uint64_t x86_unsigned(double value, int bits) {
  const double half = std::ldexp(1.0, bits - 1);
  if (value >= half) return x86_truncate(value - half, bits) ^ (std::uint64_t{1} << (bits - 1));
  return x86_truncate(value, bits);
}

}  // namespace naive_models

// --- rounding-ignored-nearest-even ---------------------------------------------------------------

bool RoundingIgnoredNearestEven::applies(const CastRule& rule) {
  return rule.rounding != Rounding::NearestEven && !naive_models::integer_to_integer(rule);
}

CastResult RoundingIgnoredNearestEven::cast(const CastRule& rule, std::uint64_t input_bits,
                                            const CastResult&) {
  return cast_value(with_rounding(rule, Rounding::NearestEven), input_bits);
}

// --- rounding-ignored-conversion -----------------------------------------------------------------

bool RoundingIgnoredConversion::applies(const CastRule& rule) {
  return rule.rounding != naive_models::conversion_rounding(rule) &&
         !naive_models::integer_to_integer(rule);
}

CastResult RoundingIgnoredConversion::cast(const CastRule& rule, std::uint64_t input_bits,
                                           const CastResult&) {
  return cast_value(with_rounding(rule, naive_models::conversion_rounding(rule)), input_bits);
}

// --- float64-intermediate ------------------------------------------------------------------------

bool Float64Intermediate::applies(const CastRule& rule) {
  const bool wide_integer = rule.input->is_integer() && rule.input->bits == 64;
  return (rule.rounding != Rounding::NearestEven && !naive_models::integer_to_integer(rule)) ||
         wide_integer;
}

CastResult Float64Intermediate::cast(const CastRule& rule, std::uint64_t input_bits,
                                     const CastResult& correct) {
  if (correct.step == CastStep::ScalarMap) return correct;
  // Every input type but int64 and uint64 is exact in float64; those are rounded nearest-even.
  return cast_value(
      plain_rule(float64_type(), *rule.output, Rounding::NearestEven, rule.out_of_range),
      as_float64(*rule.input, input_bits));
}

// --- astype-wraps --------------------------------------------------------------------------------

bool AstypeWraps::applies(const CastRule& rule) {
  if (rule.output->is_integer())
    return rule.input->is_float() || rule.out_of_range != OutOfRange::Wrap;
  return rule.rounding != Rounding::NearestEven;
}

CastResult AstypeWraps::cast(const CastRule& rule, std::uint64_t input_bits, const CastResult&) {
  CastRule naive = with_rounding(rule, naive_models::conversion_rounding(rule));
  if (rule.output->is_integer()) naive.out_of_range = OutOfRange::Wrap;
  return cast_value(naive, input_bits);
}

// --- float-to-int-x86-conversion -----------------------------------------------------------------

bool FloatToIntX86Conversion::applies(const CastRule& rule) {
  return rule.input->is_float() && rule.output->is_integer();
}

CastResult FloatToIntX86Conversion::cast(const CastRule& rule, std::uint64_t input_bits,
                                         const CastResult& correct) {
  if (correct.step == CastStep::ScalarMap) return correct;
  const DataType& in = *rule.input;
  const DataType& out = *rule.output;
  // ml_dtypes' sub-byte integers convert by the same instructions (through int32, or int64 from
  // its 8-bit floats), as sub-byte-int-as-float computes without cast-value's correction step.
  if (out.bits < 8)
    return SubByteIntAsFloat::cast(with_rounding(rule, Rounding::NearestEven), input_bits, correct);
  const double value = std::bit_cast<double>(as_float64(in, input_bits));
  // ml_dtypes' 8-bit floats give 0 for NaN and the integer's limits for the infinities.
  const bool ml_dtypes_float8 = in.bits == 8;
  if (ml_dtypes_float8 && std::isnan(value)) return answer(correct, 0);
  if (ml_dtypes_float8 && std::isinf(value)) {
    const std::uint64_t min =
        out.is_signed() ? (0 - out.integer_min_magnitude()) & out.bit_mask() : 0;
    return answer(correct, value > 0 ? out.integer_max_magnitude() : min);
  }
  // Narrower than 32 bits: through int32, keeping the low bits. uint32 from float32, float64 and
  // bfloat16 takes the form of the other unsigned conversion (NumPy's vectorised loops; a lone
  // element, the loop's tail, goes through int64 instead); from the other types through int64.
  std::uint64_t converted = 0;
  if (out.bits < 32 || (out.bits == 32 && out.is_signed()))
    converted = naive_models::x86_truncate(value, 32);
  else if (out.bits == 32 &&
           (in.name == "bfloat16" || &in == &float64_type() || &in == &float32_type()))
    converted = naive_models::x86_unsigned(value, 32);
  else if (out.bits == 32 || out.is_signed())
    converted = naive_models::x86_truncate(value, 64);
  else
    converted = naive_models::x86_unsigned(value, 64);
  return answer(correct, converted & out.bit_mask());
}

// --- astype-into-float ---------------------------------------------------------------------------

bool AstypeIntoFloat::applies(const CastRule& rule) {
  return rule.output->is_float();
}

CastResult AstypeIntoFloat::cast(const CastRule& rule, std::uint64_t input_bits,
                                 const CastResult& correct) {
  if (correct.step == CastStep::ScalarMap) return correct;
  const DataType* in = rule.input;
  const DataType& out = *rule.output;
  std::uint64_t bits = input_bits;
  // ml_dtypes converts into its types from float32: a float64 or an integer is rounded to
  // float32 first (nearest-even).
  if (!naive_models::is_numpy_native(out) && in != &float32_type()) {
    bits =
        cast_value(plain_rule(*in, float32_type(), Rounding::NearestEven, OutOfRange::Clamp), bits)
            .bits;
    in = &float32_type();
  }
  const CastResult nearest =
      cast_value(plain_rule(*in, out, Rounding::NearestEven, OutOfRange::None), bits);
  if (nearest.ok()) return answer(correct, nearest.bits);
  // What the conversion gives where the spec wants an error: Infinity where the type has one,
  // else NaN where it has one, else (float6, float4) the largest value of the input's sign, and
  // a NaN as a zero of the opposite sign.
  const ExactValue x = decode_exact(*in, bits);
  if (out.has_infinity())
    return answer(
        correct,
        cast_value(plain_rule(*in, out, Rounding::NearestEven, OutOfRange::Clamp), bits).bits);
  if (out.has_nan()) return answer(correct, out.canonical_nan());
  if (x.is_nan()) return answer(correct, x.negative ? 0 : out.sign_mask());
  return answer(correct, x.negative ? out.min_finite_bits() : out.max_finite_bits());
}

}  // namespace cvc::bug_catalogue
