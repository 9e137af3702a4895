// The harness end to end, with real adapter processes: the reference adapter is certified, every
// mutant (a known-bug model) is caught (from the published vectors and from live mode), misbehaving
// adapters are recorded as incidents and the run goes on, and an interrupted run still ends its
// reports.
#include "harness/run/runner.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <map>
#include <optional>

#include "harness/protocol/adapter_start.hpp"
#include "harness/reference/mutants.hpp"
#include "harness/reports/run_summary.hpp"
#include "harness/run/bug_model_scan.hpp"
#include "harness/sources/live_source.hpp"
#include "harness/sources/vector_source.hpp"
#include "tests/support/bug_model_params.hpp"
#include "tests/support/holdout.hpp"
#include "tests/support/process_scratch.hpp"

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
  const std::string once = (process_scratch_folder("cvc-misbehaved") / std::string(mode)).string();
  std::filesystem::remove(once);
  return kPython + " " + kSource + "/tests/fixtures/misbehaving_adapter.py --mode " +
         std::string(mode) + " --after " + std::to_string(after) + " --once-file " + once + " -- " +
         adapter();
}

// A small, quick slice of the vectors, for the reference adapter itself.
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
  // Starts are waited for as events (the sanitized reference adapter starts slowly under load).
  options.start_timeout = std::chrono::minutes(10);
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

CaseFilter live_slice() {
  CaseFilter filter;
  filter.types = {"float16", "float64", "int8"};
  return filter;
}

RunResult run_live(const std::string& command, CaseFilter filter = live_slice()) {
  LiveOptions options;
  options.exhaustive = false;
  options.count = 40;
  options.seed = 7;
  LiveCaseSource source(options, std::move(filter));
  return run(source, command);
}

// The sequence numbers of what reaches a sink, in the order it arrives.
class SequenceOrder : public ReportSink {
 public:
  void begin(const RunInfo&) override {}
  void record(const CaseOutcome& outcome) override { record_many(outcome, 1); }
  void record_many(const CaseOutcome& outcome, std::uint64_t count) override {
    calls.emplace_back(outcome.sequence, count);
  }
  void incident(const AdapterIncident&) override {}
  void end(const RunEnd&) override {}
  std::vector<std::pair<std::uint64_t, std::uint64_t>> calls;  // (sequence, count)
};

