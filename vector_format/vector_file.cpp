#include "vector_format/vector_file.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "oracle/io/input_file.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/readings.hpp"
#include "vector_format/json_cursor.hpp"
#include "vector_format/stable_id.hpp"

namespace cvc {
namespace {

// `value` as one line, numbers exact. Object keys are sorted (nlohmann's order), except that a
// case's identifying keys come first so that each line starts with what it is about.
std::string line(const nlohmann::json& value) {
  static constexpr std::string_view kLeadingKeys[] = {"id",   "stable_id", "input",
                                                      "json", "results",   "result"};
  if (!value.is_object()) return dump_json_exact(value);
  const auto is_leading = [](const std::string& key) {
    for (std::string_view leading : kLeadingKeys)
      if (key == leading) return true;
    return false;
  };
  std::string text = "{";
  const auto append = [&](const std::string& key, const nlohmann::json& member) {
    if (text.size() > 1) text += ",";
    text += dump_json_exact(key) + ":" + dump_json_exact(member);
  };
  for (std::string_view key : kLeadingKeys)
    if (value.contains(key)) append(std::string(key), value.at(std::string(key)));
  for (const auto& [key, member] : value.items())
    if (!is_leading(key)) append(key, member);
  return text + "}";
}

// The case as written: with its "stable_id" (vector_format/stable_id.hpp), computed from the
// content the line holds and its group's parameters.
nlohmann::json with_stable_id(const std::string& family, const nlohmann::json& group,
                              const nlohmann::json& item) {
  nlohmann::json written = item;
  written["stable_id"] = stable_case_id(family, group, item);
  return written;
}

// Throws unless `file` (a whole file or its header) is a cast-value-vectors file of the version
// this build reads.
void check_vector_header(const nlohmann::json& file, const std::string& path) {
  if (!file.is_object() || !file.contains("schema") ||
      file["schema"] != std::string(kVectorSchemaName))
    throw VectorFormatError(path + ": not a cast-value-vectors file (missing \"schema\": \"" +
                            std::string(kVectorSchemaName) + "\")");
  if (!file.contains("schema_version") || dump_json_exact(file["schema_version"]) != "1")
    throw VectorFormatError(path + ": unsupported schema_version (this build reads version 1)");
}

// The header members a reader of the groups looks at are all there, and the file is one this
// build reads.
bool is_complete_vector_header(const nlohmann::json& header) {
  return header.contains("schema") && header["schema"] == std::string(kVectorSchemaName) &&
         header.contains("schema_version") && dump_json_exact(header["schema_version"]) == "1" &&
         header.contains("family") && header.contains("number_of_cases");
}

}  // namespace

nlohmann::json note_for_flag(std::string_view flag_name) {
  const FlagInfo* info = find_flag(flag_name);
  if (info == nullptr) throw std::logic_error("no flag named " + std::string(flag_name));
  nlohmann::json alternatives = nlohmann::json::array();
  for (int k = 0; k < info->alternative_count(); ++k)
    alternatives.push_back(std::string(info->alternatives[k]));
  return {{"question", std::string(info->question)},
          {"default", std::string(info->default_choice)},
          {"alternatives", alternatives},
          {"spec", std::string(info->spec_text)},
          {"explained_in", "docs/readings.md#" + std::string(info->name)}};
}

std::string format_vector_file(const VectorFileHeader& header,
                               const std::vector<VectorGroup>& groups) {
  nlohmann::json notes = nlohmann::json::object();
  for (const std::string& flag : header.flags_used) notes[flag] = note_for_flag(flag);
  std::ostringstream out;
  out << "{\"schema\":" << line(kVectorSchemaName) << ",\n";
  out << "\"schema_version\":" << kVectorSchemaVersion << ",\n";
  out << "\"family\":" << line(header.family) << ",\n";
  out << "\"generator\":" << line("cvc generate " CVC_VERSION) << ",\n";
  out << "\"oracle\":" << line("cvc oracle " CVC_VERSION) << ",\n";
  const std::string spec = !header.spec.empty() ? header.spec : std::string(kCastValueSpecText);
  out << "\"spec\":" << line(spec) << ",\n";
  out << "\"number_of_cases\":" << header.number_of_cases << ",\n";
  out << "\"notes\":" << line(notes) << ",\n";
  out << "\"groups\":[";
  for (std::size_t g = 0; g < groups.size(); ++g) {
    std::string parameters = line(groups[g].parameters);
    parameters.pop_back();  // reopen the object to append the cases
    out << (g == 0 ? "\n" : ",\n") << parameters << (parameters.size() > 1 ? "," : "")
        << "\"cases\":[";
    for (std::size_t c = 0; c < groups[g].cases.size(); ++c)
      out << (c == 0 ? "\n" : ",\n")
          << line(with_stable_id(header.family, groups[g].parameters, groups[g].cases[c]));
    out << "]}";
  }
  out << "]}\n";
  return out.str();
}

std::string read_vector_file_text(const std::string& path) {
  try {
    return read_input_file(path);
  } catch (const InputFileError& error) {
    throw VectorFormatError(error.what());
  }
}

nlohmann::json read_vector_file(const std::string& path) {
  const std::string text = read_vector_file_text(path);
  nlohmann::json file;
  try {
    file = parse_json_exact(text);
  } catch (const JsonError& error) {
    throw VectorFormatError(path + ": not valid JSON: " + error.what());
  }
  check_vector_header(file, path);
  return file;
}

namespace {

// `read` with a cursor at the file's text, once the text is known to be a JSON object (else it is
// refused as the header check says); its JSON errors are reported as the file's.
template <typename Read>
nlohmann::json read_vector_object(std::string_view text, const std::string& path,
                                  const Read& read) {
  try {
    JsonCursor cursor(text);
    if (cursor.peek() != JsonCursor::Kind::Object) {
      cursor.skip_value();
      cursor.end_document();
      check_vector_header(nullptr, path);
    }
    return read(cursor);
  } catch (const JsonError& error) {
    throw VectorFormatError(path + ": not valid JSON: " + error.what());
  }
}

}  // namespace

nlohmann::json read_vector_text(std::string_view text, const std::string& path,
                                const VectorGroupsReader& read_groups) {
  return read_vector_object(text, path, [&](JsonCursor& cursor) {
    nlohmann::json header = nlohmann::json::object();
    const LargeMember groups = read_members_around(cursor, "groups", header, [&] {
      if (!is_complete_vector_header(header)) return false;
      read_groups(header, &cursor);
      return true;
    });
    cursor.end_document();
    check_vector_header(header, path);
    if (groups.deferred) {
      cursor.seek(*groups.deferred);
      read_groups(header, &cursor);
    } else if (!groups.present) {
      read_groups(header, nullptr);
    }
    return header;
  });
}

nlohmann::json read_vector_header(std::string_view text, const std::string& path) {
  return read_vector_object(text, path, [&](JsonCursor& cursor) {
    nlohmann::json header = nlohmann::json::object();
    cursor.begin_object();
    bool stopped = false;  // at "groups", the header complete
    std::string_view key;
    while (!stopped && cursor.next_member(key)) {
      if (key != "groups") {
        const std::string name(key);
        header[name] = cursor.read_json();
      } else if (is_complete_vector_header(header)) {
        stopped = true;
      } else {
        cursor.skip_value();
      }
    }
    if (!stopped) cursor.end_document();
    check_vector_header(header, path);
    return header;
  });
}

}  // namespace cvc
