#include "harness/fuzz/map_scalars.hpp"

#include <algorithm>
#include <cctype>

#include "oracle/cast.hpp"
#include "oracle/exact_value.hpp"
#include "oracle/scalar_json.hpp"

namespace cvc::fuzz {
namespace {

using json = nlohmann::json;

// A NaN pattern of an IEEE type with a random nonzero payload (quiet or signalling) and sign.
std::uint64_t random_nan(const DataType& type, gen::Rng& rng) {
  const std::uint64_t exponent = ((1ull << type.exponent_bits) - 1) << type.mantissa_bits;
  std::uint64_t mantissa = rng.bits(type.mantissa_bits);
  if (mantissa == 0) mantissa = 1;
  return exponent | mantissa | (rng.one_in(2) ? type.sign_mask() : 0);
}

// The value of `bits` in `from`, stored in `to` if exactly representable there.
std::optional<std::uint64_t> same_value_in(const DataType& from, std::uint64_t bits,
                                           const DataType& to) {
  CastRule rule;
  rule.input = &from;
  rule.output = &to;
  const CastResult result = cast_value(rule, bits);
  if (!result.ok() || result.step == CastStep::Rounded) return std::nullopt;
  return result.bits;
}

}  // namespace

std::uint64_t landmark_pattern(const DataType& type, gen::Rng& rng) {
  switch (rng.uniform(8)) {
    case 0:
      if (type.has_nan())
        return type.specials == Specials::IEEE ? random_nan(type, rng) : type.canonical_nan();
      break;
    case 1:
      if (type.has_zero()) return rng.one_in(2) && type.has_negative_zero() ? type.sign_mask() : 0;
      break;
    case 2:
      if (type.has_infinity()) return type.infinity_bits(rng.one_in(2));
      break;
    case 3:
      if (type.is_integer() && type.bits == 64) {
        // Beyond 2^53: an odd number there is not a double.
        const std::uint64_t magnitude =
            (1ull << (53 + rng.uniform(type.is_signed() ? 10 : 11))) | rng.bits(53) | 1;
        return type.is_signed() && rng.one_in(2) ? 0 - magnitude : magnitude;
      }
      break;
    default:
      break;
  }
  return gen::boundary_weighted_pattern(type, rng);
}

json scalar_form(const DataType& type, std::uint64_t bits, gen::Rng& rng) {
  if (type.is_float() && rng.one_in(3)) {
    std::string hex = pattern_hex(type, bits);
    if (rng.one_in(3))
      std::transform(hex.begin() + 2, hex.end(), hex.begin() + 2,
                     [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return hex;
  }
  return format_scalar(type, bits);
}

json scalar_map_list(const DataType& key_type, const DataType& value_type, std::size_t entries,
                     gen::Rng& rng) {
  json list = json::array();
  std::vector<std::uint64_t> keys;
  for (std::size_t i = 0; i < entries; ++i) {
    std::uint64_t key = landmark_pattern(key_type, rng);
    if (!keys.empty() && rng.one_in(4)) key = rng.pick(keys);  // a duplicate key, maybe re-formed
    std::uint64_t value = landmark_pattern(value_type, rng);
    if (!keys.empty() && rng.one_in(3)) {
      // A value equal to another entry's key: a mapped value must not be mapped again.
      if (const auto same = same_value_in(key_type, rng.pick(keys), value_type)) value = *same;
    }
    keys.push_back(key);
    list.push_back(
        json::array({scalar_form(key_type, key, rng), scalar_form(value_type, value, rng)}));
  }
  return list;
}

}  // namespace cvc::fuzz
