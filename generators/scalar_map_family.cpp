#include "generators/scalar_map_family.hpp"

#include <set>

#include "generators/boundary_values.hpp"
#include "generators/case_results.hpp"
#include "generators/fill_value.hpp"
#include "oracle/codec_metadata.hpp"
#include "oracle/json_exact.hpp"
#include "vector_format/vector_file.hpp"

namespace cvc {
namespace {

// One scenario: an array type, a configuration with a scalar_map (JSON text, exact numbers), the
// direction exercised, and why it is in the set.
struct MapScenario {
  std::string_view purpose;
  std::string_view array_type;
  Direction direction;
  std::string_view configuration;
};

constexpr MapScenario kScenarios[] = {
    {"the spec's NumPy compatibility example (cast_value.md, Example)", "float64",
     Direction::Encode,
     R"({"data_type": "uint8", "rounding": "towards-zero", "out_of_range": "wrap",
         "scalar_map": {"encode": [["NaN", 0], ["Infinity", 0], ["-Infinity", 0]]}})"},
    {"NaN key against NaNs of other sign and payload (MapNaNPayload)", "float32", Direction::Encode,
     R"({"data_type": "int8", "scalar_map": {"encode": [["NaN", -1]]}})"},
    {"non-canonical NaN key (MapNaNPayload)", "float16", Direction::Encode,
     R"({"data_type": "int16", "scalar_map": {"encode": [["0x7e01", 7]]}})"},
    {"key 0 against -0.0 (MapSignedZero)", "float32", Direction::Encode,
     R"({"data_type": "int8", "scalar_map": {"encode": [[0, 5]]}})"},
    {"key -0.0 against +0.0 (MapSignedZero)", "float32", Direction::Encode,
     R"({"data_type": "float16", "scalar_map": {"encode": [[-0.0, 1.5]]}})"},
    {"infinities into a type without them, rescued by the map", "float32", Direction::Encode,
     R"({"data_type": "float8_e4m3fnuz", "scalar_map": {"encode": [["Infinity", 240.0], ["-Infinity", -240.0]]}})"},
    {"NaN into a type without NaN, rescued by the map", "bfloat16", Direction::Encode,
     R"({"data_type": "float4_e2m1fn", "scalar_map": {"encode": [["NaN", 0.0]]}})"},
    {"duplicate keys: the first occurrence wins", "int16", Direction::Encode,
     R"({"data_type": "int8", "scalar_map": {"encode": [[1, 10], [1, 20], [2, 30], [2, 40]]}})"},
    {"a mapped output equal to another key is final, not mapped again", "int8", Direction::Encode,
     R"({"data_type": "int8", "scalar_map": {"encode": [[1, 2], [2, 3], [3, 1]]}})"},
    {"out-of-range values rescued by the map (no out_of_range rule)", "int16", Direction::Encode,
     R"({"data_type": "uint8", "scalar_map": {"encode": [[-1, 255], [300, 44], [-32768, 0]]}})"},
    {"a mapped value bypasses rounding: 2.5 maps to 7, its neighbours round", "float32",
     Direction::Encode,
     R"({"data_type": "int8", "rounding": "towards-zero", "scalar_map": {"encode": [[2.5, 7]]}})"},
    {"a map into NaN of the output", "float32", Direction::Encode,
     R"({"data_type": "float16", "scalar_map": {"encode": [[65520.0, "NaN"], [-1, "Infinity"]]}})"},
    {"zero into float8_e8m0fnu (no zero), rescued by the map", "float32", Direction::Encode,
     R"({"data_type": "float8_e8m0fnu", "scalar_map": {"encode": [[0, 1.0], [-0.0, 2.0]]}})"},
    {"decode map: a sentinel integer decodes to NaN", "float64", Direction::Decode,
     R"({"data_type": "int8", "rounding": "nearest-away", "out_of_range": "clamp",
         "scalar_map": {"encode": [["NaN", -128]], "decode": [[-128, "NaN"]]}})"},
    {"decode map: the encode map does not apply when decoding", "float32", Direction::Decode,
     R"({"data_type": "uint8", "scalar_map": {"encode": [[1.5, 200]], "decode": [[255, -1.0]]}})"},
    {"decode map with wrap into a float array (DecodeWrapFloat)", "float16", Direction::Decode,
     R"({"data_type": "int32", "out_of_range": "wrap", "scalar_map": {"decode": [[100000, 1.0]]}})"},
};

// Inputs for a scenario: each key, its neighbours, zeros, NaNs of several patterns, infinities and
// the range limits of the input type.
std::vector<std::uint64_t> scenario_inputs(const CastRule& rule) {
  const DataType& in = *rule.input;
  std::set<std::uint64_t> inputs;
  for (const ScalarMapEntry& entry : rule.scalar_map) {
    inputs.insert(entry.input_bits);
    for (bool up : {false, true})
      if (auto neighbour = gen::neighbour_pattern(in, entry.input_bits, up))
        inputs.insert(*neighbour);
  }
  inputs.insert({0, in.min_finite_bits(), in.max_finite_bits()});
  if (in.has_negative_zero()) inputs.insert(in.sign_mask());
  if (in.has_nan()) {
    const std::uint64_t nan = in.canonical_nan();
    inputs.insert(nan);
    if (in.specials == Specials::IEEE) {
      inputs.insert({nan | in.sign_mask(), nan + 1, (nan + 1) | in.sign_mask()});
    }
  }
  if (in.has_infinity()) {
    inputs.insert({in.infinity_bits(false), in.infinity_bits(true)});
  }
  return {inputs.begin(), inputs.end()};
}

}  // namespace

std::string scalar_map_family_file() {
  VectorFileHeader header;
  header.family = "scalar_map";
  std::set<std::string> flags_used;
  std::vector<VectorGroup> groups;
  std::uint64_t next_id = 1;
  for (const MapScenario& scenario : kScenarios) {
    const DataType& array_type = data_type(scenario.array_type);
    const nlohmann::json configuration = parse_json_exact(scenario.configuration);
    const CastValueCodec codec = parse_cast_value_configuration(array_type, configuration);
    nlohmann::json without_data_type = configuration;  // as in the cast family
    without_data_type.erase("data_type");
    const CastRule rule =
        scenario.direction == Direction::Encode ? codec.encode_rule() : codec.decode_rule();
    VectorGroup group;
    group.parameters = {{"purpose", std::string(scenario.purpose)},
                        {"direction", std::string(direction_name(scenario.direction))},
                        {"array_data_type", std::string(array_type.name)},
                        {"data_type", std::string(codec.data_type->name)},
                        {"input_type", std::string(rule.input->name)},
                        {"output_type", std::string(rule.output->name)},
                        {"configurations", nlohmann::json::array({without_data_type})}};
    const nlohmann::json codec_object = {{"name", "cast_value"}, {"configuration", configuration}};
    const std::vector<nlohmann::json> chains = {nlohmann::json::array({codec_object})};
    group.parameters["fill_value"] = surviving_fill_value(array_type, chains);
    for (std::uint64_t bits : scenario_inputs(rule)) {
      const CaseResults results = case_results({rule}, bits);
      flags_used.insert(results.flags.begin(), results.flags.end());
      group.cases.push_back(case_json(next_id++, *rule.input, bits, results));
      ++header.number_of_cases;
    }
    groups.push_back(std::move(group));
  }
  header.flags_used.assign(flags_used.begin(), flags_used.end());
  return format_vector_file(header, groups);
}

}  // namespace cvc
