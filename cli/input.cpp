#include "cli/input.hpp"

#include <algorithm>

#include "cli/arguments.hpp"
#include "cli/near_names.hpp"
#include "oracle/codec_keys.hpp"
#include "oracle/data_type.hpp"
#include "oracle/hex_digits.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/scalar_json.hpp"

namespace cvc::cli {
namespace {

std::string prefix(std::string_view command) {
  return std::string(command) + ": ";
}

std::vector<std::string_view> type_names() {
  std::vector<std::string_view> names;
  for (const DataType& type : all_data_types()) names.push_back(type.name);
  return names;
}

std::vector<std::string_view> flag_names() {
  std::vector<std::string_view> names;
  for (const FlagInfo& info : all_flags()) names.push_back(info.name);
  return names;
}

// A key that is not one of `known` but near one (a slip of the keyboard) is refused here with the
// nearest known key; other unknown keys are left to the metadata parser, which says what it allows.
void refuse_misspelt_key(std::string_view command, const nlohmann::json& object,
                         std::string_view where, std::span<const std::string_view> known) {
  if (!object.is_object()) return;
  for (const auto& item : object.items()) {
    if (std::find(known.begin(), known.end(), item.key()) != known.end()) continue;
    const std::string hint = did_you_mean(item.key(), known);
    if (hint.empty()) continue;
    std::string list;
    for (std::string_view key : known) list += (list.empty() ? "" : ", ") + std::string(key);
    throw UsageError(prefix(command) + "invalid --config: unknown key \"" + item.key() + "\" in " +
                     std::string(where) + hint + "; its keys: " + list);
  }
}

// The misspelt keys of a --config: the whole codec's, the configuration's, its scalar_map's.
void refuse_misspelt_keys(std::string_view command, const nlohmann::json& config) {
  const bool whole_codec = config.is_object() && config.contains("name");
  refuse_misspelt_key(command, config, whole_codec ? "the codec" : "the configuration",
                      whole_codec ? std::span<const std::string_view>(kCodecKeys)
                                  : std::span<const std::string_view>(kConfigurationKeys));
  const nlohmann::json* configuration = &config;
  if (whole_codec && config.contains("configuration")) configuration = &config.at("configuration");
  if (whole_codec)
    refuse_misspelt_key(command, *configuration, "the configuration", kConfigurationKeys);
  if (configuration->is_object() && configuration->contains("scalar_map"))
    refuse_misspelt_key(command, configuration->at("scalar_map"), "scalar_map", kScalarMapKeys);
}

}  // namespace

const DataType& type_argument(std::string_view command, std::string_view name) {
  const DataType* type = find_data_type(name);
  if (type == nullptr)
    throw UsageError(prefix(command) + "unknown data type \"" + std::string(name) + "\"" +
                     did_you_mean(name, type_names()) + "; cvc types lists the " +
                     std::to_string(kDataTypeCount) + " supported types");
  return *type;
}

void name_argument(std::string_view command, std::string_view option, std::string_view value,
                   std::span<const std::string_view> known) {
  if (std::find(known.begin(), known.end(), value) != known.end()) return;
  std::string names;
  for (std::size_t i = 0; i < known.size(); ++i)
    names.append(i == 0 ? "" : i + 1 == known.size() ? " or " : ", ").append(known[i]);
  throw UsageError(prefix(command) + std::string(option) + " takes " + names + ", not \"" +
                   std::string(value) + "\"" + did_you_mean(value, known));
}

nlohmann::json json_argument(std::string_view command, std::string_view what,
                             std::string_view text) {
  try {
    return parse_json_exact(text);
  } catch (const JsonError& error) {
    throw UsageError(prefix(command) + std::string(what) + " is not valid JSON: " + error.what());
  }
}

std::uint64_t scalar_argument(std::string_view command, const DataType& type, std::string_view text,
                              const Readings& readings) {
  if (text.starts_with("0x") && text.size() > 2) {
    std::uint64_t bits = 0;
    for (char c : text.substr(2)) {
      const int digit = hex_digit_value(c);
      if (digit < 0 || (bits >> 60) != 0)
        throw UsageError(prefix(command) + "value " + std::string(text) +
                         " is not a hex pattern of at most 64 bits");
      bits = bits << 4 | static_cast<std::uint64_t>(digit);
    }
    if ((bits & ~type.bit_mask()) != 0)
      throw UsageError(prefix(command) + "value " + std::string(text) + " has bits beyond the " +
                       std::to_string(type.bits) + "-bit width of " + std::string(type.name));
    return bits;
  }
  nlohmann::json scalar;
  try {
    scalar = parse_json_exact(text);
  } catch (const JsonError&) {
    scalar = std::string(text);  // a bare word such as NaN or Infinity
  }
  try {
    return parse_scalar(type, scalar, readings);
  } catch (const ScalarError& error) {
    throw UsageError(prefix(command) + error.what());
  }
}

Readings readings_argument(std::string_view command, const std::vector<std::string>& pairs) {
  Readings readings;
  for (const std::string& pair : pairs) {
    const std::size_t equals = pair.find('=');
    const std::string flag = pair.substr(0, equals);
    const FlagInfo* info = find_flag(flag);
    if (equals == std::string::npos)
      throw UsageError(prefix(command) + "--reading " + pair +
                       ": expected FLAG=ALTERNATIVE (cvc readings lists the flags and their "
                       "alternatives)");
    if (info == nullptr)
      throw UsageError(prefix(command) + "--reading " + pair + ": unknown flag \"" + flag + "\"" +
                       did_you_mean(flag, flag_names()) +
                       "; cvc readings lists the flags and their alternatives");
    const std::string alternative = pair.substr(equals + 1);
    int choice = 0;
    for (int k = 0; k < info->alternative_count(); ++k)
      if (info->alternatives[k] == alternative) choice = k + 1;
    if (choice == 0 && alternative != "default") {
      std::string known;
      std::vector<std::string_view> names = {"default"};
      for (int k = 0; k < info->alternative_count(); ++k) {
        known.append(" ").append(info->alternatives[k]);
        names.push_back(info->alternatives[k]);
      }
      throw UsageError(prefix(command) + "--reading " + pair + did_you_mean(alternative, names) +
                       ": " + std::string(info->name) + " has the alternatives:" + known +
                       " (or default)");
    }
    readings = readings.with(info->flag, choice);
  }
  return readings;
}

}  // namespace cvc::cli

namespace cvc::cli {

CastValueCodec codec_argument(std::string_view command, std::string_view text,
                              const DataType& array_type, const Readings& readings) {
  const nlohmann::json config = json_argument(command, "--config", text);
  refuse_misspelt_keys(command, config);
  try {
    if (config.is_object() && config.contains("name"))
      return parse_cast_value_codec(array_type, config, readings);
    return parse_cast_value_configuration(array_type, config, readings);
  } catch (const MetadataError& error) {
    throw UsageError(std::string(command) + ": invalid --config: " + error.what());
  }
}

}  // namespace cvc::cli
