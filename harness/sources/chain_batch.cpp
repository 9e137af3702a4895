#include "harness/sources/chain_batch.hpp"

#include <variant>

#include "oracle/io/json_exact.hpp"

namespace cvc {
namespace {

std::string joined(const std::vector<std::string>& names, std::string_view separator) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : std::string(separator)) + name;
  return text;
}

}  // namespace

ChainShape chain_shape(const ArrayChain& chain, Direction direction) {
  ChainShape shape;
  shape.types.push_back(chain.array_type);
  std::string last_path;
  for (const ChainStep& step : chain.steps) {
    shape.types.push_back(step.output);
    // An alias is two steps with one path: one name.
    if (step.path != last_path) shape.codec_names.push_back(step.name);
    last_path = step.path;
    if (const CastValueCodec* cast = std::get_if<CastValueCodec>(&step.codec))
      shape.cast_rules.push_back(direction == Direction::Encode ? cast->encode_rule()
                                                                : cast->decode_rule());
  }
  return shape;
}

ExpectedResult expected_of(const ChainExpectation& expectation) {
  ExpectedResult result;
  if (expectation.ok()) {
    result.bits = *expectation.bits;
    return result;
  }
  for (auto e = static_cast<int>(CastError::NaNNotRepresentable);
       e <= static_cast<int>(CastError::NegativeZeroNotRepresentable); ++e)
    if (cast_error_name(static_cast<CastError>(e)) == expectation.error)
      result.error = static_cast<CastError>(e);
  for (auto e = static_cast<int>(ScaleOffsetError::NotRepresentable);
       e <= static_cast<int>(ScaleOffsetError::InexactDivision); ++e)
    if (scale_offset_error_name(static_cast<ScaleOffsetError>(e)) == expectation.error)
      result.scale_offset_error = static_cast<ScaleOffsetError>(e);
  // The reader accepts only known kinds; an error stays an error whatever its name.
  if (!result.is_error()) result.scale_offset_error = ScaleOffsetError::NotRepresentable;
  return result;
}

std::optional<CastBatch> chain_batch(const ChainVectorGroup& group,
                                     const std::string& relative_path, const CaseFilter& filter) {
  if (!filter.matches_direction(direction_name(group.direction)) ||
      !filter.matches_types({group.input_type, group.output_type}))
    return std::nullopt;
  CastBatch batch;
  batch.family = "chain";
  batch.request.direction = group.direction;
  batch.request.array_type = group.array_type;
  batch.request.fill_value = group.fill_value;
  batch.request.chain = group.codecs;
  batch.request.input = group.input_type;
  batch.request.output = group.output_type;
  batch.chain = chain_shape(group.chain, group.direction);
  if (!batch.chain->cast_rules.empty()) batch.rule = batch.chain->cast_rules.back();
  batch.configuration = dump_json_exact(group.codecs);
  batch.rule_label = joined(batch.chain->codec_names, " -> ");
  batch.where_prefix = relative_path + " case ";
  batch.elements.reserve(group.cases.size());
  for (const ChainVectorCase& item : group.cases) {
    ExpectedElement& element = batch.elements.emplace_back();
    element.id = item.id;
    element.input = item.input;
    element.expected = expected_of(item.expected);
    for (const auto& [name, alternative] : item.alternatives)
      element.alternatives.emplace_back(name, expected_of(alternative));
    batch.chain->error_at.push_back(item.expected.ok() ? "" : item.expected.error_at);
  }
  return batch;
}

}  // namespace cvc
