// Known-bug models: NaN, infinities, zeros and subnormals (docs/bug-models.md, one section each).
#include "harness/bug_models/model_parts.hpp"

namespace cvc::bug_catalogue {
namespace special_models {

// The NaN of `out` that keeps the sign and the payload of the NaN `input_bits` of `in`, moved to
// the output's significand width (high bits kept); `quiet` sets the output's quiet bit.
std::uint64_t payload_nan(const DataType& in, std::uint64_t input_bits, const DataType& out,
                          bool quiet) {
  const std::uint64_t payload = input_bits & ((1ull << in.mantissa_bits) - 1);
  const std::uint64_t moved = in.mantissa_bits >= out.mantissa_bits
                                  ? payload >> (in.mantissa_bits - out.mantissa_bits)
                                  : payload << (out.mantissa_bits - in.mantissa_bits);
  const bool negative = (input_bits & in.sign_mask()) != 0;
  return out.infinity_bits(negative) | moved | (quiet ? 1ull << (out.mantissa_bits - 1) : 0);
}

bool both_ieee(const CastRule& rule) {
  return rule.input->is_float() && rule.input->specials == Specials::IEEE &&
         rule.output->is_float() && rule.output->specials == Specials::IEEE;
}

}  // namespace special_models

// --- zero-sign-lost ------------------------------------------------------------------------------

bool ZeroSignLost::applies(const CastRule& rule) {
  return rule.output->has_negative_zero();
}

CastResult ZeroSignLost::cast(const CastRule& rule, std::uint64_t, const CastResult& correct) {
  if (correct.ok() && correct.bits == rule.output->sign_mask()) return answer(correct, 0);
  return correct;
}

// --- subnormal-flush -----------------------------------------------------------------------------

bool SubnormalFlush::applies(const CastRule& rule) {
  return rule.output->has_subnormals() && rule.output->mantissa_bits > 0;
}

CastResult SubnormalFlush::cast(const CastRule& rule, std::uint64_t, const CastResult& correct) {
  if (!correct.ok() || (correct.step != CastStep::Exact && correct.step != CastStep::Rounded))
    return correct;
  const DataType& out = *rule.output;
  const std::uint64_t exponent_field =
      (correct.bits >> out.mantissa_bits) & ((1ull << out.exponent_bits) - 1);
  const std::uint64_t mantissa = correct.bits & ((1ull << out.mantissa_bits) - 1);
  if (exponent_field != 0 || mantissa == 0) return correct;
  return answer(correct, out.has_negative_zero() ? correct.bits & out.sign_mask() : 0);
}

// --- nan-payload-kept ----------------------------------------------------------------------------

bool NaNPayloadKept::applies(const CastRule& rule) {
  return special_models::both_ieee(rule);
}

CastResult NaNPayloadKept::cast(const CastRule& rule, std::uint64_t input_bits,
                                const CastResult& correct) {
  if (!correct.ok() || correct.step != CastStep::NaN) return correct;
  return answer(correct, special_models::payload_nan(*rule.input, input_bits, *rule.output, true));
}

// --- nan-payload-truncated -----------------------------------------------------------------------

bool NaNPayloadTruncated::applies(const CastRule& rule) {
  return special_models::both_ieee(rule) && rule.output->mantissa_bits < rule.input->mantissa_bits;
}

CastResult NaNPayloadTruncated::cast(const CastRule& rule, std::uint64_t input_bits,
                                     const CastResult& correct) {
  if (!correct.ok() || correct.step != CastStep::NaN) return correct;
  // Without the quiet bit forced, a payload that lies in the dropped low bits leaves an all-zero
  // significand: the pattern of an infinity.
  return answer(correct, special_models::payload_nan(*rule.input, input_bits, *rule.output, false));
}

// --- signalling-nan-refused ----------------------------------------------------------------------

bool SignallingNaNRefused::applies(const CastRule& rule) {
  return rule.input->is_float() && rule.input->specials == Specials::IEEE &&
         rule.output->is_float();
}

CastResult SignallingNaNRefused::cast(const CastRule& rule, std::uint64_t input_bits,
                                      const CastResult& correct) {
  if (!correct.ok() || correct.step != CastStep::NaN) return correct;
  const std::uint64_t quiet = 1ull << (rule.input->mantissa_bits - 1);
  return (input_bits & quiet) == 0 ? refused(correct) : correct;
}

// --- nan-to-integer-zero -------------------------------------------------------------------------

bool NaNToIntegerZero::applies(const CastRule& rule) {
  return rule.output->is_integer() && rule.input->has_nan();
}

CastResult NaNToIntegerZero::cast(const CastRule&, std::uint64_t, const CastResult& correct) {
  return correct.error == CastError::NaNNotRepresentable ? answer(correct, 0) : correct;
}

}  // namespace cvc::bug_catalogue
