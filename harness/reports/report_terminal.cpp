#include "harness/reports/report_terminal.hpp"

#include <algorithm>
#include <cstdio>
#include <iomanip>
#include <map>
#include <sstream>
#include <vector>

#include "harness/reports/environment_text.hpp"
#include "harness/reports/verdict_text.hpp"
#include "harness/text/line_fold.hpp"
#include "harness/text/text_escape.hpp"
#include "oracle/io/bounded_quote.hpp"

namespace cvc {
namespace {

// Each text from the run (the adapter's hello, a kept outcome, a merged report's fields) is
// printed bounded: a run cuts kept texts at 4096 bytes (SummaryLimits::text_bytes), so a real
// report prints the same, and a 50 MB field prints as its start and its size.
constexpr std::size_t kTextBytes = 4096;
// Tables and lists stop after this many rows ("... and N more"): every cell of the three
// operations (3 x 27 x 27) still fits, a merged report naming thousands of operations does not.
constexpr std::size_t kTableRows = 2200;
constexpr std::size_t kUnsupportedGroupsListed = 100;
// The unsupported reasons listed, and the bytes of each reason printed.
constexpr std::size_t kUnsupportedReasonsListed = 30;
constexpr std::size_t kReasonBytes = 240;

// Columns: the first left-aligned, the others right-aligned; a rule line before a total row.
class TextTable {
 public:
  explicit TextTable(std::vector<std::string> header) { rows_.push_back(std::move(header)); }
  void add(std::vector<std::string> row) {
    if (rows_.size() > kTableRows) {
      ++rows_left_out_;
      return;
    }
    rows_.push_back(std::move(row));
  }
  void add_total(std::vector<std::string> row) {
    total_row_ = rows_.size();
    rows_.push_back(std::move(row));
  }

