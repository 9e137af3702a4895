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

#include <algorithm>
#include <cctype>
#include <exception>
#include <ostream>
#include <set>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "generators/boundary_values.hpp"
#include "oracle/cast.hpp"
#include "oracle/slow/slow_float.hpp"
#include "oracle/slow_cast.hpp"

namespace cvc {
namespace {

constexpr int kMismatchesShown = 8;
constexpr long kRulesPerRounding = kOutOfRangeCount;

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

// Counts casts and mismatches of the fast oracle against the slow one; keeps the first few
// mismatches in full. One per thread; merged at the end.
class Sweep {
 public:
  void check(const CastRule& rule, std::uint64_t bits, const Readings& readings) {
    ++casts_;
    std::string problem;
    try {
      const CastResult fast = cast_value(rule, bits, readings);
      const CastResult slow = slow::cast_value(rule, bits, readings);
      if (fast.same_outcome(slow)) return;
      problem = "fast " + result_text(*rule.output, fast) + " (" + explain(rule, fast) +
                "), slow " + result_text(*rule.output, slow);
    } catch (const std::exception& e) {
      problem = std::string("exception: ") + e.what();
    }
    if (++mismatches_ > kMismatchesShown) return;
    shown_.push_back(std::string(rule.input->name) + " -> " + std::string(rule.output->name) +
                     ", " + std::string(rounding_name(rule.rounding)) + ", out_of_range " +
                     std::string(out_of_range_name(rule.out_of_range)) + readings_text(readings) +
                     ", input " + input_text(*rule.input, bits) + ": " + problem);
  }

