#include "oracle/cast_result.hpp"

#include <array>

#include "oracle/scalar_json.hpp"

namespace cvc {

std::string_view cast_error_name(CastError error) {
  static constexpr std::array<std::string_view, 6> kNames = {
      "none", "nan", "infinity", "out_of_range", "wrap_undefined", "negative_zero"};
  return kNames[static_cast<int>(error)];
}

std::string explain(const CastRule& rule, const CastResult& result) {
  const DataType& out = *rule.output;
  const std::string rounding(rounding_name(rule.rounding));
  const auto output_text = [&] { return describe_value(out, result.bits); };
  switch (result.step) {
    case CastStep::ScalarMap:
      return "scalar_map entry " + std::to_string(result.map_entry) + " maps it to " +
             output_text() + " (the first matching key wins; the mapped value is final)";
    case CastStep::NaN:
      if (result.ok()) return "NaN propagates as the NaN of " + std::string(out.name);
      return "NaN has no representation in " + std::string(out.name) +
             " and no scalar_map entry matches: error";
    case CastStep::Infinity:
      if (result.range == RangeAction::Clamped)
        return "infinity clamped to " + output_text() + " (reading InfClamp alternative)";
      if (result.ok()) return "infinity propagates as " + output_text();
      return "infinity has no representation in " + std::string(out.name) +
             " and no scalar_map entry matches: error (even under clamp)";
    case CastStep::Exact:
    case CastStep::Rounded:
      break;
  }
  if (result.error == CastError::NegativeZeroNotRepresentable)
    return "-0 has no representation in " + std::string(out.name) +
           ": error (reading NegZeroNoSign alternative)";
  if (result.step == CastStep::Exact && result.range == RangeAction::InRange)
    return "exactly representable";
  const std::string text = result.step == CastStep::Exact
                               ? "already on the " + std::string(out.name) + " grid (no rounding)"
                               : "rounded " + rounding;
  const std::string beyond = ", out of range of " + std::string(out.name);
  switch (result.range) {
    case RangeAction::InRange:
      return text + " to " + output_text();
    case RangeAction::Clamped:
      return text + beyond + ", clamped to " + output_text();
    case RangeAction::Wrapped:
      return text + beyond + ", wrapped modulo 2^" + std::to_string(out.bits) + " to " +
             output_text();
    case RangeAction::ToNaN:
      return text + beyond + ", mapped to " + output_text() +
             " whatever out_of_range says (reading E8M0Low alternative nan)";
    case RangeAction::Failed:
      if (result.error == CastError::WrapUndefined)
        return text + beyond + "; wrap is not defined for a float output: error";
      return text + beyond + " and out_of_range is absent: error";
  }
  return text;
}

}  // namespace cvc
