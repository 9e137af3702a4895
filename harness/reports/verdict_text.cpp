#include "harness/reports/verdict_text.hpp"

namespace cvc {
namespace {

std::string counted_clause(std::uint64_t count, std::string_view what) {
  return ", " + grouped_count(count) + " " + std::string(what);
}

// What the verdict does not cover beyond the cases not compared, each clause only when non-zero.
std::string uncompared_clauses(const RunSummary& summary) {
  const VerdictCounts& totals = summary.totals();
  std::string text;
  if (totals[Verdict::Unsupported] > 0)
    text += counted_clause(totals[Verdict::Unsupported], "unsupported");
  if (totals[Verdict::AdapterError] > 0)
    text += counted_clause(totals[Verdict::AdapterError], "adapter errors");
  if (summary.ended() && summary.run_end().not_reached_known && summary.run_end().not_reached > 0)
    text += counted_clause(summary.run_end().not_reached, "not reached");
  return text;
}

}  // namespace

std::string grouped_count(std::uint64_t count) {
  const std::string digits = std::to_string(count);
  std::string grouped;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) grouped.push_back(',');
    grouped.push_back(digits[i]);
  }
  return grouped;
}

std::optional<std::uint64_t> selected_cases(const RunSummary& summary) {
  const RunEnd& end = summary.run_end();
  if (!summary.ended() || !end.not_reached_known) return std::nullopt;
  std::uint64_t selected = summary.cases_counted();
  add_count(selected, end.not_reached, "counted and not reached cases");
  return selected;
}

std::string coverage_text(const RunSummary& summary) {
  const std::uint64_t compared = summary.totals().compared();
  const std::optional<std::uint64_t> selected = selected_cases(summary);
  if (!selected)
    return grouped_count(compared) + " cases compared of " +
           grouped_count(summary.cases_counted()) + " counted" + uncompared_clauses(summary) +
           "; the rest of the selection was not reached (not counted)";
  return grouped_count(compared) + " of " + grouped_count(*selected) +
         " selected cases compared (" + share_text(compared, *selected) + ")" +
         uncompared_clauses(summary);
}

std::string verdict_text(const RunSummary& summary) {
  const VerdictCounts& totals = summary.totals();
  std::string text(result_label(summary));
  if (!summary.complete()) {
    if (summary.ended()) text += summary.run_end().aborted ? " (aborted)" : " (interrupted)";
    return text + ": " + coverage_text(summary);
  }
  if (totals.compared() == 0)
    return text + ": " + coverage_text(summary) + ": the run certifies nothing";
  if (exit_code(summary) != 0) {
    text += " (" + grouped_count(totals[Verdict::Fail]) + " failed, " +
            grouped_count(totals[Verdict::AdapterError]) + " adapter errors";
    if (summary.strict())
      text += ", " + grouped_count(totals[Verdict::Divergence]) + " divergences (strict)";
    return text + "): " + coverage_text(summary);
  }
  text += ": " + coverage_text(summary);
  if (totals[Verdict::Divergence] > 0)
    text += "; " + grouped_count(totals[Verdict::Divergence]) +
            " divergences, allowed without --strict";
  // A pass says what it was against: a modified set certifies only what it holds.
  if (summary.info().vectors_version.starts_with("modified"))
    text += "; against a modified vector set, " + summary.info().vectors_version +
            ": not a certification against the published vectors";
  return text;
}

}  // namespace cvc
