// One direction of a cast_value codec, resolved: the input and output types, the rounding mode,
// the out_of_range rule and the scalar_map entries of that direction, already parsed to bits.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "oracle/data_type.hpp"

namespace cvc {

// Spec, "rounding": the five permitted values; absent means nearest-even.
enum class Rounding : std::uint8_t {
  NearestEven,
  TowardsZero,
  TowardsPositive,
  TowardsNegative,
  NearestAway,
};
inline constexpr int kRoundingCount = static_cast<int>(Rounding::NearestAway) + 1;

// Spec, "out_of_range": absent (None) makes any out-of-range value an error.
enum class OutOfRange : std::uint8_t { None, Clamp, Wrap };
inline constexpr int kOutOfRangeCount = static_cast<int>(OutOfRange::Wrap) + 1;

enum class Direction : std::uint8_t { Encode, Decode };

std::string_view rounding_name(Rounding rounding);     // "nearest-even", ...
std::string_view out_of_range_name(OutOfRange rule);   // "absent", "clamp", "wrap"
std::string_view direction_name(Direction direction);  // "encode", "decode"
std::optional<Rounding> parse_rounding(std::string_view name);
std::optional<OutOfRange> parse_out_of_range(std::string_view name);  // "clamp" | "wrap"
std::optional<Direction> parse_direction(std::string_view name);

struct ScalarMapEntry {
  std::uint64_t input_bits;   // a pattern of the rule's input type
  std::uint64_t output_bits;  // a pattern of the rule's output type
};

struct CastRule {
  const DataType* input = nullptr;
  const DataType* output = nullptr;
  Rounding rounding = Rounding::NearestEven;
  OutOfRange out_of_range = OutOfRange::None;
  std::vector<ScalarMapEntry> scalar_map;  // in JSON order: the first matching key wins
};

}  // namespace cvc
