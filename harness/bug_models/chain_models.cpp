// Chain models: one element through a chain the way an implementation computes it, step by step:
// the steps the bug concerns computed its way, every other step by the oracle (step_through).
// Where the bug does not apply the result is the oracle's.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <functional>
#include <optional>
#include <string>

#include "harness/bug_models/chain_parts.hpp"
#include "oracle/readings.hpp"
#include "oracle/scalar_json.hpp"

namespace cvc::bug_catalogue {
namespace {

// --- zarr-python 3.4.2: integers widened to int64, only the final value range-checked ----------

// numpy int64 arithmetic: modulo 2^64 (uint64 goes through Python ints: exact).
Wide zarr_arithmetic(const DataType& type, Wide x) {
  if (type.bits == 64 && !type.is_signed()) return x;
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(x));
}

std::optional<ChainResult> final_checked(const ChainStep& step, const nlohmann::json&,
                                         Direction direction, std::uint64_t input) {
  const ScaleOffsetCodec* codec = std::get_if<ScaleOffsetCodec>(&step.codec);
  if (codec == nullptr || !codec->type->is_integer()) return std::nullopt;
  const DataType& type = *codec->type;
  const Wide offset = codec->offset ? integer_value(type, *codec->offset) : 0;
  const Wide scale = codec->scale ? integer_value(type, *codec->scale) : 1;
  const Wide x = integer_value(type, input);
  Wide y = 0;
  if (direction == Direction::Encode) {
    if (__builtin_mul_overflow(zarr_arithmetic(type, x - offset), scale, &y)) return refused_step();
  } else {
    if (x % scale != 0) return std::nullopt;  // _check_exact_division comes first: the oracle's
    y = x / scale + offset;
  }
  y = zarr_arithmetic(type, y);
  if (!in_range(type, y)) return refused_step();
  return chain_value(wrapped(type, y));
}

// --- zarr-python 3.4.2: numcodecs.fixedscaleoffset through numcodecs' FixedScaleOffset ---------

// The alias's cast (its second step) is numpy's astype of np.around(...): NaN and the
// infinities become 0 in the types up to 16 bits and uint32 (x86's conversion of a non-finite
// value to int32 or int64 is the most negative value, whose low bits are 0) instead of an error;
// int32, int64 and uint64 keep that most negative value (numcodecs-fixed-scale-offset).
std::optional<ChainResult> numpy_astype(const ChainStep& step, const nlohmann::json&,
                                        Direction direction, std::uint64_t input) {
  const CastValueCodec* cast = std::get_if<CastValueCodec>(&step.codec);
  if (cast == nullptr || step.name != "numcodecs.fixedscaleoffset" ||
      direction != Direction::Encode || !cast->data_type->is_integer() ||
      cast->data_type->bits == 64 || (cast->data_type->bits == 32 && cast->data_type->is_signed()))
    return std::nullopt;
  const DataType& from = *cast->array_type;
  if (!from.is_float() || decode_exact(from, input).is_finite()) return std::nullopt;
  return chain_value(0);
}

// --- zarrita 0.7.5: float decode as JavaScript numbers, out[i] = src[i] / scale + offset -------

// A float32 or float16 array's scale_offset decode: the configuration's numbers read as doubles
// (parseJsonScalar keeps the JSON number, unrounded to the array's type), the division and
// addition in float64, the result stored into the typed array (nearest-even, an infinity beyond
// the largest finite value).
std::optional<ChainResult> javascript_float_decode(const ChainStep& step,
                                                   const nlohmann::json& codecs,
                                                   Direction direction, std::uint64_t input) {
  const ScaleOffsetCodec* codec = std::get_if<ScaleOffsetCodec>(&step.codec);
  if (codec == nullptr || direction != Direction::Decode || !codec->type->is_float() ||
      !codec->type->has_infinity() || codec->type->bits > 32 || codec->type->bits < 16)
    return std::nullopt;
  const DataType& type = *codec->type;
  const nlohmann::json configuration =
      step_metadata(step, codecs).value("configuration", nlohmann::json::object());
  const auto number = [&](const char* key, double absent) {
    return configuration.contains(key) ? as_double(parse_scalar(float64_type(), configuration[key]))
                                       : absent;
  };
  return chain_value(stored_float(
      type, value_as_double(type, input) / number("scale", 1.0) + number("offset", 0.0)));
}

// --- zarrita 0.7.5: integer decode as JavaScript, out[i] = src[i] / scale + offset --------------

// A JavaScript number stored into an integer typed array (ToInt8 ... ToUint32): truncated towards
// zero, then modulo 2^N; NaN and the infinities give 0.
std::uint64_t typed_array_store(const DataType& type, double x) {
  if (!std::isfinite(x)) return 0;
  const double modulus = std::ldexp(1.0, type.bits);
  double low = std::fmod(std::trunc(x), modulus);  // exact
  if (low < 0) low += modulus;
  return wrapped(type, static_cast<Wide>(low));
}

// An integer array's scale_offset decode: the configuration's numbers as JSON.parse reads them
// (doubles; parseJsonScalar makes a BigInt of that double for int64 and uint64), the division and
// the addition as JavaScript computes them (doubles up to 32 bits; BigInt for 64 bits, the quotient
// truncated towards zero, a zero scale a RangeError), the result stored into the typed array
// modulo 2^N, never refused.
std::optional<ChainResult> javascript_integer_decode(const ChainStep& step,
                                                     const nlohmann::json& codecs,
                                                     Direction direction, std::uint64_t input) {
  const ScaleOffsetCodec* codec = std::get_if<ScaleOffsetCodec>(&step.codec);
  if (codec == nullptr || direction != Direction::Decode || !codec->type->is_integer() ||
      step.name != "scale_offset")
    return std::nullopt;
  const DataType& type = *codec->type;
  const nlohmann::json configuration =
      step_metadata(step, codecs).value("configuration", nlohmann::json::object());
  const auto number = [&](const char* key, double absent) {
    return configuration.contains(key) ? json_double(configuration[key])
                                       : std::optional<double>(absent);
  };
  const std::optional<double> scale = number("scale", 1.0), offset = number("offset", 0.0);
  if (!scale || !offset) return std::nullopt;
  if (type.bits < 64)
    return chain_value(typed_array_store(
        type, static_cast<double>(integer_value(type, input)) / *scale + *offset));
  // 64 bits: BigInt arithmetic on BigInt(Number(...)) operands, exact up to 2^64 in magnitude.
  const Wide big_scale = static_cast<Wide>(*scale), big_offset = static_cast<Wide>(*offset);
  if (big_scale == 0) return refused_step();
  return chain_value(wrapped(type, integer_value(type, input) / big_scale + big_offset));
}

// --- zarrita 0.7.5: float scalar_map keys compared as JSON.parse reads them --------------------

// The element matched against the keys as scalarMapLookup matches it (value === entry.src, NaN
// matching NaN): a key written as a JSON number is the double JSON.parse gives, never rounded to
// the input type (a key that type cannot hold matches nothing).
std::optional<std::size_t> javascript_lookup(const CastRule& rule, const nlohmann::json& keys,
                                             std::uint64_t input) {
  const double element = value_as_double(*rule.input, input);
  for (std::size_t i = 0; i < rule.scalar_map.size(); ++i) {
    const double key = json_double(keys[i].at(0))
                           .value_or(value_as_double(*rule.input, rule.scalar_map[i].input_bits));
    if (std::isnan(key) ? std::isnan(element) : key == element) return i;
  }
  return std::nullopt;
}

// A cast_value step from a float type: its scalar_map looked up as zarrita does, then the cast
// (the oracle's) of an element no key matches.
std::optional<ChainResult> unrounded_float_keys(const ChainStep& step, const nlohmann::json& codecs,
                                                Direction direction, std::uint64_t input) {
  const CastValueCodec* cast = std::get_if<CastValueCodec>(&step.codec);
  if (cast == nullptr || step.name != "cast_value") return std::nullopt;
  const bool encode = direction == Direction::Encode;
  const CastRule rule = encode ? cast->encode_rule() : cast->decode_rule();
  if (rule.scalar_map.empty() || !rule.input->is_float()) return std::nullopt;
  const nlohmann::json keys = step_metadata(step, codecs)
                                  .value("configuration", nlohmann::json::object())
                                  .value("scalar_map", nlohmann::json::object())
                                  .value(encode ? "encode" : "decode", nlohmann::json::array());
  if (!keys.is_array() || keys.size() != rule.scalar_map.size()) return std::nullopt;
  const std::optional<std::size_t> match = javascript_lookup(rule, keys, input);
  if (match) return chain_value(rule.scalar_map[*match].output_bits);
  CastRule unmapped = rule;
  unmapped.scalar_map.clear();
  ChainResult result;
  result.cast = cast_value(unmapped, input);
  result.bits = result.cast.bits;
  if (!result.cast.ok()) result.failed_step = 0;
  return result;
}

// --- Plausible: an absent offset taken as 0 and added all the same ------------------------------

// Decoding adds the offset even when the configuration has none, as +0: -0 + +0 is +0 in IEEE
// 754, so a stored -0 is read as +0 (an absent operand skips its operation, scale_offset.md).
std::optional<ChainResult> absent_offset_added(const ChainStep& step, const nlohmann::json&,
                                               Direction direction, std::uint64_t input) {
  const ScaleOffsetCodec* codec = std::get_if<ScaleOffsetCodec>(&step.codec);
  if (codec == nullptr || codec->offset || direction != Direction::Decode ||
      !codec->type->has_negative_zero())
    return std::nullopt;
  const ChainResult correct = step_through(step, direction, input, {}, fast_element_oracle());
  if (!correct.ok() || correct.bits != codec->type->sign_mask()) return std::nullopt;
  return chain_value(0);  // +0
}

// --- Plausible: 64-bit integers computed in float64 ----------------------------------------------

// An int64 or uint64 scale_offset computed in float64 (NumPy promotes uint64 with int64 operands to
// float64; JavaScript numbers are doubles): the input and the operands rounded to 53 bits, each
// operation in double, the final double truncated to the integer type, out of range an error.
std::optional<ChainResult> integers_through_float64(const ChainStep& step, const nlohmann::json&,
                                                    Direction direction, std::uint64_t input) {
  const ScaleOffsetCodec* codec = std::get_if<ScaleOffsetCodec>(&step.codec);
  if (codec == nullptr || !codec->type->is_integer() || codec->type->bits != 64)
    return std::nullopt;
  const DataType& type = *codec->type;
  const double offset = codec->offset ? value_as_double(type, *codec->offset) : 0.0;
  const double scale = codec->scale ? value_as_double(type, *codec->scale) : 1.0;
  const double x = value_as_double(type, input);
  const double y =
      std::trunc(direction == Direction::Encode ? (x - offset) * scale : x / scale + offset);
  // 2^63 and 2^64 are doubles: the range check is exact.
  const double low = type.is_signed() ? -0x1p63 : 0.0, above = type.is_signed() ? 0x1p63 : 0x1p64;
  if (!(y >= low && y < above)) return refused_step();
  const Wide integer = static_cast<Wide>(y);
  return chain_value(wrapped(type, integer));
}

// --- GDAL master 59402e47: IEEE 754 overflow in scale_offset, its Infinity then clamped ----------

// Every step under the IEEE readings at once: a float scale_offset whose result overflows gives
// +-Infinity instead of an error (ScaleOffsetNonFinite=ieee), and a cast_value with clamp takes
// that Infinity to the integer type's bound (InfClamp=clamp-to-max). Each reading alone is a
// divergence the vectors list; a chain needing both is listed under neither.
std::optional<ChainResult> ieee_overflow_clamped(const ChainStep& step, const nlohmann::json&,
                                                 Direction direction, std::uint64_t input) {
  const Readings ieee = Readings{}
                            .with(Flag::ScaleOffsetNonFinite, kScaleOffsetNonFiniteIEEE)
                            .with(Flag::InfClamp, kInfClampToMax);
  return step_through(step, direction, input, ieee, fast_element_oracle());
}

}  // namespace