  void write(std::ostream& out, std::string_view indent) const {
    std::vector<std::size_t> widths;
    for (const auto& row : rows_) {
      widths.resize(std::max(widths.size(), row.size()), 0);
      for (std::size_t i = 0; i < row.size(); ++i)
        widths[i] = std::max(widths[i], display_width(row[i]));
    }
    std::size_t line_width = 0;
    for (const std::size_t width : widths) line_width += width + 2;
    for (std::size_t r = 0; r < rows_.size(); ++r) {
      if (r == total_row_) out << indent << std::string(line_width - 2, '-') << "\n";
      std::string line(indent);
      for (std::size_t i = 0; i < rows_[r].size(); ++i) {
        const std::string& text = rows_[r][i];
        const std::string pad(widths[i] - display_width(text), ' ');
        line += i == 0 ? text + pad : pad + text;
        if (i + 1 < rows_[r].size()) line += "  ";
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out << line << "\n";
      if (r + 1 == total_row_ && rows_left_out_ > 0)
        out << indent << "... and " << rows_left_out_
            << " more rows (the JSON report lists them)\n";
    }
    if (total_row_ == static_cast<std::size_t>(-1) && rows_left_out_ > 0)
      out << indent << "... and " << rows_left_out_ << " more rows (the JSON report lists them)\n";
  }

 private:
  std::size_t rows_left_out_ = 0;
  std::vector<std::vector<std::string>> rows_;
  std::size_t total_row_ = static_cast<std::size_t>(-1);
};

std::vector<std::string> counts_header(std::string first) {
  std::vector<std::string> header = {std::move(first), "cases"};
  for (const Verdict verdict : kAllVerdicts) header.push_back(verdict_label(verdict));
  return header;
}

std::vector<std::string> counts_row(std::string first, const VerdictCounts& counts) {
  std::vector<std::string> row = {one_line(first), std::to_string(counts.total())};
  for (const Verdict verdict : kAllVerdicts) row.push_back(std::to_string(counts[verdict]));
  return row;
}

std::string counts_sentence(const VerdictCounts& counts) {
  std::string text = std::to_string(counts.total()) + " cases:";
  for (std::size_t i = 0; i < kAllVerdicts.size(); ++i)
    text += (i == 0 ? " " : ", ") + std::to_string(counts[kAllVerdicts[i]]) + " " +
            verdict_label(kAllVerdicts[i]);
  return text;
}

std::string format_seconds(double seconds) {
  std::ostringstream text;
  text << std::fixed << std::setprecision(seconds < 10 ? 2 : 1) << seconds << " s";
  return text.str();
}

// "name: value" lines with the values aligned, continuation lines of a value indented too.
// A field's text folded for a log (harness/text/line_fold): commands where the shell reads them
// back unchanged, so that a folded replay line can still be copied; everything else at spaces.
enum class FieldText { kProse, kCommand };

void write_field(std::ostream& out, std::string_view indent, std::string_view name,
                 std::string_view value, FieldText kind = FieldText::kProse) {
  constexpr std::size_t kNameWidth = 15;
  const std::string clean = sanitize_text(bounded_quote(value, kTextBytes), true);
  const std::string continuation = std::string(indent) + std::string(kNameWidth, ' ');
  out << indent << name << std::string(kNameWidth - std::min(kNameWidth - 1, name.size()), ' ');
  bool first = true;
  std::string_view rest = clean;
  while (true) {
    const std::size_t end = rest.find('\n');
    const std::string_view line = rest.substr(0, end);
    for (const std::string& piece : kind == FieldText::kCommand ? fold_command(line, kFoldWidth)
                                                                : fold_prose(line, kFoldWidth)) {
      if (!first) out << continuation;
      out << piece << "\n";
      first = false;
    }
    if (end == std::string_view::npos) break;
    rest.remove_prefix(end + 1);
  }
}

void write_terminal_header(const RunSummary& summary, std::ostream& out) {
  const RunInfo& info = summary.info();
  std::string implementation =
      info.implementation_name.empty() ? "(unnamed implementation)" : info.implementation_name;
  if (!info.implementation_version.empty()) implementation += " " + info.implementation_version;
  if (!info.implementation_language.empty())
    implementation += " (" + info.implementation_language + ")";
  out << "cast_value conformance: " << one_line(implementation) << "\n";
  if (!info.command.empty()) write_field(out, "  ", "command", info.command, FieldText::kCommand);
  if (!info.notes.empty()) write_field(out, "  ", "notes", info.notes);
  if (!info.environment.empty()) {
    write_field(out, "  ", "environment", environment_text(info));
  }
  write_field(out, "  ", "mode", info.mode + (info.strict ? " (strict)" : ""));
  if (!info.vectors_version.empty() || !info.vectors_manifest_sha256.empty())
    write_field(out, "  ", "vectors",
                "version " + (info.vectors_version.empty() ? "(none)" : info.vectors_version) +
                    ", manifest SHA-256 " + info.vectors_manifest_sha256);
  if (!info.selection.empty()) write_field(out, "  ", "selection", info.selection);
  std::string harness = "cvc " + info.harness_version;
  if (!info.started_at.empty()) harness += ", started " + info.started_at;
  if (summary.ended()) harness += ", " + format_seconds(summary.run_end().seconds);
  write_field(out, "  ", "harness", harness);
  if (!info.run_id.empty()) write_field(out, "  ", "run id", info.run_id);
  const RunEnd& end = summary.run_end();
  std::string status = "complete";
  if (!summary.ended()) status = "NOT ENDED: the report is partial";
  if (end.interrupted) status = "INTERRUPTED: the report is partial";
  if (end.aborted)
    status = "ABORTED: " + bounded_quote(end.abort_reason, kTextBytes) + " (the report is partial)";
  write_field(out, "  ", "status", status);
  out << "\n"
      << "Totals: " << counts_sentence(summary.totals()) << "\n"
      << "  " << accounting_text(summary) << "\n";
  const std::size_t outside_listed = std::min(end.outside_selection.size(), kListedItems);
  for (std::size_t i = 0; i < outside_listed; ++i)
    out << "  outside the selection: " << one_line(end.outside_selection[i]) << "\n";
  if (end.outside_selection.size() > outside_listed)
    out << "  ... and " << end.outside_selection.size() - outside_listed
        << " more outside the selection\n";
}

// Cells whose every case was unsupported, compactly: grouped by input type ("decode
// float8_e8m0fnu -> 26 types"), what is left by output type ("encode 25 types -> bfloat16"), the
// rest by name. They usually come in rows and columns, from a type the implementation lacks.
std::vector<std::string> unsupported_groups(std::vector<const CellSummary*> cells) {
  std::vector<std::string> groups;
  const auto take = [&](auto key, auto describe) {
    std::map<std::pair<std::string, const DataType*>, std::size_t> sizes;
    for (const CellSummary* cell : cells) ++sizes[key(*cell)];
    std::vector<const CellSummary*> rest;
    for (const auto& [group, size] : sizes)
      if (size > 1) groups.push_back(describe(group, size));
    for (const CellSummary* cell : cells)
      if (sizes[key(*cell)] == 1) rest.push_back(cell);
    cells = std::move(rest);
  };
  take([](const CellSummary& cell) { return std::pair(cell.operation, cell.input); },
       [](const auto& group, std::size_t size) {
         return group.first + " " + std::string(type_label(group.second)) + " -> " +
                std::to_string(size) + " types";
       });
  take([](const CellSummary& cell) { return std::pair(cell.operation, cell.output); },
       [](const auto& group, std::size_t size) {
         return group.first + " " + std::to_string(size) + " types -> " +
                std::string(type_label(group.second));
       });
  for (const CellSummary* cell : cells) groups.push_back(cell->name());
  return groups;
}

void write_cells(const RunSummary& summary, std::ostream& out) {
  const std::vector<const CellSummary*> cells = summary.cells();
  TextTable table(counts_header("cell"));
  std::size_t listed = 0, partly = 0;
  std::vector<const CellSummary*> unsupported;
  for (const CellSummary* cell : cells) {
    const CellStatus status = cell_status(cell->counts);
    if (status == CellStatus::Unsupported) unsupported.push_back(cell);
    if (status == CellStatus::PartlyUnsupported) ++partly;
    if (status != CellStatus::Fail && status != CellStatus::Divergence) continue;
    table.add(
        counts_row(std::string(cell_status_symbol(status)) + " " + cell->name(), cell->counts));
    ++listed;
  }
  out << "\nCells (operation input -> output): " << cells.size() << " run, " << listed
      << " with failures or divergences, " << partly << " passed but partly unsupported, "
      << unsupported.size() << " entirely unsupported\n";
  if (listed + partly + unsupported.size() > 0) {
    table.add_total(
        counts_row("total (all " + std::to_string(cells.size()) + " cells)", summary.totals()));
    table.write(out, "  ");
  }
  if (unsupported.empty()) return;
  out << "  entirely unsupported:";
  std::size_t column = 24;
  const std::vector<std::string> groups = unsupported_groups(unsupported);
  const std::size_t groups_listed = std::min(groups.size(), kUnsupportedGroupsListed);
  for (std::size_t i = 0; i < groups_listed; ++i) {
    const std::string group = one_line(groups[i]);
    if (column + group.size() > 98) {
      out << "\n   ";
      column = 3;
    }
    out << " " << group << ";";
    column += group.size() + 2;
  }
  if (groups.size() > groups_listed) out << " ... and " << groups.size() - groups_listed << " more";
  out << "\n";
}

// Every unsupported case is counted under its reason: the reasons with the most cases first,
// each line bounded (a log line stays under 300 characters), the rest counted.
void write_reason_lines(const RunSummary& summary, std::ostream& out) {
  const std::uint64_t unsupported = summary.totals()[Verdict::Unsupported];
  if (unsupported == 0) return;
  const std::vector<UnsupportedReason> reasons = summary.unsupported_reasons();
  out << "\nUnsupported: " << unsupported << " cases, by reason (" << reasons.size()
      << (reasons.size() == 1 ? " reason" : " reasons") << "; never counted as passed):\n";
  const std::size_t listed = std::min(reasons.size(), kUnsupportedReasonsListed);
  std::size_t width = 0;
  for (std::size_t i = 0; i < listed; ++i)
    width = std::max(width, std::to_string(reasons[i].cases).size());
  for (std::size_t i = 0; i < listed; ++i) {
    const std::string cases = std::to_string(reasons[i].cases);
    out << "  " << std::string(width - cases.size(), ' ') << cases << " in " << reasons[i].cells
        << (reasons[i].cells == 1 ? " cell: " : " cells: ")
        << sanitize_text(bounded_quote(reasons[i].reason, kReasonBytes), false) << "\n";
  }
  if (reasons.size() == listed) return;
  std::uint64_t rest = 0;
  for (std::size_t i = listed; i < reasons.size(); ++i) rest += reasons[i].cases;
  out << "  ... and " << reasons.size() - listed << " more reasons (" << rest
      << " cases; every one in report.json)\n";
}

void write_rules(const RunSummary& summary, std::ostream& out) {
  const std::vector<const RuleSummary*> rules = summary.rules();
  if (rules.empty()) return;
  out << "\nRules (cast: rounding / out_of_range; validate: what the metadata case tests; chain: "
         "its codecs):\n";
  TextTable table(counts_header("rule"));
  for (const RuleSummary* rule : rules) table.add(counts_row(rule->rule, rule->counts));
  table.write(out, "  ");
}

void write_flags(const RunSummary& summary, std::ostream& out) {
  const std::vector<const FlagSummary*> flags = summary.divergence_flags();
  if (flags.empty()) return;
  out << "\nDivergences by flag (results of an alternative reading):\n";
  TextTable table({"flag", "cases", "first in", "at"});
  for (const FlagSummary* flag : flags) {
    table.add({one_line(flag->flag), std::to_string(flag->count),
               one_line(outcome_cell_name(flag->first)), one_line(flag->first.where)});
  }
  table.write(out, "  ");
}

void write_incidents(const RunSummary& summary, std::ostream& out, const TerminalOptions& options) {
  if (summary.incident_count() == 0) return;
  out << "\nAdapter incidents: " << summary.incident_count() << ", costing "
      << summary.incident_cases() << " cases\n";
  const auto& incidents = summary.incidents();
  const std::size_t shown = std::min(options.incidents_shown, incidents.size());
  for (std::size_t i = 0; i < shown; ++i)
    out << "  " << i + 1 << ". " << describe_incident(incidents[i], "     ");
  if (summary.incident_count() > shown)
    out << "  ... " << summary.incident_count() - shown << " more (the JSON report keeps "
        << incidents.size() << ")\n";
}

void write_groups(const RunSummary& summary, std::ostream& out, const TerminalOptions& options) {
  const std::vector<const FailureGroup*> groups = summary.groups();
  if (groups.empty()) return;
  const std::size_t shown = std::min(options.failures_shown, groups.size());
  out << "\nFailures and divergences by cell, rule and kind (" << groups.size() << " groups; "
      << shown << " shown with an example):\n";
  for (std::size_t i = 0; i < shown; ++i) {
    const FailureGroup& group = *groups[i];
    out << "  " << i + 1 << ". " << one_line(group.cell_name()) << ", " << one_line(group.rule)
        << ": " << one_line(group.kind) << " (" << group.counts.total() << " cases)\n";
    if (!group.examples.empty())
      out << "     e.g. " << describe_outcome(group.examples.front(), "       ");
  }
  if (groups.size() > shown)
    out << "  ... " << groups.size() - shown
        << " more groups (the JSON and HTML reports list them)\n";
  if (summary.omitted_group_cases() > 0)
    out << "  (" << summary.omitted_group_cases()
        << " further failing cases fall in groups beyond the report's limit; they are counted "
           "above)\n";
}

// Failures by the known bug that reproduces them, unexplained ones first, each with its simplest
// case and the commands that explain and replay it.
void write_diagnosis(const RunSummary& summary, std::ostream& out, const TerminalOptions& options) {
  const Diagnosis& diagnosis = summary.diagnosis();
  if (diagnosis.failures() == 0) return;
  const std::vector<DiagnosisGroup> groups = diagnosis.groups();
  std::size_t models = 0;
  for (const DiagnosisGroup& group : groups) models += group.model != nullptr ? 1 : 0;
  out << "\nDiagnosis: " << diagnosis.failures() << " failures, " << diagnosis.explained()
      << " explained by " << models << " known-bug model" << (models == 1 ? "" : "s") << ", "
      << diagnosis.failures() - diagnosis.explained()
      << " unexplained (models: docs/bug-models.md)\n";
  const std::size_t shown = std::min(options.failures_shown, groups.size());
  for (std::size_t i = 0; i < shown; ++i) {
    const DiagnosisGroup& group = groups[i];
    out << "  " << i + 1 << ". " << one_line(group.title());
    if (group.model != nullptr) out << " [" << group.model->id << "]";
    out << ": " << group.cases << " cases\n";
    const std::size_t cells_shown = std::min<std::size_t>(group.cells.size(), 5);
    for (std::size_t c = 0; c < cells_shown; ++c) {
      const DiagnosisCell& cell = group.cells[c];
      out << "     " << explained_cell_text(cell, summary.cell_failures(cell)) << "\n";
    }
    if (group.cells.size() > cells_shown)
      out << "     ... and " << group.cells.size() - cells_shown << " more cells\n";
    out << "     simplest: " << describe_outcome(group.minimal, "       ");
    if (!group.minimal.oracle_command.empty())
      write_field(out, "       ", "explain", group.minimal.oracle_command, FieldText::kCommand);
    if (!group.minimal.replay.empty())
      write_field(out, "       ", "replay",
                  replay_command(summary.info().command, group.minimal.replay),
                  FieldText::kCommand);
  }
  if (groups.size() > shown)
    out << "  ... " << groups.size() - shown << " more (the JSON and HTML reports list them)\n";
}

// The verdict and how much of the selection it covers, on one line that scripts grep
// ("Result: PASS", "Result: FAIL"), then the exit code.
void write_result(const RunSummary& summary, std::ostream& out) {
  out << "\nResult: " << verdict_text(summary) << ", exit code " << exit_code(summary) << "\n";
}

}  // namespace

std::string one_line(std::string_view text) {
  return sanitize_text(bounded_quote(text, kTextBytes), false);
}

std::string accounting_text(const RunSummary& summary) {
  const RunEnd& end = summary.run_end();
  const std::uint64_t counted = summary.cases_counted();
  const VerdictCounts& totals = summary.totals();
  std::string sum;
  for (std::size_t i = 0; i < kAllVerdicts.size(); ++i)
    sum += (i == 0 ? "" : " + ") + std::to_string(totals[kAllVerdicts[i]]) + " " +
           verdict_label(kAllVerdicts[i]);
  if (!summary.ended())
    return "the run has not ended: " + std::to_string(counted) + " cases counted so far";
  if (!end.not_reached_known)
    return sum + " = " + std::to_string(counted) +
           " cases counted; the run was interrupted and the rest of the selection was not reached "
           "(not counted)";
  if (end.not_reached > 0)
    return sum + " + " + std::to_string(end.not_reached) +
           " not reached = " + std::to_string(counted + end.not_reached) + " cases selected";
  return sum + " = " + std::to_string(counted) + " cases selected: every one counted";
}

std::string verdict_label(Verdict verdict) {
  std::string label(verdict_name(verdict));
  std::replace(label.begin(), label.end(), '_', ' ');
  return label;
}

std::string describe_outcome(const CaseOutcome& outcome, std::string_view indent) {
  std::ostringstream out;
  std::string title = verdict_label(outcome.verdict);
  std::transform(title.begin(), title.end(), title.begin(),
                 [](char c) { return static_cast<char>(c >= 'a' && c <= 'z' ? c - 32 : c); });
  out << title << " " << one_line(outcome_cell_name(outcome));
  if (!outcome.where.empty()) out << "  (" << one_line(outcome.where) << ")";
  out << "\n";
  write_field(out, indent, "configuration", outcome.configuration);
  if (!outcome.rule.empty()) write_field(out, indent, "rule", outcome.rule);
  write_field(out, indent, "input", outcome.input_text);
  write_field(out, indent, "expected", outcome.expected);
  write_field(out, indent, "got", outcome.got);
  if (!outcome.explanation.empty()) write_field(out, indent, "explanation", outcome.explanation);
  if (!outcome.flag.empty()) write_field(out, indent, "flag", outcome.flag);
  return out.str();
}

std::string describe_incident(const AdapterIncident& incident, std::string_view indent) {
  std::ostringstream out;
  out << one_line(incident.kind) << ": " << one_line(incident.detail) << "\n";
  if (!incident.request.empty()) write_field(out, indent, "pending", incident.request);
  write_field(out, indent, "cases", std::to_string(incident.cases_affected));
  if (!incident.stderr_tail.empty()) write_field(out, indent, "stderr", incident.stderr_tail);
  return out.str();
}

void write_terminal_report(const RunSummary& summary, std::ostream& out,
                           const TerminalOptions& options) {
  write_terminal_header(summary, out);
  write_cells(summary, out);
  write_reason_lines(summary, out);
  write_rules(summary, out);
  write_flags(summary, out);
  write_incidents(summary, out, options);
  write_groups(summary, out, options);
  write_diagnosis(summary, out, options);
  write_last_screen(summary, options.last_screen, out);
  write_result(summary, out);
}

}  // namespace cvc
