#include "harness/text/report_envelope.hpp"

#include <string>

namespace cvc {

nlohmann::ordered_json report_envelope(std::string_view report, int report_version,
                                       std::string_view harness_version) {
  nlohmann::ordered_json envelope = nlohmann::ordered_json::object();
  envelope["report"] = std::string(report);
  envelope["report_version"] = report_version;
  envelope["harness_version"] = std::string(harness_version);
  return envelope;
}

}  // namespace cvc
