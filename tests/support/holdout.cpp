#include "tests/support/holdout.hpp"

#include "harness/reports/run_summary.hpp"
#include "harness/run/runner.hpp"
#include "harness/sources/vector_source.hpp"

namespace cvc {

std::optional<ModelCatch> first_vector_catch(const std::string& vectors, const BugModel& model) {
  ModelScanOptions options;
  options.models = BugModelSet::of(bug_model_index(model));
  options.stop_when_all_caught = true;
  return scan_vectors_with_models(vectors, options).models[bug_model_index(model)].first;
}

CaseFilter catch_selection(const ModelCatch& at) {
  CaseFilter filter;
  filter.families = {at.family};
  filter.directions = {at.direction};
  if (at.family != "metadata" && at.family != "chain") filter.types = {at.array_type};
  return filter;
}

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
