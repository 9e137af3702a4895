#include "oracle/cast_rule.hpp"

#include <array>

namespace cvc {
namespace {

constexpr std::array<std::string_view, kRoundingCount> kRoundingNames = {
    "nearest-even", "towards-zero", "towards-positive", "towards-negative", "nearest-away"};
constexpr std::array<std::string_view, kOutOfRangeCount> kOutOfRangeNames = {"absent", "clamp",
                                                                             "wrap"};
constexpr std::array<std::string_view, 2> kDirectionNames = {"encode", "decode"};

template <typename Enum, std::size_t N>
std::optional<Enum> find_name(const std::array<std::string_view, N>& names, std::string_view name,
                              std::size_t first = 0) {
  for (std::size_t i = first; i < N; ++i)
    if (names[i] == name) return static_cast<Enum>(i);
  return std::nullopt;
}

}  // namespace

std::string_view rounding_name(Rounding rounding) {
  return kRoundingNames[static_cast<int>(rounding)];
}
std::string_view out_of_range_name(OutOfRange rule) {
  return kOutOfRangeNames[static_cast<int>(rule)];
}
std::string_view direction_name(Direction direction) {
  return kDirectionNames[static_cast<int>(direction)];
}
std::optional<Rounding> parse_rounding(std::string_view name) {
  return find_name<Rounding>(kRoundingNames, name);
}
// "absent" is our name for the missing key, not a JSON value: start after it.
std::optional<OutOfRange> parse_out_of_range(std::string_view name) {
  return find_name<OutOfRange>(kOutOfRangeNames, name, 1);
}
std::optional<Direction> parse_direction(std::string_view name) {
  return find_name<Direction>(kDirectionNames, name);
}

}  // namespace cvc
