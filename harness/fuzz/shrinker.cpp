#include "harness/fuzz/shrinker.hpp"

#include "harness/fuzz/shrink_candidates.hpp"
#include "harness/run/diagnosis.hpp"

namespace cvc::fuzz {
namespace {

// The scenario with only element `index` (casts); validate scenarios are returned as they are.
Scenario with_one_element(const Scenario& scenario, std::size_t index) {
  Scenario copy = scenario;
  if (CastScenario* cast = std::get_if<CastScenario>(&copy))
    cast->elements = {cast->elements[index]};
  return copy;
}

class Search {
 public:
  Search(ScenarioChecker& checker, FailureClass failure, std::uint64_t max_requests)
      : checker_(checker), failure_(std::move(failure)), max_requests_(max_requests) {}

  std::uint64_t requests() const { return requests_; }
  bool exhausted() const { return requests_ >= max_requests_ || checker_.stopped(); }

  // Checks `candidate`; on a failure of the class, its simplest failing element alone.
  std::optional<std::pair<Scenario, Mismatch>> fails(const Scenario& candidate) {
    if (exhausted()) return std::nullopt;
    ++requests_;
    const CheckResult result = checker_.check(candidate);
    if (result.status != CheckStatus::Mismatch) return std::nullopt;
    const Mismatch* mismatch = simplest_mismatch(candidate, result, failure_);
    if (mismatch == nullptr) return std::nullopt;
    Mismatch kept = *mismatch;
    Scenario reduced = with_one_element(candidate, kept.element);
    kept.element = 0;
    return std::make_pair(std::move(reduced), std::move(kept));
  }

 private:
  ScenarioChecker& checker_;
  FailureClass failure_;
  std::uint64_t max_requests_;
  std::uint64_t requests_ = 0;
};

}  // namespace

bool FailureClass::matches(const Mismatch& mismatch) const {
  if (mismatch.kind != kind) return false;
  return models.empty() ? mismatch.models.empty() : mismatch.models.intersects(models);
}

const Mismatch* simplest_mismatch(const Scenario& scenario, const CheckResult& result,
                                  const FailureClass& failure) {
  const CastScenario* cast = std::get_if<CastScenario>(&scenario);
  const Mismatch* best = nullptr;
  Simplicity best_simplicity{};
  CastRule rule;
  if (cast != nullptr) {
    rule.input = &cast->input();
    rule.output = &cast->output();
  }
  for (const Mismatch& mismatch : result.mismatches) {
    if (!failure.matches(mismatch)) continue;
    if (cast == nullptr) return &mismatch;
    const Simplicity simplicity = cast_simplicity(rule, cast->elements[mismatch.element]);
    if (best == nullptr || simplicity < best_simplicity) {
      best = &mismatch;
      best_simplicity = simplicity;
    }
  }
  return best;
}

Shrunk shrink(const Scenario& failing, const CheckResult& result, const Mismatch& target,
              ScenarioChecker& checker, std::uint64_t max_requests) {
  const FailureClass failure{target.kind, target.models};
  Search search(checker, failure, max_requests);
  Shrunk shrunk{failing, target, 0, 0, true};
  // First the simplest failing element alone (when the adapter fails it alone too).
  if (const Mismatch* simplest = simplest_mismatch(failing, result, failure)) {
    shrunk.mismatch = *simplest;
    if (auto alone = search.fails(with_one_element(failing, simplest->element))) {
      std::tie(shrunk.scenario, shrunk.mismatch) = *alone;
    } else if (std::holds_alternative<CastScenario>(failing)) {
      shrunk.reduced_to_one = false;
      shrunk.requests = search.requests();
      return shrunk;
    }
  }
  bool improved = true;
  while (improved && !search.exhausted()) {
    improved = false;
    // Simpler configurations (and types), one request each, the first that fails taken.
    for (const Scenario& candidate : simpler_scenarios(shrunk.scenario)) {
      if (auto fails = search.fails(candidate)) {
        std::tie(shrunk.scenario, shrunk.mismatch) = *fails;
        ++shrunk.steps;
        improved = true;
        break;
      }
      if (search.exhausted()) break;
    }
    if (improved) continue;
    // Simpler inputs, all in one request; the simplest failing one taken.
    if (const CastScenario* cast = std::get_if<CastScenario>(&shrunk.scenario)) {
      CastScenario batch = *cast;
      batch.elements = simpler_inputs(cast->input(), cast->output(), cast->elements.front());
      if (batch.elements.empty()) break;
      if (auto fails = search.fails(Scenario(batch))) {
        if (size_key(fails->first) < size_key(shrunk.scenario)) {
          std::tie(shrunk.scenario, shrunk.mismatch) = *fails;
          ++shrunk.steps;
          improved = true;
        }
      }
    }
  }
  shrunk.requests = search.requests();
  return shrunk;
}

}  // namespace cvc::fuzz
