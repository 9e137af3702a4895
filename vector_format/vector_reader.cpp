#include "vector_format/vector_reader.hpp"

#include "oracle/cast_result.hpp"
#include "oracle/json_exact.hpp"
#include "vector_format/vector_file.hpp"

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

// The file's "number_of_cases": a non-negative integer.
std::uint64_t number_of_cases_member(const nlohmann::json& file, const std::string& path) {
  const std::optional<std::string> text = json_number_text(member(file, "number_of_cases", path));
  if (!text || text->empty() || text->size() > 18 ||
      text->find_first_not_of("0123456789") != std::string::npos)
    throw VectorFormatError(path + ": \"number_of_cases\" is not a non-negative integer");
  return std::stoull(*text);
}

// The file's "family": one that holds cast cases.
std::string cast_family_member(const nlohmann::json& file, const std::string& path) {
  std::string family = string_member(file, "family", path);
  if (family != "cast" && family != "scalar_map")
    throw VectorFormatError(path + ": family \"" + family + "\" holds no cast cases");
  return family;
}

// --- One group ----------------------------------------------------------------------------------

// The group's direction, array and target data types and fill value.
void read_group_header(CastVectorGroup& group, const nlohmann::json& json,
                       const std::string& where) {
  const std::optional<Direction> direction =
      parse_direction(string_member(json, "direction", where));
  if (!direction) throw VectorFormatError(where + ": \"direction\" is not encode or decode");
  group.direction = *direction;
  group.array_type = &type_member(json, "array_data_type", where);
  group.data_type = &type_member(json, "data_type", where);
  group.fill_value = member(json, "fill_value", where);
}

// The group's configurations, each parsed into a codec and its rule for the group's direction.
void read_configurations(CastVectorGroup& group, const nlohmann::json& json,
                         const std::string& where) {
  const nlohmann::json& configurations = member(json, "configurations", where);
  if (!configurations.is_array() || configurations.empty())
    throw VectorFormatError(where + ": \"configurations\" is not a non-empty array");
  for (std::size_t k = 0; k < configurations.size(); ++k) {
    if (!configurations[k].is_object())
      throw VectorFormatError(where + " configuration " + std::to_string(k) +
                              ": not a JSON object");
    group.configurations.push_back(configurations[k]);
    try {
      group.codecs.push_back(
          parse_cast_value_configuration(*group.array_type, group.configuration_with_data_type(k)));
    } catch (const MetadataError& error) {
      throw VectorFormatError(where + " configuration " + std::to_string(k) +
                              ": invalid: " + error.what());
    }
    const CastValueCodec& codec = group.codecs.back();
    group.rules.push_back(group.direction == Direction::Encode ? codec.encode_rule()
                                                               : codec.decode_rule());
  }
}

// The group's "input_type" and "output_type" agree with its direction.
void check_input_output_types(const CastVectorGroup& group, const nlohmann::json& json,
                              const std::string& where) {
  if (type_member(json, "input_type", where).name != group.input_type().name ||
      type_member(json, "output_type", where).name != group.output_type().name)
    throw VectorFormatError(where + ": input_type/output_type contradict the direction");
}

// --- One case -----------------------------------------------------------------------------------

// What a case of the group is read against: its types and its number of configurations.
struct CaseShape {
  const DataType& input;
  const DataType& output;
  std::size_t count;         // configurations
  std::size_t per_rounding;  // configurations per rounding mode, 0 when they do not divide evenly
};

// The case's input: a pattern of the input type, never an error.
std::uint64_t read_case_input(const nlohmann::json& case_json, const CaseShape& shape,
                              const std::string& at) {
  const std::uint64_t input =
      parse_result_text(shape.input, string_member(case_json, "input", at), at).value_or(0);
  if (string_member(case_json, "input", at).starts_with("error:"))
    throw VectorFormatError(at + ": \"input\" is an error, not a pattern");
  return input;
}

// The case's results, one per configuration, or one per configuration of a rounding mode when
// they do not depend on it (expanded here to one per configuration).
std::vector<std::string> read_case_results(const nlohmann::json& case_json, const CaseShape& shape,
                                           const std::string& at) {
  const nlohmann::json& results = member(case_json, "results", at);
  // An empty list never fits, also when the configurations do not divide by the rounding modes
  // (per_rounding 0): every configuration needs its result.
  if (!results.is_array() || results.empty() ||
      (results.size() != shape.count && results.size() != shape.per_rounding))
    throw VectorFormatError(at + ": \"results\" must have " + std::to_string(shape.count) +
                            " entries (or " + std::to_string(shape.per_rounding) +
                            " when independent of the rounding mode)");
  std::vector<std::string> out;
  for (std::size_t k = 0; k < shape.count; ++k) {
    const nlohmann::json& result = results[k % results.size()];
    if (!result.is_string()) throw VectorFormatError(at + ": a result is not a string");
    parse_result_text(shape.output, result.get<std::string>(), at);
    out.push_back(result.get<std::string>());
  }
  return out;
}

