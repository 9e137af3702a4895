#include "harness/reports/environment_text.hpp"

#include "oracle/io/bounded_quote.hpp"

namespace cvc {

std::string environment_text(const RunInfo& info) {
  std::string text;
  std::size_t listed = 0;
  for (const auto& [name, version] : info.environment) {
    if (listed == kListedItems)
      return text + ", ... and " + std::to_string(info.environment.size() - listed) + " more";
    text += (listed++ == 0 ? "" : ", ") + bounded_quote(name) + " " + bounded_quote(version);
  }
  return text;
}

}  // namespace cvc
