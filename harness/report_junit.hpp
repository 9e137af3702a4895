// The JUnit XML report, for CI systems: one <testsuite> per operation (encode, decode, validate),
// one <testcase> per cell (classname = operation, name = "float16 -> int8"). A cell fails when a
// case failed or hit an adapter error (and, with strict, when one diverged); it is skipped when
// every case was unsupported. A "run" suite, present when the run did not complete or the adapter
// had incidents, fails when the run was interrupted or aborted and lists the incidents.
#pragma once

#include <filesystem>
#include <ostream>

#include "harness/report_output.hpp"
#include "harness/run_summary.hpp"

namespace cvc {

void write_junit_report(const RunSummary& summary, std::ostream& out);

// The JUnit report as a sink: aggregates, and writes the XML at end().
class JunitReport final : public RunSummary {
 public:
  explicit JunitReport(std::ostream& out, SummaryLimits limits = {});
  // Opens the file now (throws std::runtime_error when it cannot); writes it at end().
  explicit JunitReport(const std::filesystem::path& path, SummaryLimits limits = {});

  void end(const RunEnd& end) override;  // throws std::runtime_error when writing fails

 private:
  ReportOutput output_;
};

}  // namespace cvc
