#include "harness/fuzz/shrink_candidates.hpp"

#include <algorithm>
#include <set>

#include "generators/boundary_values.hpp"
#include "generators/fill_value.hpp"
#include "harness/fuzz/chain_codecs.hpp"
#include "harness/fuzz/chain_shrink_candidates.hpp"
#include "harness/run/diagnosis.hpp"
#include "oracle/cast.hpp"
#include "oracle/exact_value.hpp"
#include "oracle/scalar_json.hpp"

namespace cvc::fuzz {
namespace {

using json = nlohmann::json;

bool smaller(const Scenario& candidate, const Scenario& than) {
  return size_key(candidate) < size_key(than);
}

// The list without entry i; an emptied list stays (then goes as a whole in a later step).
json without(const json& list, std::size_t i) {
  json copy = list;
  copy.erase(i);
  return copy;
}

// A scalar_map list with its hex scalars in canonical form, one candidate per scalar.
void canonical_scalar_candidates(const CastScenario& scenario, bool encode_list,
                                 std::vector<CastScenario>& out) {
  const json& list = encode_list ? scenario.encode_map : scenario.decode_map;
  if (!list.is_array()) return;
  const DataType& key = encode_list ? cast_array_type(scenario) : *scenario.data_type;
  const DataType& value = encode_list ? *scenario.data_type : cast_array_type(scenario);
  for (std::size_t i = 0; i < list.size(); ++i) {
    for (std::size_t side = 0; side < 2 && side < list[i].size(); ++side) {
      const json& scalar = list[i][side];
      if (!scalar.is_string() || scalar.get<std::string>().rfind("0x", 0) != 0) continue;
      const DataType& type = side == 0 ? key : value;
      try {
        CastScenario copy = scenario;
        json& target = encode_list ? copy.encode_map : copy.decode_map;
        target[i][side] = format_scalar(type, parse_scalar(type, scalar));
        out.push_back(std::move(copy));
      } catch (const ScalarError&) {
      }
    }
  }
}

// Each scalar_map value replaced by zero (where the value type has one): a mapping's output
// rarely matters beyond being different from the normal cast.
void zero_value_candidates(const CastScenario& scenario, bool encode_list,
                           std::vector<CastScenario>& out) {
  const json& list = encode_list ? scenario.encode_map : scenario.decode_map;
  const DataType& value = encode_list ? *scenario.data_type : cast_array_type(scenario);
  if (!list.is_array() || !value.has_zero()) return;
  const json zero = format_scalar(value, 0);
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (list[i].size() != 2 || list[i][1] == zero) continue;
    CastScenario copy = scenario;
    (encode_list ? copy.encode_map : copy.decode_map)[i][1] = zero;
    out.push_back(std::move(copy));
  }
}

// A chain whose array type changed: an alias's dtype says the new type (false when V2 has no
// type string for it); a scale_offset's operands are read in it as written.
bool follow_array_type(CastScenario& scenario) {
  if (!scenario.is_chain() ||
      leading_codec_name(scenario.leading[0]) != "numcodecs.fixedscaleoffset")
    return true;
  const std::optional<std::string> dtype = v2_type_string(*scenario.array_type);
  if (!dtype) return false;
  scenario.leading[0]["configuration"]["dtype"] = *dtype;
  return true;
}

// Narrower types on either side of the cast, narrowest first, the element carried over.
void narrower_type_candidates(const CastScenario& scenario, std::vector<CastScenario>& out) {
  std::vector<const DataType*> types;
  for (const DataType& type : all_data_types()) types.push_back(&type);
  std::stable_sort(types.begin(), types.end(),
                   [](const DataType* a, const DataType* b) { return a->bits < b->bits; });
  const bool encode = scenario.direction == Direction::Encode;
  for (const bool array_side : {encode, !encode}) {  // the input side first
    const DataType* current = array_side ? scenario.array_type : scenario.data_type;
    for (const DataType* type : types) {
      if (type->bits >= current->bits) break;
      CastScenario copy = scenario;
      (array_side ? copy.array_type : copy.data_type) = type;
      if (array_side && !follow_array_type(copy)) continue;
      if (copy.out_of_range == OutOfRange::Wrap && !copy.data_type->is_integer()) continue;
      bool carried = true;
      for (std::uint64_t& element : copy.elements) {
        const std::optional<std::uint64_t> value =
            carried_over(scenario.input(), element, copy.input());
        carried = carried && value.has_value();
        if (value) element = *value;
      }
      if (!carried) continue;
      if (!oracle_rule(copy)) {
        copy.fill_value = surviving_fill_value(*copy.array_type, {chain_codecs(copy)});
        if (copy.fill_value.is_null() || !oracle_rule(copy)) continue;
      }
      out.push_back(std::move(copy));
    }
  }
}

std::vector<Scenario> cast_candidates(const CastScenario& scenario) {
  std::vector<CastScenario> out;
  chain_candidates(scenario, out);
  for (const bool encode_list : {true, false}) {
    const json& list = encode_list ? scenario.encode_map : scenario.decode_map;
    if (list.is_null()) continue;
    CastScenario copy = scenario;
    (encode_list ? copy.encode_map : copy.decode_map) = json();
    out.push_back(copy);
    for (std::size_t i = 0; i < list.size(); ++i) {
      CastScenario one = scenario;
      (encode_list ? one.encode_map : one.decode_map) = without(list, i);
      out.push_back(std::move(one));
    }
  }
  if (scenario.rounding) {
    CastScenario copy = scenario;
    copy.rounding.reset();
    out.push_back(std::move(copy));
  }
  if (scenario.out_of_range) {
    CastScenario copy = scenario;
    copy.out_of_range.reset();
    out.push_back(std::move(copy));
  }
  for (const bool encode_list : {true, false}) {
    canonical_scalar_candidates(scenario, encode_list, out);
    zero_value_candidates(scenario, encode_list, out);
  }
  {
    CastScenario copy = scenario;
    copy.fill_value = surviving_fill_value(*copy.array_type, {chain_codecs(copy)});
    if (!copy.fill_value.is_null()) out.push_back(std::move(copy));
  }
  narrower_type_candidates(scenario, out);
  // A candidate whose metadata the oracle refuses keeps its fill value if another fill value
  // makes it valid (removing an entry can make the old fill value fail its round trip).
  std::vector<Scenario> valid;
  for (CastScenario& candidate : out) {
    if (!oracle_rule(candidate)) {
      candidate.fill_value = surviving_fill_value(*candidate.array_type, {chain_codecs(candidate)});
      if (candidate.fill_value.is_null() || !oracle_rule(candidate)) continue;
    }
    if (smaller(candidate, scenario)) valid.emplace_back(std::move(candidate));
  }
  return valid;
}

// The inner codecs of a chain that is one sharding_indexed codec, or null.
const json* sharded_chain(const json& codecs) {
  if (!codecs.is_array() || codecs.size() != 1 || !codecs[0].is_object() ||
      codecs[0].value("name", json()) != "sharding_indexed")
    return nullptr;
  const auto configuration = codecs[0].find("configuration");
  if (configuration == codecs[0].end() || !configuration->is_object()) return nullptr;
  const auto inner = configuration->find("codecs");
  return inner != configuration->end() && inner->is_array() ? &*inner : nullptr;
}

// Validate: every way to drop one piece of the metadata.
std::vector<Scenario> validate_candidates(const ValidateScenario& scenario) {
  std::vector<ValidateScenario> out;
  const auto with = [&](auto change) {
    ValidateScenario copy = scenario;
    change(copy);
    out.push_back(std::move(copy));
  };
  if (scenario.array_data_type.is_object() && scenario.array_data_type.contains("name"))
    with([](ValidateScenario& s) { s.array_data_type = s.array_data_type["name"]; });
  if (scenario.fill_value != json(0)) with([](ValidateScenario& s) { s.fill_value = 0; });
  // A chain inside one sharding_indexed codec: the inner chain at the top instead.
  if (const json* inner = sharded_chain(scenario.codecs))
    with([inner = *inner](ValidateScenario& s) { s.codecs = inner; });
  if (scenario.codecs.is_array()) {
    for (std::size_t i = 0; i < scenario.codecs.size(); ++i) {
      const json& codec = scenario.codecs[i];
      // The array -> bytes codec stays: a chain without one is another question (see the
      // generator), and real implementations refuse it.
      const bool bytes =
          codec == json("bytes") || (codec.is_object() && codec.value("name", json()) == "bytes");
      if (!bytes) with([i](ValidateScenario& s) { s.codecs.erase(i); });
      if (!codec.is_object()) continue;
      for (const auto& [key, value] : codec.items())
        if (key != "name" && key != "configuration")
          with([i, key = key](ValidateScenario& s) { s.codecs[i].erase(key); });
      if (bytes || !codec.contains("configuration") || !codec["configuration"].is_object())
        continue;
      const json& configuration = codec["configuration"];
      for (const auto& [key, value] : configuration.items()) {
        if (key != "data_type")
          with([i, key = key](ValidateScenario& s) { s.codecs[i]["configuration"].erase(key); });
        if (key == "data_type" && value.is_object() && value.contains("name"))
          with([i](ValidateScenario& s) {
            json& data_type = s.codecs[i]["configuration"]["data_type"];
            data_type = json(data_type["name"]);
          });
      }
      if (!configuration.contains("scalar_map") || !configuration["scalar_map"].is_object())
        continue;
      for (const auto& [direction, entries] : configuration["scalar_map"].items()) {
        with([i, direction = direction](ValidateScenario& s) {
          s.codecs[i]["configuration"]["scalar_map"].erase(direction);
        });
        if (!entries.is_array()) continue;
        for (std::size_t e = 0; e < entries.size(); ++e)
          with([i, e, direction = direction](ValidateScenario& s) {
            s.codecs[i]["configuration"]["scalar_map"][direction].erase(e);
          });
      }
    }
  }
  std::vector<Scenario> smaller_ones;
  for (ValidateScenario& candidate : out)
    if (smaller(candidate, scenario)) smaller_ones.emplace_back(std::move(candidate));
  return smaller_ones;
}

void add_pattern(std::set<std::uint64_t>& patterns, const DataType& type, std::uint64_t bits) {
  patterns.insert(bits & type.bit_mask());
}

}  // namespace

