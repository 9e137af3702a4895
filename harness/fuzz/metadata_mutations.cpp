#include "harness/fuzz/metadata_mutations.hpp"

#include <vector>

#include "harness/fuzz/map_scalars.hpp"
#include "oracle/codec_metadata.hpp"
#include "oracle/io/json_exact.hpp"

namespace cvc::fuzz {
namespace {

using json = nlohmann::json;

json pick_json(const std::vector<json>& values, gen::Rng& rng) {
  return values[static_cast<std::size_t>(rng.uniform(values.size()))];
}

// The cast_value codec objects of the chain (pointers into scenario.codecs).
std::vector<json*> cast_codecs(ValidateScenario& scenario) {
  std::vector<json*> codecs;
  if (!scenario.codecs.is_array()) return codecs;
  for (json& codec : scenario.codecs)
    if (codec.is_object() && codec.contains("configuration") &&
        codec["configuration"].is_object() && codec.value("name", json()) == "cast_value")
      codecs.push_back(&codec);
  return codecs;
}

json* random_configuration(ValidateScenario& scenario, gen::Rng& rng) {
  const std::vector<json*> codecs = cast_codecs(scenario);
  return codecs.empty() ? nullptr : &(*rng.pick(codecs))["configuration"];
}

// Every scalar of every scalar_map entry, and the fill value.
std::vector<json*> scalar_slots(ValidateScenario& scenario) {
  std::vector<json*> slots = {&scenario.fill_value};
  for (json* codec : cast_codecs(scenario)) {
    json& configuration = (*codec)["configuration"];
    if (!configuration.contains("scalar_map") || !configuration["scalar_map"].is_object()) continue;
    for (auto& [direction, entries] : configuration["scalar_map"].items()) {
      if (!entries.is_array()) continue;
      for (json& entry : entries)
        if (entry.is_array())
          for (json& scalar : entry) slots.push_back(&scalar);
    }
  }
  return slots;
}

// Scalars in forms the spec refuses, or accepts only under an alternative reading, or accepts.
json odd_scalar(gen::Rng& rng) {
  static const std::vector<std::string> literals = {"256",
                                                    "-1",
                                                    "65536",
                                                    "4294967296",
                                                    "18446744073709551616",
                                                    "-9223372036854775809",
                                                    "9007199254740993",
                                                    "1.0",
                                                    "1e2",
                                                    "-0",
                                                    "-0.0",
                                                    "1e999",
                                                    "-1e999",
                                                    "1.5",
                                                    "0.1",
                                                    "1e-999"};
  static const std::vector<std::string> strings = {
      "1.5",       "1",        " 1 ",       "nan",        "inf", "-inf", "infinity",
      "+Infinity", "Infinity", "-Infinity", "NaN",        "0x",  "0X7e", "0x7E",
      "0x1ff",     "0x0000",   "0x1ffff",   "0x7fc00001", "0x1", "1_0",  "+1"};
  switch (rng.uniform(4)) {
    case 0:
      return json_number(rng.pick(literals));
    case 1:
    case 2:
      return rng.pick(strings);
    default:
      return pick_json({json(true), json(nullptr), json::array(), json::object(), json(1.5)}, rng);
  }
}

std::string mutate_scalar(ValidateScenario& scenario, gen::Rng& rng) {
  const std::vector<json*> slots = scalar_slots(scenario);
  *rng.pick(slots) = odd_scalar(rng);
  return "scalar form";
}

std::string add_unknown_key(ValidateScenario& scenario, gen::Rng& rng) {
  const std::vector<json*> codecs = cast_codecs(scenario);
  if (codecs.empty()) return "unknown key (no cast_value codec)";
  json& codec = *rng.pick(codecs);
  switch (rng.uniform(3)) {
    case 0:
      codec["must_understand"] = false;
      break;
    case 1:
      codec["configuration"]["fill_value"] = 0;
      break;
    default: {
      json& configuration = codec["configuration"];
      if (!configuration.contains("scalar_map") || !configuration["scalar_map"].is_object())
        configuration["scalar_map"] = json::object();
      configuration["scalar_map"]["both"] = json::array();
      break;
    }
  }
  return "unknown key";
}

std::string mutate_option_value(json& configuration, gen::Rng& rng) {
  if (rng.one_in(2))
    configuration["rounding"] =
        pick_json({json(nullptr), json("nearest"), json("Nearest-Even"), json(1), json(true),
                   json("towards_zero"), json("nearest-odd"), json("")},
                  rng);
  else
    configuration["out_of_range"] =
        pick_json({json(nullptr), json("absent"), json("none"), json("saturate"), json(0),
                   json(false), json("CLAMP"), json(json::array({"clamp"}))},
                  rng);
  return "option value";
}

std::string mutate_data_type(json& configuration, gen::Rng& rng) {
  const json name = configuration["data_type"];
  configuration["data_type"] =
      pick_json({json{{"name", name}}, json{{"name", name}, {"configuration", json::object()}},
                 json("bool"), json("complex64"), json("r16"), json(8), json(nullptr),
                 json("Float32"), json{{"name", name}, {"configuration", {{"endian", "little"}}}}},
                rng);
  return "data_type form";
}

std::string mutate_map_shape(json& configuration, gen::Rng& rng) {
  if (!configuration.contains("scalar_map") || !configuration["scalar_map"].is_object())
    configuration["scalar_map"] = {{"encode", json::array()}};
  json& map = configuration["scalar_map"];
  const char* direction = rng.one_in(2) ? "encode" : "decode";
  switch (rng.uniform(5)) {
    case 0:
      map = json::array({"encode"});
      break;
    case 1:
      map[direction] = json{{"1", 2}};
      break;
    case 2:
      if (!map[direction].is_array()) map[direction] = json::array();
      map[direction].push_back(json::array({0, 0, 0}));
      break;
    case 3:
      if (!map[direction].is_array()) map[direction] = json::array();
      map[direction].push_back(json::array({0}));
      break;
    default:
      map[direction] = 0;
      break;
  }
  return "scalar_map shape";
}

std::string move_cast_after_bytes(ValidateScenario& scenario) {
  json& codecs = scenario.codecs;
  json bytes = {{"name", "bytes"}};
  for (std::size_t i = 0; i < codecs.size(); ++i) {
    if (codecs[i].is_object() && codecs[i].value("name", json()) == "bytes") {
      bytes = codecs[i];
      codecs.erase(i);
      break;
    }
  }
  codecs.insert(codecs.begin(), bytes);
  return "codec order";
}

std::string bare_codec_name(ValidateScenario& scenario) {
  for (json& codec : scenario.codecs) {
    if (codec.is_object() && codec.value("name", json()) == "bytes") {
      codec = "bytes";
      return "bare codec name";
    }
  }
  scenario.codecs.push_back("bytes");
  return "bare codec name";
}

}  // namespace

std::string mutate_metadata(ValidateScenario& scenario, gen::Rng& rng) {
  if (!scenario.codecs.is_array()) scenario.codecs = json::array();
  json* configuration = random_configuration(scenario, rng);
  const DataType* array = find_data_type(scenario.array_data_type.is_string()
                                             ? scenario.array_data_type.get<std::string>()
                                             : std::string());
  switch (rng.uniform(11)) {
    case 0:
      return add_unknown_key(scenario, rng);
    case 1:
      if (configuration != nullptr) return mutate_option_value(*configuration, rng);
      break;
    case 2:
      if (configuration != nullptr) return mutate_data_type(*configuration, rng);
      break;
    case 3:
      if (configuration != nullptr) return mutate_map_shape(*configuration, rng);
      break;
    case 4:
    case 5:
      return mutate_scalar(scenario, rng);
    case 6:
      if (configuration != nullptr) {
        (*configuration)["out_of_range"] = "wrap";
        return "wrap with float";
      }
      break;
    case 7:
      return move_cast_after_bytes(scenario);
    case 8:
      return bare_codec_name(scenario);
    case 9:
      if (array != nullptr) {
        scenario.fill_value = scalar_form(*array, landmark_pattern(*array, rng), rng);
        return "fill value";
      }
      break;
    default:
      scenario.array_data_type =
          rng.one_in(4) ? json("bool") : json{{"name", scenario.array_data_type}};
      return "array data_type form";
  }
  return mutate_scalar(scenario, rng);
}

}  // namespace cvc::fuzz
