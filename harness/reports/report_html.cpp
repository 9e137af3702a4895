#include "harness/reports/report_html.hpp"

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "harness/reports/report_terminal.hpp"
#include "harness/reports/verdict_text.hpp"
#include "harness/text/text_escape.hpp"
#include "oracle/io/bounded_quote.hpp"

namespace cvc {
namespace {

// The unsupported reasons listed in their table, and the bytes of a reason in it; of a cell's
// reasons in its tooltip (every cell of a matrix may have one: the page stays near 1 MB).
constexpr std::size_t kHtmlReasonRows = 100;
constexpr std::size_t kHtmlReasonBytes = 400;
constexpr std::size_t kHtmlTooltipReasonBytes = 200;

constexpr std::string_view kStyle = R"(
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.4em; } h2 { font-size: 1.2em; margin-top: 1.6em; } h3 { font-size: 1.05em; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #bbb; padding: 2px 6px; text-align: right; vertical-align: top; }
th:first-child, td.text, table.info td { text-align: left; }
table.info th { text-align: left; background: #f3f3f3; }
table.matrix td { min-width: 2.2em; text-align: center; font-size: 0.8em; padding: 1px 2px; }
table.matrix thead th { writing-mode: vertical-rl; transform: rotate(180deg); font-weight: normal;
  font-size: 0.8em; padding: 4px 1px; }
table.matrix tbody th { font-weight: normal; font-size: 0.8em; }
table.matrix a { color: inherit; text-decoration: none; display: block; }
table.groups td { text-align: left; font-family: ui-monospace, monospace; font-size: 0.85em;
  white-space: pre-wrap; max-width: 30em; overflow-wrap: anywhere; }
table.groups td.config { overflow-wrap: normal; word-break: normal; }
td.where { overflow-wrap: normal; word-break: normal; white-space: normal; }
table.groups td.count { text-align: right; }
.pass { background: #a5d6a7; } .partly-unsupported { background: #dcedc8; }
.divergence { background: #ffd54f; } .fail { background: #ef9a9a; } .unexplained { background: #ce93d8; }
.unsupported { background: #cfcfcf; } .not-run { background: #fff; }
dl.legend dt { display: inline-block; min-width: 2em; text-align: center; border: 1px solid #bbb; }
dl.legend dd { display: inline; margin: 0 1em 0 0.3em; }
p.result { font-weight: bold; font-size: 1.1em; }
pre { background: #f6f6f6; padding: 0.5em; white-space: pre-wrap; overflow-wrap: anywhere; }
)";

std::string html(std::string_view text) {
  return escape_markup(text);
}
std::string attr(std::string_view text) {
  return escape_markup_attribute(text);
}

// A fragment identifier: letters, digits, '-' and '_' kept, anything else '_'.
std::string fragment(std::string_view text) {
  std::string id;
  for (const char c : text) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       c == '-' || c == '_';
    id += plain ? c : '_';
  }
  return id;
}

// "cell-encode-float16-int8": the identifier of a cell's matrix entry ("m") or section ("cell").
std::string anchor(std::string_view prefix, std::string_view operation, const DataType* input,
                   const DataType* output) {
  return std::string(prefix) + "-" + fragment(operation) + "-" + fragment(type_label(input)) + "-" +
         fragment(type_label(output));
}

std::string seconds_text(double seconds) {
  char text[48];
  std::snprintf(text, sizeof text, "%.2f s", seconds);
  return text;
}

std::string counts_text(const VerdictCounts& counts) {
  std::string text = std::to_string(counts.total()) + " cases";
  for (const Verdict verdict : kAllVerdicts)
    text += ", " + std::to_string(counts[verdict]) + " " + verdict_label(verdict);
  return text;
}

void write_counts_table(std::ostream& out, std::string_view first_heading,
                        const std::vector<std::pair<std::string, const VerdictCounts*>>& rows) {
  out << "<table><tr><th>" << html(first_heading) << "</th><th>cases</th>";
  for (const Verdict verdict : kAllVerdicts)
    out << "<th>" << html(verdict_label(verdict)) << "</th>";
  out << "</tr>\n";
  for (const auto& [name, counts] : rows) {
    out << "<tr><td class=\"text " << cell_status_name(cell_status(*counts)) << "\">" << html(name)
        << "</td><td>" << counts->total() << "</td>";
    for (const Verdict verdict : kAllVerdicts) out << "<td>" << (*counts)[verdict] << "</td>";
    out << "</tr>\n";
  }
  out << "</table>\n";
}

void write_html_header(const RunSummary& summary, std::ostream& out) {
  const RunInfo& info = summary.info();
  const RunEnd& end = summary.run_end();
  std::string implementation = info.implementation_name;
  if (!info.implementation_version.empty()) implementation += " " + info.implementation_version;
  out << "<h1>cast_value conformance: " << html(implementation)
      << "</h1>\n<table class=\"info\">\n";
  std::string status = "complete";
  if (end.interrupted) status = "interrupted: the report is partial";
  if (end.aborted) status = "aborted: " + end.abort_reason + " (the report is partial)";
  std::string environment;
  for (const auto& [name, version] : info.environment)
    environment += (environment.empty() ? "" : ", ") + name + " " + version;
  std::string vectors;
  if (!info.vectors_version.empty() || !info.vectors_manifest_sha256.empty())
    vectors = "version " + (info.vectors_version.empty() ? "(none)" : info.vectors_version) +
              ", manifest SHA-256 " + info.vectors_manifest_sha256;
  const std::vector<std::pair<std::string_view, std::string>> rows = {
      {"implementation", implementation},
      {"language", info.implementation_language},
      {"environment", environment},
      {"command", info.command},
      {"notes", info.notes},
      {"mode", info.mode + (info.strict ? " (strict: divergences fail)" : "")},
      {"vectors", vectors},
      {"selection", info.selection},
      {"harness", "cvc " + info.harness_version},
      {"run id", info.run_id},
      {"started", info.started_at},
      {"duration", seconds_text(end.seconds)},
      {"status", status}};
  for (const auto& [name, value] : rows)
    if (!value.empty())
      out << "<tr><th>" << html(name) << "</th><td>" << html(value) << "</td></tr>\n";
  out << "</table>\n";
  const int code = exit_code(summary);
  out << "<p class=\"result\">Result: " << html(verdict_text(summary)) << " (exit code " << code
      << ")</p>\n<p>Totals: " << html(counts_text(summary.totals()))
      << "</p>\n<p>Accounting: " << html(accounting_text(summary)) << "</p>\n";
  // The diagnosis is the page's answer to "whose fault": one click from the top.
  const Diagnosis& diagnosis = summary.diagnosis();
  if (diagnosis.failures() > 0)
    out << "<p><a href=\"#diagnosis\">Diagnosis: " << diagnosis.failures() << " failures, "
        << diagnosis.explained() << " explained by known bugs, "
        << diagnosis.failures() - diagnosis.explained() << " unexplained</a></p>\n";
  if (!end.outside_selection.empty()) {
    out << "<p>Outside the selection (no protocol operation exercises them):</p>\n<ul>\n";
    for (const std::string& line : end.outside_selection) out << "<li>" << html(line) << "</li>\n";
    out << "</ul>\n";
  }
}

void write_legend(std::ostream& out) {
  out << "<dl class=\"legend\">";
  const std::pair<CellStatus, std::string_view> entries[] = {
      {CellStatus::Pass, "every case passed"},
      {CellStatus::PartlyUnsupported, "no failure, but some cases unsupported"},
      {CellStatus::Divergence, "divergences (an alternative reading), no failure"},
      {CellStatus::Fail, "failures or adapter errors"},
      {CellStatus::Unsupported, "every case unsupported"},
      {CellStatus::NotRun, "no case"}};
  for (const auto& [status, meaning] : entries)
    out << "<dt class=\"" << cell_status_name(status) << "\">" << cell_status_symbol(status)
        << "</dt><dd>" << html(meaning) << "</dd>";
  out << "</dl>\n<p>The number in a cell is always the share of its cases that passed, in whole "
         "percent rounded down (shown unless all or none passed). Hover over a cell for its "
         "counts; click a cell with failures or divergences for its groups.</p>\n";
}

// Why the grey cells are grey: every unsupported case counted under its reason (each cell's own
// reasons are in its tooltip). Rows and texts are bounded, so the page stays small.
void write_reason_table(const RunSummary& summary, std::ostream& out) {
  const std::uint64_t unsupported = summary.totals()[Verdict::Unsupported];
  if (unsupported == 0) return;
  const std::vector<UnsupportedReason> reasons = summary.unsupported_reasons();
  out << "<h2 id=\"unsupported\">Unsupported: " << unsupported
      << " cases, by reason</h2>\n<p>What the adapter's hello leaves out, quoted, or what the "
         "adapter answered: these cases were not run and are never counted as passed.</p>\n"
         "<table><tr><th>reason</th><th>cases</th><th>cells</th></tr>\n";
  const std::size_t listed = std::min(reasons.size(), kHtmlReasonRows);
  for (std::size_t i = 0; i < listed; ++i)
    out << "<tr><td class=\"text\">" << html(bounded_quote(reasons[i].reason, kHtmlReasonBytes))
        << "</td><td>" << reasons[i].cases << "</td><td>" << reasons[i].cells << "</td></tr>\n";
  out << "</table>\n";
  if (reasons.size() > listed)
    out << "<p>... and " << reasons.size() - listed << " more reasons (report.json has every one)."
        << "</p>\n";
}

// The axis of a matrix: the 26 types, and a null type when some cell has one.
std::vector<const DataType*> axis(bool with_null) {
  std::vector<const DataType*> types;
  for (const DataType& type : all_data_types()) types.push_back(&type);
  if (with_null) types.push_back(nullptr);
  return types;
}

void write_matrix_cell(const RunSummary& summary, const std::string& operation,
                       const DataType* input, const DataType* output, std::ostream& out) {
  const CellSummary* cell = summary.find_cell(operation, input, output);
  const VerdictCounts counts = cell == nullptr ? VerdictCounts{} : cell->counts;
  const CellStatus status = cell_status(counts);
  out << "<td id=\"" << anchor("m", operation, input, output) << "\" class=\""
      << cell_status_name(status) << "\" title=\""
      << attr(cell_name(operation, input, output) + ": " +
              (cell == nullptr ? "not run" : counts_text(counts)) +
              (counts[Verdict::Unsupported] == 0
                   ? ""
                   : "; unsupported: " +
                         bounded_quote(unsupported_reasons_text(*cell), kHtmlTooltipReasonBytes)))
      << "\">";
  std::string shown(cell_status_symbol(status));
  if (status == CellStatus::Fail || status == CellStatus::Divergence ||
      status == CellStatus::PartlyUnsupported)
    shown += std::to_string(passed_percent(counts));
  const bool linked = status == CellStatus::Fail || status == CellStatus::Divergence;
  if (linked)
    out << "<a href=\"#" << anchor("cell", operation, input, output) << "\">" << shown << "</a>";
  else
    out << shown;
  out << "</td>";
}

void write_matrix(const RunSummary& summary, std::string_view operation_name, std::ostream& out) {
  const std::string operation(operation_name);
  bool null_input = false, null_output = false;
  for (const CellSummary* cell : summary.cells(operation)) {
    null_input |= cell->input == nullptr;
    null_output |= cell->output == nullptr;
  }
  out << "<h2 id=\"matrix-" << fragment(operation) << "\">" << html(operation)
      << "</h2>\n<table class=\"matrix\"><thead><tr><th>input \\ output</th>";
  for (const DataType* output : axis(null_output))
    out << "<th>" << html(type_label(output)) << "</th>";
  out << "</tr></thead>\n<tbody>\n";
  for (const DataType* input : axis(null_input)) {
    out << "<tr><th>" << html(type_label(input)) << "</th>";
    for (const DataType* output : axis(null_output))
      write_matrix_cell(summary, operation, input, output, out);
    out << "</tr>\n";
  }
  out << "</tbody></table>\n";
}

// JSON text with a line-break opportunity after each "," and ":", so that a narrow column wraps
// it between tokens, never inside one.
std::string wrappable_json(std::string_view text) {
  std::string escaped;
  for (const char c : text) {
    escaped += html(std::string_view(&c, 1));
    if (c == ',' || c == ':') escaped += "<wbr>";
  }
  return escaped;
}

// Failures by the known bug that reproduces them (unexplained first), each with its cells and its
// simplest case; placed before the failure groups because it is the shorter read.
void write_diagnosis(const RunSummary& summary, std::ostream& out) {
  const Diagnosis& diagnosis = summary.diagnosis();
  if (diagnosis.failures() == 0) return;
  out << "<h2 id=\"diagnosis\">Diagnosis</h2>\n<p>" << diagnosis.failures() << " failures; "
      << diagnosis.explained() << " reproduced exactly by a known-bug model (docs/bug-models.md), "
      << diagnosis.failures() - diagnosis.explained() << " unexplained.</p>\n";
  out << "<table class=\"groups\"><tr><th>cause</th><th>cases</th><th>cells</th><th>simplest "
         "case</th><th>explain and replay</th></tr>\n";
  for (const DiagnosisGroup& group : diagnosis.groups()) {
    out << "<tr><td class=\"text " << (group.model ? "fail" : "unexplained") << "\">"
        << html(group.title());
    if (group.model != nullptr)
      out << "<br><code>" << html(group.model->id) << "</code><br>" << html(group.model->mechanism);
    out << "</td><td class=\"count\">" << group.cases << "</td><td>";
    std::size_t shown = 0;
    for (const DiagnosisCell& cell : group.cells) {
      if (++shown > 12) {
        out << "... and " << group.cells.size() - 12 << " more cells";
        break;
      }
      out << "<a href=\"#" << anchor("cell", cell.operation, cell.input, cell.output) << "\">"
          << html(explained_cell_text(cell, summary.cell_failures(cell))) << "</a><br>";
    }
    const CaseOutcome& minimal = group.minimal;
    out << "</td><td>" << html(outcome_cell_name(minimal)) << "<br>config "
        << wrappable_json(minimal.configuration) << "<br>input " << html(minimal.input_text)
        << "<br>expected " << html(minimal.expected) << "<br>got " << html(minimal.got)
        << "</td><td><code>" << html(minimal.oracle_command) << "</code>";
    if (!minimal.replay.empty())
      out << "<br><code>" << html(replay_command(summary.info().command, minimal.replay))
          << "</code>";
    out << "</td></tr>\n";
  }
  out << "</table>\n";
}

enum class GroupDetail { WithExample, CountOnly, Omitted };

void write_group_row(const FailureGroup& group, GroupDetail detail, std::ostream& out) {
  const CellStatus status = cell_status(group.counts);
  out << "<tr><td class=\"text " << cell_status_name(status) << "\">" << cell_status_symbol(status)
      << " " << html(group.kind) << "</td><td>" << html(group.rule) << "</td><td class=\"count\">"
      << group.counts.total() << "</td>";
  if (detail == GroupDetail::WithExample && !group.examples.empty()) {
    const CaseOutcome& example = group.examples.front();
    out << "<td class=\"where\">" << html(example.where) << "</td><td class=\"config\">"
        << wrappable_json(example.configuration) << "</td>";
    for (const std::string* text :
         {&example.input_text, &example.expected, &example.got, &example.explanation})
      out << "<td>" << html(*text) << "</td>";
  } else {
    out << "<td colspan=\"6\">(example in report.json)</td>";
  }
  out << "</tr>\n";
}

// The failure groups, cell by cell, within the page's byte budget: with an example while the
// page is under kPageBudgetBytes, then without, then only a count per cell.
void write_groups(const RunSummary& summary, std::ostringstream& out) {
  const std::vector<const FailureGroup*> groups = summary.groups();
  if (groups.empty()) return;
  out << "<h2 id=\"groups\">Failures and divergences by cell, rule and kind</h2>\n<p>"
      << groups.size()
      << " groups: the cases of one cell and rule that went wrong the same way, counted, with the "
         "first example (report.json keeps up to "
      << summary.limits().examples_per_group << " per group).";
  if (summary.omitted_group_cases() > 0)
    out << " " << summary.omitted_group_cases()
        << " further failing cases fall in groups beyond the report's limit of "
        << summary.limits().groups << " groups; they are counted in the matrices and totals.";
  out << "</p>\n";
  std::size_t i = 0;
  while (i < groups.size()) {
    const FailureGroup& first = *groups[i];
    std::size_t end = i;
    while (end < groups.size() && groups[end]->operation == first.operation &&
           groups[end]->input == first.input && groups[end]->output == first.output)
      ++end;
    const std::size_t written = static_cast<std::size_t>(out.tellp());
    const GroupDetail detail = written < kPageBudgetBytes                ? GroupDetail::WithExample
                               : written < kPageBudgetBytes + 100 * 1024 ? GroupDetail::CountOnly
                                                                         : GroupDetail::Omitted;
    const CellSummary* cell = summary.find_cell(first.operation, first.input, first.output);
    const std::string id = anchor("cell", first.operation, first.input, first.output);
    if (detail == GroupDetail::Omitted) {
      std::uint64_t cases = 0;
      for (std::size_t k = i; k < end; ++k) cases += groups[k]->counts.total();
      out << "<p id=\"" << id << "\">" << html(first.cell_name()) << ": " << end - i << " groups, "
          << cases << " cases (listed in report.json: this page is full)</p>\n";
    } else {
      out << "<section id=\"" << id << "\">\n<h3>" << html(first.cell_name()) << "</h3>\n<p>"
          << html(cell == nullptr ? "" : counts_text(cell->counts)) << " (<a href=\"#matrix-"
          << fragment(first.operation)
          << "\">matrix</a>)</p>\n<table class=\"groups\"><tr><th>kind</th><th>rule</th>"
             "<th>cases</th><th>example</th><th>configuration</th><th>input</th><th>expected</th>"
             "<th>got</th><th>explanation</th></tr>\n";
      for (std::size_t k = i; k < end; ++k) write_group_row(*groups[k], detail, out);
      out << "</table>\n</section>\n";
    }
    i = end;
  }
}

void write_rules_and_flags(const RunSummary& summary, std::ostream& out) {
  std::vector<std::pair<std::string, const VerdictCounts*>> rows;
  for (const RuleSummary* rule : summary.rules()) rows.emplace_back(rule->rule, &rule->counts);
  if (!rows.empty()) {
    out << "<h2 id=\"rules\">Rules (rounding / out_of_range)</h2>\n";
    write_counts_table(out, "rule", rows);
  }
  const std::vector<const FlagSummary*> flags = summary.divergence_flags();
  if (flags.empty()) return;
  out << "<h2 id=\"flags\">Divergences by flag</h2>\n<table><tr><th>flag</th><th>cases</th>"
         "<th>first in</th><th>at</th></tr>\n";
  for (const FlagSummary* flag : flags) {
    const CaseOutcome& first = flag->first;
    out << "<tr><td class=\"text\">" << html(flag->flag) << "</td><td>" << flag->count
        << "</td><td class=\"text\"><a href=\"#"
        << anchor("cell", first.operation, first.input, first.output) << "\">"
        << html(outcome_cell_name(first)) << "</a></td><td class=\"text where\">"
        << html(first.where) << "</td></tr>\n";
  }
  out << "</table>\n";
}

void write_incidents(const RunSummary& summary, std::ostream& out) {
  if (summary.incident_count() == 0) return;
  out << "<h2 id=\"incidents\">Adapter incidents</h2>\n<p>" << summary.incident_count()
      << " incidents, costing " << summary.incident_cases() << " cases";
  if (summary.incident_count() > summary.incidents().size())
    out << " (the first " << summary.incidents().size() << " shown)";
  out << "</p>\n";
  for (const AdapterIncident& incident : summary.incidents())
    out << "<pre>" << html(describe_incident(incident)) << "</pre>\n";
}

}  // namespace

void write_html_report(const RunSummary& summary, std::ostream& stream) {
  const RunInfo& info = summary.info();
  std::ostringstream out;
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
      << html("cast_value conformance: " + info.implementation_name + " " +
              info.implementation_version)
      << "</title>\n<style>" << kStyle << "</style>\n</head>\n<body>\n";
  write_html_header(summary, out);
  write_legend(out);
  write_reason_table(summary, out);
  const std::vector<std::string_view> operations = summary.operations();
  if (operations.empty()) out << "<p>No case was run.</p>\n";
  for (const std::string_view operation : operations) write_matrix(summary, operation, out);
  write_rules_and_flags(summary, out);
  write_incidents(summary, out);
  write_diagnosis(summary, out);
  write_groups(summary, out);
  out << "</body>\n</html>\n";
  stream << out.str();
}

}  // namespace cvc