// Each chain model: one element through the chain with its step bug (one definition for all).
#define CVC_CHAIN_THROUGH(Model, step_bug)                                        \
  ChainResult Model::chain(const ArrayChain& chain, const nlohmann::json& codecs, \
                           Direction direction, std::uint64_t input) {            \
    return chain_through(chain, codecs, direction, input, &step_bug);             \
  }
CVC_CHAIN_THROUGH(ScaleOffsetFinalCheckOnly, final_checked)
CVC_CHAIN_THROUGH(FixedScaleOffsetNonFiniteZero, numpy_astype)
CVC_CHAIN_THROUGH(ScaleOffsetJavascriptFloats, javascript_float_decode)
CVC_CHAIN_THROUGH(ScaleOffsetAbsentOffsetAdded, absent_offset_added)
CVC_CHAIN_THROUGH(ScaleOffsetIntegersThroughFloat64, integers_through_float64)
CVC_CHAIN_THROUGH(ScaleOffsetJavascriptIntegers, javascript_integer_decode)
CVC_CHAIN_THROUGH(ScalarMapKeysUnrounded, unrounded_float_keys)
// (GDAL) begin
CVC_CHAIN_THROUGH(ScaleOffsetIeeeOverflowClamped, ieee_overflow_clamped)
// (GDAL) end
#undef CVC_CHAIN_THROUGH

