// The sweep machinery shared by the exhaustive tests (tests/oracle/exhaustive_test.cpp and the long
// tests/long/exhaustive16_test.cpp): the fast oracle against the slow one over sets of patterns,
// counting casts and mismatches and keeping the first few mismatches in full (rule, readings,
// input, both results) for the failure message. Neither oracle is ever adjusted to the other.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "oracle/cast.hpp"
#include "oracle/slow/slow_cast.hpp"

namespace cvc::test {

inline constexpr int kMismatchesShown = 8;

// "0x30 (1/2)": a pattern and its exact value.
std::string input_text(const DataType& type, std::uint64_t bits);

// " [FLAG=alternative]..." for each flag off its default, or " [default readings]".
std::string readings_text(const Readings& readings);

using CastFunction = CastResult (*)(const CastRule&, std::uint64_t, const Readings&);

// Counts casts and mismatches of `fast` against `slow` (the two oracles unless a test of the sweep
// itself substitutes a wrong function); keeps the first few mismatches in full. A mismatch is
// another outcome, or the same one decided by another step or range action
// (CastResult::same_explanation): the explanation reports print is checked too.
class Sweep {
 public:
  explicit Sweep(CastFunction fast = &cast_value, CastFunction slow = &slow::cast_value)
      : fast_cast_(fast), slow_cast_(slow) {}

  void check(const CastRule& rule, std::uint64_t bits, const Readings& readings);
  // Adds the counts of `other`, and its shown mismatches while fewer than kMismatchesShown.
  void merge(const Sweep& other);
  // A sweep with no counts, comparing the same two functions.
  Sweep empty_like() const { return Sweep(fast_cast_, slow_cast_); }

  long casts() const { return casts_; }
  long mismatches() const { return mismatches_; }
  std::string report() const;

 private:
  CastFunction fast_cast_;
  CastFunction slow_cast_;
  long casts_ = 0;
  long mismatches_ = 0;
  std::vector<std::string> shown_;
};

// The 5 rounding modes, in enum order.
std::span<const Rounding> all_roundings();

// A scalar_map for the map flags (MapSignedZero, MapNaNPayload): keys +0, the canonical NaN (when
// the source has one), the largest finite value, then -0 (when the source has one), each mapped to
// a distinct output pattern. Under the default readings -0 hits the +0 entry and every NaN hits the
// NaN entry; under the alternatives only the identical pattern does.
std::vector<ScalarMapEntry> test_scalar_map(const DataType& source, const DataType& target);

// The map flags change nothing without a scalar_map: their sweeps put test_scalar_map on every
// rule.
bool is_map_flag(Flag flag);

// One pair: each of `roundings` x the 3 out_of_range rules, each pattern cast once.
void sweep_pair(Sweep& sweep, const DataType& source, const DataType& target,
                std::span<const std::uint64_t> patterns, std::span<const Rounding> roundings,
                const Readings& readings, bool with_map);

// The patterns to cast into one target.
using PatternsFor = std::vector<std::uint64_t> (*)(const DataType& source, const DataType& target);

// Every pattern of the source (the target is ignored).
std::vector<std::uint64_t> every_pattern(const DataType& source, const DataType& target);

// Every boundary pattern of the source and every boundary pattern of the cast (the source values
// at and around each value, midpoint and range edge of the target), sorted, without repeats.
std::vector<std::uint64_t> boundary_sample(const DataType& source, const DataType& target);

// boundary_sample plus `count` distinct boundary-weighted patterns drawn from a seed fixed per
// `seed` and source name (the same sample on every run), sorted, without repeats.
std::vector<std::uint64_t> seeded_sample(const DataType& source, const DataType& target,
                                         std::uint64_t seed, std::size_t count);

// Every target, `patterns_for` each, under sweep_pair. With threads > 1 the targets are spread
// over that many threads (target i on thread i % threads), each with its own sweep, merged into
// `sweep` in thread order at the end.
void sweep_targets(Sweep& sweep, const DataType& source, PatternsFor patterns_for,
                   std::span<const Rounding> roundings, const Readings& readings, bool with_map,
                   unsigned threads = 1);

// The machine's cores, at least 1 and at most 8.
unsigned machine_threads();

std::vector<const DataType*> sixteen_bit_sources();

// Non-alphanumeric characters replaced by '_' (for test names).
std::string sanitized(std::string name);

// Each alternative of each cast flag (the flags that change what one element becomes); printed
// and named as "FLAG=alternative" / "FLAG_alternative".
struct Alternative {
  Flag flag;
  int choice;  // 1, 2, ...: alternatives[choice - 1]
};
std::vector<Alternative> cast_flag_alternatives();
// "FLAG=alternative".
std::string alternative_text(const Alternative& alternative);
void PrintTo(const Alternative& alternative, std::ostream* os);
std::string alternative_name(const testing::TestParamInfo<Alternative>& info);

}  // namespace cvc::test
