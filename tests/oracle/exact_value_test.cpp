// The fast oracle's decoding of bit patterns (oracle/exact_value), checked on patterns whose
// meaning the data type definitions state.
#include "oracle/exact_value.hpp"

#include <gtest/gtest.h>

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::exact_value_test {
namespace {

TEST(DecodeExact, IEEENaNKeepsSignAndPayload) {
  // float16 0xfe01: sign 1, exponent 11111, mantissa 10 0000 0001 (a NaN, payload 0x201).
  const ExactValue nan = decode_exact(data_type("float16"), 0xfe01);
  EXPECT_TRUE(nan.is_nan());
  EXPECT_TRUE(nan.negative);
  EXPECT_EQ(nan.significand, 0x201u);
}

TEST(DecodeExact, InfinityHasNoPayload) {
  const ExactValue infinity = decode_exact(data_type("float32"), 0xff800000);
  EXPECT_TRUE(infinity.is_infinity());
  EXPECT_TRUE(infinity.negative);
  EXPECT_EQ(infinity.significand, 0u);
}

TEST(DecodeExact, SpecialEncodingsOfTheNonIEEETypes) {
  // float8_e4m3fnuz.md: NaN represented by 0b1000'0000; float8_e8m0fnu.md: NaN is 0b1111'1111
  // and 0b0000'0000 is 2^(0 - 127).
  EXPECT_TRUE(decode_exact(data_type("float8_e4m3fnuz"), 0x80).is_nan());
  EXPECT_TRUE(decode_exact(data_type("float8_e8m0fnu"), 0xff).is_nan());
  const ExactValue smallest = decode_exact(data_type("float8_e8m0fnu"), 0x00);
  EXPECT_EQ(smallest.significand, 1u);
  EXPECT_EQ(smallest.exponent, -127);
  // float4_e2m1fn.md: no NaN, no infinity: 0b0111 is finite (1.5 * 2^(3-1) = 6).
  const ExactValue six = decode_exact(data_type("float4_e2m1fn"), 0x7);
  EXPECT_EQ(six.kind, ExactValue::Kind::Finite);
  EXPECT_EQ(compare_magnitude(six.significand, six.exponent, 6, 0), 0);
}

TEST(DecodeExact, TwosComplementIntegers) {
  // int2.md: the range is [-2, 1]; pattern 0b10 is -2.
  const ExactValue minus_two = decode_exact(data_type("int2"), 0x2);
  EXPECT_TRUE(minus_two.negative);
  EXPECT_EQ(minus_two.significand, 2u);
  const ExactValue int64_min = decode_exact(data_type("int64"), 0x8000000000000000);
  EXPECT_TRUE(int64_min.negative);
  EXPECT_EQ(int64_min.significand, 0x8000000000000000u);
}

}  // namespace
}  // namespace cvc::exact_value_test
