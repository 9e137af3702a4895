#include "harness/protocol/capabilities.hpp"

#include <algorithm>

#include "harness/protocol/adapter_client.hpp"
#include "oracle/io/bounded_quote.hpp"
#include "oracle/io/json_exact.hpp"

namespace cvc {
namespace {

[[noreturn]] void refuse_field(const std::string& field, const std::string& why) {
  throw CapabilitiesError(field + " " + why);
}

// Every key of `object` is one of `allowed`; `field` is the object's dotted path.
void check_capability_keys(const nlohmann::json& object, const std::string& field,
                           std::initializer_list<const char*> allowed) {
  if (!object.is_object()) refuse_field(field, "is not a JSON object");
  for (const auto& [key, value] : object.items()) {
    if (std::any_of(allowed.begin(), allowed.end(), [&](const char* name) { return key == name; }))
      continue;
    std::string names;
    for (const char* name : allowed) names += (names.empty() ? "" : ", ") + std::string(name);
    refuse_field(field + "." + key, "is an unknown key (" + field + " has only " + names + ")");
  }
}

std::string quoted_name(std::string_view name) {
  return dump_json_exact(std::string(name));
}

// The names of an array of strings, each read by `parse` (nullopt: unknown).
template <typename Enum, typename Parse>
std::vector<Enum> parse_names(const nlohmann::json& value, const std::string& field, Parse parse,
                              const std::string& known) {
  if (!value.is_array()) refuse_field(field, "is not a JSON array");
  std::vector<Enum> names;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const std::string item_field = field + "[" + std::to_string(i) + "]";
    if (!value[i].is_string()) refuse_field(item_field, "is not a string");
    const std::optional<Enum> parsed = parse(value[i].get<std::string>());
    if (!parsed)
      refuse_field(item_field, "is " + dump_json_exact(value[i]) + ", not one of " + known);
    if (std::find(names.begin(), names.end(), *parsed) != names.end())
      refuse_field(item_field, "repeats " + dump_json_exact(value[i]));
    names.push_back(*parsed);
  }
  return names;
}

std::optional<OutOfRange> parse_out_of_range_capability(std::string_view name) {
  if (name == "absent") return OutOfRange::None;
  return parse_out_of_range(name);
}

DirectionCapabilities parse_direction_capabilities(const nlohmann::json& value,
                                                   const std::string& field) {
  check_capability_keys(value, field, {"rounding", "out_of_range", "scalar_map"});
  DirectionCapabilities capabilities;
  if (value.contains("rounding")) {
    std::string known;
    for (int k = 0; k < kRoundingCount; ++k)
      known += (k == 0 ? "" : ", ") + quoted_name(rounding_name(static_cast<Rounding>(k)));
    capabilities.rounding =
        parse_names<Rounding>(value["rounding"], field + ".rounding", parse_rounding, known);
  }
  if (value.contains("out_of_range"))
    capabilities.out_of_range =
        parse_names<OutOfRange>(value["out_of_range"], field + ".out_of_range",
                                parse_out_of_range_capability, R"("absent", "clamp", "wrap")");
  if (value.contains("scalar_map")) {
    if (!value["scalar_map"].is_boolean())
      refuse_field(field + ".scalar_map", "is not true or false");
    capabilities.scalar_map = value["scalar_map"].get<bool>();
  }
  return capabilities;
}

const DataType& pair_type(const nlohmann::json& entry, const char* key, const std::string& field) {
  const std::string type_field = field + "." + key;
  if (!entry.contains(key)) refuse_field(field, std::string("has no ") + key);
  if (!entry[key].is_string()) refuse_field(type_field, "is not a string");
  const DataType* type = find_data_type(entry[key].get<std::string>());
  if (type == nullptr)
    refuse_field(type_field, "is " + dump_json_exact(entry[key]) + ", not one of the " +
                                 std::to_string(kDataTypeCount) + " types (oracle/data_type.hpp)");
  return *type;
}

MissingPair parse_missing_pair(const nlohmann::json& entry, const std::string& field) {
  check_capability_keys(entry, field, {"direction", "input", "output"});
  if (!entry.contains("direction")) refuse_field(field, "has no direction");
  if (!entry["direction"].is_string()) refuse_field(field + ".direction", "is not a string");
  const std::optional<Direction> direction = parse_direction(entry["direction"].get<std::string>());
  if (!direction)
    refuse_field(field + ".direction",
                 "is " + dump_json_exact(entry["direction"]) + ", not \"encode\" or \"decode\"");
  MissingPair pair;
  pair.direction = *direction;
  pair.input = &pair_type(entry, "input", field);
  pair.output = &pair_type(entry, "output", field);
  return pair;
}

// capabilities.missing_pairs: each pair once (as a repeated rounding mode is refused), so at most
// one per direction and pair of types; checked before any entry is read.
std::vector<MissingPair> parse_missing_pairs(const nlohmann::json& pairs) {
  const std::string field = "capabilities.missing_pairs";
  if (!pairs.is_array()) refuse_field(field, "is not a JSON array");
  constexpr std::size_t kMostPairs = 2 * kDataTypeCount * kDataTypeCount;
  if (pairs.size() > kMostPairs)
    refuse_field(field, "has " + std::to_string(pairs.size()) + " entries, more than the " +
                            std::to_string(kMostPairs) +
                            " pairs there are (two directions, each pair of types once)");
  std::vector<MissingPair> missing;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const std::string item_field = field + "[" + std::to_string(i) + "]";
    const MissingPair pair = parse_missing_pair(pairs[i], item_field);
    for (std::size_t k = 0; k < missing.size(); ++k)
      if (missing[k].direction == pair.direction && missing[k].input == pair.input &&
          missing[k].output == pair.output)
        refuse_field(item_field, "repeats " + field + "[" + std::to_string(k) + "] (" +
                                     std::string(direction_name(pair.direction)) + " " +
                                     std::string(pair.input->name) + " -> " +
                                     std::string(pair.output->name) + ")");
    missing.push_back(pair);
  }
  return missing;
}