std::optional<std::uint64_t> carried_over(const DataType& from, std::uint64_t bits,
                                          const DataType& to) {
  CastRule rule;
  rule.input = &from;
  rule.output = &to;
  rule.out_of_range = OutOfRange::Clamp;
  const CastResult result = cast_value(rule, bits);
  if (result.ok()) return result.bits;
  return std::nullopt;
}

std::vector<Scenario> simpler_scenarios(const Scenario& scenario) {
  if (const CastScenario* cast = std::get_if<CastScenario>(&scenario))
    return cast_candidates(*cast);
  return validate_candidates(std::get<ValidateScenario>(scenario));
}

std::vector<std::uint64_t> simpler_inputs(const DataType& input, const DataType& output,
                                          std::uint64_t bits) {
  std::set<std::uint64_t> patterns;
  const int width = input.bits;
  // Low bits cleared: fewer significant bits, same order of magnitude.
  for (int k = 1; k < width; ++k) add_pattern(patterns, input, bits & ~((1ull << k) - 1));
  if (input.is_float()) {
    const std::uint64_t sign = bits & input.sign_mask();
    const std::uint64_t mantissa = bits & ((1ull << input.mantissa_bits) - 1);
    const std::uint64_t exponent =
        (bits >> input.mantissa_bits) & ((1ull << input.exponent_bits) - 1);
    // Smaller exponents with the same significand, and the positive value.
    for (std::uint64_t step = 1; step <= exponent; step *= 2)
      add_pattern(patterns, input, sign | (exponent - step) << input.mantissa_bits | mantissa);
    add_pattern(patterns, input, bits & ~input.sign_mask());
  } else {
    // Smaller magnitudes: shifted right (the sign kept), negated.
    const std::uint64_t value = bits;
    const bool negative = input.is_signed() && (bits >> (width - 1) & 1);
    for (int k = 1; k < width; ++k) {
      std::uint64_t shifted = value >> k;
      if (negative) shifted |= ~0ull << (width - k);
      add_pattern(patterns, input, shifted);
    }
    add_pattern(patterns, input, 0 - value);
  }
  for (const std::uint64_t small : {0ull, 1ull, 2ull, 3ull}) add_pattern(patterns, input, small);
  for (const std::uint64_t landmark : gen::cast_boundary_patterns(input, output))
    patterns.insert(landmark);
  for (const std::uint64_t landmark : gen::boundary_patterns(input)) patterns.insert(landmark);
  // Only the strictly simpler ones, simplest first.
  CastRule rule;
  rule.input = &input;
  rule.output = &output;
  const Simplicity reference = cast_simplicity(rule, bits);
  std::vector<std::pair<Simplicity, std::uint64_t>> ranked;
  for (const std::uint64_t pattern : patterns) {
    const Simplicity simplicity = cast_simplicity(rule, pattern);
    if (simplicity < reference) ranked.emplace_back(simplicity, pattern);
  }
  std::sort(ranked.begin(), ranked.end());
  if (ranked.size() > kMaxRequestElements) ranked.resize(kMaxRequestElements);
  std::vector<std::uint64_t> result;
  for (const auto& [simplicity, pattern] : ranked) result.push_back(pattern);
  return result;
}

}  // namespace cvc::fuzz
