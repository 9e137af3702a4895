#include "harness/fuzz/chain_shrink_candidates.hpp"

#include <algorithm>
#include <bit>

#include "harness/fuzz/shrink_candidates.hpp"
#include "oracle/scalar_json.hpp"

namespace cvc::fuzz {
namespace {

using json = nlohmann::json;

// Simpler values tried per operand: the simplest few (0, 1, 2, ...), then a geometric ladder
// through the rest of simpler_inputs' ranking, from far to near (positions n/2, 3n/4, 7n/8, ...
// up to the value just simpler than the operand), so that a large operand can jump down in a few
// steps when no small one fails.
constexpr std::size_t kSimplestOperands = 6;

std::vector<std::size_t> ladder(std::size_t count) {
  std::vector<std::size_t> positions;
  for (std::size_t i = 0; i < std::min(count, kSimplestOperands); ++i) positions.push_back(i);
  for (std::size_t gap = count / 2; count > kSimplestOperands && gap > 0; gap /= 2)
    if (count - gap > positions.back()) positions.push_back(count - gap);
  return positions;
}

// The scenario without its leading codec: the cast_value codec alone, on the type the codec
// handed it (the elements of an encode carried over to it); nullopt when an element cannot be.
std::optional<CastScenario> without_leading(const CastScenario& scenario) {
  CastScenario copy = scenario;
  copy.array_type = &cast_array_type(scenario);
  copy.leading = json();
  if (scenario.direction == Direction::Decode || copy.array_type == scenario.array_type)
    return copy;
  for (std::uint64_t& element : copy.elements) {
    const std::optional<std::uint64_t> value =
        carried_over(*scenario.array_type, element, *copy.array_type);
    if (!value) return std::nullopt;
    element = *value;
  }
  return copy;
}

// The scenario with operand `name` of its leading codec set to `value` (null: absent).
CastScenario with_operand(const CastScenario& scenario, const char* name, const json& value) {
  CastScenario copy = scenario;
  json& configuration = copy.leading[0]["configuration"];
  if (value.is_null())
    configuration.erase(name);
  else
    configuration[name] = value;
  return copy;
}

// Simpler values of one operand, written as the codec requires (the alias: JSON numbers only).
void operand_candidates(const CastScenario& scenario, const char* name, bool alias,
                        std::vector<CastScenario>& out) {
  const json& configuration = scenario.leading[0]["configuration"];
  if (!configuration.contains(name)) return;
  if (!alias) out.push_back(with_operand(scenario, name, json()));
  const DataType& type = *scenario.array_type;
  std::uint64_t bits = 0;
  try {
    bits = parse_scalar(type, configuration[name]);
  } catch (const ScalarError&) {
    return;
  }
  const json canonical = format_scalar(type, bits);
  if (!alias && canonical != configuration[name])
    out.push_back(with_operand(scenario, name, canonical));
  // An integer's highest bit alone (its sign kept): one significant bit, the same magnitude.
  if (type.is_integer()) {
    const bool negative = type.is_signed() && (bits >> (type.bits - 1) & 1);
    const std::uint64_t magnitude = (negative ? 0 - bits : bits) & type.bit_mask();
    const std::uint64_t top = magnitude == 0 ? 0 : std::bit_floor(magnitude);
    if (top != magnitude)
      out.push_back(with_operand(
          scenario, name, format_scalar(type, (negative ? 0 - top : top) & type.bit_mask())));
  }
  const std::vector<std::uint64_t> simpler = simpler_inputs(type, type, bits);
  for (const std::size_t i : ladder(simpler.size())) {
    const json value = format_scalar(type, simpler[i]);
    if (alias && !value.is_number()) continue;
    out.push_back(with_operand(scenario, name, value));
  }
}

}  // namespace

void chain_candidates(const CastScenario& scenario, std::vector<CastScenario>& out) {
  if (!scenario.is_chain() || !scenario.leading[0].is_object()) return;
  if (std::optional<CastScenario> alone = without_leading(scenario)) out.push_back(*alone);
  if (!scenario.leading[0].contains("configuration")) return;
  const bool alias = scenario.leading[0].value("name", json()) == "numcodecs.fixedscaleoffset";
  for (const char* name : {"offset", "scale"}) operand_candidates(scenario, name, alias, out);
}

}  // namespace cvc::fuzz
