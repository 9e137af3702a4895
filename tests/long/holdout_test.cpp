// The holdout check on the whole published vectors (label "long": about ten seconds per model):
// each mutant of the reference adapter is diagnosed as its own known-bug model for every one of its
// failures (the diagnosis matches with the functions the mutants answer by:
// harness/bug_models/model_answer.hpp; tests/harness/run/mutant_diagnosis_test.cpp checks the
// same, with replay and fuzz, on a selection in the default run).
#include "tests/support/holdout.hpp"

#include <gtest/gtest.h>

namespace cvc::holdout_test {
namespace {

class Holdout : public testing::TestWithParam<BugModelParam> {};

TEST_P(Holdout, MutantIsDiagnosedAsItsOwnModelOnTheWholeVectors) {
  const BugModel& model = *GetParam();
  const HoldoutResult result =
      run_holdout(CVC_BINARY, std::string(CVC_SOURCE_DIR) + "/vectors", model, CaseFilter{});
  // Whether each model is caught by the vectors at all is
  // tests/harness/bug_models/bug_models_test.cpp's question (with the documented exceptions: a bug
  // the harness's comparison cannot see, a vector gap).
  if (result.failures == 0) GTEST_SKIP() << model.id << " fails no vector case";
  EXPECT_EQ(result.own, result.failures)
      << model.id << ": " << result.own << " of " << result.failures << " failures\n"
      << result.groups;
  std::cout << model.id << ": " << result.own << " of " << result.failures
            << " failures diagnosed as its own model\n";
}

INSTANTIATE_TEST_SUITE_P(EveryModel, Holdout, testing::ValuesIn(every_bug_model()),
                         bug_model_test_name);

}  // namespace
}  // namespace cvc::holdout_test
