// One element through an array -> array chain: encode through the steps in order, decode through
// them in reverse (each codec's decode inverts its encode, so the last codec decodes first).
#include <type_traits>

#include "oracle/alias_rounding.hpp"
#include "oracle/cast.hpp"
#include "oracle/codec_chain.hpp"

namespace cvc {

std::string_view ChainResult::error_name() const {
  if (ok()) return "";
  return cast.ok() ? scale_offset_error_name(scale_offset.error) : cast_error_name(cast.error);
}

bool ChainResult::same_outcome(const ChainResult& other) const {
  if (ok() || other.ok()) return ok() == other.ok() && bits == other.bits;
  return failed_step == other.failed_step && error_name() == other.error_name();
}

CastResult ChainResult::as_compared_cast() const {
  CastResult as_cast;
  as_cast.bits = bits;
  if (!ok()) as_cast.error = CastError::OutOfRange;  // any refusal matches any refusal
  return as_cast;
}

const ElementOracle& fast_element_oracle() {
  static constexpr ElementOracle kFast{&cast_value, &scale_offset_encode, &scale_offset_decode,
                                       &alias_round_to_integer};
  return kFast;
}

ChainResult step_through(const ChainStep& step, Direction direction, std::uint64_t input,
                         const Readings& readings, const ElementOracle& oracle) {
  ChainResult result;
  const bool encode = direction == Direction::Encode;
  std::visit(
      [&](const auto& codec) {
        using Codec = std::decay_t<decltype(codec)>;
        if constexpr (std::is_same_v<Codec, CastValueCodec>) {
          // numcodecs' "arr = round(arr)", under its reading, before the cast to astype.
          if (encode && step.alias_cast &&
              readings[Flag::FixedScaleOffsetRounding] == kFixedScaleOffsetRoundingToInteger)
            input = oracle.alias_round(*step.input, input);
          result.cast =
              oracle.cast(encode ? codec.encode_rule() : codec.decode_rule(), input, readings);
          result.bits = result.cast.bits;
          if (!result.cast.ok()) result.failed_step = 0;
        } else if constexpr (std::is_same_v<Codec, ScaleOffsetCodec>) {
          result.scale_offset = (encode ? oracle.encode : oracle.decode)(codec, input, readings);
          result.bits = result.scale_offset.bits;
          if (!result.scale_offset.ok()) result.failed_step = 0;
        } else {
          result.bits = input;  // transpose moves elements, never changes one
        }
      },
      step.codec);
  return result;
}

namespace {

// The steps in the direction's order (encode: in order; decode: in reverse), each step's result
// appended to `trace` when one is asked for; the first step that fails ends it.
ChainResult through(const ArrayChain& chain, Direction direction, std::uint64_t input,
                    const Readings& readings, const ElementOracle& oracle,
                    std::vector<TracedStep>* trace) {
  ChainResult result;
  result.bits = input;
  const std::size_t count = chain.steps.size();
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t k = direction == Direction::Encode ? i : count - 1 - i;
    const std::uint64_t reaching = result.bits;
    result = step_through(chain.steps[k], direction, reaching, readings, oracle);
    if (trace != nullptr) trace->push_back({k, reaching, result});
    if (!result.ok()) {
      result.failed_step = static_cast<int>(k);
      return result;
    }
  }
  return result;
}

}  // namespace

ChainResult encode_through(const ArrayChain& chain, std::uint64_t input, const Readings& readings,
                           const ElementOracle& oracle) {
  return through(chain, Direction::Encode, input, readings, oracle, nullptr);
}

ChainResult decode_through(const ArrayChain& chain, std::uint64_t input, const Readings& readings,
                           const ElementOracle& oracle) {
  return through(chain, Direction::Decode, input, readings, oracle, nullptr);
}

ChainResult trace_through(const ArrayChain& chain, Direction direction, std::uint64_t input,
                          std::vector<TracedStep>& trace, const Readings& readings,
                          const ElementOracle& oracle) {
  return through(chain, direction, input, readings, oracle, &trace);
}

}  // namespace cvc
