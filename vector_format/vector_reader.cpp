#include "vector_format/vector_reader.hpp"

#include <array>
#include <optional>

#include "oracle/cast_result.hpp"
#include "oracle/codec_chain.hpp"
#include "oracle/io/json_exact.hpp"
#include "vector_format/json_cursor.hpp"
#include "vector_format/vector_file.hpp"
#include "vector_format/written_case_line.hpp"

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
  return vector_data_type(object, key, where);
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

// The result `text` writes in `type`; throws (naming the case: `at()`) when it is not one.
template <typename Where>
CastResult checked_result(const DataType& type, std::string_view text, const Where& at) {
  CastResult result;
  if (!parse_result(type, text, result)) parse_result_text(type, text, at());  // says why
  return result;
}

// Reads the cases of one group from the cursor, one at a time into `item` (reused, so that a case
// costs no allocation): its id, input, results, flags and alternatives. The members are read
// where they stand once the id is known (as written, it comes first); a member before the id is
// read when the case's object is done, so that every message can name the case.
class CaseReader {
 public:
  CaseReader(JsonCursor& cursor, const CaseShape& shape, const std::string& where)
      : cursor_(cursor), shape_(shape), where_(where) {}

  const VectorCase& read() {
    if (cursor_.peek() != JsonCursor::Kind::Object)
      throw VectorFormatError(where_ + ": not a JSON object");
    // Most lines as written, byte by byte (the object and the containers in it within the
    // nesting limit); any other by the members below.
    if (cursor_.depth() + 3 <= kMaxJsonDepth)
      if (const std::size_t length =
              read_written_case_line(cursor_.rest(), shape_, item_, written_)) {
        cursor_.skip_bytes(length);
        return item_;
      }
    item_.stable_id.clear();
    item_.flags.clear();
    item_.alternatives.clear();
    std::array<std::optional<JsonCursor::Mark>, kMembers> deferred;
    std::array<bool, kMembers> read{};
    bool has_id = false;
    cursor_.begin_object();
    std::string_view key;
    while (cursor_.next_member(key)) {
      if (key == "id") {
        read_id();
        has_id = true;
        continue;
      }
      const int member = member_named(key);
      if (member < 0) {
        cursor_.skip_value();
      } else if (has_id) {
        read_member(member);
        read[member] = true;
      } else {
        deferred[member] = cursor_.mark();
        cursor_.skip_value();
      }
    }
    if (!has_id) throw VectorFormatError(where_ + ": missing \"id\"");
    const JsonCursor::Mark end = cursor_.mark();
    for (int member = 0; member < kMembers; ++member) {
      if (deferred[member]) {
        cursor_.seek(*deferred[member]);
        read_member(member);
        read[member] = true;
      }
      if (!read[member] && (member == kInput || member == kResults))
        throw VectorFormatError(at() + ": missing \"" + std::string(kMemberNames[member]) + "\"");
    }
    cursor_.seek(end);
    return item_;
  }

 private:
  enum Member { kInput, kResults, kFlags, kAlternatives, kStableId, kMembers };
  static constexpr std::array<std::string_view, kMembers> kMemberNames = {
      "input", "results", "flags", "alternatives", "stable_id"};

  static int member_named(std::string_view key) {
    for (int member = 0; member < kMembers; ++member)
      if (kMemberNames[member] == key) return member;
    return -1;
  }

  std::string at() const { return where_ + " case " + std::to_string(item_.id); }

  void read_member(int member) {
    switch (member) {
      case kInput:
        return read_input();
      case kResults:
        return read_results();
      case kFlags:
        return read_flags();
      case kStableId:
        return read_stable_id();
      default:
        return read_alternatives();
    }
  }

  // The case's "stable_id" (optional here: cvc verify-vectors says where it is required): a
  // string.
  void read_stable_id() {
    if (cursor_.peek() != JsonCursor::Kind::String)
      throw VectorFormatError(at() + ": \"stable_id\" is not a string");
    item_.stable_id.assign(cursor_.read_string());  // into the line before's buffer
  }

