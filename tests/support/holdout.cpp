#include "tests/support/holdout.hpp"

#include "harness/reports/run_summary.hpp"
#include "harness/run/runner.hpp"
#include "harness/sources/vector_source.hpp"

namespace cvc {

HoldoutResult run_holdout(const std::string& cvc_binary, const std::string& vectors,
                          const BugModel& model, const CaseFilter& filter) {
  VectorCaseSource source(vectors, filter);
  RunSummary summary;
  RunnerOptions options;
  options.command = cvc_binary + " adapter --mutant " + std::string(model.id);
  options.mode = "holdout";
  run_cases(source, options, {&summary});
  HoldoutResult result;
  result.failures = summary.totals()[Verdict::Fail];
  for (const DiagnosisGroup& group : summary.diagnosis().groups()) {
    if (group.model == &model) result.own += group.cases;
    result.groups += group.id() + ": " + std::to_string(group.cases) + "\n";
  }
  return result;
}

}  // namespace cvc