  void merge(const Sweep& other) {
    casts_ += other.casts_;
    mismatches_ += other.mismatches_;
    for (const std::string& line : other.shown_)
      if (static_cast<int>(shown_.size()) < kMismatchesShown) shown_.push_back(line);
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
  long casts_ = 0;
  long mismatches_ = 0;
  std::vector<std::string> shown_;
};

// A scalar_map for the map flags (MapSignedZero, MapNaNPayload), as in tests/exhaustive_test.cpp:
// keys +0, the canonical NaN, the largest finite value, -0, each to a distinct output pattern.
std::vector<ScalarMapEntry> test_scalar_map(const DataType& source, const DataType& target) {
  std::vector<ScalarMapEntry> map;
  map.push_back({0, 1 & target.bit_mask()});
  if (source.has_nan()) map.push_back({source.canonical_nan(), 2 & target.bit_mask()});
  map.push_back({source.max_finite_bits(), 0});
  if (source.has_negative_zero()) map.push_back({source.sign_mask(), 3 & target.bit_mask()});
  return map;
}

bool is_map_flag(Flag flag) {
  return flag == Flag::MapSignedZero || flag == Flag::MapNaNPayload;
}

// The patterns to cast into one target.
using PatternsFor = std::vector<std::uint64_t> (*)(const DataType& source, const DataType& target);

// Every target, each on one of the machine's threads in turn; `roundings` and all 3 out_of_range
// rules per pair.
Sweep sweep_targets(const DataType& source, PatternsFor patterns_for,
                    std::span<const Rounding> roundings, const Readings& readings,
                    bool with_map = false) {
  const auto& targets = all_data_types();
  const unsigned threads = std::max(1u, std::min(std::thread::hardware_concurrency(), 8u));
  std::vector<Sweep> sweeps(threads);
  std::vector<std::thread> workers;
  for (unsigned t = 0; t < threads; ++t) {
    workers.emplace_back([&, t] {
      for (std::size_t i = t; i < targets.size(); i += threads) {
        const std::vector<std::uint64_t> patterns = patterns_for(source, targets[i]);
        CastRule rule;
        rule.input = &source;
        rule.output = &targets[i];
        if (with_map) rule.scalar_map = test_scalar_map(source, targets[i]);
        for (Rounding rounding : roundings) {
          rule.rounding = rounding;
          for (int o = 0; o < kOutOfRangeCount; ++o) {
            rule.out_of_range = static_cast<OutOfRange>(o);
            for (std::uint64_t bits : patterns) sweeps[t].check(rule, bits, readings);
          }
        }
      }
    });
  }
  for (std::thread& worker : workers) worker.join();
  Sweep total;
  for (const Sweep& sweep : sweeps) total.merge(sweep);
  return total;
}

std::vector<std::uint64_t> every_pattern(const DataType& source, const DataType&) {
  std::vector<std::uint64_t> patterns;
  for (std::uint64_t bits = 0; bits <= source.bit_mask(); ++bits) patterns.push_back(bits);
  return patterns;
}

constexpr std::size_t kAlternativeSample = 4096;

// kAlternativeSample distinct boundary-weighted patterns from a seed fixed per source name, plus
// every boundary pattern of the source and of the cast.
std::vector<std::uint64_t> sampled_patterns(const DataType& source, const DataType& target) {
  std::uint64_t seed = 0x16b17a17;
  for (char c : source.name) seed = seed * 131 + static_cast<unsigned char>(c);
  gen::Rng rng(seed);
  std::vector<std::uint64_t> patterns = gen::boundary_patterns(source);
  const auto& cast_boundaries = gen::cast_boundary_patterns(source, target);
  patterns.insert(patterns.end(), cast_boundaries.begin(), cast_boundaries.end());
  // Draws repeat the boundary families often: draw until kAlternativeSample of them are distinct.
  std::set<std::uint64_t> drawn;
  while (drawn.size() < kAlternativeSample)
    drawn.insert(gen::boundary_weighted_pattern(source, rng));
  patterns.insert(patterns.end(), drawn.begin(), drawn.end());
  std::sort(patterns.begin(), patterns.end());
  patterns.erase(std::unique(patterns.begin(), patterns.end()), patterns.end());
  return patterns;
}

std::vector<const DataType*> sixteen_bit_sources() {
  std::vector<const DataType*> sources;
  for (const DataType& type : all_data_types())
    if (type.bits == 16) sources.push_back(&type);
  return sources;
}

std::string sanitized(std::string name) {
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
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
  const Sweep sweep = sweep_targets(*param.source, &every_pattern, roundings, {});
  EXPECT_EQ(sweep.casts(), 65536L * kDataTypeCount * kRulesPerRounding);
  EXPECT_EQ(sweep.mismatches(), 0) << sweep.report();
}

INSTANTIATE_TEST_SUITE_P(Sources, Exhaustive16, testing::ValuesIn(sources_and_roundings()),
                         source_rounding_name);

// ---- Each alternative reading of each cast flag, on a sample of each 16-bit source ----

// Each alternative of each cast flag (the flags that change what one element becomes).
struct Alternative {
  Flag flag;
  int choice;  // alternatives[choice - 1]
};

void PrintTo(const Alternative& param, std::ostream* os) {
  const FlagInfo& flag = flag_info(param.flag);
  *os << flag.name << "=" << flag.alternatives[param.choice - 1];
}

std::vector<Alternative> alternatives() {
  const Flag flags[] = {Flag::MapSignedZero,  Flag::MapNaNPayload,    Flag::InfClamp,
                        Flag::NaNNonIEEE,     Flag::DirectedOverflow, Flag::E8M0Tie,
                        Flag::E8M0Low,        Flag::NegZeroNoSign,    Flag::RoundedNegativeZero,
                        Flag::DecodeWrapFloat};
  std::vector<Alternative> params;
  for (Flag flag : flags)
    for (int choice = 1; choice <= flag_info(flag).alternative_count(); ++choice)
      params.push_back({flag, choice});
  return params;
}

struct SourceAlternative {
  const DataType* source;
  Flag flag;
  int choice;  // alternatives[choice - 1]
};

std::vector<SourceAlternative> sources_and_alternatives() {
  std::vector<SourceAlternative> params;
  for (const Alternative& alternative : alternatives())
    for (const DataType* source : sixteen_bit_sources())
      params.push_back({source, alternative.flag, alternative.choice});
  return params;
}

void PrintTo(const SourceAlternative& param, std::ostream* os) {
  const FlagInfo& flag = flag_info(param.flag);
  *os << param.source->name << ", " << flag.name << "=" << flag.alternatives[param.choice - 1];
}

std::string source_alternative_name(const testing::TestParamInfo<SourceAlternative>& info) {
  const FlagInfo& flag = flag_info(info.param.flag);
  return sanitized(std::string(flag.name) + "_" +
                   std::string(flag.alternatives[info.param.choice - 1]) + "_" +
                   std::string(info.param.source->name));
}

class Sampled16Readings : public testing::TestWithParam<SourceAlternative> {};

// The map flags (MapSignedZero, MapNaNPayload) change nothing without a scalar_map: their sweeps
// put the test scalar_map on every rule.
TEST_P(Sampled16Readings, FastEqualsSlowUnderTheAlternative) {
  const SourceAlternative param = GetParam();
  const Readings readings = Readings{}.with(param.flag, param.choice);
  const Rounding roundings[] = {Rounding::NearestEven, Rounding::TowardsZero,
                                Rounding::TowardsPositive, Rounding::TowardsNegative,
                                Rounding::NearestAway};
  const Sweep sweep =
      sweep_targets(*param.source, &sampled_patterns, roundings, readings, is_map_flag(param.flag));
  EXPECT_GT(sweep.casts(), 0);
  EXPECT_EQ(sweep.mismatches(), 0) << sweep.report();
}

INSTANTIATE_TEST_SUITE_P(CastFlags, Sampled16Readings,
                         testing::ValuesIn(sources_and_alternatives()), source_alternative_name);

// ---- Each alternative reading on the boundary patterns of every source (the wide ones too) ----

std::vector<std::uint64_t> boundary_sample(const DataType& source, const DataType& target) {
  std::vector<std::uint64_t> patterns = gen::boundary_patterns(source);
  const auto& cast_boundaries = gen::cast_boundary_patterns(source, target);
  patterns.insert(patterns.end(), cast_boundaries.begin(), cast_boundaries.end());
  std::sort(patterns.begin(), patterns.end());
  patterns.erase(std::unique(patterns.begin(), patterns.end()), patterns.end());
  return patterns;
}

std::string alternative_name(const testing::TestParamInfo<Alternative>& info) {
  const FlagInfo& flag = flag_info(info.param.flag);
  return sanitized(std::string(flag.name) + "_" +
                   std::string(flag.alternatives[info.param.choice - 1]));
}

class BoundaryReadings : public testing::TestWithParam<Alternative> {};

TEST_P(BoundaryReadings, FastEqualsSlowUnderTheAlternative) {
  const Alternative param = GetParam();
  const Readings readings = Readings{}.with(param.flag, param.choice);
  const Rounding roundings[] = {Rounding::NearestEven, Rounding::TowardsZero,
                                Rounding::TowardsPositive, Rounding::TowardsNegative,
                                Rounding::NearestAway};
  Sweep total;
  for (const DataType& source : all_data_types())
    total.merge(
        sweep_targets(source, &boundary_sample, roundings, readings, is_map_flag(param.flag)));
  EXPECT_GT(total.casts(), 0);
  EXPECT_EQ(total.mismatches(), 0) << total.report();
}

INSTANTIATE_TEST_SUITE_P(CastFlags, BoundaryReadings, testing::ValuesIn(alternatives()),
                         alternative_name);

}  // namespace
}  // namespace cvc
