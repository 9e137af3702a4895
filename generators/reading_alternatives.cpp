#include "generators/reading_alternatives.hpp"

namespace cvc {

ReadingAlternatives reading_alternatives(
    const std::function<bool(Flag)>& acts,
    const std::function<nlohmann::json(const Readings&)>& changed) {
  ReadingAlternatives out;
  for (const FlagInfo& info : all_flags()) {
    if (!acts(info.flag)) continue;
    bool flagged = false;
    for (int alternative = 1; alternative <= info.alternative_count(); ++alternative) {
      const nlohmann::json difference = changed(Readings{}.with(info.flag, alternative));
      if (difference.is_null() || (difference.is_object() && difference.empty())) continue;
      flagged = true;
      out.alternatives[std::string(info.name) + "=" +
                       std::string(info.alternatives[alternative - 1])] = difference;
    }
    if (flagged) out.flags.emplace_back(info.name);
  }
  return out;
}

}  // namespace cvc
