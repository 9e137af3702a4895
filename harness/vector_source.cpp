#include "harness/vector_source.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "generators/vector_file.hpp"
#include "harness/vector_reader.hpp"
#include "oracle/json_exact.hpp"

namespace cvc {
namespace {

std::string rule_label(const CastRule& rule) {
  return std::string(rounding_name(rule.rounding)) + " / " +
         std::string(out_of_range_name(rule.out_of_range));
}

}  // namespace

VectorCaseSource::VectorCaseSource(std::string directory, CaseFilter filter)
    : directory_(std::move(directory)), filter_(std::move(filter)) {
  const std::filesystem::path manifest = std::filesystem::path(directory_) / "manifest.json";
  std::ifstream in(manifest);
  if (!in) throw std::runtime_error(manifest.string() + ": cannot open (is this a vector folder?)");
  std::stringstream text;
  text << in.rdbuf();
  nlohmann::json json;
  try {
    json = parse_json_exact(text.str());
  } catch (const JsonError& error) {
    throw std::runtime_error(manifest.string() + ": not valid JSON: " + error.what());
  }
  if (!json.contains("files") || !json["files"].is_array())
    throw std::runtime_error(manifest.string() + ": no \"files\" array");
  for (const nlohmann::json& entry : json["files"])
    files_.push_back(entry.at("path").get<std::string>());
}

void VectorCaseSource::load(const std::string& relative_path) {
  const std::string path = (std::filesystem::path(directory_) / relative_path).string();
  const nlohmann::json file = read_vector_file(path);
  const std::string family = file.value("family", "");
  if (!filter_.matches_family(family)) return;
  if (family == "cast" || family == "scalar_map") {
    for (const CastVectorGroup& group : read_cast_vector_file(path)) {
      if (!filter_.matches_direction(direction_name(group.direction)) ||
          !filter_.matches_types({&group.input_type(), &group.output_type()}))
        continue;
      for (std::size_t k = 0; k < group.rules.size(); ++k) {
        CastBatch batch;
        batch.family = family;
        batch.rule = group.rules[k];
        batch.request.direction = group.direction;
        batch.request.array_type = group.array_type;
        batch.request.fill_value = group.fill_value;
        batch.request.codec = {{"name", "cast_value"},
                               {"configuration", group.configuration_with_data_type(k)}};
        batch.request.input = &group.input_type();
        batch.request.output = &group.output_type();
        batch.configuration = dump_json_exact(group.configuration_with_data_type(k));
        batch.rule_label = rule_label(batch.rule);
        for (const VectorCase& item : group.cases) {
          ExpectedElement element;
          element.input = item.input;
          element.expected = item.results[k];
          for (const auto& [name, by_configuration] : item.alternatives) {
            const auto found = by_configuration.find(k);
            if (found != by_configuration.end()) element.alternatives[name] = found->second;
          }
          element.where = relative_path + " case " + std::to_string(item.id);
          batch.elements.push_back(std::move(element));
        }
        pending_.push_back(std::move(batch));
      }
    }
  } else if (family == "metadata") {
    for (const nlohmann::json& group : file.at("groups")) {
      for (const nlohmann::json& item : group.at("cases")) {
        const nlohmann::json& array_name = item.at("array_data_type");
        const DataType* array_type =
            array_name.is_string() ? find_data_type(array_name.get<std::string>()) : nullptr;
        ValidateBatch batch;
        batch.family = family;
        batch.where = relative_path + " case " + dump_json_exact(item.at("id"));
        batch.request.array_type = array_type;
        batch.request.fill_value = item.at("fill_value");
        batch.request.codecs = item.at("codecs");
        batch.expected = item.at("result").get<std::string>();
        batch.expected_reason = item.value("reason", "");
        if (item.contains("alternatives"))
          for (const auto& [name, verdict] : item["alternatives"].items())
            batch.alternatives[name] = verdict.get<std::string>();
        // Arrays of a type outside the 26 cannot be sent with a typed request.
        if (array_type == nullptr) {
          skipped_.push_back(batch.where + ": array data type " +
                             dump_json_exact(item.at("array_data_type")) + " cannot be sent");
          continue;
        }
        if (!filter_.matches_types({array_type})) continue;
        pending_.push_back(std::move(batch));
      }
    }
  } else {
    skipped_.push_back(relative_path + ": the " + family +
                       " family has no protocol operation (scalars are exercised through the "
                       "fill values of metadata cases)");
  }
}

bool VectorCaseSource::next(CaseBatch& batch) {
  while (pending_.empty()) {
    if (next_file_ >= files_.size()) return false;
    load(files_[next_file_++]);
  }
  batch = std::move(pending_.front());
  pending_.pop_front();
  return true;
}

}  // namespace cvc
