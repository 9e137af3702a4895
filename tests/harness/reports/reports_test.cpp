// The report sinks: the summary counts and exit codes, bounded memory, and each report form
// (terminal, JSON, JUnit XML, HTML) written from one synthetic run with every verdict, several
// cells, an incident and text that needs escaping.
#include <gtest/gtest.h>
#include <malloc.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "harness/reports/report_html.hpp"
#include "harness/reports/report_json.hpp"
#include "harness/reports/report_junit.hpp"
#include "harness/reports/report_terminal.hpp"
#include "harness/reports/run_summary.hpp"
#include "harness/text/text_escape.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::reports_test {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kNasty = "<b>&\"quoted\"'</b>";  // must come out escaped
constexpr std::string_view kAnsi = "\x1b[31mred\x1b[0m";    // must not reach a terminal raw

CaseOutcome outcome(std::string_view operation, std::string_view input, std::string_view output,
                    Verdict verdict, std::string rule = "nearest-even / clamp",
                    std::string flag = "") {
  CaseOutcome result;
  result.family = "cast";
  result.where = "cast/" + std::string(input) + ".json group 1 case 2";
  result.operation = std::string(operation);
  result.input = &data_type(input);
  result.output = &data_type(output);
  result.configuration =
      R"({"data_type":")" + std::string(output) + R"(","rounding":"nearest-even"})";
  result.rule = std::move(rule);
  result.input_text = "0x3c00 (1)";
  result.expected = "0x01 (1)";
  result.got = verdict == Verdict::Pass ? "0x01 (1)" : "0x00 (0)";
  result.explanation = "1 is exact in int8";
  result.verdict = verdict;
  result.flag = std::move(flag);
  if (verdict == Verdict::Fail) result.kind = "wrong value";
  if (verdict == Verdict::AdapterError) result.kind = "adapter error: crash";
  if (verdict == Verdict::Divergence) result.kind = "matches " + result.flag;
  result.seconds = 0.25;
  return result;
}

RunInfo run_info(bool strict = false) {
  RunInfo info;
  info.command = "python adapter.py --name '<x>'";
  info.implementation_name = std::string("impl ").append(kNasty);
  info.implementation_version = "1.2.3";
  info.implementation_language = "python";
  info.notes = "decode & encode";
  info.mode = "vectors vectors/";
  info.strict = strict;
  info.harness_version = CVC_VERSION;
  info.started_at = "2026-01-02T03:04:05Z";
  info.environment = {{"python", "3.12.8"}, {"numpy", "2.5.5"}};
  info.vectors_version = "1.0.0";
  info.vectors_manifest_sha256 = std::string(64, 'a');
  info.selection = "all cases";
  return info;
}

// The synthetic run: every verdict, six cells over three operations, an incident.
//   encode float16 -> int8:           5 pass, 2 fail, 1 adapter error        (fail)
//   encode float32 -> float8_e8m0fnu: 3 pass, 2 divergence                    (divergence)
//   decode int8 -> int16:             2 pass, 1 unsupported                   (partly unsupported)
//   decode int8 -> float16:           4 pass                                  (pass)
//   decode int4 -> uint2:             3 unsupported                           (unsupported)
// The unsupported cases have reasons: kUndeclaredRounding (int8 -> int16), kUndeclaredType (2 of
// int4 -> uint2) and the adapter's own answer, with text that needs escaping (the third).
//   validate float32 -> int8:         1 pass, 1 fail whose texts need escaping (fail)
constexpr std::string_view kUndeclaredRounding =
    "the adapter does not declare the rounding mode nearest-away for decode (hello: "
    "capabilities.decode.rounding = [\"nearest-even\"])";
constexpr std::string_view kUndeclaredType =
    "the adapter does not declare the data type int4 (hello: data_types)";

CaseOutcome unsupported(std::string_view input, std::string_view output, std::string reason) {
  CaseOutcome result = outcome("decode", input, output, Verdict::Unsupported);
  result.got = result.kind = std::move(reason);
  return result;
}

void feed(ReportSink& sink, RunEnd end = {}, bool strict = false) {
  sink.begin(run_info(strict));
  for (int i = 0; i < 5; ++i) sink.record(outcome("encode", "float16", "int8", Verdict::Pass));
  for (int i = 0; i < 2; ++i) sink.record(outcome("encode", "float16", "int8", Verdict::Fail));
  CaseOutcome adapter_error = outcome("encode", "float16", "int8", Verdict::AdapterError);
  adapter_error.got = "adapter error: crash";
  sink.record(adapter_error);
  for (int i = 0; i < 3; ++i)
    sink.record(
        outcome("encode", "float32", "float8_e8m0fnu", Verdict::Pass, "towards-zero / wrap"));
  for (int i = 0; i < 2; ++i)
    sink.record(outcome("encode", "float32", "float8_e8m0fnu", Verdict::Divergence,
                        "towards-zero / wrap", "E8M0Tie=even-exponent"));
  for (int i = 0; i < 2; ++i) sink.record(outcome("decode", "int8", "int16", Verdict::Pass));
  sink.record(unsupported("int8", "int16", std::string(kUndeclaredRounding)));
  for (int i = 0; i < 4; ++i) sink.record(outcome("decode", "int8", "float16", Verdict::Pass));
  sink.record_many(unsupported("int4", "uint2", std::string(kUndeclaredType)), 2);
  sink.record(unsupported(
      "int4", "uint2",
      "the adapter answered unsupported: " + std::string(kNasty) + " " + std::string(kAnsi)));
  sink.record(outcome("validate", "float32", "int8", Verdict::Pass, ""));
  CaseOutcome nasty = outcome("validate", "float32", "int8", Verdict::Fail, "");
  nasty.kind = "refused valid metadata";
  nasty.got = "rejected: " + std::string(kNasty) + " " + std::string(kAnsi);
  nasty.explanation = "line one\nline two & <three>";
  sink.record(nasty);
  AdapterIncident incident;
  incident.kind = "crash";
  incident.detail = "signal 11";
  incident.request = "cast encode float16 -> int8, 1 elements";
  incident.cases_affected = 1;
  incident.stderr_tail = "Traceback: <module> & " + std::string(kAnsi);
  sink.incident(incident);
  sink.end(end);
}

