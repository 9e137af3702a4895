#include "harness/report_html.hpp"

#include <cstdio>
#include <string>
#include <vector>

#include "harness/report_terminal.hpp"
#include "harness/text_escape.hpp"

namespace cvc {
namespace {

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
table.cases td { text-align: left; font-family: ui-monospace, monospace; font-size: 0.85em;
  white-space: pre-wrap; max-width: 30em; overflow-wrap: anywhere; }
td.pass, span.pass { background: #a5d6a7; } td.divergence, span.divergence { background: #ffd54f; }
td.fail, span.fail { background: #ef9a9a; } td.unsupported, span.unsupported { background: #cfcfcf; }
td.not-run, span.not-run { background: #fff; }
span.pass, span.divergence, span.fail, span.unsupported, span.not-run { padding: 1px 6px;
  border: 1px solid #bbb; margin-right: 4px; }
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

// 950, 9.5k, 95k, 1.2M: a count that fits a matrix cell.
std::string compact_count(std::uint64_t count) {
  char text[32];
  const auto scaled = [&](double value, const char* unit) {
    std::snprintf(text, sizeof text, value < 10 ? "%.1f%s" : "%.0f%s", value, unit);
  };
  if (count < 1000)
    std::snprintf(text, sizeof text, "%llu", static_cast<unsigned long long>(count));
  else if (count < 1000000)
    scaled(static_cast<double>(count) / 1e3, "k");
  else if (count < 1000000000)
    scaled(static_cast<double>(count) / 1e6, "M");
  else
    scaled(static_cast<double>(count) / 1e9, "G");
  return text;
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

void write_header(const RunSummary& summary, std::ostream& out) {
  const RunInfo& info = summary.info();
  const RunEnd& end = summary.run_end();
  std::string implementation = info.implementation_name;
  if (!info.implementation_version.empty()) implementation += " " + info.implementation_version;
  out << "<h1>cast_value conformance: " << html(implementation)
      << "</h1>\n<table class=\"info\">\n";
  std::string status = "complete";
  if (end.interrupted) status = "interrupted: the report is partial";
  if (end.aborted) status = "aborted: " + end.abort_reason + " (the report is partial)";
  const std::vector<std::pair<std::string_view, std::string>> rows = {
      {"implementation", implementation},
      {"language", info.implementation_language},
      {"command", info.command},
      {"notes", info.notes},
      {"mode", info.mode + (info.strict ? " (strict: divergences fail)" : "")},
      {"harness", "cvc " + info.harness_version},
      {"started", info.started_at},
      {"duration", seconds_text(end.seconds)},
      {"status", status}};
  for (const auto& [name, value] : rows)
    if (!value.empty())
      out << "<tr><th>" << html(name) << "</th><td>" << html(value) << "</td></tr>\n";
  out << "</table>\n";
  const int code = exit_code(summary);
  out << "<p class=\"result\">Result: "
      << (code == 0            ? "PASS"
          : summary.complete() ? "FAIL"
                               : "INCOMPLETE")
      << " (exit code " << code << ")</p>\n<p>Totals: " << html(counts_text(summary.totals()))
      << "</p>\n";
}

void write_legend(std::ostream& out) {
  out << "<p class=\"legend\">";
  for (const CellStatus status : {CellStatus::Pass, CellStatus::Divergence, CellStatus::Fail,
                                  CellStatus::Unsupported, CellStatus::NotRun})
    out << "<span class=\"" << cell_status_name(status) << "\">" << cell_status_name(status)
        << "</span>";
  out << " A cell shows its failures (fail), divergences (divergence) or cases; hover for the "
         "counts, click for its cases.</p>\n";
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
              (cell == nullptr ? "not run" : counts_text(counts)))
      << "\">";
  std::string shown;
  if (status == CellStatus::Fail) shown = compact_count(counts.failed(false));
  if (status == CellStatus::Divergence) shown = compact_count(counts[Verdict::Divergence]);
  if (status == CellStatus::Pass) shown = compact_count(counts.total());
  if (status == CellStatus::Unsupported) shown.push_back('-');  // not = "-": GCC 12 -Wrestrict
  const bool linked = cell != nullptr && (!cell->failures.empty() || !cell->divergences.empty());
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

void write_cases(const std::vector<CaseOutcome>& outcomes, std::uint64_t total,
                 std::string_view what, std::ostream& out) {
  if (outcomes.empty()) return;
  out << "<p>" << html(what) << ": " << outcomes.size() << " of " << total
      << " shown</p>\n<table class=\"cases\"><tr><th>verdict</th><th>where</th>"
         "<th>configuration</th><th>input</th><th>expected</th><th>got</th><th>explanation</th>"
         "<th>flag</th></tr>\n";
  for (const CaseOutcome& outcome : outcomes) {
    out << "<tr><td class=\"" << (outcome.verdict == Verdict::Divergence ? "divergence" : "fail")
        << "\">" << html(verdict_label(outcome.verdict)) << "</td>";
    for (const std::string* text :
         {&outcome.where, &outcome.configuration, &outcome.input_text, &outcome.expected,
          &outcome.got, &outcome.explanation, &outcome.flag})
      out << "<td>" << html(*text) << "</td>";
    out << "</tr>\n";
  }
  out << "</table>\n";
}

void write_cell_sections(const RunSummary& summary, std::ostream& out) {
  bool heading = false;
  for (const CellSummary* cell : summary.cells()) {
    if (cell->failures.empty() && cell->divergences.empty()) continue;
    if (!heading) out << "<h2 id=\"cells\">Cases by cell</h2>\n";
    heading = true;
    out << "<section id=\"" << anchor("cell", cell->operation, cell->input, cell->output)
        << "\" class=\"cell\">\n<h3>" << html(cell->name()) << "</h3>\n<p>"
        << html(counts_text(cell->counts)) << " (<a href=\"#matrix-" << fragment(cell->operation)
        << "\">matrix</a>)</p>\n";
    write_cases(cell->failures, cell->counts.failed(false), "failures", out);
    write_cases(cell->divergences, cell->counts[Verdict::Divergence], "divergences", out);
    out << "</section>\n";
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
        << html(outcome_cell_name(first)) << "</a></td><td class=\"text\">" << html(first.where)
        << "</td></tr>\n";
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

void write_html_report(const RunSummary& summary, std::ostream& out) {
  const RunInfo& info = summary.info();
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
      << html("cast_value conformance: " + info.implementation_name + " " +
              info.implementation_version)
      << "</title>\n<style>" << kStyle << "</style>\n</head>\n<body>\n";
  write_header(summary, out);
  write_legend(out);
  const std::vector<std::string_view> operations = summary.operations();
  if (operations.empty()) out << "<p>No case was run.</p>\n";
  for (const std::string_view operation : operations) write_matrix(summary, operation, out);
  write_rules_and_flags(summary, out);
  write_incidents(summary, out);
  write_cell_sections(summary, out);
  out << "</body>\n</html>\n";
}

HtmlReport::HtmlReport(std::ostream& out, SummaryLimits limits)
    : RunSummary(limits), output_(out) {}

HtmlReport::HtmlReport(const std::filesystem::path& path, SummaryLimits limits)
    : RunSummary(limits), output_(path) {}

void HtmlReport::end(const RunEnd& end) {
  RunSummary::end(end);
  write_html_report(*this, output_.stream());
  output_.finish();
}

}  // namespace cvc
