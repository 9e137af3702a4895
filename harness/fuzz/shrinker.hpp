// The shrinker: reduces a failing scenario, while it still fails the same way, to the simplest
// scenario it can reach. A documented shrinker of its own rather than RapidCheck's: each check
// costs an adapter round trip, so candidate inputs are checked in one batched request (a cast
// compares every element, and the simplest failing one is kept), and the search must stay
// deterministic under the run's seed (RapidCheck draws its seed from its own global
// configuration).
//
// Guarantees: deterministic (the candidates and their order depend only on the scenario, and the
// adapter's answers); terminates (every accepted step makes size_key strictly smaller, over a
// finite set of scenarios, and the number of requests is capped); the result still fails (only a
// candidate the adapter failed, with the same kind of mismatch and a known-bug model in common, is
// ever accepted, and the starting scenario is returned unchanged when even its reduction to one
// element does not fail again).
#pragma once

#include <cstdint>

#include "harness/fuzz/scenario.hpp"
#include "harness/fuzz/scenario_check.hpp"

namespace cvc::fuzz {

// What a candidate must still show to count as the same failure.
struct FailureClass {
  std::string kind;    // Mismatch::kind
  BugModelSet models;  // empty: unexplained, and the candidate must stay unexplained
  bool matches(const Mismatch& mismatch) const;
};

struct Shrunk {
  Scenario scenario;  // the simplest failing scenario found (one element for a cast)
  Mismatch mismatch;  // its mismatch (element 0 for a cast)
  std::uint64_t requests = 0, steps = 0;
  bool reduced_to_one = true;  // false when the failure needed the whole batch
};

// `failing` failed with `result`; `target` is the mismatch to keep (its class is kept).
Shrunk shrink(const Scenario& failing, const CheckResult& result, const Mismatch& target,
              ScenarioChecker& checker, std::uint64_t max_requests);

// The simplest of the result's mismatches of the class: the one whose element is simplest
// (diagnosis.hpp's cast_simplicity), or the validate mismatch. Null when none is of the class.
const Mismatch* simplest_mismatch(const Scenario& scenario, const CheckResult& result,
                                  const FailureClass& failure);

}  // namespace cvc::fuzz
