// The values where a cast into a type changes behaviour, and the patterns of another type around
// a value: the exact arithmetic behind cast_boundary_patterns (generators/boundary_values.hpp),
// for generators that place inputs around values of their own (the chain family maps a cast's key
// points back through scale_offset). Brings Boost.Multiprecision (oracle/rational/).
#pragma once

#include <cstdint>
#include <vector>

#include "oracle/data_type.hpp"
#include "oracle/rational/rational_value.hpp"

namespace cvc::gen {

// The points where a cast into `target` changes behaviour: each boundary value of the target, the
// midpoints between it and its neighbours (where nearest rounding ties) and the points just past
// the range (max + ulp/2, max + ulp, the same below min; e8m0fnu: half and three quarters of its
// smallest value), each with its negation. Sorted, without repeats, computed once per type.
const std::vector<rational::Rational>& target_key_points(const DataType& target);

// Appends the patterns of `source` at or next to `key`: the largest value <= key and the smallest
// >= key (both zeros for a key of zero), when within the finite range, each with `reach`
// neighbours on either side.
void add_patterns_around(const DataType& source, const rational::Rational& key, int reach,
                         std::vector<std::uint64_t>& patterns);

}  // namespace cvc::gen
