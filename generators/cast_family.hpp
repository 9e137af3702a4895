// The `cast` family of vectors: one file per input type (vectors/README.md).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/cast_rule.hpp"
#include "oracle/data_type.hpp"

namespace cvc {

struct CastConfiguration {
  Rounding rounding;
  OutOfRange out_of_range;
};

// Every valid configuration for a codec whose data_type is `data_type`: the five rounding modes,
// each with out_of_range absent, clamp, and wrap where data_type is an integer type.
std::vector<CastConfiguration> cast_configurations(const DataType& data_type);

// The configuration as JSON, without data_type (absent out_of_range is left out).
nlohmann::json configuration_json(const CastConfiguration& configuration);

// The codec object {"name": "cast_value", "configuration": {...}} with `data_type`.
nlohmann::json cast_value_codec_json(const DataType& data_type,
                                     const CastConfiguration& configuration);

// One single-codec chain per configuration (for fill value checks).
std::vector<nlohmann::json> single_codec_chains(
    const DataType& data_type, const std::vector<CastConfiguration>& configurations);

// FNV-1a of a group's two names ("input->output"): a seed that depends only on what the group is.
std::uint64_t group_seed(std::string_view input, std::string_view output);

// Seeded random inputs per wide group (tuned to the size budget).
inline constexpr int kRandomInputsPerGroup = 24;

// The text of cast/<input>.json.
std::string cast_family_file(const DataType& input);

}  // namespace cvc
