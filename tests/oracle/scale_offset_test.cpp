// scale_offset (the scale_offset spec, docs/specs.md) on hand-derived cases, against both oracles:
// the spec's examples (line numbers cited), integer range and division, each reading's alternative,
// signed zeros, infinities and float8_e8m0fnu. Every expected pattern is derived by hand in a
// comment; none is copied from a run.
#include "oracle/scale_offset.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>

#include "oracle/slow/slow_scale_offset.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::scale_offset_test {
namespace {

using Function = ScaleOffsetResult (*)(const ScaleOffsetCodec&, std::uint64_t, const Readings&);
using Op = ScaleOffsetOperation;
using Error = ScaleOffsetError;
constexpr std::optional<std::uint64_t> kAbsent = std::nullopt;

struct Oracle {
  const char* name;
  Function encode;
  Function decode;
};

class ScaleOffset : public testing::TestWithParam<Oracle> {
 protected:
  static ScaleOffsetCodec codec(std::string_view type, std::optional<std::uint64_t> offset,
                                std::optional<std::uint64_t> scale) {
    return ScaleOffsetCodec{&data_type(type), offset, scale};
  }
  ScaleOffsetResult encode(const ScaleOffsetCodec& c, std::uint64_t in, const Readings& r = {}) {
    return GetParam().encode(c, in, r);
  }
  ScaleOffsetResult decode(const ScaleOffsetCodec& c, std::uint64_t in, const Readings& r = {}) {
    return GetParam().decode(c, in, r);
  }
  static void expect_bits(const ScaleOffsetResult& result, std::uint64_t bits) {
    ASSERT_TRUE(result.ok()) << scale_offset_error_name(result.error) << " at "
                             << scale_offset_operation_name(result.operation);
    EXPECT_EQ(result.bits, bits) << std::hex << "got 0x" << result.bits << " want 0x" << bits;
  }
  static void expect_error(const ScaleOffsetResult& result, Error error, Op operation) {
    EXPECT_FALSE(result.ok()) << std::hex << "got bits 0x" << result.bits;
    EXPECT_EQ(scale_offset_error_name(result.error), scale_offset_error_name(error));
    EXPECT_EQ(scale_offset_operation_name(result.operation),
              scale_offset_operation_name(operation));
  }
};

const Readings kIEEE = Readings{}.with(Flag::ScaleOffsetNonFinite, kScaleOffsetNonFiniteIEEE);

// ---- The spec's examples ---------------------------------------------------------------------

// Lines 93-113: "a uint16 array with values in the range [1000, 1255] is shifted down by 1000 so
// that values fall in the range [0, 255]".
TEST_P(ScaleOffset, Uint16RangeReduction) {
  const ScaleOffsetCodec c = codec("uint16", 1000, kAbsent);
  expect_bits(encode(c, 1000), 0);
  expect_bits(encode(c, 1255), 255);
  expect_bits(decode(c, 0), 1000);
  expect_bits(decode(c, 255), 1255);
  // Line 47: a value below the offset has no uint16 result: "MUST treat this as an error".
  expect_error(encode(c, 999), Error::NotRepresentable, Op::Subtract);
  // 65535 + 1000 is beyond uint16.
  expect_error(decode(c, 65535), Error::NotRepresentable, Op::Add);
}

// Lines 240-276: float32, scale 0.1 (0x3DCCCCCD), offset 10 (0x41200000): "a fill_value of 10.0
// and values from the range [10.0, 100.0] into ... values in the range [0, 10]".
TEST_P(ScaleOffset, ConversionExampleFloat32) {
  const ScaleOffsetCodec c = codec("float32", 0x41200000, 0x3DCCCCCD);
  expect_bits(encode(c, 0x41200000), 0x00000000);  // (10 - 10) * 0.1 = +0
  // (100 - 10) * 0.1f = 90 * 0.100000001490116... = 9.00000013411..., within half an ulp (2^-21)
  // of 9.0 = 0x41100000: inside [0, 10], as line 276 says.
  expect_bits(encode(c, 0x42C80000), 0x41100000);
}

// Lines 118-147: float64, offset -10 (0xC024000000000000), scale 0.1 (0x3FB999999999999A): "maps
// values from [0.0, 2540.0] to [1.0, 255.0]"; the NaN fill value passes to cast_value.
TEST_P(ScaleOffset, Float64NaNPreservationExample) {
  const ScaleOffsetCodec c = codec("float64", 0xC024000000000000, 0x3FB999999999999A);
  // (0 + 10) * 0.1 = 1.0000000000000000555..., below 1 + 2^-53: 1.0 (0x3FF0000000000000).
  expect_bits(encode(c, 0), 0x3FF0000000000000);
  // (2540 + 10) * 0.1 = 255.0000000000000141553..., below 255 + 2^-46 (half an ulp): 255.0.
  expect_bits(encode(c, 0x40A3D80000000000), 0x406FE00000000000);
  // NaN (and a NaN with another payload) gives the canonical NaN, in both directions.
  expect_bits(encode(c, 0x7FF8000000000000), 0x7FF8000000000000);
  expect_bits(encode(c, 0x7FF0000000000001), 0x7FF8000000000000);
  expect_bits(decode(c, 0xFFF8000000000000), 0x7FF8000000000000);
}

// Line 35: "If neither scale nor offset are specified ... the codec is effectively a no-op": every
// pattern comes back as it is, a NaN's payload too.
TEST_P(ScaleOffset, NoOperandsIsTheIdentity) {
  const ScaleOffsetCodec c = codec("float16", kAbsent, kAbsent);
  for (const std::uint64_t bits : {0x0000u, 0x8000u, 0x7C01u, 0xFFFFu, 0x3C00u}) {
    expect_bits(encode(c, bits), bits);
    expect_bits(decode(c, bits), bits);
  }
}

// The case of ChainFillRoundTrip (docs/readings.md): float32, scale 0.1f = 13421773 * 2^-27.
// 13 * 0.1f = 174483049 * 2^-27 = 10905190.5625 * 2^-23, nearest 10905191 * 2^-23 = 1.30000007
// (0x3FA66667). Back: 10905191 * 16 / 13421773 = 13 + 7 / 13421773 = 13 + 5.2e-7, above half the
// quantum 2^-20 of [8, 16) (4.8e-7): 13 + 2^-20 (0x41500001), not 13 (0x41500000).
TEST_P(ScaleOffset, Float32RoundTripCanLoseTheValue) {
  const ScaleOffsetCodec c = codec("float32", kAbsent, 0x3DCCCCCD);
  expect_bits(encode(c, 0x41500000), 0x3FA66667);
  expect_bits(decode(c, 0x3FA66667), 0x41500001);
}

// ---- Integers: exact and in range, or an error (line 47) --------------------------------------

TEST_P(ScaleOffset, IntegerOverflowAndUnderflow) {
  const ScaleOffsetCodec c = codec("int8", 0xFF /* -1 */, 0x02);
  expect_bits(encode(c, 0x05), 0x0C);                                    // (5 + 1) * 2 = 12
  expect_error(encode(c, 0x7F), Error::NotRepresentable, Op::Subtract);  // 127 + 1 = 128
  expect_error(encode(c, 0x3F), Error::NotRepresentable, Op::Multiply);  // 64 * 2 = 128
  expect_bits(encode(c, 0xBF), 0x80);  // (-65 + 1) * 2 = -128, the smallest int8
  expect_error(encode(c, 0xBE), Error::NotRepresentable, Op::Multiply);  // -65 * 2 = -130
  expect_error(encode(codec("int8", 1, kAbsent), 0x80), Error::NotRepresentable,
               Op::Subtract);  // -128 - 1
  expect_error(encode(codec("uint8", 10, kAbsent), 5), Error::NotRepresentable, Op::Subtract);
  // uint64: (2^64 - 1) * 2 needs 65 bits.
  expect_error(encode(codec("uint64", kAbsent, 2), ~0ull), Error::NotRepresentable, Op::Multiply);
  // int64: -2^63 / -1 = 2^63 is beyond int64.
  expect_error(decode(codec("int64", kAbsent, ~0ull), 1ull << 63), Error::NotRepresentable,
               Op::Divide);
}

TEST_P(ScaleOffset, IntegerDivisionExactAndRemainder) {
  const ScaleOffsetCodec c = codec("int8", kAbsent, 4);
  expect_bits(decode(c, 8), 2);
  expect_bits(decode(c, 0xF8), 0xFE);  // -8 / 4 = -2
  expect_error(decode(c, 9), Error::InexactDivision, Op::Divide);
  const Readings truncate =
      Readings{}.with(Flag::ScaleOffsetIntegerDivision, kScaleOffsetIntegerDivisionTruncate);
  const Readings floor =
      Readings{}.with(Flag::ScaleOffsetIntegerDivision, kScaleOffsetIntegerDivisionFloor);
  expect_bits(decode(c, 9, truncate), 2);        // 2.25 towards zero
  expect_bits(decode(c, 9, floor), 2);           // 2.25 down
  expect_bits(decode(c, 0xF7, truncate), 0xFE);  // -9 / 4 = -2.25: -2 towards zero
  expect_bits(decode(c, 0xF7, floor), 0xFD);     // -3 down
  expect_bits(decode(c, 0xFF, truncate), 0x00);  // -0.25 towards zero: 0
  // Division by zero (a scale 0 configuration is refused unless ScaleZero=valid): no number.
  expect_error(decode(codec("int8", kAbsent, 0), 5), Error::InvalidOperation, Op::Divide);
  expect_error(decode(codec("int8", kAbsent, 0), 5, kIEEE), Error::InvalidOperation, Op::Divide);
  // Encode multiplies: scale 0 gives 0.
  expect_bits(encode(codec("int8", kAbsent, 0), 5), 0);
}

// ---- ScaleOffsetNonFinite ----------------------------------------------------------------------

TEST_P(ScaleOffset, OverflowByType) {
  // float16: 65504 (0x7BFF, the largest) * 2 (0x4000) = 131008, beyond it.
  const ScaleOffsetCodec f16 = codec("float16", kAbsent, 0x4000);
  expect_error(encode(f16, 0x7BFF), Error::NotRepresentable, Op::Multiply);
  expect_bits(encode(f16, 0x7BFF, kIEEE), 0x7C00);  // +Infinity
  expect_bits(encode(f16, 0xFBFF, kIEEE), 0xFC00);  // -Infinity
  // float8_e4m3fnuz (bias 8, no infinity): 240 (0x7F) * 2 (0x48) = 480: its NaN 0x80 under ieee.
  const ScaleOffsetCodec fnuz = codec("float8_e4m3fnuz", kAbsent, 0x48);
  expect_error(encode(fnuz, 0x7F), Error::NotRepresentable, Op::Multiply);
  expect_bits(encode(fnuz, 0x7F, kIEEE), 0x80);
  // float4_e2m1fn (neither): 6 (0x7) * 2 (0x4) = 12: the error under both readings.
  const ScaleOffsetCodec fn = codec("float4_e2m1fn", kAbsent, 0x4);
  expect_error(encode(fn, 0x7), Error::NotRepresentable, Op::Multiply);
  expect_error(encode(fn, 0x7, kIEEE), Error::NotRepresentable, Op::Multiply);
}

TEST_P(ScaleOffset, NoNumberResults) {
  // float16 Infinity (0x7C00) * +0: no number; ieee gives the canonical NaN 0x7E00.
  const ScaleOffsetCodec times_zero = codec("float16", kAbsent, 0x0000);
  expect_error(encode(times_zero, 0x7C00), Error::InvalidOperation, Op::Multiply);
  expect_bits(encode(times_zero, 0x7C00, kIEEE), 0x7E00);
  expect_bits(encode(times_zero, 0x3C00), 0x0000);  // 1 * 0 = +0, a number
  // Infinity - Infinity.
  const ScaleOffsetCodec minus_inf = codec("float16", 0x7C00, kAbsent);
  expect_error(encode(minus_inf, 0x7C00), Error::InvalidOperation, Op::Subtract);
  expect_bits(encode(minus_inf, 0xFC00), 0xFC00);  // -Infinity - Infinity = -Infinity
  expect_bits(encode(minus_inf, 0x3C00), 0xFC00);  // 1 - Infinity = -Infinity
  // Division by zero: 1 / +0 and 1 / -0 are +-Infinity under ieee, 0 / 0 is NaN.
  const ScaleOffsetCodec by_zero = codec("float16", kAbsent, 0x0000);
  const ScaleOffsetCodec by_minus_zero = codec("float16", kAbsent, 0x8000);
  expect_error(decode(by_zero, 0x3C00), Error::InvalidOperation, Op::Divide);
  expect_bits(decode(by_zero, 0x3C00, kIEEE), 0x7C00);
  expect_bits(decode(by_minus_zero, 0x3C00, kIEEE), 0xFC00);
  expect_bits(decode(by_zero, 0x0000, kIEEE), 0x7E00);
  // Infinity / Infinity.
  expect_error(decode(codec("float16", kAbsent, 0x7C00), 0x7C00), Error::InvalidOperation,
               Op::Divide);
}

TEST_P(ScaleOffset, InfinityOperands) {
  const ScaleOffsetCodec c = codec("float16", 0x3C00 /* 1 */, 0xC000 /* -2 */);
  expect_bits(encode(c, 0x7C00), 0xFC00);  // (Infinity - 1) * -2 = -Infinity
  expect_bits(encode(c, 0xFC00), 0x7C00);
  expect_bits(decode(c, 0x7C00), 0xFC00);  // Infinity / -2 + 1 = -Infinity
  // 1 / Infinity = +0 (then + 1 = 1).
  expect_bits(decode(codec("float16", 0x3C00, 0x7C00), 0x3C00), 0x3C00);
}

// ---- Signed zeros (IEEE 754, round to nearest) -------------------------------------------------

TEST_P(ScaleOffset, SignedZeros) {
  expect_bits(encode(codec("float16", 0x0000, kAbsent), 0x8000), 0x8000);  // -0 - +0 = -0
  expect_bits(encode(codec("float16", 0x8000, kAbsent), 0x8000), 0x0000);  // -0 - -0 = +0
  expect_bits(encode(codec("float16", 0x3C00, kAbsent), 0x3C00), 0x0000);  // 1 - 1 = +0
  expect_bits(encode(codec("float16", 0xBC00, kAbsent), 0xBC00), 0x0000);  // -1 - -1 = +0
  expect_bits(encode(codec("float16", kAbsent, 0xC000), 0x0000), 0x8000);  // +0 * -2 = -0
  expect_bits(encode(codec("float16", 0x3C00, 0xC000), 0x3C00), 0x8000);   // (1 - 1) * -2 = -0
  expect_bits(decode(codec("float16", 0x8000, 0x4000), 0x8000), 0x8000);   // -0 / 2 + -0 = -0
  expect_bits(decode(codec("float16", 0x0000, 0x4000), 0x8000), 0x0000);   // -0 / 2 + +0 = +0
  // An underflow keeps the exact result's sign: +-2^-24 (0x0001, the smallest subnormal) * 0.25
  // (0x3400) = +-2^-26, below half the quantum 2^-24: +-0.
  const ScaleOffsetCodec quarter = codec("float16", kAbsent, 0x3400);
  expect_bits(encode(quarter, 0x0001), 0x0000);
  expect_bits(encode(quarter, 0x8001), 0x8000);
  // float8_e4m3fnuz has no -0 (0x80 is its NaN): +0 * -1 (0xC0) writes +0.
  expect_bits(encode(codec("float8_e4m3fnuz", kAbsent, 0xC0), 0x00), 0x00);
  // Integers: 0 * -1 = 0.
  expect_bits(encode(codec("int8", kAbsent, 0xFF), 0x00), 0x00);
}

// ---- float8_e8m0fnu: pattern p is 2^(p - 127); no zero, no sign, 0xFF is NaN -----------------

TEST_P(ScaleOffset, E8M0) {
  const ScaleOffsetCodec minus_one = codec("float8_e8m0fnu", 0x7F /* 1 */, kAbsent);
  expect_bits(encode(minus_one, 0x80), 0x7F);                                    // 2 - 1 = 1
  expect_error(encode(minus_one, 0x7F), Error::NotRepresentable, Op::Subtract);  // 1 - 1 = 0
  expect_error(encode(minus_one, 0x7E), Error::NotRepresentable, Op::Subtract);  // 0.5 - 1 < 0
  // 4 - 1 = 3 lies halfway between 2 (0x80) and 4 (0x81): E8M0Tie's default rounds up in
  // magnitude, its alternative even-exponent takes 0x80 (biased exponent 128, even).
  expect_bits(encode(minus_one, 0x81), 0x81);
  expect_bits(encode(minus_one, 0x81, Readings{}.with(Flag::E8M0Tie, kE8M0TieEvenExponent)), 0x80);
  // 2^127 (0xFE) * 2 = 2^128: beyond the largest; under ieee its NaN 0xFF.
  const ScaleOffsetCodec twice = codec("float8_e8m0fnu", kAbsent, 0x80);
  expect_error(encode(twice, 0xFE), Error::NotRepresentable, Op::Multiply);
  expect_bits(encode(twice, 0xFE, kIEEE), 0xFF);
  // 2^-127 (0x00) / 2 = 2^-128, below the smallest: not representable, under both readings.
  expect_error(decode(twice, 0x00), Error::NotRepresentable, Op::Divide);
  expect_error(decode(twice, 0x00, kIEEE), Error::NotRepresentable, Op::Divide);
  expect_bits(decode(codec("float8_e8m0fnu", kAbsent, 0x81), 0x7F), 0x7D);  // 1 / 4 = 2^-2
  expect_bits(encode(twice, 0xFF), 0xFF);                                   // NaN
}

// ---- ScaleOffsetRounding ------------------------------------------------------------------------

// float4_e2m1fn: 0.5 = 0x1, 1.5 = 0x3, 2 = 0x4, 3 = 0x5, 4 = 0x6. Encode 3 with offset 0.5 and
// scale 1.5: 3 - 0.5 = 2.5, a tie between 2 and 3 (quantum 1 in [2, 4)), to the even 2; 2 * 1.5 =
// 3 (0x5). Rounded once: 2.5 * 1.5 = 3.75, nearest 4 (0x6). float64-intermediate: 2.5 and 3.75
// are float64 values, and 3.75 rounds to 4 (0x6).
TEST_P(ScaleOffset, RoundingReadings) {
  const ScaleOffsetCodec c = codec("float4_e2m1fn", 0x1, 0x3);
  expect_bits(encode(c, 0x5), 0x5);
  expect_bits(encode(c, 0x5, Readings{}.with(Flag::ScaleOffsetRounding, kScaleOffsetRoundingOnce)),
              0x6);
  expect_bits(
      encode(c, 0x5,
             Readings{}.with(Flag::ScaleOffsetRounding, kScaleOffsetRoundingFloat64Intermediate)),
      0x6);
}

// round-once still checks the exact intermediate: float16 (65504 + 32) * 0.5 has the
// intermediate 65536, beyond 65504 (0x7BFF), although the final 32768 (0x7800) is not.
// offset -32 = 0xD000, scale 0.5 = 0x3800. float64-intermediate keeps 65536 in float64: 0x7800.
TEST_P(ScaleOffset, RoundOnceIntermediateRange) {
  const ScaleOffsetCodec c = codec("float16", 0xD000, 0x3800);
  expect_error(encode(c, 0x7BFF), Error::NotRepresentable, Op::Subtract);
  expect_error(
      encode(c, 0x7BFF, Readings{}.with(Flag::ScaleOffsetRounding, kScaleOffsetRoundingOnce)),
      Error::NotRepresentable, Op::Subtract);
  expect_bits(
      encode(c, 0x7BFF,
             Readings{}.with(Flag::ScaleOffsetRounding, kScaleOffsetRoundingFloat64Intermediate)),
      0x7800);
}

// For float64 arrays float64-intermediate is the default: the float64 example above.
TEST_P(ScaleOffset, Float64IntermediateOfFloat64IsTheDefault) {
  const ScaleOffsetCodec c = codec("float64", 0xC024000000000000, 0x3FB999999999999A);
  const Readings f64 =
      Readings{}.with(Flag::ScaleOffsetRounding, kScaleOffsetRoundingFloat64Intermediate);
  expect_bits(encode(c, 0, f64), 0x3FF0000000000000);
  expect_bits(encode(c, 0x40A3D80000000000, f64), 0x406FE00000000000);
}

INSTANTIATE_TEST_SUITE_P(BothOracles, ScaleOffset,
                         testing::Values(Oracle{"fast", &scale_offset_encode, &scale_offset_decode},
                                         Oracle{"slow", &slow::scale_offset_encode,
                                                &slow::scale_offset_decode}),
                         [](const testing::TestParamInfo<Oracle>& param_info) {
                           return std::string(param_info.param.name);
                         });

// The names, as the vectors spell them (oracle/scale_offset.hpp).
TEST(ScaleOffsetNames, ErrorsAndOperations) {
  EXPECT_EQ(scale_offset_error_name(Error::NotRepresentable), "not_representable");
  EXPECT_EQ(scale_offset_error_name(Error::InvalidOperation), "invalid_operation");
  EXPECT_EQ(scale_offset_error_name(Error::InexactDivision), "inexact_division");
  EXPECT_EQ(scale_offset_operation_name(Op::Subtract), "subtract");
  EXPECT_EQ(scale_offset_operation_name(Op::Multiply), "multiply");
  EXPECT_EQ(scale_offset_operation_name(Op::Divide), "divide");
  EXPECT_EQ(scale_offset_operation_name(Op::Add), "add");
}

}  // namespace
}  // namespace cvc::scale_offset_test