// Casts are pipelined (several batches in flight), validations are not, and an adapter that does
// not support a pair answers nothing: the outcomes still reach the sinks batch by batch in source
// order, every case once, so that the first examples of a group are the single run's.
TEST(Harness, PipelinedOutcomesReachTheSinksInSourceOrder) {
  CaseFilter filter;
  filter.types = {"int4", "float16"};
  VectorCaseSource source(kSource + "/vectors", filter);
  RunSummary summary;
  SequenceOrder order;
  RunnerOptions options;
  options.command = adapter() + " --no-scalar-map --only-rounding nearest-even";
  options.mode = "test";
  run_cases(source, options, {&summary, &order});
  ASSERT_GT(order.calls.size(), 10u);
  std::uint64_t batch_start = 0, cases = 0;
  for (const auto& [sequence, count] : order.calls) {
    // Within a batch the failures come first, then its passes counted at once (they carry the
    // batch's first sequence): never a case before the current batch.
    EXPECT_GE(sequence, batch_start);
    batch_start = std::max(batch_start, sequence);
    cases += count;
  }
  EXPECT_EQ(cases, summary.cases_counted());
  EXPECT_GT(summary.totals()[Verdict::Unsupported], 0u);
  EXPECT_GT(summary.totals()[Verdict::Pass], 0u);
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

// Every model of the catalogue (harness/bug_models, docs/bug-models.md) served as a mutant is
// caught: by the vectors (the run aimed at the first vector case where the model differs from the
// oracle, found in-process: its family, direction and array type) and by live mode (random cases
// of that case's two types).
class MutantCaught : public testing::TestWithParam<BugModelParam> {};

// Models live mode cannot catch, and why.
const std::map<std::string, std::string> kNotCaughtLive = {
    {"nan-payload-kept", "it only changes which NaN comes out, and any NaN matches any NaN"},
    {"option-values-unchecked", "live mode writes only valid metadata"},
    {"unknown-keys-ignored", "live mode writes only valid metadata"},
    {"scalar-map-shape-unchecked", "live mode writes only valid metadata"},
    {"python-scalar-strings", "live mode writes only valid metadata, with canonical scalars"},
    {"integer-scalars-wrapped", "live mode writes only valid metadata"},
    {"wrap-float-data-type-accepted", "live mode writes only valid metadata"},
    {"codec-order-unchecked", "live mode writes only valid metadata"},
    {"data-type-object-refused", "live mode writes every data_type as a name"},
    {"bare-codec-name-refused", "live mode writes every codec as an object"},
    {"scale-offset-final-check-only", "live mode sends no chain"},
    {"fixed-scale-offset-non-finite-zero", "live mode sends no chain"},
    {"scale-offset-javascript-floats", "live mode sends no chain"},
    {"scale-offset-absent-offset-added", "live mode sends no chain"},
    {"scale-offset-integers-through-float64", "live mode sends no chain"},
    {"scale-offset-fill-not-threaded", "live mode sends no chain, and writes no scale_offset"},
    // zarrs' numcodecs.fixedscaleoffset
    {"fixed-scale-offset-rust-as-saturates", "live mode sends no chain"},
    {"fixed-scale-offset-round-half-away", "live mode sends no chain"},
    {"fixed-scale-offset-cast-through-float32", "live mode sends no chain"},
    {"fixed-scale-offset-float32-operands", "live mode sends no chain"},
    {"fixed-scale-offset-type-strings-prefixed", "live mode sends no chain"},
    {"fixed-scale-offset-float16-unsupported", "live mode sends no chain"},
    {"cast-value-checked-with-array-type",
     "live mode writes one cast_value codec, never one after a type-changing codec"},
    {"scale-offset-javascript-integers", "live mode sends no chain"},
    {"scalar-map-keys-unrounded", "live mode sends no chain"},
    {"numcodecs-fixed-scale-offset", "live mode sends no chain"},
    {"fixed-scale-offset-fill-not-threaded",
     "live mode sends no chain, and writes no numcodecs.fixedscaleoffset"},
    // (GDAL) begin
    {"scale-offset-overflow-clamped", "live mode sends no chain"},
    // (GDAL) end
    // (zarrs 38) begin
    {"fixed-scale-offset-float16-elements-refused", "live mode sends no chain"},
    {"fixed-scale-offset-astype-optional", "live mode writes only valid metadata"},
    {"int-to-small-float-through-float32",
     "its inputs are integers within 2^(k-24) of a midpoint 1.5 * 2^k of float8_e8m0fnu, about one "
     "in 2^23 of live mode's random integers (the vectors hold them: cast/uint32.json)"},
    // (zarrs 38) end
};

// The models the vectors miss (tests/harness/bug_models/bug_models_test.cpp says why): the types
// live mode tries.
const std::map<std::string, std::vector<std::string>> kLiveTypesWhereTheVectorsMiss = {
    {"map-keys-through-double", {"int64", "uint64"}},
};

// Where the vectors first catch the model (scanned in-process, stopping there).
std::optional<ModelCatch> first_catch(const BugModel& model) {
  return first_vector_catch(kSource + "/vectors", model);
}

TEST_P(MutantCaught, ByTheVectors) {
  const BugModel& model = *GetParam();
  const std::optional<ModelCatch> at = first_catch(model);
  if (!at)
    GTEST_SKIP() << model.id << ": no vector case tells it from the oracle "
                 << "(tests/harness/bug_models/bug_models_test.cpp says why)";
  const RunResult result = run_vectors(adapter(model.id), catch_selection(*at));
  EXPECT_GT(result.count(Verdict::Fail), 0u) << model.id << ", aimed at " << at->where;
  EXPECT_NE(exit_code(*result.summary), 0);
}

TEST_P(MutantCaught, ByLiveMode) {
  const BugModel& model = *GetParam();
  if (const auto why = kNotCaughtLive.find(std::string(model.id)); why != kNotCaughtLive.end())
    GTEST_SKIP() << model.id << ": " << why->second;
  const std::optional<ModelCatch> at = first_catch(model);
  CaseFilter filter;
  if (!at) {
    const auto types = kLiveTypesWhereTheVectorsMiss.find(std::string(model.id));
    ASSERT_NE(types, kLiveTypesWhereTheVectorsMiss.end())
        << model.id << ": the vectors miss it; name the types live mode should try";
    filter.types = types->second;
  } else if (at->family == "metadata") {
    filter.types = {at->array_type};
  } else {
    filter.types = {at->array_type, at->data_type};
    filter.directions = {at->direction};
  }
  const RunResult result = run_live(adapter(model.id), filter);
  EXPECT_GT(result.count(Verdict::Fail), 0u) << model.id << ", live around " << at->where;
  EXPECT_NE(exit_code(*result.summary), 0);
}

INSTANTIATE_TEST_SUITE_P(EveryMutant, MutantCaught, testing::ValuesIn(every_bug_model()),
                         bug_model_test_name);

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
                                         "wrong_id", "stray_stdout"),
                         [](const testing::TestParamInfo<std::string>& mode) {
                           return mode.param;
                         });

