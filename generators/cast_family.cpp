#include "generators/cast_family.hpp"

#include <set>

#include "generators/case_results.hpp"
#include "generators/cast_inputs.hpp"
#include "generators/fill_value.hpp"
#include "oracle/scalar_json.hpp"
#include "vector_format/vector_file.hpp"

namespace cvc {

std::uint64_t group_seed(std::string_view input, std::string_view output) {
  std::uint64_t hash = 0xcbf29ce484222325ull;
  for (std::string_view part : {input, std::string_view("->"), output})
    for (char c : part) hash = (hash ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
  return hash;
}

std::vector<CastConfiguration> cast_configurations(const DataType& data_type) {
  std::vector<CastConfiguration> configurations;
  for (int r = 0; r < kRoundingCount; ++r) {
    for (OutOfRange rule : {OutOfRange::None, OutOfRange::Clamp, OutOfRange::Wrap}) {
      if (rule == OutOfRange::Wrap && !data_type.is_integer()) continue;
      configurations.push_back({static_cast<Rounding>(r), rule});
    }
  }
  return configurations;
}

nlohmann::json cast_value_codec_json(const DataType& data_type,
                                     const CastConfiguration& configuration) {
  nlohmann::json config = configuration_json(configuration);
  config["data_type"] = std::string(data_type.name);
  return {{"name", "cast_value"}, {"configuration", config}};
}

std::vector<nlohmann::json> single_codec_chains(
    const DataType& data_type, const std::vector<CastConfiguration>& configurations) {
  std::vector<nlohmann::json> chains;
  for (const CastConfiguration& configuration : configurations)
    chains.push_back(nlohmann::json::array({cast_value_codec_json(data_type, configuration)}));
  return chains;
}

nlohmann::json configuration_json(const CastConfiguration& configuration) {
  nlohmann::json json = {{"rounding", std::string(rounding_name(configuration.rounding))}};
  if (configuration.out_of_range != OutOfRange::None)
    json["out_of_range"] = std::string(out_of_range_name(configuration.out_of_range));
  return json;
}

std::string cast_family_file(const DataType& input) {
  VectorFileHeader header;
  header.family = "cast";
  std::set<std::string> flags_used;
  std::vector<VectorGroup> groups;
  std::uint64_t next_id = 1;
  for (const DataType& output : all_data_types()) {
    const std::uint64_t seed = group_seed(input.name, output.name);
    const std::vector<std::uint64_t> inputs =
        cast_inputs(input, output, seed, kRandomInputsPerGroup);
    for (Direction direction : {Direction::Encode, Direction::Decode}) {
      // Encode: the array holds `input`, the codec's data_type is `output`; decode: reversed.
      const bool encode = direction == Direction::Encode;
      const DataType& array_type = encode ? input : output;
      const DataType& data_type = encode ? output : input;
      const std::vector<CastConfiguration> configurations = cast_configurations(data_type);
      VectorGroup group;
      group.parameters = {
          {"direction", std::string(direction_name(direction))},
          {"array_data_type", std::string(array_type.name)},
          {"data_type", std::string(data_type.name)},
          {"input_type", std::string(input.name)},
          {"output_type", std::string(output.name)},
          {"fill_value",
           surviving_fill_value(array_type, single_codec_chains(data_type, configurations))}};
      if (input.bits > kExhaustiveInputBits) group.parameters["seed"] = seed;
      std::vector<CastRule> rules;
      nlohmann::json configuration_list = nlohmann::json::array();
      for (const CastConfiguration& configuration : configurations) {
        rules.push_back({&input, &output, configuration.rounding, configuration.out_of_range, {}});
        configuration_list.push_back(configuration_json(configuration));
      }
      group.parameters["configurations"] = configuration_list;
      for (std::uint64_t bits : inputs) {
        const CaseResults results = case_results(rules, bits);
        flags_used.insert(results.flags.begin(), results.flags.end());
        group.cases.push_back(
            case_json(next_id++, input, bits, results, configurations.size() / kRoundingCount));
        header.number_of_cases += rules.size();
      }
      groups.push_back(std::move(group));
    }
  }
  header.flags_used.assign(flags_used.begin(), flags_used.end());
  return format_vector_file(header, groups);
}

}  // namespace cvc
