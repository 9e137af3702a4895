// What the default reading of ScaleOffsetRounding (each operation rounded in the array's type)
// means for implementations of the narrow floats, which no hardware computes in: they compute in a
// wider format W (float32 or float64) and convert. docs/readings.md, ScaleOffsetRounding, states
// what these tests find.
//
// 1. Per operation through W: each operation computed in W (rounded to W, W's overflow an error)
//    and its result converted to the type (cast_value, nearest-even) before the next operation.
//    This is how NumPy and ml_dtypes compute float16, bfloat16 and the float8 types. The classic
//    innocuous double rounding result (Figueroa 1995: for + - * /, rounding to p' >= 2p + 2 bits
//    and then to p bits is the same as rounding once to p bits) says it gives the default; these
//    tests check it for every float type of at most 16 bits, where the theorem's conditions (normal
//    range of both formats) do not obviously cover all cases: overflow, subnormals, e8m0fnu's
//    one-bit grid and its missing zero. Through float64 (p' = 53) for every such type, through
//    float32 (p' = 24) for those with p <= 11 (all of them). Exhaustive for the 4-, 6- and 8-bit
//    floats (every value x every operand, each operation alone, both directions); seeded random for
//    bfloat16 and float16.
// 2. float64-intermediate (the alternative reading: each operation rounded to float64, only the
//    final value rounded to the type) is the same as (1) when the codec has one operation, and is
//    not when it has two: the intermediate is not rounded to the type, so it is checked for the
//    4-bit float exhaustively that results differ (as RoundingReadings in scale_offset_test.cpp
//    shows on one case).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "generators/boundary_values.hpp"
#include "oracle/cast.hpp"
#include "oracle/scale_offset.hpp"

