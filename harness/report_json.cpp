#include "harness/report_json.hpp"

namespace cvc {
namespace {

using json = nlohmann::ordered_json;

json counts_json(const VerdictCounts& counts) {
  json object = {{"cases", counts.total()}};
  for (const Verdict verdict : kAllVerdicts)
    object[std::string(verdict_name(verdict))] = counts[verdict];
  return object;
}

json outcome_json(const CaseOutcome& outcome) {
  return {{"verdict", verdict_name(outcome.verdict)},
          {"family", outcome.family},
          {"where", outcome.where},
          {"operation", outcome.operation},
          {"input_type", type_label(outcome.input)},
          {"output_type", type_label(outcome.output)},
          {"configuration", outcome.configuration},
          {"rule", outcome.rule},
          {"input", outcome.input_text},
          {"expected", outcome.expected},
          {"got", outcome.got},
          {"explanation", outcome.explanation},
          {"flag", outcome.flag}};
}

json outcomes_json(const std::vector<CaseOutcome>& outcomes) {
  json list = json::array();
  for (const CaseOutcome& outcome : outcomes) list.push_back(outcome_json(outcome));
  return list;
}

json incident_json(const AdapterIncident& incident) {
  return {{"kind", incident.kind},
          {"detail", incident.detail},
          {"request", incident.request},
          {"cases_affected", incident.cases_affected},
          {"stderr_tail", incident.stderr_tail}};
}

json run_json(const RunSummary& summary) {
  const RunInfo& info = summary.info();
  return {{"command", info.command},
          {"implementation",
           {{"name", info.implementation_name},
            {"version", info.implementation_version},
            {"language", info.implementation_language}}},
          {"notes", info.notes},
          {"mode", info.mode},
          {"strict", info.strict},
          {"harness_version", info.harness_version},
          {"started_at", info.started_at},
          {"seconds", summary.run_end().seconds}};
}

json limits_json(const SummaryLimits& limits) {
  return {{"per_cell", limits.per_cell},
          {"overall", limits.overall},
          {"incidents", limits.incidents},
          {"distinct_names", limits.distinct_names},
          {"text_bytes", limits.text_bytes}};
}

}  // namespace

nlohmann::ordered_json json_report(const RunSummary& summary) {
  const RunEnd& end = summary.run_end();
  json cells = json::array();
  for (const CellSummary* cell : summary.cells())
    cells.push_back({{"operation", cell->operation},
                     {"input_type", type_label(cell->input)},
                     {"output_type", type_label(cell->output)},
                     {"status", cell_status_name(cell_status(cell->counts))},
                     {"counts", counts_json(cell->counts)},
                     {"failures", outcomes_json(cell->failures)},
                     {"divergences", outcomes_json(cell->divergences)}});
  json rules = json::array();
  for (const RuleSummary* rule : summary.rules())
    rules.push_back({{"rule", rule->rule}, {"counts", counts_json(rule->counts)}});
  json flags = json::array();
  for (const FlagSummary* flag : summary.divergence_flags())
    flags.push_back(
        {{"flag", flag->flag}, {"cases", flag->count}, {"first", outcome_json(flag->first)}});
  json incidents = json::array();
  for (const AdapterIncident& incident : summary.incidents())
    incidents.push_back(incident_json(incident));

  return {{"report_version", kReportVersion},
          {"run", run_json(summary)},
          {"complete", summary.complete()},
          {"interrupted", end.interrupted},
          {"aborted", end.aborted},
          {"abort_reason", end.abort_reason},
          {"exit_code", exit_code(summary)},
          {"limits", limits_json(summary.limits())},
          {"totals", counts_json(summary.totals())},
          {"cells", std::move(cells)},
          {"rules", std::move(rules)},
          {"divergence_flags", std::move(flags)},
          {"incidents",
           {{"count", summary.incident_count()},
            {"cases_affected", summary.incident_cases()},
            {"retained", std::move(incidents)}}},
          {"failures", outcomes_json(summary.first_failures())},
          {"divergences", outcomes_json(summary.first_divergences())}};
}

void write_json_report(const RunSummary& summary, std::ostream& out) {
  out << json_report(summary).dump(2, ' ', false, json::error_handler_t::replace) << "\n";
}

JsonReport::JsonReport(std::ostream& out, SummaryLimits limits)
    : RunSummary(limits), output_(out) {}

JsonReport::JsonReport(const std::filesystem::path& path, SummaryLimits limits)
    : RunSummary(limits), output_(path) {}

void JsonReport::end(const RunEnd& end) {
  RunSummary::end(end);
  write_json_report(*this, output_.stream());
  output_.finish();
}

}  // namespace cvc
