// The JSON report ("report": "cvc-run", "report_version": 7, schema
// harness/reports/report.schema.json, fields documented in harness/reports/REPORTS.md): the
// envelope, run info (implementation, environment, vectors version, selection), the accounting of
// every selected case, totals, the unsupported cases by reason, counts per cell, rule and
// divergence flag, the failure groups with their examples, the diagnosis, and the incidents.
// Written also on interrupt, marked partial. Read back by report_json_read.hpp to merge shards'
// reports.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string_view>

#include "harness/reports/run_summary.hpp"

namespace cvc {

inline constexpr std::string_view kReportName = "cvc-run";
// 7: the run's id (run.run_id), the hello's declaration (run.declaration), what the verdict
// covers ("result", accounting.compared and compared_share); 6: every unsupported case counted
// under its reason ("unsupported_reasons", in the run and in each cell), the reasons adding up to
// the unsupported counts; 5: the header of every cvc report (harness/text/report_envelope.hpp):
// "report" added, "harness_version" moved out of "run".
inline constexpr int kReportVersion = 8;
// The oldest version `cvc merge-reports` reads (4: what merging shards needs).
inline constexpr int kOldestMergeableReportVersion = 4;

nlohmann::ordered_json json_report(const RunSummary& summary);
void write_json_report(const RunSummary& summary, std::ostream& out);

}  // namespace cvc
