// What an adapter does not declare is counted from the plan, never generated: a live run against
// an adapter that declares one rounding mode builds the elements of its batches only, counts the
// rest unsupported, and every case is still accounted for, in a shard too.
#include <gtest/gtest.h>

#include <string>

#include "harness/reports/run_summary.hpp"
#include "harness/run/runner.hpp"
#include "harness/sources/live_source.hpp"

namespace cvc::unsupported_counted_test {
namespace {

const std::string kCvc = CVC_BINARY;

// A live source that counts the elements of the batches it hands out, built or not.
class CountingSource : public CaseSource {
 public:
  CountingSource(LiveOptions options, CaseFilter filter) : live_(options, std::move(filter)) {}
  bool next(CaseBatch& batch) override {
    if (!live_.next(batch)) return false;
    if (const CastBatch* cast = std::get_if<CastBatch>(&batch)) {
      built += cast->elements.size();
      unbuilt += cast->unbuilt_cases;
    }
    return true;
  }
  Skipped skip(std::uint64_t batches) override { return live_.skip(batches); }
  void set_cast_gate(CastGate gate) override { live_.set_cast_gate(std::move(gate)); }
  std::uint64_t total_cases() const override { return live_.total_cases(); }
  std::uint64_t built = 0, unbuilt = 0;

 private:
  LiveCaseSource live_;
};

struct Counted {
  RunSummary summary;
  std::uint64_t built = 0, unbuilt = 0, total = 0;
};

void run_one_rounding(Counted& counted, std::uint64_t shard_index, std::uint64_t shard_count) {
  LiveOptions options;
  options.exhaustive = false;
  options.count = 300;  // with 128-element batches: 128, 128, 44
  options.batch_elements = 128;
  CaseFilter filter;
  filter.types = {"int8", "float16"};
  CountingSource source(options, filter);
  RunnerOptions runner;
  runner.command = kCvc + " adapter --only-rounding nearest-even";
  runner.mode = "test";
  runner.shard_index = shard_index;
  runner.shard_count = shard_count;
  run_cases(source, runner, {&counted.summary});
  counted.built = source.built;
  counted.unbuilt = source.unbuilt;
  counted.total = source.total_cases();
}

TEST(UnsupportedCounted, WhatTheAdapterDoesNotDeclareIsCountedNotBuilt) {
  Counted run;
  run_one_rounding(run, 0, 1);
  const VerdictCounts& totals = run.summary.totals();
  EXPECT_EQ(totals[Verdict::Fail] + totals[Verdict::AdapterError], 0u);
  EXPECT_GT(totals[Verdict::Pass], 1000u);
  EXPECT_GT(totals[Verdict::Unsupported], totals[Verdict::Pass]);
  // Only what was sent was built; the other roundings' casts were counted from their headers.
  EXPECT_GT(run.unbuilt, 1000u);
  EXPECT_LE(run.built, totals[Verdict::Pass] + totals[Verdict::Divergence]);
  EXPECT_GE(totals[Verdict::Unsupported], run.unbuilt);
  EXPECT_EQ(run.summary.cases_counted(), run.total);
}

TEST(UnsupportedCounted, ShardsCountTheirShareOfEveryVerdict) {
  Counted whole;
  run_one_rounding(whole, 0, 1);
  VerdictCounts sum;
  for (std::uint64_t k = 0; k < 3; ++k) {
    Counted shard;
    run_one_rounding(shard, k, 3);
    sum.add(shard.summary.totals());
  }
  for (const Verdict verdict : {Verdict::Pass, Verdict::Unsupported, Verdict::Divergence})
    EXPECT_EQ(sum[verdict], whole.summary.totals()[verdict]) << static_cast<int>(verdict);
}

}  // namespace
}  // namespace cvc::unsupported_counted_test
