#include "harness/sources/case_batch.hpp"

#include "vector_format/result_text.hpp"

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

std::string expected_text(const DataType& output, const ExpectedResult& result) {
  if (result.scale_offset_error != ScaleOffsetError::None)
    return "error:" + std::string(scale_offset_error_name(result.scale_offset_error));
  CastResult as_cast;
  as_cast.bits = result.bits;
  as_cast.error = result.error;
  return result_text(output, as_cast);
}

std::uint64_t case_count(const CaseBatch& batch) {
  if (const CastBatch* cast = std::get_if<CastBatch>(&batch))
    return cast->elements.size() + cast->unbuilt_cases;
  return 1;
}

}  // namespace cvc