  // The case's "flags" (optional): names of known flags.
  void read_flags() {
    if (cursor_.peek() != JsonCursor::Kind::Array)
      throw VectorFormatError(at() + ": \"flags\" is not an array");
    cursor_.begin_array();
    while (cursor_.next_element()) {
      if (cursor_.peek() != JsonCursor::Kind::String)
        throw VectorFormatError(at() + ": unknown flag " + dump_json_exact(cursor_.read_json()));
      const std::string_view flag = cursor_.read_string();
      if (find_flag(flag) == nullptr)
        throw VectorFormatError(at() + ": unknown flag " +
                                dump_json_exact(nlohmann::json(std::string(flag))));
      item_.flags.emplace_back(flag);
    }
  }

  // The case's "alternatives" (optional): "FLAG=ALT" -> {configuration index: result}, entered
  // entry by entry (an alternative with no entries is not entered).
  void read_alternatives() {
    if (cursor_.peek() != JsonCursor::Kind::Object)
      throw VectorFormatError(at() + ": \"alternatives\" is not an object");
    cursor_.begin_object();
    std::string_view key;
    while (cursor_.next_member(key)) {
      const std::string name(key);
      if (cursor_.peek() != JsonCursor::Kind::Object)
        throw VectorFormatError(at() + ": alternative " + name + " is not an object");
      cursor_.begin_object();
      while (cursor_.next_member(key)) {
        const std::optional<std::size_t> k = configuration_index(key);
        if (!k || cursor_.peek() != JsonCursor::Kind::String)
          throw VectorFormatError(at() + ": alternative " + name + " has a bad entry " +
                                  dump_json_exact(nlohmann::json(std::string(key))) +
                                  " (a configuration index below " + std::to_string(shape_.count) +
                                  " with a result string)");
        item_.alternatives[name][*k] =
            checked_result(shape_.output, cursor_.read_string(), [&] { return at(); });
      }
    }
  }

  // A configuration index of the group written as an alternative's key: up to six digits.
  std::optional<std::size_t> configuration_index(std::string_view key) const {
    if (key.empty() || key.size() > 6 || key.find_first_not_of("0123456789") != key.npos)
      return std::nullopt;
    std::size_t k = 0;
    for (const char digit : key) k = k * 10 + static_cast<std::size_t>(digit - '0');
    if (k >= shape_.count) return std::nullopt;
    return k;
  }

  // An integer from 0 to 10^18 - 1, written as plain digits.
  void read_id() {
    const auto refuse = [&] {
      throw VectorFormatError(where_ + ": \"id\" is not an integer from 0 to 10^18 - 1");
    };
    if (cursor_.peek() != JsonCursor::Kind::Number) refuse();
    const std::string_view text = cursor_.read_number();
    if (text.size() > 18 || text.find_first_not_of("0123456789") != std::string_view::npos)
      refuse();
    std::uint64_t id = 0;
    for (const char digit : text) id = id * 10 + static_cast<std::uint64_t>(digit - '0');
    item_.id = id;
  }

  // The case's input: a pattern of the input type, never an error.
  void read_input() {
    if (cursor_.peek() != JsonCursor::Kind::String)
      throw VectorFormatError(at() + ": \"input\" is not a string");
    const CastResult input =
        checked_result(shape_.input, cursor_.read_string(), [&] { return at(); });
    if (!input.ok()) throw VectorFormatError(at() + ": \"input\" is an error, not a pattern");
    item_.input = input.bits;
  }

