// The lookup tables of the fast oracle (oracle/cast_table.hpp) against the exact procedure
// (cvc::cast_value): every entry of every table below is compared with cast_value by
// first_disagreement(). Sources: every type of 8 bits or fewer and the four 16-bit types, into
// each of the 26 targets, under the 15 rules (5 roundings x 3 out_of_range), without and with a
// scalar_map; the 8-bit sources also under each alternative of each cast flag. Then the cache:
// keyed by the whole rule and the cast flags, bounded, handing out tables that outlive eviction.
// And teeth: a corrupted entry is found.
//
// Cost, measured with `time` on the 2-core machine (-O2 build): 11.6 s of CPU in all (38 tests;
// one 16-bit table is 65,536 casts to build and 65,536 to verify, each 16-bit source 780 tables).
#include "oracle/cast_table.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "oracle/cast.hpp"
#include "tests/support/sweep.hpp"

namespace cvc::cast_table_test {
namespace {

using namespace cvc::test;

// Builds the table of every rule of (source, target) and checks each against cast_value; the
// first disagreements are returned as text, empty when every entry agrees.
struct PairCheck {
  long tables = 0;
  long entries = 0;
  std::string disagreements;
};

void check_every_rule(PairCheck& check, const DataType& source, const DataType& target,
                      const Readings& readings, bool with_map) {
  CastRule rule;
  rule.input = &source;
  rule.output = &target;
  if (with_map) rule.scalar_map = test_scalar_map(source, target);
  for (Rounding rounding : all_roundings()) {
    rule.rounding = rounding;
    for (int o = 0; o < kOutOfRangeCount; ++o) {
      rule.out_of_range = static_cast<OutOfRange>(o);
      const CastTable table(rule, readings);
      ++check.tables;
      check.entries += static_cast<long>(table.size());
      const std::optional<std::uint64_t> wrong = first_disagreement(table);
      if (wrong && check.disagreements.size() < 2000)
        check.disagreements += std::string(source.name) + " -> " + std::string(target.name) + " " +
                               std::string(rounding_name(rounding)) + " " +
                               std::string(out_of_range_name(rule.out_of_range)) +
                               (with_map ? " with scalar_map" : "") + readings_text(readings) +
                               ": input " + input_text(source, *wrong) + "\n";
    }
  }
}

std::vector<const DataType*> table_sources() {
  std::vector<const DataType*> sources;
  for (const DataType& type : all_data_types())
    if (type.bits <= 8 || type.bits == 16) sources.push_back(&type);
  return sources;
}

// Test parameters are type names (stable test names such as Sources/EveryTableOfSource/int8).
std::vector<std::string> table_source_names() {
  std::vector<std::string> names;
  for (const DataType* type : table_sources()) names.emplace_back(type->name);
  return names;
}

// ---- Every table of a source: every target, every rule, without and with a scalar_map ----

class EveryTableOfSource : public testing::TestWithParam<std::string> {};

TEST_P(EveryTableOfSource, EveryEntryEqualsCastValue) {
  const DataType& source = data_type(GetParam());
  PairCheck check;
  for (const DataType& target : all_data_types())
    for (bool with_map : {false, true}) check_every_rule(check, source, target, {}, with_map);
  EXPECT_EQ(check.tables, kDataTypeCount * kRoundingCount * kOutOfRangeCount * 2);
  EXPECT_EQ(check.entries, check.tables * static_cast<long>(source.bit_mask() + 1));
  EXPECT_EQ(check.disagreements, "");
}

INSTANTIATE_TEST_SUITE_P(Sources, EveryTableOfSource, testing::ValuesIn(table_source_names()),
                         [](const testing::TestParamInfo<std::string>& type_name) {
                           return type_name.param;
                         });

// ---- Each alternative of each cast flag, on the sources of 8 bits or fewer ----

class EveryTableUnderAlternative : public testing::TestWithParam<Alternative> {};

TEST_P(EveryTableUnderAlternative, EveryEntryEqualsCastValue) {
  const Alternative alternative = GetParam();
  const Readings readings = Readings{}.with(alternative.flag, alternative.choice);
  PairCheck check;
  for (const DataType* source : table_sources()) {
    if (source->bits > 8) continue;
    for (const DataType& target : all_data_types())
      check_every_rule(check, *source, target, readings, is_map_flag(alternative.flag));
  }
  EXPECT_GT(check.tables, 0);
  EXPECT_EQ(check.disagreements, "");
}

INSTANTIATE_TEST_SUITE_P(CastFlags, EveryTableUnderAlternative,
                         testing::ValuesIn(cast_flag_alternatives()), alternative_name);

// ---- Layouts: narrow outputs pack bits and error into 4 bytes, wide ones keep 64-bit bits ----

TEST(CastTable, KeepsEveryBitOfA64BitOutputAndEveryErrorKind) {
  CastRule rule;
  rule.input = &data_type("int16");
  rule.output = &data_type("uint64");
  const CastTable table(rule);
  EXPECT_EQ(table.lookup(0xffff).error, CastError::OutOfRange);  // -1 into uint64
  EXPECT_TRUE(table.lookup(0x7fff).ok());
  EXPECT_EQ(table.lookup(0x7fff).bits, 0x7fffu);
  rule.out_of_range = OutOfRange::Wrap;
  const CastTable wrapped(rule);
  EXPECT_EQ(wrapped.lookup(0xffff).bits, ~0ull);  // -1 wrapped: all 64 bits set
  EXPECT_FALSE(first_disagreement(wrapped));
}

TEST(CastTable, IgnoresBitsAboveTheInputWidthAsCastValueDoes) {
  CastRule rule;
  rule.input = &data_type("int8");
  rule.output = &data_type("float16");
  const CastTable table(rule);
  EXPECT_TRUE(table.lookup(0x1ff).same_outcome(cast_value(rule, 0xff)));
}

TEST(CastTable, RefusesAnInputWiderThan16Bits) {
  CastRule rule;
  rule.input = &data_type("float32");
  rule.output = &data_type("float16");
  EXPECT_FALSE(CastTable::covers(*rule.input));
  EXPECT_THROW(CastTable{rule}, std::invalid_argument);
}

// ---- Teeth: a corrupted entry is found, in either layout ----

TEST(CastTableTeeth, FirstDisagreementFindsACorruptedEntry) {
  for (const char* output : {"float8_e4m3", "float64"}) {
    CastRule rule;
    rule.input = &data_type("float16");
    rule.output = &data_type(output);
    CastTable table(rule);
    ASSERT_FALSE(first_disagreement(table)) << output;
    TableResult wrong = table.lookup(0x3c00);  // 1.0
    wrong.bits ^= 1;
    table.overwrite(0x3c00, wrong);
    EXPECT_EQ(first_disagreement(table), std::optional<std::uint64_t>(0x3c00)) << output;
    // An error where a value belongs.
    table.overwrite(0x3c00, {CastError::OutOfRange, 0});
    EXPECT_EQ(first_disagreement(table), std::optional<std::uint64_t>(0x3c00)) << output;
  }
}

// ---- The cache ----

CastRule float16_to_int8(Rounding rounding) {
  CastRule rule;
  rule.input = &data_type("float16");
  rule.output = &data_type("int8");
  rule.rounding = rounding;
  return rule;
}

TEST(CastTableCache, BuildsOnceAndHandsOutTheSameTable) {
  CastTableCache cache;
  const CastRule rule = float16_to_int8(Rounding::TowardsZero);
  const auto first = cache.table_for(rule);
  const auto again = cache.table_for(rule);
  EXPECT_EQ(first.get(), again.get());
  EXPECT_EQ(cache.tables_built(), 1u);
  EXPECT_FALSE(first_disagreement(*first));
}

TEST(CastTableCache, KeysOnTheWholeRuleAndTheCastFlags) {
  CastTableCache cache;
  CastRule rule = float16_to_int8(Rounding::TowardsZero);
  const auto plain = cache.table_for(rule);
  rule.out_of_range = OutOfRange::Clamp;
  const auto clamped = cache.table_for(rule);
  EXPECT_NE(plain.get(), clamped.get());
  // The scalar_map is part of the key: its outputs, its keys and its order.
  rule.scalar_map = {{0x3c00, 5}};
  const auto mapped = cache.table_for(rule);
  EXPECT_EQ(mapped->lookup(0x3c00).bits, 5u);
  rule.scalar_map = {{0x3c00, 6}};
  EXPECT_EQ(cache.table_for(rule)->lookup(0x3c00).bits, 6u);
  rule.scalar_map = {{0x4000, 6}};
  EXPECT_EQ(cache.table_for(rule)->lookup(0x3c00).bits, 1u);
  // A cast flag is part of the key; a metadata flag is not (it changes no cast).
  rule.scalar_map.clear();
  const auto by_default = cache.table_for(rule);
  const auto negative_zero_error =
      cache.table_for(rule, Readings{}.with(Flag::NegZeroNoSign, kNegZeroNoSignError));
  EXPECT_NE(by_default.get(), negative_zero_error.get());
  EXPECT_EQ(negative_zero_error->lookup(0x8000).error, CastError::NegativeZeroNotRepresentable);
  EXPECT_EQ(by_default->lookup(0x8000).bits, 0u);
  EXPECT_EQ(cache.table_for(rule, Readings{}.with(Flag::HexWidth, 1)).get(), by_default.get());
  EXPECT_EQ(cache.tables_built(), 6u);
}

TEST(CastTableCache, HoldsAtMostItsCapacityAndEvictsTheLeastRecentlyUsed) {
  CastTableCache cache(2);
  const auto even = cache.table_for(float16_to_int8(Rounding::NearestEven));
  cache.table_for(float16_to_int8(Rounding::TowardsZero));
  cache.table_for(float16_to_int8(Rounding::NearestEven));      // used again: most recent
  cache.table_for(float16_to_int8(Rounding::TowardsPositive));  // evicts towards-zero
  EXPECT_EQ(cache.size(), 2u);
  EXPECT_EQ(cache.tables_built(), 3u);
  EXPECT_EQ(cache.table_for(float16_to_int8(Rounding::NearestEven)).get(), even.get());
  EXPECT_EQ(cache.tables_built(), 3u);
  cache.table_for(float16_to_int8(Rounding::TowardsZero));  // was evicted: built again
  EXPECT_EQ(cache.tables_built(), 4u);
  // A table handed out stays valid after its eviction.
  cache.table_for(float16_to_int8(Rounding::TowardsNegative));
  cache.table_for(float16_to_int8(Rounding::NearestAway));
  EXPECT_FALSE(first_disagreement(*even));
}

}  // namespace
}  // namespace cvc::cast_table_test
