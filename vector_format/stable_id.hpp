// Stable case ids (vectors/README.md, "Case ids"; since vectors 1.3.0): every case line of the
// families cast, scalar_map, chain, metadata and scalars carries "stable_id", a string computed
// from the case's content only, so that it stays the same across vector versions (the positional
// "id" does not: 1.1.0 renumbered cases). A cast line holds one result per configuration; each
// result's id is the line's id followed by "/" and the configuration's label.
//
// The definition is the suite's executable one (tests/vectors/stable_ids.py implements it
// independently in Python); the hashed parts are Python's
// json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False) of the value as
// Python's json module reads it, which canonical_json() reproduces.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace cvc {

// The version of the vectors from which every case line carries "stable_id".
inline constexpr std::string_view kStableIdsSinceVersion = "1.3.0";

// Whether a set declaring `vectors_version` ("1.2.0") must carry stable ids: 1.3.0 and later. An
// unparsable version is taken as a current one (it must carry them).
bool stable_ids_required(std::string_view vectors_version);

// The canonical JSON text of `value` (exact number nodes or ordinary numbers alike): keys sorted,
// no whitespace, strings as JSON escapes them with non-ASCII kept, and numbers as Python reads and
// writes them: an integer literal as its digits ("-0" is 0), any other number as the nearest
// double in Python's repr ("1e-8" -> "1e-08", "3e38" -> "3e+38", "1e-999" -> "0.0", "1e400" ->
// "Infinity", which is not JSON but is what the definition hashes).
std::string canonical_json(const nlohmann::json& value);

// The first 12 hex digits of the SHA-256 of `value`'s canonical JSON (of the string itself when
// `value` is a string).
std::string stable_hash12(const nlohmann::json& value);

// The stable id of one case line of `family` ("cast", "scalar_map", "chain", "metadata",
// "scalars"), from the group's parameters (its members but "cases") and the case's members.
// Throws std::invalid_argument naming what is missing or of the wrong type, or an unknown family.
std::string stable_case_id(std::string_view family, const nlohmann::json& group,
                           const nlohmann::json& item);

// A cast configuration's label in a result's id: its rounding, then "/" and its out_of_range when
// it has one ("nearest-even", "towards-zero/clamp"). Throws std::invalid_argument when "rounding"
// is missing.
std::string configuration_label(const nlohmann::json& configuration);

}  // namespace cvc
