#include "harness/reference/reference_adapter.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <unordered_map>

#include "harness/protocol/adapter_client.hpp"
#include "harness/protocol/element_packing.hpp"
#include "harness/protocol/elements_field.hpp"
#include "harness/text/shell_quote.hpp"
#include "oracle/cast.hpp"
#include "oracle/checked_arithmetic.hpp"
#include "oracle/codec_chain.hpp"
#include "oracle/codec_metadata.hpp"
#include "oracle/io/json_exact.hpp"

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

// The version to answer a hello with: the adapter's newest that the harness also speaks.
int negotiated_protocol(const nlohmann::json& hello, const ReferenceAdapterOptions& options) {
  const char* key = hello.contains("max_protocol") ? "max_protocol" : "protocol";
  const std::string text = hello.contains(key) ? json_number_text(hello[key]).value_or("") : "";
  const bool two_or_more = !text.empty() && text.size() <= 9 &&
                           text.find_first_not_of("0123456789") == std::string::npos &&
                           std::stoi(text) >= 2;
  return std::min(options.protocol, two_or_more ? 2 : 1);
}

nlohmann::json capabilities(const ReferenceAdapterOptions& options) {
  nlohmann::json direction = nlohmann::json::object();
  if (options.only_rounding) {
    direction["rounding"] = nlohmann::json::array();
    for (const Rounding rounding : *options.only_rounding)
      direction["rounding"].push_back(std::string(rounding_name(rounding)));
  }
  if (options.only_out_of_range) {
    direction["out_of_range"] = nlohmann::json::array();
    for (const OutOfRange rule : *options.only_out_of_range)
      direction["out_of_range"].push_back(std::string(out_of_range_name(rule)));
  }
  if (!options.scalar_map) direction["scalar_map"] = false;
  return {{"encode", direction}, {"decode", direction}};
}

bool restricted(const ReferenceAdapterOptions& options) {
  return options.only_rounding || options.only_out_of_range || !options.scalar_map;
}

// Whether a protocol-2 hello lists `name` in its array `key` ("encodings", "failed_forms"): the
// adapter writes its preferred form when it does, the protocol-1 form otherwise.
bool hello_offers(const nlohmann::json& hello, int protocol, const char* key,
                  std::string_view name) {
  if (protocol < 2 || !hello.contains(key) || !hello[key].is_array()) return false;
  return std::any_of(hello[key].begin(), hello[key].end(),
                     [&](const nlohmann::json& offered) { return offered == name; });
}

nlohmann::json hello_answer(Mutant mutant, const ReferenceAdapterOptions& options, int protocol,
                            ElementEncoding encoding, FailedForm failed_form) {
  nlohmann::json types = nlohmann::json::array();
  for (const DataType& type : all_data_types()) types.push_back(std::string(type.name));
  std::string name = "cvc-oracle";
  if (mutant != nullptr) name += "-mutant-" + std::string(mutant->id);
  if (options.store_bug != StoreBug::None)
    name += "-store-bug-" +
            std::string(kStoreBugNames[static_cast<std::size_t>(options.store_bug) - 1]);
  nlohmann::json operations = {"encode", "decode", "validate"};
  if (protocol >= 2) operations.push_back("reproduce");
  if (protocol >= 2 && options.chains) operations.push_back("chain");
  if (protocol >= 2 && options.stores)
    for (const char* store_operation : {"open_array", "read_array", "write_array"})
      operations.push_back(store_operation);
  nlohmann::json hello = {
      {"protocol", protocol},
      {"implementation", {{"name", name}, {"version", CVC_VERSION}, {"language", "c++"}}},
      {"data_types", types},
      {"operations", operations},
      {"environment", {{"cvc", CVC_VERSION}, {"compiler", compiler()}}}};
  if (protocol >= 2 && restricted(options)) hello["capabilities"] = capabilities(options);
  // With chain requests the operation chain declares every codec, for the store arrays too; without
  // them, the array -> array codecs its store engine runs (reference_store.hpp), for check-store.
  if (protocol >= 2 && options.stores && !options.chains)
    hello["capabilities"]["chain"]["codecs"] = {"cast_value", "scale_offset",
                                                "numcodecs.fixedscaleoffset"};
  if (encoding != ElementEncoding::Hex) hello["encoding"] = std::string(encoding_name(encoding));
  if (failed_form != FailedForm::Indices)
    hello["failed_form"] = std::string(failed_form_name(failed_form));
  return hello;
}

