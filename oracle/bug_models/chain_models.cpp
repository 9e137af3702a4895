// Chain models: scale_offset computed the way an implementation's own arithmetic does it, the
// rest of the chain as the oracle. Each is an ElementOracle (oracle/codec_chain.hpp) whose cast is
// the oracle's and whose scale_offset encode or decode has the bug; where the bug does not apply
// it answers as the oracle.
#include <cmath>
#include <cstring>

#include "oracle/bug_models/model_parts.hpp"

namespace cvc::bug_catalogue {
namespace {

__extension__ typedef __int128 Wide;  // exact products of 64-bit values

// The value of an integer pattern.
Wide integer_value(const DataType& type, std::uint64_t bits) {
  if (type.is_signed() && (bits >> (type.bits - 1)) != 0)
    return static_cast<Wide>(bits) - (static_cast<Wide>(1) << type.bits);
  return static_cast<Wide>(bits);
}

bool in_range(const DataType& type, Wide value) {
  const Wide low = type.is_signed() ? -static_cast<Wide>(type.integer_min_magnitude()) : 0;
  return value >= low && value <= static_cast<Wide>(type.integer_max_magnitude());
}

// The pattern of an integer value in range, or of its residue modulo 2^bits.
std::uint64_t integer_pattern(const DataType& type, Wide value) {
  return static_cast<std::uint64_t>(value) & type.bit_mask();
}

// int64 arithmetic as numpy does it on int64 arrays: modulo 2^64, no error.
Wide int64_wrapped(Wide value) {
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(value));
}

ScaleOffsetResult value_result(const ScaleOffsetResult& correct, std::uint64_t bits) {
  ScaleOffsetResult result = correct;
  result.error = ScaleOffsetError::None;
  result.bits = bits;
  return result;
}

ScaleOffsetResult not_representable(ScaleOffsetOperation operation) {
  ScaleOffsetResult result;
  result.error = ScaleOffsetError::NotRepresentable;
  result.operation = operation;
  return result;
}

// --- zarr-python 3.4.2: integers widened to int64, only the final value range-checked ----------

// uint64 goes through Python ints (exact); every other integer type through int64 arithmetic
// (modulo 2^64; exact for the 8- to 32-bit types except a product reaching 2^63).
Wide zarr_integer_arithmetic(const DataType& type, Wide value) {
  return type.bits == 64 && !type.is_signed() ? value : int64_wrapped(value);
}

ScaleOffsetResult final_checked(const ScaleOffsetCodec& codec, Wide value,
                                const ScaleOffsetResult& correct, ScaleOffsetOperation last) {
  const DataType& type = *codec.type;
  if (!in_range(type, value)) return not_representable(last);
  return value_result(correct, integer_pattern(type, value));
}

ScaleOffsetResult final_checked_encode(const ScaleOffsetCodec& codec, std::uint64_t input,
                                       const Readings& readings) {
  const ScaleOffsetResult correct = scale_offset_encode(codec, input, readings);
  const DataType& type = *codec.type;
  if (!type.is_integer() || correct.ok()) return correct;
  const Wide offset = codec.offset ? integer_value(type, *codec.offset) : 0;
  const Wide scale = codec.scale ? integer_value(type, *codec.scale) : 1;
  const Wide difference = zarr_integer_arithmetic(type, integer_value(type, input) - offset);
  Wide product = 0;
  if (__builtin_mul_overflow(difference, scale, &product))
    return not_representable(ScaleOffsetOperation::Multiply);
  return final_checked(codec, zarr_integer_arithmetic(type, product), correct,
                       ScaleOffsetOperation::Multiply);
}

ScaleOffsetResult final_checked_decode(const ScaleOffsetCodec& codec, std::uint64_t input,
                                       const Readings& readings) {
  const ScaleOffsetResult correct = scale_offset_decode(codec, input, readings);
  const DataType& type = *codec.type;
  // The exact-division check comes first in zarr-python too (_check_exact_division).
  if (!type.is_integer() || correct.ok() || correct.error == ScaleOffsetError::InexactDivision)
    return correct;
  const Wide offset = codec.offset ? integer_value(type, *codec.offset) : 0;
  const Wide scale = codec.scale ? integer_value(type, *codec.scale) : 1;
  const Wide quotient = zarr_integer_arithmetic(type, integer_value(type, input) / scale);
  return final_checked(codec, zarr_integer_arithmetic(type, quotient + offset), correct,
                       ScaleOffsetOperation::Add);
}

// --- zarrita 0.7.5: decode as JavaScript does, out[i] = src[i] / scale + offset -----------------

// ToInt8 ... ToUint32 of a typed array store: NaN and infinities 0, truncation towards zero, the
// residue modulo 2^bits.
std::uint64_t typed_array_integer(const DataType& type, double value) {
  if (!std::isfinite(value)) return 0;
  const double truncated = std::trunc(value);
  const double modulus = std::ldexp(1.0, type.bits);
  double residue = std::fmod(truncated, modulus);
  if (residue < 0) residue += modulus;
  return static_cast<std::uint64_t>(residue) & type.bit_mask();
}

ScaleOffsetResult javascript_integer_decode(const ScaleOffsetCodec& codec, std::uint64_t input,
                                            const ScaleOffsetResult& correct) {
  const DataType& type = *codec.type;
  const Wide x = integer_value(type, input);
  const Wide offset = codec.offset ? integer_value(type, *codec.offset) : 0;
  const Wide scale = codec.scale ? integer_value(type, *codec.scale) : 1;
  if (type.bits == 64) {
    // BigInt64Array / BigUint64Array: BigInt division truncates, the store wraps (asIntN).
    return value_result(correct, integer_pattern(type, x / scale + offset));
  }
  // Numbers: x, scale and offset are exact doubles; the division and the addition round.
  const double value =
      static_cast<double>(x) / static_cast<double>(scale) + static_cast<double>(offset);
  return value_result(correct, typed_array_integer(type, value));
}

// A double stored into a Float16Array / Float32Array / Float64Array: rounded to nearest, ties to
// even, beyond the largest finite value an infinity.
std::uint64_t typed_array_float(const DataType& type, double value) {
  std::uint64_t bits = 0;
  std::memcpy(&bits, &value, sizeof bits);
  if (type.bits == 64) return bits;
  const CastResult narrowed =
      cast_value(plain_rule(float64_type(), type, Rounding::NearestEven, OutOfRange::None), bits);
  if (narrowed.ok()) return narrowed.bits;
  return type.infinity_bits(std::signbit(value));  // out of range: the IEEE overflow
}

double float_value(const DataType& type, std::uint64_t bits) {
  const std::uint64_t wide = as_float64(type, bits);
  double value = 0;
  std::memcpy(&value, &wide, sizeof value);
  return value;
}

ScaleOffsetResult javascript_decode(const ScaleOffsetCodec& codec, std::uint64_t input,
                                    const Readings& readings, bool integers) {
  const ScaleOffsetResult correct = scale_offset_decode(codec, input, readings);
  const DataType& type = *codec.type;
  if (integers != type.is_integer() || (type.is_float() && !type.has_infinity()) ||
      (type.is_float() && type.bits != 16 && type.bits != 32 && type.bits != 64))
    return correct;
  if (integers) return javascript_integer_decode(codec, input, correct);
  const double scale = codec.scale ? float_value(type, *codec.scale) : 1.0;
  const double offset = codec.offset ? float_value(type, *codec.offset) : 0.0;
  return value_result(correct, typed_array_float(type, float_value(type, input) / scale + offset));
}

ScaleOffsetResult javascript_integer_store_decode(const ScaleOffsetCodec& codec,
                                                  std::uint64_t input, const Readings& readings) {
  return javascript_decode(codec, input, readings, true);
}

ScaleOffsetResult javascript_float_decode(const ScaleOffsetCodec& codec, std::uint64_t input,
                                          const Readings& readings) {
  return javascript_decode(codec, input, readings, false);
}

ScaleOffsetResult oracle_encode(const ScaleOffsetCodec& codec, std::uint64_t input,
                                const Readings& readings) {
  return scale_offset_encode(codec, input, readings);
}

CastResult oracle_cast(const CastRule& rule, std::uint64_t input, const Readings& readings) {
  return cast_value(rule, input, readings);
}

}  // namespace

const ElementOracle ScaleOffsetFinalCheckOnly::kElements = {&oracle_cast, &final_checked_encode,
                                                            &final_checked_decode};
const ElementOracle ScaleOffsetJavaScriptIntegers::kElements = {&oracle_cast, &oracle_encode,
                                                                &javascript_integer_store_decode};
const ElementOracle ScaleOffsetJavaScriptFloats::kElements = {&oracle_cast, &oracle_encode,
                                                              &javascript_float_decode};

}  // namespace cvc::bug_catalogue
