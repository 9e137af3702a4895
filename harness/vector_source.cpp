#include "harness/vector_source.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "generators/sha256.hpp"
#include "generators/vector_file.hpp"
#include "harness/vector_reader.hpp"
#include "oracle/codec_metadata.hpp"
#include "oracle/json_exact.hpp"

namespace cvc {
namespace {

std::string rule_label(const CastRule& rule) {
  return std::string(rounding_name(rule.rounding)) + " / " +
         std::string(out_of_range_name(rule.out_of_range));
}

// The type of an array's data_type metadata (a name or {"name": ...}) when it is one of the 26.
const DataType* array_type_of(const nlohmann::json& data_type) {
  try {
    return &parse_data_type_metadata(data_type, "data_type");
  } catch (const MetadataError&) {
    return nullptr;
  }
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
  manifest_sha256_ = sha256_hex(text.str());
  if (json.contains("vectors_version") && json["vectors_version"].is_string())
    vectors_version_ = json["vectors_version"].get<std::string>();
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
    if (!filter_.matches_direction("validate")) return;
    for (const nlohmann::json& group : file.at("groups")) {
      for (const nlohmann::json& item : group.at("cases")) {
        ValidateBatch batch;
        batch.family = family;
        batch.where = relative_path + " case " + dump_json_exact(item.at("id"));
        // The array's data_type is sent as the vector holds it, even outside the 26 types.
        batch.request.array_data_type = item.at("array_data_type");
        batch.request.array_type = array_type_of(batch.request.array_data_type);
        batch.request.fill_value = item.at("fill_value");
        batch.request.codecs = item.at("codecs");
        batch.expected = item.at("result").get<std::string>();
        batch.expected_reason = item.value("reason", "");
        batch.rule = item.value("rule", "");
        if (item.contains("alternatives"))
          for (const auto& [name, verdict] : item["alternatives"].items())
            batch.alternatives[name] = verdict.get<std::string>();
        if (!filter_.matches_types({batch.request.array_type, first_cast_data_type(batch.request.codecs)}))
          continue;
        pending_.push_back(std::move(batch));
      }
    }
  } else {
    outside_selection_.push_back(
        relative_path + ": " + dump_json_exact(file.value("number_of_cases", nlohmann::json())) +
        " cases of the " + family +
        " family, which no protocol operation exercises (scalars reach an implementation "
        "through the fill values and scalar_map entries of the other families)");
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
