#include "vector_format/chain_vector_reader.hpp"

#include <cstdint>

#include "oracle/codec_metadata.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/readings.hpp"
#include "vector_format/json_cursor.hpp"
#include "vector_format/vector_file.hpp"
#include "vector_format/vector_reader.hpp"

namespace cvc {
// The file's helpers, in a namespace of their own: the library is built in unity batches.
namespace chain_reading {
namespace {

// A non-negative integer written as plain digits, at most `largest` ("id" and "number_of_cases":
// 10^18 - 1, as in the other families; "seed": any 64-bit value).
std::uint64_t count_member(const nlohmann::json& object, const char* key, const std::string& where,
                           std::uint64_t largest = 999'999'999'999'999'999ull) {
  const std::optional<std::string> text = json_number_text(vector_member(object, key, where));
  const auto refuse = [&]() -> std::uint64_t {
    throw VectorFormatError(
        where + ": \"" + key + "\" is not an integer from 0 to " +
        (largest == UINT64_MAX ? std::string("2^64 - 1") : std::string("10^18 - 1")));
  };
  if (!text || text->empty() || text->size() > 20 ||
      text->find_first_not_of("0123456789") != std::string::npos)
    return refuse();
  std::uint64_t value = 0;
  for (const char digit : *text) {
    const auto d = static_cast<std::uint64_t>(digit - '0');
    if (value > (UINT64_MAX - d) / 10) return refuse();
    value = value * 10 + d;
  }
  return value <= largest ? value : refuse();
}

// --- One group's parameters ---------------------------------------------------------------------

// The direction, the array type, the chain (parsed by the oracle), the fill value and the seed.
void read_group_parameters(ChainVectorGroup& group, const nlohmann::json& json,
                           const std::string& where) {
  if (json.contains("purpose")) group.purpose = vector_string(json, "purpose", where);
  const std::optional<Direction> direction =
      parse_direction(vector_string(json, "direction", where));
  if (!direction) throw VectorFormatError(where + ": \"direction\" is not encode or decode");
  group.direction = *direction;
  group.array_type = &vector_data_type(json, "array_data_type", where);
  group.codecs = vector_array(json, "codecs", where);
  try {
    group.chain = parse_array_chain(*group.array_type, group.codecs);
  } catch (const MetadataError& error) {
    throw VectorFormatError(where +
                            ": \"codecs\" is not a chain the oracle accepts: " + error.what());
  }
  group.fill_value = vector_member(json, "fill_value", where);
  if (json.contains("seed")) group.seed = count_member(json, "seed", where, UINT64_MAX);
  const bool encode = group.direction == Direction::Encode;
  group.input_type = encode ? group.chain.array_type : &group.chain.output_type();
  group.output_type = encode ? &group.chain.output_type() : group.chain.array_type;
  if (vector_data_type(json, "input_type", where).name != group.input_type->name ||
      vector_data_type(json, "output_type", where).name != group.output_type->name)
    throw VectorFormatError(where +
                            ": input_type/output_type contradict the direction and the "
                            "chain (" +
                            std::string(group.input_type->name) + " -> " +
                            std::string(group.output_type->name) + ")");
}

// --- One case -----------------------------------------------------------------------------------

// "FLAG=ALT" naming a known flag and one of its alternatives.
bool is_alternative_name(const std::string& name) {
  const std::size_t equals = name.find('=');
  if (equals == std::string::npos) return false;
  const FlagInfo* info = find_flag(std::string_view(name).substr(0, equals));
  if (info == nullptr) return false;
  for (int k = 0; k < info->alternative_count(); ++k)
    if (info->alternatives[k] == std::string_view(name).substr(equals + 1)) return true;
  return false;
}

// A result string of the group's output type.
ChainExpectation result_member(const ChainVectorGroup& group, const nlohmann::json& value,
                               const std::string& what, const std::string& at) {
  if (!value.is_string()) throw VectorFormatError(at + ": " + what + " is not a string");
  return parse_chain_result(*group.output_type, value.get<std::string>(), at);
}

// "error_at": present exactly on an error, the path of one of the chain's codecs.
void read_error_at(const ChainVectorGroup& group, const nlohmann::json& json,
                   ChainExpectation& expected, const std::string& at) {
  if (expected.ok()) {
    if (json.contains("error_at"))
      throw VectorFormatError(at + ": \"error_at\" on a result that is not an error");
    return;
  }
  expected.error_at = vector_string(json, "error_at", at);
  for (const ChainStep& step : group.chain.steps)
    if (step.path == expected.error_at) return;
  throw VectorFormatError(at + ": \"error_at\" \"" + expected.error_at +
                          "\" names no codec of the group's chain");
}

void read_flags(const nlohmann::json& json, ChainVectorCase& item, const std::string& at) {
  if (!json.contains("flags")) return;
  const nlohmann::json& flags = json["flags"];
  if (!flags.is_array()) throw VectorFormatError(at + ": \"flags\" is not an array");
  for (const nlohmann::json& flag : flags) {
    if (!flag.is_string() || find_flag(flag.get<std::string>()) == nullptr)
      throw VectorFormatError(at + ": unknown flag " + dump_json_exact(flag));
    item.flags.push_back(flag.get<std::string>());
  }
}

void read_alternatives(const ChainVectorGroup& group, const nlohmann::json& json,
                       ChainVectorCase& item, const std::string& at) {
  if (!json.contains("alternatives")) return;
  const nlohmann::json& alternatives = json["alternatives"];
  if (!alternatives.is_object())
    throw VectorFormatError(at + ": \"alternatives\" is not an object");
  for (const auto& [name, result] : alternatives.items()) {
    if (!is_alternative_name(name))
      throw VectorFormatError(at + ": \"alternatives\" names no flag and alternative: \"" + name +
                              "\" (FLAG=ALTERNATIVE, as cvc readings lists them)");
    item.alternatives[name] = result_member(group, result, "alternative " + name, at);
  }
}

ChainVectorCase read_case(const ChainVectorGroup& group, const nlohmann::json& json,
                          const std::string& where) {
  if (!json.is_object()) throw VectorFormatError(where + ": a case is not a JSON object");
  ChainVectorCase item;
  item.id = count_member(json, "id", where);
  const std::string at = where + " case " + std::to_string(item.id);
  // The input: a pattern of the input type, never an error.
  const ChainExpectation input =
      parse_chain_result(*group.input_type, vector_string(json, "input", at), at);
  if (!input.ok()) throw VectorFormatError(at + ": \"input\" is an error, not a pattern");
  item.input = *input.bits;
  if (json.contains("stable_id")) item.stable_id = vector_string(json, "stable_id", at);
  item.expected = result_member(group, vector_member(json, "result", at), "\"result\"", at);
  read_error_at(group, json, item.expected, at);
  read_flags(json, item, at);
  read_alternatives(group, json, item, at);
  return item;
}

// --- One group ----------------------------------------------------------------------------------

ChainVectorGroup read_group(const nlohmann::json& json, const std::string& path, std::size_t g) {
  const std::string numbered = path + " group " + std::to_string(g);
  if (!json.is_object()) throw VectorFormatError(numbered + ": not a JSON object");
  ChainVectorGroup group;
  group.file = path;
  group.index = g;
  read_group_parameters(group, json, numbered);
  const std::string where = group.where();
  for (const nlohmann::json& item : vector_array(json, "cases", where))
    group.cases.push_back(read_case(group, item, where));
  return group;
}

// The groups of a chain file, at the cursor.
std::vector<ChainVectorGroup> read_groups(const nlohmann::json& header, JsonCursor* groups,
                                          const std::string& path, std::uint64_t* number_of_cases) {
  const std::uint64_t declared = count_member(header, "number_of_cases", path);
  if (number_of_cases != nullptr) *number_of_cases = declared;
  const std::string family = vector_string(header, "family", path);
  if (family != "chain")
    throw VectorFormatError(path + ": family \"" + family + "\" is not the chain family");
  if (groups == nullptr) throw VectorFormatError(path + ": missing \"groups\"");
  if (groups->peek() != JsonCursor::Kind::Array)
    throw VectorFormatError(path + ": \"groups\" is not an array");
  std::vector<ChainVectorGroup> read;
  groups->begin_array();
  while (groups->next_element()) read.push_back(read_group(groups->read_json(), path, read.size()));
  if (read.empty()) throw VectorFormatError(path + ": \"groups\" is empty");
  return read;
}

}  // namespace
}  // namespace chain_reading

ChainResult ChainVectorGroup::compute(std::uint64_t input, const Readings& readings,
                                      const ElementOracle& oracle) const {
  return direction == Direction::Encode ? encode_through(chain, input, readings, oracle)
                                        : decode_through(chain, input, readings, oracle);
}

nlohmann::json ChainVectorGroup::array_metadata() const {
  nlohmann::json codecs_with_bytes = codecs;
  codecs_with_bytes.push_back({{"name", "bytes"}, {"configuration", {{"endian", "little"}}}});
  return {{"data_type", std::string(array_type->name)},
          {"fill_value", fill_value},
          {"codecs", codecs_with_bytes}};
}

std::string ChainVectorGroup::where() const {
  return file + " group " + std::to_string(index) + " (" + std::string(direction_name(direction)) +
         " " + std::string(input_type->name) + " -> " + std::string(output_type->name) + ")";
}

std::vector<ChainVectorGroup> read_chain_vector_groups(const nlohmann::json& header,
                                                       JsonCursor* groups, const std::string& path,
                                                       std::uint64_t* number_of_cases) {
  return chain_reading::read_groups(header, groups, path, number_of_cases);
}

std::vector<ChainVectorGroup> read_chain_vector_file(const std::string& path,
                                                     std::uint64_t* number_of_cases) {
  return read_chain_vector_text(read_vector_file_text(path), path, number_of_cases);
}

std::vector<ChainVectorGroup> read_chain_vector_text(std::string_view text, const std::string& path,
                                                     std::uint64_t* number_of_cases) {
  std::vector<ChainVectorGroup> groups;
  read_vector_text(text, path, [&](const nlohmann::json& header, JsonCursor* cursor) {
    groups = read_chain_vector_groups(header, cursor, path, number_of_cases);
  });
  return groups;
}

}  // namespace cvc