ChainCapabilities parse_chain_capabilities(const nlohmann::json& value) {
  const std::string field = "capabilities.chain";
  check_capability_keys(value, field, {"codecs", "directions"});
  ChainCapabilities capabilities;
  if (value.contains("codecs")) {
    std::string known;
    for (const std::string_view name : kChainCodecNames)
      known += (known.empty() ? "" : ", ") + quoted_name(name);
    capabilities.codecs = parse_names<std::string>(
        value["codecs"], field + ".codecs",
        [](const std::string& name) -> std::optional<std::string> {
          return std::find(kChainCodecNames.begin(), kChainCodecNames.end(), name) ==
                         kChainCodecNames.end()
                     ? std::nullopt
                     : std::optional<std::string>(name);
        },
        known);
  }
  if (value.contains("directions"))
    capabilities.directions = parse_names<Direction>(
        value["directions"], field + ".directions",
        [](const std::string& name) { return parse_direction(name); }, R"("encode", "decode")");
  return capabilities;
}

template <typename Names, typename Name>
std::string quoted_list(const Names& names, Name name_of) {
  std::string text = "[";
  for (const auto& name : names)
    text += (text.size() == 1 ? "" : ", ") + quoted_name(name_of(name));
  return text + "]";
}

}  // namespace

Capabilities parse_capabilities(const nlohmann::json& value) {
  check_capability_keys(value, "capabilities", {"encode", "decode", "missing_pairs", "chain"});
  Capabilities capabilities;
  if (value.contains("encode"))
    capabilities.encode = parse_direction_capabilities(value["encode"], "capabilities.encode");
  if (value.contains("decode"))
    capabilities.decode = parse_direction_capabilities(value["decode"], "capabilities.decode");
  if (value.contains("missing_pairs"))
    capabilities.missing_pairs = parse_missing_pairs(value["missing_pairs"]);
  if (value.contains("chain")) capabilities.chain = parse_chain_capabilities(value["chain"]);
  return capabilities;
}

