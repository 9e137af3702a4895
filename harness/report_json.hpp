// The JSON report ("report_version": 2, schema harness/report.schema.json, fields documented in
// harness/REPORTS.md): run info (implementation, environment, vectors version, selection), the
// accounting of every selected case, totals, counts per cell, rule and divergence flag, the
// failure groups with their examples, and the incidents. Written also on interrupt, marked
// partial.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

#include "harness/run_summary.hpp"

namespace cvc {

inline constexpr int kReportVersion = 3;

nlohmann::ordered_json json_report(const RunSummary& summary);
void write_json_report(const RunSummary& summary, std::ostream& out);

}  // namespace cvc
