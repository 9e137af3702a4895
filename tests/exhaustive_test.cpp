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
//       tests/exhaustive_test.cpp -lgtest -lgtest_main -pthread   (one command)
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
// results) in the failure message. Neither oracle is ever adjusted to the other here.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <exception>
#include <ostream>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "generators/boundary_values.hpp"
#include "oracle/cast.hpp"
#include "oracle/slow/slow_float.hpp"
#include "oracle/slow_cast.hpp"

namespace cvc {
namespace {

constexpr int kMismatchesShown = 8;

std::string result_text(const DataType& output, const CastResult& result) {
  if (!result.ok()) return "error " + std::string(cast_error_name(result.error));
  return pattern_hex(output, result.bits);
}

// "0x30 (1/2)": a pattern and its exact value.
std::string input_text(const DataType& type, std::uint64_t bits) {
  const slow::SlowValue v = slow::value_of(type, bits);
  std::string value = v.value.str();
  if (v.kind == slow::SlowValue::Kind::NaN) value = "NaN";
  if (v.kind == slow::SlowValue::Kind::Infinity) value = v.negative ? "-inf" : "+inf";
  if (v.kind == slow::SlowValue::Kind::Finite && v.value == 0 && v.negative) value = "-0";
  return pattern_hex(type, bits) + " (" + value + ")";
}

std::string readings_text(const Readings& readings) {
  std::string text;
  for (const FlagInfo& info : all_flags())
    if (!readings.is_default(info.flag))
      text += " [" + std::string(info.name) + "=" +
              std::string(info.alternatives[readings[info.flag] - 1]) + "]";
  return text.empty() ? " [default readings]" : text;
}

using CastFunction = CastResult (*)(const CastRule&, std::uint64_t, const Readings&);

// Counts casts and mismatches of `fast` against `slow` (the two oracles unless a test of the sweep
// itself substitutes a wrong function); keeps the first few mismatches in full.
class Sweep {
 public:
  Sweep(CastFunction fast = &cast_value, CastFunction slow = &slow::cast_value)
      : fast_cast_(fast), slow_cast_(slow) {}

  void check(const CastRule& rule, std::uint64_t bits, const Readings& readings) {
    ++casts_;
    std::string problem;
    try {
      const CastResult fast = fast_cast_(rule, bits, readings);
      const CastResult slow = slow_cast_(rule, bits, readings);
      if (fast.same_outcome(slow)) return;
      problem = "fast " + result_text(*rule.output, fast) + " (" + explain(rule, fast) +
                "), slow " + result_text(*rule.output, slow);
    } catch (const std::exception& e) {
      problem = std::string("exception: ") + e.what();
    }
    if (++mismatches_ > kMismatchesShown) return;
    std::string text = std::string(rule.input->name) + " -> " + std::string(rule.output->name) +
                       ", " + std::string(rounding_name(rule.rounding)) + ", out_of_range " +
                       std::string(out_of_range_name(rule.out_of_range));
    if (!rule.scalar_map.empty()) text += ", with scalar_map";
    shown_.push_back(text + readings_text(readings) + ", input " + input_text(*rule.input, bits) +
                     ": " + problem);
  }

  long casts() const { return casts_; }
  long mismatches() const { return mismatches_; }
  std::string report() const {
    std::string text = std::to_string(mismatches_) + " mismatches in " + std::to_string(casts_) +
                       " casts; the first ones:\n";
    for (const std::string& line : shown_) text += "  " + line + "\n";
    return text;
  }

