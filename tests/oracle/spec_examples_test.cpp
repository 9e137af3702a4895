// The worked examples of the spec and of the readings table, checked against both oracles.
// Every expected pattern is derived by hand in a comment; none is copied from a run.
#include <gtest/gtest.h>

#include <string>

#include "oracle/cast.hpp"
#include "oracle/slow/slow_cast.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::spec_examples_test {
namespace {

using CastFunction = CastResult (*)(const CastRule&, std::uint64_t, const Readings&);

struct Oracle {
  const char* name;
  CastFunction cast;
};

class SpecExample : public testing::TestWithParam<Oracle> {
 protected:
  CastResult run(std::string_view from, std::string_view to, std::uint64_t bits,
                 OutOfRange out_of_range = OutOfRange::None,
                 Rounding rounding = Rounding::NearestEven, const Readings& readings = {}) {
    CastRule rule;
    rule.input = &data_type(from);
    rule.output = &data_type(to);
    rule.rounding = rounding;
    rule.out_of_range = out_of_range;
    return GetParam().cast(rule, bits, readings);
  }
  void expect_bits(const CastResult& result, std::uint64_t bits) {
    ASSERT_TRUE(result.ok()) << "error " << cast_error_name(result.error);
    EXPECT_EQ(result.bits, bits) << std::hex << "got 0x" << result.bits << " want 0x" << bits;
  }
  void expect_error(const CastResult& result, CastError error) {
    EXPECT_FALSE(result.ok()) << std::hex << "got bits 0x" << result.bits;
    EXPECT_EQ(cast_error_name(result.error), cast_error_name(error));
  }
};

// float64 128.0 = 0x4060000000000000 (exponent 7 + 1023 = 0x406, mantissa 0).
constexpr std::uint64_t kF64_128 = 0x4060000000000000;

// cast_value.md, out_of_range: "given an input scalar of 128.0 and an output data type of int8:
// If out_of_range is not set, the codec MUST fail."
TEST_P(SpecExample, OutOfRangeAbsentFails) {
  expect_error(run("float64", "int8", kF64_128), CastError::OutOfRange);
}
// "If out_of_range is "clamp", then the encoded scalar is 127." (0x7f)
TEST_P(SpecExample, OutOfRangeClamp) {
  expect_bits(run("float64", "int8", kF64_128, OutOfRange::Clamp), 0x7f);
}
// "If out_of_range is "wrap", then the encoded scalar is -128." (0x80 in two's complement)
TEST_P(SpecExample, OutOfRangeWrap) {
  expect_bits(run("float64", "int8", kF64_128, OutOfRange::Wrap), 0x80);
}
// cast_value.md: for int16, "32768 wraps to -32768" (0x8000), "32769 wraps to -32767" (0x8001),
// "-32769 wraps to 32767" (0x7fff). Inputs as int32 patterns.
TEST_P(SpecExample, Int16WrapExamples) {
  expect_bits(run("int32", "int16", 32768, OutOfRange::Wrap), 0x8000);
  expect_bits(run("int32", "int16", 32769, OutOfRange::Wrap), 0x8001);
  expect_bits(run("int32", "int16", 0xffff7fff /* -32769 */, OutOfRange::Wrap), 0x7fff);
}
// cast_value.md, step 2: "E.g., 0 in uint16 maps to 0 in uint8."
TEST_P(SpecExample, ZeroUint16ToUint8) {
  expect_bits(run("uint16", "uint8", 0), 0);
}

// readings.md, decided: "127.6 to int8 under nearest-even is out of range; under towards-zero it
// is 127". 127.6 as float64 is 0x405FE66666666666 (127.59999999999999431566...).
TEST_P(SpecExample, RoundingBeforeOutOfRange) {
  expect_error(run("float64", "int8", 0x405FE66666666666), CastError::OutOfRange);
  expect_bits(run("float64", "int8", 0x405FE66666666666, OutOfRange::None, Rounding::TowardsZero),
              0x7f);
}

// cast_value.md, Example (NumPy compatibility): float64 -> uint8, towards-zero, wrap, and
// scalar_map NaN / Infinity / -Infinity -> 0.
TEST_P(SpecExample, NumPyCompatibilityExample) {
  CastRule rule;
  rule.input = &data_type("float64");
  rule.output = &data_type("uint8");
  rule.rounding = Rounding::TowardsZero;
  rule.out_of_range = OutOfRange::Wrap;
  rule.scalar_map = {{0x7ff8000000000000, 0}, {0x7ff0000000000000, 0}, {0xfff0000000000000, 0}};
  const auto cast = [&](std::uint64_t bits) { return GetParam().cast(rule, bits, {}); };
  expect_bits(cast(0x7ff8000000000000), 0);  // "NaN" -> 0
  expect_bits(cast(0x7ff0000000000000), 0);  // "Infinity" -> 0
  expect_bits(cast(0xfff0000000000000), 0);  // "-Infinity" -> 0
  expect_bits(cast(0x7ff0000000000001), 0);  // another NaN matches the NaN key (MapNaNPayload)
  // 300.7 truncates to 300, and 300 mod 256 = 44. 300.7 = 0x4072CB3333333333.
  expect_bits(cast(0x4072CB3333333333), 44);
  // -1.5 truncates to -1, congruent to 255 modulo 256. -1.5 = 0xBFF8000000000000.
  expect_bits(cast(0xBFF8000000000000), 255);
}

// cast_value.md, special values: "NaN values MUST be propagated" between IEEE types; the NaN of
// float16 written by the oracle is the canonical 0x7e00 (sign 0, exponent 11111, mantissa MSB).
TEST_P(SpecExample, NaNPropagatesBetweenIEEETypes) {
  expect_bits(run("float32", "float16", 0x7fc00000), 0x7e00);
  expect_bits(run("float32", "float16", 0xffc00001),
              0x7e00);  // "payload preservation is not required"
}
// "Signed zero MUST be preserved." float32 -0.0 = 0x80000000, float16 -0.0 = 0x8000.
TEST_P(SpecExample, SignedZeroPreserved) {
  expect_bits(run("float32", "float16", 0x80000000), 0x8000);
}
// "If the output data type does not support NaN or transfinite values ... MUST error".
TEST_P(SpecExample, NaNIntoIntegerErrors) {
  expect_error(run("float32", "int32", 0x7fc00000), CastError::NaNNotRepresentable);
  expect_error(run("float32", "int32", 0x7fc00000, OutOfRange::Clamp),
               CastError::NaNNotRepresentable);
}
TEST_P(SpecExample, InfinityIntoFiniteTypeErrors) {
  // float4_e2m1fn: "no infinity, no NaN"; +Infinity float32 = 0x7f800000.
  expect_error(run("float32", "float4_e2m1fn", 0x7f800000), CastError::InfinityNotRepresentable);
  // InfClamp default: error even under clamp.
  expect_error(run("float32", "int8", 0x7f800000, OutOfRange::Clamp),
               CastError::InfinityNotRepresentable);
}
// clamp: "For output data types with representations of +-Infinity, values outside the finite
// range of the data type MUST be mapped to +-Infinity." float32 1e10 = 0x501502F9 is beyond
// float16's 65504; +Infinity in float16 is 0x7c00, -Infinity 0xfc00.
TEST_P(SpecExample, ClampToInfinityWhereTheTypeHasIt) {
  expect_bits(run("float32", "float16", 0x501502F9, OutOfRange::Clamp), 0x7c00);
  expect_bits(run("float32", "float16", 0xD01502F9, OutOfRange::Clamp), 0xfc00);
}
// rounding: the spec names int64 to float32 as a cast that rounds. 2^24 + 1 = 16777217 lies
// halfway between 16777216 (0x4b800000) and 16777218 (0x4b800001): nearest-even takes the even
// significand 0x4b800000, nearest-away and towards-positive take 0x4b800001.
TEST_P(SpecExample, Int64ToFloat32UsesTheRoundingMode) {
  expect_bits(run("int64", "float32", 16777217), 0x4b800000);
  expect_bits(run("int64", "float32", 16777217, OutOfRange::None, Rounding::NearestAway),
              0x4b800001);
  expect_bits(run("int64", "float32", 16777217, OutOfRange::None, Rounding::TowardsPositive),
              0x4b800001);
  expect_bits(run("int64", "float32", 16777217, OutOfRange::None, Rounding::TowardsZero),
              0x4b800000);
}

// Readings (readings.md), each default and alternative on one example.
TEST_P(SpecExample, ReadingE8M0Tie) {
  // 3.0 (float32 0x40400000) lies between 2 (0x80) and 4 (0x81) in e8m0 (pattern = exponent+127).
  expect_bits(run("float32", "float8_e8m0fnu", 0x40400000), 0x81);  // default: up in magnitude
  // even-exponent alternative: 128 is even, so 2 = 0x80.
  expect_bits(run("float32", "float8_e8m0fnu", 0x40400000, OutOfRange::None, Rounding::NearestEven,
                  Readings{}.with(Flag::E8M0Tie, kE8M0TieEvenExponent)),
              0x80);
}
TEST_P(SpecExample, ReadingE8M0Low) {
  // Zero into e8m0: out of range; clamp gives 2^-127 = pattern 0x00.
  expect_error(run("float32", "float8_e8m0fnu", 0), CastError::OutOfRange);
  expect_bits(run("float32", "float8_e8m0fnu", 0, OutOfRange::Clamp), 0x00);
  // 2^-128 (float32 0x00200000, a subnormal: 2^21 * 2^-149) rounds to itself, below 2^-127.
  expect_error(run("float32", "float8_e8m0fnu", 0x00200000), CastError::OutOfRange);
  expect_bits(run("float32", "float8_e8m0fnu", 0x00200000, OutOfRange::None, Rounding::NearestEven,
                  Readings{}.with(Flag::E8M0Low, kE8M0LowRoundUpToMin)),
              0x00);
  expect_bits(run("float32", "float8_e8m0fnu", 0x00200000, OutOfRange::None, Rounding::NearestEven,
                  Readings{}.with(Flag::E8M0Low, kE8M0LowNaN)),
              0xff);
  // Under nan zero is out of range too, and its NaN is the range step's, whatever out_of_range
  // says (docs/procedure.md, step 5): neither in range nor clamped.
  for (OutOfRange rule : {OutOfRange::None, OutOfRange::Clamp, OutOfRange::Wrap}) {
    const CastResult zero = run("float32", "float8_e8m0fnu", 0, rule, Rounding::NearestEven,
                                Readings{}.with(Flag::E8M0Low, kE8M0LowNaN));
    expect_bits(zero, 0xff);
    EXPECT_EQ(zero.range, RangeAction::ToNaN) << out_of_range_name(rule);
  }
}
TEST_P(SpecExample, ReadingNaNNonIEEE) {
  expect_bits(run("float32", "float8_e4m3fnuz", 0x7fc00000), 0x80);  // fnuz NaN is 0x80
  expect_error(run("float32", "float8_e4m3fnuz", 0x7fc00000, OutOfRange::None,
                   Rounding::NearestEven, Readings{}.with(Flag::NaNNonIEEE, kNaNNonIEEEError)),
               CastError::NaNNotRepresentable);
}
TEST_P(SpecExample, ReadingNegZeroNoSign) {
  expect_bits(run("float32", "int8", 0x80000000), 0);
  expect_bits(run("float32", "float8_e5m2fnuz", 0x80000000), 0);
  expect_error(run("float32", "int8", 0x80000000, OutOfRange::None, Rounding::NearestEven,
                   Readings{}.with(Flag::NegZeroNoSign, kNegZeroNoSignError)),
               CastError::NegativeZeroNotRepresentable);
}
TEST_P(SpecExample, ReadingRoundedNegativeZero) {
  // -2^-30 (float32 0xB0800000) is below half of float16's smallest subnormal 2^-24: rounds to 0.
  expect_bits(run("float32", "float16", 0xB0800000), 0x8000);
  expect_bits(run("float32", "float16", 0xB0800000, OutOfRange::None, Rounding::NearestEven,
                  Readings{}.with(Flag::RoundedNegativeZero, kRoundedNegativeZeroPositive)),
              0x0000);
}
TEST_P(SpecExample, ReadingDirectedOverflow) {
  // readings.md: "1e300 float64 to float32, towards-zero". 1e300 = 0x7E37E43C8800759C.
  expect_error(
      run("float64", "float32", 0x7E37E43C8800759C, OutOfRange::None, Rounding::TowardsZero),
      CastError::OutOfRange);
  // ieee-overflow: the largest finite float32, 0x7f7fffff.
  expect_bits(run("float64", "float32", 0x7E37E43C8800759C, OutOfRange::None, Rounding::TowardsZero,
                  Readings{}.with(Flag::DirectedOverflow, kDirectedOverflowIEEE)),
              0x7f7fffff);
}
TEST_P(SpecExample, ReadingInfClamp) {
  // clamp-to-max: +Infinity into int8 gives 127, -Infinity gives -128.
  const Readings alternative = Readings{}.with(Flag::InfClamp, kInfClampToMax);
  expect_bits(
      run("float32", "int8", 0x7f800000, OutOfRange::Clamp, Rounding::NearestEven, alternative),
      0x7f);
  expect_bits(
      run("float32", "int8", 0xff800000, OutOfRange::Clamp, Rounding::NearestEven, alternative),
      0x80);
}
TEST_P(SpecExample, ReadingDecodeWrapFloat) {
  // readings.md: int32 data_type, float16 array, value 100000, decoded with wrap.
  expect_error(run("int32", "float16", 100000, OutOfRange::Wrap), CastError::WrapUndefined);
  expect_bits(run("int32", "float16", 100000, OutOfRange::Wrap, Rounding::NearestEven,
                  Readings{}.with(Flag::DecodeWrapFloat, kDecodeWrapFloatClamp)),
              0x7c00);
}

// scalar_map: the first matching entry wins, and a mapped output is final.
TEST_P(SpecExample, ScalarMapFirstEntryWins) {
  CastRule rule;
  rule.input = &data_type("int8");
  rule.output = &data_type("uint8");
  rule.scalar_map = {{5, 50}, {5, 60}, {50, 7}};
  expect_bits(GetParam().cast(rule, 5, {}), 50);  // not 60 (later duplicate), not 7 (final)
}
TEST_P(SpecExample, ScalarMapSignedZeroKeys) {
  CastRule rule;
  rule.input = &data_type("float32");
  rule.output = &data_type("int8");
  rule.scalar_map = {{0x00000000, 9}};                    // key +0
  expect_bits(GetParam().cast(rule, 0x80000000, {}), 9);  // -0 matches by value
  expect_bits(GetParam().cast(rule, 0x80000000,
                              Readings{}.with(Flag::MapSignedZero, kMapSignedZeroBitsOnly)),
              0);  // bits-only: no match, -0 casts to +0 normally
}

INSTANTIATE_TEST_SUITE_P(BothOracles, SpecExample,
                         testing::Values(Oracle{"fast", &cast_value},
                                         Oracle{"slow", &slow::cast_value}),
                         [](const testing::TestParamInfo<Oracle>& param_info) {
                           return param_info.param.name;
                         });

}  // namespace
}  // namespace cvc::spec_examples_test
