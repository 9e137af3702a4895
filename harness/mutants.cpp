#include "harness/mutants.hpp"

#include <algorithm>
#include <array>

#include "oracle/cast.hpp"
#include "oracle/exact_value.hpp"
#include "oracle/scalar_json.hpp"

namespace cvc {
namespace {

constexpr std::array<MutantInfo, 8> kMutants = {{
    {Mutant::None, "none", "no bug: the oracle itself"},
    {Mutant::TiesAway, "ties-away", "nearest-even resolves ties away from zero"},
    {Mutant::RangeOffByOne, "range-off-by-one",
     "an integer output's range admits max + 1, which then wraps to min"},
    {Mutant::IntermediateFloat32, "intermediate-float32",
     "inputs wider than 32 bits are rounded to float32 first (double rounding)"},
    {Mutant::ZeroSignLost, "zero-sign-lost", "a -0.0 result comes out as +0.0"},
    {Mutant::LastDuplicateWins, "last-duplicate-wins",
     "scalar_map: the last entry with a matching key wins"},
    {Mutant::ClampInsteadOfError, "clamp-instead-of-error",
     "out_of_range absent clamps instead of failing"},
    {Mutant::FillEncodeOnly, "fill-encode-only",
     "the fill value is checked in the encode direction only"},
}};

// Is x exactly max + 1 of the integer type `out`?
bool is_one_past_max(const DataType& out, const ExactValue& x) {
  if (x.kind != ExactValue::Kind::Finite || x.negative || x.significand == 0) return false;
  const int power = out.family == Family::SignedInteger ? out.bits - 1 : out.bits;  // max+1 = 2^p
  return compare_magnitude(x.significand, x.exponent, 1, power) == 0;
}

}  // namespace

std::span<const MutantInfo> all_mutants() {
  return kMutants;
}

const MutantInfo* find_mutant(std::string_view name) {
  for (const MutantInfo& info : kMutants)
    if (info.name == name) return &info;
  return nullptr;
}

CastResult mutant_cast(Mutant mutant, const CastRule& rule, std::uint64_t input_bits) {
  const CastResult correct = cast_value(rule, input_bits);
  CastRule changed = rule;
  switch (mutant) {
    case Mutant::None:
    case Mutant::FillEncodeOnly:
      return correct;
    case Mutant::TiesAway:
      if (rule.rounding != Rounding::NearestEven) return correct;
      changed.rounding = Rounding::NearestAway;
      return cast_value(changed, input_bits);
    case Mutant::RangeOffByOne:
      if (!rule.output->is_integer() || correct.range == RangeAction::InRange ||
          !is_one_past_max(*rule.output, decode_exact(*rule.input, input_bits)))
        return correct;
      changed.out_of_range = OutOfRange::Wrap;
      return cast_value(changed, input_bits);
    case Mutant::IntermediateFloat32: {
      if (rule.input->bits <= 32 || correct.step == CastStep::ScalarMap) return correct;
      const CastRule to_float32{
          rule.input, &data_type("float32"), Rounding::NearestEven, OutOfRange::Clamp, {}};
      const CastResult intermediate = cast_value(to_float32, input_bits);
      changed.input = to_float32.output;
      changed.scalar_map.clear();
      return intermediate.ok() ? cast_value(changed, intermediate.bits) : intermediate;
    }
    case Mutant::ZeroSignLost:
      if (correct.ok() && rule.output->has_negative_zero() &&
          correct.bits == rule.output->sign_mask())
        return CastResult{CastError::None, 0, correct.step, correct.range, correct.map_entry};
      return correct;
    case Mutant::LastDuplicateWins:
      std::reverse(changed.scalar_map.begin(), changed.scalar_map.end());
      return cast_value(changed, input_bits);
    case Mutant::ClampInsteadOfError:
      if (correct.error != CastError::OutOfRange) return correct;
      changed.out_of_range = OutOfRange::Clamp;
      return cast_value(changed, input_bits);
  }
  return correct;
}

FillValueCheck mutant_validate(Mutant mutant, const DataType& array_type,
                               const nlohmann::json& fill_value, const nlohmann::json& codecs) {
  FillValueCheck check = validate_array_metadata(array_type, fill_value, codecs);
  if (mutant != Mutant::FillEncodeOnly || check.valid || check.cast_codecs.empty()) return check;
  // Accept when the forward casts succeed, whatever the way back gives.
  std::uint64_t bits = 0;
  try {
    bits = parse_scalar(array_type, fill_value);
  } catch (const ScalarError&) {
    return check;
  }
  for (const CastValueCodec& codec : check.cast_codecs) {
    const CastResult forward = cast_value(codec.encode_rule(), bits);
    if (!forward.ok()) return check;
    bits = forward.bits;
  }
  check.valid = true;
  check.message = "fill value encodes (the mutant does not check the way back)";
  return check;
}

}  // namespace cvc
