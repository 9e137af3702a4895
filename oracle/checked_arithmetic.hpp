// Counts and products of extents from outside (a shape, a chunk_shape, a report's counts, a shard
// count) checked for overflow: a product that wraps to 0 would pass every size limit.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>

namespace cvc {

// a + b, or nothing when it does not fit in 64 bits.
inline std::optional<std::uint64_t> checked_sum(std::uint64_t a, std::uint64_t b) {
  std::uint64_t sum = 0;
  if (__builtin_add_overflow(a, b, &sum)) return std::nullopt;
  return sum;
}

// a * b, or nothing when it does not fit in 64 bits.
inline std::optional<std::uint64_t> checked_product(std::uint64_t a, std::uint64_t b) {
  std::uint64_t product = 0;
  if (__builtin_mul_overflow(a, b, &product)) return std::nullopt;
  return product;
}

// The product of every extent (1 for none), or nothing when it passes `limit` (or 64 bits) at
// any step; a 0 extent gives 0 only when no earlier step passed the limit.
inline std::optional<std::uint64_t> checked_extent_product(std::span<const std::uint64_t> extents,
                                                           std::uint64_t limit = UINT64_MAX) {
  std::uint64_t product = 1;
  for (const std::uint64_t extent : extents) {
    const std::optional<std::uint64_t> next = checked_product(product, extent);
    if (!next || *next > limit) return std::nullopt;
    product = *next;
  }
  return product;
}

}  // namespace cvc
