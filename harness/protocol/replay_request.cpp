#include "harness/protocol/replay_request.hpp"

#include "harness/protocol/element_packing.hpp"
#include "oracle/codec_metadata.hpp"
#include "oracle/data_type.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/scalar_json.hpp"

namespace cvc {
namespace {

const nlohmann::json& member(const nlohmann::json& object, const char* key) {
  if (!object.contains(key)) throw ReplayError(std::string("the request has no \"") + key + "\"");
  return object.at(key);
}

// A cast or chain request.
ReplayRequest parse_cast(const nlohmann::json& message) {
  CastRequest request;
  const nlohmann::json& direction = member(message, "direction");
  const std::optional<Direction> parsed =
      direction.is_string() ? parse_direction(direction.get<std::string>()) : std::nullopt;
  if (!parsed) throw ReplayError("direction is not \"encode\" or \"decode\"");
  request.direction = *parsed;
  const nlohmann::json& array_type = member(message, "array_data_type");
  request.array_type =
      array_type.is_string() ? find_data_type(array_type.get<std::string>()) : nullptr;
  if (request.array_type == nullptr)
    throw ReplayError("array_data_type is not one of the " + std::to_string(kDataTypeCount) +
                      " type names: " + dump_json_exact(array_type));
  request.fill_value = member(message, "fill_value");
  try {
    // The array's fill value, as the oracle reads it: a request it refuses is bad input, never
    // sent to the adapter to be blamed on it.
    parse_scalar(*request.array_type, request.fill_value);
  } catch (const ScalarError& error) {
    throw ReplayError(std::string("fill_value: ") + error.what());
  }
  ReplayRequest replay;
  if (member(message, "cmd") == "chain") {
    request.chain = member(message, "codecs");
    try {
      replay.chain = parse_array_chain(*request.array_type, request.chain);
    } catch (const MetadataError& error) {
      throw ReplayError(std::string("codecs: ") + error.what());
    }
    const bool encode = request.direction == Direction::Encode;
    request.input = encode ? replay.chain->array_type : &replay.chain->output_type();
    request.output = encode ? &replay.chain->output_type() : replay.chain->array_type;
  } else {
    request.codec = member(message, "codec");
    CastValueCodec codec;
    try {
      codec = parse_cast_value_codec(*request.array_type, request.codec);
    } catch (const MetadataError& error) {
      throw ReplayError(std::string("codec: ") + error.what());
    }
    replay.rule =
        request.direction == Direction::Encode ? codec.encode_rule() : codec.decode_rule();
    request.input = replay.rule.input;
    request.output = replay.rule.output;
  }
  const std::optional<std::string> count_text = json_number_text(member(message, "count"));
  if (!count_text || count_text->empty() ||
      count_text->find_first_not_of("0123456789") != std::string::npos || count_text->size() > 9)
    throw ReplayError("count is not a whole number of elements");
  const nlohmann::json& elements = member(message, "elements");
  std::optional<std::vector<std::uint64_t>> inputs;
  if (elements.is_string())
    inputs = unpack_elements(*request.input, elements.get<std::string>(), std::stoull(*count_text));
  if (!inputs)
    throw ReplayError("elements is not lowercase hex of " + *count_text + " " +
                      std::string(request.input->name) + " elements");
  request.elements = std::move(*inputs);
  replay.cast = std::move(request);
  return replay;
}

}  // namespace

ReplayRequest parse_request_line(const std::string& line) {
  nlohmann::json message;
  try {
    message = parse_json_exact(line);
  } catch (const JsonError& error) {
    throw ReplayError(std::string("not JSON: ") + error.what());
  }
  if (!message.is_object()) throw ReplayError("the request is not a JSON object");
  const nlohmann::json& command = member(message, "cmd");
  if (command == "cast" || command == "chain") return parse_cast(message);
  if (command != "validate")
    throw ReplayError("cmd is " + dump_json_exact(command) +
                      ", not \"cast\", \"chain\" or \"validate\"");
  ValidateRequest request;
  request.array_data_type = member(message, "array_data_type");
  try {
    request.array_type = &parse_data_type_metadata(request.array_data_type);
  } catch (const MetadataError&) {
    request.array_type = nullptr;  // a type outside the 26: the metadata is invalid, still sent
  }
  request.fill_value = member(message, "fill_value");
  request.codecs = member(message, "codecs");
  ReplayRequest replay;
  replay.validate = std::move(request);
  return replay;
}

}  // namespace cvc