 private:
  CastFunction fast_cast_;
  CastFunction slow_cast_;
  long casts_ = 0;
  long mismatches_ = 0;
  std::vector<std::string> shown_;
};

// A scalar_map for the map flags (MapSignedZero, MapNaNPayload): keys +0, the canonical NaN (when
// the source has one), the largest finite value, then -0 (when the source has one), each mapped to
// a distinct output pattern. Under the default readings -0 hits the +0 entry and every NaN hits the
// NaN entry; under the alternatives only the identical pattern does.
std::vector<ScalarMapEntry> test_scalar_map(const DataType& source, const DataType& target) {
  std::vector<ScalarMapEntry> map;
  map.push_back({0, 1 & target.bit_mask()});
  if (source.has_nan()) map.push_back({source.canonical_nan(), 2 & target.bit_mask()});
  map.push_back({source.max_finite_bits(), 0});
  if (source.has_negative_zero()) map.push_back({source.sign_mask(), 3 & target.bit_mask()});
  return map;
}

// Every rule for one pair: 5 roundings x 3 out_of_range rules, each pattern cast once.
void sweep_pair(Sweep& sweep, const DataType& source, const DataType& target,
                std::span<const std::uint64_t> patterns, const Readings& readings, bool with_map) {
  CastRule rule;
  rule.input = &source;
  rule.output = &target;
  if (with_map) rule.scalar_map = test_scalar_map(source, target);
  for (int r = 0; r < kRoundingCount; ++r) {
    rule.rounding = static_cast<Rounding>(r);
    for (int o = 0; o < kOutOfRangeCount; ++o) {
      rule.out_of_range = static_cast<OutOfRange>(o);
      for (std::uint64_t bits : patterns) sweep.check(rule, bits, readings);
    }
  }
}

std::vector<std::uint64_t> all_patterns(const DataType& type) {
  std::vector<std::uint64_t> patterns;
  for (std::uint64_t bits = 0; bits <= type.bit_mask(); ++bits) patterns.push_back(bits);
  return patterns;
}

void sweep_all_targets(Sweep& sweep, const DataType& source, const Readings& readings,
                       bool with_map) {
  const std::vector<std::uint64_t> patterns = all_patterns(source);
  for (const DataType& target : all_data_types())
    sweep_pair(sweep, source, target, patterns, readings, with_map);
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

struct Alternative {
  Flag flag;
  int choice;  // 1, 2, ...: alternatives[choice - 1]
};

std::vector<Alternative> cast_flag_alternatives() {
  const Flag flags[] = {Flag::MapSignedZero,  Flag::MapNaNPayload,    Flag::InfClamp,
                        Flag::NaNNonIEEE,     Flag::DirectedOverflow, Flag::E8M0Tie,
                        Flag::E8M0Low,        Flag::NegZeroNoSign,    Flag::RoundedNegativeZero,
                        Flag::DecodeWrapFloat};
  std::vector<Alternative> alternatives;
  for (Flag flag : flags)
    for (int choice = 1; choice <= flag_info(flag).alternative_count(); ++choice)
      alternatives.push_back({flag, choice});
  return alternatives;
}

void PrintTo(const Alternative& alternative, std::ostream* os) {
  const FlagInfo& flag = flag_info(alternative.flag);
  *os << flag.name << "=" << flag.alternatives[alternative.choice - 1];
}

std::string alternative_name(const testing::TestParamInfo<Alternative>& info) {
  const FlagInfo& flag = flag_info(info.param.flag);
  std::string name =
      std::string(flag.name) + "_" + std::string(flag.alternatives[info.param.choice - 1]);
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

bool is_map_flag(Flag flag) {
  return flag == Flag::MapSignedZero || flag == Flag::MapNaNPayload;
}

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

// For each of the 26 sources and each target: every boundary pattern of the source and every
// boundary pattern of the cast (the source values at and around each value, midpoint and range
// edge of the target), under the 15 rules. This is the deterministic check of the wide types, which
// no sweep enumerates.
std::vector<std::uint64_t> boundary_sample(const DataType& source, const DataType& target) {
  std::vector<std::uint64_t> patterns = gen::boundary_patterns(source);
  const auto& cast_boundaries = gen::cast_boundary_patterns(source, target);
  patterns.insert(patterns.end(), cast_boundaries.begin(), cast_boundaries.end());
  std::sort(patterns.begin(), patterns.end());
  patterns.erase(std::unique(patterns.begin(), patterns.end()), patterns.end());
  return patterns;
}

std::vector<const DataType*> every_source() {
  std::vector<const DataType*> sources;
  for (const DataType& type : all_data_types()) sources.push_back(&type);
  return sources;
}

class BoundarySweep : public testing::TestWithParam<Source> {};

TEST_P(BoundarySweep, FastEqualsSlowOnEveryBoundaryIntoEveryTarget) {
  const DataType& source = *GetParam().type;
  Sweep sweep;
  long expected = 0;
  for (const DataType& target : all_data_types()) {
    const std::vector<std::uint64_t> patterns = boundary_sample(source, target);
    expected += static_cast<long>(patterns.size()) * kRulesPerPair;
    sweep_pair(sweep, source, target, patterns, {}, /*with_map=*/false);
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

// ---- 16-bit sources, shortened: a seeded sample plus the boundary patterns ----

constexpr std::size_t kSixteenBitSample = 2000;

std::vector<const DataType*> sixteen_bit_sources() {
  std::vector<const DataType*> sources;
  for (const DataType& type : all_data_types())
    if (type.bits == 16) sources.push_back(&type);
  return sources;
}

// For one pair: kSixteenBitSample distinct boundary-weighted patterns from a seed fixed per source
// name (the same sample on every run), plus every boundary pattern of the source and of the cast.
std::vector<std::uint64_t> sixteen_bit_sample(const DataType& source, const DataType& target) {
  std::uint64_t seed = 0x16b17;
  for (char c : source.name) seed = seed * 131 + static_cast<unsigned char>(c);
  gen::Rng rng(seed);
  std::vector<std::uint64_t> patterns = gen::boundary_patterns(source);
  const auto& cast_boundaries = gen::cast_boundary_patterns(source, target);
  patterns.insert(patterns.end(), cast_boundaries.begin(), cast_boundaries.end());
  // Draws repeat the boundary families often: draw until kSixteenBitSample of them are distinct.
  std::set<std::uint64_t> drawn;
  while (drawn.size() < kSixteenBitSample)
    drawn.insert(gen::boundary_weighted_pattern(source, rng));
  patterns.insert(patterns.end(), drawn.begin(), drawn.end());
  std::sort(patterns.begin(), patterns.end());
  patterns.erase(std::unique(patterns.begin(), patterns.end()), patterns.end());
  return patterns;
}

class SampledSixteenBitSource : public testing::TestWithParam<Source> {};

TEST_P(SampledSixteenBitSource, FastEqualsSlowOnSampleAndBoundaries) {
  const DataType& source = *GetParam().type;
  Sweep sweep;
  long expected = 0;
  for (const DataType& target : all_data_types()) {
    const std::vector<std::uint64_t> patterns = sixteen_bit_sample(source, target);
    expected += static_cast<long>(patterns.size()) * kRulesPerPair;
    sweep_pair(sweep, source, target, patterns, {}, /*with_map=*/false);
  }
  EXPECT_EQ(sweep.casts(), expected);
  EXPECT_EQ(sweep.mismatches(), 0) << sweep.report();
}

INSTANTIATE_TEST_SUITE_P(Sources, SampledSixteenBitSource,
                         testing::ValuesIn(source_params(sixteen_bit_sources())), type_param_name);

}  // namespace
}  // namespace cvc
