// checked_sum, checked_product and checked_extent_product at the 64-bit edges: the largest result
// that fits is given, the first that does not is refused (never wrapped: a wrapped product of
// extents can be 0 and pass every size limit).
#include "oracle/checked_arithmetic.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace cvc::checked_arithmetic_test {
namespace {

constexpr std::uint64_t kMax = UINT64_MAX;
constexpr std::uint64_t k2to32 = std::uint64_t{1} << 32;
constexpr std::uint64_t k2to63 = std::uint64_t{1} << 63;

std::optional<std::uint64_t> product_of(const std::vector<std::uint64_t>& extents,
                                        std::uint64_t limit = kMax) {
  return checked_extent_product(extents, limit);
}

TEST(CheckedArithmetic, SumAtTheEdge) {
  EXPECT_EQ(checked_sum(kMax, 0), kMax);
  EXPECT_EQ(checked_sum(k2to63, k2to63 - 1), kMax);
  EXPECT_EQ(checked_sum(kMax, 1), std::nullopt);
  EXPECT_EQ(checked_sum(k2to63, k2to63), std::nullopt);  // the counts of 2^63 that wrapped to 0
  EXPECT_EQ(checked_sum(kMax, kMax), std::nullopt);
}

TEST(CheckedArithmetic, ProductAtTheEdge) {
  EXPECT_EQ(checked_product(kMax, 1), kMax);
  EXPECT_EQ(checked_product(kMax, 0), 0u);
  EXPECT_EQ(checked_product(k2to32, k2to32 - 1), kMax - k2to32 + 1);
  EXPECT_EQ(checked_product(k2to32 + 1, k2to32 - 1), kMax);  // 2^64 - 1, exactly
  EXPECT_EQ(checked_product(k2to32, k2to32), std::nullopt);
  EXPECT_EQ(checked_product(2, k2to63), std::nullopt);
  EXPECT_EQ(checked_product(kMax, kMax), std::nullopt);
}

TEST(CheckedArithmetic, ExtentProductAtTheEdge) {
  EXPECT_EQ(product_of({}), 1u);
  EXPECT_EQ(product_of({k2to32, k2to32}), std::nullopt);     // chunk_shape [2^32, 2^32]
  EXPECT_EQ(product_of({k2to32, k2to32, 0}), std::nullopt);  // a later 0 does not excuse it
  EXPECT_EQ(product_of({0, k2to32, k2to32}), 0u);
  EXPECT_EQ(product_of({k2to32 - 1, k2to32 + 1}), kMax);
  EXPECT_EQ(product_of({2, 2, k2to63 / 2}), std::nullopt);
  EXPECT_EQ(product_of({1000, 1000}, 1000000), 1000000u);  // the limit itself is allowed
  EXPECT_EQ(product_of({1000, 1001}, 1000000), std::nullopt);
  EXPECT_EQ(product_of({1000001, 0}, 1000000), std::nullopt);  // passed the limit at step one
}

}  // namespace
}  // namespace cvc::checked_arithmetic_test
