// A JSON report read back into the summary that wrote it (harness/reports/REPORTS.md): what
// `cvc merge-reports` merges shards' reports from.
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>

#include "harness/reports/report_json.hpp"

namespace cvc {

// A report that cannot be read back: not JSON, not a version-4 or 5 report, or a field missing or
// of the wrong type (the message names it, as a path like `diagnosis.buckets[2].cases`).
class ReportReadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The summary a version-4 or 5 JSON report describes: every report form written from it is what the
// run that wrote the report would have written (times included). Throws ReportReadError.
RunSummary read_json_report(const nlohmann::json& report);

}  // namespace cvc
