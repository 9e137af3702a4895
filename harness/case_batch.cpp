#include "harness/case_batch.hpp"

namespace cvc {

const DataType* first_cast_data_type(const nlohmann::json& codecs) {
  if (!codecs.is_array()) return nullptr;
  for (const nlohmann::json& codec : codecs) {
    if (!codec.is_object() || !codec.contains("name") || codec["name"] != "cast_value" ||
        !codec.contains("configuration"))
      continue;
    const nlohmann::json& configuration = codec["configuration"];
    if (configuration.is_object() && configuration.contains("data_type") &&
        configuration["data_type"].is_string())
      return find_data_type(configuration["data_type"].get<std::string>());
  }
  return nullptr;
}

}  // namespace cvc
