// cvc fuzz (harness/fuzz/): reference mutants are found and shrunk within a small case budget to
// a case within the stated bound (shrink_bound.hpp), the reference adapter yields nothing, runs are
// reproducible, the shrinker is what makes findings small, and the command's exit codes. The
// sweep over every mutant is tests/long/fuzz_long_test.cpp.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <string>

#include "harness/fuzz/fuzz_run.hpp"
#include "harness/fuzz/fuzz_stats.hpp"
#include "harness/fuzz/shrink_bound.hpp"

namespace cvc::fuzz_test {
namespace {

const std::string kCvc = CVC_BINARY;

fuzz::FuzzOutcome fuzz_adapter(const std::string& mutant, std::uint64_t cases,
                               std::uint64_t max_findings = 1,
                               std::uint64_t shrink_requests = 400) {
  fuzz::FuzzOptions options;
  options.checker.command = kCvc + " adapter" + (mutant.empty() ? "" : " --mutant " + mutant);
  options.checker.timeout = std::chrono::milliseconds(30000);
  options.seed = 1;
  options.max_cases = cases;
  options.max_findings = max_findings;
  options.shrink_requests = shrink_requests;
  return fuzz::run_fuzz(options);
}

bool reproduced_by(const fuzz::Finding& finding, const std::string& model) {
  const BugModel* bug = find_bug_model(model);
  return bug != nullptr && finding.mismatch.models.contains(bug_model_index(*bug));
}

// A handful of mutants, one per kind of feature (ties in a cast, a scalar_map gap of the vectors,
// duplicate keys, a refused configuration, metadata): each found within 200 cases of seed 1.
class FuzzFindsMutant : public ::testing::TestWithParam<const char*> {};

TEST_P(FuzzFindsMutant, AndShrinksItWithinTheBound) {
  const std::string mutant = GetParam();
  const fuzz::FuzzOutcome outcome = fuzz_adapter(mutant, 200);
  ASSERT_EQ(outcome.findings.size(), 1u) << mutant << " not found in 200 cases";
  const fuzz::Finding& finding = outcome.findings.front();
  EXPECT_TRUE(reproduced_by(finding, mutant)) << finding.models_text();
  EXPECT_EQ(fuzz::exceeds_shrink_bound(finding.scenario), "") << fuzz::describe(finding.scenario);
  EXPECT_EQ(fuzz::fuzz_exit_code(outcome), 1);
}

INSTANTIATE_TEST_SUITE_P(Mutants, FuzzFindsMutant,
                         ::testing::Values("ties-away", "map-keys-through-double",
                                           "last-duplicate-wins", "float-rounding-refused",
                                           "option-values-unchecked", "hex-map-scalars-refused"),
                         [](const auto& test) {
                           std::string name = test.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(Fuzz, TheReferenceAdapterYieldsNothing) {
  const fuzz::FuzzOutcome outcome = fuzz_adapter("", 300, 0);
  EXPECT_TRUE(outcome.findings.empty()) << fuzz::describe(outcome.findings.front().scenario);
  EXPECT_EQ(outcome.stats.compared, 300u);
  EXPECT_GT(outcome.stats.features.at("scalar_map").scenarios, 0u);
  EXPECT_GT(outcome.stats.features.at("clamp").scenarios, 0u);
  EXPECT_GT(outcome.stats.features.at("wrap").scenarios, 0u);
  EXPECT_GT(outcome.stats.features.at("validate").scenarios, 0u);
  EXPECT_EQ(fuzz::fuzz_exit_code(outcome), 0);
}

TEST(Fuzz, TheSameSeedGivesTheSameFindings) {
  const fuzz::FuzzOutcome first = fuzz_adapter("map-keys-through-double", 300, 0);
  const fuzz::FuzzOutcome second = fuzz_adapter("map-keys-through-double", 300, 0);
  ASSERT_FALSE(first.findings.empty());
  ASSERT_EQ(first.findings.size(), second.findings.size());
  for (std::size_t i = 0; i < first.findings.size(); ++i) {
    EXPECT_EQ(first.findings[i].case_index, second.findings[i].case_index);
    EXPECT_EQ(first.findings[i].replay, second.findings[i].replay);
  }
  EXPECT_EQ(first.stats.elements, second.stats.elements);
}

TEST(Fuzz, CasesDependOnTheSeedAndIndexOnly) {
  fuzz::ScenarioSpace space;
  for (const DataType& type : all_data_types()) space.types.push_back(&type);
  EXPECT_EQ(fuzz::canonical_text(fuzz::generate_scenario(7, 41, space)),
            fuzz::canonical_text(fuzz::generate_scenario(7, 41, space)));
  EXPECT_NE(fuzz::canonical_text(fuzz::generate_scenario(7, 41, space)),
            fuzz::canonical_text(fuzz::generate_scenario(8, 41, space)));
}

// Teeth of the shrinker: without its requests the same finding stays as generated (many elements,
// over the bound); with them it is one element, and that one element still fails when sent again.
TEST(Fuzz, TheShrinkerIsWhatMakesFindingsSmall) {
  const fuzz::FuzzOutcome unshrunk = fuzz_adapter("ties-away", 200, 1, 0);
  ASSERT_EQ(unshrunk.findings.size(), 1u);
  EXPECT_NE(fuzz::exceeds_shrink_bound(unshrunk.findings.front().scenario), "");
  const fuzz::FuzzOutcome shrunk = fuzz_adapter("ties-away", 200, 1);
  ASSERT_EQ(shrunk.findings.size(), 1u);
  EXPECT_EQ(shrunk.findings.front().case_index, unshrunk.findings.front().case_index);
  EXPECT_LT(fuzz::size_key(shrunk.findings.front().scenario),
            fuzz::size_key(unshrunk.findings.front().scenario));
  fuzz::CheckerOptions options;
  options.command = kCvc + " adapter --mutant ties-away";
  fuzz::ScenarioChecker checker(options);
  std::string why;
  ASSERT_TRUE(checker.start(why)) << why;
  EXPECT_EQ(checker.check(shrunk.findings.front().scenario).status, fuzz::CheckStatus::Mismatch);
  checker.close();
  fuzz::ScenarioChecker oracle({kCvc + " adapter"});
  ASSERT_TRUE(oracle.start(why)) << why;
  EXPECT_EQ(oracle.check(shrunk.findings.front().scenario).status, fuzz::CheckStatus::Match);
}

// A chain the core spec forbids (two array -> bytes codecs, or none: zarr-specs
// docs/v3/core/index.rst, "Codecs"), which an implementation rightly refuses: the fuzzer expects
// the refusal and reports no mismatch. The mutant refuses them for their bare "bytes" name, as
// zarr-python does; it would be reported when the oracle called these chains valid (issue 33).
TEST(Fuzz, AnImplementationRefusingAMalformedChainIsRight) {
  fuzz::ScenarioChecker checker({kCvc + " adapter --mutant bare-codec-name-refused"});
  std::string why;
  ASSERT_TRUE(checker.start(why)) << why;
  const nlohmann::json cast = {{"name", "cast_value"}, {"configuration", {{"data_type", "int8"}}}};
  for (const nlohmann::json& codecs :
       {nlohmann::json::array({cast, "bytes", "bytes"}), nlohmann::json::array({"bytes", "bytes"}),
        nlohmann::json::array({"bytes", cast})}) {
    const fuzz::CheckResult result =
        checker.check(fuzz::ValidateScenario{"float32", 0, codecs, "codec order"});
    EXPECT_EQ(result.status, fuzz::CheckStatus::Match) << codecs.dump() << ": " << result.detail;
  }
  checker.close();
}

int exit_status(const std::string& arguments) {
  const int status = std::system((kCvc + " fuzz " + arguments + " >/dev/null 2>&1").c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(Fuzz, ExitCodes) {
  const std::string adapter = "--impl '" + kCvc + " adapter";
  EXPECT_EQ(exit_status(adapter + "' --cases 50"), 0);
  EXPECT_EQ(exit_status(adapter + " --mutant ties-away' --cases 200 --max-findings 1"), 1);
  EXPECT_EQ(exit_status(adapter + "' --cases 0"), 2);
  EXPECT_EQ(exit_status(adapter + "' --type float99"), 2);
  EXPECT_EQ(exit_status(adapter + "' --direction sideways"), 2);
  EXPECT_EQ(exit_status("--cases 5"), 2);                  // no --impl
  EXPECT_EQ(exit_status("--impl 'exit 3' --cases 5"), 2);  // an adapter that cannot start
}

// Nothing silently dropped: every scenario lost to an adapter error is counted under its reason
// (the terminal's "lost:" lines, the JSON's stats.adapter_error_reasons), as unsupported ones are.
TEST(Fuzz, EveryLostScenarioKeepsItsReason) {
  fuzz::FuzzStats stats;
  const fuzz::Scenario scenario = fuzz::ValidateScenario{"float32", 0, nlohmann::json::array(), ""};
  fuzz::CheckResult lost;
  lost.status = fuzz::CheckStatus::AdapterError;
  for (const char* detail :
       {"adapter error: cannot size", "adapter error: cannot size", "crash: exit status 134"}) {
    lost.detail = detail;
    stats.record(scenario, lost);
  }
  EXPECT_EQ(stats.adapter_errors, 3u);
  EXPECT_EQ(stats.compared, 0u);
  EXPECT_EQ(stats.adapter_error_why,
            (std::map<std::string, std::uint64_t>{{"adapter error: cannot size", 2},
                                                  {"crash: exit status 134", 1}}));
}

// The JSON and JUnit reports are written, and the JSON follows its schema.
TEST(Fuzz, ReportsFollowTheSchema) {
  const std::string dir = ::testing::TempDir() + "cvc_fuzz_reports";
  const std::string impl = "--impl '" + kCvc + " adapter --mutant hex-map-scalars-refused'";
  EXPECT_EQ(exit_status(impl + " --cases 100 --report-dir " + dir), 1);
  const std::string python = CVC_TEST_PYTHON;
  const std::string check =
      python +
      " -c 'import json, sys, jsonschema; jsonschema.validate(json.load(open(sys.argv[1])), "
      "json.load(open(sys.argv[2])))' " +
      dir + "/fuzz.json " + CVC_SOURCE_DIR + "/harness/fuzz/fuzz-report.schema.json";
  EXPECT_EQ(std::system(check.c_str()), 0) << check;
  EXPECT_EQ(std::system(("grep -q '<failure' " + dir + "/fuzz.xml").c_str()), 0);
}

}  // namespace
}  // namespace cvc::fuzz_test
