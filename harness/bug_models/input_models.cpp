// Known-bug models: how the input pattern is read (docs/bug-models.md, one section each).
#include <string>

#include "harness/bug_models/model_parts.hpp"

namespace cvc::bug_catalogue {

// --- sub-byte-sign-dropped -----------------------------------------------------------------------

bool SubByteSignDropped::applies(const CastRule& rule) {
  return rule.input->family == Family::SignedInteger && rule.input->bits < 8;
}

// The pattern's low bits read as a non-negative number (int2 0b11 is 3, not -1): the cast from the
// unsigned type of the same width, every other part of the rule kept.
CastResult SubByteSignDropped::cast(const CastRule& rule, std::uint64_t input_bits,
                                    const CastResult& correct) {
  if (correct.step == CastStep::ScalarMap) return correct;
  CastRule unsigned_input = rule;
  unsigned_input.input = &data_type("u" + std::string(rule.input->name));
  return cast_value(unsigned_input, input_bits & rule.input->bit_mask());
}

}  // namespace cvc::bug_catalogue
