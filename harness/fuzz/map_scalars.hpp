// Scalars for fuzzed metadata: the landmark patterns a scalar_map key or a fill value is drawn
// from (NaNs of every payload, both zeros, infinities, integers beyond 2^53, the generators'
// boundary values), the JSON forms each can be written in (decimal, "0x.." hex, "NaN"), and whole
// scalar_map lists with duplicate keys, the same key in two forms, and values equal to other keys.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>

#include "generators/boundary_values.hpp"
#include "oracle/data_type.hpp"

namespace cvc::fuzz {

// A pattern of `type` worth using as a scalar: a boundary pattern, or (for floats) a NaN of a
// random payload and sign, a zero of either sign, an infinity; (for 64-bit integers) a magnitude
// beyond 2^53, where a double cannot hold every integer.
std::uint64_t landmark_pattern(const DataType& type, gen::Rng& rng);

// A valid JSON form of the pattern: the canonical form (scalar_json.hpp's format_scalar: decimal,
// "NaN", "Infinity"), or for floats sometimes the "0x" hex form (lower or upper case digits).
nlohmann::json scalar_form(const DataType& type, std::uint64_t bits, gen::Rng& rng);

// A scalar_map list of `entries` [key, value] pairs, keys of `key_type` and values of
// `value_type`: landmark keys, some repeated (in the same or another form), some values equal to
// another entry's key (where it is representable).
nlohmann::json scalar_map_list(const DataType& key_type, const DataType& value_type,
                               std::size_t entries, gen::Rng& rng);

}  // namespace cvc::fuzz
