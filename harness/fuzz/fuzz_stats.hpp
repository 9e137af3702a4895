// What a fuzz run tried, per feature: so that a run that found nothing says how much it searched
// (how many scenarios and elements had a scalar_map, clamp, wrap, a chain, mutated metadata...).
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "harness/fuzz/scenario.hpp"
#include "harness/fuzz/scenario_check.hpp"

namespace cvc::fuzz {

struct FeatureCount {
  std::uint64_t scenarios = 0, elements = 0;
};

struct FuzzStats {
  std::uint64_t cases = 0;        // scenarios generated
  std::uint64_t compared = 0;     // scenarios the adapter answered and that were compared
  std::uint64_t elements = 0;     // elements (and metadata verdicts) compared
  std::uint64_t unsupported = 0;  // scenarios the adapter cannot exercise (never counted as tried)
  std::uint64_t adapter_errors = 0;  // scenarios lost to an error answer or an incident
  std::uint64_t failing_cases = 0;   // scenarios with a mismatch (before deduplication)
  std::uint64_t requests = 0;        // requests sent, shrinking included
  std::uint64_t shrink_requests = 0;
  std::map<std::string, FeatureCount> features;          // of the compared scenarios
  std::map<std::string, std::uint64_t> divergences;      // flag -> elements
  std::map<std::string, std::uint64_t> unsupported_why;  // first words of the reason -> scenarios
  // The same for the scenarios lost to adapter errors: an error answer's message or an incident's
  // kind and detail, so that no lost scenario goes unexplained.
  std::map<std::string, std::uint64_t> adapter_error_why;

  // Records a generated case and how its check ended.
  void record(const Scenario& scenario, const CheckResult& result);
};

}  // namespace cvc::fuzz
