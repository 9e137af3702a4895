#include "harness/text/share_text.hpp"

namespace cvc {
namespace {

__extension__ using Wide = unsigned __int128;  // GCC and Clang; -Wpedantic asks for the marker

}  // namespace

std::string share_text(std::uint64_t part, std::uint64_t whole) {
  if (whole == 0) return "0%";
  const Wide tenths = static_cast<Wide>(part) * 1000 / whole;
  const Wide whole_percent = tenths / 10;
  std::string text;
  for (Wide rest = whole_percent; text.empty() || rest > 0; rest /= 10)
    text.insert(text.begin(), static_cast<char>('0' + static_cast<int>(rest % 10)));
  const int tenth = static_cast<int>(tenths % 10);
  // "100%" only for exactly all; whole percents other than that keep their tenth ("25.0%") so
  // that a share never reads as rounder than it is.
  if (!(part == whole || part == 0)) text += "." + std::to_string(tenth);
  return text + "%";
}

}  // namespace cvc
