// The JSON report ("report_version": 1, schema harness/report.schema.json, fields documented in
// harness/REPORTS.md): run info, totals, counts per cell, rule and divergence flag, incidents and
// the retained failures, written at end() (also on interrupt, marked partial).
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <ostream>

#include "harness/report_output.hpp"
#include "harness/run_summary.hpp"

namespace cvc {

inline constexpr int kReportVersion = 1;

// The report as a JSON value, keys in the documented order.
nlohmann::ordered_json json_report(const RunSummary& summary);
// Pretty-printed; invalid UTF-8 from the adapter is replaced by U+FFFD.
void write_json_report(const RunSummary& summary, std::ostream& out);

// The JSON report as a sink: aggregates, and writes the report at end().
class JsonReport final : public RunSummary {
 public:
  explicit JsonReport(std::ostream& out, SummaryLimits limits = {});
  // Opens the file now (throws std::runtime_error when it cannot); writes it at end().
  explicit JsonReport(const std::filesystem::path& path, SummaryLimits limits = {});

  void end(const RunEnd& end) override;  // throws std::runtime_error when writing fails

 private:
  ReportOutput output_;
};

}  // namespace cvc