namespace {

std::string not_declared(const std::string& what, const std::string& declaration) {
  return "the adapter does not declare " + what + " (hello: " + declaration + ")";
}

}  // namespace

std::optional<std::string> undeclared_operation(const Handshake& handshake,
                                                std::string_view operation) {
  if (handshake.operations.count(std::string(operation))) return std::nullopt;
  return not_declared("the operation " + std::string(operation), "operations");
}

std::optional<std::string> undeclared_data_type(const Handshake& handshake, std::string_view type) {
  if (handshake.data_types.count(std::string(type))) return std::nullopt;
  return not_declared("the data type " + std::string(type), "data_types");
}

std::optional<std::string> undeclared_request(const Handshake& handshake,
                                              std::string_view operation,
                                              std::span<const DataType* const> types) {
  if (std::optional<std::string> why = undeclared_operation(handshake, operation)) return why;
  for (const DataType* type : types)
    if (type != nullptr)
      if (std::optional<std::string> why = undeclared_data_type(handshake, type->name)) return why;
  return std::nullopt;
}

std::optional<std::string> undeclared(const Handshake& handshake, Direction direction,
                                      const CastRule& rule) {
  const Capabilities& declared = handshake.capabilities;
  const std::string name(direction_name(direction));
  for (const MissingPair& pair : declared.missing_pairs)
    if (pair.direction == direction && pair.input == rule.input && pair.output == rule.output)
      return not_declared("the pair " + name + " " + std::string(rule.input->name) + " -> " +
                              std::string(rule.output->name),
                          "capabilities.missing_pairs");
  const DirectionCapabilities& own =
      direction == Direction::Encode ? declared.encode : declared.decode;
  const std::string field = "capabilities." + name + ".";
  if (own.rounding &&
      std::find(own.rounding->begin(), own.rounding->end(), rule.rounding) == own.rounding->end())
    return not_declared(
        "the rounding mode " + std::string(rounding_name(rule.rounding)) + " for " + name,
        field + "rounding = " + quoted_list(*own.rounding, rounding_name));
  if (own.out_of_range && std::find(own.out_of_range->begin(), own.out_of_range->end(),
                                    rule.out_of_range) == own.out_of_range->end())
    return not_declared(
        "the out_of_range rule " + std::string(out_of_range_name(rule.out_of_range)) + " for " +
            name,
        field + "out_of_range = " + quoted_list(*own.out_of_range, out_of_range_name));
  if (!rule.scalar_map.empty() && own.scalar_map == false)
    return not_declared("scalar_map for " + name, field + "scalar_map = false");
  return std::nullopt;
}

std::optional<std::string> undeclared_chain(const Handshake& handshake, Direction direction,
                                            const std::vector<std::string>& codec_names) {
  const ChainCapabilities& declared = handshake.capabilities.chain;
  if (declared.directions && std::find(declared.directions->begin(), declared.directions->end(),
                                       direction) == declared.directions->end())
    return not_declared(
        "chains for " + std::string(direction_name(direction)),
        "capabilities.chain.directions = " + quoted_list(*declared.directions, direction_name));
  if (declared.codecs)
    for (const std::string& name : codec_names)
      if (std::find(declared.codecs->begin(), declared.codecs->end(), name) ==
          declared.codecs->end())
        return not_declared(
            "the codec " + name + " in a chain",
            "capabilities.chain.codecs = " +
                quoted_list(*declared.codecs, [](const std::string& each) { return each; }));
  return std::nullopt;
}

std::string declaration_text(const Handshake& handshake) {
  nlohmann::json declaration = {{"protocol", handshake.protocol},
                                {"data_types", handshake.data_types},
                                {"operations", handshake.operations},
                                {"capabilities", handshake.capabilities_declared}};
  return declaration.dump();
}

std::string adapter_unsupported_reason(std::string_view message) {
  return "the adapter answered unsupported: " + bounded_quote(message);
}

}  // namespace cvc
