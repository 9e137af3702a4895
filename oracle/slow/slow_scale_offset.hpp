// The slow oracle's scale_offset: the same element procedure as oracle/scale_offset.hpp, computed
// independently on Boost.Multiprecision rationals (oracle/rational/), so that agreement between
// the two is evidence, as for cast_value (oracle/slow/slow_cast.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "oracle/cast_rule.hpp"
#include "oracle/readings.hpp"
#include "oracle/scale_offset.hpp"

namespace cvc::slow {

ScaleOffsetResult scale_offset_encode(const ScaleOffsetCodec& codec, std::uint64_t input,
                                      const Readings& readings = {});
ScaleOffsetResult scale_offset_decode(const ScaleOffsetCodec& codec, std::uint64_t input,
                                      const Readings& readings = {});

// What one operation did, in words and decimals, for explanations (cvc chain prints it; nothing
// compares it): the operand, the exact result, how it became the value carried on, and that value.
struct ScaleOffsetOperationTrace {
  ScaleOffsetOperation operation = ScaleOffsetOperation::Subtract;
  std::uint64_t operand = 0;  // the offset or scale, a pattern of the codec's type
  // The exact result in decimal (rational::decimal_text: "..." where digits are left out), "NaN",
  // "Infinity", "-Infinity", "-0"; empty when there is none (Infinity - Infinity, x / 0).
  std::string exact;
  // How the exact result became `value`: "exact in float32", "rounded to nearest, ties to even,
  // onto float32", "kept exact (reading ScaleOffsetRounding round-once)", or why it has no value
  // ("beyond the largest finite value of float16").
  std::string placement;
  std::string value;  // the value carried on, in decimal; empty when the operation failed
  ScaleOffsetError error = ScaleOffsetError::None;
  // Under ScaleOffsetRounding float64-intermediate, the last entry: no operation, the float64
  // result placed onto the type (`exact` is that float64 value).
  bool final_rounding = false;
};

// scale_offset_encode or scale_offset_decode by `direction`, each operation's account appended to
// `trace` in order, up to the one that fails (under ScaleOffsetRounding float64-intermediate, the
// final value's rounding onto the type is one more entry, of the last operation); the identity
// (no offset, no scale) appends nothing.
ScaleOffsetResult traced_scale_offset(const ScaleOffsetCodec& codec, Direction direction,
                                      std::uint64_t input, const Readings& readings,
                                      std::vector<ScaleOffsetOperationTrace>& trace);

}  // namespace cvc::slow
