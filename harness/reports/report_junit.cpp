#include "harness/reports/report_junit.hpp"

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "harness/reports/report_terminal.hpp"
#include "harness/text/text_escape.hpp"

namespace cvc {
namespace {

enum class CaseResult { Passed, Failed, Skipped };

CaseResult cell_result(const CellSummary& cell, bool strict) {
  if (cell.counts.failed(strict) > 0) return CaseResult::Failed;
  if (cell.counts.total() == cell.counts[Verdict::Unsupported]) return CaseResult::Skipped;
  return CaseResult::Passed;
}

// A cell with unsupported cases beside others gets a second testcase, skipped, for them.
bool has_unsupported_part(const CellSummary& cell) {
  const std::uint64_t unsupported = cell.counts[Verdict::Unsupported];
  return unsupported > 0 && unsupported < cell.counts.total();
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

// The cell's failure groups, each with its count and first example in full.
std::string groups_body(const std::vector<const FailureGroup*>& groups, bool divergences) {
  std::string body;
  for (const FailureGroup* group : groups) {
    const bool diverged = group->counts[Verdict::Divergence] > 0;
    if (diverged != divergences) continue;
    body += group->rule + ": " + group->kind + " (" + std::to_string(group->counts.total()) +
            " cases)\n";
    if (!group->examples.empty())
      body += "  e.g. " + describe_outcome(group->examples.front(), "    ");
  }
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
      {"selection", info.selection},
      {"vectors_version", info.vectors_version},
      {"vectors_manifest_sha256", info.vectors_manifest_sha256},
      {"accounting", accounting_text(summary)},
      {"strict", info.strict ? "true" : "false"},
      {"harness_version", info.harness_version},
      {"started_at", info.started_at}};
  out << "    <properties>\n";
  for (const auto& [name, value] : properties)
    out << "      <property" << attribute("name", name) << attribute("value", value) << "/>\n";
  out << "    </properties>\n";
}

void write_cell_properties(const CellSummary& cell, std::ostream& out) {
  out << "      <properties>\n";
  for (const Verdict verdict : kAllVerdicts)
    out << "        <property" << attribute("name", verdict_name(verdict))
        << attribute("value", std::to_string(cell.counts[verdict])) << "/>\n";
  out << "      </properties>\n";
}

// Per cell, the known bugs that explain its failures: "104 of 104 failures: double rounding
// through float32 [double-rounding-float32]", one line per diagnosis group.
std::map<std::string, std::string> diagnosis_by_cell(const RunSummary& summary) {
  std::map<std::string, std::string> lines;
  for (const DiagnosisGroup& group : summary.diagnosis().groups()) {
    for (const DiagnosisCell& cell : group.cells) {
      std::string& text = lines[cell_name(cell.operation, cell.input, cell.output)];
      text += "  " + std::to_string(cell.cases) + " of " +
              std::to_string(summary.cell_failures(cell)) + " failures: " + group.title();
      if (group.model != nullptr) text += " [" + std::string(group.model->id) + "]";
      text += "\n";
    }
  }
  return lines;
}

void write_cell(const CellSummary& cell, const std::vector<const FailureGroup*>& groups,
                const std::string& diagnosis, bool strict, std::ostream& out) {
  out << "    <testcase" << attribute("classname", cell.operation)
      << attribute("name", cell.pair_name()) << attribute("time", std::to_string(cell.seconds))
      << ">\n";
  write_cell_properties(cell, out);
  const VerdictCounts& counts = cell.counts;
  const std::uint64_t divergences = counts[Verdict::Divergence];
  switch (cell_result(cell, strict)) {
    case CaseResult::Failed: {
      const std::uint64_t failures = counts.failed(false);
      std::string body;
      if (!diagnosis.empty()) body += "Diagnosis (docs/bug-models.md):\n" + diagnosis + "\n";
      body += groups_body(groups, false);
      if (strict && divergences > 0) body += groups_body(groups, true);
      out << "      <failure" << attribute("type", failures > 0 ? "fail" : "divergence")
          << attribute("message", counts_message(counts, strict)) << ">" << escape_markup(body)
          << "</failure>\n";
      break;
    }
    case CaseResult::Skipped:
      out << "      <skipped"
          << attribute("message", "all " + std::to_string(counts.total()) + " cases unsupported")
          << "/>\n";
      break;
    case CaseResult::Passed:
      if (divergences > 0)
        out << "      <system-out>"
            << escape_markup(counts_message(counts, strict) +
                             " (divergences pass without --strict)\n" + groups_body(groups, true))
            << "</system-out>\n";
      break;
  }
  out << "    </testcase>\n";
  if (!has_unsupported_part(cell)) return;
  out << "    <testcase" << attribute("classname", cell.operation)
      << attribute("name", cell.pair_name() + " (unsupported part)") << attribute("time", "0")
      << ">\n      <skipped"
      << attribute("message", std::to_string(counts[Verdict::Unsupported]) + " of " +
                                  std::to_string(counts.total()) +
                                  " cases unsupported: not run, never counted as passed")
      << "/>\n    </testcase>\n";
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
    if (has_unsupported_part(*cell)) {
      ++counts.tests;
      ++counts.skipped;
    }
  }
  return counts;
}

double suite_seconds(const std::vector<const CellSummary*>& cells) {
  double seconds = 0;
  for (const CellSummary* cell : cells) seconds += cell->seconds;
  return seconds;
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
  const std::vector<const FailureGroup*> groups = summary.groups();
  const std::map<std::string, std::string> diagnoses = diagnosis_by_cell(summary);
  for (const std::string_view operation : summary.operations()) {
    const std::vector<const CellSummary*> cells = summary.cells(operation);
    write_suite_open(operation, suite_counts(cells, strict), suite_seconds(cells), out);
    write_properties(summary, out);
    for (const CellSummary* cell : cells) {
      std::vector<const FailureGroup*> own;
      for (const FailureGroup* group : groups)
        if (group->operation == cell->operation && group->input == cell->input &&
            group->output == cell->output)
          own.push_back(group);
      const auto diagnosis = diagnoses.find(cell->name());
      write_cell(*cell, own, diagnosis == diagnoses.end() ? std::string() : diagnosis->second,
                 strict, out);
    }
    out << "  </testsuite>\n";
  }
  if (needs_run_suite(summary)) write_run_suite(summary, out);
  out << "</testsuites>\n";
}

}  // namespace cvc
