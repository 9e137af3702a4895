// Metadata fuzzing: one random change to array metadata (zarr.json's data_type, fill_value and
// codecs) of the kinds implementations get wrong: unknown keys at each level, wrong JSON types and
// unknown option values, every scalar form (strings Python would read, hex too wide, integers out
// of range or with a fraction, overflowing decimals), a scalar_map of the wrong shape, wrap with a
// float data_type, cast_value after the array -> bytes codec, bare codec names, the data_type in
// its object form, fill values that do not survive the round trip. The oracle's validate judges the
// result; many mutations leave the metadata valid, which is as much a test.
#pragma once

#include <string>

#include "generators/boundary_values.hpp"
#include "harness/fuzz/scenario.hpp"

namespace cvc::fuzz {

// Applies one mutation and returns its name (a kind, for the per-feature counts:
// "unknown key", "option value", "data_type form", "scalar_map shape", "scalar form",
// "wrap with float", "codec order", "bare codec name", "fill value", "array data_type form").
std::string mutate_metadata(ValidateScenario& scenario, gen::Rng& rng);

}  // namespace cvc::fuzz
