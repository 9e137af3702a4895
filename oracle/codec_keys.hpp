// The keys the cast_value metadata may hold (the cast_value spec, docs/specs.md, "Codec metadata"
// and its schema: additional keys MUST be treated as invalid), in one place: the metadata parser
// refuses any other key, and cvc names the nearest of these for a misspelt one.
#pragma once

#include <array>
#include <string_view>

namespace cvc {

inline constexpr std::array<std::string_view, 2> kCodecKeys = {"name", "configuration"};
inline constexpr std::array<std::string_view, 4> kConfigurationKeys = {
    "data_type", "rounding", "out_of_range", "scalar_map"};
inline constexpr std::array<std::string_view, 2> kScalarMapKeys = {"encode", "decode"};

}  // namespace cvc
