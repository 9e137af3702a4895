// The outcome of casting one element: output bits, or an error of a named kind, plus a record of
// which rule of the procedure decided it (for the one-line explanation in reports).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "oracle/cast_rule.hpp"

namespace cvc {

enum class CastError : std::uint8_t {
  None,
  NaNNotRepresentable,           // special values: NaN into a type without NaN
  InfinityNotRepresentable,      // special values: +-Infinity into a type without infinities
  OutOfRange,                    // out_of_range absent and the rounded value is outside the range
  WrapUndefined,                 // wrap into a float output (reading DecodeWrapFloat)
  NegativeZeroNotRepresentable,  // only under the alternative of NegZeroNoSign
};
std::string_view cast_error_name(CastError error);  // "out_of_range", ... (stable, for vectors)

// Which step of the spec's procedure produced the result.
enum class CastStep : std::uint8_t {
  ScalarMap,  // step 1: an explicit mapping
  NaN,        // special values: NaN propagated (or rejected)
  Infinity,   // special values: infinity propagated (or rejected)
  Exact,      // step 2: exactly representable
  Rounded,    // step 3: rounded (and then possibly out of range)
};

// What the out_of_range step did.
enum class RangeAction : std::uint8_t { InRange, Clamped, Wrapped, Failed };

struct CastResult {
  CastError error = CastError::None;
  std::uint64_t bits = 0;  // output pattern when error == None
  CastStep step = CastStep::Exact;
  RangeAction range = RangeAction::InRange;
  int map_entry = -1;  // index of the scalar_map entry used, for CastStep::ScalarMap

  bool ok() const { return error == CastError::None; }
  // Same outcome as another result: both errors of the same kind, or both the same bits.
  bool same_outcome(const CastResult& other) const {
    return error == other.error && (!ok() || bits == other.bits);
  }
};

// "rounded towards-zero, then clamped to 127": the rule that decided, in one line.
std::string explain(const CastRule& rule, const CastResult& result);

}  // namespace cvc
