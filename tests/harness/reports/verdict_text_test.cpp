// A verdict says how much it covers (harness/reports/verdict_text.hpp): the Result line, the JSON
// report, JUnit and HTML say how many of the selected cases were compared; shares are computed in
// integers (10^17 passed of 10^17 + 1 is never 100%); a run that compared nothing, or was
// interrupted, is never a pass in any form.
#include "harness/reports/verdict_text.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "harness/reports/report_html.hpp"
#include "harness/reports/report_json.hpp"
#include "harness/reports/report_junit.hpp"
#include "harness/reports/report_terminal.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::verdict_text_test {
namespace {

constexpr std::uint64_t kHuge = 100'000'000'000'000'000ULL;  // 10^17

CaseOutcome cast_outcome(Verdict verdict) {
  CaseOutcome outcome;
  outcome.family = "cast";
  outcome.where = "cast/int8.json group 1";
  outcome.operation = "encode";
  outcome.input = find_data_type("int8");
  outcome.output = find_data_type("int16");
  outcome.rule = "nearest-even / clamp";
  outcome.verdict = verdict;
  if (verdict == Verdict::Unsupported)
    outcome.kind = "the adapter does not declare the data type int16 (hello: data_types)";
  return outcome;
}

// A run of `passed` passes and `unsupported` unsupported cases, ended as `end` says.
RunSummary run(std::uint64_t passed, std::uint64_t unsupported, RunEnd end = {}) {
  RunSummary summary;
  RunInfo info;
  info.implementation_name = "synthetic";
  info.harness_version = CVC_VERSION;
  info.selection = "all cases";
  info.run_id = "test-run";
  summary.begin(info);
  if (passed > 0) summary.record_many(cast_outcome(Verdict::Pass), passed);
  if (unsupported > 0) summary.record_many(cast_outcome(Verdict::Unsupported), unsupported);
  summary.end(end);
  return summary;
}

template <typename Writer>
std::string written(Writer writer, const RunSummary& summary) {
  std::ostringstream out;
  writer(summary, out);
  return out.str();
}

std::string terminal(const RunSummary& summary) {
  return written([](const RunSummary& s, std::ostream& out) { write_terminal_report(s, out); },
                 summary);
}

TEST(VerdictTextTest, SharesAreRoundedDownInIntegers) {
  EXPECT_EQ(share_text(kHuge, kHuge + 1), "99.9%");
  EXPECT_EQ(share_text(UINT64_MAX - 1, UINT64_MAX), "99.9%");
  EXPECT_EQ(share_text(808, 252'209), "0.3%");
  EXPECT_EQ(share_text(1, 4), "25.0%");
  EXPECT_EQ(share_text(7, 7), "100%");
  EXPECT_EQ(share_text(0, 7), "0%");
  EXPECT_EQ(share_text(0, 0), "0%");
  EXPECT_EQ(grouped_count(252'209), "252,209");
  EXPECT_EQ(grouped_count(999), "999");
  EXPECT_EQ(grouped_count(1'000), "1,000");
  VerdictCounts counts;
  counts.add(Verdict::Pass, kHuge);
  counts.add(Verdict::Unsupported, 1);
  EXPECT_EQ(passed_percent(counts), 99u);
}

// The example: an adapter declaring one conversion passes 808 cases of 252,209.
TEST(VerdictTextTest, APassSaysHowMuchOfTheSelectionItCompared) {
  const RunSummary summary = run(808, 251'401);
  const std::string expected =
      "PASS: 808 of 252,209 selected cases compared (0.3%), 251,401 unsupported";
  EXPECT_EQ(verdict_text(summary), expected);
  EXPECT_NE(terminal(summary).find("\nResult: " + expected + ", exit code 0\n"), std::string::npos)
      << terminal(summary);
  const nlohmann::ordered_json json = json_report(summary);
  EXPECT_EQ(json["result"], expected);
  EXPECT_EQ(json["accounting"]["compared"], 808u);
  EXPECT_EQ(json["accounting"]["compared_share"], "0.3%");
  EXPECT_EQ(json["run"]["run_id"], "test-run");
  EXPECT_NE(written(&write_junit_report, summary).find(expected), std::string::npos);
  EXPECT_NE(written(&write_html_report, summary).find("Result: " + expected), std::string::npos);
}

// 10^17 passed of 10^17 + 1 selected: a float share rounds this to 100%.
TEST(VerdictTextTest, TenToTheSeventeenOfOneMoreIsNotAHundredPercent) {
  const RunSummary summary = run(kHuge, 1);
  EXPECT_EQ(verdict_text(summary),
            "PASS: 100,000,000,000,000,000 of 100,000,000,000,000,001 selected cases compared "
            "(99.9%), 1 unsupported");
  EXPECT_EQ(json_report(summary)["accounting"]["compared_share"], "99.9%");
}

// A selection whose every case is unsupported compared nothing: never a pass in any form.
TEST(VerdictTextTest, EveryCaseUnsupportedIsNeverAPass) {
  const RunSummary summary = run(0, 5);
  EXPECT_EQ(exit_code(summary), 1);
  const std::string expected =
      "NOTHING COMPARED: 0 of 5 selected cases compared (0%), 5 unsupported: the run certifies "
      "nothing";
  EXPECT_NE(terminal(summary).find("Result: " + expected + ", exit code 1"), std::string::npos)
      << terminal(summary);
  const std::string junit = written(&write_junit_report, summary);
  EXPECT_NE(junit.find("type=\"nothing-compared\""), std::string::npos) << junit;
  EXPECT_NE(junit.find("failures=\"1\""), std::string::npos) << junit;
  EXPECT_EQ(json_report(summary)["result"], expected);
  const RunSummary empty = run(0, 0);
  EXPECT_EQ(verdict_text(empty),
            "NOTHING COMPARED: 0 of 0 selected cases compared (0%): the run certifies nothing");
}

// An interrupted run whose counted cases all passed is incomplete, never a pass.
TEST(VerdictTextTest, AnInterruptedRunIsNeverAPass) {
  RunEnd interrupted;
  interrupted.interrupted = true;
  interrupted.not_reached_known = false;
  const RunSummary summary = run(500, 0, interrupted);
  EXPECT_EQ(exit_code(summary), 1);
  EXPECT_EQ(verdict_text(summary),
            "INCOMPLETE (interrupted): 500 cases compared of 500 counted; the rest of the "
            "selection was not reached (not counted)");
  EXPECT_EQ(json_report(summary)["accounting"]["compared_share"], nullptr);
  RunEnd aborted;
  aborted.aborted = true;
  aborted.not_reached = 1'500;
  EXPECT_EQ(verdict_text(run(500, 0, aborted)),
            "INCOMPLETE (aborted): 500 of 2,000 selected cases compared (25.0%), 1,500 not "
            "reached");
  EXPECT_EQ(terminal(run(500, 0, aborted)).find("Result: PASS"), std::string::npos);
}

}  // namespace
}  // namespace cvc::verdict_text_test
