// The size a shrunk finding of a reference mutant must not exceed (the teeth tests and
// scripts/fuzz-mutants check it): a cast of one element under a configuration with at most two
// scalar_map entries (last-duplicate-wins needs two); metadata with at most two cast_value codecs
// (and the bytes codec every chain keeps) in at most 320 bytes of JSON.
#pragma once

#include <string>

#include "harness/fuzz/scenario.hpp"

namespace cvc::fuzz {

inline constexpr std::size_t kBoundMapEntries = 2;
inline constexpr std::size_t kBoundMetadataBytes = 320;

// "" when the scenario is within the bound, else what exceeds it.
std::string exceeds_shrink_bound(const Scenario& scenario);

}  // namespace cvc::fuzz
