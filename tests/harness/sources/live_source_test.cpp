// The live source's seeking and gate: skipping batches by arithmetic passes over exactly the
// batches, and the cases, that taking them one by one would; a batch the gate refuses is its header
// with its cases counted, at the place the built batch would be.
#include "harness/sources/live_source.hpp"

#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

namespace cvc {
namespace {

// What identifies a batch: where its first case is, its configuration and its case count.
struct BatchKey {
  std::string where;
  std::string configuration;
  std::uint64_t cases = 0;
  bool operator==(const BatchKey&) const = default;
  friend std::ostream& operator<<(std::ostream& out, const BatchKey& key) {
    return out << key.where << " " << key.configuration << " (" << key.cases << " cases)";
  }
};

BatchKey key_of(const CaseBatch& batch) {
  if (const CastBatch* cast = std::get_if<CastBatch>(&batch))
    return {cast->first_where(), cast->configuration, case_count(batch)};
  const ValidateBatch& validate = std::get<ValidateBatch>(batch);
  return {validate.where, validate.request.codecs.dump(), 1};
}

std::vector<BatchKey> every_batch(const LiveOptions& options, const CaseFilter& filter) {
  LiveCaseSource source(options, filter);
  std::vector<BatchKey> keys;
  for (CaseBatch batch; source.next(batch);) keys.push_back(key_of(batch));
  return keys;
}

// Uneven batches (a configuration's last batch is short) over a few groups of each part.
struct Plan {
  LiveOptions options;
  CaseFilter filter;
};

std::vector<Plan> plans() {
  LiveOptions exhaustive;
  exhaustive.max_exhaustive_bits = 4;
  exhaustive.batch_elements = 5;  // 16 inputs: 5, 5, 5, 1
  LiveOptions random = exhaustive;
  random.exhaustive = false;
  random.count = 7;
  random.batch_elements = 3;  // 3, 3, 1
  CaseFilter filter;
  filter.types = {"int2", "float4_e2m1fn"};
  return {{exhaustive, filter}, {random, filter}};
}

TEST(LiveSource, SkippingPassesOverTheBatchesTakingThemWould) {
  for (const Plan& plan : plans()) {
    const std::vector<BatchKey> all = every_batch(plan.options, plan.filter);
    ASSERT_GT(all.size(), 100u);
    // Skips of lengths below, at and above a configuration's and a group's batches, each followed
    // by one batch taken.
    for (const std::uint64_t length :
         std::initializer_list<std::uint64_t>{0, 1, 2, 3, 4, 5, 7, 11, 19, 40, 97, 1000}) {
      LiveCaseSource source(plan.options, plan.filter);
      std::size_t at = 0;
      while (at < all.size()) {
        const CaseSource::Skipped skipped = source.skip(length);
        const std::size_t end = std::min(all.size(), at + length);
        std::uint64_t cases = 0;
        for (std::size_t i = at; i < end; ++i) cases += all[i].cases;
        ASSERT_EQ(skipped.batches, end - at) << "skip " << length << " at batch " << at;
        ASSERT_EQ(skipped.cases, cases) << "skip " << length << " at batch " << at;
        at = end;
        CaseBatch batch;
        if (at == all.size()) {
          EXPECT_FALSE(source.next(batch)) << "skip " << length;
          break;
        }
        ASSERT_TRUE(source.next(batch));
        ASSERT_EQ(key_of(batch), all[at]) << "skip " << length << " then batch " << at;
        ++at;
      }
    }
  }
}

TEST(LiveSource, SkippingPastTheEndSaysHowFarItGot) {
  const Plan plan = plans().front();
  const std::vector<BatchKey> all = every_batch(plan.options, plan.filter);
  std::uint64_t cases = 0;
  for (const BatchKey& key : all) cases += key.cases;
  LiveCaseSource source(plan.options, plan.filter);
  const CaseSource::Skipped skipped = source.skip(UINT64_MAX);
  EXPECT_EQ(skipped.batches, all.size());
  EXPECT_EQ(skipped.cases, cases);
  EXPECT_EQ(cases, source.total_cases());
  EXPECT_EQ(source.skip(1).batches, 0u);
}

TEST(LiveSource, ARefusedBatchIsItsHeaderWithItsCasesCounted) {
  for (const Plan& plan : plans()) {
    const std::vector<BatchKey> all = every_batch(plan.options, plan.filter);
    LiveCaseSource source(plan.options, plan.filter);
    // Refuses every other cast batch: the gate sees the header (request and rule set, no
    // elements).
    std::uint64_t asked = 0, headers_with_elements = 0;
    source.set_cast_gate([&](const CastBatch& header) {
      headers_with_elements += header.elements.empty() ? 0 : 1;
      EXPECT_NE(header.request.input, nullptr);
      return asked++ % 2 == 0;
    });
    std::uint64_t refused = 0;
    std::size_t at = 0;
    for (CaseBatch batch; source.next(batch); ++at) {
      ASSERT_LT(at, all.size());
      EXPECT_EQ(key_of(batch), all[at]) << "batch " << at;
      if (const CastBatch* cast = std::get_if<CastBatch>(&batch); cast && cast->unbuilt_cases) {
        EXPECT_TRUE(cast->elements.empty());
        ++refused;
      }
    }
    EXPECT_EQ(at, all.size());
    EXPECT_EQ(headers_with_elements, 0u);
    EXPECT_GT(refused, 50u);
  }
}

}  // namespace
}  // namespace cvc
