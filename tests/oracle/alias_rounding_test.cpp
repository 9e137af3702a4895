// numcodecs.fixedscaleoffset's rounding step (reading FixedScaleOffsetRounding=round-to-integer,
// oracle/alias_rounding.hpp): hand-derived values against both oracles, the fast and the slow
// oracle agreeing on every pattern of the narrow floats and on boundary and seeded float32 and
// float64 patterns, and numcodecs' own fixture through the whole alias under each reading.
#include "oracle/alias_rounding.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "oracle/codec_chain.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/scalar_json.hpp"
#include "oracle/slow/slow_alias_rounding.hpp"
#include "oracle/slow/slow_element_oracle.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::alias_rounding_test {
namespace {

using Function = std::uint64_t (*)(const DataType&, std::uint64_t);

struct Oracle {
  const char* name;
  Function round;
};

std::uint64_t bits_of(std::string_view type, std::string_view json) {
  return parse_scalar(data_type(type), parse_json_exact(json));
}

class AliasRounding : public testing::TestWithParam<Oracle> {
 protected:
  // The rounding of the scalar `in` of `type` is the scalar `out` (both JSON texts).
  void expect(std::string_view type, std::string_view in, std::string_view out) {
    SCOPED_TRACE(std::string(type) + " " + std::string(in));
    EXPECT_EQ(GetParam().round(data_type(type), bits_of(type, in)), bits_of(type, out));
  }
};

// NumPy's around: to nearest, ties to even, the sign of a zero kept.
TEST_P(AliasRounding, NearestTiesToEven) {
  expect("float32", "2.5", "2.0");
  expect("float32", "3.5", "4.0");
  expect("float32", "-2.5", "-2.0");
  expect("float32", "2.4999998", "2.0");
  expect("float32", "1001.75", "1002.0");
  expect("float64", "1001001000.9864345", "1001001001.0");  // numcodecs' fixture, below
  expect("float16", "0.5", "0.0");
  expect("float16", "1.5", "2.0");
  expect("bfloat16", "-3.5", "-4.0");
}

TEST_P(AliasRounding, SignedZerosAndSpecials) {
  expect("float32", "-0.4", "-0.0");  // IEEE 754 roundToIntegralTiesToEven keeps the sign
  expect("float32", "-0.5", "-0.0");
  expect("float32", "0.3", "0.0");
  expect("float32", "-0.0", "-0.0");
  expect("float32", "\"NaN\"", "\"NaN\"");
  expect("float32", "\"-Infinity\"", "\"-Infinity\"");
  expect("float8_e4m3fnuz", "-0.375", "0.0");  // no -0 in a fnuz type: +0
  expect("float8_e4m3fnuz", "-0.625", "-1.0");
  expect("float16", "\"0x0001\"", "0.0");                         // the smallest subnormal
  expect("float64", "4503599627370497.0", "4503599627370497.0");  // 2^52 + 1: already integral
  expect("float16", "65504", "65504");                            // the largest finite value
  expect("int8", "-7", "-7");                                     // integers are unchanged
}

// float8_e8m0fnu has no zero: its values below 1 are kept (oracle/alias_rounding.hpp).
TEST_P(AliasRounding, E8M0KeepsWhatWouldRoundToZero) {
  expect("float8_e8m0fnu", "0.5", "0.5");
  expect("float8_e8m0fnu", "4.0", "4.0");
}

INSTANTIATE_TEST_SUITE_P(BothOracles, AliasRounding,
                         testing::Values(Oracle{"fast", &alias_round_to_integer},
                                         Oracle{"slow", &slow::alias_round_to_integer}),
                         [](const testing::TestParamInfo<Oracle>& param_info) {
                           return std::string(param_info.param.name);
                         });

// The two oracles share no code for it: equal on every pattern of every type of at most 16 bits,
// and on float32 and float64 patterns around the integers (the binades from 2^-2 to 2^60).
TEST(AliasRoundingAgreement, FastEqualsSlow) {
  for (const DataType& type : all_data_types()) {
    if (type.bits > 16) continue;
    for (std::uint64_t bits = 0; bits <= type.bit_mask(); ++bits)
      ASSERT_EQ(alias_round_to_integer(type, bits), slow::alias_round_to_integer(type, bits))
          << type.name << " " << bits;
  }
  for (const std::string_view name : {"float32", "float64"}) {
    const DataType& type = data_type(name);
    const int m = type.mantissa_bits;
    for (int exponent = -2; exponent <= 60; ++exponent) {
      const std::uint64_t biased = static_cast<std::uint64_t>(exponent + type.bias);
      for (const std::uint64_t low :
           {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{3},
            (std::uint64_t{1} << m) - 1, std::uint64_t{1} << (m - 1)})
        for (const std::uint64_t sign : {std::uint64_t{0}, type.sign_mask()}) {
          const std::uint64_t bits = sign | (biased << m) | (low & ((1ull << m) - 1));
          ASSERT_EQ(alias_round_to_integer(type, bits), slow::alias_round_to_integer(type, bits))
              << name << " " << bits;
        }
    }
  }
}

// numcodecs' fixture `fixture/fixedscaleoffset` (astype "<f8", offset 1000, scale 10^12) stores
// 1001001001.0 for the second element of linspace(1000, 1001, 1000), 1000 + 1/999; the conversion
// ("Conversion to scale_offset") gives (x - 1000) * 10^12 in float64 arithmetic,
// 1001001000.9864345. Through the whole alias, with both oracles' element functions.
TEST(AliasRoundingChain, NumcodecsFixtureUnderEachReading) {
  const DataType& float64 = data_type("float64");
  const ArrayChain chain = parse_array_chain(float64, parse_json_exact(R"([
      {"name": "numcodecs.fixedscaleoffset",
       "configuration": {"astype": "<f8", "dtype": "<f8", "scale": 1000000000000,
                         "offset": 1000}}])"));
  const std::uint64_t input = bits_of("float64", "1000.001001001001");
  const Readings rounding =
      Readings{}.with(Flag::FixedScaleOffsetRounding, kFixedScaleOffsetRoundingToInteger);
  for (const ElementOracle* oracle : {&fast_element_oracle(), &slow::slow_element_oracle()}) {
    EXPECT_EQ(encode_through(chain, input, {}, *oracle).bits,
              bits_of("float64", "1001001000.9864345"));
    EXPECT_EQ(encode_through(chain, input, rounding, *oracle).bits,
              bits_of("float64", "1001001001.0"));
    // Decoding does not round under either reading: 1001001001 / 10^12 + 1000.
    const std::uint64_t stored = bits_of("float64", "1001001001.0");
    EXPECT_EQ(decode_through(chain, stored, rounding, *oracle).bits,
              decode_through(chain, stored, {}, *oracle).bits);
  }
}

// An integral astype: cast_value already rounds to nearest, ties to even, so the reading changes
// nothing (the spec's conversion example, astype uint8, scale 0.1, offset 10: 15.0 -> 0.5 -> 0).
TEST(AliasRoundingChain, IntegralAstypeIsTheSameUnderBothReadings) {
  const DataType& float32 = data_type("float32");
  const ArrayChain chain = parse_array_chain(float32, parse_json_exact(R"([
      {"name": "numcodecs.fixedscaleoffset",
       "configuration": {"astype": "uint8", "dtype": "float32", "scale": 0.1, "offset": 10}}])"));
  const Readings rounding =
      Readings{}.with(Flag::FixedScaleOffsetRounding, kFixedScaleOffsetRoundingToInteger);
  for (std::uint64_t bits = 0; bits < (1u << 24); bits += 4099) {
    const ChainResult plain = encode_through(chain, bits << 8),
                      rounded = encode_through(chain, bits << 8, rounding);
    ASSERT_TRUE(plain.same_outcome(rounded)) << (bits << 8);
  }
}

}  // namespace
}  // namespace cvc::alias_rounding_test
