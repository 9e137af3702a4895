// The terminal report of a fuzz run.
#include <iomanip>

#include "harness/fuzz/fuzz_report.hpp"
#include "harness/run/diagnosis.hpp"
#include "harness/text/line_fold.hpp"
#include "harness/text/text_escape.hpp"

namespace cvc::fuzz {
namespace {

void write_finding(const FuzzOutcome& outcome, const Finding& finding, std::size_t number,
                   std::ostream& out) {
  const std::string models = finding.models_text();
  out << "finding " << number << " of " << outcome.findings.size() << ": " << finding.mismatch.kind
      << (models.empty() ? " (no known-bug model reproduces it)" : " (" + models + ")")
      << "\n  found by case " << finding.case_index << " of seed " << finding.seed << " ("
      << finding.case_index + 1 << " cases tried); " << finding.occurrences
      << (finding.occurrences == 1 ? " failing case" : " failing cases") << " like it\n"
      << "  shrunk in " << finding.shrink_steps << " steps (" << finding.shrink_requests
      << " requests)"
      << (finding.reduced_to_one ? "" : ", not to one element (it fails only in its batch)")
      << ":\n    " << sanitize_text(describe(finding.scenario), false) << "\n"
      << "  expected " << sanitize_text(finding.mismatch.expected, false) << "\n"
      << "  got      " << sanitize_text(finding.mismatch.got, false) << "\n"
      << "  explain: " << join_folded(fold_command(finding.explanation, kFoldWidth), "           ")
      << "\n  replay:  "
      << join_folded(fold_command(replay_command(outcome.command, finding.replay), kFoldWidth),
                     "           ")
      << "\n\n";
}

}  // namespace

void write_fuzz_terminal(const FuzzOutcome& outcome, std::ostream& out) {
  const FuzzStats& stats = outcome.stats;
  out << "cvc fuzz: " << sanitize_text(outcome.handshake.name, false) << " "
      << sanitize_text(outcome.handshake.version, false) << ", seed " << outcome.seed << ", "
      << stats.cases << " cases in " << std::fixed << std::setprecision(1) << outcome.seconds
      << " s (" << stats.requests << " requests, " << stats.shrink_requests
      << " of them shrinking)\n\n";
  for (std::size_t i = 0; i < outcome.findings.size(); ++i)
    write_finding(outcome, outcome.findings[i], i + 1, out);
  out << "tried: " << stats.compared << " scenarios compared, " << stats.elements << " elements; "
      << stats.unsupported << " unsupported, " << stats.adapter_errors
      << " lost to adapter errors\n";
  out << "  per feature (scenarios / elements compared):\n";
  for (const auto& [feature, count] : stats.features)
    out << "    " << std::left << std::setw(44) << feature << std::right << std::setw(9)
        << count.scenarios << " / " << count.elements << "\n";
  for (const auto& [flag, count] : stats.divergences)
    out << "  divergence " << flag << ": " << count << " elements (an alternative reading)\n";
  for (const auto& [why, count] : stats.unsupported_why)
    out << "  unsupported: " << sanitize_text(why, false) << ": " << count << " scenarios\n";
  for (const auto& [why, count] : stats.adapter_error_why)
    out << "  lost: " << sanitize_text(why, false) << ": " << count << " scenarios\n";
  if (outcome.incident_count > 0) {
    out << "adapter incidents: " << outcome.incident_count << "\n";
    for (const AdapterIncident& incident : outcome.incidents)
      out << "  " << incident.kind << ": "
          << sanitize_text(truncate_text(incident.detail, 200), false) << "\n";
  }
  if (outcome.aborted) out << "ABORTED: " << sanitize_text(outcome.abort_reason, false) << "\n";
  if (outcome.interrupted) out << "INTERRUPTED: the findings above are those found so far\n";
  if (outcome.findings.empty()) {
    out << "no mismatch found in " << stats.compared << " scenarios (" << stats.elements
        << " elements)\n";
  } else {
    out << outcome.findings.size() << " distinct mismatch"
        << (outcome.findings.size() == 1 ? "" : "es") << " found (" << stats.failing_cases
        << " failing cases)\n";
  }
}

}  // namespace cvc::fuzz
