// Exhaustive sweeps, fast oracle against slow oracle (as TestFloat checks SoftFloat against
// slowfloat): every bit pattern of every source type of 8 bits or fewer, into each of the 26
// targets, under each of the 5 rounding modes and each out_of_range rule (absent, clamp, wrap;
// wrap also into float targets, where it exercises DecodeWrapFloat), first under the default
// readings and then under each alternative of each cast flag. Then every source, the 32- and
// 64-bit ones too, on its boundary patterns and the cast boundaries into each target; and a
// shortened 16-bit form (a seeded sample plus the boundary patterns). The full 16-bit sweep is
// tests/long/exhaustive16_test.cpp (label "long").
//
// Sizes and CPU times, measured with `time` on a binary built by
//   g++ -std=c++20 -O2 -I. oracle/*.cpp oracle/slow/*.cpp generators/boundary_values.cpp
//       tests/oracle/exhaustive_test.cpp -lgtest -lgtest_main -pthread   (one command)
// on the 2-core development machine (shared; CPU time is the stable figure):
// - the 16 small sources hold 2488 patterns; one full sweep is 2488 x 26 x 5 x 3 = 970,320 casts
//   (each by both oracles): 3.1 s, one test per source (the 8-bit ones 0.1 to 0.4 s each);
// - the same with a scalar_map on every rule (the map flags' subject): 970,320 casts, 4.8 s;
// - each of the 11 alternatives of the 10 cast flags: one full sweep each (the map flags' with the
//   scalar_map): 10,673,520 casts, 35 s, one test per alternative (2.6 to 4.1 s each);
// - the boundary sweep of all 26 sources: 2,051,295 casts, 8.3 s, one test per source (the widest,
//   float64, about 1.5 s);
// - the 16-bit sample: 2000 distinct seeded patterns plus the boundary patterns per pair (2000 to
//   2745), under the 15 rules: 3,339,180 casts, 9.0 s, one test per source.
// In all 18.0 million casts, 61 s of CPU in one process, split over 59 tests, so that
// `ctest -j2` spreads them (about 35 s of wall time on 2 idle cores).
//
// A mismatch is counted, and the first few are printed in full (rule, readings, input, both
// results) in the failure message (tests/support/sweep.hpp, shared with the long sweep). Neither
// oracle is ever adjusted to the other here.
#include <gtest/gtest.h>

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "oracle/cast.hpp"
#include "tests/support/sweep.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::exhaustive_test {
namespace {

using namespace cvc::test;

// Every target, every pattern of the source, under the 15 rules.
void sweep_all_targets(Sweep& sweep, const DataType& source, const Readings& readings,
                       bool with_map) {
  sweep_targets(sweep, source, &every_pattern, all_roundings(), readings, with_map);
}

constexpr long kRulesPerPair = kRoundingCount * kOutOfRangeCount;

std::vector<const DataType*> small_sources() {
  std::vector<const DataType*> sources;
  for (const DataType& type : all_data_types())
    if (type.bits <= 8) sources.push_back(&type);
  return sources;
}

long small_pattern_count() {
  long count = 0;
  for (const DataType* type : small_sources()) count += static_cast<long>(type->bit_mask()) + 1;
  return count;
}

// A test parameter naming a source type; printed by name (so that test names are stable).
struct Source {
  const DataType* type;
};
void PrintTo(const Source& source, std::ostream* os) {
  *os << source.type->name;
}

std::vector<Source> source_params(const std::vector<const DataType*>& types) {
  std::vector<Source> params;
  for (const DataType* type : types) params.push_back({type});
  return params;
}

std::string type_param_name(const testing::TestParamInfo<Source>& info) {
  return std::string(info.param.type->name);
}

// ---- Every source of 8 bits or fewer, default readings: one test per source ----

class ExhaustiveSmallSource : public testing::TestWithParam<Source> {};

TEST_P(ExhaustiveSmallSource, FastEqualsSlowForEveryPatternTargetAndRule) {
  const DataType& source = *GetParam().type;
  Sweep sweep;
  sweep_all_targets(sweep, source, {}, /*with_map=*/false);
  EXPECT_EQ(sweep.casts(),
            static_cast<long>(source.bit_mask() + 1) * kDataTypeCount * kRulesPerPair);
  EXPECT_EQ(sweep.mismatches(), 0) << sweep.report();
}

INSTANTIATE_TEST_SUITE_P(Sources, ExhaustiveSmallSource,
                         testing::ValuesIn(source_params(small_sources())), type_param_name);

TEST(ExhaustiveSmall, FastEqualsSlowWithScalarMap) {
  Sweep sweep;
  for (const DataType* source : small_sources())
    sweep_all_targets(sweep, *source, {}, /*with_map=*/true);
  EXPECT_EQ(sweep.casts(), small_pattern_count() * kDataTypeCount * kRulesPerPair);
  EXPECT_EQ(sweep.mismatches(), 0) << sweep.report();
}

// ---- Every alternative reading of every cast flag, on every source of 8 bits or fewer ----

class ExhaustiveSmallReadings : public testing::TestWithParam<Alternative> {};

TEST_P(ExhaustiveSmallReadings, FastEqualsSlowUnderTheAlternative) {
  const Alternative alternative = GetParam();
  const Readings readings = Readings{}.with(alternative.flag, alternative.choice);
  Sweep sweep;
  for (const DataType* source : small_sources())
    sweep_all_targets(sweep, *source, readings, is_map_flag(alternative.flag));
  EXPECT_EQ(sweep.casts(), small_pattern_count() * kDataTypeCount * kRulesPerPair);
  EXPECT_EQ(sweep.mismatches(), 0) << sweep.report();
}

INSTANTIATE_TEST_SUITE_P(CastFlags, ExhaustiveSmallReadings,
                         testing::ValuesIn(cast_flag_alternatives()), alternative_name);

// ---- Every source (including the 32- and 64-bit ones), on its boundary patterns ----

std::vector<const DataType*> every_source() {
  std::vector<const DataType*> sources;
  for (const DataType& type : all_data_types()) sources.push_back(&type);
  return sources;
}

// For each of the 26 sources and each target: every boundary pattern of the source and every
// boundary pattern of the cast (boundary_sample: the source values at and around each value,
// midpoint and range edge of the target), under the 15 rules. This is the deterministic check of
// the wide types, which no sweep enumerates.
class BoundarySweep : public testing::TestWithParam<Source> {};

TEST_P(BoundarySweep, FastEqualsSlowOnEveryBoundaryIntoEveryTarget) {
  const DataType& source = *GetParam().type;
  Sweep sweep;
  long expected = 0;
  for (const DataType& target : all_data_types()) {
    const std::vector<std::uint64_t> patterns = boundary_sample(source, target);
    expected += static_cast<long>(patterns.size()) * kRulesPerPair;
    sweep_pair(sweep, source, target, patterns, all_roundings(), {}, /*with_map=*/false);
  }
  EXPECT_EQ(sweep.casts(), expected);
  EXPECT_EQ(sweep.mismatches(), 0) << sweep.report();
}

INSTANTIATE_TEST_SUITE_P(Sources, BoundarySweep, testing::ValuesIn(source_params(every_source())),
                         type_param_name);

// ---- The sweep can fail: a deliberately wrong cast function is reported ----

// Wrong: nearest-even rounds ties away from zero.
CastResult ties_away_for_even(const CastRule& rule, std::uint64_t bits, const Readings& readings) {
  CastRule copy = rule;
  if (copy.rounding == Rounding::NearestEven) copy.rounding = Rounding::NearestAway;
  return cast_value(copy, bits, readings);
}

TEST(ExhaustiveSweepTeeth, ReportsAWrongTieRule) {
  Sweep sweep(&ties_away_for_even);
  sweep_all_targets(sweep, data_type("float8_e4m3"), {}, /*with_map=*/false);
  EXPECT_GT(sweep.mismatches(), 0);
  // e.g. 0x28 = 0.25 to float4_e2m1fn: the tie between 0 and 0.5 goes to 0 (even), not 0.5.
  EXPECT_NE(sweep.report().find("nearest-even"), std::string::npos) << sweep.report();
  EXPECT_NE(sweep.report().find("fast 0x"), std::string::npos) << sweep.report();
}

// Wrong only in the range step: the right bits, but a result whose range action is `Action`
// reported as in range.
template <RangeAction Action>
CastResult reported_in_range(const CastRule& rule, std::uint64_t bits, const Readings& readings) {
  CastResult result = cast_value(rule, bits, readings);
  if (result.range == Action) result.range = RangeAction::InRange;
  return result;
}

// A clamped value reported as in range (the explanation would read "rounded ... to 127").
TEST(ExhaustiveSweepTeeth, ReportsARangeStepWithTheRightBits) {
  Sweep sweep(&reported_in_range<RangeAction::Clamped>);
  sweep_all_targets(sweep, data_type("float8_e4m3"), {}, /*with_map=*/false);
  EXPECT_GT(sweep.mismatches(), 0);
  EXPECT_NE(sweep.report().find("clamped to"), std::string::npos) << sweep.report();
}

// Wrong as the fast oracle was while the sweeps compared only bits and errors: under E8M0Low=nan,
// the NaN of an out-of-range value reported as in range ("exactly representable" for a zero).
TEST(ExhaustiveSweepTeeth, ReportsAnE8M0LowNaNReportedInRange) {
  Sweep sweep(&reported_in_range<RangeAction::ToNaN>);
  sweep_all_targets(sweep, data_type("int8"), Readings{}.with(Flag::E8M0Low, kE8M0LowNaN),
                    /*with_map=*/false);
  EXPECT_GT(sweep.mismatches(), 0);
  EXPECT_NE(sweep.report().find("exactly representable"), std::string::npos) << sweep.report();
  EXPECT_NE(sweep.report().find("reading E8M0Low alternative nan"), std::string::npos)
      << sweep.report();
}

// ---- 16-bit sources, shortened: a seeded sample plus the boundary patterns ----

constexpr std::size_t kSixteenBitSample = 2000;

// For one pair: kSixteenBitSample distinct boundary-weighted patterns from a seed fixed per source
// name (the same sample on every run), plus every boundary pattern of the source and of the cast.
std::vector<std::uint64_t> sixteen_bit_sample(const DataType& source, const DataType& target) {
  return seeded_sample(source, target, 0x16b17, kSixteenBitSample);
}

class SampledSixteenBitSource : public testing::TestWithParam<Source> {};

TEST_P(SampledSixteenBitSource, FastEqualsSlowOnSampleAndBoundaries) {
  const DataType& source = *GetParam().type;
  Sweep sweep;
  long expected = 0;
  for (const DataType& target : all_data_types()) {
    const std::vector<std::uint64_t> patterns = sixteen_bit_sample(source, target);
    expected += static_cast<long>(patterns.size()) * kRulesPerPair;
    sweep_pair(sweep, source, target, patterns, all_roundings(), {}, /*with_map=*/false);
  }
  EXPECT_EQ(sweep.casts(), expected);
  EXPECT_EQ(sweep.mismatches(), 0) << sweep.report();
}

INSTANTIATE_TEST_SUITE_P(Sources, SampledSixteenBitSource,
                         testing::ValuesIn(source_params(sixteen_bit_sources())), type_param_name);

}  // namespace
}  // namespace cvc::exhaustive_test