  // The case's results, one per configuration, or one per configuration of a rounding mode when
  // they do not depend on it (expanded here to one per configuration). The count is checked
  // before the entries, each in turn.
  void read_results() {
    const auto wrong_count = [&] {
      // An empty list never fits, also when the configurations do not divide by the rounding
      // modes (per_rounding 0): every configuration needs its result.
      throw VectorFormatError(at() + ": \"results\" must have " + std::to_string(shape_.count) +
                              " entries (or " + std::to_string(shape_.per_rounding) +
                              " when independent of the rounding mode)");
    };
    if (cursor_.peek() != JsonCursor::Kind::Array) wrong_count();
    written_.clear();
    std::optional<std::size_t> first_bad;  // the first entry that is not a result
    std::optional<std::string> bad_text;   // its text, when it is a string
    cursor_.begin_array();
    while (cursor_.next_element()) {
      CastResult result;
      if (cursor_.peek() != JsonCursor::Kind::String) {
        cursor_.skip_value();
        if (!first_bad) first_bad = written_.size();
      } else if (const std::string_view text = cursor_.read_string();
                 !parse_result(shape_.output, text, result) && !first_bad) {
        first_bad = written_.size();
        bad_text = std::string(text);
      }
      written_.push_back(result);
    }
    const std::size_t size = written_.size();
    if (size == 0 || (size != shape_.count && size != shape_.per_rounding)) wrong_count();
    if (first_bad && !bad_text) throw VectorFormatError(at() + ": a result is not a string");
    if (first_bad) parse_result_text(shape_.output, *bad_text, at());  // says why
    item_.results.resize(shape_.count);
    for (std::size_t k = 0; k < shape_.count; ++k) item_.results[k] = written_[k % size];
  }

  JsonCursor& cursor_;
  const CaseShape& shape_;
  const std::string& where_;
  VectorCase item_;
  std::vector<CastResult> written_;  // the results as written, before expansion
};

// --- One group ----------------------------------------------------------------------------------

// The header members of a group: once all are read, its cases can be read where they stand.
bool has_group_header(const nlohmann::json& parameters) {
  for (const char* key : {"direction", "array_data_type", "data_type", "fill_value",
                          "configurations", "input_type", "output_type"})
    if (!parameters.contains(key)) return false;
  return true;
}

// The group's header, configurations (checked against "input_type" and "output_type").
void read_group_parameters(CastVectorGroup& group, const nlohmann::json& parameters,
                           const std::string& where) {
  read_group_header(group, parameters, where);
  read_configurations(group, parameters, where);
  check_input_output_types(group, parameters, where);
}

// The group's cases, at the cursor: every one checked, handed to the sink when it wants them.
void read_group_cases(JsonCursor& cursor, const CastVectorGroup& group, const std::string& where,
                      CastVectorSink& sink) {
  if (cursor.peek() != JsonCursor::Kind::Array)
    throw VectorFormatError(where + ": \"cases\" is not an array");
  cursor.begin_array();
  if (!cursor.next_element()) throw VectorFormatError(where + ": \"cases\" is empty");
  const bool wanted = sink.begin_group(group);
  const std::size_t count = group.configurations.size();
  const CaseShape shape{group.input_type(), group.output_type(), count,
                        count % kRoundingCount == 0 ? count / kRoundingCount : 0};
  CaseReader reader(cursor, shape, where);
  do {
    const VectorCase& item = reader.read();
    if (wanted) sink.add_case(group, item);
  } while (cursor.next_element());
  sink.end_group(group);
}

// Group g of the file, at the cursor: its parameters (every member but "cases"), then its cases.
// As written, "cases" comes last; when it comes before a parameter, it is read after them.
void read_group(JsonCursor& cursor, const std::string& path, std::size_t g,
                const std::string& family, CastVectorSink& sink) {
  const std::string where = path + " group " + std::to_string(g);
  if (cursor.peek() != JsonCursor::Kind::Object)
    throw VectorFormatError(where + ": not a JSON object");
  CastVectorGroup group;
  group.file = path;
  group.index = g;
  group.family = family;
  nlohmann::json parameters = nlohmann::json::object();
  bool parameters_read = false;
  const LargeMember cases = read_members_around(cursor, "cases", parameters, [&] {
    if (!has_group_header(parameters)) return false;
    read_group_parameters(group, parameters, where);
    parameters_read = true;
    read_group_cases(cursor, group, where, sink);
    return true;
  });
  if (!parameters_read) read_group_parameters(group, parameters, where);
  if (cases.deferred) {
    const JsonCursor::Mark end = cursor.mark();
    cursor.seek(*cases.deferred);
    read_group_cases(cursor, group, where, sink);
    cursor.seek(end);
  } else if (!cases.present) {
    throw VectorFormatError(where + ": missing \"cases\"");
  }
}

