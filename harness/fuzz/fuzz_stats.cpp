#include "harness/fuzz/fuzz_stats.hpp"

namespace cvc::fuzz {

void FuzzStats::record(const Scenario& scenario, const CheckResult& result) {
  ++cases;
  switch (result.status) {
    case CheckStatus::Unsupported:
      ++unsupported;
      ++unsupported_why[result.detail.substr(0, 120)];
      return;
    case CheckStatus::AdapterError:
      ++adapter_errors;
      ++adapter_error_why[result.detail.substr(0, 120)];
      return;
    case CheckStatus::Stopped:
      --cases;  // not decided: the run stops here
      return;
    case CheckStatus::Mismatch:
      ++failing_cases;
      break;
    case CheckStatus::Match:
      break;
  }
  ++compared;
  elements += result.elements;
  for (const std::string& feature : fuzz::features(scenario)) {
    FeatureCount& count = features[feature];
    ++count.scenarios;
    count.elements += result.elements;
  }
  for (const auto& [flag, count] : result.divergences) divergences[flag] += count;
}

}  // namespace cvc::fuzz
