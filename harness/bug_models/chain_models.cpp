// Chain models: one element through a chain the way an implementation computes it, step by step:
// the steps the bug concerns computed its way, every other step by the oracle (step_through).
// Where the bug does not apply the result is the oracle's.
#include <cmath>
#include <cstring>
#include <optional>

#include "harness/bug_models/model_parts.hpp"
#include "oracle/readings.hpp"
#include "oracle/scalar_json.hpp"

namespace cvc::bug_catalogue {
namespace {

__extension__ typedef __int128 Wide;  // exact sums and products of 64-bit values

// A step's own computation, or nullopt for the oracle's.
using StepBug = std::optional<ChainResult> (*)(const ChainStep& step, const nlohmann::json& codecs,
                                               Direction direction, std::uint64_t input);

// One element through `chain` in `direction`, each step by `bug` where it answers.
ChainResult through(const ArrayChain& chain, const nlohmann::json& codecs, Direction direction,
                    std::uint64_t input, StepBug bug) {
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

// The step's codec in the request's metadata ("codecs[1]" -> codecs[1]).
const nlohmann::json& step_metadata(const ChainStep& step, const nlohmann::json& codecs) {
  const std::size_t open = step.path.find('[');
  return codecs.at(std::stoul(step.path.substr(open + 1)));
}

ChainResult value(std::uint64_t bits) {
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

double as_double(std::uint64_t float64_bits) {
  double x = 0;
  std::memcpy(&x, &float64_bits, sizeof x);
  return x;
}

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
  return value(static_cast<std::uint64_t>(y) & type.bit_mask());
}

// --- zarr-python 3.4.2: numcodecs.fixedscaleoffset through numcodecs' FixedScaleOffset ---------

// The alias's cast (its second step) is numpy's astype of np.around(...): NaN and the
// infinities become 0 (x86's conversion of a non-finite value to int64 is INT64_MIN, whose low
// bits are 0) instead of an error.
std::optional<ChainResult> numpy_astype(const ChainStep& step, const nlohmann::json&,
                                        Direction direction, std::uint64_t input) {
  const CastValueCodec* cast = std::get_if<CastValueCodec>(&step.codec);
  if (cast == nullptr || step.name != "numcodecs.fixedscaleoffset" ||
      direction != Direction::Encode || !cast->data_type->is_integer())
    return std::nullopt;
  const DataType& from = *cast->array_type;
  if (!from.is_float() || decode_exact(from, input).is_finite()) return std::nullopt;
  return value(0);
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
  const double result =
      as_double(as_float64(type, input)) / number("scale", 1.0) + number("offset", 0.0);
  std::uint64_t bits = 0;
  std::memcpy(&bits, &result, sizeof bits);
  const CastResult stored =
      cast_value(plain_rule(float64_type(), type, Rounding::NearestEven, OutOfRange::None), bits);
  return value(stored.ok() ? stored.bits : type.infinity_bits(std::signbit(result)));
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
  return value(0);  // +0
}

// --- Plausible: 64-bit integers computed in float64 ----------------------------------------------

double integer_as_double(const DataType& type, std::uint64_t bits) {
  return static_cast<double>(integer_value(type, bits));  // rounded to nearest, ties to even
}

// An int64 or uint64 scale_offset computed in float64 (NumPy promotes uint64 with int64 operands to
// float64; JavaScript numbers are doubles): the input and the operands rounded to 53 bits, each
// operation in double, the final double truncated to the integer type, out of range an error.
std::optional<ChainResult> integers_through_float64(const ChainStep& step, const nlohmann::json&,
                                                    Direction direction, std::uint64_t input) {
  const ScaleOffsetCodec* codec = std::get_if<ScaleOffsetCodec>(&step.codec);
  if (codec == nullptr || !codec->type->is_integer() || codec->type->bits != 64)
    return std::nullopt;
  const DataType& type = *codec->type;
  const double offset = codec->offset ? integer_as_double(type, *codec->offset) : 0.0;
  const double scale = codec->scale ? integer_as_double(type, *codec->scale) : 1.0;
  const double x = integer_as_double(type, input);
  const double y =
      std::trunc(direction == Direction::Encode ? (x - offset) * scale : x / scale + offset);
  // 2^63 and 2^64 are doubles: the range check is exact.
  const double low = type.is_signed() ? -0x1p63 : 0.0, above = type.is_signed() ? 0x1p63 : 0x1p64;
  if (!(y >= low && y < above)) return refused_step();
  const Wide integer = static_cast<Wide>(y);
  return value(static_cast<std::uint64_t>(integer) & type.bit_mask());
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
    return through(chain, codecs, direction, input, &step_bug);                   \
  }
CVC_CHAIN_THROUGH(ScaleOffsetFinalCheckOnly, final_checked)
CVC_CHAIN_THROUGH(FixedScaleOffsetNonFiniteZero, numpy_astype)
CVC_CHAIN_THROUGH(ScaleOffsetJavascriptFloats, javascript_float_decode)
CVC_CHAIN_THROUGH(ScaleOffsetAbsentOffsetAdded, absent_offset_added)
CVC_CHAIN_THROUGH(ScaleOffsetIntegersThroughFloat64, integers_through_float64)
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
