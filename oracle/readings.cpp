#include "oracle/readings.hpp"

#include <stdexcept>

namespace cvc {
namespace {

// The spec text two flags each turn on.
constexpr std::string_view kScalarMapMatchText =
    "cast_value.md, scalar_map: \"if a value matches a key in scalar_map.encode, the corresponding "
    "mapped value is used\"; Procedure step 2: \"Exact representability for floating-point types "
    "refers to numerical value only, not bit-level encoding.\"";
constexpr std::string_view kSignedZeroText =
    "cast_value.md, Special values: \"Signed zero MUST be preserved.\"";

// Order must follow enum Flag. Text is ours (the spec quotes aside); docs/readings.md
// says each in full.
constexpr std::array<FlagInfo, kFlagCount> kFlags = {{
    {Flag::MapSignedZero,
     "MapSignedZero",
     "does a scalar_map key 0 match an input -0.0, and a key -0.0 match +0.0?",
     kScalarMapMatchText,
     "keys match by numeric value, so +0 and -0 match each other",
     {"bits-only", "", ""},
     FlagScope::Cast},
    {Flag::MapNaNPayload,
     "MapNaNPayload",
     "does a NaN key match a NaN input with another sign or payload?",
     kScalarMapMatchText,
     "any NaN key matches every NaN input",
     {"identical-bits", "", ""},
     FlagScope::Cast},
    {Flag::InfClamp,
     "InfClamp",
     "+-Infinity into a type without infinities under out_of_range clamp",
     "cast_value.md, Special values: \"If the output data type does not support NaN or transfinite "
     "values and the input scalar has NaN or transfinite semantics, the transformation MUST error "
     "unless explicitly overridden by scalar_map.\"",
     "error: the special-values rule says MUST error unless scalar_map overrides",
     {"clamp-to-max", "", ""},
     FlagScope::Cast},
    {Flag::NaNNonIEEE,
     "NaNNonIEEE",
     "NaN into a type that has a NaN encoding but is not IEEE 754 (fnuz, e8m0fnu)",
     "cast_value.md, Special values: \"If both input and output data types support IEEE 754 "
     "semantics, NaN values MUST be propagated unless overridden by scalar_map.\"",
     "the NaN of the target type",
     {"error", "", ""},
     FlagScope::Cast},
    {Flag::DirectedOverflow,
     "DirectedOverflow",
     "a finite value beyond the target's finite range under a directed rounding mode",
     "cast_value.md, out_of_range: \"If applicable, the rounding rule defined in the rounding "
     "field MUST be applied before the out_of_range transformation.\"",
     "round onto the target grid with an unbounded exponent; above the largest finite value is "
     "out of range in every mode",
     {"ieee-overflow", "", ""},
     FlagScope::Cast},
    {Flag::E8M0Tie,
     "E8M0Tie",
     "a nearest-even tie in float8_e8m0fnu, which stores no significand bits",
     "cast_value.md, rounding: nearest-even: \"ties rounded to the value whose least significant "
     "digit is even\"; float8_e8m0fnu.md: \"No mantissa bits\".",
     "round up in magnitude (the implicit significand bit is odd)",
     {"even-exponent", "", ""},
     FlagScope::Cast},
    {Flag::E8M0Low,
     "E8M0Low",
     "zero, negative values and values rounding below 2^-127, into float8_e8m0fnu",
     "float8_e8m0fnu.md: \"No sign bit (unsigned)\", \"No zero\"; cast_value.md, out_of_range: "
     "values \"outside the representable range\".",
     "out of range (error; clamp gives 2^-127)",
     {"round-up-to-min", "nan", ""},
     FlagScope::Cast},
    {Flag::NegZeroNoSign,
     "NegZeroNoSign",
     "-0.0 into a type without negative zero (integers, fnuz)",
     kSignedZeroText,
     "+0: the value zero is exactly representable",
     {"error", "", ""},
     FlagScope::Cast},
    {Flag::RoundedNegativeZero,
     "RoundedNegativeZero",
     "a negative value that rounds to zero in a type with negative zero",
     kSignedZeroText,
     "-0.0: the sign is kept, as in IEEE 754",
     {"positive-zero", "", ""},
     FlagScope::Cast},
    {Flag::DecodeWrapFloat,
     "DecodeWrapFloat",
     "decoding with out_of_range wrap into a non-integral array type",
     "cast_value.md, out_of_range wrap: \"Only permitted when data_type is an integral type\"; "
     "Procedure: \"The same ordered procedure applies during decoding, with input and output data "
     "types swapped.\"",
     "error: wrap is not defined for a float output",
     {"clamp", "", ""},
     FlagScope::Cast},
    {Flag::FillRoundTrip,
     "FillRoundTrip",
     "what it means that the fill value survives the encode-decode round trip",
     "cast_value.md, data_type: \"If the fill value cannot survive a round-trip cast, "
     "implementations MUST treat this as an error.\"",
     "same numeric value and same sign of zero; any NaN returns as any NaN; a failure in either "
     "direction rejects the metadata",
     {"bit-exact", "ignore-zero-sign", ""},
     FlagScope::Metadata},
    {Flag::IntegerJSON,
     "IntegerJSON",
     "an integer scalar written with a fraction or exponent (1.0, 1e2)",
     "core-data-types.rst, Integers: \"a JSON number with no fraction or exponent part\"",
     "invalid: the core spec allows no fraction or exponent part",
     {"accept-integral", "", ""},
     FlagScope::Metadata},
    {Flag::FloatJSONOverflow,
     "FloatJSONOverflow",
     "a JSON number that rounds beyond a float type's finite range",
     "core-data-types.rst, floating point: \"A JSON number, that will be rounded to the nearest "
     "representable value using the round half to even rule.\"",
     "invalid",
     {"infinity", "", ""},
     FlagScope::Metadata},
    {Flag::HexWidth,
     "HexWidth",
     "a \"0x...\" scalar with bits set beyond the type's width",
     "core-data-types.rst: \"0xYYYYYYYY, specifying the byte representation of the floating "
     "point number as an unsigned integer\"",
     "invalid",
     {"ignore-upper-bits", "", ""},
     FlagScope::Metadata},
    {Flag::PlusInfinity,
     "PlusInfinity",
     "the string \"+Infinity\" as a scalar",
     "core-data-types.rst: \"Infinity\", \"-Infinity\"; cast_value.md, Change log: \"encode "
     "positive infinity as Infinity instead of +Infinity\".",
     "invalid (the spec's change log fixed its own example to \"Infinity\")",
     {"accepted", "", ""},
     FlagScope::Metadata},
    {Flag::ScaleOffsetNonFinite,
     "ScaleOffsetNonFinite",
     "a scale_offset operation on finite operands whose result is not a finite number of the "
     "type (overflow beyond the largest finite value, 0 * Infinity, Infinity - Infinity, a "
     "division by zero)",
     "scale_offset.md, Algorithm: \"If any intermediate or final value produced during encoding "
     "or decoding is not representable in that data type, implementations MUST treat this as an "
     "error.\"",
     "error (not representable)",
     {"ieee", "", ""},
     FlagScope::ScaleOffset},
    {Flag::ScaleOffsetRounding,
     "ScaleOffsetRounding",
     "how a float scale_offset rounds: each operation in the input type, or otherwise",
     "scale_offset.md, Algorithm: \"The encoding and decoding transformations MUST be performed "
     "using the arithmetic semantics of the input array's data type.\"",
     "each operation rounded to nearest even in the input type",
     {"round-once", "float64-intermediate", ""},
     FlagScope::ScaleOffset},
    {Flag::ScaleOffsetIntegerDivision,
     "ScaleOffsetIntegerDivision",
     "an integer scale_offset decode whose division by scale leaves a remainder",
     "scale_offset.md, Algorithm: \"If any intermediate or final value ... is not representable "
     "in that data type, implementations MUST treat this as an error.\"; Decoding: \"out = (in "
     "/ scale) + offset\"",
     "error (the quotient is not an integer)",
     {"truncate", "floor", ""},
     FlagScope::ScaleOffset},
    {Flag::ScaleZero,
     "ScaleZero",
     "a scale_offset configuration with scale 0",
     "scale_offset.md, Decoding: \"out = (in / scale) + offset\" (a division by the scale); "
     "Configuration: scale is any scalar of the input type",
     "invalid configuration (no element could be decoded)",
     {"valid", "", ""},
     FlagScope::Metadata},
    {Flag::ChainFillRoundTrip,
     "ChainFillRoundTrip",
     "in a chain of codecs, which round trip of the fill value must succeed",
     "cast_value.md, data_type: \"Implementations SHOULD validate at metadata construction time "
     "that the fill value can be successfully cast in both the forward (encode) and inverse "
     "(decode) directions using the codec's configuration.\"; scale_offset.md: "
     "\"Implementations MUST transform the fill value as it propagates through the codec "
     "chain\"",
     "each cast_value codec's, with the fill value that reaches it; every other codec must "
     "encode the fill value and the whole chain decode it without error",
     {"whole-chain", "", ""},
     FlagScope::Metadata},
    {Flag::FixedScaleOffsetRounding,
     "FixedScaleOffsetRounding",
     "numcodecs.fixedscaleoffset with a float astype: is the scaled value rounded to the nearest "
     "integer before the cast to astype?",
     "scale_offset.md, numcodecs.fixedscaleoffset, Algorithm, Encoding: \"arr = round(arr) # "
     "round to nearest integer\", \"O = cast(arr, astype)\"; Conversion to scale_offset: "
     "\"Configure a scale_offset codec using the scale and offset parameters\" and \"Use the "
     "astype field to configure a codec that performs data type casting, e.g., the cast_value "
     "codec.\"",
     "the conversion: scale_offset then cast_value to astype, so a float astype keeps the "
     "fraction",
     {"round-to-integer", "", ""},
     FlagScope::ScaleOffset},
}};

// The table is indexed by enum Flag: checked at compile time, so that a flag added to one and
// not the other, or out of order, does not build.
constexpr bool table_follows_enum() {
  for (int i = 0; i < kFlagCount; ++i)
    if (static_cast<int>(kFlags[static_cast<std::size_t>(i)].flag) != i) return false;
  return true;
}
static_assert(table_follows_enum(), "kFlags must list every Flag once, in enum order");
// Every flag quotes the spec text it turns on (the notes registry of the vectors writes it).
constexpr bool every_flag_quotes_the_spec() {
  for (const FlagInfo& info : kFlags)
    if (info.spec_text.empty()) return false;
  return true;
}
static_assert(every_flag_quotes_the_spec(), "every row of kFlags needs its spec_text");

}  // namespace

bool is_cast_flag(Flag flag) {
  return flag_info(flag).scope == FlagScope::Cast;
}

bool is_scale_offset_flag(Flag flag) {
  return flag_info(flag).scope == FlagScope::ScaleOffset;
}

int FlagInfo::alternative_count() const {
  int count = 0;
  for (std::string_view alternative : alternatives) count += alternative.empty() ? 0 : 1;
  return count;
}

std::span<const FlagInfo> all_flags() {
  return kFlags;
}

const FlagInfo& flag_info(Flag flag) {
  const FlagInfo& info = kFlags[static_cast<int>(flag)];
  if (info.flag != flag) throw std::logic_error("flag table out of order");
  return info;
}

const FlagInfo* find_flag(std::string_view name) {
  for (const FlagInfo& info : kFlags)
    if (info.name == name) return &info;
  return nullptr;
}

}  // namespace cvc
