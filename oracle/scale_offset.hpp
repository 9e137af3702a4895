// The scale_offset codec (the scale_offset spec, docs/specs.md), one element at a time: encode
// (in - offset) * scale, decode (in / scale) + offset, "using the arithmetic semantics of the input
// array's data type", and an error wherever "any intermediate or final value ... is not
// representable in that data type". docs/procedure.md, "scale_offset", gives the steps; the
// readings (oracle/readings.hpp) decide what the text leaves open:
//
// - Each operation is computed exactly and rounded once onto the type: integers must be exact
//   (a result outside the type's range is NotRepresentable); floats round to nearest, ties to
//   even, with the type's precision and subnormal quantum (ScaleOffsetRounding default; the
//   alternative round-once rounds only the final value of the two operations, float64-intermediate
//   rounds each operation to float64 and only the final value to the type).
// - A finite result beyond the largest finite value (after rounding), or an operation with no
//   number as its result (Infinity - Infinity, 0 * Infinity, x / 0), is NotRepresentable, resp.
//   InvalidOperation (ScaleOffsetNonFinite default; the alternative ieee gives the IEEE 754
//   result where the type has it: +-Infinity, or NaN; in a type without infinities an overflow
//   gives its NaN if it has one; with neither, the error stays).
// - NaN operands give NaN (the spec's own example passes a NaN fill value through scale_offset to
//   cast_value's scalar_map); an infinity operand gives the IEEE 754 infinity (it is a value of
//   the type); zero results carry IEEE 754's sign (x - x is +0, -0 - 0 is -0, products and
//   quotients take the exclusive or of the signs). A type without -0 (integers, fnuz) writes +0.
// - float8_e8m0fnu has no zero and no negative values: such a result is NotRepresentable, and so
//   is a positive result that rounds below 2^-127.
// - An integer decode whose division leaves a remainder is InexactDivision
//   (ScaleOffsetIntegerDivision default; alternatives truncate towards zero, floor).
// - An absent offset or scale skips its operation: it is the identity (x - 0 and x * 1 are exact
//   in every type), and float8_e8m0fnu has no zero to subtract.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "oracle/data_type.hpp"
#include "oracle/readings.hpp"

namespace cvc {

// A validated scale_offset codec at one point of a chain: it keeps the data type that reaches it.
struct ScaleOffsetCodec {
  const DataType* type = nullptr;       // the data type of its input and of its output
  std::optional<std::uint64_t> offset;  // configuration.offset as a pattern of `type`, if present
  std::optional<std::uint64_t> scale;   // configuration.scale as a pattern of `type`, if present
};

// The four operations, in the order encode and decode perform them.
enum class ScaleOffsetOperation : std::uint8_t { Subtract, Multiply, Divide, Add };
std::string_view scale_offset_operation_name(ScaleOffsetOperation operation);  // "subtract", ...

enum class ScaleOffsetError : std::uint8_t {
  None,
  NotRepresentable,  // beyond the type's range (integers, finite overflow, e8m0fnu zero/negative)
  InvalidOperation,  // no number: Infinity - Infinity, 0 * Infinity, x / 0 (ScaleOffsetNonFinite)
  InexactDivision,   // an integer quotient with a remainder (ScaleOffsetIntegerDivision)
};
// Stable names, as in the vectors: "not_representable", "invalid_operation", "inexact_division".
std::string_view scale_offset_error_name(ScaleOffsetError error);

struct ScaleOffsetResult {
  std::uint64_t bits = 0;  // the output pattern when error == None
  ScaleOffsetError error = ScaleOffsetError::None;
  ScaleOffsetOperation operation = ScaleOffsetOperation::Subtract;  // the one that failed

  bool ok() const { return error == ScaleOffsetError::None; }
  // Both errors of the same kind at the same operation, or both the same bits.
  bool same_outcome(const ScaleOffsetResult& other) const {
    return error == other.error && (ok() ? bits == other.bits : operation == other.operation);
  }
};

// The fast oracle: native integers only (unsigned __int128 with a sticky bit where an exact
// result is wider). `input` is a pattern of codec.type.
ScaleOffsetResult scale_offset_encode(const ScaleOffsetCodec& codec, std::uint64_t input,
                                      const Readings& readings = {});
ScaleOffsetResult scale_offset_decode(const ScaleOffsetCodec& codec, std::uint64_t input,
                                      const Readings& readings = {});

}  // namespace cvc
