// The parts the catalogue (catalogue.cpp) is built from; not for use outside harness/bug_models/.
//
// A cast bug is two functions: `applies`, a cheap test of the rule (false: the model answers as
// the oracle for every element, so the diagnosis skips it), and `cast`, the buggy answer for one
// element given the oracle's own result for it (`correct`, computed once by the caller). Each
// model is a struct of static functions, defined in the file of its theme:
//   rounding_models.cpp   how the value is rounded
//   naive_models.cpp      a plain conversion standing in for the whole cast
//   range_models.cpp      out-of-range values, clamp and wrap
//   special_models.cpp    NaN, infinities, zeros, subnormals
//   scalar_map_models.cpp scalar_map lookups
//   refusal_models.cpp    configurations refused
//   metadata_models.cpp   metadata verdicts
//   input_models.cpp      how the input pattern is read
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>

#include "harness/bug_models/bug_model.hpp"
#include "oracle/cast.hpp"
#include "oracle/exact_value.hpp"

namespace cvc::bug_catalogue {

// --- Helpers shared by the themes ----------------------------------------------------------------

// A refusal of the element (the harness counts any refusal as any error).
CastResult refused(const CastResult& correct);
// The pattern `bits` as the answer, keeping the oracle's record of the step.
CastResult answer(const CastResult& correct, std::uint64_t bits);
// The rule with one field changed, its scalar_map kept.
CastRule with_rounding(const CastRule& rule, Rounding rounding);
CastRule with_out_of_range(const CastRule& rule, OutOfRange out_of_range);
// A rule without scalar_map from `input` to `output`.
CastRule plain_rule(const DataType& input, const DataType& output, Rounding rounding,
                    OutOfRange out_of_range);
// The value of a pattern of a type that fits float64 (every type but int64 and uint64, and
// integers of those up to 2^53) as a float64 pattern; integers are rounded nearest-even.
std::uint64_t as_float64(const DataType& type, std::uint64_t bits);
// Is the pattern a NaN of `type`?
bool is_nan(const DataType& type, std::uint64_t bits);
// The harness's comparison of two answers in `output`: both refusals, or the same bits, or both
// NaN.
bool same_answer(const DataType& output, const CastResult& a, const CastResult& b);
// ml_dtypes' own conversion into one of its float types under nearest-even, as NumPy's astype
// runs it, out_of_range not consulted: a float64, or an integer with more significant bits than
// float32 holds, goes through float32 first (double-rounding-float32's conversion); a value that
// then rounds beyond the type's range is an out_of_range error here, the caller deciding what the
// conversion gives for it (rounding_models.cpp).
CastResult ml_dtypes_nearest(const CastRule& rule, std::uint64_t input_bits);
// The types of the table by name (data_type() with a cached lookup).
const DataType& float32_type();
const DataType& float64_type();

// --- The models ----------------------------------------------------------------------------------

#define CVC_CAST_MODEL(Name)                                               \
  struct Name {                                                            \
    static bool applies(const CastRule& rule);                             \
    static CastResult cast(const CastRule& rule, std::uint64_t input_bits, \
                           const CastResult& correct);                     \
  }
#define CVC_REJECTS_MODEL(Name)                \
  struct Name {                                \
    static bool rejects(const CastRule& rule); \
  }
#define CVC_VALIDATE_MODEL(Name)                                                                 \
  struct Name {                                                                                  \
    static FillValueCheck validate(const DataType& array_type, const nlohmann::json& fill_value, \
                                   const nlohmann::json& codecs);                                \
  }

// rounding_models.cpp
CVC_CAST_MODEL(TiesAway);
CVC_CAST_MODEL(NearestAwayFloorHalf);
CVC_CAST_MODEL(DoubleRoundingFloat32);
CVC_CAST_MODEL(LowWordDropped);
CVC_CAST_MODEL(DoubleRoundingFloat64);
CVC_CAST_MODEL(IntToFloatNearestEven);
CVC_CAST_MODEL(DirectedAsNearestWithoutInfinity);
CVC_CAST_MODEL(FloatToIntTruncates);
CVC_CAST_MODEL(DirectedOnMagnitude);
CVC_CAST_MODEL(SubByteIntAsFloat);
CVC_CAST_MODEL(IntToSmallFloatThroughFloat32);

// naive_models.cpp
CVC_CAST_MODEL(RoundingIgnoredNearestEven);
CVC_CAST_MODEL(RoundingIgnoredConversion);
CVC_CAST_MODEL(Float64Intermediate);
CVC_CAST_MODEL(AstypeWraps);
CVC_CAST_MODEL(FloatToIntX86Conversion);
CVC_CAST_MODEL(AstypeIntoFloat);

// range_models.cpp
CVC_CAST_MODEL(RangeBoundRounded);
CVC_CAST_MODEL(RangeCheckedBeforeRounding);
CVC_CAST_MODEL(WrapInFloat64);
CVC_CAST_MODEL(Int64IntermediateOverflow);
CVC_CAST_MODEL(NegativeToUnsignedReinterpreted);
CVC_CAST_MODEL(IntNarrowingWraps);
CVC_CAST_MODEL(InfinityInsteadOfError);
CVC_CAST_MODEL(SmallFloatRangeUnchecked);
CVC_CAST_MODEL(ClampInsteadOfError);
CVC_CAST_MODEL(ClampIgnored);
CVC_CAST_MODEL(ClampToFiniteMax);
CVC_CAST_MODEL(ClampGivesNaN);
CVC_CAST_MODEL(NeighbourOverflowRefused);
CVC_CAST_MODEL(WrapRangeCheckedBeforeRounding);

// special_models.cpp
CVC_CAST_MODEL(ZeroSignLost);
CVC_CAST_MODEL(SubnormalFlush);
CVC_CAST_MODEL(NaNPayloadKept);
CVC_CAST_MODEL(NaNPayloadTruncated);
CVC_CAST_MODEL(SignallingNaNRefused);
CVC_CAST_MODEL(NaNToIntegerZero);

// input_models.cpp
CVC_CAST_MODEL(SubByteSignDropped);

// scalar_map_models.cpp
CVC_CAST_MODEL(LastDuplicateWins);
CVC_CAST_MODEL(ScalarMapChained);
CVC_CAST_MODEL(MapOnlyUnrepresentable);
CVC_CAST_MODEL(MapKeysThroughDouble);

// refusal_models.cpp
CVC_REJECTS_MODEL(FloatRoundingRefused);
CVC_REJECTS_MODEL(SubByteRoundingRefused);

// metadata_models.cpp
CVC_VALIDATE_MODEL(FillEncodeOnly);
CVC_VALIDATE_MODEL(OptionValuesUnchecked);
CVC_VALIDATE_MODEL(UnknownKeysIgnored);
CVC_VALIDATE_MODEL(ScalarMapShapeUnchecked);
CVC_VALIDATE_MODEL(PythonScalarStrings);
CVC_VALIDATE_MODEL(IntegerScalarsWrapped);
// Refuses both ways: its metadata verdict, and the rules whose scalar_map holds a NaN other than
// the canonical one (only the "0x..." form can write it).
// A decode whose own map writes a scalar so fails every element instead (the decode map is
// converted only when a chunk is read).
struct HexMapScalarsRefused {
  static FillValueCheck validate(const DataType& array_type, const nlohmann::json& fill_value,
                                 const nlohmann::json& codecs);
  static bool rejects(const CastRule& rule);
  static bool fails_elements(const nlohmann::json& codec, Direction direction);
};
CVC_VALIDATE_MODEL(WrapFloatDataTypeAccepted);
CVC_VALIDATE_MODEL(CodecOrderUnchecked);
CVC_VALIDATE_MODEL(DataTypeObjectRefused);
CVC_VALIDATE_MODEL(BareCodecNameRefused);
CVC_VALIDATE_MODEL(CastValueCheckedWithArrayType);
CVC_VALIDATE_MODEL(FixedScaleOffsetFillNotThreaded);

// chain_models.cpp: a chain bug is one element through a chain with the bug in some of its steps.
#define CVC_CHAIN_MODEL(Name)                                                       \
  struct Name {                                                                     \
    static ChainResult chain(const ArrayChain& chain, const nlohmann::json& codecs, \
                             Direction direction, std::uint64_t input);             \
  }
CVC_CHAIN_MODEL(ScaleOffsetFinalCheckOnly);
CVC_CHAIN_MODEL(FixedScaleOffsetNonFiniteZero);
CVC_CHAIN_MODEL(ScaleOffsetJavascriptFloats);
CVC_CHAIN_MODEL(ScaleOffsetAbsentOffsetAdded);
CVC_CHAIN_MODEL(ScaleOffsetIntegersThroughFloat64);
CVC_CHAIN_MODEL(ScaleOffsetJavascriptIntegers);
CVC_CHAIN_MODEL(ScalarMapKeysUnrounded);
// numcodecs_models.cpp
CVC_CHAIN_MODEL(NumcodecsFixedScaleOffset);
CVC_VALIDATE_MODEL(ScaleOffsetFillNotThreaded);
// zarrs main 85b26a34: numcodecs.fixedscaleoffset as zarrs' own codec (chain_models.cpp).
CVC_CHAIN_MODEL(FixedScaleOffsetRustAsSaturates);
CVC_CHAIN_MODEL(FixedScaleOffsetRoundHalfAway);
CVC_CHAIN_MODEL(FixedScaleOffsetCastThroughFloat32);
CVC_CHAIN_MODEL(FixedScaleOffsetFloat32Operands);
CVC_VALIDATE_MODEL(FixedScaleOffsetTypeStringsPrefixed);
CVC_VALIDATE_MODEL(FixedScaleOffsetFloat16Unsupported);
CVC_CHAIN_MODEL(FixedScaleOffsetFloat16ElementsRefused);
CVC_VALIDATE_MODEL(FixedScaleOffsetAstypeOptional);
// (GDAL) begin
CVC_CHAIN_MODEL(ScaleOffsetIeeeOverflowClamped);
// (GDAL) end

#undef CVC_CHAIN_MODEL
#undef CVC_CAST_MODEL
#undef CVC_REJECTS_MODEL
#undef CVC_VALIDATE_MODEL

// --- The catalogue, with the parts the diagnosis uses --------------------------------------------

struct CatalogueEntry {
  BugModel model;
  bool (*applies)(const CastRule& rule) = nullptr;  // with `cast`; nullptr: no cast bug
  CastResult (*cast)(const CastRule& rule, std::uint64_t input_bits,
                     const CastResult& correct) = nullptr;
  // With `cast`: the element functions of a chain whose cast_value steps cast as the model does
  // (an implementation's cast_value codec is the same code inside a chain); every other step is
  // the oracle's.
  ElementOracle chain_elements{};
};

// In the order of bug_models().
std::span<const CatalogueEntry> catalogue();

}  // namespace cvc::bug_catalogue