// Why the options leave `rule` out; nullopt when they do not.
std::optional<std::string> left_out(const CastRule& rule, const ReferenceAdapterOptions& options) {
  if (options.only_rounding &&
      std::find(options.only_rounding->begin(), options.only_rounding->end(), rule.rounding) ==
          options.only_rounding->end())
    return "rounding " + std::string(rounding_name(rule.rounding)) +
           " is left out (--only-rounding)";
  if (options.only_out_of_range &&
      std::find(options.only_out_of_range->begin(), options.only_out_of_range->end(),
                rule.out_of_range) == options.only_out_of_range->end())
    return "out_of_range " + std::string(out_of_range_name(rule.out_of_range)) +
           " is left out (--only-out-of-range)";
  if (!options.scalar_map && !rule.scalar_map.empty())
    return "scalar_map is left out (--no-scalar-map)";
  return std::nullopt;
}

nlohmann::json answer(const nlohmann::json& id, std::string status) {
  return {{"id", id}, {"status", std::move(status)}};
}

// What the metadata of a cast request decides before any element: the rule to cast with, or the
// answer (rejected, unsupported) for every element. The same for every request with the same
// direction, types, fill value and codec, so it is computed once for them (CastPreparations).
struct PreparedCast {
  std::optional<CastRule> rule;
  std::string status, message;  // when there is no rule
  bool elements_fail = false;   // the mutant fails every element (BugModel::fails_elements)
};

PreparedCast refused_cast(std::string status, std::string message) {
  return {std::nullopt, std::move(status), std::move(message)};
}

PreparedCast prepare_cast(const nlohmann::json& request, Mutant mutant,
                          const ReferenceAdapterOptions& options) {
  const DataType* array_type = find_data_type(request.at("array_data_type").get<std::string>());
  if (array_type == nullptr) return refused_cast("unsupported", "");
  const Direction direction = request.at("direction").get<std::string>() == "encode"
                                  ? Direction::Encode
                                  : Direction::Decode;
  // A strict implementation (model_cast_configuration: the diagnosis matches with the same).
  ModelConfiguration taken = model_cast_configuration(mutant, *array_type, request.at("fill_value"),
                                                      request.at("codec"), direction);
  if (!taken.rule) return refused_cast("rejected", taken.message);
  if (const std::optional<std::string> why = left_out(*taken.rule, options))
    return refused_cast("unsupported", *why);
  if (taken.rejected) return refused_cast("rejected", taken.message);
  return {std::move(taken.rule), "", "", taken.elements_fail};
}

// Prepared casts by their metadata (the validation costs more than casting a small request).
class CastPreparations {
 public:
  const PreparedCast& find(const nlohmann::json& request, Mutant mutant,
                           const ReferenceAdapterOptions& options) {
    std::string key = request.at("direction").get<std::string>();
    for (const char* member : {"array_data_type", "fill_value", "codec"})
      key.append("\n").append(dump_json_exact(request.at(member)));
    if (const auto found = prepared_.find(key); found != prepared_.end()) return found->second;
    if (prepared_.size() >= kMostKept) prepared_.clear();
    return prepared_.emplace(std::move(key), prepare_cast(request, mutant, options)).first->second;
  }

 private:
  static constexpr std::size_t kMostKept = 4096;
  std::unordered_map<std::string, PreparedCast> prepared_;
};

// The indices of the failed elements in the form the hello chose.
FailedList failed_list(std::vector<std::uint64_t> indices, FailedForm form) {
  if (form == FailedForm::Ranges) return {form, failed_ranges_of(indices)};
  return {form, std::move(indices)};
}

// An ok answer's "failed" list goes to `failed`, written apart from the JSON (elements_field).
nlohmann::json cast_answer(const nlohmann::json& request, const PreparedCast& prepared,
                           Mutant mutant, ElementEncoding encoding, FailedForm failed_form,
                           std::optional<FailedList>& failed) {
  const nlohmann::json& id = request.at("id");
  if (!prepared.rule) {
    nlohmann::json refused = answer(id, prepared.status);
    if (!prepared.message.empty() || prepared.status != "unsupported")
      refused["message"] = prepared.message;
    return refused;
  }
  const CastRule& rule = *prepared.rule;
  const std::size_t count = std::stoull(json_number_text(request.at("count")).value_or("x"));
  const UnpackedElements inputs = unpack_elements_checked(
      *rule.input, request.at("elements").get_ref<const std::string&>(), count, encoding);
  if (inputs.problem) {
    nlohmann::json error = answer(id, "error");
    error["message"] = "the request's " + *inputs.problem;
    return error;
  }
  std::vector<std::uint64_t> outputs(count), indices;
  for (std::size_t i = 0; i < count; ++i) {
    const CastResult result = model_cast(mutant, rule, inputs.patterns[i]);
    const bool ok = result.ok() && !prepared.elements_fail;
    outputs[i] = ok ? result.bits : 0;
    if (!ok) indices.push_back(i);
  }
  failed = failed_list(std::move(indices), failed_form);
  nlohmann::json ok = answer(id, "ok");
  ok["elements"] = pack_elements(*rule.output, outputs, encoding);
  return ok;
}