// zarrita 0.7.5: ScaleOffsetCodec has no getEncodedMeta, so the pipeline (src/codecs.ts) hands
// the array's fill value unchanged to the codecs after it: validated as if every scale_offset
// left the fill value as it is (the chain without them). Only for chains without a shard: how a
// shard's inner chain receives the fill value is another step, not modelled.
FillValueCheck ScaleOffsetFillNotThreaded::validate(const DataType& array_type,
                                                    const nlohmann::json& fill_value,
                                                    const nlohmann::json& codecs) {
  if (!codecs.is_array()) return validate_array_metadata(array_type, fill_value, codecs);
  nlohmann::json without = nlohmann::json::array();
  for (const nlohmann::json& codec : codecs) {
    const nlohmann::json name = codec.is_object() ? codec.value("name", nlohmann::json()) : codec;
    if (name == "sharding_indexed") return validate_array_metadata(array_type, fill_value, codecs);
    if (name != "scale_offset") without.push_back(codec);
  }
  if (without.size() == codecs.size())
    return validate_array_metadata(array_type, fill_value, codecs);
  FillValueCheck check = validate_array_metadata(array_type, fill_value, without);
  if (check.valid) return validate_array_metadata(array_type, fill_value, codecs);
  return check;
}

}  // namespace cvc::bug_catalogue

