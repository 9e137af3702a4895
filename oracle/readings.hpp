// Readings: where the spec is silent or ambiguous, a named choice (flag) with a default and
// alternatives. See docs/readings.md for each flag's question, spec text and reasons.
//
// The oracle computes under a `Readings` value: every flag at its default (choice 0) unless a
// caller picks an alternative (choice 1, 2, ...). The vector generator flags a case when some
// alternative changes its result, by recomputing under that alternative.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace cvc {

enum class Flag : std::uint8_t {
  // Cast flags: they change what one element becomes.
  MapSignedZero,
  MapNaNPayload,
  InfClamp,
  NaNNonIEEE,
  DirectedOverflow,
  E8M0Tie,
  E8M0Low,
  NegZeroNoSign,
  RoundedNegativeZero,
  DecodeWrapFloat,
  // Metadata and scalar flags: they change whether JSON is valid.
  FillRoundTrip,
  IntegerJSON,
  FloatJSONOverflow,
  HexWidth,
  PlusInfinity,
  // scale_offset flags (since vectors 1.2.0): they change what one element becomes in the
  // scale_offset codec (the scale_offset spec, "Algorithm": docs/specs.md).
  ScaleOffsetNonFinite,
  ScaleOffsetRounding,
  ScaleOffsetIntegerDivision,
  // Chain metadata flags (since vectors 1.2.0): whether a chain's metadata is valid.
  ScaleZero,
  ChainFillRoundTrip,
  // The numcodecs.fixedscaleoffset alias (since vectors 1.4.0): what one element becomes in it
  // (the scale_offset spec, "Legacy numcodecs.fixedscaleoffset codec": docs/specs.md).
  FixedScaleOffsetRounding,
};
inline constexpr int kFlagCount = static_cast<int>(Flag::FixedScaleOffsetRounding) + 1;

// What a flag acts on: a single cast (what one element becomes), or metadata and scalars
// (whether JSON is valid).
// ScaleOffset: what one element becomes in a scale_offset codec (or the alias that holds one).
enum class FlagScope : std::uint8_t { Cast, Metadata, ScaleOffset };

struct FlagInfo {
  Flag flag;
  std::string_view name;      // stable, used in vectors and reports
  std::string_view question;  // what the spec leaves open
  // The spec text the question turns on, quoted (document, section, words): the "spec" of the
  // flag's entry in the vectors' notes registry.
  std::string_view spec_text;
  std::string_view default_choice;
  std::array<std::string_view, 3> alternatives;  // short names; empty entries unused
  FlagScope scope;
  int alternative_count() const;
};

std::span<const FlagInfo> all_flags();
const FlagInfo& flag_info(Flag flag);
const FlagInfo* find_flag(std::string_view name);
// Flags that act on a single cast (FlagScope::Cast in the table).
bool is_cast_flag(Flag flag);
// Flags that act on one element of a scale_offset codec (FlagScope::ScaleOffset).
bool is_scale_offset_flag(Flag flag);

// Choice of each flag: 0 is the default reading, k >= 1 is alternatives[k - 1].
struct Readings {
  std::array<std::uint8_t, kFlagCount> choice{};

  int operator[](Flag flag) const { return choice[static_cast<int>(flag)]; }
  bool is_default(Flag flag) const { return (*this)[flag] == 0; }
  Readings with(Flag flag, int alternative) const {
    Readings copy = *this;
    copy.choice[static_cast<int>(flag)] = static_cast<std::uint8_t>(alternative);
    return copy;
  }
};

// Named alternatives, so code reads `readings[Flag::InfClamp] == kInfClampToMax`.
inline constexpr int kMapSignedZeroBitsOnly = 1;
inline constexpr int kMapNaNPayloadIdentical = 1;
inline constexpr int kInfClampToMax = 1;
inline constexpr int kNaNNonIEEEError = 1;
inline constexpr int kDirectedOverflowIEEE = 1;
inline constexpr int kE8M0TieEvenExponent = 1;
inline constexpr int kE8M0LowRoundUpToMin = 1;
inline constexpr int kE8M0LowNaN = 2;
inline constexpr int kNegZeroNoSignError = 1;
inline constexpr int kRoundedNegativeZeroPositive = 1;
inline constexpr int kDecodeWrapFloatClamp = 1;
inline constexpr int kFillRoundTripBitExact = 1;
inline constexpr int kFillRoundTripIgnoreZeroSign = 2;
inline constexpr int kIntegerJSONAcceptIntegral = 1;
inline constexpr int kFloatJSONOverflowInfinity = 1;
inline constexpr int kHexWidthIgnoreUpperBits = 1;
inline constexpr int kPlusInfinityAccepted = 1;
inline constexpr int kScaleOffsetNonFiniteIEEE = 1;
inline constexpr int kScaleOffsetRoundingOnce = 1;
inline constexpr int kScaleOffsetRoundingFloat64Intermediate = 2;
inline constexpr int kScaleOffsetIntegerDivisionTruncate = 1;
inline constexpr int kScaleOffsetIntegerDivisionFloor = 2;
inline constexpr int kScaleZeroValid = 1;
inline constexpr int kChainFillRoundTripWholeChain = 1;
inline constexpr int kFixedScaleOffsetRoundingToInteger = 1;

}  // namespace cvc