// Keeps every group with its cases.
class CollectingSink : public CastVectorSink {
 public:
  bool begin_group(const CastVectorGroup& group) override {
    groups.push_back(group);
    return true;
  }
  void add_case(const CastVectorGroup& /*group*/, const VectorCase& item) override {
    groups.back().cases.push_back(item);
  }
  std::vector<CastVectorGroup> groups;
};

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

const DataType& vector_data_type(const nlohmann::json& object, const char* key,
                                 const std::string& where) {
  const std::string name = vector_string(object, key, where);
  const DataType* type = find_data_type(name);
  if (type == nullptr)
    throw VectorFormatError(where + ": \"" + key + "\" names an unknown data type \"" + name +
                            "\"");
  return *type;
}

const nlohmann::json& vector_array(const nlohmann::json& object, const char* key,
                                   const std::string& where) {
  const nlohmann::json& value = vector_member(object, key, where);
  if (!value.is_array()) throw VectorFormatError(where + ": \"" + key + "\" is not an array");
  if (value.empty()) throw VectorFormatError(where + ": \"" + key + "\" is empty");
  return value;
}

std::uint64_t vector_number_of_cases(const nlohmann::json& file, const std::string& path) {
  const std::optional<std::string> text =
      json_number_text(vector_member(file, "number_of_cases", path));
  if (!text || text->empty() || text->size() > 18 ||
      text->find_first_not_of("0123456789") != std::string::npos)
    throw VectorFormatError(path + ": \"number_of_cases\" is not a non-negative integer");
  return std::stoull(*text);
}

nlohmann::json CastVectorGroup::configuration_with_data_type(std::size_t k) const {
  nlohmann::json configuration = configurations.at(k);
  configuration["data_type"] = std::string(data_type->name);
  return configuration;
}

std::optional<std::string> CastVectorGroup::metadata_problem(std::size_t k) const {
  const nlohmann::json chain = nlohmann::json::array(
      {{{"name", "cast_value"}, {"configuration", configuration_with_data_type(k)}}});
  const FillValueCheck check =
      validate_array_metadata(*array_type, fill_value, with_implied_bytes_codec(chain));
  if (check.valid) return std::nullopt;
  return where() + " configuration " + std::to_string(k) + ": \"fill_value\" " +
         dump_json_exact(fill_value) + " is not valid metadata: " + check.message;
}

std::string CastVectorGroup::where() const {
  return file + " group " + std::to_string(index) + " (" + std::string(direction_name(direction)) +
         " " + std::string(input_type().name) + " -> " + std::string(output_type().name) + ")";
}

void read_cast_vector_groups(const nlohmann::json& header, JsonCursor* groups,
                             const std::string& path, CastVectorSink& sink,
                             std::uint64_t* number_of_cases) {
  if (number_of_cases != nullptr) *number_of_cases = vector_number_of_cases(header, path);
  const std::string family = cast_family_member(header, path);
  if (groups == nullptr) throw VectorFormatError(path + ": missing \"groups\"");
  if (groups->peek() != JsonCursor::Kind::Array)
    throw VectorFormatError(path + ": \"groups\" is not an array");
  groups->begin_array();
  if (!groups->next_element()) throw VectorFormatError(path + ": \"groups\" is empty");
  std::size_t g = 0;
  do {
    read_group(*groups, path, g++, family, sink);
  } while (groups->next_element());
}

std::vector<CastVectorGroup> read_cast_vector_file(const std::string& path,
                                                   std::uint64_t* number_of_cases) {
  return read_cast_vector_text(read_vector_file_text(path), path, number_of_cases);
}

std::vector<CastVectorGroup> read_cast_vector_text(std::string_view text, const std::string& path,
                                                   std::uint64_t* number_of_cases) {
  CollectingSink sink;
  read_vector_text(text, path, [&](const nlohmann::json& header, JsonCursor* groups) {
    read_cast_vector_groups(header, groups, path, sink, number_of_cases);
  });
  return std::move(sink.groups);
}

}  // namespace cvc
