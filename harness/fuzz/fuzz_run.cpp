#include "harness/fuzz/fuzz_run.hpp"

#include "harness/fuzz/shrinker.hpp"

namespace cvc::fuzz {
namespace {

// The types the adapter has, among those the run may use.
ScenarioSpace space_for(const FuzzOptions& options, const Handshake& handshake) {
  ScenarioSpace space;
  for (const DataType& type : all_data_types())
    if (handshake.data_types.count(std::string(type.name))) space.types.push_back(&type);
  for (const DataType* type : options.types)
    if (handshake.data_types.count(std::string(type->name))) space.required.push_back(type);
  space.encode = options.encode;
  space.decode = options.decode;
  space.validate = options.validate;
  space.handshake = &handshake;
  space.max_elements = options.max_elements;
  return space;
}

Finding make_finding(const FuzzOptions& options, std::uint64_t index, const Scenario& original,
                     const Shrunk& shrunk) {
  Finding finding;
  finding.seed = options.seed;
  finding.case_index = index;
  finding.original = describe(original);
  if (const CastScenario* cast = std::get_if<CastScenario>(&original))
    finding.original_elements = cast->elements.size();
  finding.scenario = shrunk.scenario;
  finding.mismatch = shrunk.mismatch;
  finding.shrink_requests = shrunk.requests;
  finding.shrink_steps = shrunk.steps;
  finding.reduced_to_one = shrunk.reduced_to_one;
  finding.replay = replay_line(shrunk.scenario);
  finding.explanation = explanation_command(shrunk.scenario, shrunk.mismatch.element);
  return finding;
}

}  // namespace

FuzzOutcome run_fuzz(const FuzzOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  const auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  };
  FuzzOutcome outcome;
  outcome.command = options.checker.command;
  outcome.seed = options.seed;
  ScenarioChecker checker(options.checker);
  std::string why;
  // An adapter that cannot be started throws CannotStartError: no fuzz run, no report.
  if (!checker.start(why)) {
    outcome.interrupted = true;
    return outcome;
  }
  outcome.handshake = checker.handshake();
  const ScenarioSpace space = space_for(options, outcome.handshake);
  FindingSet findings;
  for (std::uint64_t index = 0;; ++index) {
    if (options.max_cases != 0 && index >= options.max_cases) {
      outcome.stopped_because = "case limit";
      break;
    }
    if (options.seconds > 0 && elapsed() >= options.seconds) {
      outcome.stopped_because = "time limit";
      break;
    }
    if (options.max_findings != 0 && findings.findings().size() >= options.max_findings) {
      outcome.stopped_because = "finding limit";
      break;
    }
    if (space.types.empty()) {
      outcome.stopped_because = "no type to fuzz";
      break;
    }
    const Scenario scenario = generate_scenario(options.seed, index, space);
    const CheckResult result = checker.check(scenario);
    outcome.stats.record(scenario, result);
    if (result.status == CheckStatus::Mismatch) {
      // The simplest mismatch of the case stands for it; its class decides whether it is new.
      const FailureClass failure{result.mismatches.front().kind, result.mismatches.front().models};
      const Mismatch* first = simplest_mismatch(scenario, result, failure);
      const std::string key = FindingSet::class_key(scenario, *first);
      if (!findings.count_known(key)) {
        const Shrunk shrunk = shrink(scenario, result, *first, checker, options.shrink_requests);
        outcome.stats.shrink_requests += shrunk.requests;
        findings.add(make_finding(options, index, scenario, shrunk), key);
      }
    }
    if (options.progress)
      options.progress(index + 1, options.max_cases, findings.findings().size());
    if (checker.stopped()) break;
  }
  outcome.stats.requests = checker.requests();
  outcome.findings = findings.findings();
  outcome.incidents = checker.incidents();
  outcome.incident_count = checker.incident_count();
  outcome.interrupted = checker.interrupted();
  outcome.aborted = !checker.abort_reason().empty() && !outcome.interrupted;
  outcome.abort_reason = checker.abort_reason();
  if (outcome.interrupted) outcome.stopped_because = "interrupted";
  if (outcome.aborted) outcome.stopped_because = "aborted";
  outcome.seconds = elapsed();
  checker.close();
  return outcome;
}

int fuzz_exit_code(const FuzzOutcome& outcome) {
  const bool clean = outcome.findings.empty() && outcome.stats.adapter_errors == 0 &&
                     !outcome.aborted && !outcome.interrupted && outcome.stats.compared > 0;
  return clean ? 0 : 1;
}

}  // namespace cvc::fuzz