// A chain request (harness/protocol/PROTOCOL.md, "Chain"): each element encoded or decoded through
// the chain by the oracle (or the mutant), the failed ones listed.
nlohmann::json chain_answer(const nlohmann::json& request, Mutant mutant, ElementEncoding encoding,
                            FailedForm failed_form, std::optional<FailedList>& failed) {
  const nlohmann::json& id = request.at("id");
  const DataType* array_type = find_data_type(request.at("array_data_type").get<std::string>());
  if (array_type == nullptr) return answer(id, "unsupported");
  const std::optional<Direction> direction =
      parse_direction(request.at("direction").get<std::string>());
  if (!direction) throw std::runtime_error("direction is not \"encode\" or \"decode\"");
  // A strict implementation (model_chain_configuration: the diagnosis matches with the same).
  const ModelChainConfiguration taken = model_chain_configuration(
      mutant, *array_type, request.at("fill_value"), request.at("codecs"), *direction);
  if (taken.rejected) {
    nlohmann::json rejected = answer(id, "rejected");
    rejected["message"] = taken.message;
    return rejected;
  }
  const ArrayChain& chain = *taken.chain;
  const bool encode = *direction == Direction::Encode;
  const DataType& input = encode ? *chain.array_type : chain.output_type();
  const DataType& output = encode ? chain.output_type() : *chain.array_type;
  const std::size_t count = std::stoull(json_number_text(request.at("count")).value_or("x"));
  const UnpackedElements inputs =
      unpack_elements_checked(input, request.at("elements").get<std::string>(), count, encoding);
  if (inputs.problem) {
    nlohmann::json error = answer(id, "error");
    error["message"] = "the request's " + *inputs.problem;
    return error;
  }
  std::vector<std::uint64_t> outputs(count), indices;
  for (std::size_t i = 0; i < count; ++i) {
    const ChainResult result =
        model_chain(mutant, chain, request.at("codecs"), *direction, inputs.patterns[i]);
    outputs[i] = result.ok() ? result.bits : 0;
    if (!result.ok()) indices.push_back(i);
  }
  failed = failed_list(std::move(indices), failed_form);
  nlohmann::json ok = answer(id, "ok");
  ok["elements"] = pack_elements(output, outputs, encoding);
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
      model_validate(mutant, *array_type, request.at("fill_value"), request.at("codecs"));
  nlohmann::json result = answer(id, check.valid ? "valid" : "invalid");
  if (!check.valid) result["message"] = check.message;
  return result;
}

// The store operations (harness/protocol/PROTOCOL.md, "Store operations"): the array at the
// request's path, read or written by the oracle (harness/reference/reference_store.hpp).
nlohmann::json store_answer(const nlohmann::json& request, const std::string& command,
                            const StoreOptions& store, ElementEncoding encoding) {
  const nlohmann::json& id = request.at("id");
  const std::filesystem::path path = request.at("path").get<std::string>();
  try {
    if (command == "open_array") {
      open_store_array(path, store);
      return answer(id, "valid");
    }
    if (command == "read_array") {
      const std::vector<std::uint64_t> values = read_store_array(path, store);
      nlohmann::json ok = answer(id, "ok");
      ok["elements"] =
          pack_elements(parse_data_type_metadata(request.at("data_type")), values, encoding);
      return ok;
    }
    const nlohmann::json& metadata = request.at("metadata");
    const ArrayShape shape = array_shape(metadata);
    Selection selection;
    std::optional<std::uint64_t> count = 1;
    for (const nlohmann::json& range : request.at("selection")) {
      const std::optional<std::uint64_t> start = json_unsigned(range.at(0)),
                                         stop = json_unsigned(range.at(1));
      if (!start || !stop || *stop < *start || !count) {
        count.reset();
        break;
      }
      selection.emplace_back(*start, *stop);
      count = checked_product(*count, *stop - *start);
    }
    if (!count) {
      nlohmann::json error = answer(id, "error");
      error["message"] =
          "the request's selection is not [start, stop] pairs of integers with "
          "start <= stop, or holds 2^64 elements or more";
      return error;
    }
    const UnpackedElements values = unpack_elements_checked(
        *shape.type, request.at("elements").get<std::string>(), *count, encoding);
    if (values.problem) {
      nlohmann::json error = answer(id, "error");
      error["message"] = "the request's " + *values.problem;
      return error;
    }
    write_store_array(path, metadata, selection, values.patterns, store);
    return answer(id, "ok");
  } catch (const StoreError& refusal) {
    nlohmann::json refused = answer(id, command == "open_array" ? "invalid" : "refused");
    refused["message"] = refusal.what();
    return refused;
  }
}

