// The JSON report ("report_version": 4, schema harness/reports/report.schema.json, fields
// documented in harness/reports/REPORTS.md): run info (implementation, environment, vectors
// version, selection), the accounting of every selected case, totals, counts per cell, rule and
// divergence flag, the failure groups with their examples, the diagnosis, and the incidents.
// Written also on interrupt, marked partial. Read back by report_json_read.hpp to merge shards'
// reports.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

#include "harness/reports/run_summary.hpp"

namespace cvc {

inline constexpr int kReportVersion = 4;

nlohmann::ordered_json json_report(const RunSummary& summary);
void write_json_report(const RunSummary& summary, std::ostream& out);

}  // namespace cvc
