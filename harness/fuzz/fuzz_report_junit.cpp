// The JUnit report of a fuzz run: one test case per finding (a failure), one for the search
// itself (passed when nothing was found), one for adapter errors when there were any.
#include <sstream>

#include "harness/fuzz/fuzz_report.hpp"
#include "harness/run/diagnosis.hpp"
#include "harness/text/junit_document.hpp"
#include "harness/text/text_escape.hpp"

namespace cvc::fuzz {

void write_fuzz_junit(const FuzzOutcome& outcome, std::ostream& out) {
  const FuzzStats& stats = outcome.stats;
  JunitDocument document;
  document.name = "cvc fuzz";
  std::ostringstream seconds;  // the stream's default notation: "0.421511", "12.3457"
  seconds << outcome.seconds;
  document.time = seconds.str();
  document.counts_skipped = false;
  JunitSuite suite{"cvc fuzz " + outcome.handshake.name + " seed " + std::to_string(outcome.seed),
                   std::nullopt,
                   {},
                   {}};
  for (std::size_t i = 0; i < outcome.findings.size(); ++i) {
    const Finding& finding = outcome.findings[i];
    const std::string name = "finding " + std::to_string(i + 1) + ": " + finding.mismatch.kind +
                             ": " + describe(finding.scenario);
    const std::string models = finding.models_text().empty() ? "none" : finding.models_text();
    suite.testcases.push_back(
        {"fuzz",
         truncate_text(name, 300),
         std::nullopt,
         {},
         {{JunitResult::Kind::Failure, std::nullopt,
           "expected " + finding.mismatch.expected + ", got " + finding.mismatch.got,
           "case " + std::to_string(finding.case_index) + " of seed " +
               std::to_string(finding.seed) + "\nmodels: " + models +
               "\nexplain: " + finding.explanation +
               "\nreplay: " + replay_command(outcome.command, finding.replay)}}});
  }
  suite.testcases.push_back({"fuzz",
                             std::to_string(stats.compared) + " scenarios, " +
                                 std::to_string(stats.elements) + " elements compared",
                             std::nullopt,
                             {},
                             {}});
  if (stats.adapter_errors > 0 || outcome.aborted)
    suite.testcases.push_back(
        {"fuzz",
         "adapter errors",
         std::nullopt,
         {},
         {{JunitResult::Kind::Error, std::nullopt,
           std::to_string(stats.adapter_errors) + " scenarios lost; " + outcome.abort_reason,
           std::nullopt}}});
  document.suites.push_back(std::move(suite));
  write_junit_document(document, out);
}

}  // namespace cvc::fuzz
