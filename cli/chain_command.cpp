// cvc chain: elements through a chain of codecs, step by step, under any reading: what cvc cast
// does for one cast_value codec, for the chain an array's metadata holds (docs/chains.md).
#include <iostream>
#include <stdexcept>

#include "cli/chain_explanation.hpp"
#include "cli/commands.hpp"
#include "cli/input.hpp"
#include "cli/near_names.hpp"
#include "oracle/codec_metadata.hpp"
#include "oracle/io/bounded_quote.hpp"
#include "oracle/io/input_file.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/scalar_json.hpp"

namespace cvc::cli {
namespace {

using json = nlohmann::json;

constexpr std::string_view kCommand = "cvc chain";

constexpr std::string_view kChainHelp =
    R"(usage: cvc chain --array-type TYPE --fill-value JSON --codecs JSON|@FILE
                 [--direction encode|decode] [--reading FLAG=ALT]... [--json] ELEMENT...

Sends each ELEMENT through an array's chain of codecs, as the oracle computes it, and explains
every step: the codec's path (codecs[1], codecs[0].configuration.codecs[0] inside a shard), what
reached it, what it gave and the rule that decided (a cast_value's rounding and out_of_range, a
scale_offset's operations with their exact results and rounding), or the error kind and the step
where it failed. The metadata is validated first, as cvc validate does (the fill value threaded
through the codecs); an invalid chain computes no element.

  --array-type TYPE    the array's data type
  --fill-value JSON    the array's fill value in the Zarr fill value encoding (0, -0.0, "NaN", "0x7e00")
  --codecs JSON|@FILE  the codec chain, a JSON array as in zarr.json and in a chain request of the
                       adapter protocol (cast_value, scale_offset, transpose,
                       numcodecs.fixedscaleoffset; sharding_indexed, whose inner codecs the elements
                       pass through next); without an array -> bytes codec, "bytes" is implied after
                       them; @FILE reads the array from a file
  --direction DIR      encode (default): ELEMENTs are of the array's type, run through the codecs in
                       order; decode: of the chain's last type, run through them in reverse
  --reading FLAG=ALT   compute under an alternative reading (e.g. ScaleOffsetRounding=round-once);
                       repeatable; `cvc readings` lists them. Where the result differs from the
                       default readings', that result is printed too
  --json               one JSON document instead of the text
  ELEMENT              a value of the direction's input type, as the vectors write it (a bit
                       pattern 0x3f800000) or as a JSON scalar (1.5, -0.0, "NaN", NaN, Infinity)

A scale_offset step's operations are traced by the slow oracle (exact rationals); each element's
result is computed by the fast oracle and recomputed whole by the slow one.

Exit 0 when the metadata is valid and every element was computed (an element the chain refuses
is a result, "error:KIND at PATH"); 1 when the metadata is invalid; 2 for bad arguments (an
unknown type, codec name or reading, JSON that does not parse, an element that is not a value of
its type); 3 when the two oracles disagree (an internal error); 4 when the chain holds a codec
the oracle does not follow (as cvc validate).

example: cvc chain --array-type float32 --fill-value 0 \
  --codecs '[{"name": "scale_offset", "configuration": {"offset": 5, "scale": 0.1}}]' 12.5 NaN
)";

std::string codecs_text(const std::string& argument) {
  if (!argument.starts_with("@")) return argument;
  try {
    return read_input_file(argument.substr(1));
  } catch (const InputFileError& error) {
    throw UsageError(std::string(kCommand) + ": --codecs " + error.what());
  }
}

// A codec name the oracle does not know, near one it knows, is a slip: refused with the nearest
// (a name far from every known one is a codec the oracle does not follow: "cannot decide").
void check_codec_names(const json& codecs, const std::string& prefix) {
  static constexpr std::string_view kKnown[] = {
      "cast_value", "scale_offset", "transpose",       "numcodecs.fixedscaleoffset",
      "bytes",      "packbits",     "sharding_indexed"};
  if (!codecs.is_array()) return;
  for (std::size_t i = 0; i < codecs.size(); ++i) {
    const std::optional<std::string> name = codec_name(codecs[i]);
    if (!name) continue;
    const CodecRole role = codec_role(*name);
    if (role == CodecRole::Unknown && nearest_name(*name, kKnown))
      throw UsageError(std::string(kCommand) + ": " + prefix + "[" + std::to_string(i) +
                       "]: unknown codec \"" + *name + "\"" + did_you_mean(*name, kKnown));
    if (role == CodecRole::ArrayToBytes) return;  // then bytes -> bytes codecs, any name
    const json* configuration = codecs[i].is_object() && codecs[i].contains("configuration")
                                    ? &codecs[i]["configuration"]
                                    : nullptr;
    if (role == CodecRole::Sharding && configuration != nullptr && configuration->is_object() &&
        configuration->contains("codecs"))
      check_codec_names((*configuration)["codecs"],
                        prefix + "[" + std::to_string(i) + "].configuration.codecs");
  }
}

std::vector<std::string> reading_pairs(const Readings& readings) {
  std::vector<std::string> pairs;
  for (const FlagInfo& flag : all_flags())
    if (!readings.is_default(flag.flag))
      pairs.push_back(std::string(flag.name) + "=" +
                      std::string(flag.alternatives[readings[flag.flag] - 1]));
  return pairs;
}

std::string_view verdict_name(MetadataVerdict verdict) {
  return verdict == MetadataVerdict::Valid     ? "valid"
         : verdict == MetadataVerdict::Invalid ? "invalid"
                                               : "cannot decide";
}

int verdict_exit(MetadataVerdict verdict) {
  return verdict == MetadataVerdict::Valid     ? kExitOk
         : verdict == MetadataVerdict::Invalid ? kExitNegative
                                               : kExitUndecided;
}

struct ChainInputs {
  const DataType* array_type = nullptr;
  json fill_value;
  json codecs;  // as given
  Direction direction = Direction::Encode;
  Readings readings;
  bool as_json = false;
  std::vector<std::string> elements;
};

ChainInputs read_inputs(Arguments& arguments) {
  ChainInputs inputs;
  inputs.array_type = &type_argument(kCommand, arguments.required_option("array-type"));
  inputs.fill_value =
      json_argument(kCommand, "--fill-value", arguments.required_option("fill-value"));
  inputs.codecs =
      json_argument(kCommand, "--codecs", codecs_text(arguments.required_option("codecs")));
  const std::string direction = arguments.option("direction").value_or("encode");
  static constexpr std::string_view kDirections[] = {"encode", "decode"};
  name_argument(kCommand, "--direction", direction, kDirections);
  inputs.direction = *parse_direction(direction);
  inputs.readings = readings_argument(kCommand, arguments.repeated_option("reading"));
  inputs.as_json = arguments.flag("json");
  inputs.elements = arguments.finish();
  if (inputs.elements.empty())
    throw UsageError(std::string(kCommand) + ": no ELEMENT given (see cvc chain --help)");
  if (!inputs.codecs.is_array())
    throw UsageError(std::string(kCommand) + ": --codecs must be a JSON array of codecs; got " +
                     bounded_quote(dump_json_exact(inputs.codecs), 200));
  check_codec_names(inputs.codecs, "codecs");
  return inputs;
}

// --- Text ------------------------------------------------------------------------------------

std::string pattern_and_value(const DataType& type, std::uint64_t bits) {
  return pattern_hex(type, bits) + " (" + describe_value(type, bits) + ")";
}

// "0x64 (100)" or "error:nan at codecs[1]".
std::string result_and_value(const ArrayChain& chain, Direction direction,
                             const ChainResult& result) {
  if (!result.ok()) return chain_result_text(chain, direction, result);
  return pattern_and_value(chain_output_type(chain, direction), result.bits);
}

const DataType& step_output_type(const ChainStep& step, Direction direction) {
  return direction == Direction::Encode ? *step.output : *step.input;
}

// "subtract offset 5.0", "multiply by scale 0.1", or the final rounding of float64-intermediate.
std::string operation_words(const slow::ScaleOffsetOperationTrace& operation,
                            const DataType& type) {
  if (operation.final_rounding) return "the float64 result onto " + std::string(type.name);
  const std::string operand = describe_value(type, operation.operand);
  switch (operation.operation) {
    case ScaleOffsetOperation::Subtract:
      return "subtract offset " + operand;
    case ScaleOffsetOperation::Multiply:
      return "multiply by scale " + operand;
    case ScaleOffsetOperation::Divide:
      return "divide by scale " + operand;
    case ScaleOffsetOperation::Add:
      break;
  }
  return "add offset " + operand;
}

void print_operation(const slow::ScaleOffsetOperationTrace& operation, const DataType& type) {
  std::cout << "    " << operation_words(operation, type) << ": exact "
            << (operation.exact.empty() ? "(none)" : operation.exact) << ", "
            << operation.placement;
  if (operation.error != ScaleOffsetError::None)
    std::cout << ": error " << scale_offset_error_name(operation.error);
  else
    std::cout << " -> " << operation.value;
  std::cout << "\n";
}

void print_step(const StepExplanation& account, Direction direction) {
  const ChainStep& step = *account.step;
  const DataType& input = direction == Direction::Encode ? *step.input : *step.output;
  const ChainResult& result = account.traced.result;
  std::cout << "  " << step.path << " " << step.name << " " << direction_name(direction) << ": "
            << pattern_and_value(input, account.traced.input) << " -> "
            << (result.ok() ? pattern_and_value(step_output_type(step, direction), result.bits)
                            : "error " + std::string(result.error_name()))
            << ": " << account.rule << "\n";
  for (const slow::ScaleOffsetOperationTrace& operation : account.operations)
    print_operation(operation, input);
}

void print_text(const ChainInputs& inputs, const FillValueCheck& check, const ArrayChain* chain,
                const std::vector<ElementExplanation>& elements) {
  std::cout << "metadata: " << verdict_name(check.verdict) << ": " << check.message << "\n";
  for (const std::string& what : check.unchecked) std::cout << "not checked: " << what << "\n";
  for (const std::string& pair : reading_pairs(inputs.readings))
    std::cout << "reading: " << pair << "\n";
  if (chain == nullptr) return;
  const Direction direction = inputs.direction;
  std::cout << "chain, " << direction_name(direction) << " "
            << chain_input_type(*chain, direction).name << " -> "
            << chain_output_type(*chain, direction).name << ":\n";
  for (const ChainStep& step : chain->steps)
    std::cout << "  " << step.path << ": " << describe_step(step, direction) << "\n";
  for (const ElementExplanation& element : elements) {
    std::cout << "element " << pattern_and_value(chain_input_type(*chain, direction), element.input)
              << " -> " << result_and_value(*chain, direction, element.result) << "\n";
    for (const StepExplanation& account : element.steps) print_step(account, direction);
    if (element.default_result)
      std::cout << "  under the default readings: "
                << result_and_value(*chain, direction, *element.default_result) << "\n";
    if (element.slow_disagrees)
      std::cout << "  INTERNAL ERROR: the slow oracle gives "
                << result_and_value(*chain, direction, *element.slow_disagrees) << "\n";
  }
}

// --- JSON ------------------------------------------------------------------------------------

json operation_json(const slow::ScaleOffsetOperationTrace& operation, const DataType& type) {
  json entry = {
      {"operation", operation.final_rounding ? std::string_view("final rounding")
                                             : scale_offset_operation_name(operation.operation)},
      {"operand", pattern_hex(type, operation.operand)},
      {"operand_value", describe_value(type, operation.operand)},
      {"placement", operation.placement}};
  if (!operation.exact.empty()) entry["exact"] = operation.exact;
  if (operation.error != ScaleOffsetError::None)
    entry["error"] = scale_offset_error_name(operation.error);
  else
    entry["value"] = operation.value;
  return entry;
}

json step_json(const StepExplanation& account, Direction direction) {
  const ChainStep& step = *account.step;
  const DataType& input = direction == Direction::Encode ? *step.input : *step.output;
  const DataType& output = step_output_type(step, direction);
  const ChainResult& result = account.traced.result;
  json entry = {{"path", step.path},
                {"codec", step.name},
                {"input", pattern_hex(input, account.traced.input)},
                {"input_value", describe_value(input, account.traced.input)},
                {"rule", account.rule}};
  if (result.ok()) {
    entry["output"] = pattern_hex(output, result.bits);
    entry["output_value"] = describe_value(output, result.bits);
  } else {
    entry["output"] = "error:" + std::string(result.error_name());
  }
  if (!account.operations.empty()) {
    entry["operations"] = json::array();
    for (const auto& operation : account.operations)
      entry["operations"].push_back(operation_json(operation, input));
  }
  return entry;
}

// PREFIXresult in the vectors' notation ("0x64", "error:nan"), with PREFIXresult_value, or
// PREFIXerror_at: the path of the step that failed.
void add_result(json& entry, const std::string& prefix, const ArrayChain& chain,
                Direction direction, const ChainResult& result) {
  const DataType& output = chain_output_type(chain, direction);
  if (result.ok()) {
    entry[prefix + "result"] = pattern_hex(output, result.bits);
    entry[prefix + "result_value"] = describe_value(output, result.bits);
  } else {
    entry[prefix + "result"] = "error:" + std::string(result.error_name());
    entry[prefix + "error_at"] = chain.steps[static_cast<std::size_t>(result.failed_step)].path;
  }
}

json element_json(const ArrayChain& chain, Direction direction, const ElementExplanation& element) {
  const DataType& input = chain_input_type(chain, direction);
  json entry = {{"input", pattern_hex(input, element.input)},
                {"input_value", describe_value(input, element.input)},
                {"steps", json::array()}};
  add_result(entry, "", chain, direction, element.result);
  for (const StepExplanation& account : element.steps)
    entry["steps"].push_back(step_json(account, direction));
  if (element.default_result)
    add_result(entry, "default_", chain, direction, *element.default_result);
  if (element.slow_disagrees)
    add_result(entry, "slow_oracle_", chain, direction, *element.slow_disagrees);
  return entry;
}

void print_json(const ChainInputs& inputs, const FillValueCheck& check, const ArrayChain* chain,
                const std::vector<ElementExplanation>& elements) {
  json document = {{"array_data_type", inputs.array_type->name},
                   {"fill_value", inputs.fill_value},
                   {"codecs", inputs.codecs},
                   {"direction", direction_name(inputs.direction)},
                   {"readings", reading_pairs(inputs.readings)},
                   {"metadata",
                    {{"verdict", verdict_name(check.verdict)},
                     {"message", check.message},
                     {"not_checked", check.unchecked}}}};
  if (chain != nullptr) {
    document["input_type"] = chain_input_type(*chain, inputs.direction).name;
    document["output_type"] = chain_output_type(*chain, inputs.direction).name;
    document["steps"] = json::array();
    for (const ChainStep& step : chain->steps)
      document["steps"].push_back({{"path", step.path},
                                   {"codec", step.name},
                                   {"description", describe_step(step, inputs.direction)}});
    document["elements"] = json::array();
    for (const ElementExplanation& element : elements)
      document["elements"].push_back(element_json(*chain, inputs.direction, element));
  }
  std::cout << dump_json_exact(document) << "\n";
}

}  // namespace

