#include "harness/sources/chain_batch.hpp"

#include <variant>

#include "oracle/codec_chain.hpp"
#include "oracle/json_exact.hpp"
#include "vector_format/result_text.hpp"
#include "vector_format/vector_file.hpp"
#include "vector_format/vector_reader.hpp"

namespace cvc {
namespace {

const DataType& type_member(const nlohmann::json& object, const char* key,
                            const std::string& where) {
  const std::string name = vector_string(object, key, where);
  const DataType* type = find_data_type(name);
  if (type == nullptr)
    throw VectorFormatError(where + ": " + key + " \"" + name + "\" is not one of the " +
                            std::to_string(kDataTypeCount) + " types");
  return *type;
}

// A result in the vectors' notation: a pattern of `type`, or "error:<kind>" with a cast kind or a
// scale_offset kind.
ExpectedResult chain_result(const DataType& type, const std::string& text,
                            const std::string& where) {
  constexpr std::string_view kErrorPrefix = "error:";
  if (text.starts_with(kErrorPrefix)) {
    const std::string_view kind = std::string_view(text).substr(kErrorPrefix.size());
    for (auto e = static_cast<int>(ScaleOffsetError::NotRepresentable);
         e <= static_cast<int>(ScaleOffsetError::InexactDivision); ++e)
      if (scale_offset_error_name(static_cast<ScaleOffsetError>(e)) == kind)
        return {0, CastError::None, static_cast<ScaleOffsetError>(e)};
  }
  CastResult cast;
  if (!parse_result(type, text, cast)) parse_result_text(type, text, where);  // throws, naming it
  return ExpectedResult::of(cast);
}

// The chain's types, codec names and cast_value rules in `direction`.
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

std::string joined(const std::vector<std::string>& names, std::string_view separator) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : std::string(separator)) + name;
  return text;
}

}  // namespace

std::optional<CastBatch> chain_batch(const nlohmann::json& group, const std::string& path,
                                     const std::string& relative_path, std::size_t group_index,
                                     const CaseFilter& filter) {
  const std::string where = path + " group " + std::to_string(group_index);
  const DataType& array_type = type_member(group, "array_data_type", where);
  const std::string direction_text = vector_string(group, "direction", where);
  const std::optional<Direction> direction = parse_direction(direction_text);
  if (!direction)
    throw VectorFormatError(where + ": direction \"" + direction_text +
                            "\" is neither \"encode\" nor \"decode\"");
  const DataType& input = type_member(group, "input_type", where);
  const DataType& output = type_member(group, "output_type", where);
  if (!filter.matches_direction(direction_text) || !filter.matches_types({&input, &output}))
    return std::nullopt;
  const nlohmann::json& codecs = vector_member(group, "codecs", where);
  ArrayChain chain;
  try {
    chain = parse_array_chain(array_type, codecs);
  } catch (const MetadataError& error) {
    // Invalid metadata in the vectors must be refused here, never blamed on the adapter.
    throw VectorFormatError(where + ": the oracle refuses its codecs: " + error.what());
  }
  const DataType& chain_input = *direction == Direction::Encode ? array_type : chain.output_type();
  const DataType& chain_output = *direction == Direction::Encode ? chain.output_type() : array_type;
  if (&input != &chain_input || &output != &chain_output)
    throw VectorFormatError(where + ": input_type and output_type are " + std::string(input.name) +
                            " and " + std::string(output.name) + ", but its chain " +
                            direction_text + "s " + std::string(chain_input.name) + " into " +
                            std::string(chain_output.name));
  CastBatch batch;
  batch.family = "chain";
  batch.request.direction = *direction;
  batch.request.array_type = &array_type;
  batch.request.fill_value = vector_member(group, "fill_value", where);
  batch.request.chain = codecs;
  batch.request.input = &input;
  batch.request.output = &output;
  batch.chain = chain_shape(chain, *direction);
  if (!batch.chain->cast_rules.empty()) batch.rule = batch.chain->cast_rules.back();
  batch.configuration = dump_json_exact(codecs);
  batch.rule_label = joined(batch.chain->codec_names, " -> ");
  batch.where_prefix = relative_path + " case ";
  for (const nlohmann::json& item : vector_array(group, "cases", where)) {
    const std::string at = where + " case " + dump_json_exact(item.value("id", nlohmann::json()));
    ExpectedElement& element = batch.elements.emplace_back();
    const std::optional<std::uint64_t> id = json_unsigned(vector_member(item, "id", at));
    if (!id) throw VectorFormatError(at + ": id is not a whole number");
    element.id = *id;
    const std::optional<std::uint64_t> bits =
        parse_result_text(input, vector_string(item, "input", at), at + " input");
    if (!bits) throw VectorFormatError(at + ": input is an error, not a pattern");
    element.input = *bits;
    element.expected = chain_result(output, vector_string(item, "result", at), at);
    batch.chain->error_at.push_back(element.expected.is_error() && item.contains("error_at")
                                        ? vector_string(item, "error_at", at)
                                        : "");
    if (item.contains("alternatives")) {
      const nlohmann::json& alternatives = item["alternatives"];
      if (!alternatives.is_object())
        throw VectorFormatError(at + ": alternatives is not an object");
      for (const auto& [name, result] : alternatives.items()) {
        if (!result.is_string())
          throw VectorFormatError(at + ": alternative " + name + " is not a string");
        element.alternatives.emplace_back(
            name, chain_result(output, result.get<std::string>(), at + " alternative " + name));
      }
    }
  }
  return batch;
}

}  // namespace cvc
