#include "harness/reference_adapter.hpp"

#include <iostream>
#include <string>

#include "harness/adapter_client.hpp"
#include "harness/element_packing.hpp"
#include "oracle/cast.hpp"
#include "oracle/codec_metadata.hpp"
#include "oracle/json_exact.hpp"

namespace cvc {
namespace {

std::string compiler() {
#if defined(__clang__)
  return "clang " __clang_version__;
#elif defined(__GNUC__)
  return "gcc " __VERSION__;
#else
  return "unknown";
#endif
}

nlohmann::json hello_answer(Mutant mutant) {
  nlohmann::json types = nlohmann::json::array();
  for (const DataType& type : all_data_types()) types.push_back(std::string(type.name));
  std::string name = "cvc-oracle";
  if (mutant != Mutant::None)
    name += "-mutant-" + std::string(all_mutants()[static_cast<int>(mutant)].name);
  return {{"protocol", kProtocolVersion},
          {"implementation", {{"name", name}, {"version", CVC_VERSION}, {"language", "c++"}}},
          {"data_types", types},
          {"operations", {"encode", "decode", "validate"}},
          {"environment", {{"cvc", CVC_VERSION}, {"compiler", compiler()}}}};
}

nlohmann::json answer(const nlohmann::json& id, std::string status) {
  return {{"id", id}, {"status", std::move(status)}};
}

nlohmann::json cast_answer(const nlohmann::json& request, Mutant mutant) {
  const nlohmann::json& id = request.at("id");
  const DataType* array_type = find_data_type(request.at("array_data_type").get<std::string>());
  if (array_type == nullptr) return answer(id, "unsupported");
  const nlohmann::json chain = nlohmann::json::array({request.at("codec")});
  // A strict implementation: the metadata must be valid, fill value round trip included.
  const FillValueCheck check =
      mutant_validate(mutant, *array_type, request.at("fill_value"), chain);
  if (!check.valid || check.cast_codecs.size() != 1) {
    nlohmann::json rejected = answer(id, "rejected");
    rejected["message"] = check.message;
    return rejected;
  }
  const bool encode = request.at("direction").get<std::string>() == "encode";
  const CastValueCodec& codec = check.cast_codecs.front();
  const CastRule rule = encode ? codec.encode_rule() : codec.decode_rule();
  const std::size_t count = std::stoull(json_number_text(request.at("count")).value_or("x"));
  const auto inputs =
      unpack_elements(*rule.input, request.at("elements").get<std::string>(), count);
  if (!inputs) {
    nlohmann::json error = answer(id, "error");
    error["message"] = "elements do not hold " + std::to_string(count) + " " +
                       std::string(rule.input->name) + " elements";
    return error;
  }
  std::vector<std::uint64_t> outputs;
  nlohmann::json failed = nlohmann::json::array();
  for (std::size_t i = 0; i < inputs->size(); ++i) {
    const CastResult result = mutant_cast(mutant, rule, (*inputs)[i]);
    outputs.push_back(result.ok() ? result.bits : 0);
    if (!result.ok()) failed.push_back(i);
  }
  nlohmann::json ok = answer(id, "ok");
  ok["elements"] = pack_elements(*rule.output, outputs);
  ok["failed"] = failed;
  return ok;
}

nlohmann::json validate_answer(const nlohmann::json& request, Mutant mutant) {
  const nlohmann::json& id = request.at("id");
  // The array's data_type as zarr.json holds it: a name or the object form, of any type.
  const DataType* array_type = nullptr;
  std::string refusal;
  try {
    array_type = &parse_data_type_metadata(request.at("array_data_type"), "data_type");
  } catch (const MetadataError& error) {
    refusal = error.what();
  }
  if (array_type == nullptr) {
    nlohmann::json invalid = answer(id, "invalid");
    invalid["message"] = refusal;
    return invalid;
  }
  const FillValueCheck check =
      mutant_validate(mutant, *array_type, request.at("fill_value"), request.at("codecs"));
  nlohmann::json result = answer(id, check.valid ? "valid" : "invalid");
  if (!check.valid) result["message"] = check.message;
  return result;
}

}  // namespace

int run_reference_adapter(std::istream& in, std::ostream& out, Mutant mutant) {
  for (std::string line; std::getline(in, line);) {
    nlohmann::json request, reply;
    try {
      request = parse_json_exact(line);
      const std::string command = request.at("cmd").get<std::string>();
      if (command == "bye") return 0;
      if (command == "hello") {
        reply = hello_answer(mutant);
      } else if (command == "cast") {
        reply = cast_answer(request, mutant);
      } else if (command == "validate") {
        reply = validate_answer(request, mutant);
      } else {
        reply = answer(request.value("id", nlohmann::json()), "error");
        reply["message"] = "unknown cmd " + command;
      }
    } catch (const std::exception& error) {
      reply = answer(request.is_object() ? request.value("id", nlohmann::json()) : nlohmann::json(),
                     "error");
      reply["message"] = std::string("reference adapter: ") + error.what();
    }
    out << dump_json_exact(reply) << "\n" << std::flush;
  }
  return 0;
}

}  // namespace cvc
