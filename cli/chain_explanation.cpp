#include "cli/chain_explanation.hpp"

#include <type_traits>

#include "oracle/cast_result.hpp"
#include "oracle/scalar_json.hpp"
#include "oracle/slow/slow_element_oracle.hpp"

namespace cvc::cli {
namespace {

std::string value_text(const DataType& type, std::uint64_t bits) {
  return describe_value(type, bits);
}

std::string cast_rule_text(const CastRule& rule) {
  const std::size_t entries = rule.scalar_map.size();
  return std::string(rule.input->name) + " -> " + std::string(rule.output->name) + ": rounding " +
         std::string(rounding_name(rule.rounding)) + ", out_of_range " +
         std::string(out_of_range_name(rule.out_of_range)) + ", " + std::to_string(entries) +
         (entries == 1 ? " scalar_map entry" : " scalar_map entries");
}

// "subtract offset 5.0, multiply by scale 0.1" in the direction's order.
std::string operations_text(const ScaleOffsetCodec& codec, Direction direction) {
  const DataType& type = *codec.type;
  std::vector<std::string> parts;
  const auto add = [&](const std::optional<std::uint64_t>& operand, const char* words) {
    if (operand) parts.push_back(words + value_text(type, *operand));
  };
  if (direction == Direction::Encode) {
    add(codec.offset, "subtract offset ");
    add(codec.scale, "multiply by scale ");
  } else {
    add(codec.scale, "divide by scale ");
    add(codec.offset, "add offset ");
  }
  if (parts.empty()) return "no offset, no scale: the identity";
  return parts.size() == 1 ? parts[0] : parts[0] + ", then " + parts[1];
}

CastRule rule_of(const CastValueCodec& codec, Direction direction) {
  return direction == Direction::Encode ? codec.encode_rule() : codec.decode_rule();
}

// The formula the present operands make, "(in - offset) * scale" (each operation is shown apart).
std::string formula(const ScaleOffsetCodec& codec, Direction direction) {
  const bool offset = codec.offset.has_value(), scale = codec.scale.has_value();
  if (!offset && !scale) return "the identity (no offset, no scale)";
  if (direction == Direction::Encode)
    return offset && scale ? "(in - offset) * scale" : offset ? "in - offset" : "in * scale";
  return offset && scale ? "(in / scale) + offset" : offset ? "in + offset" : "in / scale";
}

// The rule that decided one traced step, in one line.
std::string step_rule(const ChainStep& step, Direction direction, const ChainResult& result) {
  if (const CastValueCodec* cast = std::get_if<CastValueCodec>(&step.codec))
    return explain(rule_of(*cast, direction), result.cast);
  if (const ScaleOffsetCodec* codec = std::get_if<ScaleOffsetCodec>(&step.codec))
    return result.ok()
               ? formula(*codec, direction)
               : std::string(scale_offset_error_name(result.scale_offset.error)) + " in its " +
                     std::string(scale_offset_operation_name(result.scale_offset.operation));
  if (std::holds_alternative<TransposeCodec>(step.codec))
    return "transpose moves elements and changes none";
  return step.name;  // a kind of step this file does not know yet: named, never misdescribed
}

}  // namespace

const DataType& chain_input_type(const ArrayChain& chain, Direction direction) {
  return direction == Direction::Encode ? *chain.array_type : chain.output_type();
}

const DataType& chain_output_type(const ArrayChain& chain, Direction direction) {
  return direction == Direction::Encode ? chain.output_type() : *chain.array_type;
}

std::string describe_step(const ChainStep& step, Direction direction) {
  const std::string name = std::visit(
      [&](const auto& codec) -> std::string {
        using Codec = std::decay_t<decltype(codec)>;
        if constexpr (std::is_same_v<Codec, CastValueCodec>)
          return "cast_value " + cast_rule_text(rule_of(codec, direction));
        else if constexpr (std::is_same_v<Codec, ScaleOffsetCodec>)
          return "scale_offset on " + std::string(codec.type->name) + ": " +
                 operations_text(codec, direction);
        else if constexpr (std::is_same_v<Codec, TransposeCodec>)
          return "transpose";
        else
          return step.name;
      },
      step.codec);
  // A step of a codec that stands for others (the alias's two steps) says which it acts as.
  return name.starts_with(step.name) ? name : step.name + " as " + name;
}

ElementExplanation explain_element(const ArrayChain& chain, Direction direction,
                                   std::uint64_t input, const Readings& readings) {
  ElementExplanation explanation;
  explanation.input = input;
  std::vector<TracedStep> traced;
  explanation.result = trace_through(chain, direction, input, traced, readings);
  for (const TracedStep& one : traced) {
    const ChainStep& step = chain.steps[one.step];
    StepExplanation account{&step, one, step_rule(step, direction, one.result), {}};
    if (const ScaleOffsetCodec* codec = std::get_if<ScaleOffsetCodec>(&step.codec))
      slow::traced_scale_offset(*codec, direction, one.input, readings, account.operations);
    explanation.steps.push_back(std::move(account));
  }
  const auto through = [&](const Readings& under, const ElementOracle& oracle) {
    return direction == Direction::Encode ? encode_through(chain, input, under, oracle)
                                          : decode_through(chain, input, under, oracle);
  };
  const ChainResult slow = through(readings, slow::slow_element_oracle());
  if (!slow.same_outcome(explanation.result)) explanation.slow_disagrees = slow;
  bool alternative = false;
  for (const FlagInfo& flag : all_flags())
    alternative = alternative || !readings.is_default(flag.flag);
  if (alternative) {
    const ChainResult by_default = through(Readings{}, fast_element_oracle());
    if (!by_default.same_outcome(explanation.result)) explanation.default_result = by_default;
  }
  return explanation;
}

std::string chain_result_text(const ArrayChain& chain, Direction direction,
                              const ChainResult& result) {
  if (result.ok()) return pattern_hex(chain_output_type(chain, direction), result.bits);
  return "error:" + std::string(result.error_name()) + " at " +
         chain.steps[static_cast<std::size_t>(result.failed_step)].path;
}

}  // namespace cvc::cli
