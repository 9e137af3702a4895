#include "harness/fuzz/scenario_generator.hpp"

#include <algorithm>

#include "generators/boundary_values.hpp"
#include "generators/fill_value.hpp"
#include "harness/fuzz/map_scalars.hpp"
#include "harness/fuzz/metadata_mutations.hpp"
#include "harness/protocol/capabilities.hpp"
#include "oracle/exact_value.hpp"
#include "oracle/scalar_json.hpp"

namespace cvc::fuzz {
namespace {

using json = nlohmann::json;

// Independent streams per case: SplitMix64 of the seed and the index.
std::uint64_t case_seed(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t state = seed ^ (index * 0x9e3779b97f4a7c15ull) ^ 0x6675'7a7a'6675'7a7aull;
  gen::splitmix64(state);
  return gen::splitmix64(state);
}

bool has_operation(const ScenarioSpace& space, std::string_view operation) {
  return space.handshake == nullptr || space.handshake->operations.count(std::string(operation));
}

// The array type and the configuration's data_type: one of them among --type when given.
std::pair<const DataType*, const DataType*> pick_types(const ScenarioSpace& space, gen::Rng& rng) {
  const DataType* array = rng.pick(space.types);
  const DataType* data = rng.pick(space.types);
  if (!space.required.empty()) (rng.one_in(2) ? array : data) = rng.pick(space.required);
  return {array, data};
}

// The configuration's options and scalar_map, drawn for one codec (no elements, fill value 0).
CastScenario draw_configuration(const DataType& array, const DataType& data, Direction direction,
                                gen::Rng& rng) {
  CastScenario scenario;
  scenario.direction = direction;
  scenario.array_type = &array;
  scenario.data_type = &data;
  if (rng.uniform(5) < 3) scenario.rounding = static_cast<Rounding>(rng.uniform(kRoundingCount));
  const std::uint64_t rule = rng.uniform(4);
  if (rule == 1) scenario.out_of_range = OutOfRange::Clamp;
  if (rule == 2 && data.is_integer()) scenario.out_of_range = OutOfRange::Wrap;
  // scalar_map: the cast's direction often, the other now and then; 0..4 entries.
  const bool encode = direction == Direction::Encode;
  const auto list = [&](bool encode_list) {
    const DataType& key = encode_list ? array : data;
    const DataType& value = encode_list ? data : array;
    return scalar_map_list(key, value, rng.uniform(5), rng);
  };
  if (rng.uniform(20) < 9) (encode ? scenario.encode_map : scenario.decode_map) = list(encode);
  if (rng.one_in(5)) (encode ? scenario.decode_map : scenario.encode_map) = list(!encode);
  return scenario;
}

// A fill value the oracle accepts for the scenario's metadata: 0 mostly, a landmark of the array
// type sometimes; else the first of 0, 1, 2 that survives; nullopt when none does.
bool settle_fill_value(CastScenario& scenario, gen::Rng& rng) {
  if (rng.one_in(4)) {
    scenario.fill_value =
        scalar_form(*scenario.array_type, landmark_pattern(*scenario.array_type, rng), rng);
    if (oracle_rule(scenario)) return true;
  }
  scenario.fill_value =
      surviving_fill_value(*scenario.array_type, {json::array({cast_codec(scenario)})});
  return !scenario.fill_value.is_null() && oracle_rule(scenario).has_value();
}

// Elements: boundary-weighted patterns for the pair, plus each scalar_map key of the cast's
// direction and its neighbours (a key only matters when an element equals it).
std::vector<std::uint64_t> draw_elements(const CastScenario& scenario, const CastRule& rule,
                                         std::size_t max_elements, gen::Rng& rng) {
  static constexpr std::size_t kCounts[] = {1, 2, 4, 8, 16, 64, 256, 1024, 4096};
  std::size_t count = kCounts[rng.uniform(std::size(kCounts))];
  count = std::min(count, max_elements);
  std::vector<std::uint64_t> elements;
  const DataType& input = scenario.input();
  for (const ScalarMapEntry& entry : rule.scalar_map) {
    elements.push_back(entry.input_bits);
    for (const bool up : {false, true})
      if (const auto next = gen::neighbour_pattern(input, entry.input_bits, up))
        elements.push_back(*next);
    if (input.has_nan() && decode_exact(input, entry.input_bits).is_nan())
      elements.push_back(landmark_pattern(input, rng));
  }
  while (elements.size() < count)
    elements.push_back(gen::cast_boundary_weighted_pattern(input, scenario.output(), rng));
  if (elements.size() > max_elements) elements.resize(max_elements);
  // Shuffled, so the keys are not always first.
  for (std::size_t i = elements.size(); i > 1; --i)
    std::swap(elements[i - 1], elements[rng.uniform(i)]);
  return elements;
}

bool cast_allowed(const ScenarioSpace& space, const CastScenario& scenario, const CastRule& rule) {
  if (space.handshake == nullptr) return true;
  const Handshake& hello = *space.handshake;
  for (const DataType* type : {scenario.array_type, scenario.data_type})
    if (!hello.data_types.count(std::string(type->name))) return false;
  return !undeclared(hello, scenario.direction, rule).has_value();
}

std::optional<CastScenario> draw_cast(const ScenarioSpace& space, Direction direction,
                                      gen::Rng& rng) {
  for (int attempt = 0; attempt < 16; ++attempt) {
    const auto [array, data] = pick_types(space, rng);
    CastScenario scenario = draw_configuration(*array, *data, direction, rng);
    // Later attempts simplify, so that a type pair the adapter restricts still gets cases.
    if (attempt >= 8) scenario.encode_map = scenario.decode_map = json();
    if (attempt >= 12) scenario.rounding.reset(), scenario.out_of_range.reset();
    if (!settle_fill_value(scenario, rng)) continue;
    const std::optional<CastRule> rule = oracle_rule(scenario);
    if (!rule || !cast_allowed(space, scenario, *rule)) continue;
    scenario.elements = draw_elements(scenario, *rule, space.max_elements, rng);
    return scenario;
  }
  return std::nullopt;
}

// Array metadata: one or two cast_value codecs (the second's array type is the first's
// data_type), followed by "bytes", then usually mutated (metadata_mutations.hpp).
ValidateScenario draw_validate(const ScenarioSpace& space, gen::Rng& rng) {
  const auto [array, data] = pick_types(space, rng);
  CastScenario first = draw_configuration(*array, *data, Direction::Encode, rng);
  settle_fill_value(first, rng);
  ValidateScenario scenario;
  scenario.array_data_type = std::string(array->name);
  scenario.fill_value = first.fill_value.is_null() ? json(0) : first.fill_value;
  scenario.codecs = json::array({cast_codec(first)});
  if (rng.one_in(3)) {
    const CastScenario second =
        draw_configuration(*data, *rng.pick(space.types), Direction::Encode, rng);
    scenario.codecs.push_back(cast_codec(second));
  }
  // The array -> bytes codec every Zarr v3 chain needs, with the endianness multi-byte types
  // need (zarr-python refuses a chain without either; the oracle's check follows only the fill
  // value through cast_value codecs, so leaving them out would find nothing else).
  scenario.codecs.push_back({{"name", "bytes"}, {"configuration", {{"endian", "little"}}}});
  const std::uint64_t mutations = rng.uniform(4);  // 0: left valid (or as the fill value makes it)
  for (std::uint64_t i = 0; i < mutations; ++i) {
    const std::string name = mutate_metadata(scenario, rng);
    scenario.mutation += (scenario.mutation.empty() ? "" : ", ") + name;
  }
  return scenario;
}

}  // namespace

Scenario generate_scenario(std::uint64_t seed, std::uint64_t index, const ScenarioSpace& space) {
  gen::Rng rng(case_seed(seed, index));
  const bool encode = space.encode && has_operation(space, "encode");
  const bool decode = space.decode && has_operation(space, "decode");
  const bool validate = space.validate && has_operation(space, "validate");
  if (validate && (rng.one_in(4) || (!encode && !decode))) return draw_validate(space, rng);
  if (encode || decode) {
    const Direction direction = encode && decode
                                    ? (rng.one_in(2) ? Direction::Encode : Direction::Decode)
                                : encode ? Direction::Encode
                                         : Direction::Decode;
    if (std::optional<CastScenario> cast = draw_cast(space, direction, rng)) return *cast;
  }
  return draw_validate(space, rng);
}

}  // namespace cvc::fuzz
