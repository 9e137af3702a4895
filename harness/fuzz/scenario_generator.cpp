#include "harness/fuzz/scenario_generator.hpp"

#include <algorithm>

#include "generators/boundary_values.hpp"
#include "generators/fill_value.hpp"
#include "harness/fuzz/chain_codecs.hpp"
#include "harness/fuzz/chain_declaration.hpp"
#include "harness/fuzz/map_scalars.hpp"
#include "harness/fuzz/metadata_mutations.hpp"
#include "harness/protocol/capabilities.hpp"
#include "oracle/exact_value.hpp"
#include "oracle/scalar_json.hpp"

namespace cvc::fuzz {
namespace {

using json = nlohmann::json;

// The chain stream's seed, mixed into the case's ("chain" in ASCII).
constexpr std::uint64_t kChainStream = 0x6368'6169'6e00'0000ull;

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

// The offset of a chain's leading codec, when it has one.
const json* leading_offset(const CastScenario& scenario) {
  if (!scenario.is_chain()) return nullptr;
  // (A pointer into the scenario itself: `value("configuration", ...)` would return a copy, gone
  // when this function returns.)
  const json& codec = scenario.leading.front();
  const auto configuration = codec.find("configuration");
  if (configuration == codec.end() || !configuration->is_object()) return nullptr;
  const auto offset = configuration->find("offset");
  return offset == configuration->end() ? nullptr : &*offset;
}

// A fill value the oracle accepts for the scenario's metadata: 0 mostly, a landmark of the array
// type sometimes; else the first of 0, 1, 2 that survives; nullopt when none does.
bool settle_fill_value(CastScenario& scenario, gen::Rng& rng) {
  // A chain's offset as the fill value: encoded to 0 by scale_offset (as the spec's uint16
  // example).
  const json* offset = leading_offset(scenario);
  if (offset != nullptr && rng.one_in(2)) {
    scenario.fill_value = *offset;
    if (oracle_rule(scenario)) return true;
  }
  if (rng.one_in(4)) {
    scenario.fill_value =
        scalar_form(*scenario.array_type, landmark_pattern(*scenario.array_type, rng), rng);
    if (oracle_rule(scenario)) return true;
  }
  scenario.fill_value = surviving_fill_value(*scenario.array_type, {chain_codecs(scenario)});
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
  // In a chain the keys are of the type reaching cast_value, which the elements may not be.
  if (rule.input == &input) {
    for (const ScalarMapEntry& entry : rule.scalar_map) {
      elements.push_back(entry.input_bits);
      for (const bool up : {false, true})
        if (const auto next = gen::neighbour_pattern(input, entry.input_bits, up))
          elements.push_back(*next);
      if (input.has_nan() && decode_exact(input, entry.input_bits).is_nan())
        elements.push_back(landmark_pattern(input, rng));
    }
  }
  // A chain's first step is not the cast: its inputs are also the input type's own landmarks
  // (NaN, infinities, both zeros), 1 in 4, which the cast's boundaries for the pair need not hold.
  while (elements.size() < count)
    elements.push_back(scenario.is_chain() && rng.one_in(4)
                           ? landmark_pattern(input, rng)
                           : gen::cast_boundary_weighted_pattern(input, scenario.output(), rng));
  if (elements.size() > max_elements) elements.resize(max_elements);
  // Shuffled, so the keys are not always first.
  for (std::size_t i = elements.size(); i > 1; --i)
    std::swap(elements[i - 1], elements[rng.uniform(i)]);
  return elements;
}

bool cast_allowed(const ScenarioSpace& space, const CastScenario& scenario, const CastRule& rule) {
  if (space.handshake == nullptr) return true;
  if (scenario.is_chain()) {
    const std::optional<ArrayChain> chain = oracle_chain(scenario);
    return chain && !undeclared_chain_scenario(*space.handshake, scenario, *chain);
  }
  const Handshake& hello = *space.handshake;
  for (const DataType* type : {scenario.array_type, scenario.data_type})
    if (!hello.data_types.count(std::string(type->name))) return false;
  return !undeclared(hello, scenario.direction, rule).has_value();
}

// The types a Zarr V2 type string names (the alias's dtype and astype), among the space's.
std::vector<const DataType*> v2_types(const ScenarioSpace& space, bool integral) {
  std::vector<const DataType*> types;
  for (const DataType* type : space.types)
    if (v2_type_string(*type) && type->is_integer() == integral) types.push_back(type);
  return types;
}

// The alias's dtype: the array type when V2 metadata names it, else (unless --type asks for the
// array type) one of the space's types it names, float or integral 1 in 2; null when none.
const DataType* alias_dtype(const ScenarioSpace& space, const DataType& array, gen::Rng& rng) {
  if (v2_type_string(array)) return &array;
  if (std::find(space.required.begin(), space.required.end(), &array) != space.required.end())
    return nullptr;
  std::vector<const DataType*> types = v2_types(space, rng.one_in(2));
  if (types.empty()) types = v2_types(space, true);
  return types.empty() ? nullptr : rng.pick(types);
}

// A chain's leading codec for an array of `array` (scale_offset 3 in 6, the alias 2 in 6,
// transpose 1 in 6); `cast_input` becomes the type it hands to the cast_value codec (the alias's
// astype: integral or float, 1 in 2 each), and `array` the alias's dtype.
json draw_leading(const ScenarioSpace& space, const DataType*& array, const DataType*& cast_input,
                  gen::Rng& rng) {
  cast_input = array;
  const std::uint64_t kind = rng.uniform(6);
  if (kind == 5) return transpose_codec();
  const DataType* dtype = kind >= 3 ? alias_dtype(space, *array, rng) : nullptr;
  if (dtype != nullptr) {
    std::vector<const DataType*> astypes = v2_types(space, rng.one_in(2));
    if (astypes.empty()) astypes = v2_types(space, true);
    if (!astypes.empty()) {
      array = dtype;
      cast_input = rng.pick(astypes);
      return draw_fixed_scale_offset(*array, *cast_input, rng);
    }
  }
  return draw_scale_offset(*array, rng);
}

std::optional<CastScenario> draw_cast(const ScenarioSpace& space, Direction direction, bool chain,
                                      gen::Rng& rng) {
  for (int attempt = 0; attempt < 16; ++attempt) {
    auto [array, data] = pick_types(space, rng);
    const DataType* cast_input = array;
    const json leading = chain ? draw_leading(space, array, cast_input, rng) : json();
    CastScenario scenario = draw_configuration(*cast_input, *data, direction, rng);
    scenario.array_type = array;
    if (chain) scenario.leading = json::array({leading});
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

// A scale_offset codec first (the array's own type reaches it), its offset the fill value 1 in 2
// (encoded to 0, as in the spec's uint16 example).
void lead_with_scale_offset(ValidateScenario& scenario, const DataType& array, gen::Rng& rng) {
  const json codec = draw_scale_offset(array, rng);
  scenario.codecs.insert(scenario.codecs.begin(), codec);
  if (codec["configuration"].contains("offset") && rng.one_in(2))
    scenario.fill_value = codec["configuration"]["offset"];
}

// The chain inside a sharding_indexed codec of one-element inner chunks: the fill value reaches
// the inner codecs as the shard-level fill value (sharding-indexed.rst: "Empty inner chunks are
// interpreted as being filled with the fill value").
void shard(ValidateScenario& scenario) {
  const json bytes = {{"name", "bytes"}, {"configuration", {{"endian", "little"}}}};
  const json configuration = {{"chunk_shape", json::array({1})},
                              {"codecs", scenario.codecs},
                              {"index_codecs", json::array({bytes})}};
  scenario.codecs = json::array({{{"name", "sharding_indexed"}, {"configuration", configuration}}});
}

// Array metadata: one or two cast_value codecs (the second's array type is the first's
// data_type), followed by "bytes", then usually mutated (metadata_mutations.hpp).
ValidateScenario draw_validate(const ScenarioSpace& space, gen::Rng& rng, gen::Rng& chain_rng) {
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
  const bool chains = space.chains && has_operation(space, "chain");
  if (chains && chain_rng.one_in(3)) lead_with_scale_offset(scenario, *array, chain_rng);
  const std::uint64_t mutations = rng.uniform(4);  // 0: left valid (or as the fill value makes it)
  for (std::uint64_t i = 0; i < mutations; ++i) {
    const std::string name = mutate_metadata(scenario, rng);
    scenario.mutation += (scenario.mutation.empty() ? "" : ", ") + name;
  }
  if (chains && chain_rng.one_in(3)) shard(scenario);
  return scenario;
}

}  // namespace

Scenario generate_scenario(std::uint64_t seed, std::uint64_t index, const ScenarioSpace& space) {
  gen::Rng rng(case_seed(seed, index));
  // What chains add is drawn from a stream of its own, so that every case that is no chain is
  // drawn exactly as without chains (a cast_value bug is found at the same case either way).
  gen::Rng chain_rng(case_seed(seed, index) ^ kChainStream);
  const bool encode = space.encode && has_operation(space, "encode");
  const bool decode = space.decode && has_operation(space, "decode");
  const bool validate = space.validate && has_operation(space, "validate");
  if (validate && (rng.one_in(4) || (!encode && !decode)))
    return draw_validate(space, rng, chain_rng);
  if (encode || decode) {
    const Direction direction = encode && decode
                                    ? (rng.one_in(2) ? Direction::Encode : Direction::Decode)
                                : encode ? Direction::Encode
                                         : Direction::Decode;
    // A chain 1 in 3 when the adapter answers chain requests.
    const bool chain = space.chains && has_operation(space, "chain") && chain_rng.one_in(3);
    if (std::optional<CastScenario> cast =
            draw_cast(space, direction, chain, chain ? chain_rng : rng))
      return *cast;
  }
  return draw_validate(space, rng, chain_rng);
}

}  // namespace cvc::fuzz
