#include "generators/vector_set.hpp"

#include <nlohmann/json.hpp>

#include "generators/cast_family.hpp"
#include "generators/metadata_family.hpp"
#include "generators/scalar_map_family.hpp"
#include "generators/scalars_family.hpp"
#include "generators/sha256.hpp"
#include "generators/vector_file.hpp"
#include "oracle/data_type.hpp"
#include "oracle/json_exact.hpp"

namespace cvc {

std::vector<VectorFileSpec> vector_set() {
  std::vector<VectorFileSpec> files;
  for (const DataType& type : all_data_types()) {
    const DataType* input = &type;
    files.push_back({"cast/" + std::string(type.name) + ".json", "cast",
                     [input] { return cast_family_file(*input); }});
  }
  files.push_back({"scalar_map.json", "scalar_map", [] { return scalar_map_family_file(); }});
  files.push_back({"metadata.json", "metadata", [] { return metadata_family_file(); }});
  files.push_back({"scalars.json", "scalars", [] { return scalars_family_file(); }});
  return files;
}

std::string manifest_text(const std::vector<std::pair<std::string, std::string>>& files) {
  std::string text = "{\"schema\":\"cast-value-vectors-manifest\",\"schema_version\":1,";
  text += "\n\"vectors_version\":" + dump_json_exact(std::string(kVectorsVersion)) + ",";
  text += "\n\"spec_revision\":" + dump_json_exact(std::string(kSpecRevision)) + ",";
  text += "\n\"changelog\":\"CHANGELOG.md\",\n\"license\":\"LICENSE (MIT, at the repository root)\",";
  text += "\n\"files\":[";
  for (std::size_t i = 0; i < files.size(); ++i) {
    const auto& [path, content] = files[i];
    const nlohmann::json entry = {
        {"path", path}, {"sha256", sha256_hex(content)}, {"bytes", content.size()}};
    text += (i == 0 ? "\n" : ",\n") + dump_json_exact(entry);
  }
  return text + "]}\n";
}

}  // namespace cvc
