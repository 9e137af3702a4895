#include "vector_format/vector_check_support.hpp"

namespace cvc {

std::optional<Readings> readings_for(const std::string& name) {
  const std::size_t equals = name.find('=');
  if (equals == std::string::npos) return std::nullopt;
  const FlagInfo* info = find_flag(name.substr(0, equals));
  if (info == nullptr) return std::nullopt;
  for (int k = 0; k < info->alternative_count(); ++k)
    if (info->alternatives[k] == name.substr(equals + 1)) return Readings{}.with(info->flag, k + 1);
  return std::nullopt;
}

std::string alternative_name(const FlagInfo& info, int alternative) {
  return std::string(info.name) + "=" + std::string(info.alternatives[alternative - 1]);
}

bool in_completeness_sample(const VectorCheckOptions& options, std::uint64_t id) {
  return options.completeness_sample != 0 && id % options.completeness_sample == 0;
}

}  // namespace cvc
