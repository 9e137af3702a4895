// The whole 8-bit scale_offset cube, fast oracle against slow (label "long"): for each 8-bit type
// every input x every offset x every scale (each operand also absent), both directions, under the
// default readings and each alternative of the scale_offset flags that apply to the type:
// 257 x 257 x 256 x 2 = 33.8 million elements per type and reading. The default suite's shortened
// form is tests/oracle/scale_offset_agreement_test.cpp (boundary scales and offsets).
#include <gtest/gtest.h>

#include <optional>
#include <vector>

#include "tests/support/scale_offset_sweep.hpp"

namespace cvc::scale_offset_cube_test {
namespace {

using namespace cvc::test;

class EightBitCube : public testing::TestWithParam<TypeReading> {};

TEST_P(EightBitCube, EveryInputOffsetScale) {
  const DataType& type = *GetParam().type;
  const std::vector<std::optional<std::uint64_t>> every = every_operand(type);
  const Readings readings[] = {GetParam().readings};
  ScaleOffsetSweep sweep;
  sweep_cube(sweep, type, every, every, readings);
  EXPECT_EQ(sweep.elements(), static_cast<long>(every.size() * every.size()) * 256 * 2);
  EXPECT_EQ(sweep.mismatches(), 0) << sweep.report();
}

INSTANTIATE_TEST_SUITE_P(Types, EightBitCube, testing::ValuesIn(type_readings(8, 8, /*all=*/false)),
                         [](const testing::TestParamInfo<TypeReading>& param_info) {
                           return param_info.param.name;
                         });

}  // namespace
}  // namespace cvc::scale_offset_cube_test
