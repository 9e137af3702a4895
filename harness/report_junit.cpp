#include "harness/report_junit.hpp"

#include <sstream>
#include <string>
#include <vector>

#include "harness/report_terminal.hpp"
#include "harness/text_escape.hpp"

namespace cvc {
namespace {

enum class CaseResult { Passed, Failed, Skipped };

CaseResult cell_result(const CellSummary& cell, bool strict) {
  if (cell.counts.failed(strict) > 0) return CaseResult::Failed;
  if (cell.counts.total() == cell.counts[Verdict::Unsupported]) return CaseResult::Skipped;
  return CaseResult::Passed;
}

std::string attribute(std::string_view name, std::string_view value) {
  std::string text(1, ' ');  // appended, not " " + ...: GCC 12 warns falsely (-Wrestrict)
  text.append(name).append("=\"").append(escape_markup_attribute(value)).push_back('"');
  return text;
}

std::string counts_message(const VerdictCounts& counts, bool strict) {
  std::string message = std::to_string(counts[Verdict::Fail]) + " failed, " +
                        std::to_string(counts[Verdict::AdapterError]) + " adapter errors";
  if (counts[Verdict::Divergence] > 0)
    message += ", " + std::to_string(counts[Verdict::Divergence]) +
               (strict ? " divergences (strict)" : " divergences");
  return message + " of " + std::to_string(counts.total()) + " cases";
}

// The retained outcomes in full, then how many more the cell had.
std::string outcomes_body(const std::vector<CaseOutcome>& outcomes, std::uint64_t total) {
  std::string body;
  for (const CaseOutcome& outcome : outcomes) body += describe_outcome(outcome) + "\n";
  if (total > outcomes.size())
    body += "... and " + std::to_string(total - outcomes.size()) + " more\n";
  return body;
}

void write_properties(const RunSummary& summary, std::ostream& out) {
  const RunInfo& info = summary.info();
  const std::vector<std::pair<std::string_view, std::string>> properties = {
      {"implementation", info.implementation_name},
      {"implementation_version", info.implementation_version},
      {"implementation_language", info.implementation_language},
      {"command", info.command},
      {"mode", info.mode},
      {"strict", info.strict ? "true" : "false"},
      {"harness_version", info.harness_version},
      {"started_at", info.started_at}};
  out << "    <properties>\n";
  for (const auto& [name, value] : properties)
    out << "      <property" << attribute("name", name) << attribute("value", value) << "/>\n";
  out << "    </properties>\n";
}

void write_cell(const CellSummary& cell, bool strict, std::ostream& out) {
  out << "    <testcase" << attribute("classname", cell.operation)
      << attribute("name", cell.pair_name()) << attribute("time", "0");
  const VerdictCounts& counts = cell.counts;
  const std::uint64_t divergences = counts[Verdict::Divergence];
  switch (cell_result(cell, strict)) {
    case CaseResult::Failed: {
      const std::uint64_t failures = counts.failed(false);
      std::string body = outcomes_body(cell.failures, failures);
      if (strict && divergences > 0) body += outcomes_body(cell.divergences, divergences);
      out << ">\n      <failure" << attribute("type", failures > 0 ? "fail" : "divergence")
          << attribute("message", counts_message(counts, strict)) << ">" << escape_markup(body)
          << "</failure>\n    </testcase>\n";
      return;
    }
    case CaseResult::Skipped:
      out << ">\n      <skipped"
          << attribute("message", "all " + std::to_string(counts.total()) + " cases unsupported")
          << "/>\n    </testcase>\n";
      return;
    case CaseResult::Passed:
      if (divergences == 0) {
        out << "/>\n";
        return;
      }
      out << ">\n      <system-out>"
          << escape_markup(counts_message(counts, strict) +
                           " (divergences pass without --strict)\n" +
                           outcomes_body(cell.divergences, divergences))
          << "</system-out>\n    </testcase>\n";
      return;
  }
}

struct SuiteCounts {
  std::size_t tests = 0, failures = 0, skipped = 0;
};

SuiteCounts suite_counts(const std::vector<const CellSummary*>& cells, bool strict) {
  SuiteCounts counts;
  for (const CellSummary* cell : cells) {
    ++counts.tests;
    const CaseResult result = cell_result(*cell, strict);
    counts.failures += result == CaseResult::Failed;
    counts.skipped += result == CaseResult::Skipped;
  }
  return counts;
}

void write_suite_open(std::string_view name, const SuiteCounts& counts, double seconds,
                      std::ostream& out) {
  out << "  <testsuite" << attribute("name", name)
      << attribute("tests", std::to_string(counts.tests))
      << attribute("failures", std::to_string(counts.failures)) << attribute("errors", "0")
      << attribute("skipped", std::to_string(counts.skipped))
      << attribute("time", std::to_string(seconds)) << ">\n";
}

bool needs_run_suite(const RunSummary& summary) {
  return !summary.complete() || summary.incident_count() > 0;
}

void write_run_suite(const RunSummary& summary, std::ostream& out) {
  const RunEnd& end = summary.run_end();
  const bool failed = !summary.complete();
  write_suite_open("run", {1, failed ? 1u : 0u, 0}, end.seconds, out);
  write_properties(summary, out);
  out << "    <testcase" << attribute("classname", "run") << attribute("name", "completion")
      << attribute("time", std::to_string(end.seconds)) << ">\n";
  if (failed) {
    const std::string message = end.aborted ? "run aborted: " + end.abort_reason
                                            : "run interrupted: the reports are partial";
    out << "      <failure" << attribute("type", end.aborted ? "aborted" : "interrupted")
        << attribute("message", message) << "/>\n";
  }
  if (summary.incident_count() > 0) {
    std::string text = std::to_string(summary.incident_count()) + " adapter incidents, costing " +
                       std::to_string(summary.incident_cases()) + " cases\n";
    for (const AdapterIncident& incident : summary.incidents()) text += describe_incident(incident);
    out << "      <system-err>" << escape_markup(text) << "</system-err>\n";
  }
  out << "    </testcase>\n  </testsuite>\n";
}

}  // namespace

void write_junit_report(const RunSummary& summary, std::ostream& out) {
  const bool strict = summary.strict();
  const RunInfo& info = summary.info();
  SuiteCounts all;
  for (const std::string_view operation : summary.operations()) {
    const SuiteCounts counts = suite_counts(summary.cells(operation), strict);
    all.tests += counts.tests;
    all.failures += counts.failures;
    all.skipped += counts.skipped;
  }
  if (needs_run_suite(summary)) {
    ++all.tests;
    all.failures += !summary.complete();
  }
  std::string title = "cast_value conformance: " + info.implementation_name;
  if (!info.implementation_version.empty()) title += " " + info.implementation_version;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites" << attribute("name", title)
      << attribute("tests", std::to_string(all.tests))
      << attribute("failures", std::to_string(all.failures)) << attribute("errors", "0")
      << attribute("skipped", std::to_string(all.skipped))
      << attribute("time", std::to_string(summary.run_end().seconds)) << ">\n";
  for (const std::string_view operation : summary.operations()) {
    const std::vector<const CellSummary*> cells = summary.cells(operation);
    write_suite_open(operation, suite_counts(cells, strict), 0, out);
    write_properties(summary, out);
    for (const CellSummary* cell : cells) write_cell(*cell, strict, out);
    out << "  </testsuite>\n";
  }
  if (needs_run_suite(summary)) write_run_suite(summary, out);
  out << "</testsuites>\n";
}

JunitReport::JunitReport(std::ostream& out, SummaryLimits limits)
    : RunSummary(limits), output_(out) {}

JunitReport::JunitReport(const std::filesystem::path& path, SummaryLimits limits)
    : RunSummary(limits), output_(path) {}

void JunitReport::end(const RunEnd& end) {
  RunSummary::end(end);
  write_junit_report(*this, output_.stream());
  output_.finish();
}

}  // namespace cvc