// An adapter that cannot be started is said once, before any case, as the command and why: no
// run with three identical incidents and an abort (its caller, cvc, exits 2).
std::string cannot_start_message(const std::string& command) {
  CaseFilter filter;
  filter.types = {"int2"};
  VectorCaseSource source(kSource + "/vectors", filter);
  try {
    run(source, command);
  } catch (const CannotStartError& error) {
    return error.what();
  }
  ADD_FAILURE() << "the run of " << command << " began";
  return "";
}

TEST(Harness, AnAdapterThatExitsBeforeItsHelloCannotStart) {
  // (the command, over 200 bytes here, is quoted bounded)
  const std::string message = cannot_start_message(misbehaving("early_exit", 0));
  EXPECT_TRUE(message.starts_with("cannot start the implementation \"")) << message;
  EXPECT_TRUE(message.ends_with(
      "\": it exited before its hello answer: the adapter exited or closed its stdout with the "
      "request pending (exit status 1) (it wrote nothing on stderr)"))
      << message;
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

// --- The chain family (vectors/chain.json, harness/protocol/PROTOCOL.md "Chain") ---------------

CaseFilter chain_family() {
  CaseFilter filter;
  filter.families = {"chain"};
  return filter;
}

TEST(HarnessChains, ReferenceAdapterPassesTheChainFamily) {
  const RunResult result = run_vectors(adapter(), chain_family());
  EXPECT_FALSE(result.end.aborted) << result.end.abort_reason;
  EXPECT_GT(result.count(Verdict::Pass), 100u);
  EXPECT_EQ(result.count(Verdict::Fail), 0u);
  EXPECT_EQ(result.count(Verdict::Divergence), 0u);
  EXPECT_EQ(result.count(Verdict::Unsupported), 0u);
  EXPECT_EQ(result.count(Verdict::AdapterError), 0u);
  EXPECT_EQ(exit_code(*result.summary), 0);
}

// The unsupported cases of a run with their reasons (the terminal report's "got" texts).
class UnsupportedReasons : public ReportSink {
 public:
  void begin(const RunInfo&) override {}
  void record(const CaseOutcome& outcome) override { record_many(outcome, 1); }
  void record_many(const CaseOutcome& outcome, std::uint64_t count) override {
    if (outcome.verdict == Verdict::Unsupported) reasons[outcome.got] += count;
  }
  void incident(const AdapterIncident&) override {}
  void end(const RunEnd&) override {}
  std::map<std::string, std::uint64_t> reasons;
};

RunResult run_chains_with_reasons(const std::string& command, UnsupportedReasons& reasons) {
  VectorCaseSource source(kSource + "/vectors", chain_family());
  RunResult result;
  result.summary = std::make_unique<RunSummary>();
  RunnerOptions options;
  options.command = command;
  options.mode = "test";
  result.end = run_cases(source, options, {result.summary.get(), &reasons});
  return result;
}

TEST(HarnessChains, AnAdapterWithoutChainsHasThemCountedUnsupportedWithTheReason) {
  UnsupportedReasons reasons;
  const RunResult result = run_chains_with_reasons(adapter() + " --no-chains", reasons);
  EXPECT_GT(result.count(Verdict::Unsupported), 100u);
  EXPECT_EQ(result.count(Verdict::Unsupported), result.summary->cases_counted());
  ASSERT_EQ(reasons.reasons.size(), 1u);
  EXPECT_EQ(reasons.reasons.begin()->first,
            "the adapter does not declare the operation chain (hello: operations)");
  // The summary counts them under the same reason, in every chain cell.
  const std::vector<UnsupportedReason> counted = result.summary->unsupported_reasons();
  ASSERT_EQ(counted.size(), 1u);
  EXPECT_EQ(counted.front().reason, reasons.reasons.begin()->first);
  EXPECT_EQ(counted.front().cases, result.count(Verdict::Unsupported));
  EXPECT_EQ(counted.front().cells, result.summary->cells().size());
}

TEST(HarnessChains, ChainCapabilitiesExcludeWhatTheyDoNotDeclare) {
  // A hello that declares decode chains of scale_offset only: encode chains, and decode chains
  // with a cast_value, are never sent; their reason quotes the declaration.
  UnsupportedReasons reasons;
  const std::string patched = kPython + " " + kSource +
                              "/tests/fixtures/misbehaving_adapter.py --mode hello_patch "
                              "--set 'capabilities.chain={\"directions\": [\"decode\"], "
                              "\"codecs\": [\"scale_offset\"]}' -- " +
                              adapter();
  const RunResult result = run_chains_with_reasons(patched, reasons);
  EXPECT_EQ(result.summary->incident_count(), 0u);
  EXPECT_GT(
      reasons.reasons
          [R"(the adapter does not declare chains for encode (hello: capabilities.chain.directions = ["decode"]))"],
      0u);
  EXPECT_GT(
      reasons.reasons
          [R"(the adapter does not declare the codec cast_value in a chain (hello: capabilities.chain.codecs = ["scale_offset"]))"],
      0u);
}

TEST(HarnessChains, ALyingAdapterFailsTheChainsWithoutIncidents) {
  VectorCaseSource source(kSource + "/vectors", chain_family());
  const RunResult result = run(source, misbehaving("liar"));
  EXPECT_EQ(result.summary->incident_count(), 0u);
  EXPECT_GT(result.count(Verdict::Fail), 0u);
  EXPECT_NE(exit_code(*result.summary), 0);
}

TEST(HarnessChains, AWrongCountInAChainAnswerIsAnIncident) {
  VectorCaseSource source(kSource + "/vectors", chain_family());
  const RunResult result =
      run(source, misbehaving("wrong_count", 1), std::chrono::milliseconds(3000));
  EXPECT_GE(result.summary->incident_count(), 1u);
  EXPECT_GT(result.count(Verdict::AdapterError), 0u);
  EXPECT_GT(result.count(Verdict::Pass), 0u);  // the rest of the run
}

TEST(Harness, AMissingAdapterCommandCannotStart) {
  EXPECT_EQ(cannot_start_message("/nonexistent/adapter"),
            "cannot start the implementation \"/nonexistent/adapter\": command not found (exit "
            "status 127) (its stderr: sh: 1: /nonexistent/adapter: not found)");
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
