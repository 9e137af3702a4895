// Helpers shared by the themes of the catalogue (model_parts.hpp).
#include "harness/bug_models/model_parts.hpp"

namespace cvc::bug_catalogue {

CastResult refused(const CastResult& correct) {
  CastResult result;
  result.error = CastError::OutOfRange;
  result.step = correct.step;
  result.range = RangeAction::Failed;
  return result;
}

CastResult answer(const CastResult& correct, std::uint64_t bits) {
  CastResult result = correct;
  if (!correct.ok()) result.range = RangeAction::InRange;  // a value where a check was due
  result.error = CastError::None;
  result.bits = bits;
  return result;
}

CastRule with_rounding(const CastRule& rule, Rounding rounding) {
  CastRule changed = rule;
  changed.rounding = rounding;
  return changed;
}

CastRule with_out_of_range(const CastRule& rule, OutOfRange out_of_range) {
  CastRule changed = rule;
  changed.out_of_range = out_of_range;
  return changed;
}

CastRule plain_rule(const DataType& input, const DataType& output, Rounding rounding,
                    OutOfRange out_of_range) {
  return CastRule{&input, &output, rounding, out_of_range, {}};
}

std::uint64_t as_float64(const DataType& type, std::uint64_t bits) {
  return cast_value(plain_rule(type, float64_type(), Rounding::NearestEven, OutOfRange::Clamp),
                    bits)
      .bits;
}

bool is_nan(const DataType& type, std::uint64_t bits) {
  return type.has_nan() && decode_exact(type, bits).is_nan();
}

bool same_answer(const DataType& output, const CastResult& a, const CastResult& b) {
  if (!a.ok() || !b.ok()) return a.ok() == b.ok();
  const std::uint64_t mask = output.bit_mask();
  return (a.bits & mask) == (b.bits & mask) || (is_nan(output, a.bits) && is_nan(output, b.bits));
}

const DataType& float32_type() {
  static const DataType& type = data_type("float32");
  return type;
}

const DataType& float64_type() {
  static const DataType& type = data_type("float64");
  return type;
}

}  // namespace cvc::bug_catalogue
