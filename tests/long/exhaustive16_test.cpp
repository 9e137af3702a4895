// The long sweep (label "long"; run with `scripts/test --long` or `ctest -L long`): every bit
// pattern of each 16-bit source (int16, uint16, bfloat16, float16), into each of the 26 targets,
// under each of the 5 rounding modes and each out_of_range rule (absent, clamp, wrap; wrap also
// into float targets), fast oracle against slow oracle, default readings. Then each alternative
// reading of each cast flag, on a larger seeded sample of the 16-bit patterns and on the boundary
// patterns of all 26 sources.
//
// Sizes and times, measured with `time` on this binary built by
//   g++ -std=c++20 -O2 -I. oracle/*.cpp oracle/slow/*.cpp generators/boundary_values.cpp
//       tests/long/exhaustive16_test.cpp -lgtest -lgtest_main -pthread   (one command)
// on the 2-core development machine (shared with other work, so wall times vary by 2x or more):
// - full sweep: 4 x 65,536 x 26 x 15 = 102,236,160 casts (each by both oracles), one test per
//   source and rounding mode (20 tests of 5,111,808 casts each, 6 to 13 s each): 220 s of wall
//   time with both cores (about 440 s of CPU; 4.3 us per cast by both oracles);
// - alternatives on the 16-bit sample (4096 distinct seeded patterns plus the boundary patterns
//   per pair) under the 15 rules: 72,394,575 casts in 44 tests (one per alternative and source):
//   about 200 s of wall time;
// - alternatives on the boundary patterns of all 26 sources: 11 x 2,051,295 = 22,564,245 casts in
//   11 tests: 73 s of wall time.
// In all about 197 million casts, about 8 minutes on 2 cores (22 minutes when the machine was
// heavily loaded). Each test spreads its targets over the machine's cores (std::thread), so a
// sequential `ctest -L long` uses them all.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "oracle/cast.hpp"
#include "tests/support/sweep.hpp"

namespace cvc {
namespace {

using namespace cvc::test;

constexpr long kRulesPerRounding = kOutOfRangeCount;

// Every target, each on one of the machine's threads in turn; `roundings` and all 3 out_of_range
// rules per pair. The map flags' sweeps put test_scalar_map on every rule (`with_map`).
Sweep sweep_every_target(const DataType& source, PatternsFor patterns_for,
                         std::span<const Rounding> roundings, const Readings& readings,
                         bool with_map = false) {
  Sweep sweep;
  sweep_targets(sweep, source, patterns_for, roundings, readings, with_map, machine_threads());
  return sweep;
}

constexpr std::size_t kAlternativeSample = 4096;

// kAlternativeSample distinct boundary-weighted patterns from a seed fixed per source name, plus
// every boundary pattern of the source and of the cast.
std::vector<std::uint64_t> sampled_patterns(const DataType& source, const DataType& target) {
  return seeded_sample(source, target, 0x16b17a17, kAlternativeSample);
}

// ---- Every 16-bit pattern, default readings: one test per source and rounding mode ----

struct SourceRounding {
  const DataType* source;
  Rounding rounding;
};

std::vector<SourceRounding> sources_and_roundings() {
  std::vector<SourceRounding> params;
  for (const DataType* source : sixteen_bit_sources())
    for (int r = 0; r < kRoundingCount; ++r) params.push_back({source, static_cast<Rounding>(r)});
  return params;
}

void PrintTo(const SourceRounding& param, std::ostream* os) {
  *os << param.source->name << ", " << rounding_name(param.rounding);
}

std::string source_rounding_name(const testing::TestParamInfo<SourceRounding>& info) {
  return sanitized(std::string(info.param.source->name) + "_" +
                   std::string(rounding_name(info.param.rounding)));
}

class Exhaustive16 : public testing::TestWithParam<SourceRounding> {};

TEST_P(Exhaustive16, FastEqualsSlowForEveryPatternTargetAndRule) {
  const SourceRounding param = GetParam();
  const Rounding roundings[] = {param.rounding};
  const Sweep sweep = sweep_every_target(*param.source, &every_pattern, roundings, {});
  EXPECT_EQ(sweep.casts(), 65536L * kDataTypeCount * kRulesPerRounding);
  EXPECT_EQ(sweep.mismatches(), 0) << sweep.report();
}

INSTANTIATE_TEST_SUITE_P(Sources, Exhaustive16, testing::ValuesIn(sources_and_roundings()),
                         source_rounding_name);

// ---- Each alternative reading of each cast flag, on a sample of each 16-bit source ----

struct SourceAlternative {
  const DataType* source;
  Alternative alternative;
};

std::vector<SourceAlternative> sources_and_alternatives() {
  std::vector<SourceAlternative> params;
  for (const Alternative& alternative : cast_flag_alternatives())
    for (const DataType* source : sixteen_bit_sources()) params.push_back({source, alternative});
  return params;
}

void PrintTo(const SourceAlternative& param, std::ostream* os) {
  *os << param.source->name << ", " << alternative_text(param.alternative);
}

std::string source_alternative_name(const testing::TestParamInfo<SourceAlternative>& info) {
  return sanitized(alternative_text(info.param.alternative) + "_" +
                   std::string(info.param.source->name));
}

class Sampled16Readings : public testing::TestWithParam<SourceAlternative> {};

// The map flags (MapSignedZero, MapNaNPayload) change nothing without a scalar_map: their sweeps
// put the test scalar_map on every rule.
TEST_P(Sampled16Readings, FastEqualsSlowUnderTheAlternative) {
  const SourceAlternative param = GetParam();
  const Readings readings = Readings{}.with(param.alternative.flag, param.alternative.choice);
  const Sweep sweep = sweep_every_target(*param.source, &sampled_patterns, all_roundings(),
                                         readings, is_map_flag(param.alternative.flag));
  EXPECT_GT(sweep.casts(), 0);
  EXPECT_EQ(sweep.mismatches(), 0) << sweep.report();
}

INSTANTIATE_TEST_SUITE_P(CastFlags, Sampled16Readings,
                         testing::ValuesIn(sources_and_alternatives()), source_alternative_name);

// ---- Each alternative reading on the boundary patterns of every source (the wide ones too) ----

class BoundaryReadings : public testing::TestWithParam<Alternative> {};

TEST_P(BoundaryReadings, FastEqualsSlowUnderTheAlternative) {
  const Alternative param = GetParam();
  const Readings readings = Readings{}.with(param.flag, param.choice);
  Sweep total;
  for (const DataType& source : all_data_types())
    total.merge(sweep_every_target(source, &boundary_sample, all_roundings(), readings,
                                   is_map_flag(param.flag)));
  EXPECT_GT(total.casts(), 0);
  EXPECT_EQ(total.mismatches(), 0) << total.report();
}

INSTANTIATE_TEST_SUITE_P(CastFlags, BoundaryReadings, testing::ValuesIn(cast_flag_alternatives()),
                         alternative_name);

}  // namespace
}  // namespace cvc