namespace cvc::bug_catalogue {

// --- zarrs main 85b26a34: numcodecs.fixedscaleoffset as zarrs' own FixedScaleOffsetCodec --------
// zarrs runs the alias with its own codec (zarrs/src/array/codec/array_to_array/fixedscaleoffset/
// fixedscaleoffset_codec.rs) instead of as the [scale_offset, cast_value] chain: each model below
// is one of its departures, every other step the oracle's.

namespace {

bool is_alias_step(const ChainStep& step) {
  return step.name == "numcodecs.fixedscaleoffset";
}

// `bits` of `type` through float32, as Rust's `as f32` (nearest-even; beyond its range +-Infinity)
// and back to `type` where the value fits it, else nullopt.
std::optional<std::uint64_t> through_float32(const DataType& type, std::uint64_t bits) {
  const CastResult narrow =
      cast_value(plain_rule(type, float32_type(), Rounding::NearestEven, OutOfRange::Clamp), bits);
  const CastResult back = cast_value(
      plain_rule(float32_type(), type, Rounding::NearestEven, OutOfRange::None), narrow.bits);
  if (!narrow.ok() || !back.ok()) return std::nullopt;
  return back.bits;
}

// The alias's cast_value step, its rule in `direction`, or nullptr for any other step.
std::optional<CastRule> alias_cast_rule(const ChainStep& step, Direction direction) {
  const CastValueCodec* cast = std::get_if<CastValueCodec>(&step.codec);
  if (cast == nullptr || !is_alias_step(step)) return std::nullopt;
  return direction == Direction::Encode ? cast->encode_rule() : cast->decode_rule();
}

// zarrs' scale and offset arithmetic is f32 / f64: overflow, x / 0 and 0 * Infinity give
// infinities and NaN (the reading ScaleOffsetNonFinite=ieee) instead of errors.
Readings ieee_arithmetic() {
  return Readings{}.with(Flag::ScaleOffsetNonFinite, kScaleOffsetNonFiniteIEEE);
}

// A cast_value step's result as a chain step's.
ChainResult cast_result(const CastResult& cast) {
  ChainResult result;
  result.cast = cast;
  result.bits = cast.bits;
  if (!cast.ok()) result.failed_step = 0;
  return result;
}

ChainResult cast_step(const CastRule& rule, std::uint64_t input) {
  return cast_result(cast_value(rule, input));
}

// Rust's `as` from a number to an integer type: toward zero, saturating at the type's bounds,
// NaN to 0 (the Rust Reference, "Numeric cast").
std::uint64_t rust_as_integer(const DataType& from, const DataType& to, std::uint64_t bits) {
  const ExactValue value = decode_exact(from, bits);
  if (value.is_nan()) return 0;
  if (value.is_infinity()) {
    if (!value.negative) return to.integer_max_magnitude();
    return to.is_signed() ? (~to.integer_min_magnitude() + 1) & to.bit_mask() : 0;
  }
  return cast_value(plain_rule(from, to, Rounding::TowardsZero, OutOfRange::Clamp), bits).bits;
}

// (1) Every float -> integer conversion of the alias is Rust's `as`: the cast into an integer
// astype (encode) or dtype (decode) saturates where the alias wraps, and gives 0 for NaN; an
// integer scale_offset result beyond the type (computed in f32 / f64, fixedscaleoffset_codec.rs:
// 172, 217) saturates where the spec errs, and a decode quotient is truncated. What reaches the
// `as` from a float dtype is the f32 / f64 arithmetic's: beyond the largest finite value an
// infinity (the reading ScaleOffsetNonFinite=ieee), which saturates too.
std::optional<ChainResult> rust_as_saturates(const ChainStep& step, const nlohmann::json&,
                                             Direction direction, std::uint64_t input) {
  if (const std::optional<CastRule> rule = alias_cast_rule(step, direction)) {
    if (!rule->output->is_integer()) return std::nullopt;
    return chain_value(rust_as_integer(*rule->input, *rule->output, input));
  }
  const ScaleOffsetCodec* codec = std::get_if<ScaleOffsetCodec>(&step.codec);
  if (codec == nullptr || !is_alias_step(step)) return std::nullopt;
  if (codec->type->is_float())
    return step_through(step, direction, input, ieee_arithmetic(), fast_element_oracle());
  const DataType& type = *codec->type;
  const Wide offset = integer_value(type, *codec->offset),
             scale = integer_value(type, *codec->scale);
  const Wide x = integer_value(type, input);
  Wide y = 0;
  if (direction == Direction::Encode) {
    constexpr Wide kBeyondEveryType = static_cast<Wide>(1) << 126;  // saturates below
    if (__builtin_mul_overflow(x - offset, scale, &y))
      y = ((x - offset) < 0) != (scale < 0) ? -kBeyondEveryType : kBeyondEveryType;
  } else {
    // trunc(x / scale + offset), as `as` truncates the float sum: (x + offset * scale) / scale
    // with C++'s division toward zero; a 64-bit product beyond 128 bits is left to the oracle.
    Wide shifted = 0;
    if (__builtin_mul_overflow(offset, scale, &shifted) ||
        __builtin_add_overflow(shifted, x, &shifted))
      return std::nullopt;
    y = shifted / scale;
  }
  const Wide low = type.is_signed() ? -static_cast<Wide>(type.integer_min_magnitude()) : 0;
  const Wide high = static_cast<Wide>(type.integer_max_magnitude());
  const Wide saturated = y < low ? low : (y > high ? high : y);
  return chain_value(static_cast<std::uint64_t>(saturated) & type.bit_mask());
}

// (2) Encode rounds (x - offset) * scale to an integer with f32::round / f64::round, half away
// from zero (fixedscaleoffset_codec.rs:172), before the cast, whatever the astype.
std::optional<ChainResult> round_half_away(const ChainStep& step, const nlohmann::json&,
                                           Direction direction, std::uint64_t input) {
  const std::optional<CastRule> rule = alias_cast_rule(step, direction);
  if (!rule || direction != Direction::Encode || !rule->input->is_float()) return std::nullopt;
  const DataType& type = *rule->input;
  const double x = as_double(as_float64(type, input));
  if (!std::isfinite(x) || std::round(x) == x) return std::nullopt;
  std::uint64_t rounded = 0;
  const double integer = std::round(x);  // C's round(): half away from zero, as Rust's
  std::memcpy(&rounded, &integer, sizeof rounded);
  const CastResult back = cast_value(
      plain_rule(float64_type(), type, Rounding::NearestEven, OutOfRange::None), rounded);
  if (!back.ok()) return std::nullopt;
  return cast_step(*rule, back.bits);
}

// (3) The alias's cast goes through float32 in both directions: "First cast to f32", then to the
// target (fixedscaleoffset_codec.rs:272-377, cast_array, which encode and decode call).
std::optional<ChainResult> cast_through_float32(const ChainStep& step, const nlohmann::json&,
                                                Direction direction, std::uint64_t input) {
  const std::optional<CastRule> rule = alias_cast_rule(step, direction);
  if (!rule || rule->input == &float32_type()) return std::nullopt;
  const CastResult narrow = cast_value(
      plain_rule(*rule->input, float32_type(), Rounding::NearestEven, OutOfRange::Clamp), input);
  CastRule from_float32 = *rule;
  from_float32.input = &float32_type();
  return cast_step(from_float32, narrow.bits);
}

// (4) offset and scale are read as f32 (zarrs_metadata_ext/src/codec/numcodecs/
// fixedscaleoffset.rs:22,24) and widened back for a float64 or 32- and 64-bit integer dtype.
std::optional<ChainResult> float32_operands(const ChainStep& step, const nlohmann::json&,
                                            Direction direction, std::uint64_t input) {
  const ScaleOffsetCodec* codec = std::get_if<ScaleOffsetCodec>(&step.codec);
  if (codec == nullptr || !is_alias_step(step) || codec->type == &float32_type())
    return std::nullopt;
  const std::optional<std::uint64_t> offset = through_float32(*codec->type, *codec->offset);
  const std::optional<std::uint64_t> scale = through_float32(*codec->type, *codec->scale);
  if (!offset || !scale || (*offset == *codec->offset && *scale == *codec->scale))
    return std::nullopt;
  ChainStep rounded = step;
  ScaleOffsetCodec& operands = std::get<ScaleOffsetCodec>(rounded.codec);
  operands.offset = offset;
  operands.scale = scale;
  // In f32 / f64 arithmetic: a scale read as 0 or infinity gives IEEE results, not errors.
  return step_through(rounded, direction, input, ieee_arithmetic(), fast_element_oracle());
}

// (5) dtype and astype looked up as zarrs does (FixedScaleOffsetCodec::new_with_configuration,
// fixedscaleoffset_codec.rs:46-96): add_byteoder_to_dtype puts '<' before every string that does
// not start with '<' or '>' ("u1" excepted, made "|u1"), and the result must be one of zarrs'
// Zarr V2 type strings ("|i1", "|u1" for the one-byte types, '<' or '>' with the code for the
// others: zarrs/src/array/data_type/int.rs, uint.rs, float.rs). A type name ("float32") becomes
// "<float32", NumPy's own "|u1" becomes "<|u1": refused.
std::string zarrs_byte_order_added(const std::string& text) {
  if (text == "u1") return "|u1";
  if (text.starts_with('<') || text.starts_with('>')) return text;
  return "<" + text;
}

bool zarrs_v2_type_string(const std::string& text) {
  static constexpr std::array<std::string_view, 9> kMultiByteCodes = {"i2", "i4", "i8", "u2", "u4",
                                                                      "u8", "f2", "f4", "f8"};
  if (text == "|i1" || text == "|u1") return true;
  return text.size() == 3 && (text[0] == '<' || text[0] == '>') &&
         std::find(kMultiByteCodes.begin(), kMultiByteCodes.end(), text.substr(1)) !=
             kMultiByteCodes.end();
}

// Does any numcodecs.fixedscaleoffset codec in `metadata`, at any depth, have a dtype or astype
// string zarrs refuses?
bool alias_type_string_refused(const nlohmann::json& metadata) {
  if (metadata.is_object() &&
      metadata.value("name", nlohmann::json()) == "numcodecs.fixedscaleoffset") {
    const nlohmann::json configuration = metadata.value("configuration", nlohmann::json());
    if (configuration.is_object())
      for (const char* key : {"dtype", "astype"})
        if (configuration.contains(key) && configuration[key].is_string() &&
            !zarrs_v2_type_string(zarrs_byte_order_added(configuration[key].get<std::string>())))
          return true;
  }
  if (!metadata.is_structured()) return false;
  return std::any_of(metadata.begin(), metadata.end(), &alias_type_string_refused);
}

// (6) zarrs gives the fixedscaleoffset codec the 8- to 64-bit integers, float32 and float64 only
// (FixedScaleOffsetElementType; zarrs/src/array/data_type/float.rs:67-68 leave float16 and
// bfloat16 commented out): an alias whose dtype or astype is another type is refused.
bool has_no_element_type(const DataType& type) {
  return type.bits < 8 || (type.is_float() && type.bits != 32 && type.bits != 64);
}

bool alias_element_type_missing(const DataType& array_type, const nlohmann::json& codecs) {
  const std::optional<ArrayChain> chain = array_element_chain(array_type, codecs);
  if (!chain) return false;
  return std::any_of(chain->steps.begin(), chain->steps.end(), [&](const ChainStep& step) {
    return is_alias_step(step) &&
           (has_no_element_type(*step.input) || has_no_element_type(*step.output));
  });
}

// (7) zarrs 0.23.14 checks the element type of the alias's dtype only when the array is opened
// (FixedScaleOffsetCodec::encoded_data_type, fixedscaleoffset_codec.rs:463-472, returns astype
// unchecked); cast_array looks astype's up for every chunk (lines 275-276), so an astype without
// one (float16) opens and refuses every element, both ways.
std::optional<ChainResult> astype_refused_per_element(const ChainStep& step, const nlohmann::json&,
                                                      Direction direction, std::uint64_t) {
  const std::optional<CastRule> rule = alias_cast_rule(step, direction);
  if (!rule) return std::nullopt;
  const DataType& astype = direction == Direction::Encode ? *rule->output : *rule->input;
  const DataType& dtype = direction == Direction::Encode ? *rule->input : *rule->output;
  if (has_no_element_type(dtype) || !has_no_element_type(astype)) return std::nullopt;
  return refused_step();
}

// (8) astype is optional in zarrs' configuration (zarrs_metadata_ext 0.4.4
// src/codec/numcodecs/fixedscaleoffset.rs:32, `pub astype: Option<String>`; zarrs main the same):
// an alias without it encodes to its dtype (FixedScaleOffsetCodec::encoded_data_type, 0.23.14
// fixedscaleoffset_codec.rs:467-471). The metadata with every such alias given astype = dtype.
nlohmann::json astype_defaulted(nlohmann::json metadata) {
  if (metadata.is_object() &&
      metadata.value("name", nlohmann::json()) == "numcodecs.fixedscaleoffset") {
    const auto configuration = metadata.find("configuration");
    if (configuration != metadata.end() && configuration->is_object() &&
        !configuration->contains("astype") && configuration->contains("dtype"))
      (*configuration)["astype"] = (*configuration)["dtype"];
  }
  if (metadata.is_structured())
    for (nlohmann::json& part : metadata) part = astype_defaulted(std::move(part));
  return metadata;
}

FillValueCheck refused_metadata(std::string message) {
  FillValueCheck check;
  check.message = std::move(message);
  return check;
}

}  // namespace

FillValueCheck FixedScaleOffsetTypeStringsPrefixed::validate(const DataType& array_type,
                                                             const nlohmann::json& fill_value,
                                                             const nlohmann::json& codecs) {
  if (alias_type_string_refused(codecs))
    return refused_metadata("fixedscaleoffset cannot interpret Zarr V2 data type as V3 equivalent");
  return validate_array_metadata(array_type, fill_value, codecs);
}

FillValueCheck FixedScaleOffsetFloat16Unsupported::validate(const DataType& array_type,
                                                            const nlohmann::json& fill_value,
                                                            const nlohmann::json& codecs) {
  if (alias_element_type_missing(array_type, codecs))
    return refused_metadata("the fixedscaleoffset codec does not support this data type");
  return validate_array_metadata(array_type, fill_value, codecs);
}

FillValueCheck FixedScaleOffsetAstypeOptional::validate(const DataType& array_type,
                                                        const nlohmann::json& fill_value,
                                                        const nlohmann::json& codecs) {
  return validate_array_metadata(array_type, fill_value, astype_defaulted(codecs));
}

ChainResult FixedScaleOffsetRustAsSaturates::chain(const ArrayChain& chain,
                                                   const nlohmann::json& codecs,
                                                   Direction direction, std::uint64_t input) {
  return chain_through(chain, codecs, direction, input, &rust_as_saturates);
}
ChainResult FixedScaleOffsetRoundHalfAway::chain(const ArrayChain& chain,
                                                 const nlohmann::json& codecs, Direction direction,
                                                 std::uint64_t input) {
  return chain_through(chain, codecs, direction, input, &round_half_away);
}
ChainResult FixedScaleOffsetCastThroughFloat32::chain(const ArrayChain& chain,
                                                      const nlohmann::json& codecs,
                                                      Direction direction, std::uint64_t input) {
  return chain_through(chain, codecs, direction, input, &cast_through_float32);
}
ChainResult FixedScaleOffsetFloat16ElementsRefused::chain(const ArrayChain& chain,
                                                          const nlohmann::json& codecs,
                                                          Direction direction,
                                                          std::uint64_t input) {
  return chain_through(chain, codecs, direction, input, &astype_refused_per_element);
}
ChainResult FixedScaleOffsetFloat32Operands::chain(const ArrayChain& chain,
                                                   const nlohmann::json& codecs,
                                                   Direction direction, std::uint64_t input) {
  return chain_through(chain, codecs, direction, input, &float32_operands);
}

}  // namespace cvc::bug_catalogue