RunEnd interrupted() {
  RunEnd end;
  end.interrupted = true;
  end.not_reached_known = false;
  end.seconds = 1.5;
  return end;
}

// A report form written from the synthetic run.
std::string written(void (*writer)(const RunSummary&, std::ostream&), RunEnd end = {},
                    bool strict = false) {
  RunSummary summary;
  feed(summary, end, strict);
  std::ostringstream out;
  writer(summary, out);
  return out.str();
}

void write_terminal(const RunSummary& summary, std::ostream& out) {
  write_terminal_report(summary, out);
}

std::size_t occurrences(const std::string& text, std::string_view needle) {
  std::size_t count = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos;
       at = text.find(needle, at + needle.size()))
    ++count;
  return count;
}

fs::path temp_file(std::string_view name) {
  return fs::temp_directory_path() /
         ("cvc-reports-" + std::to_string(::getpid()) + "-" + std::string(name));
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

bool python_has(std::string_view module) {
  const std::string command = "python3 -c 'import " + std::string(module) + "' >/dev/null 2>&1";
  return std::system(command.c_str()) == 0;
}

// ---------------------------------------------------------------------------------------------
// The summary.

TEST(RunSummaryTest, CountsPerVerdictCellRuleAndFlag) {
  RunSummary summary;
  feed(summary);
  const VerdictCounts& totals = summary.totals();
  EXPECT_EQ(totals.total(), 25u);
  EXPECT_EQ(totals[Verdict::Pass], 15u);
  EXPECT_EQ(totals[Verdict::Divergence], 2u);
  EXPECT_EQ(totals[Verdict::Fail], 3u);
  EXPECT_EQ(totals[Verdict::Unsupported], 4u);
  EXPECT_EQ(totals[Verdict::AdapterError], 1u);
  EXPECT_EQ(summary.cases_counted(), 25u);

  const std::vector<const CellSummary*> cells = summary.cells();
  ASSERT_EQ(cells.size(), 6u);
  // Matrix order: encode, decode, validate; then input and output in table order.
  EXPECT_EQ(cells[0]->name(), "encode float16 -> int8");
  EXPECT_EQ(cells[1]->name(), "encode float32 -> float8_e8m0fnu");
  EXPECT_EQ(cells[2]->name(), "decode int4 -> uint2");
  EXPECT_EQ(cells[3]->name(), "decode int8 -> int16");
  EXPECT_EQ(cells[4]->name(), "decode int8 -> float16");
  EXPECT_EQ(cells[5]->name(), "validate float32 -> int8");
  EXPECT_EQ(summary.operations(), (std::vector<std::string_view>{"encode", "decode", "validate"}));

  const CellSummary* failing =
      summary.find_cell("encode", &data_type("float16"), &data_type("int8"));
  ASSERT_NE(failing, nullptr);
  EXPECT_EQ(failing->counts[Verdict::Pass], 5u);
  EXPECT_EQ(failing->counts[Verdict::Fail], 2u);
  EXPECT_EQ(failing->counts[Verdict::AdapterError], 1u);
  EXPECT_DOUBLE_EQ(failing->seconds, 8 * 0.25);
  EXPECT_EQ(cell_status(failing->counts), CellStatus::Fail);
  EXPECT_EQ(passed_percent(failing->counts), 62u);  // 5 of 8, rounded down
  EXPECT_EQ(summary.find_cell("encode", &data_type("int8"), &data_type("float16")), nullptr);
  EXPECT_EQ(cell_status(cells[1]->counts), CellStatus::Divergence);
  EXPECT_EQ(cell_status(cells[2]->counts), CellStatus::Unsupported);
  EXPECT_EQ(cell_status(cells[3]->counts), CellStatus::PartlyUnsupported);
  EXPECT_EQ(passed_percent(cells[3]->counts), 66u);
  EXPECT_EQ(cell_status(cells[4]->counts), CellStatus::Pass);
  EXPECT_EQ(passed_percent(cells[4]->counts), 100u);
  EXPECT_EQ(cell_status(VerdictCounts{}), CellStatus::NotRun);
  VerdictCounts almost;
  almost.add(Verdict::Pass, 9999);
  almost.add(Verdict::Fail);
  EXPECT_EQ(passed_percent(almost), 99u) << "100 only when every case passed";

  // Identical failures grouped by cell, rule and kind, in matrix order.
  const std::vector<const FailureGroup*> groups = summary.groups();
  ASSERT_EQ(groups.size(), 4u);
  EXPECT_EQ(groups[0]->cell_name(), "encode float16 -> int8");
  EXPECT_EQ(groups[0]->kind, "adapter error: crash");
  EXPECT_EQ(groups[0]->counts[Verdict::AdapterError], 1u);
  EXPECT_EQ(groups[1]->kind, "wrong value");
  EXPECT_EQ(groups[1]->counts[Verdict::Fail], 2u);
  EXPECT_EQ(groups[1]->examples.size(), 2u);
  EXPECT_EQ(groups[2]->kind, "matches E8M0Tie=even-exponent");
  EXPECT_EQ(groups[2]->rule, "towards-zero / wrap");
  EXPECT_EQ(groups[3]->cell_name(), "validate float32 -> int8");
  EXPECT_EQ(groups[3]->kind, "refused valid metadata");

  const std::vector<const RuleSummary*> rules = summary.rules();
  ASSERT_EQ(rules.size(), 3u);  // "(none)", "nearest-even / clamp", "towards-zero / wrap"
  EXPECT_EQ(rules[0]->rule, "(none)");
  EXPECT_EQ(rules[0]->counts.total(), 2u);
  EXPECT_EQ(rules[1]->rule, "nearest-even / clamp");
  EXPECT_EQ(rules[1]->counts.total(), 18u);
  EXPECT_EQ(rules[2]->counts[Verdict::Divergence], 2u);

  const std::vector<const FlagSummary*> flags = summary.divergence_flags();
  ASSERT_EQ(flags.size(), 1u);
  EXPECT_EQ(flags[0]->flag, "E8M0Tie=even-exponent");
  EXPECT_EQ(flags[0]->count, 2u);
  EXPECT_EQ(flags[0]->first.output, &data_type("float8_e8m0fnu"));

  EXPECT_EQ(summary.incident_count(), 1u);
  EXPECT_EQ(summary.incident_cases(), 1u);
  EXPECT_TRUE(summary.complete());
  EXPECT_EQ(verdict_name(Verdict::AdapterError), "adapter_error");
}

TEST(RunSummaryTest, ExitCodes) {
  const auto code = [](const std::vector<Verdict>& verdicts, bool strict, RunEnd end = {}) {
    RunSummary summary;
    summary.begin(run_info(strict));
    for (const Verdict verdict : verdicts)
      summary.record(outcome("encode", "float32", "int8", verdict));
    summary.end(end);
    return exit_code(summary);
  };
  EXPECT_EQ(code({}, false), 1);  // nothing compared certifies nothing
  EXPECT_EQ(code({Verdict::Unsupported, Verdict::AdapterError}, false), 1);
  EXPECT_EQ(code({Verdict::Unsupported}, false), 1);
  EXPECT_EQ(code({Verdict::Pass, Verdict::Unsupported}, false), 0);
  EXPECT_EQ(code({Verdict::Pass, Verdict::Fail}, false), 1);  // one Fail flips it
  EXPECT_EQ(code({Verdict::Pass, Verdict::AdapterError}, false), 1);
  EXPECT_EQ(code({Verdict::Pass, Verdict::Divergence}, false), 0);
  EXPECT_EQ(code({Verdict::Pass, Verdict::Divergence}, true), 1);  // strict
  EXPECT_EQ(code({Verdict::Pass}, true), 0);
  EXPECT_EQ(code({Verdict::Pass}, false, interrupted()), 1);
  RunEnd aborted;
  aborted.aborted = true;
  aborted.abort_reason = "handshake failed 3 times";
  EXPECT_EQ(code({Verdict::Pass}, false, aborted), 1);

  RunSummary never_ended;
  never_ended.begin(run_info());
  never_ended.record(outcome("encode", "float32", "int8", Verdict::Pass));
  EXPECT_EQ(exit_code(never_ended), 1);

  RunSummary synthetic;
  feed(synthetic);
  EXPECT_EQ(exit_code(synthetic), 1);
}

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
std::size_t heap_in_use() {
  return mallinfo2().uordblks;
}
#else
std::size_t heap_in_use() {
  return 0;
}
#endif

TEST(RunSummaryTest, MemoryStaysBoundedOverAMillionFailures) {
  SummaryLimits limits;
  limits.examples_per_group = 3;
  RunSummary summary(limits);
  summary.begin(run_info());
  CaseOutcome failure = outcome("encode", "float16", "int8", Verdict::Fail);
  CaseOutcome divergence = outcome("encode", "float16", "int8", Verdict::Divergence, "r", "F=x");
  for (int i = 0; i < 2000; ++i) summary.record(i % 2 ? failure : divergence);
  const std::size_t heap_before = heap_in_use();
  for (int i = 0; i < 1'000'000; ++i) summary.record(i % 2 ? failure : divergence);
  const std::size_t heap_after = heap_in_use();
  summary.end({});

  EXPECT_EQ(summary.totals().total(), 1'002'000u);
  const CellSummary* cell = summary.cells().at(0);
  EXPECT_EQ(cell->counts[Verdict::Fail], 501'000u);
  ASSERT_EQ(summary.groups().size(), 2u);
  EXPECT_EQ(summary.groups()[0]->examples.size(), limits.examples_per_group);
  EXPECT_EQ(summary.groups()[0]->counts.total() + summary.groups()[1]->counts.total(), 1'002'000u);
  EXPECT_LT(heap_after, heap_before + 64 * 1024) << "the summary grew with the number of cases";
}

TEST(RunSummaryTest, NamesIncidentsAndTextsAreBounded) {
  SummaryLimits limits;
  limits.distinct_names = 8;
  limits.incidents = 3;
  limits.text_bytes = 64;
  RunSummary summary(limits);
  summary.begin(run_info());
  for (int i = 0; i < 1000; ++i) {
    CaseOutcome diverged = outcome("encode", "float16", "int8", Verdict::Divergence,
                                   "rule " + std::to_string(i), "flag " + std::to_string(i));
    diverged.got = std::string(10'000, 'x');
    summary.record(diverged);
    AdapterIncident incident;
    incident.kind = "timeout";
    incident.cases_affected = 2;
    incident.stderr_tail = std::string(10'000, 'e');
    summary.incident(incident);
  }
  summary.end({});
  EXPECT_EQ(summary.rules().size(), 9u);  // 8 names and "(other)"
  EXPECT_EQ(summary.divergence_flags().size(), 9u);
  EXPECT_EQ(summary.divergence_flags().front()->flag, "(other)");
  EXPECT_EQ(summary.divergence_flags().front()->count, 992u);
  EXPECT_EQ(summary.incidents().size(), 3u);
  EXPECT_EQ(summary.incident_count(), 1000u);
  EXPECT_EQ(summary.incident_cases(), 2000u);
  EXPECT_LE(summary.incidents().front().stderr_tail.size(), 64u);
  EXPECT_LE(summary.groups().front()->examples.front().got.size(), 64u);
}

TEST(RunSummaryTest, GroupsBeyondTheLimitAreCountedNotKept) {
  SummaryLimits limits;
  limits.groups = 10;
  RunSummary summary(limits);
  summary.begin(run_info());
  for (int i = 0; i < 100; ++i)
    summary.record(
        outcome("encode", "float16", "int8", Verdict::Fail, "rule " + std::to_string(i)));
  summary.end({});
  EXPECT_EQ(summary.groups().size(), 10u);
  EXPECT_EQ(summary.omitted_group_cases(), 90u);
  EXPECT_EQ(summary.totals()[Verdict::Fail], 100u) << "every case is still counted";
}

TEST(RunSummaryTest, PathsUnderTheWorkingDirectoryAreWrittenRelative) {
  const std::string here = fs::current_path().string();
  RunSummary summary;
  RunInfo info = run_info();
  info.command = here + "/harness/adapters/x/run.sh";
  info.mode = "vectors " + here + "/vectors";
  summary.begin(info);
  CaseOutcome failure = outcome("encode", "float16", "int8", Verdict::Fail);
  failure.got = "Traceback: File \"" + here + "/build/venv/lib/x.py\", line 3";
  summary.record(failure);
  summary.end({});
  EXPECT_EQ(summary.info().command, "harness/adapters/x/run.sh");
  EXPECT_EQ(summary.info().mode, "vectors vectors");
  EXPECT_EQ(summary.groups().front()->examples.front().got,
            "Traceback: File \"build/venv/lib/x.py\", line 3");
}

// ---------------------------------------------------------------------------------------------
// Escaping.

TEST(TextEscapeTest, MarkupAndControlCharacters) {
  EXPECT_EQ(escape_markup(kNasty), "&lt;b&gt;&amp;&quot;quoted&quot;&#39;&lt;/b&gt;");
  EXPECT_EQ(escape_markup("a\nb\tc"), "a\nb\tc");
  EXPECT_EQ(escape_markup_attribute("a\nb\tc"), "a&#10;b&#9;c");
  EXPECT_EQ(sanitize_text(kAnsi), "\\x1b[31mred\\x1b[0m");
  EXPECT_EQ(sanitize_text("a\r\nb\rc\x7f"), "a\nb\\x0dc\\x7f");
  EXPECT_EQ(sanitize_text("a\nb", false), "a\\x0ab");
  EXPECT_EQ(sanitize_text("\xff ok \xc3\xa9 \xc2\x85 \xed\xa0\x80"),
            "\xEF\xBF\xBD ok \xc3\xa9 \\x85 \xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_EQ(truncate_text("abcdef", 6), "abcdef");
  EXPECT_EQ(truncate_text("abcdefgh", 6), "abc\xE2\x80\xA6");
  EXPECT_EQ(truncate_text("ab\xc3\xa9\xc3\xa9\xc3\xa9", 6), "ab\xE2\x80\xA6");  // é not split
  EXPECT_EQ(display_width("\xc3\xa9t\xc3\xa9"), 3u);
}

// ---------------------------------------------------------------------------------------------
// The terminal report and the progress line.

TEST(TerminalReportTest, ShowsCellsRulesFlagsIncidentsAndGroups) {
  const std::string text = written(&write_terminal);
  EXPECT_NE(text.find("cast_value conformance: impl <b>&\"quoted\"'</b> 1.2.3 (python)"),
            std::string::npos);
  EXPECT_NE(text.find("harness        cvc " CVC_VERSION), std::string::npos);
  EXPECT_NE(text.find("vectors        version 1.0.0, manifest SHA-256 aaaaaaaa"),
            std::string::npos);
  EXPECT_NE(text.find("environment    numpy 2.5.5, python 3.12.8"), std::string::npos);
  EXPECT_NE(text.find("Totals: 25 cases: 15 pass, 2 divergence, 3 fail, 4 unsupported, 1 adapter "
                      "error"),
            std::string::npos);
  EXPECT_NE(text.find("15 pass + 2 divergence + 3 fail + 4 unsupported + 1 adapter error = 25 "
                      "cases selected: every one counted"),
            std::string::npos);
  EXPECT_NE(text.find("6 run, 3 with failures or divergences, 1 passed but partly unsupported, 1 "
                      "entirely unsupported"),
            std::string::npos);
  EXPECT_NE(text.find("entirely unsupported: decode int4 -> uint2;"), std::string::npos);
  // Every unsupported case under its reason, the most cases first; the adapter's text escaped.
  EXPECT_NE(text.find("Unsupported: 4 cases, by reason (3 reasons; never counted as passed):\n"
                      "  2 in 1 cell: " +
                      std::string(kUndeclaredType) + "\n  1 in 1 cell: "),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  1 in 1 cell: " + std::string(kUndeclaredRounding) + "\n"),
            std::string::npos);
  EXPECT_EQ(text.find(kAnsi), std::string::npos);
  EXPECT_NE(text.find("\u2717 encode float16 -> int8"), std::string::npos);
  EXPECT_EQ(text.find("decode int8 -> float16"), std::string::npos) << "a pure pass cell is listed";
  EXPECT_EQ(text.find("decode int8 -> int16 "), std::string::npos)
      << "a partly unsupported cell is listed among failures";
  EXPECT_NE(text.find("total (all 6 cells)"), std::string::npos);
  EXPECT_NE(text.find("towards-zero / wrap"), std::string::npos);
  EXPECT_NE(text.find("E8M0Tie=even-exponent"), std::string::npos);
  EXPECT_NE(text.find("Adapter incidents: 1, costing 1 cases"), std::string::npos);
  EXPECT_NE(text.find("by cell, rule and kind (4 groups; 4 shown with an example)"),
            std::string::npos);
  EXPECT_NE(text.find("2. encode float16 -> int8, nearest-even / clamp: wrong value (2 cases)"),
            std::string::npos);
  EXPECT_NE(text.find("e.g. FAIL encode float16 -> int8  (cast/float16.json group 1 case 2)"),
            std::string::npos);
  EXPECT_NE(text.find("ADAPTER ERROR encode float16 -> int8"), std::string::npos);
  EXPECT_NE(text.find("explanation    line one\n"), std::string::npos);
  EXPECT_EQ(text.find('\x1b'), std::string::npos) << "an escape sequence reached the terminal";
  EXPECT_NE(text.find("\\x1b[31mred"), std::string::npos);
  EXPECT_NE(text.find("Result: FAIL (3 failed, 1 adapter errors): 20 of 25 selected cases compared "
                      "(80.0%), 4 unsupported, 1 adapter errors, exit code 1"),
            std::string::npos)
      << text;
}

TEST(TerminalReportTest, InterruptedRunIsMarkedPartial) {
  const std::string text = written(&write_terminal, interrupted());
  EXPECT_NE(text.find("INTERRUPTED: the report is partial"), std::string::npos);
  EXPECT_NE(text.find("the run was interrupted and the rest of the selection was not reached"),
            std::string::npos);
  EXPECT_NE(text.find("Result: INCOMPLETE (interrupted): 20 cases compared of 25 counted, 4 "
                      "unsupported, 1 adapter errors; the rest of the selection was not reached "
                      "(not counted), exit code 1"),
            std::string::npos)
      << text;
}

TEST(TerminalReportTest, AbortedRunCountsWhatItDidNotReach) {
  RunEnd aborted;
  aborted.aborted = true;
  aborted.abort_reason = "the adapter could not be restarted";
  aborted.not_reached = 75;
  aborted.outside_selection = {"scalars.json: 970 cases of the scalars family"};
  const std::string text = written(&write_terminal, aborted);
  EXPECT_NE(text.find("+ 75 not reached = 100 cases selected"), std::string::npos);
  EXPECT_NE(text.find("outside the selection: scalars.json: 970 cases"), std::string::npos);
}

TEST(TerminalReportTest, CleanRunPasses) {
  std::ostringstream out;
  RunSummary summary;
  summary.begin(run_info());
  summary.record(outcome("encode", "float32", "int8", Verdict::Pass));
  summary.end({});
  write_terminal_report(summary, out);
  EXPECT_NE(out.str().find("1 run, 0 with failures or divergences, 0 passed but partly "
                           "unsupported, 0 entirely unsupported"),
            std::string::npos);
  EXPECT_EQ(out.str().find("total (all"), std::string::npos);
  EXPECT_NE(out.str().find("Result: PASS: 1 of 1 selected cases compared (100%), exit code 0"),
            std::string::npos)
      << out.str();
  EXPECT_EQ(exit_code(summary), 0);
}

// ---------------------------------------------------------------------------------------------
// The JSON report.

TEST(JsonReportTest, HasTheDocumentedFields) {
  const nlohmann::json json = nlohmann::json::parse(written(&write_json_report));
  for (const char* key :
       {"report", "report_version", "harness_version", "run", "complete", "interrupted", "aborted",
        "abort_reason", "exit_code", "accounting", "limits", "totals", "cells", "rules",
        "divergence_flags", "failure_groups", "incidents"})
    EXPECT_TRUE(json.contains(key)) << key;
  // The envelope of every cvc report comes first.
  const auto ordered = nlohmann::ordered_json::parse(written(&write_json_report));
  std::vector<std::string> keys;
  for (const auto& item : ordered.items()) keys.push_back(item.key());
  keys.resize(4);
  EXPECT_EQ(keys, (std::vector<std::string>{"report", "report_version", "harness_version", "run"}));
  EXPECT_EQ(json["report"], kReportName);
  EXPECT_EQ(json["report_version"], kReportVersion);
  EXPECT_EQ(json["harness_version"], CVC_VERSION);
  EXPECT_FALSE(json["run"].contains("harness_version"));
  EXPECT_EQ(json["run"]["implementation"]["name"], "impl " + std::string(kNasty));
  EXPECT_EQ(json["run"]["vectors"]["version"], "1.0.0");
  EXPECT_EQ(json["run"]["environment"]["numpy"], "2.5.5");
  EXPECT_EQ(json["complete"], true);
  EXPECT_EQ(json["interrupted"], false);
  EXPECT_EQ(json["exit_code"], 1);
  EXPECT_EQ(json["totals"]["cases"], 25);
  EXPECT_EQ(json["totals"]["adapter_error"], 1);
  EXPECT_EQ(json["accounting"]["counted"], 25);
  EXPECT_EQ(json["accounting"]["selected"], 25);
  EXPECT_EQ(json["accounting"]["not_reached"], 0);
  ASSERT_EQ(json["cells"].size(), 6u);
  EXPECT_EQ(json["cells"][0]["operation"], "encode");
  EXPECT_EQ(json["cells"][0]["input_type"], "float16");
  EXPECT_EQ(json["cells"][0]["output_type"], "int8");
  EXPECT_EQ(json["cells"][0]["status"], "fail");
  EXPECT_EQ(json["cells"][0]["passed_percent"], 62);
  EXPECT_EQ(json["cells"][0]["seconds"], 2.0);
  EXPECT_EQ(json["cells"][0]["counts"]["fail"], 2);
  EXPECT_EQ(json["cells"][2]["status"], "unsupported");
  EXPECT_EQ(json["cells"][3]["status"], "partly-unsupported");
  // The unsupported cases by reason, in each cell and over the run: they add up.
  const std::string answered =
      "the adapter answered unsupported: " + std::string(kNasty) + " " + std::string(kAnsi);
  EXPECT_EQ(json["cells"][2]["unsupported_reasons"],
            nlohmann::json::array({{{"reason", answered}, {"cases", 1}},
                                   {{"reason", kUndeclaredType}, {"cases", 2}}}));
  EXPECT_EQ(json["cells"][3]["unsupported_reasons"],
            nlohmann::json::array({{{"reason", kUndeclaredRounding}, {"cases", 1}}}));
  EXPECT_EQ(json["cells"][0]["unsupported_reasons"], nlohmann::json::array());
  ASSERT_EQ(json["unsupported_reasons"].size(), 3u);
  EXPECT_EQ(json["unsupported_reasons"][0],
            nlohmann::json({{"reason", kUndeclaredType}, {"cases", 2}, {"cells", 1}}));
  std::uint64_t reasoned = 0;
  for (const nlohmann::json& reason : json["unsupported_reasons"])
    reasoned += reason["cases"].get<std::uint64_t>();
  EXPECT_EQ(reasoned, json["totals"]["unsupported"]);
  EXPECT_EQ(json["rules"].size(), 3u);
  EXPECT_EQ(json["divergence_flags"][0]["flag"], "E8M0Tie=even-exponent");
  EXPECT_EQ(json["divergence_flags"][0]["cases"], 2);
  EXPECT_EQ(json["incidents"]["count"], 1);
  EXPECT_EQ(json["incidents"]["retained"][0]["kind"], "crash");
  const nlohmann::json& groups = json["failure_groups"]["groups"];
  ASSERT_EQ(groups.size(), 4u);
  EXPECT_EQ(json["failure_groups"]["omitted_cases"], 0);
  EXPECT_EQ(groups[1]["kind"], "wrong value");
  EXPECT_EQ(groups[1]["counts"]["fail"], 2);
  EXPECT_EQ(groups[0]["examples"][0]["verdict"], "adapter_error");
  EXPECT_EQ(groups[3]["examples"][0]["got"],
            "rejected: " + std::string(kNasty) + " " + std::string(kAnsi));  // kept as sent
}

TEST(JsonReportTest, InterruptedRunIsWrittenAndMarked) {
  const nlohmann::json json = nlohmann::json::parse(written(&write_json_report, interrupted()));
  EXPECT_EQ(json["interrupted"], true);
  EXPECT_EQ(json["complete"], false);
  EXPECT_EQ(json["exit_code"], 1);
  EXPECT_EQ(json["run"]["seconds"], 1.5);
  EXPECT_TRUE(json["accounting"]["selected"].is_null()) << "an interrupted run cannot know it";
}

TEST(JsonReportTest, InvalidUtf8IsReplacedNotFatal) {
  std::ostringstream out;
  RunSummary summary;
  summary.begin(run_info());
  CaseOutcome bad = outcome("encode", "float16", "int8", Verdict::Fail);
  bad.got = "rejected: \xff\xfe";
  summary.record(bad);
  summary.end({});
  ASSERT_NO_THROW(write_json_report(summary, out));
  const nlohmann::json json = nlohmann::json::parse(out.str());
  EXPECT_EQ(json["failure_groups"]["groups"][0]["examples"][0]["got"],
            "rejected: \xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST(JsonReportTest, ValidatesAgainstTheSchema) {
  const fs::path schema = fs::path(CVC_SOURCE_DIR) / "harness" / "reports" / "report.schema.json";
  ASSERT_TRUE(fs::exists(schema)) << "schema not found at " << schema;
  if (!python_has("jsonschema")) GTEST_SKIP() << "python3 with jsonschema not available";
  const fs::path good = temp_file("good.json");
  const fs::path interrupted_good = temp_file("interrupted.json");
  const fs::path bad = temp_file("bad.json");
  std::ofstream(good) << written(&write_json_report);
  std::ofstream(interrupted_good) << written(&write_json_report, interrupted());
  nlohmann::json broken = nlohmann::json::parse(read_text(good));
  broken["totals"].erase("fail");  // teeth: a report without a count must be rejected
  std::ofstream(bad) << broken.dump();
  const auto validates = [&](const fs::path& report) {
    const std::string command =
        "python3 -c 'import json,sys,jsonschema; "
        "jsonschema.Draft202012Validator(json.load(open(sys.argv[1]))).validate("
        "json.load(open(sys.argv[2])))' '" +
        schema.string() + "' '" + report.string() + "' >/dev/null 2>&1";
    return std::system(command.c_str()) == 0;
  };
  EXPECT_TRUE(validates(good));
  EXPECT_TRUE(validates(interrupted_good));
  EXPECT_FALSE(validates(bad));
  // Version 5 needs the envelope; version 4 keeps the harness version in "run".
  const auto with = [&](const std::function<void(nlohmann::json&)>& change) {
    nlohmann::json report = nlohmann::json::parse(read_text(good));
    change(report);
    std::ofstream(bad) << report.dump();
    return validates(bad);
  };
  EXPECT_FALSE(with([](nlohmann::json& r) { r.erase("harness_version"); }));
  EXPECT_FALSE(with([](nlohmann::json& r) { r.erase("report"); }));
  EXPECT_FALSE(with([](nlohmann::json& r) { r["report"] = "cvc-fuzz"; }));
  const auto version_4 = [](nlohmann::json& r) {
    r["report_version"] = 4;
    r["run"]["harness_version"] = r["harness_version"];
    r.erase("report");
    r.erase("harness_version");
  };
  EXPECT_TRUE(with(version_4));
  EXPECT_FALSE(with([&](nlohmann::json& r) {
    version_4(r);
    r["run"].erase("harness_version");
  }));
  fs::remove(good);
  fs::remove(interrupted_good);
  fs::remove(bad);
}

// ---------------------------------------------------------------------------------------------
// The JUnit XML report.

TEST(JunitReportTest, OneTestcasePerCellWithFailuresAndSkips) {
  const std::string xml = written(&write_junit_report);
  EXPECT_TRUE(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites"));
  EXPECT_EQ(occurrences(xml, "<testsuite "), 4u);  // encode, decode, validate, run (incident)
  // 6 cells, the unsupported part of the partly unsupported cell, and the run's completion.
  EXPECT_EQ(occurrences(xml, "<testcase "), 8u);
  EXPECT_EQ(occurrences(xml, "<failure "), 2u);  // the two failing cells
  EXPECT_EQ(occurrences(xml, "<skipped "), 2u);  // the unsupported cell, the unsupported part
  EXPECT_NE(xml.find("<testsuite name=\"encode\" tests=\"2\" failures=\"1\""), std::string::npos);
  EXPECT_NE(xml.find("<testsuite name=\"decode\" tests=\"4\" failures=\"0\" errors=\"0\" "
                     "skipped=\"2\""),
            std::string::npos);
  EXPECT_NE(
      xml.find("<testcase classname=\"encode\" name=\"float16 -&gt; int8\" time=\"2.000000\""),
      std::string::npos)
      << "a cell's time is the wall time of its requests";
  EXPECT_NE(xml.find("name=\"int8 -&gt; int16 (unsupported part)\""), std::string::npos);
  EXPECT_NE(xml.find("message=\"1 of 3 cases unsupported (not run, never counted as passed): " +
                     escape_markup(kUndeclaredRounding) + "\""),
            std::string::npos)
      << xml;
  // A cell of several reasons names each with its cases, the most first.
  EXPECT_NE(
      xml.find("message=\"all 3 cases unsupported: 2 cases: " + escape_markup(kUndeclaredType) +
               "; 1 cases: the adapter answered unsupported: "),
      std::string::npos);
  EXPECT_NE(xml.find("<property name=\"unsupported\" value=\"1\"/>"), std::string::npos);
  EXPECT_NE(xml.find("message=\"2 failed, 1 adapter errors of 8 cases\""), std::string::npos);
  EXPECT_NE(xml.find("nearest-even / clamp: wrong value (2 cases)"), std::string::npos);
  EXPECT_NE(xml.find("<system-out>0 failed, 0 adapter errors, 2 divergences of 5 cases "
                     "(divergences pass without --strict)"),
            std::string::npos)
      << "a divergence-only cell passes without strict, saying so";
  // Escaping: the implementation's text appears escaped, never raw.
  EXPECT_EQ(xml.find(kNasty), std::string::npos);
  EXPECT_NE(xml.find("&lt;b&gt;&amp;&quot;quoted&quot;&#39;&lt;/b&gt;"), std::string::npos);
  EXPECT_EQ(xml.find('\x1b'), std::string::npos);
  EXPECT_NE(xml.find("<testsuites name=\"cast_value conformance: impl &lt;b&gt;"),
            std::string::npos);
}

TEST(JunitReportTest, StrictFailsDivergenceCellsAndInterruptedFailsTheRun) {
  const std::string xml = written(&write_junit_report, interrupted(), true);
  EXPECT_EQ(occurrences(xml, "<failure "), 4u);  // 2 failing cells, 1 divergence cell, the run
  EXPECT_NE(xml.find("<failure type=\"divergence\""), std::string::npos);
  EXPECT_NE(xml.find("<failure type=\"interrupted\""), std::string::npos);
}

TEST(JunitReportTest, IsWellFormedXml) {
  if (!python_has("xml.etree.ElementTree")) GTEST_SKIP() << "python3 not available";
  const fs::path path = temp_file("junit.xml");
  std::ofstream(path) << written(&write_junit_report, interrupted(), true);
  const std::string command =
      "python3 -c 'import sys, xml.etree.ElementTree as ET; r = ET.parse(sys.argv[1]).getroot(); "
      "sys.exit(0 if len(r.findall(\"testsuite/testcase\")) == 8 else 1)' '" +
      path.string() + "' >/dev/null 2>&1";
  EXPECT_EQ(std::system(command.c_str()), 0);
  fs::remove(path);
}

// ---------------------------------------------------------------------------------------------
// The HTML report.

TEST(HtmlReportTest, MatrixCellsSayTheirStatusWithoutColour) {
  const std::string html = written(&write_html_report);
  EXPECT_TRUE(html.starts_with("<!DOCTYPE html>"));
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("http://"), std::string::npos);
  EXPECT_EQ(html.find("src="), std::string::npos);
  // A cell per pair, per operation.
  EXPECT_EQ(occurrences(html, "<td id=\"m-"), 3u * kDataTypeCount * kDataTypeCount);
  // Class (colour) and text (symbol, and the share passed) say the same thing.
  EXPECT_NE(html.find("<td id=\"m-encode-float16-int8\" class=\"fail\""), std::string::npos);
  EXPECT_NE(html.find("<a href=\"#cell-encode-float16-int8\">\u271762</a>"), std::string::npos);
  EXPECT_NE(html.find("<td id=\"m-encode-float32-float8_e8m0fnu\" class=\"divergence\""),
            std::string::npos);
  EXPECT_NE(html.find(">\u224860</a>"), std::string::npos);
  EXPECT_NE(html.find("<td id=\"m-decode-int8-int16\" class=\"partly-unsupported\""),
            std::string::npos);
  EXPECT_NE(html.find("<td id=\"m-decode-int8-float16\" class=\"pass\""), std::string::npos);
  EXPECT_NE(html.find("0 adapter error\">\u2713</td>"), std::string::npos);
  EXPECT_NE(html.find("<td id=\"m-decode-int4-uint2\" class=\"unsupported\""), std::string::npos);
  // A grey cell says why in its tooltip, and the table after the legend counts every reason.
  EXPECT_NE(html.find("0 fail, 3 unsupported, 0 adapter error; unsupported: 2 cases: " +
                      escape_markup(kUndeclaredType) +
                      "; 1 cases: the adapter answered "
                      "unsupported: "),
            std::string::npos);
  EXPECT_NE(html.find("1 unsupported, 0 adapter error; unsupported: " +
                      escape_markup(kUndeclaredRounding) + "\">\u25d066</td>"),
            std::string::npos);
  EXPECT_NE(html.find("<h2 id=\"unsupported\">Unsupported: 4 cases, by reason</h2>"),
            std::string::npos);
  EXPECT_NE(html.find("<tr><td class=\"text\">" + escape_markup(kUndeclaredType) +
                      "</td><td>2</td><td>1</td></tr>"),
            std::string::npos);
  EXPECT_NE(html.find("<td id=\"m-encode-int8-int8\" class=\"not-run\""), std::string::npos);
  EXPECT_NE(html.find("title=\"encode float16 -&gt; int8: 8 cases, 5 pass, 0 divergence, 2 fail, "
                      "0 unsupported, 1 adapter error\""),
            std::string::npos);
  // The failing cells link to their groups; pure and partly unsupported cells have none.
  EXPECT_NE(html.find("<section id=\"cell-encode-float16-int8\""), std::string::npos);
  EXPECT_NE(html.find("<section id=\"cell-validate-float32-int8\""), std::string::npos);
  EXPECT_EQ(html.find("<section id=\"cell-decode-int8-float16\""), std::string::npos);
  EXPECT_EQ(occurrences(html, "<section id=\"cell-"), 3u);
  // Configuration JSON may wrap only between tokens.
  EXPECT_NE(html.find("{&quot;data_type&quot;:<wbr>&quot;int8&quot;,<wbr>&quot;rounding"),
            std::string::npos);
  // Columns and rows in table order: int2 is the first column header, float64 the last.
  const std::size_t first = html.find("<th>int2</th>");
  const std::size_t last = html.find("<th>float64</th>");
  EXPECT_LT(first, last);
  // Everything from the implementation escaped.
  EXPECT_EQ(html.find(kNasty), std::string::npos);
  EXPECT_NE(html.find("impl &lt;b&gt;&amp;&quot;quoted&quot;&#39;&lt;/b&gt;"), std::string::npos);
  EXPECT_NE(html.find("rejected: &lt;b&gt;&amp;"), std::string::npos);
  EXPECT_NE(html.find("Traceback: &lt;module&gt; &amp;"), std::string::npos);
  EXPECT_EQ(html.find('\x1b'), std::string::npos);
  EXPECT_NE(html.find("towards-zero / wrap"), std::string::npos);
  EXPECT_NE(html.find("E8M0Tie=even-exponent"), std::string::npos);
  EXPECT_NE(html.find("every one counted"), std::string::npos);
}

// Issue 35: the top of the page links to the diagnosis (whose fault), and a file name in the
// failure groups breaks only between words, never inside "float64.json".
TEST(HtmlReportTest, TheTopLinksToTheDiagnosisAndFileNamesBreakBetweenWords) {
  const std::string html = written(&write_html_report);
  const std::size_t link = html.find("<a href=\"#diagnosis\">Diagnosis: ");
  ASSERT_NE(link, std::string::npos);
  EXPECT_LT(link, html.find("<h2 id=\"diagnosis\">"));
  EXPECT_LT(link, html.find("<h2 id=\"groups\">"));
  EXPECT_NE(html.find("td.where { overflow-wrap: normal; word-break: normal;"), std::string::npos);
  EXPECT_NE(html.find("<td class=\"where\">"), std::string::npos);
}

TEST(HtmlReportTest, PageStaysSmallWhateverTheRun) {
  // Every cell of two operations fails under 20 rules in 2 ways, with long texts: 54,080 groups
  // with the default limits, far more than a page can list.
  RunSummary summary;
  summary.begin(run_info());
  for (const DataType& input : all_data_types())
    for (const DataType& output : all_data_types())
      for (const char* operation : {"encode", "decode"})
        for (int rule = 0; rule < 20; ++rule)
          for (const Verdict verdict : {Verdict::Fail, Verdict::AdapterError}) {
            CaseOutcome failure = outcome(operation, input.name, output.name, verdict,
                                          "rule " + std::to_string(rule));
            failure.got = std::string(2000, 'g');
            summary.record(failure);
          }
  summary.end({});
  std::ostringstream out;
  write_html_report(summary, out);
  const std::string html = out.str();
  EXPECT_LT(html.size(), 1'500'000u);
  EXPECT_NE(html.find("(example in report.json)"), std::string::npos);
  EXPECT_NE(html.find("this page is full"), std::string::npos);
  EXPECT_TRUE(html.ends_with("</html>\n"));
}

TEST(HtmlReportTest, InterruptedRunSaysSo) {
  const std::string html = written(&write_html_report, interrupted());
  EXPECT_NE(html.find("interrupted: the report is partial"), std::string::npos);
  EXPECT_NE(html.find("Result: INCOMPLETE"), std::string::npos);
}

}  // namespace
}  // namespace cvc::reports_test
