// What cvc chain explains with: trace_through (each step of one element, in the direction's
// order), array_element_chain (the steps through a shard), the slow scale_offset's account of
// each operation (slow::traced_scale_offset) and rational::decimal_text. Every expected value is
// derived by hand in a comment (float32 0.1 is 13421773 * 2^-27 = 0.100000001490116119384765625).
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "oracle/codec_chain.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/rational/decimal_text.hpp"
#include "oracle/scalar_json.hpp"
#include "oracle/slow/slow_scale_offset.hpp"

namespace cvc::chain_trace_test {
namespace {

using json = nlohmann::json;
using rational::decimal_text;
using rational::Rational;

// scale_offset.md's first example (offset 5, scale 0.1) followed by cast_value to int8.
ArrayChain spec_chain() {
  return parse_array_chain(data_type("float32"), parse_json_exact(R"([
      {"name": "scale_offset", "configuration": {"offset": 5, "scale": 0.1}},
      {"name": "cast_value", "configuration": {"data_type": "int8"}}])"));
}

std::uint64_t float32(std::string_view text) {
  return parse_scalar(data_type("float32"), parse_json_exact(text));
}

TEST(TraceThrough, EncodeFollowsTheStepsAndGivesEncodeThroughsResult) {
  const ArrayChain chain = spec_chain();
  for (std::string_view input : {"12.5", "-3.25", "1e10", "\"NaN\"", "0.5"}) {
    std::vector<TracedStep> trace;
    const ChainResult traced = trace_through(chain, Direction::Encode, float32(input), trace);
    EXPECT_TRUE(traced.same_outcome(encode_through(chain, float32(input)))) << input;
    ASSERT_FALSE(trace.empty()) << input;
    EXPECT_EQ(trace[0].step, 0u);
    EXPECT_EQ(trace[0].input, float32(input));
    if (trace.size() == 2) {  // what the first step gave reached the second
      EXPECT_EQ(trace[1].step, 1u);
      EXPECT_EQ(trace[1].input, trace[0].result.bits);
    }
  }
  // 12.5 - 5 = 7.5, 7.5 * 0.1 rounds to 0.75, which rounds to int8 1: two steps, both ok.
  std::vector<TracedStep> trace;
  EXPECT_EQ(trace_through(chain, Direction::Encode, float32("12.5"), trace).bits, 1u);
  EXPECT_EQ(trace.size(), 2u);
}

TEST(TraceThrough, DecodeRunsTheStepsInReverse) {
  const ArrayChain chain = spec_chain();
  std::vector<TracedStep> trace;
  // int8 3 -> 3.0 (codecs[1] decodes first) -> 3.0 / 0.1 + 5 (codecs[0]).
  const ChainResult result = trace_through(chain, Direction::Decode, 3, trace);
  ASSERT_EQ(trace.size(), 2u);
  EXPECT_EQ(trace[0].step, 1u);
  EXPECT_EQ(trace[0].result.bits, float32("3.0"));
  EXPECT_EQ(trace[1].step, 0u);
  EXPECT_TRUE(result.same_outcome(decode_through(chain, 3)));
}

TEST(TraceThrough, EndsAtTheStepThatFails) {
  // uint16 offset 1000: 5 - 1000 is no uint16, so the first step fails and the cast never runs.
  const ArrayChain chain = parse_array_chain(data_type("uint16"), parse_json_exact(R"([
      {"name": "scale_offset", "configuration": {"offset": 1000}},
      {"name": "cast_value", "configuration": {"data_type": "uint8"}}])"));
  std::vector<TracedStep> trace;
  const ChainResult result = trace_through(chain, Direction::Encode, 5, trace);
  ASSERT_EQ(trace.size(), 1u);
  EXPECT_FALSE(trace[0].result.ok());
  EXPECT_EQ(result.failed_step, 0);
  EXPECT_EQ(result.error_name(), "not_representable");
}

TEST(ArrayElementChain, ContinuesIntoTheShardsInnerCodecs) {
  const std::optional<ArrayChain> chain =
      array_element_chain(data_type("float32"), parse_json_exact(R"([
      {"name": "transpose", "configuration": {"order": [0]}},
      {"name": "sharding_indexed", "configuration": {"chunk_shape": [2], "codecs": [
          {"name": "scale_offset", "configuration": {"offset": 100}},
          {"name": "cast_value", "configuration": {"data_type": "uint16", "out_of_range": "clamp"}},
          "bytes"], "index_codecs": ["bytes"]}}])"));
  ASSERT_TRUE(chain.has_value());
  ASSERT_EQ(chain->steps.size(), 3u);
  EXPECT_EQ(chain->steps[0].path, "codecs[0]");
  EXPECT_EQ(chain->steps[1].path, "codecs[1].configuration.codecs[0]");
  EXPECT_EQ(chain->steps[2].path, "codecs[1].configuration.codecs[1]");
  EXPECT_EQ(chain->output_type().name, "uint16");
  // 150.5 - 100 = 50.5, which rounds to 50 (ties to even) in uint16.
  EXPECT_EQ(encode_through(*chain, float32("150.5")).bits, 50u);
}

TEST(ArrayElementChain, NoneForAChainTheWalkRefuses) {
  EXPECT_FALSE(
      array_element_chain(data_type("float32"), parse_json_exact(R"(["bytes", "bytes"])")));
  EXPECT_FALSE(array_element_chain(
      data_type("float32"), parse_json_exact(R"([{"name": "numcodecs.bitround"}, "bytes"])")));
}

ScaleOffsetCodec codec(std::string_view type, std::string_view offset, std::string_view scale) {
  const DataType& t = data_type(type);
  ScaleOffsetCodec parsed;
  parsed.type = &t;
  if (!offset.empty()) parsed.offset = parse_scalar(t, parse_json_exact(offset));
  if (!scale.empty()) parsed.scale = parse_scalar(t, parse_json_exact(scale));
  return parsed;
}

TEST(TracedScaleOffset, EachOperationsExactResultAndRounding) {
  std::vector<slow::ScaleOffsetOperationTrace> trace;
  const ScaleOffsetResult result = slow::traced_scale_offset(
      codec("float32", "5", "0.1"), Direction::Encode, float32("12.5"), {}, trace);
  EXPECT_EQ(result.bits, float32("0.75"));
  ASSERT_EQ(trace.size(), 2u);
  // 12.5 - 5 = 7.5, a float32.
  EXPECT_EQ(trace[0].operation, ScaleOffsetOperation::Subtract);
  EXPECT_EQ(trace[0].exact, "7.5");
  EXPECT_EQ(trace[0].placement, "exact in float32");
  EXPECT_EQ(trace[0].value, "7.5");
  // 7.5 * 0.100000001490116119384765625 = 0.7500000111758708953857421875, nearest float32 0.75
  // (its neighbour above is 0.75 + 2^-24 = 0.75000006).
  EXPECT_EQ(trace[1].exact, "0.7500000111758708953857421875");
  EXPECT_EQ(trace[1].placement, "rounded to nearest, ties to even, onto float32");
  EXPECT_EQ(trace[1].value, "0.75");
}

TEST(TracedScaleOffset, ReadingsSayHowTheIntermediateIsKept) {
  const ScaleOffsetCodec spec = codec("float32", "5", "0.1");
  std::vector<slow::ScaleOffsetOperationTrace> once, wide;
  slow::traced_scale_offset(spec, Direction::Encode, float32("12.5"),
                            Readings{}.with(Flag::ScaleOffsetRounding, kScaleOffsetRoundingOnce),
                            once);
  ASSERT_EQ(once.size(), 2u);
  EXPECT_EQ(once[0].placement, "kept exact (reading ScaleOffsetRounding round-once)");
  slow::traced_scale_offset(
      spec, Direction::Encode, float32("12.5"),
      Readings{}.with(Flag::ScaleOffsetRounding, kScaleOffsetRoundingFloat64Intermediate), wide);
  // The product of two float32 has at most 48 significant bits: exact in float64, then one
  // rounding onto float32 as a last entry.
  ASSERT_EQ(wide.size(), 3u);
  EXPECT_EQ(wide[1].placement,
            "exact in float64 (reading ScaleOffsetRounding float64-intermediate)");
  EXPECT_TRUE(wide[2].final_rounding);
  EXPECT_EQ(wide[2].value, "0.75");
}

TEST(TracedScaleOffset, AnIntegerQuotientShowsItsTrueValue) {
  // int8 scale 4, decode 9: 9 / 4 = 2.25; an error by default, 2 under truncate.
  const ScaleOffsetCodec quarter = codec("int8", "", "4");
  std::vector<slow::ScaleOffsetOperationTrace> refused, truncated;
  EXPECT_EQ(slow::traced_scale_offset(quarter, Direction::Decode, 9, {}, refused).error,
            ScaleOffsetError::InexactDivision);
  ASSERT_EQ(refused.size(), 1u);
  EXPECT_EQ(refused[0].exact, "2.25");
  EXPECT_EQ(refused[0].error, ScaleOffsetError::InexactDivision);
  EXPECT_TRUE(refused[0].value.empty());
  slow::traced_scale_offset(
      quarter, Direction::Decode, 9,
      Readings{}.with(Flag::ScaleOffsetIntegerDivision, kScaleOffsetIntegerDivisionTruncate),
      truncated);
  ASSERT_EQ(truncated.size(), 1u);
  EXPECT_EQ(truncated[0].exact, "2.25");
  EXPECT_EQ(truncated[0].placement,
            "rounded towards zero (reading ScaleOffsetIntegerDivision truncate)");
  EXPECT_EQ(truncated[0].value, "2");
}

TEST(TracedScaleOffset, AnOverflowSaysWhy) {
  // float16 65504 (its largest) * 2 is beyond it: not_representable in the multiply.
  std::vector<slow::ScaleOffsetOperationTrace> trace;
  const DataType& half = data_type("float16");
  const ScaleOffsetResult result =
      slow::traced_scale_offset(codec("float16", "", "2"), Direction::Encode,
                                parse_scalar(half, parse_json_exact("65504")), {}, trace);
  EXPECT_EQ(result.error, ScaleOffsetError::NotRepresentable);
  ASSERT_EQ(trace.size(), 1u);
  EXPECT_EQ(trace[0].exact, "131008");
  EXPECT_EQ(trace[0].placement, "beyond the largest finite value of float16");
}

TEST(DecimalText, ExactWhenShortElseCutAndMarked) {
  EXPECT_EQ(decimal_text(Rational(0)), "0");
  EXPECT_EQ(decimal_text(Rational(3, 4)), "0.75");
  EXPECT_EQ(decimal_text(Rational(-2001, 2)), "-1000.5");
  EXPECT_EQ(decimal_text(Rational(100)), "100");
  EXPECT_EQ(decimal_text(Rational(1, 1000000)), "0.000001");
  EXPECT_EQ(decimal_text(Rational(1, 10000000)), "1e-7");
  EXPECT_EQ(decimal_text(Rational(boost::multiprecision::pow(rational::Integer(10), 21))), "1e+21");
  // 1/3: forty threes, then the mark (truncated, not rounded: 2/3 ends in 6...).
  EXPECT_EQ(decimal_text(Rational(1, 3)), "0." + std::string(40, '3') + "...");
  EXPECT_EQ(decimal_text(Rational(2, 3), 5), "0.66666...");
  // 2^-149, float32's smallest subnormal: 1.40129846432481707092372958328991613128026...e-45.
  EXPECT_EQ(decimal_text(rational::power_of_two(-149)),
            "1.401298464324817070923729583289916131280...e-45");
  // A large integer cut to its first digits keeps its magnitude: scientific.
  EXPECT_EQ(decimal_text(Rational(123456), 3), "1.23...e+5");
}

}  // namespace
}  // namespace cvc::chain_trace_test
