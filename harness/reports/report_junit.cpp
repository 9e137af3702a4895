#include "harness/reports/report_junit.hpp"

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "harness/reports/report_terminal.hpp"
#include "harness/reports/verdict_text.hpp"
#include "harness/text/junit_document.hpp"

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

std::vector<JunitProperty> run_properties(const RunSummary& summary) {
  const RunInfo& info = summary.info();
  return {{"implementation", info.implementation_name},
          {"implementation_version", info.implementation_version},
          {"implementation_language", info.implementation_language},
          {"command", info.command},
          {"mode", info.mode},
          {"selection", info.selection},
          {"vectors_version", info.vectors_version},
          {"vectors_manifest_sha256", info.vectors_manifest_sha256},
          {"accounting", accounting_text(summary)},
          {"result", verdict_text(summary)},
          {"strict", info.strict ? "true" : "false"},
          {"harness_version", info.harness_version},
          {"run_id", info.run_id},
          {"started_at", info.started_at}};
}

std::vector<JunitProperty> cell_properties(const CellSummary& cell) {
  std::vector<JunitProperty> properties;
  for (const Verdict verdict : kAllVerdicts)
    properties.push_back(
        {std::string(verdict_name(verdict)), std::to_string(cell.counts[verdict])});
  return properties;
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

// The cell's testcase, and a second, skipped one for its unsupported part when it has one.
void add_cell(const CellSummary& cell, const std::vector<const FailureGroup*>& groups,
              const std::string& diagnosis, bool strict, JunitSuite& suite) {
  JunitTestcase testcase{
      cell.operation, cell.pair_name(), std::to_string(cell.seconds), cell_properties(cell), {}};
  const VerdictCounts& counts = cell.counts;
  const std::uint64_t divergences = counts[Verdict::Divergence];
  switch (cell_result(cell, strict)) {
    case CaseResult::Failed: {
      const std::uint64_t failures = counts.failed(false);
      std::string body;
      if (!diagnosis.empty()) body += "Diagnosis (docs/bug-models.md):\n" + diagnosis + "\n";
      body += groups_body(groups, false);
      if (strict && divergences > 0) body += groups_body(groups, true);
      testcase.results.push_back({JunitResult::Kind::Failure, failures > 0 ? "fail" : "divergence",
                                  counts_message(counts, strict), body});
      break;
    }
    case CaseResult::Skipped:
      testcase.results.push_back({JunitResult::Kind::Skipped, std::nullopt,
                                  "all " + std::to_string(counts.total()) +
                                      " cases unsupported: " + unsupported_reasons_text(cell),
                                  std::nullopt});
      break;
    case CaseResult::Passed:
      if (divergences > 0)
        testcase.results.push_back({JunitResult::Kind::SystemOut, std::nullopt, std::nullopt,
                                    counts_message(counts, strict) +
                                        " (divergences pass without --strict)\n" +
                                        groups_body(groups, true)});
      break;
  }
  suite.testcases.push_back(std::move(testcase));
  if (!has_unsupported_part(cell)) return;
  suite.testcases.push_back(
      {cell.operation,
       cell.pair_name() + " (unsupported part)",
       "0",
       {},
       {{JunitResult::Kind::Skipped, std::nullopt,
         std::to_string(counts[Verdict::Unsupported]) + " of " + std::to_string(counts.total()) +
             " cases unsupported (not run, never counted as passed): " +
             unsupported_reasons_text(cell),
         std::nullopt}}});
}

double suite_seconds(const std::vector<const CellSummary*>& cells) {
  double seconds = 0;
  for (const CellSummary* cell : cells) seconds += cell->seconds;
  return seconds;
}

// A run that compared nothing has no failing cell (its cells are skipped): its completion
// testcase fails, so that a CI reading JUnit never shows it green.
bool nothing_compared(const RunSummary& summary) {
  return summary.complete() && summary.totals().compared() == 0;
}

bool needs_run_suite(const RunSummary& summary) {
  return !summary.complete() || summary.incident_count() > 0 || nothing_compared(summary);
}

JunitSuite run_suite(const RunSummary& summary) {
  const RunEnd& end = summary.run_end();
  JunitTestcase completion{"run", "completion", std::to_string(end.seconds), {}, {}};
  if (!summary.complete())
    completion.results.push_back({JunitResult::Kind::Failure,
                                  end.aborted ? "aborted" : "interrupted",
                                  end.aborted ? "run aborted: " + end.abort_reason
                                              : "run interrupted: the reports are partial",
                                  std::nullopt});
  if (nothing_compared(summary))
    completion.results.push_back(
        {JunitResult::Kind::Failure, "nothing-compared", verdict_text(summary), std::nullopt});
  if (summary.incident_count() > 0) {
    std::string text = std::to_string(summary.incident_count()) + " adapter incidents, costing " +
                       std::to_string(summary.incident_cases()) + " cases\n";
    for (const AdapterIncident& incident : summary.incidents()) text += describe_incident(incident);
    completion.results.push_back(
        {JunitResult::Kind::SystemErr, std::nullopt, std::nullopt, std::move(text)});
  }
  return {"run", std::to_string(end.seconds), run_properties(summary), {std::move(completion)}};
}

}  // namespace

void write_junit_report(const RunSummary& summary, std::ostream& out) {
  const bool strict = summary.strict();
  const RunInfo& info = summary.info();
  JunitDocument document;
  document.name = "cast_value conformance: " + info.implementation_name;
  if (!info.implementation_version.empty()) *document.name += " " + info.implementation_version;
  document.time = std::to_string(summary.run_end().seconds);
  const std::vector<const FailureGroup*> groups = summary.groups();
  const std::map<std::string, std::string> diagnoses = diagnosis_by_cell(summary);
  for (const std::string_view operation : summary.operations()) {
    const std::vector<const CellSummary*> cells = summary.cells(operation);
    JunitSuite suite{
        std::string(operation), std::to_string(suite_seconds(cells)), run_properties(summary), {}};
    for (const CellSummary* cell : cells) {
      std::vector<const FailureGroup*> own;
      for (const FailureGroup* group : groups)
        if (group->operation == cell->operation && group->input == cell->input &&
            group->output == cell->output)
          own.push_back(group);
      const auto diagnosis = diagnoses.find(cell->name());
      add_cell(*cell, own, diagnosis == diagnoses.end() ? std::string() : diagnosis->second, strict,
               suite);
    }
    document.suites.push_back(std::move(suite));
  }
  if (needs_run_suite(summary)) document.suites.push_back(run_suite(summary));
  write_junit_document(document, out);
}

}  // namespace cvc
