// The parts the chain models are built from (chain_parts.hpp).
#include "harness/bug_models/chain_parts.hpp"

#include <cmath>
#include <cstdlib>
#include <cstring>

#include "oracle/io/json_exact.hpp"

namespace cvc::bug_catalogue {

ChainResult chain_through(const ArrayChain& chain, const nlohmann::json& codecs,
                          Direction direction, std::uint64_t input, const StepBug& bug) {
  ChainResult result;
  result.bits = input;
  const std::size_t count = chain.steps.size();
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t k = direction == Direction::Encode ? i : count - 1 - i;
    const ChainStep& step = chain.steps[k];
    const std::optional<ChainResult> own = bug(step, codecs, direction, result.bits);
    result = own ? *own : step_through(step, direction, result.bits, {}, fast_element_oracle());
    if (!result.ok()) {
      result.failed_step = static_cast<int>(k);
      return result;
    }
  }
  return result;
}

const nlohmann::json& step_metadata(const ChainStep& step, const nlohmann::json& codecs) {
  const std::size_t open = step.path.find('[');
  return codecs.at(std::stoul(step.path.substr(open + 1)));
}

ChainResult chain_value(std::uint64_t bits) {
  ChainResult result;
  result.bits = bits;
  return result;
}

ChainResult refused_step() {
  ChainResult result;
  result.failed_step = 0;
  result.scale_offset.error = ScaleOffsetError::NotRepresentable;
  return result;
}

Wide integer_value(const DataType& type, std::uint64_t bits) {
  if (type.is_signed() && (bits >> (type.bits - 1)) != 0)
    return static_cast<Wide>(bits) - (static_cast<Wide>(1) << type.bits);
  return static_cast<Wide>(bits);
}

bool in_range(const DataType& type, Wide x) {
  const Wide low = type.is_signed() ? -static_cast<Wide>(type.integer_min_magnitude()) : 0;
  return x >= low && x <= static_cast<Wide>(type.integer_max_magnitude());
}

std::uint64_t wrapped(const DataType& type, Wide x) {
  return static_cast<std::uint64_t>(x) & type.bit_mask();
}

double as_double(std::uint64_t float64_bits) {
  double x = 0;
  std::memcpy(&x, &float64_bits, sizeof x);
  return x;
}

std::uint64_t double_bits(double x) {
  std::uint64_t bits = 0;
  std::memcpy(&bits, &x, sizeof bits);
  return bits;
}

double value_as_double(const DataType& type, std::uint64_t bits) {
  if (type.is_integer()) return static_cast<double>(integer_value(type, bits));
  return as_double(as_float64(type, bits));
}

std::optional<double> json_double(const nlohmann::json& value) {
  const std::optional<std::string> text = json_number_text(value);
  if (!text) return std::nullopt;
  return std::strtod(text->c_str(), nullptr);  // correctly rounded, as JSON.parse
}

std::uint64_t stored_float(const DataType& type, double x) {
  const CastResult stored = cast_value(
      plain_rule(float64_type(), type, Rounding::NearestEven, OutOfRange::None), double_bits(x));
  return stored.ok() ? stored.bits : type.infinity_bits(std::signbit(x));
}

}  // namespace cvc::bug_catalogue