// Protocol 2's reproduce: a shell script that feeds the request to this same adapter, the
// implementation's own terms here (a mutant's bug is only in the adapter). Its hello speaks
// protocol 1, so a cast's elements are written in hex there.
nlohmann::json reproduce_answer(const nlohmann::json& request, Mutant mutant,
                                ElementEncoding encoding) {
  const nlohmann::json& id = request.at("id");
  nlohmann::json inner = request.at("request");
  const std::string command = inner.at("cmd").get<std::string>();
  if (command != "cast" && command != "validate") {
    nlohmann::json unsupported = answer(id, "unsupported");
    unsupported["message"] = "only cast and validate requests are reproduced";
    return unsupported;
  }
  inner["id"] = 1;
  if (command == "cast" && inner.contains("elements") && inner["elements"].is_string()) {
    const std::optional<std::string> hex =
        reencode_elements(inner["elements"].get<std::string>(), encoding, ElementEncoding::Hex);
    if (!hex)
      throw std::runtime_error("the request's elements are not " +
                               std::string(encoding_name(encoding)));
    inner["elements"] = *hex;
  }
  std::string adapter = "\"${CVC:-cvc}\" adapter";
  if (mutant != nullptr) adapter += " --mutant " + std::string(mutant->id);
  nlohmann::json ok = answer(id, "ok");
  ok["language"] = "sh";
  ok["code"] =
      "#!/bin/sh\n"
      "# One " +
      command +
      " request sent to the reference adapter after its handshake; prints its answer.\n"
      "# CVC names the cvc binary (default: cvc on the PATH).\n"
      "printf '%s\\n' " +
      shell_quoted(R"({"cmd":"hello","protocol":1})") + " " + shell_quoted(dump_json_exact(inner)) +
      " | " + adapter + " | tail -n 1\n";
  return ok;
}

}  // namespace

int run_reference_adapter(std::istream& in, std::ostream& out, Mutant mutant,
                          const ReferenceAdapterOptions& options) {
  std::ofstream log;
  if (!options.log_requests.empty()) log.open(options.log_requests, std::ios::app);
  int protocol = 1;  // until a hello says otherwise
  ElementEncoding encoding = ElementEncoding::Hex;
  FailedForm failed_form = FailedForm::Indices;
  CastPreparations preparations;
  for (std::string line; std::getline(in, line);) {
    if (log.is_open()) log << line << "\n" << std::flush;
    nlohmann::json request, reply;
    std::optional<FailedList> failed;  // a cast or chain answer's, written apart
    try {
      request = parse_line_elements_apart(line);
      const std::string command = request.at("cmd").get<std::string>();
      if (command == "bye") return 0;
      if (command == "hello") {
        protocol = negotiated_protocol(request, options);
        encoding = hello_offers(request, protocol, "encodings", encoding_name(options.encoding))
                       ? options.encoding
                       : ElementEncoding::Hex;
        failed_form =
            hello_offers(request, protocol, "failed_forms", failed_form_name(options.failed_form))
                ? options.failed_form
                : FailedForm::Indices;
        reply = hello_answer(mutant, options, protocol, encoding, failed_form);
      } else if (command == "cast") {
        reply = cast_answer(request, preparations.find(request, mutant, options), mutant, encoding,
                            failed_form, failed);
      } else if (command == "validate") {
        reply = validate_answer(request, mutant);
      } else if (command == "chain" && protocol >= 2 && options.chains) {
        reply = chain_answer(request, mutant, encoding, failed_form, failed);
      } else if ((command == "open_array" || command == "read_array" || command == "write_array") &&
                 protocol >= 2 && options.stores) {
        reply = store_answer(request, command, {mutant, options.store_bug}, encoding);
      } else if (command == "reproduce" && protocol >= 2) {
        reply = reproduce_answer(request, mutant, encoding);
      } else {
        reply = answer(request.value("id", nlohmann::json()), "error");
        reply["message"] = "unknown cmd " + command;
      }
    } catch (const std::exception& error) {
      failed.reset();
      reply = answer(request.is_object() ? request.value("id", nlohmann::json()) : nlohmann::json(),
                     "error");
      reply["message"] = std::string("reference adapter: ") + error.what();
    }
    out << dump_line_apart(std::move(reply), failed ? &*failed : nullptr) << "\n" << std::flush;
  }
  return 0;
}

}  // namespace cvc
