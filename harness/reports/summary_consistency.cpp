#include "harness/reports/summary_consistency.hpp"

#include <map>
#include <tuple>

#include "harness/reports/reason_applicability.hpp"
#include "oracle/io/bounded_quote.hpp"

namespace cvc {
namespace {

using CellKey = std::tuple<std::string, const DataType*, const DataType*>;

CellKey cell_key(std::string_view operation, const DataType* input, const DataType* output) {
  return {std::string(operation), input, output};
}

// A cell's name for a message: its operation comes from the report, so it is quoted bounded.
std::string quoted_cell_name(std::string_view operation, const DataType* input,
                             const DataType* output) {
  return cell_name(bounded_quote(operation), input, output);
}

std::string verdict_counts_text(const VerdictCounts& counts) {
  std::string text;
  for (const Verdict verdict : kAllVerdicts)
    text.append(text.empty() ? "" : ", ")
        .append(std::to_string(counts[verdict]))
        .append(" ")
        .append(verdict_name(verdict));
  return text;
}

// The cell a group or diagnosis bucket belongs to; its operation may have been pooled under
// "(other)" in the cells (beyond limits().distinct_names operations).
const CellSummary* cell_of(const RunSummary& summary, std::string_view operation,
                           const DataType* input, const DataType* output) {
  if (const CellSummary* cell = summary.find_cell(operation, input, output)) return cell;
  return summary.find_cell("(other)", input, output);
}

std::optional<std::string> rules_disagreement(const RunSummary& summary) {
  VerdictCounts rules;
  for (const RuleSummary* rule : summary.rules()) rules.add(rule->counts);
  if (rules.by_verdict != summary.totals().by_verdict)
    return "rules: they count " + verdict_counts_text(rules) + ", the totals " +
           verdict_counts_text(summary.totals());
  VerdictCounts families;
  for (const FamilySummary* family : summary.families()) families.add(family->counts);
  if (!summary.families().empty() && families.by_verdict != summary.totals().by_verdict)
    return "families: they count " + verdict_counts_text(families) + ", the totals " +
           verdict_counts_text(summary.totals());
  std::uint64_t flagged = 0;
  for (const FlagSummary* flag : summary.divergence_flags()) {
    if (flag->first.verdict != Verdict::Divergence)
      return "divergence_flags: the first case of \"" + bounded_quote(flag->flag) +
             "\" is not a divergence";
    add_count(flagged, flag->count, "divergence_flags' cases");
  }
  if (flagged != summary.totals()[Verdict::Divergence])
    return "divergence_flags: they count " + std::to_string(flagged) + " divergences, the totals " +
           std::to_string(summary.totals()[Verdict::Divergence]);
  return std::nullopt;
}

std::optional<std::string> groups_disagreement(const RunSummary& summary) {
  const SummaryLimits& limits = summary.limits();
  if (summary.groups().size() > limits.groups)
    return "failure_groups: " + std::to_string(summary.groups().size()) +
           " groups, more than the limit of " + std::to_string(limits.groups);
  std::map<CellKey, VerdictCounts> by_cell;
  std::uint64_t grouped = summary.omitted_group_cases();
  for (const FailureGroup* group : summary.groups()) {
    const VerdictCounts& counts = group->counts;
    const std::string name = quoted_cell_name(group->operation, group->input, group->output) +
                             " (" + bounded_quote(group->rule) + ", " + bounded_quote(group->kind) +
                             ")";
    if (counts[Verdict::Pass] != 0 || counts[Verdict::Unsupported] != 0 || counts.total() == 0)
      return "failure_groups: the group of " + name + " counts " + verdict_counts_text(counts) +
             ": a group holds failures, adapter errors or divergences only";
    if (group->examples.size() > std::min<std::uint64_t>(limits.examples_per_group, counts.total()))
      return "failure_groups: the group of " + name + " has " +
             std::to_string(group->examples.size()) + " examples of " +
             std::to_string(counts.total()) + " cases (limit " +
             std::to_string(limits.examples_per_group) + ")";
    for (const CaseOutcome& example : group->examples)
      if (counts[example.verdict] == 0)
        return "failure_groups: the group of " + name + " has an example of verdict " +
               std::string(verdict_name(example.verdict)) + " but counts none";
    by_cell[cell_key(group->operation, group->input, group->output)].add(counts);
    add_count(grouped, counts.total(), "failure_groups' cases");
  }
  for (const auto& [key, counts] : by_cell) {
    const auto& [operation, input, output] = key;
    const CellSummary* cell = cell_of(summary, operation, input, output);
    const VerdictCounts none;
    const VerdictCounts& cell_counts = cell == nullptr ? none : cell->counts;
    for (const Verdict verdict : kAllVerdicts)
      if (counts[verdict] > cell_counts[verdict])
        return "failure_groups: " + std::to_string(counts[verdict]) + " " +
               std::string(verdict_name(verdict)) + " in " +
               quoted_cell_name(operation, input, output) + ", but its cell counts " +
               std::to_string(cell_counts[verdict]);
  }
  const VerdictCounts& totals = summary.totals();
  std::uint64_t to_group = totals[Verdict::Fail];
  add_count(to_group, totals[Verdict::AdapterError], "the totals' failures");
  add_count(to_group, totals[Verdict::Divergence], "the totals' failures and divergences");
  if (grouped != to_group)
    return "failure_groups: they and omitted_cases hold " + std::to_string(grouped) +
           " cases, but the totals count " + std::to_string(to_group) +
           " failures, adapter errors and divergences";
  return std::nullopt;
}

std::optional<std::string> diagnosis_disagreement(const RunSummary& summary) {
  const Diagnosis& diagnosis = summary.diagnosis();
  const std::uint64_t failures = summary.totals()[Verdict::Fail];
  if (diagnosis.failures() != failures)
    return "diagnosis: " + std::to_string(diagnosis.failures()) +
           " failures, but the totals count " + std::to_string(failures) + " fail";
  if (diagnosis.explained() > diagnosis.failures())
    return "diagnosis: " + std::to_string(diagnosis.explained()) + " explained of " +
           std::to_string(diagnosis.failures()) + " failures";
  std::map<CellKey, std::uint64_t> by_cell;
  for (const Diagnosis::BucketEntry& bucket : diagnosis.buckets()) {
    if (bucket.cases == 0 || bucket.minimal.verdict != Verdict::Fail)
      return "diagnosis: a bucket of " +
             quoted_cell_name(bucket.operation, bucket.input, bucket.output) + " has " +
             std::to_string(bucket.cases) + " cases and a simplest case of verdict " +
             std::string(verdict_name(bucket.minimal.verdict));
    add_count(by_cell[cell_key(bucket.operation, bucket.input, bucket.output)], bucket.cases,
              "diagnosis buckets' cases");
  }
  for (const CellSummary* cell : summary.cells()) {
    const auto found = by_cell.find(cell_key(cell->operation, cell->input, cell->output));
    const std::uint64_t diagnosed = found == by_cell.end() ? 0 : found->second;
    if (diagnosed != cell->counts[Verdict::Fail])
      return "diagnosis: " + std::to_string(diagnosed) + " failures in " +
             quoted_cell_name(cell->operation, cell->input, cell->output) +
             ", but its cell counts " + std::to_string(cell->counts[Verdict::Fail]) + " fail";
  }
  return std::nullopt;
}

// Every unsupported case has one reason: each cell's reasons add up to its unsupported count, each
// can apply to its cell (harness/reports/reason_applicability.hpp), and the names stay within
// limits().distinct_names and "(other)".
std::optional<std::string> reasons_disagreement(const RunSummary& summary) {
  for (const CellSummary* cell : summary.cells()) {
    std::uint64_t reasoned = 0;
    for (const auto& [reason, cases] : cell->unsupported_reasons) {
      add_count(reasoned, cases, "a cell's unsupported_reasons");
      if (const std::optional<std::string> why =
              inapplicable_reason(*cell, reason, summary.info().declaration))
        return "unsupported_reasons: \"" + bounded_quote(reason) + "\" cannot be a reason of " +
               quoted_cell_name(cell->operation, cell->input, cell->output) + ": " + *why;
    }
    if (reasoned != cell->counts[Verdict::Unsupported])
      return "unsupported_reasons: they count " + std::to_string(reasoned) + " cases of " +
             quoted_cell_name(cell->operation, cell->input, cell->output) + ", its cell " +
             std::to_string(cell->counts[Verdict::Unsupported]) + " unsupported";
  }
  const std::size_t reasons = summary.unsupported_reasons().size();
  if (reasons > summary.limits().distinct_names + 1)
    return "unsupported_reasons: " + std::to_string(reasons) + " reasons, more than the limit of " +
           std::to_string(summary.limits().distinct_names) + " and (other)";
  return std::nullopt;
}

std::optional<std::string> incidents_disagreement(const RunSummary& summary) {
  const std::vector<AdapterIncident>& kept = summary.incidents();
  if (kept.size() > summary.incident_count() || kept.size() > summary.limits().incidents)
    return "incidents: " + std::to_string(kept.size()) + " retained of " +
           std::to_string(summary.incident_count()) + " (limit " +
           std::to_string(summary.limits().incidents) + ")";
  std::uint64_t cases = 0;
  for (const AdapterIncident& incident : kept)
    add_count(cases, incident.cases_affected, "incidents' cases_affected");
  if (cases > summary.incident_cases())
    return "incidents: the retained ones cost " + std::to_string(cases) +
           " cases, more than cases_affected, " + std::to_string(summary.incident_cases());
  return std::nullopt;
}

}  // namespace

std::optional<std::string> summary_disagreement(const RunSummary& summary) {
  try {
    // The diagnosis first: a report relabelled everywhere else still diagnoses its failures.
    for (const auto check : {&diagnosis_disagreement, &groups_disagreement, &rules_disagreement,
                             &reasons_disagreement, &incidents_disagreement})
      if (std::optional<std::string> disagreement = check(summary)) return disagreement;
  } catch (const CountOverflow& error) {
    return std::string(error.what());
  }
  return std::nullopt;
}

}  // namespace cvc
