// The full mutant sweep of cvc fuzz (label long): every reference mutant the harness can see is
// found within 4000 cases of seed 1 and shrunk within the bound (shrink_bound.hpp), and the
// reference adapter yields nothing in 20000 cases. Left out: nan-payload-kept alone (the harness
// compares any NaN with any NaN, harness/protocol/PROTOCOL.md, so no fuzzer can see it). The
// models of scale_offset and numcodecs.fixedscaleoffset are swept too: chain scenarios reach their
// chains, and validate scenarios with a scale_offset first the fill value's way through it.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "harness/fuzz/fuzz_run.hpp"
#include "harness/fuzz/shrink_bound.hpp"

namespace cvc::fuzz_long_test {
namespace {

const std::string kCvc = CVC_BINARY;

fuzz::FuzzOptions options_for(const std::string& adapter_arguments, std::uint64_t cases) {
  fuzz::FuzzOptions options;
  options.checker.command = kCvc + " adapter" + adapter_arguments;
  options.checker.timeout = std::chrono::milliseconds(60000);
  options.seed = 1;
  options.max_cases = cases;
  return options;
}

bool fuzz_can_see(const BugModel& model) {
  return model.id != "nan-payload-kept";
}

std::vector<std::string> visible_mutants() {
  std::vector<std::string> ids;
  for (const BugModel& model : bug_models())
    if (fuzz_can_see(model)) ids.emplace_back(model.id);
  return ids;
}

// The model left out is the one named above, and no more: a new model is swept unless it is of
// the kind the fuzzer cannot see.
TEST(FuzzLong, LeavesOutOnlyWhatTheFuzzerCannotReach) {
  std::vector<std::string> left_out;
  for (const BugModel& model : bug_models())
    if (!fuzz_can_see(model)) left_out.emplace_back(model.id);
  EXPECT_EQ(left_out, std::vector<std::string>{"nan-payload-kept"});
}

class FuzzSweep : public ::testing::TestWithParam<std::string> {};

TEST_P(FuzzSweep, FindsAndShrinksTheMutant) {
  fuzz::FuzzOptions options = options_for(" --mutant " + GetParam(), 4000);
  options.max_findings = 1;
  const fuzz::FuzzOutcome outcome = fuzz::run_fuzz(options);
  ASSERT_EQ(outcome.findings.size(), 1u) << GetParam() << " not found in 4000 cases";
  const fuzz::Finding& finding = outcome.findings.front();
  const BugModel* model = find_bug_model(GetParam());
  ASSERT_NE(model, nullptr);
  EXPECT_TRUE(finding.mismatch.models.contains(bug_model_index(*model))) << finding.models_text();
  EXPECT_EQ(fuzz::exceeds_shrink_bound(finding.scenario), "") << fuzz::describe(finding.scenario);
}

INSTANTIATE_TEST_SUITE_P(EveryMutant, FuzzSweep, ::testing::ValuesIn(visible_mutants()),
                         [](const auto& test) {
                           std::string name = test.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(FuzzLong, TheReferenceAdapterYieldsNothingInALongRun) {
  const fuzz::FuzzOutcome outcome = fuzz::run_fuzz(options_for("", 20000));
  EXPECT_TRUE(outcome.findings.empty()) << fuzz::describe(outcome.findings.front().scenario) << ": "
                                        << outcome.findings.front().replay;
  EXPECT_EQ(outcome.stats.compared, 20000u);
  EXPECT_EQ(outcome.stats.adapter_errors, 0u);
}

}  // namespace
}  // namespace cvc::fuzz_long_test
