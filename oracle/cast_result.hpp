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

// Which step of the procedure produced the result. Steps are numbered as in docs/procedure.md
// and oracle/cast.cpp (1 scalar_map, 2 special values, 3 zero, 4 rounding, 5 out_of_range,
// 6 encoding); the spec's three transformations (cast_value.md, lines 15-19) are its steps 1, 4
// when nothing is dropped, and 4+5.
enum class CastStep : std::uint8_t {
  ScalarMap,  // step 1 (spec 1): an explicit mapping
  NaN,        // step 2 (spec "Special values"): NaN propagated (or rejected)
  Infinity,   // step 2 (spec "Special values"): infinity propagated (or rejected)
  Exact,      // steps 3-4 (spec 2): exactly representable, zero included
  Rounded,    // steps 4-5 (spec 3): rounded, then possibly out of range
};

// What the out_of_range step did. ToNaN: an out-of-range value into float8_e8m0fnu became NaN by
// the E8M0Low alternative `nan`, whatever out_of_range says (docs/procedure.md, step 5).
enum class RangeAction : std::uint8_t { InRange, Clamped, Wrapped, Failed, ToNaN };

// 16 bytes, so that a result is returned in two registers rather than through memory.
struct CastResult {
  std::uint64_t bits = 0;  // output pattern when error == None
  int map_entry = -1;      // index of the scalar_map entry used, for CastStep::ScalarMap
  CastError error = CastError::None;
  CastStep step = CastStep::Exact;
  RangeAction range = RangeAction::InRange;

  bool ok() const { return error == CastError::None; }
  // Same outcome as another result: both errors of the same kind, or both the same bits.
  bool same_outcome(const CastResult& other) const {
    return error == other.error && (!ok() || bits == other.bits);
  }
  // The same outcome decided the same way: also the same step, range action and scalar_map entry,
  // all that explain() prints. The fast oracle is compared with the slow one by this.
  bool same_explanation(const CastResult& other) const {
    return same_outcome(other) && step == other.step && range == other.range &&
           map_entry == other.map_entry;
  }
};
static_assert(sizeof(CastResult) == 16);

// "rounded towards-zero, then clamped to 127": the rule that decided, in one line.
std::string explain(const CastRule& rule, const CastResult& result);

}  // namespace cvc
