// Every model of the catalogue reproduces its own mutant on every case where the mutant differs
// from the oracle, on the three paths that diagnose a failure. The mutant (`cvc adapter --mutant
// ID`, a real adapter process) runs over the vectors where the model is first caught (that case's
// family, direction and array type, every configuration of them), and every failure of the run
// must be diagnosed with its model, the report's groups naming it alone (nothing unexplained). The
// first failure of each kind is sent again with `cvc replay`, which must name the model; and the
// same request judged by the fuzzer's scenario check (whose labels the shrinker and the findings
// keep) must be marked with it too.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <map>

#include "harness/bug_models/bug_model.hpp"
#include "harness/fuzz/scenario_check.hpp"
#include "harness/reports/run_summary.hpp"
#include "harness/run/diagnosis.hpp"
#include "harness/run/runner.hpp"
#include "harness/sources/vector_source.hpp"
#include "harness/text/shell_quote.hpp"
#include "tests/support/bug_model_params.hpp"
#include "tests/support/holdout.hpp"

namespace cvc::mutant_diagnosis_test {
namespace {

const std::string kCvc = CVC_BINARY;
const std::string kSource = CVC_SOURCE_DIR;

std::string mutant_command(const BugModel& model) {
  return kCvc + " adapter --mutant " + std::string(model.id);
}

bool has(BugModelSet models, const BugModel& model) {
  return models.contains(bug_model_index(model));
}

// Every failure of the run: how many, how many not diagnosed as the model, and the first failure
// of each kind and diagnosis with its request (kept by value: the runner's requests do not outlive
// a batch).
class Failures : public ReportSink {
 public:
  explicit Failures(const BugModel& model) : model_(model) {}
  void begin(const RunInfo&) override {}
  void record(const CaseOutcome& outcome) override {
    if (outcome.verdict != Verdict::Fail) return;
    ++failures;
    if (!has(outcome.models, model_)) {
      ++not_diagnosed;
      if (first_not_diagnosed.empty())
        first_not_diagnosed = outcome.where + " (" + outcome.kind + ")";
    }
    const std::pair<std::string, BugModelSet> key{outcome.kind, outcome.models};
    if (firsts.count(key) != 0) return;
    First& first = firsts[key];
    first.replay = replay_line(outcome);
    first.where = outcome.where;
    first.input = outcome.input_bits;
    if (outcome.cast_request != nullptr) first.cast = *outcome.cast_request;
    if (outcome.validate_request != nullptr) first.validate = *outcome.validate_request;
  }
  void incident(const AdapterIncident& incident) override {
    incidents.push_back(incident.kind + ": " + incident.detail);
  }
  void end(const RunEnd&) override {}

  struct First {
    std::string replay, where;
    std::uint64_t input = 0;
    std::optional<CastRequest> cast;
    std::optional<ValidateRequest> validate;
  };
  std::uint64_t failures = 0, not_diagnosed = 0;
  std::string first_not_diagnosed;
  std::map<std::pair<std::string, BugModelSet>, First> firsts;  // by kind and diagnosis
  std::vector<std::string> incidents;

