// The HTML report: one self-contained page (inline CSS, no script, no external resource) with the
// run info, the conformance matrix of each operation (rows: input type, columns: output type, both
// in the order of all_data_types(); each cell coloured by its status, full counts in its title,
// linked to a section listing its retained cases), the rule and flag tables and the incidents.
//
// Matrix cells carry id="m-OPERATION-INPUT-OUTPUT" and class pass | divergence | fail |
// unsupported | not-run; a cell's section has id="cell-OPERATION-INPUT-OUTPUT".
#pragma once

#include <filesystem>
#include <ostream>

#include "harness/report_output.hpp"
#include "harness/run_summary.hpp"

namespace cvc {

void write_html_report(const RunSummary& summary, std::ostream& out);

// The HTML report as a sink: aggregates, and writes the page at end().
class HtmlReport final : public RunSummary {
 public:
  explicit HtmlReport(std::ostream& out, SummaryLimits limits = {});
  // Opens the file now (throws std::runtime_error when it cannot); writes it at end().
  explicit HtmlReport(const std::filesystem::path& path, SummaryLimits limits = {});

  void end(const RunEnd& end) override;  // throws std::runtime_error when writing fails

 private:
  ReportOutput output_;
};

}  // namespace cvc
