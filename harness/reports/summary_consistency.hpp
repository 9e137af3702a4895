// Whether the parts of a run summary agree with each other, as every summary a run builds does:
// the rules and the divergence flags count every case of the totals; the failure groups hold
// only failures, adapter errors and divergences, no more per cell than the cell counts, and with
// the omitted cases exactly those of the totals; the diagnosis counts exactly the cells' failures;
// each cell's unsupported reasons add up to its unsupported count;
// examples, kept incidents and groups stay within the limits. A report whose failures were
// relabelled as passes in some places but not others (cells but not groups, counts but not the
// diagnosis) disagrees here, so that a merge refuses it instead of printing PASS over a
// diagnosis of failures (harness/reports/REPORTS.md, "Shards and merging").
#pragma once

#include <optional>
#include <string>

#include "harness/reports/run_summary.hpp"

namespace cvc {

// The first disagreement, said in the report's terms ("failure_groups: 12 fail in encode int8 ->
// uint8, but its cell counts 0"), or nothing when the parts agree. Sums are checked: counts that
// add up past 2^64 - 1 are a disagreement, never a wrapped total.
std::optional<std::string> summary_disagreement(const RunSummary& summary);

}  // namespace cvc