namespace cvc::scale_offset_double_rounding_test {
namespace {

using Op = ScaleOffsetOperation;

// One outcome, comparable across the two paths: the bits, or an error kind (a cast's OutOfRange
// is the scale_offset NotRepresentable it stands for).
struct Outcome {
  bool ok = false;
  std::uint64_t bits = 0;
  ScaleOffsetError error = ScaleOffsetError::None;
  bool operator==(const Outcome&) const = default;
};

Outcome of(const ScaleOffsetResult& r) {
  return r.ok() ? Outcome{true, r.bits, ScaleOffsetError::None} : Outcome{false, 0, r.error};
}

std::optional<std::uint64_t> cast(const DataType& from, const DataType& to, std::uint64_t bits) {
  CastRule rule;
  rule.input = &from;
  rule.output = &to;
  const CastResult result = cast_value(rule, bits);
  if (!result.ok()) return std::nullopt;
  return result.bits;
}

// A codec of one operation (`op`) with `operand` in `type`.
ScaleOffsetCodec single(const DataType& type, Op op, std::uint64_t operand) {
  const bool offset = op == Op::Subtract || op == Op::Add;
  return ScaleOffsetCodec{&type, offset ? std::optional(operand) : std::nullopt,
                          offset ? std::nullopt : std::optional(operand)};
}

ScaleOffsetResult apply(const ScaleOffsetCodec& codec, Op op, std::uint64_t input,
                        const Readings& readings = {}) {
  return op == Op::Subtract || op == Op::Multiply ? scale_offset_encode(codec, input, readings)
                                                  : scale_offset_decode(codec, input, readings);
}

// The operation computed in `wide` and the result converted to `type`.
Outcome through(const DataType& wide, const DataType& type, Op op, std::uint64_t input,
                std::uint64_t operand) {
  const std::uint64_t wide_input = *cast(type, wide, input);  // exact: every value fits
  const std::uint64_t wide_operand = *cast(type, wide, operand);
  const ScaleOffsetResult in_wide = apply(single(wide, op, wide_operand), op, wide_input);
  if (!in_wide.ok()) return of(in_wide);
  const std::optional<std::uint64_t> back = cast(wide, type, in_wide.bits);
  if (!back) return Outcome{false, 0, ScaleOffsetError::NotRepresentable};
  return Outcome{true, *back, ScaleOffsetError::None};
}

constexpr Op kOperations[] = {Op::Subtract, Op::Multiply, Op::Divide, Op::Add};

// The first few disagreements of the per-operation path through `wide` with the default, over the
// given inputs and operands, as text; and their count.
struct Disagreements {
  long count = 0;
  std::string shown;
};

void compare_one(Disagreements& d, const DataType& wide, const DataType& type, Op op,
                 std::uint64_t input, std::uint64_t operand) {
  const Outcome direct = of(apply(single(type, op, operand), op, input));
  const Outcome via = through(wide, type, op, input, operand);
  if (direct == via) return;
  if (++d.count > 5) return;
  d.shown +=
      "\n  " + std::string(type.name) + " " + std::string(scale_offset_operation_name(op)) + " " +
      pattern_hex(type, input) + ", " + pattern_hex(type, operand) + ": default " +
      (direct.ok ? pattern_hex(type, direct.bits)
                 : std::string(scale_offset_error_name(direct.error))) +
      ", through " + std::string(wide.name) + " " +
      (via.ok ? pattern_hex(type, via.bits) : std::string(scale_offset_error_name(via.error)));
}

std::vector<const DataType*> narrow_floats(int max_bits) {
  std::vector<const DataType*> types;
  for (const DataType& type : all_data_types())
    if (type.is_float() && type.bits <= max_bits) types.push_back(&type);
  return types;
}

// 1, exhaustively: every float of at most 8 bits, every value x every operand x each operation,
// through float64 and through float32 (8 types, 4 x 65,536 per 8-bit type and format).
TEST(ScaleOffsetDoubleRounding, PerOperationThroughWideFormatsIsTheDefaultForSmallFloats) {
  for (const char* wide_name : {"float64", "float32"}) {
    const DataType& wide = data_type(wide_name);
    Disagreements d;
    long elements = 0;
    for (const DataType* type : narrow_floats(8))
      for (const Op op : kOperations)
        for (std::uint64_t input = 0; input <= type->bit_mask(); ++input)
          for (std::uint64_t operand = 0; operand <= type->bit_mask(); ++operand) {
            compare_one(d, wide, *type, op, input, operand);
            ++elements;
          }
    EXPECT_EQ(d.count, 0) << "through " << wide_name << ", " << elements << " elements:" << d.shown;
  }
}

// 1, seeded random for bfloat16 and float16 (boundary-weighted: subnormals, the largest values,
// powers of two), through both formats.
RC_GTEST_PROP(ScaleOffsetDoubleRounding, PerOperationThroughWideFormatsIsTheDefaultFor16Bits, ()) {
  const std::vector<const DataType*> types = {&data_type("bfloat16"), &data_type("float16")};
  gen::Rng rng(*rc::gen::arbitrary<std::uint64_t>());
  Disagreements d;
  for (int i = 0; i < 200; ++i) {
    const DataType& type = *rng.pick(types);
    const Op op = kOperations[rng.uniform(4)];
    const std::uint64_t input = gen::boundary_weighted_pattern(type, rng);
    const std::uint64_t operand = gen::boundary_weighted_pattern(type, rng);
    compare_one(d, data_type("float64"), type, op, input, operand);
    compare_one(d, data_type("float32"), type, op, input, operand);
  }
  if (d.count != 0) RC_FAIL(std::to_string(d.count) + " disagreements:" + d.shown);
}

// 1, for bfloat16 and float16: every value as the input, x 12 seeded boundary operands, each
// operation, through both formats (6.3 million elements).
TEST(ScaleOffsetDoubleRounding, PerOperationThroughWideFormatsIsTheDefaultForEvery16BitInput) {
  for (const char* name : {"bfloat16", "float16"}) {
    const DataType& type = data_type(name);
    gen::Rng rng(16);
    std::vector<std::uint64_t> operands;
    for (int i = 0; i < 12; ++i) operands.push_back(gen::boundary_pattern(type, rng));
    Disagreements d;
    for (const char* wide_name : {"float64", "float32"})
      for (const Op op : kOperations)
        for (const std::uint64_t operand : operands)
          for (std::uint64_t input = 0; input <= type.bit_mask(); ++input)
            compare_one(d, data_type(wide_name), type, op, input, operand);
    EXPECT_EQ(d.count, 0) << name << ":" << d.shown;
  }
}

// 2, one operation: float64-intermediate is the per-operation path through float64, so the
// default, for every float of at most 8 bits (exhaustive) and of 16 bits (boundary patterns).
TEST(ScaleOffsetDoubleRounding, Float64IntermediateWithOneOperationIsTheDefault) {
  const Readings f64 =
      Readings{}.with(Flag::ScaleOffsetRounding, kScaleOffsetRoundingFloat64Intermediate);
  long differ = 0, elements = 0;
  for (const DataType* type : narrow_floats(16)) {
    std::vector<std::uint64_t> patterns;
    if (type->bits <= 8)
      for (std::uint64_t bits = 0; bits <= type->bit_mask(); ++bits) patterns.push_back(bits);
    else
      patterns = gen::boundary_patterns(*type);
    for (const Op op : kOperations)
      for (const std::uint64_t input : patterns)
        for (const std::uint64_t operand : patterns) {
          const ScaleOffsetCodec codec = single(*type, op, operand);
          ++elements;
          if (!apply(codec, op, input).same_outcome(apply(codec, op, input, f64))) ++differ;
        }
  }
  EXPECT_EQ(differ, 0) << "of " << elements;
}

// 2, two operations: the float64 intermediate is not the type's, so results differ. float4_e2m1fn
// exhaustively (16 x 17 x 17 x 2 elements, each operand also absent): some differ. And on encode,
// where in - offset and (in - offset) * scale are exact in float64 for float4 values, it is the
// round-once reading wherever that one does not refuse the exact intermediate.
TEST(ScaleOffsetDoubleRounding, Float64IntermediateWithTwoOperationsIsNotTheDefault) {
  const DataType& fp4 = data_type("float4_e2m1fn");
  const Readings f64 =
      Readings{}.with(Flag::ScaleOffsetRounding, kScaleOffsetRoundingFloat64Intermediate);
  const Readings once = Readings{}.with(Flag::ScaleOffsetRounding, kScaleOffsetRoundingOnce);
  long differ = 0, elements = 0, not_once = 0;
  std::vector<std::optional<std::uint64_t>> operands = {std::nullopt};
  for (std::uint64_t bits = 0; bits < 16; ++bits) operands.push_back(bits);
  for (const auto& offset : operands)
    for (const auto& scale : operands)
      for (std::uint64_t input = 0; input < 16; ++input) {
        const ScaleOffsetCodec codec{&fp4, offset, scale};
        elements += 2;
        if (!scale_offset_encode(codec, input).same_outcome(scale_offset_encode(codec, input, f64)))
          ++differ;
        if (!scale_offset_decode(codec, input).same_outcome(scale_offset_decode(codec, input, f64)))
          ++differ;
        const ScaleOffsetResult rounded_once = scale_offset_encode(codec, input, once);
        const bool refused_intermediate =
            !rounded_once.ok() && rounded_once.operation == Op::Subtract && scale.has_value();
        if (!refused_intermediate &&
            !rounded_once.same_outcome(scale_offset_encode(codec, input, f64)))
          ++not_once;
      }
  EXPECT_GT(differ, 0);
  EXPECT_EQ(not_once, 0);
  std::cout << "float4_e2m1fn: float64-intermediate differs from the default in " << differ
            << " of " << elements << " elements\n";
}

}  // namespace
}  // namespace cvc::scale_offset_double_rounding_test
