#include "harness/vector_source.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "oracle/codec_metadata.hpp"
#include "oracle/json_exact.hpp"
#include "vector_format/manifest.hpp"
#include "vector_format/result_text.hpp"
#include "vector_format/sha256.hpp"
#include "vector_format/vector_check.hpp"
#include "vector_format/vector_file.hpp"
#include "vector_format/vector_reader.hpp"

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

// --- Families `cast` and `scalar_map`: one cast batch per group and configuration ---------------

// A result in the vectors' notation (checked by the reader) as bits or an error kind.
ExpectedResult expected_result(const DataType& output, const std::string& text) {
  ExpectedResult result;
  if (const std::optional<std::uint64_t> bits = parse_result_text(output, text, text)) {
    result.bits = *bits;
    return result;
  }
  for (int e = 1; e <= static_cast<int>(CastError::NegativeZeroNotRepresentable); ++e)
    if ("error:" + std::string(cast_error_name(static_cast<CastError>(e))) == text)
      result.error = static_cast<CastError>(e);
  return result;
}

// Case `item` of a group under configuration k: its input, its result and its alternatives.
ExpectedElement expected_element(const VectorCase& item, std::size_t k, const DataType& output) {
  ExpectedElement element;
  element.input = item.input;
  element.expected = expected_result(output, item.results[k]);
  for (const auto& [name, by_configuration] : item.alternatives) {
    const auto found = by_configuration.find(k);
    if (found != by_configuration.end())
      element.alternatives.emplace_back(name, expected_result(output, found->second));
  }
  element.id = item.id;
  return element;
}

// The cases of `group` under its configuration k, as one cast request.
CastBatch cast_batch(const CastVectorGroup& group, std::size_t k, const std::string& family,
                     const std::string& relative_path) {
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
  batch.where_prefix = relative_path + " case ";
  for (const VectorCase& item : group.cases)
    batch.elements.push_back(expected_element(item, k, group.output_type()));
  return batch;
}

// The groups the filter selects, one batch per configuration; a group whose metadata the oracle
// rejects is refused.
void load_cast_family(const std::string& path, const std::string& relative_path,
                      const std::string& family, const CaseFilter& filter,
                      std::deque<CaseBatch>& pending) {
  for (const CastVectorGroup& group : read_cast_vector_file(path)) {
    if (!filter.matches_direction(direction_name(group.direction)) ||
        !filter.matches_types({&group.input_type(), &group.output_type()}))
      continue;
    for (std::size_t k = 0; k < group.rules.size(); ++k) {
      // Invalid metadata in the vectors must be refused here, never blamed on the adapter.
      if (const std::optional<std::string> why = group.metadata_problem(k))
        throw VectorFormatError(*why);
      pending.push_back(cast_batch(group, k, family, relative_path));
    }
  }
}

// --- Family `metadata`: one validate batch per case ---------------------------------------------

// The case's "alternatives" (optional): "FLAG=ALT" -> "valid" or "invalid".
std::map<std::string, std::string> metadata_alternatives(const nlohmann::json& item,
                                                         const std::string& at) {
  std::map<std::string, std::string> out;
  if (!item.contains("alternatives")) return out;
  const nlohmann::json& alternatives = item["alternatives"];
  if (!alternatives.is_object())
    throw VectorFormatError(at + ": \"alternatives\" is not an object");
  for (const auto& [name, verdict] : alternatives.items()) {
    if (!verdict.is_string())
      throw VectorFormatError(at + ": alternative " + name + " is not a string");
    out[name] = verdict.get<std::string>();
  }
  return out;
}

// One metadata case (`group_where` names its file and group) as a validate request.
ValidateBatch validate_batch(const nlohmann::json& item, const std::string& family,
                             const std::string& path, const std::string& relative_path,
                             const std::string& group_where) {
  ValidateBatch batch;
  batch.family = family;
  batch.where = relative_path + " case " + dump_json_exact(vector_member(item, "id", group_where));
  const std::string at = path + " case " + dump_json_exact(item["id"]);
  // The array's data_type is sent as the vector holds it, even outside the 26 types.
  batch.request.array_data_type = vector_member(item, "array_data_type", at);
  batch.request.array_type = array_type_of(batch.request.array_data_type);
  batch.request.fill_value = vector_member(item, "fill_value", at);
  batch.request.codecs = vector_member(item, "codecs", at);
  batch.expected = vector_string(item, "result", at);
  if (batch.expected != "valid" && batch.expected != "invalid")
    throw VectorFormatError(at + ": \"result\" is neither \"valid\" nor \"invalid\"");
  if (item.contains("reason")) batch.expected_reason = vector_string(item, "reason", at);
  if (item.contains("rule")) batch.rule = vector_string(item, "rule", at);
  batch.alternatives = metadata_alternatives(item, at);
  return batch;
}

// The cases the filter selects, one batch each.
void load_metadata_family(const nlohmann::json& file, const std::string& path,
                          const std::string& relative_path, const std::string& family,
                          const CaseFilter& filter, std::deque<CaseBatch>& pending) {
  if (!filter.matches_direction("validate")) return;
  const nlohmann::json& groups = vector_array(file, "groups", path);
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const std::string group_where = path + " group " + std::to_string(g);
    for (const nlohmann::json& item : vector_array(groups[g], "cases", group_where)) {
      ValidateBatch batch = validate_batch(item, family, path, relative_path, group_where);
      if (!filter.matches_types(
              {batch.request.array_type, first_cast_data_type(batch.request.codecs)}))
        continue;
      pending.push_back(std::move(batch));
    }
  }
}

// --- Other families (scalars): outside the protocol ---------------------------------------------

// The line that accounts for such a file's cases in the report.
std::string outside_the_protocol(const nlohmann::json& file, const std::string& relative_path,
                                 const std::string& family) {
  return relative_path + ": " + dump_json_exact(file.value("number_of_cases", nlohmann::json())) +
         " cases of the " + family +
         " family, which no protocol operation exercises (scalars reach an implementation "
         "through the fill values and scalar_map entries of the other families)";
}

}  // namespace

VectorCaseSource::VectorCaseSource(std::string directory, CaseFilter filter)
    : directory_(std::move(directory)), filter_(std::move(filter)) {
  // The vectors' integrity before any case is used: a corrupted file must be refused here, never
  // turn into a failure of the implementation under test.
  ManifestCheck manifest = check_manifest(directory_);
  if (!manifest.problems.empty()) {
    std::string message = "the vector folder fails its manifest (" +
                          std::to_string(manifest.problems.size()) +
                          " problems; run cvc "
                          "verify-vectors for all of them):";
    for (std::size_t i = 0; i < manifest.problems.size() && i < 10; ++i)
      message += "\n  " + manifest.problems[i];
    throw VectorFormatError(message);
  }
  files_ = std::move(manifest.paths);
  manifest_sha256_ = std::move(manifest.sha256);
  vectors_version_ = std::move(manifest.vectors_version);
}

void VectorCaseSource::load(const std::string& relative_path) {
  const std::string path = (std::filesystem::path(directory_) / relative_path).string();
  const nlohmann::json file = read_vector_file(path);
  const std::string family = vector_string(file, "family", path);
  if (!filter_.matches_family(family)) return;
  if (family == "cast" || family == "scalar_map")
    load_cast_family(path, relative_path, family, filter_, pending_);
  else if (family == "metadata")
    load_metadata_family(file, path, relative_path, family, filter_, pending_);
  else
    outside_selection_.push_back(outside_the_protocol(file, relative_path, family));
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
