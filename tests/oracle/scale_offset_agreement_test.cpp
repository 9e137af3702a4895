// The fast scale_offset oracle against the slow one (as tests/oracle/exhaustive_test.cpp does for
// cast_value), compared by ScaleOffsetResult::same_outcome:
// - every 2-, 4- and 6-bit type: every input x every offset x every scale (each also absent), both
//   directions, under the default readings and every alternative of the three scale_offset flags;
// - every 8-bit type: every input x every offset for a set of boundary scales, and every input x
//   every scale for a set of boundary offsets, under the readings that apply to the type (the full
//   8-bit cube is tests/long/scale_offset_cube_test.cpp, label "long");
// - the 16- to 64-bit types: seeded random elements (RapidCheck), boundary-weighted.
// And the check's teeth: mutants of the fast oracle that it must catch.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "generators/boundary_values.hpp"
#include "oracle/rational/rational_value.hpp"
#include "oracle/scale_offset.hpp"
#include "tests/support/scale_offset_sweep.hpp"
#include "tests/support/sweep.hpp"

namespace cvc::scale_offset_agreement_test {
namespace {

using namespace cvc::test;

std::vector<const DataType*> types_of_width(int low, int high) {
  std::vector<const DataType*> types;
  for (const DataType& type : all_data_types())
    if (type.bits >= low && type.bits <= high) types.push_back(&type);
  return types;
}

std::string param_name(const testing::TestParamInfo<TypeReading>& info) {
  return info.param.name;
}

void expect_agreement(const ScaleOffsetSweep& sweep, long expected_elements) {
  EXPECT_EQ(sweep.elements(), expected_elements);
  EXPECT_EQ(sweep.mismatches(), 0) << sweep.report();
}

// The 2-, 4- and 6-bit types: the whole cube. The 2- and 4-bit ones under every alternative of the
// three flags (also those that cannot apply, as a check that they do not); the 6-bit ones (floats)
// under the flags that apply to floats: 64 x 65 x 65 x 2 = 540,800 elements per reading, about 4 s
// of CPU on the 2-core machine.
class SmallCube : public testing::TestWithParam<TypeReading> {};

TEST_P(SmallCube, EveryInputOffsetScale) {
  const DataType& type = *GetParam().type;
  const std::vector<std::optional<std::uint64_t>> operands = every_operand(type);
  const Readings readings[] = {GetParam().readings};
  ScaleOffsetSweep sweep;
  sweep_cube(sweep, type, operands, operands, readings);
  expect_agreement(sweep, static_cast<long>(operands.size() * operands.size()) *
                              static_cast<long>(type.bit_mask() + 1) * 2);
}

std::vector<TypeReading> small_cube_params() {
  std::vector<TypeReading> params = type_readings(2, 4, /*all=*/true);
  for (TypeReading& p : type_readings(5, 6, /*all=*/false)) params.push_back(std::move(p));
  return params;
}

INSTANTIATE_TEST_SUITE_P(Types, SmallCube, testing::ValuesIn(small_cube_params()), param_name);

// The 8-bit types: every input x every offset (and absent) for boundary scales, and every input x
// every scale for boundary offsets. The boundary operands: absent, the largest finite value, the
// smallest positive value and 1 under the default readings (4 x 257 x 256 x 2 x 2 = 1.05 million
// elements, 3 to 5 s of CPU on the 2-core machine); the largest finite value under an alternative
// (0.26 million). The whole cube, every reading, is tests/long/scale_offset_cube_test.cpp.
std::vector<std::optional<std::uint64_t>> boundary_operands(const DataType& type, bool all) {
  if (!all) return {type.max_finite_bits()};
  const std::uint64_t smallest_positive = type.has_zero() ? 1 : 0;  // the pattern after +0
  const std::uint64_t one =
      type.is_integer() ? 1 : *rational::pattern_of(type, rational::Rational(1));
  return {std::nullopt, type.max_finite_bits(), smallest_positive, one};
}

class EightBit : public testing::TestWithParam<TypeReading> {};

TEST_P(EightBit, BoundaryScalesAndBoundaryOffsets) {
  const DataType& type = *GetParam().type;
  const bool default_readings = GetParam().readings.choice == Readings{}.choice;
  const std::vector<std::optional<std::uint64_t>> every = every_operand(type);
  const std::vector<std::optional<std::uint64_t>> boundary =
      boundary_operands(type, default_readings);
  const Readings readings[] = {GetParam().readings};
  ScaleOffsetSweep sweep;
  sweep_cube(sweep, type, every, boundary, readings);
  sweep_cube(sweep, type, boundary, every, readings);
  expect_agreement(sweep, static_cast<long>(2 * every.size() * boundary.size()) * 256 * 2);
}

INSTANTIATE_TEST_SUITE_P(Types, EightBit, testing::ValuesIn(type_readings(8, 8, false)),
                         param_name);

// ---- 16 to 64 bits: seeded random elements -----------------------------------------------------

// An operand: absent (1 in 8), a boundary-weighted pattern, or (1 in 4, offsets only) a neighbour
// of the input, so that in - offset cancels.
std::optional<std::uint64_t> draw_operand(const DataType& type, gen::Rng& rng,
                                          std::optional<std::uint64_t> near) {
  if (rng.one_in(8)) return std::nullopt;
  if (near && rng.one_in(4)) {
    if (const std::optional<std::uint64_t> n = gen::neighbour_pattern(type, *near, rng.one_in(2)))
      return n;
  }
  return gen::boundary_weighted_pattern(type, rng);
}

constexpr int kElementsPerRun = 200;

// One RapidCheck run: kElementsPerRun elements of one type drawn from one seed (RapidCheck's, so
// RC_PARAMS="reproduce=..." replays it), each under a reading drawn from those that apply.
ScaleOffsetSweep random_elements(const DataType& type, std::uint64_t seed,
                                 const ScaleOffsetOracle& fast = fast_scale_offset_oracle()) {
  gen::Rng rng(seed);
  const std::vector<Readings> readings = scale_offset_readings(type, /*all=*/false);
  ScaleOffsetSweep sweep(fast);
  for (int i = 0; i < kElementsPerRun; ++i) {
    const std::uint64_t input = gen::boundary_weighted_pattern(type, rng);
    const ScaleOffsetCodec codec{&type, draw_operand(type, rng, input),
                                 draw_operand(type, rng, std::nullopt)};
    sweep.check(codec, input, rng.pick(readings));
  }
  return sweep;
}

// bfloat16, float16, float32, float64, int16..int64, uint16..uint64.
RC_GTEST_PROP(ScaleOffsetAgreement, WideTypesFastEqualsSlow, ()) {
  const std::vector<const DataType*> types = types_of_width(16, 64);
  const DataType& type = *types[*rc::gen::inRange<std::size_t>(0, types.size())];
  const ScaleOffsetSweep sweep = random_elements(type, *rc::gen::arbitrary<std::uint64_t>());
  if (sweep.mismatches() != 0) RC_FAIL(std::string(type.name) + ": " + sweep.report());
}

// The boundary values the random draw may miss, each type: near the largest finite value, the
// smallest subnormals, 2^53 and its neighbours, the most negative integer, as input, offset and
// scale together (every triple of them), both directions, every reading that applies.
TEST(ScaleOffsetAgreement, WideTypesBoundaryTriples) {
  for (const DataType* type : types_of_width(16, 64)) {
    std::vector<std::uint64_t> values = {type->max_finite_bits(), type->min_finite_bits(), 0, 1};
    if (const auto below = gen::neighbour_pattern(*type, type->max_finite_bits(), false))
      values.push_back(*below);
    if (type->has_sign_bit()) values.push_back(type->sign_mask() | 1);  // -smallest subnormal
    if (type->is_integer() && type->bits == 64) values.push_back(1ull << 53);
    if (type->is_integer() && type->bits == 64) values.push_back((1ull << 53) + 1);
    if (type->name == "float64") values.push_back(0x4340000000000000);  // 2^53
    if (type->name == "float64") values.push_back(0x4340000000000001);  // 2^53 + 2
    if (type->is_float() && type->has_sign_bit())
      values.push_back(*rational::pattern_of(*type, rational::Rational(-3, 2)));
    ScaleOffsetSweep sweep;
    long expected = 0;
    for (const Readings& readings : scale_offset_readings(*type, /*all=*/false))
      for (const std::uint64_t input : values)
        for (const std::uint64_t offset : values)
          for (const std::uint64_t scale : values) {
            sweep.check(ScaleOffsetCodec{type, offset, scale}, input, readings);
            expected += 2;
          }
    SCOPED_TRACE(std::string(type->name));
    expect_agreement(sweep, expected);
  }
}

// ---- Teeth: the checks catch a wrong fast oracle ------------------------------------------------

// The fast oracle with a wrong reading: E8M0Tie's alternative under the default (a tie rule
// broken), and each operation rounded once where the default rounds each (a rounding rule broken).
ScaleOffsetResult wrong_tie_encode(const ScaleOffsetCodec& c, std::uint64_t in, const Readings& r) {
  return scale_offset_encode(c, in, r.with(Flag::E8M0Tie, kE8M0TieEvenExponent));
}
ScaleOffsetResult wrong_tie_decode(const ScaleOffsetCodec& c, std::uint64_t in, const Readings& r) {
  return scale_offset_decode(c, in, r.with(Flag::E8M0Tie, kE8M0TieEvenExponent));
}
ScaleOffsetResult once_encode(const ScaleOffsetCodec& c, std::uint64_t in, const Readings& r) {
  return scale_offset_encode(c, in, r.with(Flag::ScaleOffsetRounding, kScaleOffsetRoundingOnce));
}
ScaleOffsetResult once_decode(const ScaleOffsetCodec& c, std::uint64_t in, const Readings& r) {
  return scale_offset_decode(c, in, r.with(Flag::ScaleOffsetRounding, kScaleOffsetRoundingOnce));
}
// And a flipped bit: the lowest bit of every encoded result whose input is odd.
ScaleOffsetResult flipped_encode(const ScaleOffsetCodec& c, std::uint64_t in, const Readings& r) {
  ScaleOffsetResult result = scale_offset_encode(c, in, r);
  if (result.ok() && (in & 1) != 0) result.bits ^= 1;
  return result;
}

TEST(ScaleOffsetAgreementTeeth, CubeCatchesAWrongTieRule) {
  const DataType& e8m0 = data_type("float8_e8m0fnu");
  const ScaleOffsetOracle wrong{&wrong_tie_encode, &wrong_tie_decode};
  ScaleOffsetSweep sweep(wrong);
  const std::vector<std::optional<std::uint64_t>> every = every_operand(e8m0);
  const std::vector<std::optional<std::uint64_t>> offsets = {0x7F};  // 1: 4 - 1 = 3 is a tie
  const Readings readings[] = {Readings{}};
  sweep_cube(sweep, e8m0, offsets, every, readings);
  EXPECT_GT(sweep.mismatches(), 0) << sweep.report();
}

TEST(ScaleOffsetAgreementTeeth, CubeCatchesRoundingOnceForEachOperation) {
  const DataType& fp4 = data_type("float4_e2m1fn");
  ScaleOffsetSweep sweep(ScaleOffsetOracle{&once_encode, &once_decode});
  const std::vector<std::optional<std::uint64_t>> every = every_operand(fp4);
  const Readings readings[] = {Readings{}};
  sweep_cube(sweep, fp4, every, every, readings);
  EXPECT_GT(sweep.mismatches(), 0) << sweep.report();
}

TEST(ScaleOffsetAgreementTeeth, RandomElementsCatchAFlippedBit) {
  const ScaleOffsetOracle wrong{&flipped_encode, &scale_offset_decode};
  long mismatches = 0;
  for (std::uint64_t seed = 0; seed < 20; ++seed)
    mismatches += random_elements(data_type("float64"), seed, wrong).mismatches();
  EXPECT_GT(mismatches, 0);
}

}  // namespace
}  // namespace cvc::scale_offset_agreement_test
