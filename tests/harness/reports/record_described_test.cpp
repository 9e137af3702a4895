// ReportSink::record_described: a summary that describes only the cases it keeps (a batch's cases
// lost to an incident) ends as the one given every case described, one by one.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "harness/reports/run_summary.hpp"
#include "oracle/data_type.hpp"

namespace cvc {
namespace {

CaseOutcome lost_case() {
  CaseOutcome outcome;
  outcome.verdict = Verdict::AdapterError;
  outcome.family = "live";
  outcome.operation = "encode";
  outcome.input = find_data_type("float64");
  outcome.output = find_data_type("int8");
  outcome.rule = "nearest-even / clamp";
  outcome.kind = "adapter error: timeout";
  outcome.got = "timeout: the adapter stopped reading";
  return outcome;
}

void describe(std::uint64_t i, CaseOutcome& outcome) {
  outcome.where = "live random input #" + std::to_string(i);
  outcome.sequence = 100 + i;
  outcome.input_bits = i;
  outcome.input_text = "input " + std::to_string(i);
  outcome.expected = "expected " + std::to_string(i);
}

// What a summary kept of the lost cases: the counts and each group's examples.
std::vector<std::string> kept(const RunSummary& summary) {
  std::vector<std::string> lines = {
      "cases " + std::to_string(summary.totals().total()),
      "adapter errors " + std::to_string(summary.totals()[Verdict::AdapterError]),
      "omitted " + std::to_string(summary.omitted_group_cases())};
  for (const FailureGroup* group : summary.groups()) {
    lines.push_back(group->cell_name() + " " + group->kind + " " +
                    std::to_string(group->counts[Verdict::AdapterError]));
    for (const CaseOutcome& example : group->examples)
      lines.push_back(example.where + " " + std::to_string(example.sequence) + " " +
                      example.input_text + " " + example.expected + " " + example.got);
  }
  for (const CellSummary* cell : summary.cells())
    lines.push_back("cell " + std::to_string(cell->counts[Verdict::AdapterError]));
  return lines;
}

TEST(RecordDescribed, DescribesOnlyTheKeptExamplesAndKeepsWhatRecordsWould) {
  for (const std::size_t groups : {std::size_t{20000}, std::size_t{0}}) {
    SummaryLimits limits;
    limits.groups = groups;
    RunSummary lazy(limits), one_by_one(limits);
    for (RunSummary* summary : {&lazy, &one_by_one}) summary->begin(RunInfo{});
    std::uint64_t described = 0;
    for (int batch = 0; batch < 2; ++batch) {  // the second batch adds to the first's group
      CaseOutcome outcome = lost_case();
      lazy.record_described(outcome, 4096, [&](std::uint64_t i, CaseOutcome& o) {
        ++described;
        describe(i + 4096 * static_cast<std::uint64_t>(batch), o);
      });
      CaseOutcome each = lost_case();
      for (std::uint64_t i = 0; i < 4096; ++i) {
        describe(i + 4096 * static_cast<std::uint64_t>(batch), each);
        one_by_one.record(each);
      }
    }
    EXPECT_EQ(kept(lazy), kept(one_by_one)) << "groups limit " << groups;
    EXPECT_EQ(described, groups == 0 ? 0u : limits.examples_per_group);
  }
}

}  // namespace
}  // namespace cvc
