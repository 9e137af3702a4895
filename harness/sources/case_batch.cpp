#include "harness/sources/case_batch.hpp"

#include "oracle/cast.hpp"
#include "oracle/io/json_exact.hpp"
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

CastBatch live_cast_header(const LiveCast& cast) {
  const bool encode = cast.direction == Direction::Encode;
  const DataType& data_type = encode ? *cast.output : *cast.input;
  CastBatch batch;
  batch.family = "live";
  batch.rule = {
      cast.input, cast.output, cast.configuration.rounding, cast.configuration.out_of_range, {}};
  batch.compute_alternatives = true;
  batch.request.direction = cast.direction;
  batch.request.array_type = encode ? cast.input : cast.output;
  batch.request.fill_value = cast.fill_value;
  batch.request.codec = cast_value_codec_json(data_type, cast.configuration);
  batch.request.input = cast.input;
  batch.request.output = cast.output;
  batch.configuration = dump_json_exact(batch.request.codec["configuration"]);
  batch.rule_label = std::string(rounding_name(cast.configuration.rounding)) + " / " +
                     std::string(out_of_range_name(cast.configuration.out_of_range));
  batch.where_prefix = cast.where_prefix;
  return batch;
}

void fill_live_cast_elements(CastBatch& batch, std::uint64_t begin, std::uint64_t end,
                             std::span<const std::uint64_t> inputs) {
  // Sized once and written in place: this loop is the harness's expectation of every case.
  batch.elements.resize(end - begin);
  for (std::uint64_t i = begin; i < end; ++i) {
    ExpectedElement& element = batch.elements[i - begin];
    element.input = inputs.empty() ? i : inputs[i];
    element.expected = ExpectedResult::of(cast_value(batch.rule, element.input));
    element.id = i;
  }
}

CastBatch live_cast_batch(const LiveCast& cast, std::uint64_t begin, std::uint64_t end,
                          std::span<const std::uint64_t> inputs) {
  CastBatch batch = live_cast_header(cast);
  fill_live_cast_elements(batch, begin, end, inputs);
  return batch;
}

std::uint64_t case_count(const CaseBatch& batch) {
  if (const CastBatch* cast = std::get_if<CastBatch>(&batch))
    return cast->elements.size() + cast->unbuilt_cases;
  return 1;
}

}  // namespace cvc
