// A fill value for a vector group's array, so that implementations which check the fill value
// round trip (as the spec asks) accept the group's metadata.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "oracle/data_type.hpp"

namespace cvc {

// The first of 0, 1, 2 that survives the round trip through every chain (each a JSON array of
// codecs), as JSON; null when none does.
nlohmann::json surviving_fill_value(const DataType& array_type,
                                    const std::vector<nlohmann::json>& chains);

}  // namespace cvc
