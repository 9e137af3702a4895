#include "harness/fuzz/shrink_bound.hpp"

namespace cvc::fuzz {

std::string exceeds_shrink_bound(const Scenario& scenario) {
  if (const CastScenario* cast = std::get_if<CastScenario>(&scenario)) {
    const std::size_t entries = (cast->encode_map.is_array() ? cast->encode_map.size() : 0) +
                                (cast->decode_map.is_array() ? cast->decode_map.size() : 0);
    if (cast->elements.size() != 1)
      return std::to_string(cast->elements.size()) + " elements (bound: 1)";
    if (entries > kBoundMapEntries)
      return std::to_string(entries) +
             " scalar_map entries (bound: " + std::to_string(kBoundMapEntries) + ")";
    return "";
  }
  const ValidateScenario& validate = std::get<ValidateScenario>(scenario);
  const std::size_t codecs = cast_value_codec_count(validate.codecs);
  if (codecs > 2) return std::to_string(codecs) + " cast_value codecs (bound: 2)";
  const std::size_t bytes = canonical_text(scenario).size();
  if (bytes > kBoundMetadataBytes)
    return std::to_string(bytes) +
           " bytes of metadata (bound: " + std::to_string(kBoundMetadataBytes) + ")";
  return "";
}

}  // namespace cvc::fuzz
