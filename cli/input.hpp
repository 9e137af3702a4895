// Turning command-line text into oracle inputs, with usage errors that name the argument.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/codec_metadata.hpp"
#include "oracle/data_type.hpp"
#include "oracle/readings.hpp"

namespace cvc::cli {

const DataType& type_argument(std::string_view command, std::string_view name);
// A filter's or mode's value (a family, a direction, a kind, a rounding...): returns when `value`
// is one of `known`; otherwise a UsageError "COMMAND: OPTION takes A, B or C, not "VALUE" (did
// you mean "B"?)", before any work starts.
void name_argument(std::string_view command, std::string_view option, std::string_view value,
                   std::span<const std::string_view> known);
// JSON text, exact numbers kept (oracle/io/json_exact.hpp). `what` names the argument in errors.
nlohmann::json json_argument(std::string_view command, std::string_view what,
                             std::string_view text);
// A scalar of `type`: "0x..." bits (any type, within its width) or a JSON scalar; a bare word
// that is not JSON (NaN, Infinity, -Infinity) is taken as the JSON string.
std::uint64_t scalar_argument(std::string_view command, const DataType& type, std::string_view text,
                              const Readings& readings);
// FLAG=ALT pairs, e.g. InfClamp=clamp-to-max.
Readings readings_argument(std::string_view command, const std::vector<std::string>& pairs);
// A cast_value configuration or whole codec, for an array of `array_type`.
CastValueCodec codec_argument(std::string_view command, std::string_view text,
                              const DataType& array_type, const Readings& readings);

}  // namespace cvc::cli
