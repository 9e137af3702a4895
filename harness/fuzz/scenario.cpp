#include "harness/fuzz/scenario.hpp"

#include <algorithm>
#include <bit>

#include "harness/fuzz/chain_codecs.hpp"
#include "harness/run/diagnosis.hpp"
#include "oracle/codec_chain.hpp"
#include "oracle/codec_metadata.hpp"
#include "oracle/exact_value.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/scalar_json.hpp"

namespace cvc::fuzz {
namespace {

using json = nlohmann::json;

std::size_t map_entries(const json& list) {
  return list.is_array() ? list.size() : 0;
}

// The length of a scalar_map list's JSON text; 0 when the list is absent.
std::uint64_t map_text_size(const json& list) {
  return list.is_null() ? 0 : dump_json_exact(list).size();
}

bool is_hex_scalar(const json& scalar) {
  return scalar.is_string() && scalar.get<std::string>().rfind("0x", 0) == 0;
}

// The "0x" operands of a chain's leading codecs.
std::uint64_t leading_hex_scalars(const json& leading) {
  std::uint64_t count = 0;
  if (!leading.is_array()) return 0;
  for (const json& codec : leading)
    if (codec.is_object() && codec.contains("configuration"))
      for (const auto& [key, value] : codec["configuration"].items())
        count += is_hex_scalar(value) ? 1 : 0;
  return count;
}

std::uint64_t hex_scalars(const json& list) {
  std::uint64_t count = 0;
  if (!list.is_array()) return 0;
  for (const json& entry : list)
    for (const json& scalar : entry) count += is_hex_scalar(scalar) ? 1 : 0;
  return count;
}

// A CaseOutcome pointing at the request, so that the diagnosis's replay_line and oracle_command
// (the same texts cvc run prints) serve the fuzzer too.
CaseOutcome outcome_for(const CastRequest* cast, const ValidateRequest* validate,
                        std::uint64_t input_bits) {
  CaseOutcome outcome;
  outcome.cast_request = cast;
  outcome.validate_request = validate;
  outcome.input_bits = input_bits;
  return outcome;
}

// The leading codec's operands, simpler first: fewer of them, then offset and scale each by the
// simplicity of its value in the array type (fewer significant bits, smaller magnitude), then the
// codec's text. Always the same length, so that keys compare position by position.
void append_operand_key(const CastScenario& cast, std::vector<std::uint64_t>& key) {
  const json configuration = cast.is_chain() && cast.leading.front().is_object()
                                 ? cast.leading.front().value("configuration", json::object())
                                 : json::object();
  key.push_back(configuration.contains("offset") + configuration.contains("scale"));
  CastRule rule;
  rule.input = rule.output = cast.array_type;
  for (const char* name : {"offset", "scale"}) {
    Simplicity simplicity{};
    if (configuration.contains(name)) {
      try {
        simplicity = cast_simplicity(rule, parse_scalar(*cast.array_type, configuration[name]));
      } catch (const ScalarError&) {
        simplicity.fill(1);
      }
    }
    key.insert(key.end(), simplicity.begin() + 2, simplicity.end());
  }
  key.push_back(map_text_size(cast.leading));
}

// A chain scenario's features: "chain encode" or "chain decode", and one per leading codec
// ("chain: scale_offset", "chain: numcodecs.fixedscaleoffset, float astype", ...).
void chain_features(const CastScenario& cast, std::vector<std::string>& names) {
  names.push_back("chain " + std::string(direction_name(cast.direction)));
  for (const json& codec : cast.leading) {
    std::string name = "chain: " + leading_codec_name(codec);
    if (name == "chain: numcodecs.fixedscaleoffset")
      name += cast_array_type(cast).is_integer() ? ", integral astype" : ", float astype";
    names.push_back(std::move(name));
  }
}

}  // namespace

json cast_codec(const CastScenario& scenario) {
  json configuration = json::object();
  configuration["data_type"] = std::string(scenario.data_type->name);
  if (scenario.rounding) configuration["rounding"] = std::string(rounding_name(*scenario.rounding));
  if (scenario.out_of_range)
    configuration["out_of_range"] = std::string(out_of_range_name(*scenario.out_of_range));
  if (!scenario.encode_map.is_null() || !scenario.decode_map.is_null()) {
    json map = json::object();
    if (!scenario.encode_map.is_null()) map["encode"] = scenario.encode_map;
    if (!scenario.decode_map.is_null()) map["decode"] = scenario.decode_map;
    configuration["scalar_map"] = map;
  }
  return {{"name", "cast_value"}, {"configuration", configuration}};
}

json chain_codecs(const CastScenario& scenario) {
  json codecs = scenario.is_chain() ? scenario.leading : json::array();
  codecs.push_back(cast_codec(scenario));
  return codecs;
}

const DataType& cast_array_type(const CastScenario& scenario) {
  if (!scenario.is_chain()) return *scenario.array_type;
  try {
    return parse_array_chain(*scenario.array_type, scenario.leading).output_type();
  } catch (const MetadataError&) {
    return *scenario.array_type;
  }
}

std::optional<ArrayChain> oracle_chain(const CastScenario& scenario) {
  if (!scenario.is_chain()) return std::nullopt;
  const json codecs = chain_codecs(scenario);
  if (!validate_array_metadata(*scenario.array_type, scenario.fill_value,
                               with_implied_bytes_codec(codecs))
           .valid)
    return std::nullopt;
  try {
    return parse_array_chain(*scenario.array_type, codecs);
  } catch (const MetadataError&) {
    return std::nullopt;
  }
}

std::optional<CastRule> oracle_rule(const CastScenario& scenario) {
  if (scenario.is_chain()) {
    const std::optional<ArrayChain> chain = oracle_chain(scenario);
    if (!chain) return std::nullopt;
    const CastValueCodec& codec = std::get<CastValueCodec>(chain->steps.back().codec);
    return scenario.direction == Direction::Encode ? codec.encode_rule() : codec.decode_rule();
  }
  const FillValueCheck check =
      validate_array_metadata(*scenario.array_type, scenario.fill_value,
                              with_implied_bytes_codec(json::array({cast_codec(scenario)})));
  if (!check.valid || check.cast_codecs.size() != 1) return std::nullopt;
  const CastValueCodec& codec = check.cast_codecs.front();
  return scenario.direction == Direction::Encode ? codec.encode_rule() : codec.decode_rule();
}

CastRequest cast_request(const CastScenario& scenario) {
  CastRequest request;
  request.direction = scenario.direction;
  request.array_type = scenario.array_type;
  request.fill_value = scenario.fill_value;
  if (scenario.is_chain())
    request.chain = chain_codecs(scenario);
  else
    request.codec = cast_codec(scenario);
  request.input = &scenario.input();
  request.output = &scenario.output();
  request.elements = scenario.elements;
  return request;
}

ValidateRequest validate_request(const ValidateScenario& scenario) {
  ValidateRequest request;
  request.array_data_type = scenario.array_data_type;
  try {
    request.array_type = &parse_data_type_metadata(scenario.array_data_type);
  } catch (const MetadataError&) {
    request.array_type = nullptr;
  }
  request.fill_value = scenario.fill_value;
  request.codecs = scenario.codecs;
  return request;
}

std::string replay_line(const Scenario& scenario) {
  if (const CastScenario* cast = std::get_if<CastScenario>(&scenario))
    return dump_json_exact(cast_message(cast_request(*cast), 1));
  return dump_json_exact(
      validate_message(validate_request(std::get<ValidateScenario>(scenario)), 1));
}

std::string explanation_command(const Scenario& scenario, std::size_t element) {
  if (const CastScenario* cast = std::get_if<CastScenario>(&scenario)) {
    const CastRequest request = cast_request(*cast);
    const std::uint64_t bits = element < cast->elements.size() ? cast->elements[element] : 0;
    return oracle_command(outcome_for(&request, nullptr, bits));
  }
  const ValidateRequest request = validate_request(std::get<ValidateScenario>(scenario));
  return oracle_command(outcome_for(nullptr, &request, 0));
}

std::vector<std::uint64_t> size_key(const Scenario& scenario) {
  if (const CastScenario* cast = std::get_if<CastScenario>(&scenario)) {
    const bool rounded = cast->rounding.has_value();
    std::vector<std::uint64_t> key = {
        0,  // casts before metadata
        cast->elements.size(),
        map_entries(cast->leading),
        map_entries(cast->encode_map) + map_entries(cast->decode_map),
        rounded ? (*cast->rounding == Rounding::NearestEven ? 1u : 2u) : 0u,
        cast->out_of_range ? 1u : 0u,
        static_cast<std::uint64_t>(cast->array_type->bits + cast->data_type->bits),
        hex_scalars(cast->encode_map) + hex_scalars(cast->decode_map) +
            leading_hex_scalars(cast->leading),
        map_text_size(cast->encode_map) + map_text_size(cast->decode_map),
        (cast->encode_map.is_null() ? 0u : 1u) + (cast->decode_map.is_null() ? 0u : 1u),
        dump_json_exact(cast->fill_value) == "0" ? 0u
                                                 : 1u + dump_json_exact(cast->fill_value).size()};
    append_operand_key(*cast, key);
    CastRule rule;
    rule.input = &cast->input();
    rule.output = &cast->output();
    for (const std::uint64_t element : cast->elements) {
      const Simplicity simplicity = cast_simplicity(rule, element);
      key.insert(key.end(), simplicity.begin() + 2, simplicity.end());
    }
    return key;
  }
  const ValidateScenario& validate = std::get<ValidateScenario>(scenario);
  const std::string text = canonical_text(scenario);
  std::vector<std::uint64_t> key = {1, cast_value_codec_count(validate.codecs), text.size()};
  for (const char c : text) key.push_back(static_cast<unsigned char>(c));
  return key;
}

std::string canonical_text(const Scenario& scenario) {
  if (const CastScenario* cast = std::get_if<CastScenario>(&scenario)) {
    json line = cast_message(cast_request(*cast), 1);
    line.erase("id");
    return dump_json_exact(line);
  }
  const ValidateScenario& validate = std::get<ValidateScenario>(scenario);
  return dump_json_exact(
      json::array({validate.array_data_type, validate.fill_value, validate.codecs}));
}

std::string describe(const Scenario& scenario) {
  if (const CastScenario* cast = std::get_if<CastScenario>(&scenario)) {
    std::string text = cast->is_chain() ? "chain " + dump_json_exact(cast->leading) + " then " : "";
    text += std::string(direction_name(cast->direction)) + " " + std::string(cast->input().name) +
            " -> " + std::string(cast->output().name);
    if (cast->rounding) text += ", rounding " + std::string(rounding_name(*cast->rounding));
    if (cast->out_of_range)
      text += ", out_of_range " + std::string(out_of_range_name(*cast->out_of_range));
    if (!cast->encode_map.is_null() || !cast->decode_map.is_null())
      text += ", scalar_map " + dump_json_exact(cast_codec(*cast)["configuration"]["scalar_map"]);
    if (dump_json_exact(cast->fill_value) != "0")
      text += ", fill value " + dump_json_exact(cast->fill_value);
    text += ", " + std::to_string(cast->elements.size()) +
            (cast->elements.size() == 1 ? " element" : " elements");
    if (cast->elements.size() <= 4) {
      for (std::size_t i = 0; i < cast->elements.size(); ++i)
        text += std::string(i == 0 ? ": " : ", ") + pattern_hex(cast->input(), cast->elements[i]) +
                " (" + describe_value(cast->input(), cast->elements[i]) + ")";
    }
    return text;
  }
  const ValidateScenario& validate = std::get<ValidateScenario>(scenario);
  return "validate data_type " + dump_json_exact(validate.array_data_type) + ", fill value " +
         dump_json_exact(validate.fill_value) + ", codecs " + dump_json_exact(validate.codecs);
}

std::vector<std::string> features(const Scenario& scenario) {
  std::vector<std::string> names;
  if (const CastScenario* cast = std::get_if<CastScenario>(&scenario)) {
    names.emplace_back(direction_name(cast->direction));
    if (cast->is_chain()) chain_features(*cast, names);
    const json& list = cast->direction == Direction::Encode ? cast->encode_map : cast->decode_map;
    if (map_entries(list) > 0) names.emplace_back("scalar_map");
    if (map_entries(cast->encode_map) + map_entries(cast->decode_map) > 0 && map_entries(list) == 0)
      names.emplace_back("scalar_map (other direction only)");
    if (cast->rounding)
      names.push_back("rounding " + std::string(rounding_name(*cast->rounding)));
    else
      names.emplace_back("rounding absent");
    if (cast->out_of_range) names.emplace_back(out_of_range_name(*cast->out_of_range));
    if (hex_scalars(cast->encode_map) + hex_scalars(cast->decode_map) > 0)
      names.emplace_back("hex scalars");
    if (dump_json_exact(cast->fill_value) != "0") names.emplace_back("fill value not 0");
    if (cast->input().is_integer() && cast->input().bits == 64 && map_entries(list) > 0)
      names.emplace_back("scalar_map with 64-bit integer keys");
    return names;
  }
  const ValidateScenario& validate = std::get<ValidateScenario>(scenario);
  names.emplace_back("validate");
  if (cast_value_codec_count(validate.codecs) >= 2) names.emplace_back("chain of two cast_value");
  const std::string text = dump_json_exact(validate.codecs);
  if (text.find("\"sharding_indexed\"") != std::string::npos)
    names.emplace_back("validate in sharding_indexed");
  if (text.find("\"scale_offset\"") != std::string::npos)
    names.emplace_back("validate with scale_offset");
  if (validate.mutation.empty()) names.emplace_back("validate unmutated");
  // One feature per kind of mutation (a scenario may have several, or one twice).
  std::size_t start = 0;
  while (start < validate.mutation.size()) {
    const std::size_t comma = validate.mutation.find(", ", start);
    const std::string kind = "mutated: " + validate.mutation.substr(start, comma - start);
    if (std::find(names.begin(), names.end(), kind) == names.end()) names.push_back(kind);
    start = comma == std::string::npos ? validate.mutation.size() : comma + 2;
  }
  return names;
}

std::size_t cast_value_codec_count(const json& codecs) {
  std::size_t count = 0;
  if (!codecs.is_array()) return 0;
  for (const json& codec : codecs) {
    if (!codec.is_object() || !codec.contains("name")) continue;
    if (codec["name"] == "cast_value") ++count;
    // Those inside a shard too: unwrapping the shard must not count as growing.
    const auto configuration = codec.find("configuration");
    if (codec["name"] == "sharding_indexed" && configuration != codec.end() &&
        configuration->is_object() && configuration->contains("codecs"))
      count += cast_value_codec_count((*configuration)["codecs"]);
  }
  return count;
}

}  // namespace cvc::fuzz
