// Whether an unsupported reason can apply to the cell it is counted in. The harness writes each
// reason from the hello's declaration (harness/protocol/capabilities.hpp) for the cases the
// declaration excludes: a reason naming a data type, a direction, a pair or an operation that is
// not its cell's cannot have been written for that cell, nor one that says the adapter does not
// declare what the report's own declaration (run.declaration) declares. A report holding such a
// reason was edited or mixed; merges refuse it rather than counting its cases as unsupported
// (harness/reports/REPORTS.md, "Shards and merging").
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "harness/reports/run_summary.hpp"

namespace cvc {

// Why `reason` cannot be the reason of unsupported cases of `cell`, or nothing when it can.
// `declaration` is the run's (RunInfo::declaration, compact JSON; empty when unknown: only the
// cell is checked then). Reasons the harness does not write ("the adapter does not declare" a
// thing it never names) cannot apply anywhere; the adapter's own answers, the reason of reports
// before reasons were recorded and "(other)" apply to every cell.
std::optional<std::string> inapplicable_reason(const CellSummary& cell, std::string_view reason,
                                               std::string_view declaration);

}  // namespace cvc