 private:
  const BugModel& model_;
};

// The output of `cvc replay` for one line against the mutant.
std::string replay_output(const BugModel& model, const std::string& line) {
  const std::string command = kCvc + " replay --impl " + shell_quoted(mutant_command(model)) + " " +
                              shell_quoted(line) + " 2>&1";
  std::string output;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return "popen failed";
  std::array<char, 4096> buffer{};
  while (const std::size_t read = fread(buffer.data(), 1, buffer.size(), pipe))
    output.append(buffer.data(), read);
  pclose(pipe);
  return output;
}

// The lines of a replay's output that name models (after "reproducing it: " or "refuse it: "),
// from those markers on (the adapter's name, which holds the mutant's id, is on a line of its own).
std::vector<std::string> diagnosis_lines(const std::string& output) {
  std::vector<std::string> lines;
  for (std::size_t start = 0; start < output.size();) {
    const std::size_t end = std::min(output.find('\n', start), output.size());
    const std::string line = output.substr(start, end - start);
    for (const char* marker : {"reproducing it: ", "refuse it: "})
      if (const std::size_t at = line.find(marker); at != std::string::npos)
        lines.push_back(line.substr(at));
    start = end + 1;
  }
  return lines;
}

// The fuzzer's scenario for a cast request of the vectors (one element: `input`).
fuzz::CastScenario cast_scenario(const CastRequest& request, std::uint64_t input) {
  fuzz::CastScenario scenario;
  scenario.direction = request.direction;
  scenario.array_type = request.array_type;
  const nlohmann::json& configuration = request.codec.at("configuration");
  scenario.data_type = &data_type(configuration.at("data_type").get<std::string>());
  if (configuration.contains("rounding"))
    scenario.rounding = parse_rounding(configuration.at("rounding").get<std::string>());
  if (configuration.contains("out_of_range"))
    scenario.out_of_range = parse_out_of_range(configuration.at("out_of_range").get<std::string>());
  if (const auto map = configuration.find("scalar_map"); map != configuration.end()) {
    scenario.encode_map = map->value("encode", nlohmann::json());
    scenario.decode_map = map->value("decode", nlohmann::json());
  }
  scenario.fill_value = request.fill_value;
  scenario.elements = {input};
  return scenario;
}

// The fuzzer's verdict on the request: every mismatch marked with the model.
void expect_fuzz_diagnoses(const BugModel& model, const Failures::First& first) {
  std::optional<fuzz::Scenario> scenario;
  if (first.cast && !first.cast->is_chain()) scenario = cast_scenario(*first.cast, first.input);
  if (first.validate)
    scenario = fuzz::ValidateScenario{first.validate->array_data_type, first.validate->fill_value,
                                      first.validate->codecs, ""};
  if (!scenario) return;  // the fuzzer sends no chain requests
  fuzz::CheckerOptions options;
  options.command = mutant_command(model);
  options.strict = false;
  fuzz::ScenarioChecker checker(options);
  std::string why;
  ASSERT_TRUE(checker.start(why)) << why;
  const fuzz::CheckResult result = checker.check(*scenario);
  ASSERT_EQ(result.status, fuzz::CheckStatus::Mismatch) << result.detail;
  for (const fuzz::Mismatch& mismatch : result.mismatches)
    EXPECT_TRUE(has(mismatch.models, model))
        << "fuzz: " << mismatch.kind << ", got " << mismatch.got;
}

class MutantDiagnosed : public testing::TestWithParam<BugModelParam> {};

TEST_P(MutantDiagnosed, AsItselfInRunReplayAndFuzz) {
  const BugModel& model = *GetParam();
  // Where the vectors first catch the model, as EveryMutant/MutantCaught.ByTheVectors aims.
  const std::optional<ModelCatch> at = first_vector_catch(kSource + "/vectors", model);
  if (!at) GTEST_SKIP() << model.id << ": the vectors do not catch it (bug_models_test.cpp: why)";
  VectorCaseSource source(kSource + "/vectors", catch_selection(*at));
  RunSummary summary;
  Failures failures(model);
  RunnerOptions options;
  options.command = mutant_command(model);
  options.mode = "test";
  const RunEnd end = run_cases(source, options, {&summary, &failures});
  ASSERT_FALSE(end.aborted) << end.abort_reason;
  EXPECT_TRUE(failures.incidents.empty()) << failures.incidents.front();
  ASSERT_GT(failures.failures, 0u) << "the mutant is not caught where the scan says it differs";
  // The run: every failure, and the report's groups.
  EXPECT_EQ(failures.not_diagnosed, 0u)
      << "of " << failures.failures << " failures; the first: " << failures.first_not_diagnosed;
  // Each group names the model, or (on this selection of the vectors) a model of the catalogue
  // before it that reproduces every failure of the run too: a tie broken by catalogue order
  // (harness/run/diagnosis.cpp); over the whole vectors no earlier model ties
  // (BugModelsOnTheVectors checks the order).
  for (const DiagnosisGroup& group : summary.diagnosis().groups()) {
    ASSERT_NE(group.model, nullptr) << "a group of " << group.cases << ": " << group.title();
    if (group.model == &model) continue;
    std::uint64_t reproduced = 0;
    for (const Diagnosis::BucketEntry& bucket : summary.diagnosis().buckets())
      if (has(bucket.models, *group.model)) reproduced += bucket.cases;
    EXPECT_EQ(reproduced, failures.failures)
        << "a group of " << group.cases << " named " << group.model->id << ", which does not tie";
    EXPECT_LT(bug_model_index(*group.model), bug_model_index(model)) << group.model->id;
  }
  for (const auto& [key, first] : failures.firsts) {
    SCOPED_TRACE(key.first + " at " + first.where);
    // The replay names the model: "known-bug models reproducing it: ..." or "models that refuse
    // it: ...", never "none (unexplained)".
    const std::string output = replay_output(model, first.replay);
    EXPECT_EQ(output.find("none (unexplained)"), std::string::npos) << output;
    const std::vector<std::string> named = diagnosis_lines(output);
    EXPECT_FALSE(named.empty()) << output;
    for (const std::string& line : named)
      EXPECT_NE(line.find(std::string(model.id)), std::string::npos) << output;
    expect_fuzz_diagnoses(model, first);
  }
}

INSTANTIATE_TEST_SUITE_P(EveryMutant, MutantDiagnosed, testing::ValuesIn(every_bug_model()),
                         bug_model_test_name);

}  // namespace
}  // namespace cvc::mutant_diagnosis_test
