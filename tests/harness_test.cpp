// The harness end to end, with real adapter processes: the reference adapter is certified, every
// mutant is caught (from the published vectors and from live mode), misbehaving adapters are
// recorded as incidents and the run goes on, and an interrupted run still ends its reports.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>

#include "harness/live_source.hpp"
#include "harness/mutants.hpp"
#include "harness/run_summary.hpp"
#include "harness/runner.hpp"
#include "harness/vector_source.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::harness_test {
namespace {

// Set by CMake: the cvc binary, the source folder (vectors, misbehaving adapters), a Python.
const std::string kCvc = CVC_BINARY;
const std::string kSource = CVC_SOURCE_DIR;
const std::string kPython = CVC_TEST_PYTHON;

std::string adapter(std::string_view mutant = "none") {
  return kCvc + " adapter --mutant " + std::string(mutant);
}

// A proxy to the reference adapter that misbehaves once per run (the restarted adapter behaves).
std::string misbehaving(std::string_view mode, int after = 2) {
  const std::string once =
      (std::filesystem::temp_directory_path() /
       ("cvc-misbehaved-" + std::to_string(::getpid()) + "-" + std::string(mode)))
          .string();
  std::filesystem::remove(once);
  return kPython + " " + kSource + "/tests/fixtures/misbehaving_adapter.py --mode " +
         std::string(mode) + " --after " + std::to_string(after) + " --once-file " + once + " -- " +
         adapter();
}

// A small, quick slice of the vectors that still holds every kind of case a mutant breaks.
CaseFilter vector_slice() {
  CaseFilter filter;
  filter.types = {"float16"};
  return filter;
}

struct RunResult {
  RunEnd end;
  std::unique_ptr<RunSummary> summary;
  std::uint64_t count(Verdict verdict) const { return summary->totals()[verdict]; }
};

RunResult run(CaseSource& source, const std::string& command,
              std::chrono::milliseconds timeout = std::chrono::milliseconds(20000),
              const std::atomic<bool>* interrupted = nullptr,
              std::function<void(std::uint64_t, std::uint64_t, const std::string&)> progress = {}) {
  RunResult result;
  result.summary = std::make_unique<RunSummary>();
  RunnerOptions options;
  options.command = command;
  options.timeout = timeout;
  options.mode = "test";
  options.interrupted = interrupted;
  options.progress = std::move(progress);
  result.end = run_cases(source, options, {result.summary.get()});
  return result;
}

RunResult run_vectors(const std::string& command, CaseFilter filter = vector_slice()) {
  VectorCaseSource source(kSource + "/vectors", std::move(filter));
  return run(source, command);
}

RunResult run_live(const std::string& command) {
  LiveOptions options;
  options.exhaustive = false;
  options.count = 40;
  options.seed = 7;
  CaseFilter filter;
  filter.types = {"float16", "float64", "int8"};
  LiveCaseSource source(options, filter);
  return run(source, command);
}

TEST(Harness, ReferenceAdapterPassesTheVectorSlice) {
  const RunResult result = run_vectors(adapter());
  EXPECT_FALSE(result.end.aborted) << result.end.abort_reason;
  EXPECT_GT(result.count(Verdict::Pass), 10000u);
  EXPECT_EQ(result.count(Verdict::Fail), 0u);
  EXPECT_EQ(result.count(Verdict::Divergence), 0u);
  EXPECT_EQ(result.count(Verdict::AdapterError), 0u);
  EXPECT_EQ(exit_code(*result.summary), 0);
}

TEST(Harness, ReferenceAdapterPassesLiveRandom) {
  const RunResult result = run_live(adapter());
  EXPECT_GT(result.count(Verdict::Pass), 1000u);
  EXPECT_EQ(result.count(Verdict::Fail), 0u);
  EXPECT_EQ(exit_code(*result.summary), 0);
}

class MutantCaught : public testing::TestWithParam<MutantInfo> {};

TEST_P(MutantCaught, ByTheVectors) {
  CaseFilter filter = vector_slice();
  filter.types.push_back("float64");  // double rounding needs inputs wider than float32
  filter.types.push_back("int8");     // int8's range limits
  const RunResult result = run_vectors(adapter(GetParam().name), filter);
  EXPECT_GT(result.count(Verdict::Fail), 0u) << GetParam().bug;
  EXPECT_NE(exit_code(*result.summary), 0);
}

TEST_P(MutantCaught, ByLiveMode) {
  const RunResult result = run_live(adapter(GetParam().name));
  EXPECT_GT(result.count(Verdict::Fail), 0u) << GetParam().bug;
  EXPECT_NE(exit_code(*result.summary), 0);
}

std::vector<MutantInfo> real_mutants() {
  std::vector<MutantInfo> mutants;
  for (const MutantInfo& info : all_mutants())
    if (info.mutant != Mutant::None) mutants.push_back(info);
  return mutants;
}

INSTANTIATE_TEST_SUITE_P(EveryMutant, MutantCaught, testing::ValuesIn(real_mutants()),
                         [](const testing::TestParamInfo<MutantInfo>& param_info) {
                           std::string name(param_info.param.name);
                           std::erase(name, '-');
                           return name;
                         });

// Misbehaving adapters: a proxy to the reference adapter that misbehaves once, at the third
// request. The run records the incident, restarts the adapter and goes on.
class Misbehaving : public testing::TestWithParam<std::string> {};

TEST_P(Misbehaving, IsRecordedAndTheRunGoesOn) {
  CaseFilter filter;
  filter.types = {"int4"};
  filter.families = {"cast"};
  VectorCaseSource source(kSource + "/vectors", filter);
  const RunResult result = run(source, misbehaving(GetParam()), std::chrono::milliseconds(3000));
  EXPECT_FALSE(result.end.aborted) << result.end.abort_reason;
  ASSERT_GE(result.summary->incident_count(), 1u);
  EXPECT_GT(result.count(Verdict::AdapterError), 0u);  // the cases of the spoiled request
  EXPECT_GT(result.count(Verdict::Pass), 1000u);       // and the rest of the run
  EXPECT_EQ(result.count(Verdict::Fail), 0u);
  EXPECT_NE(exit_code(*result.summary), 0);  // adapter errors are not a pass
}

INSTANTIATE_TEST_SUITE_P(EveryMode, Misbehaving,
                         testing::Values("crash", "hang", "garbage", "malformed", "wrong_count",
                                         "wrong_id", "stray_stdout"));

TEST(Harness, AnAdapterThatNeverShakesHandsAbortsTheRun) {
  CaseFilter filter;
  filter.types = {"int2"};
  VectorCaseSource source(kSource + "/vectors", filter);
  const RunResult result = run(source, misbehaving("early_exit", 0));
  EXPECT_TRUE(result.end.aborted);
  EXPECT_GE(result.summary->incident_count(), 3u);
  EXPECT_NE(exit_code(*result.summary), 0);
}

TEST(Harness, ALyingAdapterFailsWithoutIncidents) {
  CaseFilter filter;
  filter.types = {"int2"};
  filter.families = {"cast"};
  VectorCaseSource source(kSource + "/vectors", filter);
  const RunResult result = run(source, misbehaving("liar"));
  EXPECT_EQ(result.summary->incident_count(), 0u);
  EXPECT_GT(result.count(Verdict::Fail), 0u);
}

TEST(Harness, AMissingAdapterCommandAbortsWithAReason) {
  CaseFilter filter;
  filter.types = {"int2"};
  VectorCaseSource source(kSource + "/vectors", filter);
  const RunResult result = run(source, "/nonexistent/adapter");
  EXPECT_TRUE(result.end.aborted);
  EXPECT_FALSE(result.end.abort_reason.empty());
}

TEST(Harness, InterruptionEndsTheReportsWithWhatWasObtained) {
  CaseFilter filter;
  filter.types = {"int4"};
  VectorCaseSource source(kSource + "/vectors", filter);
  std::atomic<bool> interrupted{false};
  const RunResult result = run(source, adapter(), std::chrono::milliseconds(20000), &interrupted,
                               [&](std::uint64_t done, std::uint64_t, const std::string&) {
                                 if (done >= 500) interrupted = true;
                               });
  EXPECT_TRUE(result.end.interrupted);
  EXPECT_TRUE(result.summary->ended());
  EXPECT_GE(result.count(Verdict::Pass), 500u);
  EXPECT_NE(exit_code(*result.summary), 0);
}

}  // namespace
}  // namespace cvc::harness_test
