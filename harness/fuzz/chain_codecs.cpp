#include "harness/fuzz/chain_codecs.hpp"

#include <array>

#include "harness/fuzz/map_scalars.hpp"
#include "oracle/exact_value.hpp"
#include "oracle/scalar_json.hpp"

namespace cvc::fuzz {
namespace {

using json = nlohmann::json;

// The operands of the scale_offset spec's examples and of its alias conversion example
// (scale_offset.md, "Examples": offset 5 and scale 0.1, offset 1000, offset -10 and scale 0.1;
// "Conversion to scale_offset": offset 10, scale 0.1).
constexpr std::array<double, 4> kExampleOffsets = {5, 1000, -10, 10};
constexpr std::array<double, 1> kExampleScales = {0.1};

// An example operand the type holds as written (an integer type refuses 0.1), else nullopt.
std::optional<json> example_operand(const DataType& type, double value) {
  const json number = value == static_cast<double>(static_cast<long long>(value))
                          ? json(static_cast<long long>(value))
                          : json(value);
  try {
    parse_scalar(type, number);
    return number;
  } catch (const ScalarError&) {
    return std::nullopt;
  }
}

// One operand: an example 1 in 4 (where the type holds it), else a landmark of the type in one of
// its JSON forms (decimal, hex, "NaN", "Infinity").
json draw_operand(const DataType& type, bool scale, gen::Rng& rng) {
  if (rng.one_in(4)) {
    const double example = scale ? kExampleScales[rng.uniform(kExampleScales.size())]
                                 : kExampleOffsets[rng.uniform(kExampleOffsets.size())];
    if (std::optional<json> operand = example_operand(type, example)) return *operand;
  }
  return scalar_form(type, landmark_pattern(type, rng), rng);
}

// A finite landmark of `type` as a JSON number (the alias's operands "MUST be a JSON number"),
// or the example operand; redrawn a few times past NaN and the infinities.
json draw_number(const DataType& type, bool scale, gen::Rng& rng) {
  if (rng.one_in(4)) {
    const double example = scale ? kExampleScales.front() : 10.0;
    if (std::optional<json> operand = example_operand(type, example)) return *operand;
  }
  for (int attempt = 0; attempt < 8; ++attempt) {
    const std::uint64_t bits = landmark_pattern(type, rng);
    if (decode_exact(type, bits).is_finite()) return format_scalar(type, bits);
  }
  return scale ? 1 : 0;
}

// How V2 metadata names a type: its NumPy type string mostly, its name now and then (the spec's
// own conversion example writes "astype": "uint8").
json v2_form(const DataType& type, gen::Rng& rng) {
  const std::optional<std::string> text = v2_type_string(type);
  if (!text || rng.one_in(3)) return std::string(type.name);
  return *text;
}

}  // namespace

json draw_scale_offset(const DataType& type, gen::Rng& rng) {
  json configuration = json::object();
  if (!rng.one_in(4)) configuration["offset"] = draw_operand(type, false, rng);
  if (!rng.one_in(4)) configuration["scale"] = draw_operand(type, true, rng);
  return {{"name", "scale_offset"}, {"configuration", configuration}};
}

json draw_fixed_scale_offset(const DataType& dtype, const DataType& astype, gen::Rng& rng) {
  json configuration = {{"offset", draw_number(dtype, false, rng)},
                        {"scale", draw_number(dtype, true, rng)},
                        {"dtype", v2_form(dtype, rng)},
                        {"astype", v2_form(astype, rng)}};
  return {{"name", "numcodecs.fixedscaleoffset"}, {"configuration", configuration}};
}

json transpose_codec() {
  return {{"name", "transpose"}, {"configuration", {{"order", json::array({0})}}}};
}

std::optional<std::string> v2_type_string(const DataType& type) {
  if (type.bits % 8 != 0 || type.bits > 64) return std::nullopt;
  const std::string bytes = std::to_string(type.bits / 8);
  const std::string order = type.bits == 8 ? "|" : "<";
  const std::string name(type.name);
  if (type.is_integer()) return order + (type.is_signed() ? "i" : "u") + bytes;
  if (name == "float16" || name == "float32" || name == "float64") return order + "f" + bytes;
  return std::nullopt;
}

std::string leading_codec_name(const json& codec) {
  if (codec.is_object() && codec.contains("name") && codec["name"].is_string())
    return codec["name"].get<std::string>();
  return "";
}

}  // namespace cvc::fuzz
