#include "vector_format/vector_reader.hpp"

#include "vector_format/vector_file.hpp"
#include "oracle/cast_result.hpp"
#include "oracle/json_exact.hpp"

namespace cvc {
namespace {

const nlohmann::json& member(const nlohmann::json& object, const char* key,
                             const std::string& where) {
  return vector_member(object, key, where);
}

std::string string_member(const nlohmann::json& object, const char* key, const std::string& where) {
  return vector_string(object, key, where);
}

const DataType& type_member(const nlohmann::json& object, const char* key,
                            const std::string& where) {
  const std::string name = string_member(object, key, where);
  const DataType* type = find_data_type(name);
  if (type == nullptr)
    throw VectorFormatError(where + ": \"" + key + "\" names an unknown data type \"" + name +
                            "\"");
  return *type;
}

std::uint64_t id_member(const nlohmann::json& object, const std::string& where) {
  const std::optional<std::string> text = json_number_text(member(object, "id", where));
  if (!text || text->empty() || text->size() > 18 ||
      text->find_first_not_of("0123456789") != std::string::npos)
    throw VectorFormatError(where + ": \"id\" is not an integer from 0 to 10^18 - 1");
  return std::stoull(*text);
}

}  // namespace

const nlohmann::json& vector_member(const nlohmann::json& object, const char* key,
                                    const std::string& where) {
  if (!object.is_object()) throw VectorFormatError(where + ": not a JSON object");
  const auto found = object.find(key);
  if (found == object.end()) throw VectorFormatError(where + ": missing \"" + key + "\"");
  return *found;
}

std::string vector_string(const nlohmann::json& object, const char* key, const std::string& where) {
  const nlohmann::json& value = vector_member(object, key, where);
  if (!value.is_string()) throw VectorFormatError(where + ": \"" + key + "\" is not a string");
  return value.get<std::string>();
}

const nlohmann::json& vector_array(const nlohmann::json& object, const char* key,
                                   const std::string& where) {
  const nlohmann::json& value = vector_member(object, key, where);
  if (!value.is_array()) throw VectorFormatError(where + ": \"" + key + "\" is not an array");
  if (value.empty()) throw VectorFormatError(where + ": \"" + key + "\" is empty");
  return value;
}

nlohmann::json CastVectorGroup::configuration_with_data_type(std::size_t k) const {
  nlohmann::json configuration = configurations.at(k);
  configuration["data_type"] = std::string(data_type->name);
  return configuration;
}

std::optional<std::string> CastVectorGroup::metadata_problem(std::size_t k) const {
  const nlohmann::json chain = nlohmann::json::array(
      {{{"name", "cast_value"}, {"configuration", configuration_with_data_type(k)}}});
  const FillValueCheck check = validate_array_metadata(*array_type, fill_value, chain);
  if (check.valid) return std::nullopt;
  return where() + " configuration " + std::to_string(k) + ": \"fill_value\" " +
         dump_json_exact(fill_value) + " is not valid metadata: " + check.message;
}

std::string CastVectorGroup::where() const {
  return file + " group " + std::to_string(index) + " (" + std::string(direction_name(direction)) +
         " " + std::string(input_type().name) + " -> " + std::string(output_type().name) + ")";
}

std::vector<CastVectorGroup> read_cast_vector_file(const std::string& path,
                                                   std::uint64_t* number_of_cases) {
  const nlohmann::json file = read_vector_file(path);
  if (number_of_cases != nullptr) {
    const std::optional<std::string> text = json_number_text(member(file, "number_of_cases", path));
    if (!text || text->empty() || text->size() > 18 ||
        text->find_first_not_of("0123456789") != std::string::npos)
      throw VectorFormatError(path + ": \"number_of_cases\" is not a non-negative integer");
    *number_of_cases = std::stoull(*text);
  }
  const std::string family = string_member(file, "family", path);
  if (family != "cast" && family != "scalar_map")
    throw VectorFormatError(path + ": family \"" + family + "\" holds no cast cases");
  const nlohmann::json& groups = vector_array(file, "groups", path);
  std::vector<CastVectorGroup> out;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const nlohmann::json& json = groups[g];
    const std::string where = path + " group " + std::to_string(g);
    CastVectorGroup group;
    group.file = path;
    group.index = g;
    group.family = family;
    const std::optional<Direction> direction =
        parse_direction(string_member(json, "direction", where));
    if (!direction) throw VectorFormatError(where + ": \"direction\" is not encode or decode");
    group.direction = *direction;
    group.array_type = &type_member(json, "array_data_type", where);
    group.data_type = &type_member(json, "data_type", where);
    group.fill_value = member(json, "fill_value", where);
    const nlohmann::json& configurations = member(json, "configurations", where);
    if (!configurations.is_array() || configurations.empty())
      throw VectorFormatError(where + ": \"configurations\" is not a non-empty array");
    for (std::size_t k = 0; k < configurations.size(); ++k) {
      group.configurations.push_back(configurations[k]);
      try {
        group.codecs.push_back(parse_cast_value_configuration(
            *group.array_type, group.configuration_with_data_type(k)));
      } catch (const MetadataError& error) {
        throw VectorFormatError(where + " configuration " + std::to_string(k) +
                                ": invalid: " + error.what());
      }
      const CastValueCodec& codec = group.codecs.back();
      group.rules.push_back(group.direction == Direction::Encode ? codec.encode_rule()
                                                                 : codec.decode_rule());
    }
    const DataType& input = *group.rules.front().input;
    const DataType& output = *group.rules.front().output;
    if (type_member(json, "input_type", where).name != input.name ||
        type_member(json, "output_type", where).name != output.name)
      throw VectorFormatError(where + ": input_type/output_type contradict the direction");
    const std::size_t count = configurations.size();
    const std::size_t per_rounding = count % kRoundingCount == 0 ? count / kRoundingCount : 0;
    const nlohmann::json& cases = vector_array(json, "cases", where);
    for (const nlohmann::json& case_json : cases) {
      VectorCase item;
      item.id = id_member(case_json, where);
      const std::string at = where + " case " + std::to_string(item.id);
      item.input = parse_result_text(input, string_member(case_json, "input", at), at).value_or(0);
      if (string_member(case_json, "input", at).starts_with("error:"))
        throw VectorFormatError(at + ": \"input\" is an error, not a pattern");
      const nlohmann::json& results = member(case_json, "results", at);
      if (!results.is_array() || (results.size() != count && results.size() != per_rounding))
        throw VectorFormatError(at + ": \"results\" must have " + std::to_string(count) +
                                " entries (or " + std::to_string(per_rounding) +
                                " when independent of the rounding mode)");
      for (std::size_t k = 0; k < count; ++k) {
        const nlohmann::json& result = results[k % results.size()];
        if (!result.is_string()) throw VectorFormatError(at + ": a result is not a string");
        parse_result_text(output, result.get<std::string>(), at);
        item.results.push_back(result.get<std::string>());
      }
      if (case_json.contains("flags")) {
        const nlohmann::json& flags = case_json["flags"];
        if (!flags.is_array()) throw VectorFormatError(at + ": \"flags\" is not an array");
        for (const nlohmann::json& flag : flags) {
          if (!flag.is_string() || find_flag(flag.get<std::string>()) == nullptr)
            throw VectorFormatError(at + ": unknown flag " + dump_json_exact(flag));
          item.flags.push_back(flag.get<std::string>());
        }
      }
      if (case_json.contains("alternatives")) {
        const nlohmann::json& alternatives = case_json["alternatives"];
        if (!alternatives.is_object())
          throw VectorFormatError(at + ": \"alternatives\" is not an object");
        for (const auto& [name, by_configuration] : alternatives.items()) {
          if (!by_configuration.is_object())
            throw VectorFormatError(at + ": alternative " + name + " is not an object");
          for (const auto& [index, result] : by_configuration.items()) {
            if (index.empty() || index.size() > 6 ||
                index.find_first_not_of("0123456789") != std::string::npos ||
                std::stoul(index) >= count || !result.is_string())
              throw VectorFormatError(at + ": alternative " + name + " has a bad entry " +
                                      dump_json_exact(index) + " (a configuration index below " +
                                      std::to_string(count) + " with a result string)");
            const std::size_t k = std::stoul(index);
            parse_result_text(output, result.get<std::string>(), at);
            item.alternatives[name][k] = result.get<std::string>();
          }
        }
      }
      group.cases.push_back(std::move(item));
    }
    out.push_back(std::move(group));
  }
  return out;
}

}  // namespace cvc