// The case's "flags" (optional): names of known flags.
std::vector<std::string> read_case_flags(const nlohmann::json& case_json, const std::string& at) {
  std::vector<std::string> out;
  if (!case_json.contains("flags")) return out;
  const nlohmann::json& flags = case_json["flags"];
  if (!flags.is_array()) throw VectorFormatError(at + ": \"flags\" is not an array");
  for (const nlohmann::json& flag : flags) {
    if (!flag.is_string() || find_flag(flag.get<std::string>()) == nullptr)
      throw VectorFormatError(at + ": unknown flag " + dump_json_exact(flag));
    out.push_back(flag.get<std::string>());
  }
  return out;
}

// Alternatives: "FLAG=ALT" -> configuration index -> result under that reading.
using CaseAlternatives = std::map<std::string, std::map<std::size_t, std::string>>;

// One alternative of the case, `name` -> {index: result}, entered into `alternatives` entry by
// entry (an alternative with no entries is not entered).
void read_alternative(const std::string& name, const nlohmann::json& by_configuration,
                      const CaseShape& shape, const std::string& at,
                      CaseAlternatives& alternatives) {
  if (!by_configuration.is_object())
    throw VectorFormatError(at + ": alternative " + name + " is not an object");
  for (const auto& [index, result] : by_configuration.items()) {
    if (index.empty() || index.size() > 6 ||
        index.find_first_not_of("0123456789") != std::string::npos ||
        std::stoul(index) >= shape.count || !result.is_string())
      throw VectorFormatError(at + ": alternative " + name + " has a bad entry " +
                              dump_json_exact(index) + " (a configuration index below " +
                              std::to_string(shape.count) + " with a result string)");
    const std::size_t k = std::stoul(index);
    parse_result_text(shape.output, result.get<std::string>(), at);
    alternatives[name][k] = result.get<std::string>();
  }
}

// The case's "alternatives" (optional).
CaseAlternatives read_case_alternatives(const nlohmann::json& case_json, const CaseShape& shape,
                                        const std::string& at) {
  CaseAlternatives out;
  if (!case_json.contains("alternatives")) return out;
  const nlohmann::json& alternatives = case_json["alternatives"];
  if (!alternatives.is_object())
    throw VectorFormatError(at + ": \"alternatives\" is not an object");
  for (const auto& [name, by_configuration] : alternatives.items())
    read_alternative(name, by_configuration, shape, at, out);
  return out;
}

// One case: its id, input, results, flags and alternatives.
VectorCase read_case(const nlohmann::json& case_json, const CaseShape& shape,
                     const std::string& where) {
  VectorCase item;
  item.id = id_member(case_json, where);
  const std::string at = where + " case " + std::to_string(item.id);
  item.input = read_case_input(case_json, shape, at);
  item.results = read_case_results(case_json, shape, at);
  item.flags = read_case_flags(case_json, at);
  item.alternatives = read_case_alternatives(case_json, shape, at);
  return item;
}

// Group g of the file: its header, its configurations (checked against "input_type" and
// "output_type"), then its cases.
CastVectorGroup read_group(const nlohmann::json& json, const std::string& path, std::size_t g,
                           const std::string& family) {
  const std::string where = path + " group " + std::to_string(g);
  CastVectorGroup group;
  group.file = path;
  group.index = g;
  group.family = family;
  read_group_header(group, json, where);
  read_configurations(group, json, where);
  check_input_output_types(group, json, where);
  const std::size_t count = group.configurations.size();
  const CaseShape shape{group.input_type(), group.output_type(), count,
                        count % kRoundingCount == 0 ? count / kRoundingCount : 0};
  for (const nlohmann::json& case_json : vector_array(json, "cases", where))
    group.cases.push_back(read_case(case_json, shape, where));
  return group;
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
  if (number_of_cases != nullptr) *number_of_cases = number_of_cases_member(file, path);
  const std::string family = cast_family_member(file, path);
  const nlohmann::json& groups = vector_array(file, "groups", path);
  std::vector<CastVectorGroup> out;
  for (std::size_t g = 0; g < groups.size(); ++g)
    out.push_back(read_group(groups[g], path, g, family));
  return out;
}

}  // namespace cvc
