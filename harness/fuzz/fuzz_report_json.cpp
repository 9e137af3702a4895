// The JSON report of a fuzz run (harness/fuzz/fuzz-report.schema.json).
#include <nlohmann/json.hpp>

#include "harness/fuzz/fuzz_report.hpp"
#include "harness/fuzz/shrink_bound.hpp"
#include "harness/run/diagnosis.hpp"
#include "harness/text/report_envelope.hpp"
#include "harness/text/text_escape.hpp"
#include "oracle/io/json_exact.hpp"

namespace cvc::fuzz {
namespace {

using json = nlohmann::json;

json finding_json(const FuzzOutcome& outcome, const Finding& finding) {
  return {{"case_index", finding.case_index},
          {"cases_until_found", finding.case_index + 1},
          {"seed", finding.seed},
          {"operation",
           std::holds_alternative<CastScenario>(finding.scenario)
               ? std::string(direction_name(std::get<CastScenario>(finding.scenario).direction))
               : std::string("validate")},
          {"kind", finding.mismatch.kind},
          {"models", model_ids(finding.mismatch.models)},
          {"expected", sanitize_text(finding.mismatch.expected)},
          {"got", sanitize_text(finding.mismatch.got)},
          {"scenario", sanitize_text(describe(finding.scenario))},
          {"size_key", size_key(finding.scenario)},
          {"exceeds_shrink_bound", exceeds_shrink_bound(finding.scenario)},
          {"original", sanitize_text(finding.original)},
          {"original_elements", finding.original_elements},
          {"shrink_steps", finding.shrink_steps},
          {"shrink_requests", finding.shrink_requests},
          {"reduced_to_one_element", finding.reduced_to_one},
          {"occurrences", finding.occurrences},
          {"replay", finding.replay},
          {"replay_command", replay_command(outcome.command, finding.replay)},
          {"explanation", finding.explanation}};
}

}  // namespace

void write_fuzz_json(const FuzzOutcome& outcome, std::ostream& out) {
  const FuzzStats& stats = outcome.stats;
  json features = json::array();
  for (const auto& [feature, count] : stats.features)
    features.push_back(
        {{"feature", feature}, {"scenarios", count.scenarios}, {"elements", count.elements}});
  json divergences = json::object();
  for (const auto& [flag, count] : stats.divergences) divergences[flag] = count;
  json unsupported = json::object();
  for (const auto& [why, count] : stats.unsupported_why) unsupported[sanitize_text(why)] = count;
  json lost = json::object();
  for (const auto& [why, count] : stats.adapter_error_why) lost[sanitize_text(why)] = count;
  json findings = json::array();
  for (const Finding& finding : outcome.findings)
    findings.push_back(finding_json(outcome, finding));
  json incidents = json::array();
  for (const AdapterIncident& incident : outcome.incidents)
    incidents.push_back({{"kind", incident.kind},
                         {"detail", sanitize_text(truncate_text(incident.detail, 2000))},
                         {"request", sanitize_text(incident.request)}});
  json environment = json::object();
  for (const auto& [key, value] : outcome.handshake.environment)
    environment[key] = sanitize_text(value);
  const json fields = {{"command", sanitize_text(outcome.command)},
                       {"options", sanitize_text(outcome.options_text)},
                       {"implementation",
                        {{"name", sanitize_text(outcome.handshake.name)},
                         {"version", sanitize_text(outcome.handshake.version)},
                         {"language", sanitize_text(outcome.handshake.language)},
                         {"protocol", outcome.handshake.protocol}}},
                       {"environment", environment},
                       {"seed", outcome.seed},
                       {"stopped_because", outcome.stopped_because},
                       {"interrupted", outcome.interrupted},
                       {"aborted", outcome.aborted},
                       {"abort_reason", sanitize_text(outcome.abort_reason)},
                       {"seconds", outcome.seconds},
                       {"stats",
                        {{"cases", stats.cases},
                         {"compared", stats.compared},
                         {"elements", stats.elements},
                         {"unsupported", stats.unsupported},
                         {"adapter_errors", stats.adapter_errors},
                         {"failing_cases", stats.failing_cases},
                         {"requests", stats.requests},
                         {"shrink_requests", stats.shrink_requests},
                         {"features", features},
                         {"divergences", divergences},
                         {"unsupported_reasons", unsupported},
                         {"adapter_error_reasons", lost}}},
                       {"findings", findings},
                       {"incident_count", outcome.incident_count},
                       {"incidents", incidents}};
  json report = report_envelope(kFuzzReportName, kFuzzReportVersion, CVC_VERSION);
  report.update(fields);
  out << report.dump(2) << "\n";
}

}  // namespace cvc::fuzz
