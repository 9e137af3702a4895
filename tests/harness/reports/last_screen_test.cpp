// The last screen of the terminal report (issue 35): the component at fault read from a findings
// note, the published table's rows, and the comparison with the published row, which must say
// DIFFERS when one count differs (a flipped count is its teeth).
#include "harness/reports/last_screen.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "harness/reports/report_terminal.hpp"
#include "tests/support/sample_outcome.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::last_screen_test {
namespace {

// A note in the form of docs/findings/*.md: the bullet wraps over indented lines.
constexpr std::string_view kNote = R"(**Finding 1: double rounding**

- **Implementations:** cast-value-rs 0.5.1.
- **Component at fault:** the Rust crate **`half` 2.7.1** (`f16::from_f64`), not cast-value-rs,
  which asks for a direct conversion; zarrita's part is zarrita's.
- **Reproducer:** array float64.
)";

constexpr std::string_view kTable =
    R"(| implementation | version | vectors | cases | pass | divergence | fail | unsupported | adapter error | page |
|---|---|---|---:|---:|---:|---:|---:|---:|---|
| toy (baseline) | 1.0 | 9.9.9 | 6 | 3 | 0 | 2 | 1 | 0 | [toy-1.0](toy-1.0.md) |
| other | 2.0 | 9.9.9 | 1 | 1 | 0 | 0 | 0 | 0 | [other-2.0](other-2.0.md) |
| broken | x | 9.9.9 | many | 1 | 0 | 0 | 0 | 0 | [b](b.md) |
)";

CaseOutcome outcome(Verdict verdict) {
  return test_support::sample_outcome(verdict);
}

// 3 pass, 2 fail, 1 unsupported: the row "toy 1.0 on vectors 9.9.9" of kTable, over all cases.
std::string last_screen(std::string selection = "all cases", int passes = 3) {
  RunSummary summary;
  RunInfo info;
  info.implementation_name = "toy";
  info.implementation_version = "1.0";
  info.vectors_version = "9.9.9";
  info.selection = std::move(selection);
  summary.begin(info);
  for (int i = 0; i < passes; ++i) summary.record(outcome(Verdict::Pass));
  for (int i = 0; i < 2; ++i) summary.record(outcome(Verdict::Fail));
  CaseOutcome unsupported = outcome(Verdict::Unsupported);
  unsupported.got = "the adapter does not declare the data type int8 (hello: data_types)";
  summary.record(unsupported);
  summary.end({});
  LastScreenSources sources;
  sources.published = published_rows(kTable);
  sources.published_table = "results/README.md";
  sources.report_paths = {"r/report.html", "r/report.json", "r/report.xml"};
  std::ostringstream out;
  write_last_screen(summary, sources, out);
  return out.str();
}

TEST(LastScreen, ComponentAtFaultIsTheBulletsFirstClauseWithoutMarks) {
  EXPECT_EQ(component_at_fault(kNote),
            "the Rust crate half 2.7.1 (f16::from_f64), not cast-value-rs, which asks for a "
            "direct conversion");
  EXPECT_EQ(component_at_fault("- **Component at fault:** the codec (zarr's CastValue, parse; "
                               "and more), not zarr core; cast-value too."),
            "the codec (zarr's CastValue, parse; and more), not zarr core");
  EXPECT_EQ(component_at_fault("- **Mechanism:** none named"), "");
}

// The component at fault is shown only for a run of an implementation the note names: the same
// failures in another implementation have that implementation's own code at fault (zarrs main's
// integer -> float failures were once shown as zarrita's fault).
TEST(LastScreen, TheImplementationsANoteNamesAreWholeNames) {
  EXPECT_EQ(implementations_named(kNote), "cast-value-rs 0.5.1.");
  EXPECT_EQ(implementations_named("- **Mechanism:** none named"), "");
  EXPECT_EQ(implementations_named("- **Implementation:** zarr-python 3.4.2 (212 cases)."),
            "zarr-python 3.4.2 (212 cases).");
  EXPECT_TRUE(names_implementation("cast-value-rs 0.5.1.", "cast-value-rs"));
  EXPECT_TRUE(names_implementation("zarrita 0.7.5; zarrs main (its own check)", "zarrs"));
  EXPECT_TRUE(names_implementation("zarr-python 3.4.2 (through cast-value-rs)", "zarr-python"));
  EXPECT_FALSE(names_implementation("cast-value-rs 0.5.1.", "cast-value"));
  EXPECT_FALSE(names_implementation("zarr-python 3.4.2", "zarr"));
  EXPECT_FALSE(names_implementation("zarrita 0.7.5", "zarrs"));
  EXPECT_FALSE(names_implementation("zarrita 0.7.5", ""));
}

