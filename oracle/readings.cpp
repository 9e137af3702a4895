#include "oracle/readings.hpp"

#include <stdexcept>

namespace cvc {
namespace {

// Order must follow enum Flag. Text is ours; ../shared/design/readings.md is the source.
constexpr std::array<FlagInfo, kFlagCount> kFlags = {{
    {Flag::MapSignedZero,
     "MapSignedZero",
     "does a scalar_map key 0 match an input -0.0, and a key -0.0 match +0.0?",
     "keys match by numeric value, so +0 and -0 match each other",
     {"bits-only", "", ""},
     FlagScope::Cast},
    {Flag::MapNaNPayload,
     "MapNaNPayload",
     "does a NaN key match a NaN input with another sign or payload?",
     "any NaN key matches every NaN input",
     {"identical-bits", "", ""},
     FlagScope::Cast},
    {Flag::InfClamp,
     "InfClamp",
     "+-Infinity into a type without infinities under out_of_range clamp",
     "error: the special-values rule says MUST error unless scalar_map overrides",
     {"clamp-to-max", "", ""},
     FlagScope::Cast},
    {Flag::NaNNonIEEE,
     "NaNNonIEEE",
     "NaN into a type that has a NaN encoding but is not IEEE 754 (fnuz, e8m0fnu)",
     "the NaN of the target type",
     {"error", "", ""},
     FlagScope::Cast},
    {Flag::DirectedOverflow,
     "DirectedOverflow",
     "a finite value beyond the target's finite range under a directed rounding mode",
     "round onto the target grid with an unbounded exponent; above the largest finite value is "
     "out of range in every mode",
     {"ieee-overflow", "", ""},
     FlagScope::Cast},
    {Flag::E8M0Tie,
     "E8M0Tie",
     "a nearest-even tie in float8_e8m0fnu, which stores no significand bits",
     "round up in magnitude (the implicit significand bit is odd)",
     {"even-exponent", "", ""},
     FlagScope::Cast},
    {Flag::E8M0Low,
     "E8M0Low",
     "zero, negative values and values rounding below 2^-127, into float8_e8m0fnu",
     "out of range (error; clamp gives 2^-127)",
     {"round-up-to-min", "nan", ""},
     FlagScope::Cast},
    {Flag::NegZeroNoSign,
     "NegZeroNoSign",
     "-0.0 into a type without negative zero (integers, fnuz)",
     "+0: the value zero is exactly representable",
     {"error", "", ""},
     FlagScope::Cast},
    {Flag::RoundedNegativeZero,
     "RoundedNegativeZero",
     "a negative value that rounds to zero in a type with negative zero",
     "-0.0: the sign is kept, as in IEEE 754",
     {"positive-zero", "", ""},
     FlagScope::Cast},
    {Flag::DecodeWrapFloat,
     "DecodeWrapFloat",
     "decoding with out_of_range wrap into a non-integral array type",
     "error: wrap is not defined for a float output",
     {"clamp", "", ""},
     FlagScope::Cast},
    {Flag::FillRoundTrip,
     "FillRoundTrip",
     "what it means that the fill value survives the encode-decode round trip",
     "same numeric value and same sign of zero; any NaN returns as any NaN; a failure in either "
     "direction rejects the metadata",
     {"bit-exact", "ignore-zero-sign", ""},
     FlagScope::Metadata},
    {Flag::IntegerJSON,
     "IntegerJSON",
     "an integer scalar written with a fraction or exponent (1.0, 1e2)",
     "invalid: the core spec allows no fraction or exponent part",
     {"accept-integral", "", ""},
     FlagScope::Metadata},
    {Flag::FloatJSONOverflow,
     "FloatJSONOverflow",
     "a JSON number that rounds beyond a float type's finite range",
     "invalid",
     {"infinity", "", ""},
     FlagScope::Metadata},
    {Flag::HexWidth,
     "HexWidth",
     "a \"0x...\" scalar with bits set beyond the type's width",
     "invalid",
     {"ignore-upper-bits", "", ""},
     FlagScope::Metadata},
    {Flag::PlusInfinity,
     "PlusInfinity",
     "the string \"+Infinity\" as a scalar",
     "invalid (the spec's change log fixed its own example to \"Infinity\")",
     {"accepted", "", ""},
     FlagScope::Metadata},
}};

// The table is indexed by enum Flag: checked at compile time, so that a flag added to one and
// not the other, or out of order, does not build.
constexpr bool table_follows_enum() {
  for (int i = 0; i < kFlagCount; ++i)
    if (static_cast<int>(kFlags[static_cast<std::size_t>(i)].flag) != i) return false;
  return true;
}
static_assert(table_follows_enum(), "kFlags must list every Flag once, in enum order");

}  // namespace

bool is_cast_flag(Flag flag) {
  return flag_info(flag).scope == FlagScope::Cast;
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
