// Known-bug models: configurations refused as a whole (docs/bug-models.md, one section each).
#include "harness/bug_models/model_parts.hpp"

namespace cvc::bug_catalogue {

// --- float-rounding-refused ----------------------------------------------------------------------

bool FloatRoundingRefused::rejects(const CastRule& rule) {
  return rule.input->is_float() && rule.output->is_float() &&
         rule.rounding != Rounding::NearestEven;
}

// --- sub-byte-rounding-refused -------------------------------------------------------------------

bool SubByteRoundingRefused::rejects(const CastRule& rule) {
  if (rule.rounding == Rounding::NearestEven) return false;
  const std::string_view in = rule.input->name;
  const std::string_view out = rule.output->name;
  return (in == "int2" && out == "int4") || (in == "uint2" && out == "uint4");
}

// --- hex-map-scalars-refused (its rule part; the metadata part is in metadata_models.cpp) --------

bool HexMapScalarsRefused::rejects(const CastRule& rule) {
  const auto hex_only = [](const DataType& type, std::uint64_t bits) {
    return is_nan(type, bits) && (bits & type.bit_mask()) != type.canonical_nan();
  };
  for (const ScalarMapEntry& entry : rule.scalar_map)
    if (hex_only(*rule.input, entry.input_bits) || hex_only(*rule.output, entry.output_bits))
      return true;
  return false;
}

}  // namespace cvc::bug_catalogue
