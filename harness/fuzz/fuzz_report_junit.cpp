// The JUnit report of a fuzz run: one test case per finding (a failure), one for the search
// itself (passed when nothing was found), one for adapter errors when there were any.
#include "harness/fuzz/fuzz_report.hpp"
#include "harness/run/diagnosis.hpp"
#include "harness/text/text_escape.hpp"

namespace cvc::fuzz {

void write_fuzz_junit(const FuzzOutcome& outcome, std::ostream& out) {
  const FuzzStats& stats = outcome.stats;
  const bool errors = stats.adapter_errors > 0 || outcome.aborted;
  const std::size_t tests = outcome.findings.size() + 1 + (errors ? 1 : 0);
  const std::string suite =
      "cvc fuzz " + outcome.handshake.name + " seed " + std::to_string(outcome.seed);
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<testsuites name=\"cvc fuzz\" tests=\"" << tests << "\" failures=\""
      << outcome.findings.size() << "\" errors=\"" << (errors ? 1 : 0) << "\" time=\""
      << outcome.seconds << "\">\n"
      << "  <testsuite name=\"" << escape_markup_attribute(suite) << "\" tests=\"" << tests
      << "\" failures=\"" << outcome.findings.size() << "\" errors=\"" << (errors ? 1 : 0)
      << "\">\n";
  for (std::size_t i = 0; i < outcome.findings.size(); ++i) {
    const Finding& finding = outcome.findings[i];
    const std::string name = "finding " + std::to_string(i + 1) + ": " + finding.mismatch.kind +
                             ": " + describe(finding.scenario);
    out << "    <testcase classname=\"fuzz\" name=\""
        << escape_markup_attribute(truncate_text(name, 300)) << "\">\n      <failure message=\""
        << escape_markup_attribute("expected " + finding.mismatch.expected + ", got " +
                                   finding.mismatch.got)
        << "\">"
        << escape_markup("case " + std::to_string(finding.case_index) + " of seed " +
                         std::to_string(finding.seed) + "\nmodels: " +
                         (finding.models_text().empty() ? "none" : finding.models_text()) +
                         "\nexplain: " + finding.explanation +
                         "\nreplay: " + replay_command(outcome.command, finding.replay))
        << "</failure>\n    </testcase>\n";
  }
  out << "    <testcase classname=\"fuzz\" name=\""
      << escape_markup_attribute(std::to_string(stats.compared) + " scenarios, " +
                                 std::to_string(stats.elements) + " elements compared")
      << "\"/>\n";
  if (errors)
    out << "    <testcase classname=\"fuzz\" name=\"adapter errors\">\n      <error message=\""
        << escape_markup_attribute(std::to_string(stats.adapter_errors) + " scenarios lost; " +
                                   outcome.abort_reason)
        << "\"/>\n    </testcase>\n";
  out << "  </testsuite>\n</testsuites>\n";
}

}  // namespace cvc::fuzz
