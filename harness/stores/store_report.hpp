// The reports of `cvc check-store` (harness/reports/REPORTS.md, "Store-level reports"): the
// terminal report, the JSON report (harness/stores/store-report.schema.json) and JUnit XML, one
// testcase per array.
#pragma once

#include <cstddef>
#include <ostream>
#include <string_view>

#include "harness/stores/store_check.hpp"

namespace cvc {

// The JSON report's envelope (harness/text/report_envelope.hpp). Version 2 took it: "report",
// "report_version" and "harness_version" instead of version 1's "format", "version" and "cvc".
inline constexpr std::string_view kStoreReportName = "cvc-check-store";
inline constexpr int kStoreReportVersion = 2;

// `failures_shown`: failed arrays printed with their detail (the rest counted).
void write_store_terminal_report(const StoreRun& run, std::ostream& out,
                                 std::size_t failures_shown = 20);
void write_store_json_report(const StoreRun& run, std::ostream& out);
void write_store_junit_report(const StoreRun& run, std::ostream& out);

}  // namespace cvc
