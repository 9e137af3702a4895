// A JSON report read back into the summary that wrote it (harness/reports/REPORTS.md): what
// `cvc merge-reports` merges shards' reports from.
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string_view>

#include "harness/reports/report_json.hpp"

namespace cvc {

// A report that cannot be read back: not JSON, not a version-4, 5 or 6 report, or a field missing
// or of the wrong type (the message names it, as a path like `diagnosis.buckets[2].cases`).
class ReportReadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The deepest nesting of a run report is 6 levels; text nested deeper is refused while parsing.
inline constexpr int kMaxReportDepth = 32;

// The JSON of a report's text; throws ReportReadError saying where it is not JSON (the
// parser's account quoted bounded) or that it nests deeper than kMaxReportDepth.
nlohmann::json parse_report_text(std::string_view text);

// The summary a version-4, 5 or 6 JSON report describes: every report form written from it is what
// the run that wrote the report would have written (times included). Throws ReportReadError.
RunSummary read_json_report(const nlohmann::json& report);

}  // namespace cvc
