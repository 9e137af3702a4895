#include "vector_format/stable_id_check.hpp"

#include <set>
#include <stdexcept>

#include "oracle/io/json_exact.hpp"
#include "vector_format/stable_id.hpp"
#include "vector_format/vector_check_support.hpp"

namespace cvc {
namespace {

// "PATH group 3 (encode float32 int8)", "PATH group 0 (codec structure)": the group's position
// and the members that say what it holds.
std::string group_where(const std::string& path, std::size_t g, const nlohmann::json& group) {
  std::string label;
  for (const char* key : {"category", "direction", "array_data_type", "data_type"})
    if (group.contains(key) && group[key].is_string())
      label += (label.empty() ? "" : " ") + group[key].get<std::string>();
  return path + " group " + std::to_string(g) + (label.empty() ? "" : " (" + label + ")");
}

std::string case_where(const std::string& group, const nlohmann::json& item, std::size_t c) {
  const std::optional<std::string> id =
      item.is_object() && item.contains("id") ? json_number_text(item["id"]) : std::nullopt;
  return group + " case " + (id ? *id : "at position " + std::to_string(c));
}

// Each configuration of a cast group has a label of its own, so that the ids of a line's results
// (the line's id, "/", the label) are distinct.
void check_configuration_labels(const nlohmann::json& group, const std::string& where,
                                const FileProblems& problem) {
  if (!group.contains("configurations") || !group["configurations"].is_array()) return;
  std::set<std::string> labels;
  for (const nlohmann::json& configuration : group["configurations"]) {
    try {
      if (!labels.insert(configuration_label(configuration)).second)
        problem(where + ": two configurations have the label " +
                configuration_label(configuration) + ", so their results would share an id");
    } catch (const std::invalid_argument& error) {
      problem(where + ": a configuration has no label for its results' ids: " + error.what());
    }
  }
}

}  // namespace

StableIdCheck::StableIdCheck(const std::string& vectors_version)
    : required_(stable_ids_required(vectors_version)) {}

void StableIdCheck::check_file(const std::string& path, const std::string& family,
                               const nlohmann::json& file, VectorCheckReport& report) {
  static const std::set<std::string> kFamilies = {"cast", "scalar_map", "chain", "metadata",
                                                  "scalars"};
  // A file of another family, or without groups: the family's check says what is wrong.
  if (!kFamilies.count(family) || !file.contains("groups") || !file["groups"].is_array()) return;
  const FileProblems problem(report);
  const nlohmann::json& groups = file["groups"];
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const nlohmann::json& group = groups[g];
    if (!group.is_object() || !group.contains("cases") || !group["cases"].is_array()) continue;
    const std::string where = group_where(path, g, group);
    if (family == "cast") check_configuration_labels(group, where, problem);
    const nlohmann::json& cases = group["cases"];
    for (std::size_t c = 0; c < cases.size(); ++c) {
      const nlohmann::json& item = cases[c];
      const std::string at = case_where(where, item, c);
      if (!item.is_object() || !item.contains("stable_id")) {
        if (required_)
          problem(at + ": no \"stable_id\" (every case line has one since vectors " +
                  std::string(kStableIdsSinceVersion) + ")");
        continue;
      }
      if (!item["stable_id"].is_string()) {
        problem(at + ": \"stable_id\" is not a string");
        continue;
      }
      const std::string listed = item["stable_id"].get<std::string>();
      std::string computed;
      try {
        computed = stable_case_id(family, group, item);
      } catch (const std::invalid_argument& error) {
        problem(at + ": no stable id can be computed: " + error.what());
        continue;
      }
      if (listed != computed)
        problem(at + ": \"stable_id\" is " + dump_json_exact(listed) + " but its content gives " +
                dump_json_exact(computed) + " (vectors/README.md, \"Case ids\")");
      const auto [seen, inserted] = where_seen_.emplace(listed, at);
      if (!inserted)
        problem(at + ": \"stable_id\" " + dump_json_exact(listed) + " is also the id of " +
                seen->second);
    }
  }
}

}  // namespace cvc
