// The header of every JSON report cvc writes (harness/reports/REPORTS.md): the run report of
// `cvc run` and `cvc merge-reports`, the fuzz report and the check-store report each have, at the
// top level,
//   "report":          which report it is ("cvc-run", "cvc-fuzz", "cvc-check-store"),
//   "report_version":  the version of that report's format (a key may be added without a new
//                      version; a change of meaning or a removal gets one),
//   "harness_version": the cvc that made what the report describes (a merge: its shards').
// A program reading any of them first checks these three.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

namespace cvc {

// The three keys, in that order; a report adds its own after them (the run report keeps that
// order; the fuzz and check-store reports write their keys in alphabetical order).
nlohmann::ordered_json report_envelope(std::string_view report, int report_version,
                                       std::string_view harness_version);

}  // namespace cvc
