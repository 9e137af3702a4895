// Mutants: the oracle with one deliberate bug each, of the kinds real implementations have. The
// reference adapter (`cvc adapter --mutant NAME`) serves them, and the harness's own tests check
// that every one is caught, from the published vectors and from live mode.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string_view>

#include "oracle/cast_result.hpp"
#include "oracle/codec_metadata.hpp"

namespace cvc {

enum class Mutant : std::uint8_t {
  None,                 // the oracle itself
  TiesAway,             // nearest-even resolves ties away from zero
  RangeOffByOne,        // an integer output's range admits max + 1 (which then wraps to min)
  IntermediateFloat32,  // wide inputs are first rounded to float32, then cast (double rounding)
  ZeroSignLost,         // a -0.0 result comes out as +0.0
  LastDuplicateWins,    // scalar_map: the last matching entry wins instead of the first
  ClampInsteadOfError,  // out_of_range absent clamps instead of failing
  FillEncodeOnly,       // the fill value is checked in the encode direction only
};

struct MutantInfo {
  Mutant mutant;
  std::string_view name;  // for --mutant
  std::string_view bug;
};

std::span<const MutantInfo> all_mutants();
const MutantInfo* find_mutant(std::string_view name);

CastResult mutant_cast(Mutant mutant, const CastRule& rule, std::uint64_t input_bits);
FillValueCheck mutant_validate(Mutant mutant, const DataType& array_type,
                               const nlohmann::json& fill_value, const nlohmann::json& codecs);

}  // namespace cvc
