#include "harness/reports/report_json.hpp"

#include <bit>

#include "harness/reports/verdict_text.hpp"
#include "harness/text/report_envelope.hpp"

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
          {"sequence", outcome.sequence},
          {"operation", outcome.operation},
          {"input_type", type_label(outcome.input)},
          {"output_type", type_label(outcome.output)},
          {"configuration", outcome.configuration},
          {"rule", outcome.rule},
          {"input", outcome.input_text},
          {"expected", outcome.expected},
          {"got", outcome.got},
          {"explanation", outcome.explanation},
          {"flag", outcome.flag},
          {"kind", outcome.kind}};
}

json incident_json(const AdapterIncident& incident) {
  return {{"kind", incident.kind},
          {"detail", incident.detail},
          {"request", incident.request},
          {"cases_affected", incident.cases_affected},
          {"stderr_tail", incident.stderr_tail}};
}

json shard_json(const RunSummary::Shard& shard) {
  if (shard.count == 0) return nullptr;
  return {{"index", shard.index}, {"count", shard.count}};
}

// A diagnosis group's simplest case, or a bucket's: an outcome with the commands.
json minimal_json(const CaseOutcome& minimal) {
  json object = outcome_json(minimal);
  object["replay"] = minimal.replay;
  object["oracle_command"] = minimal.oracle_command;
  return object;
}

// What merging needs of the diagnosis beyond its groups: every bucket (cell and set of models)
// with its count, simplicity and simplest case, from which the groups are computed again.
json buckets_json(const Diagnosis& diagnosis) {
  json buckets = json::array();
  for (const Diagnosis::BucketEntry& bucket : diagnosis.buckets()) {
    json models = json::array();
    for (const std::size_t index : bucket.models.indices())
      models.push_back(bug_models()[index].id);
    buckets.push_back({{"operation", bucket.operation},
                       {"input_type", type_label(bucket.input)},
                       {"output_type", type_label(bucket.output)},
                       {"models", std::move(models)},
                       {"kind", bucket.kind},
                       {"cases", bucket.cases},
                       {"simplicity", bucket.simplest},
                       {"minimal", minimal_json(bucket.minimal)}});
  }
  return buckets;
}

json run_json(const RunSummary& summary) {
  const RunInfo& info = summary.info();
  json environment = json::object();
  for (const auto& [name, version] : info.environment) environment[name] = version;
  // The hello's declaration, as the object it is (null when the adapter never started).
  json declaration = info.declaration.empty() ? json() : json::parse(info.declaration);
  return {{"command", info.command},
          {"run_id", info.run_id},
          {"declaration", std::move(declaration)},
          {"implementation",
           {{"name", info.implementation_name},
            {"version", info.implementation_version},
            {"language", info.implementation_language}}},
          {"notes", info.notes},
          {"environment", std::move(environment)},
          {"mode", info.mode},
          {"selection", info.selection},
          {"shard", shard_json(summary.shard())},
          {"vectors",
           {{"version", info.vectors_version}, {"manifest_sha256", info.vectors_manifest_sha256}}},
          {"strict", info.strict},
          {"started_at", info.started_at},
          {"seconds", summary.run_end().seconds}};
}

json accounting_json(const RunSummary& summary) {
  const RunEnd& end = summary.run_end();
  const std::uint64_t counted = summary.cases_counted();
  json outside = json::array();
  for (const std::string& line : end.outside_selection) outside.push_back(line);
  const std::optional<std::uint64_t> selected = selected_cases(summary);
  const std::uint64_t compared = summary.totals().compared();
  return {{"counted", counted},
          {"not_reached", end.not_reached_known ? json(end.not_reached) : json()},
          {"selected", selected ? json(*selected) : json()},
          {"compared", compared},
          {"compared_share", selected ? json(share_text(compared, *selected)) : json()},
          {"outside_selection", std::move(outside)}};
}

json limits_json(const SummaryLimits& limits) {
  return {{"examples_per_group", limits.examples_per_group},
          {"groups", limits.groups},
          {"incidents", limits.incidents},
          {"distinct_names", limits.distinct_names},
          {"text_bytes", limits.text_bytes}};
}

