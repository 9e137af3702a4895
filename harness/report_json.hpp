// The JSON report ("report_version": 4, schema harness/report.schema.json, fields documented in
// harness/REPORTS.md): run info (implementation, environment, vectors version, selection), the
// accounting of every selected case, totals, counts per cell, rule and divergence flag, the
// failure groups with their examples, the diagnosis, and the incidents. Written also on
// interrupt, marked partial. Read back (read_json_report) to merge shards' reports.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <stdexcept>

#include "harness/run_summary.hpp"

namespace cvc {

inline constexpr int kReportVersion = 4;

nlohmann::ordered_json json_report(const RunSummary& summary);
void write_json_report(const RunSummary& summary, std::ostream& out);

// A report that cannot be read back: not JSON, not a version-4 report, or a field missing or of
// the wrong type (the message names it, as a path like `diagnosis.buckets[2].cases`).
class ReportReadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The summary a version-4 JSON report describes: every report form written from it is what the
// run that wrote the report would have written (times included). Throws ReportReadError.
RunSummary read_json_report(const nlohmann::json& report);

}  // namespace cvc