int run_chain(Arguments& arguments) {
  if (arguments.help_requested()) {
    std::cout << kChainHelp;
    return kExitOk;
  }
  const ChainInputs inputs = read_inputs(arguments);
  const json whole = with_implied_bytes_codec(inputs.codecs);
  const FillValueCheck check =
      validate_array_metadata(*inputs.array_type, inputs.fill_value, whole, inputs.readings);
  std::optional<ArrayChain> chain;
  if (check.verdict == MetadataVerdict::Valid) {
    chain = array_element_chain(*inputs.array_type, whole, inputs.readings);
    if (!chain) throw std::logic_error("valid metadata without an element chain");
  }
  std::vector<ElementExplanation> elements;
  bool disagree = false;
  if (chain) {
    const DataType& input = chain_input_type(*chain, inputs.direction);
    std::vector<std::uint64_t> patterns;  // every element read before any is computed
    for (const std::string& text : inputs.elements)
      patterns.push_back(scalar_argument(kCommand, input, text, inputs.readings));
    for (std::uint64_t bits : patterns) {
      elements.push_back(explain_element(*chain, inputs.direction, bits, inputs.readings));
      disagree = disagree || elements.back().slow_disagrees.has_value();
    }
  }
  const ArrayChain* shown = chain ? &*chain : nullptr;
  if (inputs.as_json)
    print_json(inputs, check, shown, elements);
  else
    print_text(inputs, check, shown, elements);
  if (disagree) return kExitInternal;
  return verdict_exit(check.verdict);
}

}  // namespace cvc::cli