json diagnosis_json(const RunSummary& summary) {
  const Diagnosis& diagnosis = summary.diagnosis();
  json groups = json::array();
  for (const DiagnosisGroup& group : diagnosis.groups()) {
    json cells = json::array();
    for (const DiagnosisCell& cell : group.cells) {
      cells.push_back({{"operation", cell.operation},
                       {"input_type", type_label(cell.input)},
                       {"output_type", type_label(cell.output)},
                       {"cases", cell.cases},
                       {"cell_failures", summary.cell_failures(cell)}});
    }
    json model = nullptr;
    if (group.model != nullptr)
      model = {{"id", group.model->id},
               {"title", group.model->title},
               {"mechanism", group.model->mechanism},
               {"seen_in", group.model->seen_in},
               {"spec", group.model->spec}};
    groups.push_back({{"id", group.id()},
                      {"title", group.title()},
                      {"model", std::move(model)},
                      {"kind", group.kind},
                      {"cases", group.cases},
                      {"cells", std::move(cells)},
                      {"minimal", minimal_json(group.minimal)}});
  }
  return {{"failures", diagnosis.failures()},
          {"explained", diagnosis.explained()},
          {"groups", std::move(groups)},
          {"buckets", buckets_json(diagnosis)}};
}

// A cell's unsupported cases by reason, in the reasons' order.
json cell_reasons_json(const CellSummary& cell) {
  json reasons = json::array();
  for (const auto& [reason, cases] : cell.unsupported_reasons)
    reasons.push_back({{"reason", reason}, {"cases", cases}});
  return reasons;
}

json unsupported_reasons_json(const RunSummary& summary) {
  json reasons = json::array();
  for (const UnsupportedReason& reason : summary.unsupported_reasons())
    reasons.push_back(
        {{"reason", reason.reason}, {"cases", reason.cases}, {"cells", reason.cells}});
  return reasons;
}

json groups_json(const RunSummary& summary) {
  json groups = json::array();
  for (const FailureGroup* group : summary.groups()) {
    json examples = json::array();
    for (const CaseOutcome& example : group->examples) examples.push_back(outcome_json(example));
    groups.push_back({{"operation", group->operation},
                      {"input_type", type_label(group->input)},
                      {"output_type", type_label(group->output)},
                      {"rule", group->rule},
                      {"kind", group->kind},
                      {"counts", counts_json(group->counts)},
                      {"examples", std::move(examples)}});
  }
  return {{"omitted_cases", summary.omitted_group_cases()}, {"groups", std::move(groups)}};
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
                     {"passed_percent", passed_percent(cell->counts)},
                     {"seconds", cell->seconds},
                     {"counts", counts_json(cell->counts)},
                     {"unsupported_reasons", cell_reasons_json(*cell)}});
  json rules = json::array();
  for (const RuleSummary* rule : summary.rules())
    rules.push_back({{"rule", rule->rule}, {"counts", counts_json(rule->counts)}});
  json families = json::array();
  for (const FamilySummary* family : summary.families())
    families.push_back({{"family", family->family}, {"counts", counts_json(family->counts)}});
  json flags = json::array();
  for (const FlagSummary* flag : summary.divergence_flags())
    flags.push_back(
        {{"flag", flag->flag}, {"cases", flag->count}, {"first", outcome_json(flag->first)}});
  json incidents = json::array();
  for (const AdapterIncident& incident : summary.incidents())
    incidents.push_back(incident_json(incident));

  json report = report_envelope(kReportName, kReportVersion, summary.info().harness_version);
  report.update(json{{"run", run_json(summary)},
                     {"complete", summary.complete()},
                     {"interrupted", end.interrupted},
                     {"aborted", end.aborted},
                     {"abort_reason", end.abort_reason},
                     {"exit_code", exit_code(summary)},
                     {"result", verdict_text(summary)},
                     {"accounting", accounting_json(summary)},
                     {"limits", limits_json(summary.limits())},
                     {"totals", counts_json(summary.totals())},
                     {"unsupported_reasons", unsupported_reasons_json(summary)},
                     {"cells", std::move(cells)},
                     {"rules", std::move(rules)},
                     {"families", std::move(families)},
                     {"divergence_flags", std::move(flags)},
                     {"failure_groups", groups_json(summary)},
                     {"diagnosis", diagnosis_json(summary)},
                     {"incidents",
                      {{"count", summary.incident_count()},
                       {"cases_affected", summary.incident_cases()},
                       {"retained", std::move(incidents)}}}});
  return report;
}

void write_json_report(const RunSummary& summary, std::ostream& out) {
  out << json_report(summary).dump(1, ' ', false, json::error_handler_t::replace) << "\n";
}

}  // namespace cvc
