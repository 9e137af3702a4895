// What `cvc chain` prints for one element: each step of the chain the element passed through, in
// the order the direction runs them, with what reached it, what it gave and the rule that decided
// (a cast_value step's explain(), a scale_offset step's operations with their exact results from
// the slow oracle), then the element's result; computed by the fast oracle, recomputed whole by
// the slow one (they must agree), and under the default readings when others were asked for.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "oracle/codec_chain.hpp"
#include "oracle/slow/slow_scale_offset.hpp"

namespace cvc::cli {

struct StepExplanation {
  const ChainStep* step = nullptr;
  TracedStep traced;                                        // input, result (the fast oracle's)
  std::string rule;                                         // the rule that decided, in one line
  std::vector<slow::ScaleOffsetOperationTrace> operations;  // a scale_offset step's operations
};

struct ElementExplanation {
  std::uint64_t input = 0;
  std::vector<StepExplanation> steps;
  ChainResult result;
  // The slow oracle's result, when it differs from `result` (an internal error: never expected).
  std::optional<ChainResult> slow_disagrees;
  // The result under the default readings, when other readings were asked for and it differs.
  std::optional<ChainResult> default_result;
};

// The direction's input type and output type of `chain`.
const DataType& chain_input_type(const ArrayChain& chain, Direction direction);
const DataType& chain_output_type(const ArrayChain& chain, Direction direction);

// One step in one line, without an element: "scale_offset on float32: subtract offset 5.0,
// multiply by scale 0.1", "cast_value float32 -> uint8: rounding nearest-even, out_of_range clamp,
// 1 scalar_map entry".
std::string describe_step(const ChainStep& step, Direction direction);

ElementExplanation explain_element(const ArrayChain& chain, Direction direction,
                                   std::uint64_t input, const Readings& readings);

// "0x64" or "error:nan at codecs[1]".
std::string chain_result_text(const ArrayChain& chain, Direction direction,
                              const ChainResult& result);

}  // namespace cvc::cli
