// The HTML report: one self-contained page (inline CSS, no script, no external resource) with the
// run info and the accounting of every selected case, the conformance matrix of each operation
// (rows: input type, columns: output type, both in the order of all_data_types()), the rule and
// flag tables, the incidents and the failure groups.
//
// A matrix cell says its status without colour: a symbol (cell_status_symbol) and, unless every
// case passed or none did, the share of its cases that passed, in whole percent rounded down; the
// colour repeats the symbol. Full counts are in its title; a cell with failures or divergences
// links to its groups. Matrix cells carry id="m-OPERATION-INPUT-OUTPUT" and the class of their
// status (cell_status_name); a cell's groups are under id="cell-OPERATION-INPUT-OUTPUT".
//
// The page stays under about 1 MB whatever the run: once kPageBudgetBytes are written, the
// remaining failure groups are listed without examples, then only counted (report.json has them
// all).
#pragma once

#include <cstddef>
#include <ostream>

#include "harness/reports/run_summary.hpp"

namespace cvc {

inline constexpr std::size_t kPageBudgetBytes = 900 * 1024;

void write_html_report(const RunSummary& summary, std::ostream& out);

}  // namespace cvc
