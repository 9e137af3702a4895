// Hostile reports and texts on the report surfaces (issue 22): a report whose parts disagree is
// refused when read back, counts never wrap, the terminal report and issue drafts quote outside
// text bounded (with lists and tables cut), and a report file is written atomically (destroyed
// unfinished, the earlier file is untouched; a FIFO is refused, never opened for writing).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "harness/reports/issue_drafts.hpp"
#include "harness/reports/report_json.hpp"
#include "harness/reports/report_json_read.hpp"
#include "harness/reports/report_output.hpp"
#include "harness/reports/report_terminal.hpp"
#include "harness/reports/run_summary.hpp"
#include "harness/reports/summary_consistency.hpp"
#include "tests/support/sample_outcome.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::report_bounds_test {
namespace {

namespace fs = std::filesystem;

CaseOutcome case_of(Verdict verdict, std::uint64_t sequence, std::string rule = "nearest-even") {
  CaseOutcome outcome = test_support::sample_outcome(verdict, std::move(rule));
  outcome.family = "live";
  outcome.where = "live case #" + std::to_string(sequence);
  outcome.sequence = sequence;
  return outcome;
}

// A small run with passes and failures, ended.
RunSummary failing_run(SummaryLimits limits = {}) {
  RunSummary summary(limits);
  RunInfo info;
  info.command = "cvc adapter --mutant x";
  info.implementation_name = "synthetic";
  info.harness_version = CVC_VERSION;
  summary.begin(info);
  for (std::uint64_t i = 0; i < 6; ++i)
    summary.record(case_of(i % 3 == 0 ? Verdict::Fail : Verdict::Pass, i));
  summary.end({});
  return summary;
}

nlohmann::json report_json(const RunSummary& summary) {
  std::ostringstream text;
  write_json_report(summary, text);
  return nlohmann::json::parse(text.str());
}

TEST(ReportConsistency, ARunsOwnReportAgreesAndReadsBack) {
  const RunSummary summary = failing_run();
  EXPECT_EQ(summary_disagreement(summary), std::nullopt);
  const RunSummary read = read_json_report(report_json(summary));
  EXPECT_EQ(read.totals().by_verdict, summary.totals().by_verdict);
  EXPECT_EQ(exit_code(read), 1);
}

// Failures relabelled as passes in the counts but not in the diagnosis: refused, not a PASS.
TEST(ReportConsistency, FailuresRelabelledAsPassesAreRefused) {
  nlohmann::json report = report_json(failing_run());
  const auto relabel = [](nlohmann::json& counts) {
    counts["pass"] = counts["pass"].get<std::uint64_t>() + counts["fail"].get<std::uint64_t>();
    counts["fail"] = 0;
  };
  relabel(report["totals"]);
  for (nlohmann::json& cell : report["cells"]) relabel(cell["counts"]);
  for (nlohmann::json& rule : report["rules"]) relabel(rule["counts"]);
  report["exit_code"] = 0;
  try {
    read_json_report(report);
    FAIL() << "a relabelled report was read";
  } catch (const ReportReadError& error) {
    EXPECT_NE(std::string(error.what())
                  .find("its parts disagree: diagnosis: 2 failures, but the "
                        "totals count 0 fail"),
              std::string::npos)
        << error.what();
  }
}

// Only the stored verdict changed: the derived field disagrees with the counts.
TEST(ReportConsistency, AStoredExitCodeMustBeTheCountsOne) {
  nlohmann::json report = report_json(failing_run());
  report["exit_code"] = 0;
  EXPECT_THROW(read_json_report(report), ReportReadError);
}

TEST(ReportConsistency, CountsNeverWrapPast64Bits) {
  VerdictCounts counts;
  counts.add(Verdict::Fail, std::uint64_t{1} << 63);
  counts.add(Verdict::AdapterError, std::uint64_t{1} << 63);
  EXPECT_THROW(counts.total(), CountOverflow);
  EXPECT_THROW(counts.failed(false), CountOverflow);
  EXPECT_THROW(counts.add(Verdict::Fail, std::uint64_t{1} << 63), CountOverflow);
  // In a report: fail 2^63 and adapter_error 2^63 "add up" to the cases only by wrapping.
  nlohmann::json report = report_json(failing_run());
  nlohmann::json& totals = report["totals"];
  totals["fail"] = std::uint64_t{1} << 63;
  totals["adapter_error"] = std::uint64_t{1} << 63;
  totals["pass"] = totals["cases"];
  try {
    read_json_report(report);
    FAIL() << "wrapped counts were read";
  } catch (const ReportReadError& error) {
    EXPECT_NE(std::string(error.what()).find("more than 2^64 - 1"), std::string::npos)
        << error.what();
  }
}

TEST(ReportBounds, TheTerminalReportQuotesAndListsBounded) {
  SummaryLimits limits;
  limits.distinct_names = 10000;
  RunSummary summary(limits);
  RunInfo info;
  info.implementation_name = std::string(1 << 20, 'n');
  info.notes = std::string(1 << 20, 'x');
  for (int i = 0; i < 1000; ++i) info.environment["library" + std::to_string(i)] = "1.0";
  info.harness_version = CVC_VERSION;
  summary.begin(info);
  for (std::uint64_t i = 0; i < 5000; ++i)
    summary.record(case_of(Verdict::Pass, i, "rule " + std::to_string(i)));
  summary.end({});
  std::ostringstream out;
  write_terminal_report(summary, out);
  const std::string text = out.str();
  EXPECT_LT(text.size(), std::size_t{400} << 10);
  EXPECT_NE(text.find("(1048576 bytes in all)"), std::string::npos);
  EXPECT_NE(text.find("... and 980 more"), std::string::npos);  // the environment
  EXPECT_NE(text.find("more rows (the JSON report lists them)"), std::string::npos);
}

TEST(ReportBounds, AHugeReproducerIsCutInTheDraft) {
  const RunSummary summary = failing_run();
  const std::vector<DiagnosisGroup> groups = summary.diagnosis().groups();
  ASSERT_FALSE(groups.empty());
  const Reproducer reproducer{"python\n```", std::string(std::size_t{10} << 20, 'c')};
  const std::string draft = issue_draft(summary, groups.front(), reproducer);
  EXPECT_LT(draft.size(), std::size_t{100} << 10);
  EXPECT_NE(draft.find("(10485760 bytes in all)"), std::string::npos);
  EXPECT_EQ(draft.find("python\n```"), std::string::npos);  // the language is a name only
}

fs::path scratch(std::string_view name) {
  const fs::path folder =
      fs::temp_directory_path() / ("cvc-report-bounds-" + std::to_string(::getpid()));
  fs::create_directories(folder);
  return folder / name;
}

std::string content(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(ReportOutputTest, AnUnfinishedReportLeavesTheEarlierFileUntouched) {
  const fs::path path = scratch("report.json");
  std::ofstream(path) << "the earlier report";
  {
    ReportOutput output(path);
    output.stream() << "half a report";
  }  // destroyed unfinished: a refused merge, an exception
  EXPECT_EQ(content(path), "the earlier report");
  for (const auto& entry : fs::directory_iterator(path.parent_path()))
    EXPECT_EQ(entry.path().filename().string().find(".partial-"), std::string::npos);
  {
    ReportOutput output(path);
    output.stream() << "the new report";
    output.finish();
  }
  EXPECT_EQ(content(path), "the new report");
  fs::remove_all(path.parent_path());
}

TEST(ReportOutputTest, AFifoOrAFolderIsRefusedBeforeAnythingIsWritten) {
  const fs::path fifo = scratch("fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_THROW(ReportOutput{fifo}, OutputFileError);  // opening it would block: never opened
  EXPECT_THROW(ReportOutput{fifo.parent_path()}, OutputFileError);
  fs::remove_all(fifo.parent_path());
}

}  // namespace
}  // namespace cvc::report_bounds_test
