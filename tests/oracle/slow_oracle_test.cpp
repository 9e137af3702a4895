// Unit tests of the slow oracle (oracle/slow/): decoding of every type, rounding onto the grids,
// the spec's worked examples, and each reading flag at its default and its alternatives.
//
// Every expected value is a fact quoted from the spec (cited by file and line) or derived by hand
// in the comment next to it; none was copied from running the code. Float inputs are written as
// bit patterns, with their value derived in the comment.
#include <gtest/gtest.h>

#include <cstdint>
#include <string_view>
#include <vector>

#include "oracle/rational/rational_value.hpp"
#include "oracle/slow/slow_cast.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::slow::slow_oracle_test {
namespace {

// The exact rational arithmetic the slow oracle computes on (oracle/rational/) is tested here too.
using namespace cvc::rational;

const DataType& T(std::string_view name) {
  return data_type(name);
}

Rational P2(int k) {
  return power_of_two(k);
}
Rational Q(long long num, long long den = 1) {
  return Rational(Integer(num), Integer(den));
}

CastResult cast(std::string_view in, std::string_view out, std::uint64_t bits,
                Rounding rounding = Rounding::NearestEven, OutOfRange oor = OutOfRange::None,
                const Readings& readings = {}, std::vector<ScalarMapEntry> map = {}) {
  CastRule rule;
  rule.input = &T(in);
  rule.output = &T(out);
  rule.rounding = rounding;
  rule.out_of_range = oor;
  rule.scalar_map = std::move(map);
  return slow::cast_value(rule, bits, readings);
}

// Outcome checks: bits of a successful cast, or the kind of error.
::testing::AssertionResult Bits(const CastResult& result, std::uint64_t expected) {
  if (!result.ok())
    return ::testing::AssertionFailure() << "error " << static_cast<int>(result.error)
                                         << ", expected bits 0x" << std::hex << expected;
  if (result.bits != expected)
    return ::testing::AssertionFailure()
           << "bits 0x" << std::hex << result.bits << ", expected 0x" << expected;
  return ::testing::AssertionSuccess();
}
::testing::AssertionResult Fails(const CastResult& result, CastError expected) {
  if (result.error != expected)
    return ::testing::AssertionFailure()
           << "error " << static_cast<int>(result.error) << " (bits 0x" << std::hex << result.bits
           << "), expected error " << static_cast<int>(expected);
  return ::testing::AssertionSuccess();
}

constexpr Rounding kNE = Rounding::NearestEven;
constexpr Rounding kNA = Rounding::NearestAway;
constexpr Rounding kTZ = Rounding::TowardsZero;
constexpr Rounding kTP = Rounding::TowardsPositive;
constexpr Rounding kTN = Rounding::TowardsNegative;
constexpr OutOfRange kAbsent = OutOfRange::None;
constexpr OutOfRange kClamp = OutOfRange::Clamp;
constexpr OutOfRange kWrap = OutOfRange::Wrap;

const Readings kDefault{};
Readings alt(Flag flag, int choice) {
  return kDefault.with(flag, choice);
}

bool is_nan(std::string_view type, std::uint64_t bits) {
  return value_of(T(type), bits).kind == RationalValue::Kind::NaN;
}
bool is_inf(std::string_view type, std::uint64_t bits, bool negative) {
  const RationalValue v = value_of(T(type), bits);
  return v.kind == RationalValue::Kind::Infinity && v.negative == negative;
}
Rational val(std::string_view type, std::uint64_t bits) {
  const RationalValue v = value_of(T(type), bits);
  EXPECT_EQ(v.kind, RationalValue::Kind::Finite) << type << " 0x" << std::hex << bits;
  return v.value;
}

// ---------------------------------------------------------------------------------------------
// Decoding: value_of on notable patterns of every type.

TEST(RationalValueOf, Integers) {
  // int2.md: "a signed integer in the range [-2, 1]"; two's complement of width 2.
  EXPECT_EQ(val("int2", 0b00), Q(0));
  EXPECT_EQ(val("int2", 0b01), Q(1));
  EXPECT_EQ(val("int2", 0b10), Q(-2));
  EXPECT_EQ(val("int2", 0b11), Q(-1));
  EXPECT_EQ(val("uint2", 0b11), Q(3));  // uint2.md: [0, 3]
  EXPECT_EQ(val("int4", 0x7), Q(7));    // int4.md: [-8, 7]
  EXPECT_EQ(val("int4", 0x8), Q(-8));
  EXPECT_EQ(val("uint4", 0xF), Q(15));  // uint4.md: [0, 15]
  // core-data-types.rst: int8 [-2^7, 2^7-1], ..., uint64 [0, 2^64-1]
  EXPECT_EQ(val("int8", 0x7F), Q(127));
  EXPECT_EQ(val("int8", 0x80), Q(-128));
  EXPECT_EQ(val("int8", 0xFF), Q(-1));
  EXPECT_EQ(val("uint8", 0xFF), Q(255));
  EXPECT_EQ(val("int16", 0x8000), Q(-32768));
  EXPECT_EQ(val("uint16", 0xFFFF), Q(65535));
  EXPECT_EQ(val("int32", 0x80000000), -P2(31));
  EXPECT_EQ(val("uint32", 0xFFFFFFFF), P2(32) - 1);
  EXPECT_EQ(val("int64", 0x8000000000000000), -P2(63));
  EXPECT_EQ(val("int64", 0x7FFFFFFFFFFFFFFF), P2(63) - 1);
  EXPECT_EQ(val("uint64", ~0ull), P2(64) - 1);
  EXPECT_FALSE(value_of(T("int8"), 0).negative);
}

TEST(RationalValueOf, FnTypesAreAllFinite) {
  // float4_e2m1fn.md: 1 sign, 2 exponent bits (bias 1), 1 mantissa bit; no inf, no NaN.
  EXPECT_EQ(val("float4_e2m1fn", 0x7), Q(6));     // e=3, m=1: 2^(3-1) * (1 + 1/2) = 6
  EXPECT_EQ(val("float4_e2m1fn", 0x1), Q(1, 2));  // subnormal m=1: (1/2) * 2^(1-1)
  EXPECT_EQ(val("float4_e2m1fn", 0x2), Q(1));     // e=1, m=0: 2^0
  EXPECT_EQ(val("float4_e2m1fn", 0xF), Q(-6));
  EXPECT_EQ(val("float4_e2m1fn", 0x8), Q(0));  // negative zero
  EXPECT_TRUE(value_of(T("float4_e2m1fn"), 0x8).negative);
  // float6_e2m3fn.md: 2 exponent bits (bias 1), 3 mantissa bits.
  EXPECT_EQ(val("float6_e2m3fn", 0x1F), Q(15, 2));  // e=3, m=7: 2^2 * 15/8 = 7.5
  EXPECT_EQ(val("float6_e2m3fn", 0x01), Q(1, 8));   // (1/8) * 2^0
  EXPECT_TRUE(value_of(T("float6_e2m3fn"), 0x20).negative);
  EXPECT_EQ(val("float6_e2m3fn", 0x20), Q(0));
  // float6_e3m2fn.md: 3 exponent bits (bias 3), 2 mantissa bits.
  EXPECT_EQ(val("float6_e3m2fn", 0x1F), Q(28));     // e=7, m=3: 2^4 * 7/4 = 28
  EXPECT_EQ(val("float6_e3m2fn", 0x01), Q(1, 16));  // (1/4) * 2^(1-3)
  EXPECT_EQ(val("float6_e3m2fn", 0x3F), Q(-28));
}

TEST(RationalValueOf, IeeeFloat8) {
  // float8_e3m4.md: bias 3, 4 mantissa bits, IEEE: e=7 is inf/NaN.
  EXPECT_EQ(val("float8_e3m4", 0x6F), Q(31, 2));  // e=6, m=15: 2^3 * 31/16 = 15.5
  EXPECT_EQ(val("float8_e3m4", 0x01), P2(-6));    // (1/16) * 2^(1-3)
  EXPECT_EQ(val("float8_e3m4", 0x30), Q(1));      // e=3=bias
  EXPECT_TRUE(is_inf("float8_e3m4", 0x70, false));
  EXPECT_TRUE(is_inf("float8_e3m4", 0xF0, true));
  EXPECT_TRUE(is_nan("float8_e3m4", 0x78));  // float8_e3m4.md:25 "NaN" is 0x78
  // float8_e4m3.md: bias 7, 3 mantissa bits, IEEE: e=15 is inf/NaN.
  EXPECT_EQ(val("float8_e4m3", 0x77), Q(240));  // e=14, m=7: 2^7 * 15/8 = 240
  EXPECT_EQ(val("float8_e4m3", 0x01), P2(-9));  // (1/8) * 2^(1-7)
  EXPECT_EQ(val("float8_e4m3", 0x38), Q(1));
  EXPECT_TRUE(is_inf("float8_e4m3", 0x78, false));
  EXPECT_TRUE(is_inf("float8_e4m3", 0xF8, true));
  EXPECT_TRUE(is_nan("float8_e4m3", 0x7C));  // float8_e4m3.md:25
  EXPECT_TRUE(is_nan("float8_e4m3", 0x7F));
  // float8_e5m2.md: bias 15, 2 mantissa bits.
  EXPECT_EQ(val("float8_e5m2", 0x7B), Q(57344));  // e=30, m=3: 2^15 * 7/4
  EXPECT_EQ(val("float8_e5m2", 0x01), P2(-16));   // (1/4) * 2^(1-15)
  EXPECT_EQ(val("float8_e5m2", 0x3C), Q(1));
  EXPECT_TRUE(is_inf("float8_e5m2", 0x7C, false));
  EXPECT_TRUE(is_inf("float8_e5m2", 0xFC, true));
  EXPECT_TRUE(is_nan("float8_e5m2", 0x7E));  // float8_e5m2.md:25
}

TEST(RationalValueOf, Fnuz) {
  // fnuz: 0x80 is the only NaN; the all-ones exponent is finite; no infinity, no -0.
  // float8_e4m3fnuz.md: bias 8.
  EXPECT_EQ(val("float8_e4m3fnuz", 0x7F), Q(240));  // e=15, m=7: 2^7 * 15/8
  EXPECT_EQ(val("float8_e4m3fnuz", 0xFF), Q(-240));
  EXPECT_EQ(val("float8_e4m3fnuz", 0x01), P2(-10));  // (1/8) * 2^(1-8)
  EXPECT_EQ(val("float8_e4m3fnuz", 0x40), Q(1));     // e=8=bias
  EXPECT_TRUE(is_nan("float8_e4m3fnuz", 0x80));      // float8_e4m3fnuz.md:8
  EXPECT_EQ(val("float8_e4m3fnuz", 0x00), Q(0));
  // float8_e4m3b11fnuz.md: bias 11.
  EXPECT_EQ(val("float8_e4m3b11fnuz", 0x7F), Q(30));    // 2^(15-11) * 15/8
  EXPECT_EQ(val("float8_e4m3b11fnuz", 0x01), P2(-13));  // (1/8) * 2^(1-11)
  EXPECT_EQ(val("float8_e4m3b11fnuz", 0x58), Q(1));     // e=11: 0b1011 << 3
  EXPECT_TRUE(is_nan("float8_e4m3b11fnuz", 0x80));
  // float8_e5m2fnuz.md: bias 16.
  EXPECT_EQ(val("float8_e5m2fnuz", 0x7F), Q(57344));  // 2^(31-16) * 7/4
  EXPECT_EQ(val("float8_e5m2fnuz", 0x01), P2(-17));   // (1/4) * 2^(1-16)
  EXPECT_EQ(val("float8_e5m2fnuz", 0x40), Q(1));      // e=16: 0b10000 << 2
  EXPECT_TRUE(is_nan("float8_e5m2fnuz", 0x80));
}

TEST(RationalValueOf, E8M0) {
  // float8_e8m0fnu.md: no sign, 8 exponent bits (bias 127), no mantissa, 0xFF is NaN.
  EXPECT_EQ(val("float8_e8m0fnu", 0x00), P2(-127));
  EXPECT_EQ(val("float8_e8m0fnu", 0x7F), Q(1));
  EXPECT_EQ(val("float8_e8m0fnu", 0x80), Q(2));
  EXPECT_EQ(val("float8_e8m0fnu", 0xFE), P2(127));
  EXPECT_TRUE(is_nan("float8_e8m0fnu", 0xFF));
}

TEST(RationalValueOf, WideIeee) {
  EXPECT_EQ(val("bfloat16", 0x7F7F), Q(255) * P2(120));  // e=254, m=127: 2^127 * 255/128
  EXPECT_EQ(val("bfloat16", 0x0001), P2(-133));          // 2^-7 * 2^(1-127)
  EXPECT_EQ(val("bfloat16", 0x3F80), Q(1));
  EXPECT_TRUE(is_inf("bfloat16", 0x7F80, false));
  EXPECT_TRUE(is_inf("bfloat16", 0xFF80, true));
  EXPECT_TRUE(is_nan("bfloat16", 0x7FC0));      // bfloat16.md:29
  EXPECT_EQ(val("float16", 0x7BFF), Q(65504));  // 2^15 * (2 - 2^-10)
  EXPECT_EQ(val("float16", 0x0001), P2(-24));   // 2^-10 * 2^(1-15)
  EXPECT_EQ(val("float16", 0x3C00), Q(1));
  EXPECT_TRUE(value_of(T("float16"), 0x8000).negative);
  EXPECT_TRUE(is_inf("float16", 0x7C00, false));
  EXPECT_TRUE(is_nan("float16", 0x7E00));
  EXPECT_EQ(val("float32", 0x7F7FFFFF), (P2(24) - 1) * P2(104));  // 2^127 * (2 - 2^-23)
  EXPECT_EQ(val("float32", 0x00000001), P2(-149));                // 2^-23 * 2^-126
  EXPECT_EQ(val("float32", 0x3F800000), Q(1));
  EXPECT_TRUE(is_inf("float32", 0xFF800000, true));
  EXPECT_TRUE(is_nan("float32", 0x7FC00000));                             // core-data-types.rst:77
  EXPECT_EQ(val("float64", 0x7FEFFFFFFFFFFFFF), (P2(53) - 1) * P2(971));  // 2^1023 * (2-2^-52)
  EXPECT_EQ(val("float64", 0x0000000000000001), P2(-1074));
  EXPECT_EQ(val("float64", 0x3FF0000000000000), Q(1));
  EXPECT_EQ(val("float64", 0x4004000000000000), Q(5, 2));  // e=1024 (2^1), m=2^50 (0.25)
  EXPECT_TRUE(is_inf("float64", 0x7FF0000000000000, false));
  EXPECT_TRUE(is_nan("float64", 0x7FF8000000000000));
}

TEST(RationalValueOf, CanonicalNaNIsNaN) {
  for (const DataType& type : all_data_types()) {
    if (type.has_nan()) {
      EXPECT_TRUE(is_nan(type.name, type.canonical_nan())) << type.name;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// max_value / min_value: hand-derived above, and consistent with the type table's patterns.

TEST(SlowExtremes, HandDerived) {
  EXPECT_EQ(max_value(T("int2")), Q(1));
  EXPECT_EQ(min_value(T("int2")), Q(-2));
  EXPECT_EQ(max_value(T("uint4")), Q(15));
  EXPECT_EQ(min_value(T("uint4")), Q(0));
  EXPECT_EQ(max_value(T("int64")), P2(63) - 1);
  EXPECT_EQ(min_value(T("int64")), -P2(63));
  EXPECT_EQ(max_value(T("uint64")), P2(64) - 1);
  EXPECT_EQ(max_value(T("float4_e2m1fn")), Q(6));
  EXPECT_EQ(min_value(T("float4_e2m1fn")), Q(-6));
  EXPECT_EQ(max_value(T("float6_e2m3fn")), Q(15, 2));
  EXPECT_EQ(max_value(T("float6_e3m2fn")), Q(28));
  EXPECT_EQ(max_value(T("float8_e3m4")), Q(31, 2));
  EXPECT_EQ(max_value(T("float8_e4m3")), Q(240));
  EXPECT_EQ(max_value(T("float8_e4m3fnuz")), Q(240));
  EXPECT_EQ(max_value(T("float8_e4m3b11fnuz")), Q(30));
  EXPECT_EQ(max_value(T("float8_e5m2")), Q(57344));
  EXPECT_EQ(max_value(T("float8_e5m2fnuz")), Q(57344));
  EXPECT_EQ(max_value(T("float8_e8m0fnu")), P2(127));
  EXPECT_EQ(min_value(T("float8_e8m0fnu")), P2(-127));
  EXPECT_EQ(max_value(T("bfloat16")), Q(255) * P2(120));
  EXPECT_EQ(max_value(T("float16")), Q(65504));
  EXPECT_EQ(min_value(T("float16")), Q(-65504));
  EXPECT_EQ(max_value(T("float32")), (P2(24) - 1) * P2(104));
  EXPECT_EQ(max_value(T("float64")), (P2(53) - 1) * P2(971));
}

TEST(SlowExtremes, AgreeWithTableBits) {
  for (const DataType& type : all_data_types()) {
    EXPECT_EQ(max_value(type), value_of(type, type.max_finite_bits()).value) << type.name;
    EXPECT_EQ(min_value(type), value_of(type, type.min_finite_bits()).value) << type.name;
  }
}

// ---------------------------------------------------------------------------------------------
// pattern_of: the inverse of value_of.

TEST(SlowPatternOf, RoundTripsEveryPatternOfSmallTypes) {
  for (const DataType& type : all_data_types()) {
    if (type.bits > 16) continue;
    for (std::uint64_t bits = 0; bits <= type.bit_mask(); ++bits) {
      const RationalValue v = value_of(type, bits);
      if (v.kind != RationalValue::Kind::Finite) continue;
      const auto back = pattern_of(type, v.value, v.negative);
      ASSERT_TRUE(back.has_value()) << type.name << " 0x" << std::hex << bits;
      EXPECT_EQ(*back, bits) << type.name;
    }
  }
}

TEST(SlowPatternOf, NotRepresentable) {
  EXPECT_FALSE(pattern_of(T("float16"), Q(1, 10)));     // 0.1 is not a binary fraction
  EXPECT_FALSE(pattern_of(T("float16"), P2(-25)));      // half the smallest subnormal 2^-24
  EXPECT_FALSE(pattern_of(T("float16"), P2(16)));       // above 65504 (e=31 is inf/NaN)
  EXPECT_FALSE(pattern_of(T("float16"), Q(2049)));      // 12 significant bits, float16 has 11
  EXPECT_FALSE(pattern_of(T("float8_e8m0fnu"), Q(3)));  // not a power of two
  EXPECT_FALSE(pattern_of(T("float8_e8m0fnu"), Q(-1)));
  EXPECT_FALSE(pattern_of(T("float8_e8m0fnu"), Q(0)));
  EXPECT_FALSE(pattern_of(T("float8_e8m0fnu"), P2(128)));
  EXPECT_FALSE(pattern_of(T("float8_e8m0fnu"), P2(-128)));
  EXPECT_FALSE(pattern_of(T("int8"), Q(128)));
  EXPECT_FALSE(pattern_of(T("int8"), Q(1, 2)));
  EXPECT_FALSE(pattern_of(T("uint8"), Q(-1)));
  EXPECT_FALSE(pattern_of(T("float8_e4m3"), Q(256)));  // above 240; 0x78 is infinity
}

TEST(SlowPatternOf, Wide) {
  EXPECT_EQ(pattern_of(T("float64"), Q(5, 2)), 0x4004000000000000u);
  EXPECT_EQ(pattern_of(T("float64"), P2(-1074)), 0x1u);
  EXPECT_EQ(pattern_of(T("float64"), -(P2(53) - 1) * P2(971)), 0xFFEFFFFFFFFFFFFFu);
  EXPECT_EQ(pattern_of(T("float64"), Q(0), true), 0x8000000000000000u);
  EXPECT_EQ(pattern_of(T("float32"), Q(1)), 0x3F800000u);
  EXPECT_EQ(pattern_of(T("int64"), -P2(63)), 0x8000000000000000u);
  EXPECT_EQ(pattern_of(T("uint64"), P2(64) - 1), ~0ull);
  EXPECT_EQ(pattern_of(T("int2"), Q(-1)), 0x3u);
  // No negative zero in integers and fnuz: the request for -0 gives the only zero.
  EXPECT_EQ(pattern_of(T("int8"), Q(0), true), 0x0u);
  EXPECT_EQ(pattern_of(T("float8_e4m3fnuz"), Q(0), true), 0x0u);
}

// ---------------------------------------------------------------------------------------------
// Helpers: power_of_two and compare_values.

TEST(SlowArithmetic, PowerOfTwoAndCompare) {
  EXPECT_EQ(P2(0), Q(1));
  EXPECT_EQ(P2(10), Q(1024));
  EXPECT_EQ(P2(-3), Q(1, 8));
  EXPECT_EQ(compare_values(Q(1, 3), Q(1, 2)), -1);
  EXPECT_EQ(compare_values(Q(1, 2), Q(1, 3)), 1);
  EXPECT_EQ(compare_values(Q(-1, 2), Q(-1, 3)), -1);  // -0.5 < -0.333...
  EXPECT_EQ(compare_values(Q(2, 4), Q(1, 2)), 0);
  EXPECT_EQ(compare_values(Q(0), Q(-1, 1000)), 1);
  EXPECT_EQ(compare_values(Q(0), Q(0)), 0);
  EXPECT_EQ(compare_values(-P2(-1074), P2(-1074)), -1);
  EXPECT_EQ(compare_values(P2(1023), P2(1023) - P2(-1074)), 1);
}

// ---------------------------------------------------------------------------------------------
// round_to_grid: every rounding mode on ties and non-ties.

struct GridCase {
  const char* type;
  Rational x;
  Rational ne, na, tz, tp, tn;  // expected per mode
};

TEST(SlowRoundToGrid, AllModes) {
  const std::vector<GridCase> cases = {
      // Integers (grid: all integers).
      {"int8", Q(5, 2), Q(2), Q(3), Q(2), Q(3), Q(2)},         // tie 2|3: even is 2
      {"int8", Q(7, 2), Q(4), Q(4), Q(3), Q(4), Q(3)},         // tie 3|4: even is 4
      {"int8", Q(-5, 2), Q(-2), Q(-3), Q(-2), Q(-2), Q(-3)},   // tie -2|-3
      {"int8", Q(9, 4), Q(2), Q(2), Q(2), Q(3), Q(2)},         // 2.25: nearer 2
      {"int8", Q(-11, 4), Q(-3), Q(-3), Q(-2), Q(-2), Q(-3)},  // -2.75: nearer -3
      // readings.md:34: 127.6 nearest-even is 128 (then out of range), towards-zero 127.
      {"int8", Q(1276, 10), Q(128), Q(128), Q(127), Q(128), Q(127)},
      // float8_e4m3 in [1, 2): quantum 2^(0-3) = 1/8.
      // 17/16 is a tie 1 (m=0, even) | 9/8 (m=1, odd).
      {"float8_e4m3", Q(17, 16), Q(1), Q(9, 8), Q(1), Q(9, 8), Q(1)},
      // 19/16 is a tie 9/8 (m=1, odd) | 5/4 (m=2, even).
      {"float8_e4m3", Q(19, 16), Q(5, 4), Q(5, 4), Q(9, 8), Q(5, 4), Q(9, 8)},
      {"float8_e4m3", Q(-19, 16), Q(-5, 4), Q(-5, 4), Q(-9, 8), Q(-9, 8), Q(-5, 4)},
      // 33/32 is a quarter quantum above 1: not a tie.
      {"float8_e4m3", Q(33, 32), Q(1), Q(1), Q(1), Q(9, 8), Q(1)},
      // 31/16 is a tie 15/8 (m=7, odd) | 2 (next binade, m=0): rounds into the next binade.
      {"float8_e4m3", Q(31, 16), Q(2), Q(2), Q(15, 8), Q(2), Q(15, 8)},
      // Subnormal quantum of float8_e4m3: 2^(1-7-3) = 2^-9. 2^-10 is a tie 0 | 2^-9.
      {"float8_e4m3", P2(-10), Q(0), P2(-9), Q(0), P2(-9), Q(0)},
      // 3 * 2^-10 is a tie 2^-9 (n=1, odd) | 2^-8 (n=2, even).
      {"float8_e4m3", Q(3) * P2(-10), P2(-8), P2(-8), P2(-9), P2(-8), P2(-9)},
      // Far below the subnormals: 2^-20 is nearer 0 than 2^-9.
      {"float8_e4m3", P2(-20), Q(0), Q(0), Q(0), P2(-9), Q(0)},
      // The exponent is unbounded above: 1000 in [512, 1024) has quantum 2^(9-3) = 64;
      // 1000/64 = 15.625, so the neighbours are 960 and 1024 (both above 240).
      {"float8_e4m3", Q(1000), Q(1024), Q(1024), Q(960), Q(1024), Q(960)},
      // 0.1 into float32: in [2^-4, 2^-3), quantum 2^(-4-23) = 2^-27; 0.1 * 2^27 = 13421772.8.
      {"float32", Q(1, 10), Q(13421773) * P2(-27), Q(13421773) * P2(-27), Q(13421772) * P2(-27),
       Q(13421773) * P2(-27), Q(13421772) * P2(-27)},
      // e8m0fnu: the grid is the powers of two. 2.9 is nearer 2, 3.1 nearer 4 (tie at 3).
      {"float8_e8m0fnu", Q(29, 10), Q(2), Q(2), Q(2), Q(4), Q(2)},
      {"float8_e8m0fnu", Q(31, 10), Q(4), Q(4), Q(2), Q(4), Q(2)},
      // ... unbounded below: 2^-200 is on the grid.
      {"float8_e8m0fnu", P2(-200), P2(-200), P2(-200), P2(-200), P2(-200), P2(-200)},
  };
  for (const GridCase& c : cases) {
    const DataType& type = T(c.type);
    EXPECT_EQ(round_to_grid(type, c.x, kNE), c.ne) << c.type << " " << c.x;
    EXPECT_EQ(round_to_grid(type, c.x, kNA), c.na) << c.type << " " << c.x;
    EXPECT_EQ(round_to_grid(type, c.x, kTZ), c.tz) << c.type << " " << c.x;
    EXPECT_EQ(round_to_grid(type, c.x, kTP), c.tp) << c.type << " " << c.x;
    EXPECT_EQ(round_to_grid(type, c.x, kTN), c.tn) << c.type << " " << c.x;
  }
}

TEST(SlowRoundToGrid, E8M0Tie) {
  // procedure.md step 4: 3 = 3 * 2^0 is a tie between 2 and 4. Default: up in magnitude (4).
  // even-exponent: 2 has biased exponent 128 (even), 4 has 129.
  const DataType& e8m0 = T("float8_e8m0fnu");
  EXPECT_EQ(round_to_grid(e8m0, Q(3), kNE), Q(4));
  EXPECT_EQ(round_to_grid(e8m0, Q(3), kNE, alt(Flag::E8M0Tie, kE8M0TieEvenExponent)), Q(2));
  // 6 is a tie between 4 (biased 129) and 8 (biased 130): both readings give 8.
  EXPECT_EQ(round_to_grid(e8m0, Q(6), kNE), Q(8));
  EXPECT_EQ(round_to_grid(e8m0, Q(6), kNE, alt(Flag::E8M0Tie, kE8M0TieEvenExponent)), Q(8));
  // nearest-away is not affected by the flag.
  EXPECT_EQ(round_to_grid(e8m0, Q(3), kNA, alt(Flag::E8M0Tie, kE8M0TieEvenExponent)), Q(4));
  // Below 2^-127 the grid goes on: 3 * 2^-130 is a tie 2^-129 (biased -2, even) | 2^-128.
  EXPECT_EQ(round_to_grid(e8m0, Q(3) * P2(-130), kNE), P2(-128));
  EXPECT_EQ(round_to_grid(e8m0, Q(3) * P2(-130), kNE, alt(Flag::E8M0Tie, kE8M0TieEvenExponent)),
            P2(-129));
}

// The same modes through cast_value, with float16 inputs and int8 / float8_e4m3 outputs.
TEST(SlowCastRounding, ModesOnTiesAndNonTies) {
  struct Case {
    const char* out;
    std::uint64_t in;  // float16
    std::uint64_t ne, na, tz, tp, tn;
  };
  const std::vector<Case> cases = {
      // float16 2.5 = 1.25 * 2^1: e=16, m=256 -> 0x4100. int8 2 = 0x02, 3 = 0x03.
      {"int8", 0x4100, 0x02, 0x03, 0x02, 0x03, 0x02},
      // -2.5 = 0xC100; -2 = 0xFE, -3 = 0xFD.
      {"int8", 0xC100, 0xFE, 0xFD, 0xFE, 0xFE, 0xFD},
      // 3.5 = 1.75 * 2: m=768 -> 0x4300; tie 3|4 -> even 4.
      {"int8", 0x4300, 0x04, 0x04, 0x03, 0x04, 0x03},
      // 2.25 = 1.125 * 2: m=128 -> 0x4080.
      {"int8", 0x4080, 0x02, 0x02, 0x02, 0x03, 0x02},
      // -2.75 = -1.375 * 2: m=384 -> 0xC180.
      {"int8", 0xC180, 0xFD, 0xFD, 0xFE, 0xFE, 0xFD},
      // 17/16: e=15, m=64 -> 0x3C40. e4m3: 1 = 0x38, 9/8 = 0x39.
      {"float8_e4m3", 0x3C40, 0x38, 0x39, 0x38, 0x39, 0x38},
      // 19/16: m=192 -> 0x3CC0. 5/4 = 0x3A.
      {"float8_e4m3", 0x3CC0, 0x3A, 0x3A, 0x39, 0x3A, 0x39},
      // -19/16 = 0xBCC0.
      {"float8_e4m3", 0xBCC0, 0xBA, 0xBA, 0xB9, 0xB9, 0xBA},
      // 33/32: m=32 -> 0x3C20.
      {"float8_e4m3", 0x3C20, 0x38, 0x38, 0x38, 0x39, 0x38},
      // 31/16: m=960 -> 0x3FC0. 15/8 = 0x3F, 2 = e=8 -> 0x40.
      {"float8_e4m3", 0x3FC0, 0x40, 0x40, 0x3F, 0x40, 0x3F},
      // 2^-10: e=5 -> 0x1400. Tie 0 | 2^-9 (0x01).
      {"float8_e4m3", 0x1400, 0x00, 0x01, 0x00, 0x01, 0x00},
      // -2^-10 = 0x9400: zero results keep the sign (RoundedNegativeZero default): -0 = 0x80.
      {"float8_e4m3", 0x9400, 0x80, 0x81, 0x80, 0x80, 0x81},
      // 3 * 2^-10 = 1.5 * 2^-9: e=6, m=512 -> 0x1A00. Tie 2^-9 (0x01) | 2^-8 (0x02).
      {"float8_e4m3", 0x1A00, 0x02, 0x02, 0x01, 0x02, 0x01},
  };
  for (const Case& c : cases) {
    EXPECT_TRUE(Bits(cast("float16", c.out, c.in, kNE), c.ne)) << std::hex << c.in;
    EXPECT_TRUE(Bits(cast("float16", c.out, c.in, kNA), c.na)) << std::hex << c.in;
    EXPECT_TRUE(Bits(cast("float16", c.out, c.in, kTZ), c.tz)) << std::hex << c.in;
    EXPECT_TRUE(Bits(cast("float16", c.out, c.in, kTP), c.tp)) << std::hex << c.in;
    EXPECT_TRUE(Bits(cast("float16", c.out, c.in, kTN), c.tn)) << std::hex << c.in;
  }
}

TEST(SlowCastRounding, IntegerToFloat) {
  // cast_value.md:61: rounding applies to integer -> float casts "e.g. int64 to float32".
  // int32 2^24 + 1 = 0x01000001 into float32 (24 significant bits): quantum 2^(24-23) = 2;
  // (2^24 + 1) / 2 = 2^23 + 1/2, a tie: n = 2^23 is even -> 2^24 (e=151 -> 0x4B800000).
  EXPECT_TRUE(Bits(cast("int32", "float32", 0x01000001, kNE), 0x4B800000));
  EXPECT_TRUE(Bits(cast("int32", "float32", 0x01000001, kTP), 0x4B800001));  // 2^24 + 2
  // uint64 2^64 - 1: quantum 2^(63-23) = 2^40; just below 2^64, nearer 2^64 (e=191 ->
  // 0x5F800000); towards-zero gives (2^24 - 1) * 2^40 (e=190, m all ones -> 0x5F7FFFFF).
  EXPECT_TRUE(Bits(cast("uint64", "float32", ~0ull, kNE), 0x5F800000));
  EXPECT_TRUE(Bits(cast("uint64", "float32", ~0ull, kTZ), 0x5F7FFFFF));
  // int64 -2^63 is exact in float32: sign, e = 127 + 63 = 190 -> 0xDF000000.
  const CastResult min = cast("int64", "float32", 0x8000000000000000, kNE);
  EXPECT_TRUE(Bits(min, 0xDF000000));
  EXPECT_EQ(min.step, CastStep::Exact);
}

// ---------------------------------------------------------------------------------------------
// The spec's worked examples.

TEST(SlowCastSpec, Float128ToInt8) {
  // cast_value.md:88-91: 128.0 to int8 -> absent: fail; clamp: 127; wrap: -128.
  // float64 128.0 = 2^7: e = 1023 + 7 = 0x406 -> 0x4060000000000000.
  constexpr std::uint64_t k128 = 0x4060000000000000;
  EXPECT_TRUE(Fails(cast("float64", "int8", k128, kNE, kAbsent), CastError::OutOfRange));
  EXPECT_TRUE(Bits(cast("float64", "int8", k128, kNE, kClamp), 0x7F));
  EXPECT_TRUE(Bits(cast("float64", "int8", k128, kNE, kWrap), 0x80));
  const CastResult clamped = cast("float64", "int8", k128, kNE, kClamp);
  EXPECT_EQ(clamped.range, RangeAction::Clamped);
}

TEST(SlowCastSpec, Int16Wrap) {
  // cast_value.md:93-96: int16 wrap: 32768 -> -32768, 32769 -> -32767, -32769 -> 32767.
  EXPECT_TRUE(Bits(cast("int32", "int16", 0x00008000, kNE, kWrap), 0x8000));  // -32768
  EXPECT_TRUE(Bits(cast("int32", "int16", 0x00008001, kNE, kWrap), 0x8001));  // -32767
  EXPECT_TRUE(Bits(cast("int32", "int16", 0xFFFF7FFF, kNE, kWrap), 0x7FFF));  // 32767
  // The same from float64: 32768 = 2^15 (e = 0x40E); 32769 = (1 + 2^-15) * 2^15, m = 2^37.
  EXPECT_TRUE(Bits(cast("float64", "int16", 0x40E0000000000000, kNE, kWrap), 0x8000));
  EXPECT_TRUE(Bits(cast("float64", "int16", 0x40E0002000000000, kNE, kWrap), 0x8001));
  EXPECT_TRUE(Bits(cast("float64", "int16", 0xC0E0002000000000, kNE, kWrap), 0x7FFF));
}

TEST(SlowCastSpec, ExactlyRepresentable) {
  // cast_value.md:17: "0 in uint16 maps to 0 in uint8".
  const CastResult r = cast("uint16", "uint8", 0);
  EXPECT_TRUE(Bits(r, 0));
  EXPECT_EQ(r.step, CastStep::Exact);
  // uint16 255 -> uint8 255, exact; 256 is out of range.
  EXPECT_TRUE(Bits(cast("uint16", "uint8", 255), 0xFF));
  EXPECT_TRUE(Fails(cast("uint16", "uint8", 256), CastError::OutOfRange));
}

TEST(SlowCastSpec, Rounding1276) {
  // readings.md:34-35: 127.6 to int8 under nearest-even is out of range, towards-zero 127.
  // float16 has quantum 2^(6-10) = 1/16 in [64, 128): the nearest to 127.6 is 2042/16 = 127.625,
  // e = 6 + 15 = 21, m = (127.625/64 - 1) * 1024 = 1018 = 0x3FA -> 0x57FA.
  EXPECT_EQ(val("float16", 0x57FA), Q(1021, 8));
  EXPECT_TRUE(Fails(cast("float16", "int8", 0x57FA, kNE), CastError::OutOfRange));
  EXPECT_TRUE(Bits(cast("float16", "int8", 0x57FA, kNE, kClamp), 0x7F));
  EXPECT_TRUE(Bits(cast("float16", "int8", 0x57FA, kNE, kWrap), 0x80));  // 128 wraps to -128
  const CastResult tz = cast("float16", "int8", 0x57FA, kTZ);
  EXPECT_TRUE(Bits(tz, 0x7F));
  EXPECT_EQ(tz.step, CastStep::Rounded);
}

TEST(SlowCastSpec, NumPyExample) {
  // cast_value.md:119-142: float64 -> uint8, towards-zero, wrap, NaN/+-Infinity mapped to 0.
  const std::vector<ScalarMapEntry> map = {
      {0x7FF8000000000000, 0},  // "NaN"
      {0x7FF0000000000000, 0},  // "Infinity"
      {0xFFF0000000000000, 0},  // "-Infinity"
  };
  const auto numpy = [&](std::uint64_t bits) {
    return cast("float64", "uint8", bits, kTZ, kWrap, kDefault, map);
  };
  EXPECT_TRUE(Bits(numpy(0x7FF8000000000000), 0));
  EXPECT_TRUE(Bits(numpy(0x7FF0000000000000), 0));
  EXPECT_TRUE(Bits(numpy(0xFFF0000000000000), 0));
  EXPECT_EQ(numpy(0xFFF0000000000000).map_entry, 2);
  // Another NaN (sign set, other payload) matches the "NaN" key (MapNaNPayload default).
  EXPECT_TRUE(Bits(numpy(0xFFF8000000000123), 0));
  // 300.5 = 1.173828125 * 2^8: e = 0x407, m = 89 * 2^43 -> 0x4072C80000000000.
  // Towards zero 300, wraps to 300 - 256 = 44.
  EXPECT_TRUE(Bits(numpy(0x4072C80000000000), 44));
  // -1.5 = 0xBFF8000000000000: towards zero -1, wraps to 255.
  EXPECT_TRUE(Bits(numpy(0xBFF8000000000000), 255));
}

// ---------------------------------------------------------------------------------------------
// Special values.

TEST(SlowCastSpecial, NaN) {
  // procedure.md step 2: NaN into a type with NaN gives its canonical NaN, payload dropped.
  EXPECT_TRUE(Bits(cast("float32", "float16", 0x7FC00001), 0x7E00));
  EXPECT_TRUE(Bits(cast("float32", "bfloat16", 0xFFC00000), 0x7FC0));  // bfloat16.md:29
  EXPECT_TRUE(Bits(cast("float16", "float8_e4m3", 0x7E00), 0x7C));     // float8_e4m3.md:25
  EXPECT_TRUE(Bits(cast("float16", "float8_e5m2", 0x7E00), 0x7E));     // float8_e5m2.md:25
  EXPECT_TRUE(Bits(cast("float16", "float8_e3m4", 0x7E00), 0x78));     // float8_e3m4.md:25
  EXPECT_TRUE(Bits(cast("float16", "float64", 0xFE01), 0x7FF8000000000000));
  // cast_value.md:27: NaN into a type without NaN must error.
  EXPECT_TRUE(Fails(cast("float32", "int8", 0x7FC00000), CastError::NaNNotRepresentable));
  EXPECT_TRUE(Fails(cast("float32", "float4_e2m1fn", 0x7FC00000, kNE, kClamp),
                    CastError::NaNNotRepresentable));
  EXPECT_TRUE(
      Fails(cast("float32", "uint8", 0x7FC00000, kNE, kWrap), CastError::NaNNotRepresentable));
  EXPECT_EQ(cast("float32", "int8", 0x7FC00000).step, CastStep::NaN);
  // fnuz NaN into float32.
  EXPECT_TRUE(Bits(cast("float8_e4m3fnuz", "float32", 0x80), 0x7FC00000));
}

TEST(SlowCastSpecial, Infinity) {
  EXPECT_TRUE(Bits(cast("float32", "float16", 0xFF800000), 0xFC00));
  EXPECT_TRUE(Bits(cast("float32", "float8_e5m2", 0x7F800000), 0x7C));
  EXPECT_TRUE(Bits(cast("float16", "float64", 0xFC00), 0xFFF0000000000000));
  // cast_value.md:27: +-Infinity into a type without infinities errors, whatever out_of_range.
  for (OutOfRange oor : {kAbsent, kClamp, kWrap}) {
    EXPECT_TRUE(
        Fails(cast("float32", "int8", 0x7F800000, kNE, oor), CastError::InfinityNotRepresentable));
    EXPECT_TRUE(
        Fails(cast("float32", "uint8", 0xFF800000, kNE, oor), CastError::InfinityNotRepresentable));
  }
  EXPECT_TRUE(Fails(cast("float32", "float8_e4m3fnuz", 0x7F800000, kNE, kClamp),
                    CastError::InfinityNotRepresentable));
  EXPECT_TRUE(Fails(cast("float32", "float6_e3m2fn", 0xFF800000, kNE, kClamp),
                    CastError::InfinityNotRepresentable));
  EXPECT_TRUE(Fails(cast("float32", "float8_e8m0fnu", 0x7F800000, kNE, kClamp),
                    CastError::InfinityNotRepresentable));
}

TEST(SlowCastSpecial, SignedZero) {
  // cast_value.md:25: "Signed zero MUST be preserved."
  EXPECT_TRUE(Bits(cast("float32", "float16", 0x80000000), 0x8000));
  EXPECT_TRUE(Bits(cast("float32", "bfloat16", 0x80000000), 0x8000));
  EXPECT_TRUE(Bits(cast("float32", "float4_e2m1fn", 0x80000000), 0x8));
  EXPECT_TRUE(Bits(cast("float32", "float6_e2m3fn", 0x80000000), 0x20));
  EXPECT_TRUE(Bits(cast("float16", "float64", 0x0000), 0x0));
  // -0 into a type without -0 (NegZeroNoSign default): +0.
  EXPECT_TRUE(Bits(cast("float32", "int8", 0x80000000), 0x00));
  EXPECT_TRUE(Bits(cast("float32", "float8_e4m3fnuz", 0x80000000), 0x00));
  // Integer 0 into float: +0.
  EXPECT_TRUE(Bits(cast("int8", "float32", 0x00), 0x0));
}

// ---------------------------------------------------------------------------------------------
// out_of_range.

TEST(SlowCastRange, ClampAndWrapIntegers) {
  // float64 -200 = -1.5625 * 2^7: e = 0x406, m = 9 * 2^48 -> 0xC069000000000000.
  EXPECT_TRUE(Bits(cast("float64", "int8", 0xC069000000000000, kNE, kClamp), 0x80));  // -128
  EXPECT_TRUE(Bits(cast("float64", "int8", 0xC069000000000000, kNE, kWrap), 0x38));   // -200+256=56
  // int8 -5 (0xFB) into uint8: clamp gives the minimum 0; wrap gives -5 + 256 = 251.
  EXPECT_TRUE(Bits(cast("int8", "uint8", 0xFB, kNE, kClamp), 0x00));
  EXPECT_TRUE(Bits(cast("int8", "uint8", 0xFB, kNE, kWrap), 0xFB));
  EXPECT_TRUE(Fails(cast("int8", "uint8", 0xFB), CastError::OutOfRange));
  // int64 -2^63 into int8: -2^63 is a multiple of 256, wraps to 0; clamps to -128.
  EXPECT_TRUE(Bits(cast("int64", "int8", 0x8000000000000000, kNE, kWrap), 0x00));
  EXPECT_TRUE(Bits(cast("int64", "int8", 0x8000000000000000, kNE, kClamp), 0x80));
  // uint64 2^64 - 1 into int64: wraps to -1, clamps to 2^63 - 1.
  EXPECT_TRUE(Bits(cast("uint64", "int64", ~0ull, kNE, kWrap), ~0ull));
  EXPECT_TRUE(Bits(cast("uint64", "int64", ~0ull, kNE, kClamp), 0x7FFFFFFFFFFFFFFF));
  // Sub-byte outputs sit in the low bits. int8 2 -> int2 wrap: 2 - 4 = -2 = 0b10.
  EXPECT_TRUE(Bits(cast("int8", "int2", 0x02, kNE, kWrap), 0x2));
  // int8 -3 -> int2 wrap: -3 + 4 = 1.
  EXPECT_TRUE(Bits(cast("int8", "int2", 0xFD, kNE, kWrap), 0x1));
  // int8 -1 -> uint2 wrap: 3; -> uint4 clamp: 0; int8 100 -> int4 clamp: 7.
  EXPECT_TRUE(Bits(cast("int8", "uint2", 0xFF, kNE, kWrap), 0x3));
  EXPECT_TRUE(Bits(cast("int8", "uint4", 0xFF, kNE, kClamp), 0x0));
  EXPECT_TRUE(Bits(cast("int8", "int4", 100, kNE, kClamp), 0x7));
  EXPECT_EQ(cast("int8", "int4", 100, kNE, kWrap).range, RangeAction::Wrapped);
}

TEST(SlowCastRange, Floats) {
  // float32 -6 = -1.5 * 2^2: e = 129 -> 0xC0C00000. float4_e2m1fn -6 = 0xF (low bits).
  EXPECT_TRUE(Bits(cast("float32", "float4_e2m1fn", 0xC0C00000), 0xF));
  // float16 1000 = 1.953125 * 2^9: e = 24, m = 976 -> 0x63D0. Into e4m3fnuz (max 240, no inf).
  EXPECT_TRUE(Fails(cast("float16", "float8_e4m3fnuz", 0x63D0), CastError::OutOfRange));
  EXPECT_TRUE(Bits(cast("float16", "float8_e4m3fnuz", 0x63D0, kNE, kClamp), 0x7F));
  EXPECT_TRUE(Bits(cast("float16", "float8_e4m3fnuz", 0xE3D0, kNE, kClamp), 0xFF));
  // Into float8_e4m3 (has infinity): clamp gives +-Infinity (cast_value.md:83).
  EXPECT_TRUE(Bits(cast("float16", "float8_e4m3", 0x63D0, kNE, kClamp), 0x78));
  EXPECT_TRUE(Bits(cast("float16", "float8_e4m3", 0xE3D0, kNE, kClamp), 0xF8));
  // float16 65504 into float8_e5m2 (max 57344): quantum 2^(15-2) = 8192; 65504 / 8192 = 7.996
  // rounds to 8 * 8192 = 65536, beyond 57344: clamp gives +Infinity. Towards zero: 7 * 8192.
  EXPECT_TRUE(Bits(cast("float16", "float8_e5m2", 0x7BFF, kNE, kClamp), 0x7C));
  EXPECT_TRUE(Fails(cast("float16", "float8_e5m2", 0x7BFF, kNE), CastError::OutOfRange));
  EXPECT_TRUE(Bits(cast("float16", "float8_e5m2", 0x7BFF, kTZ), 0x7B));
  // float32 max as float64: e = 0x47E, m = 2^52 - 2^29 -> 0x47EFFFFFE0000000: exact.
  EXPECT_TRUE(Bits(cast("float64", "float32", 0x47EFFFFFE0000000), 0x7F7FFFFF));
  // Half an ulp (2^103) above it, m = 2^52 - 2^28 -> 0x47EFFFFFF0000000: a tie between
  // max (odd significand) and 2^128 -> 2^128, out of range. Towards zero: max, in range.
  EXPECT_TRUE(Fails(cast("float64", "float32", 0x47EFFFFFF0000000), CastError::OutOfRange));
  EXPECT_TRUE(Bits(cast("float64", "float32", 0x47EFFFFFF0000000, kNE, kClamp), 0x7F800000));
  EXPECT_TRUE(Bits(cast("float64", "float32", 0x47EFFFFFF0000000, kTZ), 0x7F7FFFFF));
  // e8m0fnu above 2^127: float32 2^128 does not exist, use float64 2^128 (e = 0x47F).
  EXPECT_TRUE(Fails(cast("float64", "float8_e8m0fnu", 0x47F0000000000000), CastError::OutOfRange));
  EXPECT_TRUE(Bits(cast("float64", "float8_e8m0fnu", 0x47F0000000000000, kNE, kClamp), 0xFE));
}

// ---------------------------------------------------------------------------------------------
// scalar_map.

TEST(SlowCastScalarMap, FirstEntryWinsAndIsFinal) {
  // float32 1.0 = 0x3F800000. Two entries with the same key: the first wins (cast_value.md:111).
  const std::vector<ScalarMapEntry> map = {{0x3F800000, 7}, {0x3F800000, 9}};
  const CastResult r = cast("float32", "int8", 0x3F800000, kNE, kAbsent, kDefault, map);
  EXPECT_TRUE(Bits(r, 7));
  EXPECT_EQ(r.step, CastStep::ScalarMap);
  EXPECT_EQ(r.map_entry, 0);
  // Mapped before any representability check: 1000 (0x447A0000) would be out of range in int8.
  EXPECT_TRUE(
      Bits(cast("float32", "int8", 0x447A0000, kNE, kAbsent, kDefault, {{0x447A0000, 5}}), 5));
  // The mapped output is final: the e4m3 pattern 0x7C (a NaN) is not re-processed.
  EXPECT_TRUE(
      Bits(cast("float32", "float8_e4m3", 0x3F800000, kNE, kAbsent, kDefault, {{0x3F800000, 0x7C}}),
           0x7C));
  // Keys that do not match leave the cast to the normal rules.
  EXPECT_TRUE(Bits(cast("float32", "int8", 0x40000000, kNE, kAbsent, kDefault, map), 2));
}

TEST(SlowCastScalarMap, KeysMatchByValue) {
  // Integer keys: int16 300 (0x012C) mapped, 301 not.
  const std::vector<ScalarMapEntry> map = {{0x012C, 7}};
  EXPECT_TRUE(Bits(cast("int16", "int8", 0x012C, kNE, kAbsent, kDefault, map), 7));
  EXPECT_TRUE(
      Fails(cast("int16", "int8", 0x012D, kNE, kAbsent, kDefault, map), CastError::OutOfRange));
  // An Infinity key matches +Infinity only.
  const std::vector<ScalarMapEntry> inf = {{0x7F800000, 0x7F}};
  EXPECT_TRUE(Bits(cast("float32", "int8", 0x7F800000, kNE, kAbsent, kDefault, inf), 0x7F));
  EXPECT_TRUE(Fails(cast("float32", "int8", 0xFF800000, kNE, kAbsent, kDefault, inf),
                    CastError::InfinityNotRepresentable));
  // A NaN key does not match a number, a number key does not match NaN.
  const std::vector<ScalarMapEntry> nan = {{0x7FC00000, 1}};
  EXPECT_TRUE(Bits(cast("float32", "int8", 0x00000000, kNE, kAbsent, kDefault, nan), 0));
  const std::vector<ScalarMapEntry> zero = {{0x00000000, 1}};
  EXPECT_TRUE(Fails(cast("float32", "int8", 0x7FC00000, kNE, kAbsent, kDefault, zero),
                    CastError::NaNNotRepresentable));
}

// ---------------------------------------------------------------------------------------------
// Reading flags: each at its default and at each alternative (procedure.md).

TEST(SlowCastReadings, MapSignedZero) {
  // Key +0 (float64 0x0) -> 5. Input -0 (0x8000000000000000).
  const std::vector<ScalarMapEntry> plus = {{0x0, 5}};
  EXPECT_TRUE(Bits(cast("float64", "int8", 0x8000000000000000, kNE, kAbsent, kDefault, plus), 5));
  // bits-only: no match; -0 into int8 is then +0 (NegZeroNoSign default).
  EXPECT_TRUE(Bits(cast("float64", "int8", 0x8000000000000000, kNE, kAbsent,
                        alt(Flag::MapSignedZero, kMapSignedZeroBitsOnly), plus),
                   0));
  // Key -0 and input +0, into float16: default matches; bits-only keeps +0 (0x0000).
  const std::vector<ScalarMapEntry> minus = {{0x8000000000000000, 0x3C00}};
  EXPECT_TRUE(Bits(cast("float64", "float16", 0x0, kNE, kAbsent, kDefault, minus), 0x3C00));
  EXPECT_TRUE(Bits(cast("float64", "float16", 0x0, kNE, kAbsent,
                        alt(Flag::MapSignedZero, kMapSignedZeroBitsOnly), minus),
                   0x0000));
  // Same-sign zero matches under both readings.
  EXPECT_TRUE(Bits(cast("float64", "float16", 0x0, kNE, kAbsent,
                        alt(Flag::MapSignedZero, kMapSignedZeroBitsOnly), plus),
                   5));
}

TEST(SlowCastReadings, MapNaNPayload) {
  // Key float64 "NaN" (0x7FF8000000000000), input a negative NaN with payload 1.
  const std::vector<ScalarMapEntry> map = {{0x7FF8000000000000, 3}};
  EXPECT_TRUE(Bits(cast("float64", "int8", 0xFFF8000000000001, kNE, kAbsent, kDefault, map), 3));
  const Readings identical = alt(Flag::MapNaNPayload, kMapNaNPayloadIdentical);
  EXPECT_TRUE(Fails(cast("float64", "int8", 0xFFF8000000000001, kNE, kAbsent, identical, map),
                    CastError::NaNNotRepresentable));
  EXPECT_TRUE(Bits(cast("float64", "int8", 0x7FF8000000000000, kNE, kAbsent, identical, map), 3));
}

TEST(SlowCastReadings, InfClamp) {
  const Readings to_max = alt(Flag::InfClamp, kInfClampToMax);
  // float32 +Infinity into int8 under clamp: default error, alternative 127.
  EXPECT_TRUE(
      Fails(cast("float32", "int8", 0x7F800000, kNE, kClamp), CastError::InfinityNotRepresentable));
  EXPECT_TRUE(Bits(cast("float32", "int8", 0x7F800000, kNE, kClamp, to_max), 0x7F));
  EXPECT_TRUE(Bits(cast("float32", "int8", 0xFF800000, kNE, kClamp, to_max), 0x80));   // -128
  EXPECT_TRUE(Bits(cast("float32", "uint8", 0xFF800000, kNE, kClamp, to_max), 0x00));  // 0
  EXPECT_TRUE(Bits(cast("float32", "float8_e4m3fnuz", 0x7F800000, kNE, kClamp, to_max), 0x7F));
  EXPECT_TRUE(Bits(cast("float32", "float8_e4m3fnuz", 0xFF800000, kNE, kClamp, to_max), 0xFF));
  EXPECT_TRUE(Bits(cast("float32", "float4_e2m1fn", 0xFF800000, kNE, kClamp, to_max), 0xF));
  EXPECT_TRUE(Bits(cast("float32", "float8_e8m0fnu", 0x7F800000, kNE, kClamp, to_max), 0xFE));
  EXPECT_TRUE(Bits(cast("float32", "float8_e8m0fnu", 0xFF800000, kNE, kClamp, to_max), 0x00));
  // "under clamp only": absent and wrap still error.
  EXPECT_TRUE(Fails(cast("float32", "int8", 0x7F800000, kNE, kWrap, to_max),
                    CastError::InfinityNotRepresentable));
  EXPECT_TRUE(Fails(cast("float32", "int8", 0x7F800000, kNE, kAbsent, to_max),
                    CastError::InfinityNotRepresentable));
}

TEST(SlowCastReadings, NaNNonIEEE) {
  const Readings error = alt(Flag::NaNNonIEEE, kNaNNonIEEEError);
  // fnuz NaN is 0x80 (float8_e4m3fnuz.md:29), e8m0fnu NaN is 0xFF (float8_e8m0fnu.md:29).
  EXPECT_TRUE(Bits(cast("float32", "float8_e4m3fnuz", 0x7FC00000), 0x80));
  EXPECT_TRUE(Bits(cast("float32", "float8_e5m2fnuz", 0x7FC00000), 0x80));
  EXPECT_TRUE(Bits(cast("float32", "float8_e4m3b11fnuz", 0x7FC00000), 0x80));
  EXPECT_TRUE(Bits(cast("float32", "float8_e8m0fnu", 0x7FC00000), 0xFF));
  EXPECT_TRUE(Fails(cast("float32", "float8_e4m3fnuz", 0x7FC00000, kNE, kAbsent, error),
                    CastError::NaNNotRepresentable));
  EXPECT_TRUE(Fails(cast("float32", "float8_e8m0fnu", 0x7FC00000, kNE, kClamp, error),
                    CastError::NaNNotRepresentable));
  // IEEE targets are not affected.
  EXPECT_TRUE(Bits(cast("float32", "float16", 0x7FC00000, kNE, kAbsent, error), 0x7E00));
}

TEST(SlowCastReadings, DirectedOverflow) {
  const Readings ieee = alt(Flag::DirectedOverflow, kDirectedOverflowIEEE);
  // float16 1000 (0x63D0) into float8_e4m3 (max 240 = 0x77) towards zero: on the unbounded grid
  // 1000 -> 960 (quantum 64), beyond 240: default out of range; ieee-overflow gives 240.
  EXPECT_TRUE(Fails(cast("float16", "float8_e4m3", 0x63D0, kTZ), CastError::OutOfRange));
  EXPECT_TRUE(Bits(cast("float16", "float8_e4m3", 0x63D0, kTZ, kClamp), 0x78));  // +Infinity
  EXPECT_TRUE(Bits(cast("float16", "float8_e4m3", 0x63D0, kTZ, kAbsent, ieee), 0x77));
  EXPECT_TRUE(Bits(cast("float16", "float8_e4m3", 0x63D0, kTZ, kClamp, ieee), 0x77));
  // towards-negative rounds 1000 towards zero too; towards-positive does not.
  EXPECT_TRUE(Bits(cast("float16", "float8_e4m3", 0x63D0, kTN, kAbsent, ieee), 0x77));
  EXPECT_TRUE(
      Fails(cast("float16", "float8_e4m3", 0x63D0, kTP, kAbsent, ieee), CastError::OutOfRange));
  // -1000 (0xE3D0): towards-positive is towards zero -> -240 (0xF7); towards-negative is not.
  EXPECT_TRUE(Bits(cast("float16", "float8_e4m3", 0xE3D0, kTP, kAbsent, ieee), 0xF7));
  EXPECT_TRUE(
      Fails(cast("float16", "float8_e4m3", 0xE3D0, kTN, kAbsent, ieee), CastError::OutOfRange));
  // Nearest modes are not affected.
  EXPECT_TRUE(
      Fails(cast("float16", "float8_e4m3", 0x63D0, kNE, kAbsent, ieee), CastError::OutOfRange));
  // readings.md:16 example, "1e300 float64 to float32, towards-zero": use float64 max.
  EXPECT_TRUE(Fails(cast("float64", "float32", 0x7FEFFFFFFFFFFFFF, kTZ), CastError::OutOfRange));
  EXPECT_TRUE(Bits(cast("float64", "float32", 0x7FEFFFFFFFFFFFFF, kTZ, kAbsent, ieee), 0x7F7FFFFF));
  // Integer outputs are not affected.
  EXPECT_TRUE(Fails(cast("float16", "int8", 0x63D0, kTZ, kAbsent, ieee), CastError::OutOfRange));
}

TEST(SlowCastReadings, E8M0Tie) {
  // float32 3.0 = 1.5 * 2: e = 128 -> 0x40400000. Tie between 2 (0x80) and 4 (0x81).
  const Readings even = alt(Flag::E8M0Tie, kE8M0TieEvenExponent);
  EXPECT_TRUE(Bits(cast("float32", "float8_e8m0fnu", 0x40400000), 0x81));
  EXPECT_TRUE(Bits(cast("float32", "float8_e8m0fnu", 0x40400000, kNE, kAbsent, even), 0x80));
  // float32 6.0 (0x40C00000): tie 4 (biased 129) | 8 (biased 130, 0x82): 8 under both.
  EXPECT_TRUE(Bits(cast("float32", "float8_e8m0fnu", 0x40C00000), 0x82));
  EXPECT_TRUE(Bits(cast("float32", "float8_e8m0fnu", 0x40C00000, kNE, kAbsent, even), 0x82));
}

TEST(SlowCastReadings, E8M0Low) {
  const Readings up = alt(Flag::E8M0Low, kE8M0LowRoundUpToMin);
  const Readings nan = alt(Flag::E8M0Low, kE8M0LowNaN);
  // float32 2^-149 (0x00000001) is on the unbounded e8m0 grid, below 2^-127.
  EXPECT_TRUE(Fails(cast("float32", "float8_e8m0fnu", 0x1), CastError::OutOfRange));
  EXPECT_TRUE(Bits(cast("float32", "float8_e8m0fnu", 0x1, kNE, kClamp), 0x00));  // 2^-127
  EXPECT_TRUE(Bits(cast("float32", "float8_e8m0fnu", 0x1, kNE, kAbsent, up), 0x00));
  EXPECT_TRUE(Bits(cast("float32", "float8_e8m0fnu", 0x1, kNE, kAbsent, nan), 0xFF));
  // The NaN is the range step's (out of range), not a clamp: under every out_of_range rule.
  for (OutOfRange rule : {kAbsent, kClamp, kWrap})
    EXPECT_EQ(cast("float32", "float8_e8m0fnu", 0x1, kNE, rule, nan).range, RangeAction::ToNaN);
  // Zero (float32 +0 and -0): out of range under default and round-up-to-min; NaN under nan.
  for (std::uint64_t zero : {0x00000000ull, 0x80000000ull}) {
    EXPECT_TRUE(Fails(cast("float32", "float8_e8m0fnu", zero), CastError::OutOfRange));
    EXPECT_TRUE(
        Fails(cast("float32", "float8_e8m0fnu", zero, kNE, kAbsent, up), CastError::OutOfRange));
    EXPECT_TRUE(Bits(cast("float32", "float8_e8m0fnu", zero, kNE, kClamp), 0x00));
    EXPECT_TRUE(Bits(cast("float32", "float8_e8m0fnu", zero, kNE, kAbsent, nan), 0xFF));
  }
  // float32 -1 (0xBF800000): negative, likewise.
  EXPECT_TRUE(Fails(cast("float32", "float8_e8m0fnu", 0xBF800000), CastError::OutOfRange));
  EXPECT_TRUE(Fails(cast("float32", "float8_e8m0fnu", 0xBF800000, kNE, kAbsent, up),
                    CastError::OutOfRange));
  EXPECT_TRUE(Bits(cast("float32", "float8_e8m0fnu", 0xBF800000, kNE, kClamp), 0x00));
  EXPECT_TRUE(Bits(cast("float32", "float8_e8m0fnu", 0xBF800000, kNE, kAbsent, nan), 0xFF));
  // 2^-127 itself is in range under every reading: float64 e = 1023 - 127 = 896 = 0x380.
  for (const Readings& r : {kDefault, up, nan})
    EXPECT_TRUE(Bits(cast("float64", "float8_e8m0fnu", 0x3800000000000000, kNE, kAbsent, r), 0x00));
}

TEST(SlowCastReadings, NegZeroNoSign) {
  const Readings error = alt(Flag::NegZeroNoSign, kNegZeroNoSignError);
  // float32 -0 (0x80000000) into int8 and e4m3fnuz: default +0, alternative error (whatever
  // out_of_range says).
  EXPECT_TRUE(Bits(cast("float32", "int8", 0x80000000), 0x00));
  EXPECT_TRUE(Fails(cast("float32", "int8", 0x80000000, kNE, kClamp, error),
                    CastError::NegativeZeroNotRepresentable));
  EXPECT_TRUE(Bits(cast("float32", "float8_e4m3fnuz", 0x80000000), 0x00));
  EXPECT_TRUE(Fails(cast("float32", "float8_e4m3fnuz", 0x80000000, kNE, kWrap, error),
                    CastError::NegativeZeroNotRepresentable));
  // Types with -0 are not affected.
  EXPECT_TRUE(Bits(cast("float32", "float16", 0x80000000, kNE, kAbsent, error), 0x8000));
  // +0 is not affected.
  EXPECT_TRUE(Bits(cast("float32", "uint8", 0x00000000, kNE, kAbsent, error), 0x00));
}

TEST(SlowCastReadings, RoundedNegativeZero) {
  const Readings positive = alt(Flag::RoundedNegativeZero, kRoundedNegativeZeroPositive);
  // float32 -0.125 (e = 124 -> 0xBE000000) into float4_e2m1fn (smallest subnormal 0.5):
  // nearer 0 than -0.5, so it rounds to zero: -0 (0x8) by default, +0 under the alternative.
  EXPECT_TRUE(Bits(cast("float32", "float4_e2m1fn", 0xBE000000), 0x8));
  EXPECT_TRUE(Bits(cast("float32", "float4_e2m1fn", 0xBE000000, kNE, kAbsent, positive), 0x0));
  // Types without -0 give +0 anyway: int8 and e4m3fnuz (smallest subnormal 2^-10).
  EXPECT_TRUE(Bits(cast("float32", "int8", 0xBE000000), 0x00));
  EXPECT_TRUE(Bits(cast("float32", "float8_e4m3fnuz", 0x80000001), 0x00));  // -2^-149
  // A positive value rounding to zero gives +0 under both.
  EXPECT_TRUE(Bits(cast("float32", "float4_e2m1fn", 0x3E000000, kNE, kAbsent, positive), 0x0));
  EXPECT_TRUE(Bits(cast("float32", "float4_e2m1fn", 0x3E000000), 0x0));
}

TEST(SlowCastReadings, DecodeWrapFloat) {
  const Readings as_clamp = alt(Flag::DecodeWrapFloat, kDecodeWrapFloatClamp);
  // readings.md:22 example: int32 data_type, float16 array, value 100000 (0x000186A0), decoded
  // with wrap. 100000 in [2^16, 2^17): quantum 2^(16-10) = 64, 100000/64 = 1562.5, a tie to the
  // even 1562 -> 99968 > 65504: out of range. Default error; alternative clamp -> +Infinity.
  EXPECT_TRUE(Fails(cast("int32", "float16", 0x000186A0, kNE, kWrap), CastError::WrapUndefined));
  EXPECT_TRUE(Bits(cast("int32", "float16", 0x000186A0, kNE, kWrap, as_clamp), 0x7C00));
  // -100000 = 0xFFFE7960 -> -Infinity; into e4m3fnuz (no infinity) -> -240 (0xFF).
  EXPECT_TRUE(Bits(cast("int32", "float16", 0xFFFE7960, kNE, kWrap, as_clamp), 0xFC00));
  EXPECT_TRUE(Bits(cast("int32", "float8_e4m3fnuz", 0xFFFE7960, kNE, kWrap, as_clamp), 0xFF));
  // In-range values are not affected by wrap.
  EXPECT_TRUE(Bits(cast("int32", "float16", 0x00000001, kNE, kWrap), 0x3C00));
}

// ---------------------------------------------------------------------------------------------
// Properties over every pattern of the 8-bit (and smaller) types.

TEST(SlowCastProperties, IdentityCast) {
  // Casting a type to itself changes nothing, except that NaNs become the canonical NaN.
  for (const DataType& type : all_data_types()) {
    if (type.bits > 8) continue;
    CastRule rule{&type, &type, kNE, kAbsent, {}};
    for (std::uint64_t bits = 0; bits <= type.bit_mask(); ++bits) {
      const CastResult r = slow::cast_value(rule, bits);
      const bool nan = value_of(type, bits).kind == RationalValue::Kind::NaN;
      EXPECT_TRUE(Bits(r, nan ? type.canonical_nan() : bits)) << type.name << " " << bits;
    }
  }
}

TEST(SlowCastProperties, DirectedModesBracketNearest) {
  // For every finite float8_e5m2 value cast to each smaller float type: the towards-negative
  // result <= x <= the towards-positive result, and nearest-even is one of the two.
  const DataType& in = T("float8_e5m2");
  for (const char* out_name : {"float4_e2m1fn", "float6_e2m3fn", "float6_e3m2fn", "float8_e3m4",
                               "float8_e4m3", "float8_e4m3fnuz", "float8_e4m3b11fnuz"}) {
    const DataType& out = T(out_name);
    for (std::uint64_t bits = 0; bits <= 0xFF; ++bits) {
      const RationalValue x = value_of(in, bits);
      if (x.kind != RationalValue::Kind::Finite || x.value == 0) continue;
      const auto at = [&](Rounding mode) {
        const CastResult r = slow::cast_value(CastRule{&in, &out, mode, kAbsent, {}}, bits);
        return r.ok() ? std::optional<Rational>(value_of(out, r.bits).value) : std::nullopt;
      };
      const auto down = at(kTN), up = at(kTP), near = at(kNE);
      if (down) {
        EXPECT_LE(*down, x.value) << out_name << " " << bits;
      }
      if (up) {
        EXPECT_GE(*up, x.value) << out_name << " " << bits;
      }
      if (down && up && near) {
        EXPECT_TRUE(*near == *down || *near == *up) << out_name << " " << bits;
      }
    }
  }
}

}  // namespace
}  // namespace cvc::slow::slow_oracle_test