TEST(LastScreen, PublishedRowsAreReadAndBadRowsLeftOut) {
  const std::vector<PublishedRow> rows = published_rows(kTable);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].implementation, "toy");  // " (baseline)" is the table's note, not the name
  EXPECT_EQ(rows[0].page, "toy-1.0.md");
  EXPECT_EQ(rows[0].counts[Verdict::Fail], 2u);
  EXPECT_EQ(rows[0].counts[Verdict::Unsupported], 1u);
}

TEST(LastScreen, SaysWhatWasComparedTheFailuresAndWhereTheReportsAre) {
  const std::string text = last_screen();
  EXPECT_NE(text.find("In short: toy 1.0 against vectors 9.9.9\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  compared: 5 of 6 selected cases compared (83.3%), 1 unsupported\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  failures: 2, 0 explained by 0 known bugs, 2 unexplained\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("    2  unexplained: no known bug reproduces them"), std::string::npos);
  EXPECT_NE(text.find("  reports: r/report.html, r/report.json, r/report.xml\n"),
            std::string::npos);
}

TEST(LastScreen, MatchesThePublishedRowCountForCount) {
  EXPECT_NE(last_screen().find("  published: matches the published row of toy 1.0 on vectors "
                               "9.9.9 (toy-1.0.md), count for count\n"),
            std::string::npos)
      << last_screen();
}

// The teeth: one pass more than the published row is a difference, named.
TEST(LastScreen, ACountThatDiffersIsSaid) {
  const std::string text = last_screen("all cases", 4);
  EXPECT_NE(text.find("  published: DIFFERS from the published row of toy 1.0 on vectors 9.9.9 "
                      "(toy-1.0.md): pass 4 (published 3)\n"),
            std::string::npos)
      << text;
}

// Every published row of the implementation is named when none is this run's: the release and
// the main branch of zarrs are two rows of "zarrs" (the last one alone was named).
TEST(LastScreen, EveryOtherRowOfTheImplementationIsNamed) {
  RunSummary summary;
  RunInfo info;
  info.implementation_name = "toy";
  info.implementation_version = "3.0";
  info.vectors_version = "9.9.9";
  info.selection = "all cases";
  summary.begin(info);
  summary.record(outcome(Verdict::Pass));
  summary.end({});
  LastScreenSources sources;
  sources.published =
      published_rows(std::string(kTable) +
                     "| toy | main-0123abcd | 9.9.8 | 1 | 1 | 0 | 0 | 0 | 0 | [t](t.md) |\n");
  std::ostringstream out;
  write_last_screen(summary, sources, out);
  EXPECT_NE(out.str().find("has toy 1.0 on vectors 9.9.9 and toy main-0123abcd on vectors 9.9.8, "
                           "not this version and vectors: not compared"),
            std::string::npos)
      << out.str();
}

TEST(LastScreen, ASelectionIsNotComparedWithTheWholeRow) {
  const std::string text = last_screen("--type int8");
  EXPECT_NE(text.find("this run selected --type int8: not compared"), std::string::npos) << text;
  EXPECT_EQ(text.find("matches"), std::string::npos);
}

TEST(LastScreen, TheTerminalReportEndsWithItJustBeforeTheResult) {
  RunSummary summary;
  RunInfo info;
  info.implementation_name = "toy";
  info.selection = "all cases";
  summary.begin(info);
  summary.record(outcome(Verdict::Fail));
  summary.end({});
  std::ostringstream out;
  write_terminal_report(summary, out);
  const std::string text = out.str();
  const std::size_t in_short = text.find("\nIn short: toy");
  ASSERT_NE(in_short, std::string::npos) << text;
  EXPECT_GT(in_short, text.find("\nDiagnosis: "));
  EXPECT_EQ(text.find("\nResult: ", in_short), text.rfind("\nResult: "));
}

}  // namespace
}  // namespace cvc::last_screen_test
