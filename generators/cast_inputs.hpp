// Which inputs a `cast` vector group holds (vectors/README.md, "Family cast").
#pragma once

#include <cstdint>
#include <vector>

#include "oracle/data_type.hpp"

namespace cvc {

// Input types this wide or narrower get every bit pattern.
inline constexpr int kExhaustiveInputBits = 8;

// The inputs of a group casting `input` to `output`, as sorted, distinct patterns of `input`:
// every pattern for narrow inputs; for wide ones, the patterns nearest the output's landmarks
// (range limits and their neighbours, midpoints between neighbouring output values, values just
// beyond the range, subnormal boundaries, wrap boundaries), the precision limits, the input's own
// boundary patterns, and `random_count` seeded random patterns.
std::vector<std::uint64_t> cast_inputs(const DataType& input, const DataType& output,
                                       std::uint64_t seed, int random_count);

}  // namespace cvc
