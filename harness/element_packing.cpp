#include "harness/element_packing.hpp"

namespace cvc {

std::string pack_elements(const DataType& type, const std::vector<std::uint64_t>& patterns) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string hex;
  hex.reserve(patterns.size() * static_cast<std::size_t>(type.storage_bytes()) * 2);
  for (std::uint64_t bits : patterns) {
    for (int byte = 0; byte < type.storage_bytes(); ++byte) {
      const unsigned value = (bits >> (8 * byte)) & 0xff;
      hex += kDigits[value >> 4];
      hex += kDigits[value & 0xf];
    }
  }
  return hex;
}

std::optional<std::vector<std::uint64_t>> unpack_elements(const DataType& type,
                                                          std::string_view hex, std::size_t count) {
  const std::size_t width = static_cast<std::size_t>(type.storage_bytes()) * 2;
  if (hex.size() != count * width) return std::nullopt;
  const auto digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  std::vector<std::uint64_t> patterns(count);
  for (std::size_t i = 0; i < count; ++i) {
    std::uint64_t bits = 0;
    for (std::size_t byte = 0; byte < width / 2; ++byte) {
      const int high = digit(hex[i * width + 2 * byte]);
      const int low = digit(hex[i * width + 2 * byte + 1]);
      if (high < 0 || low < 0) return std::nullopt;
      bits |= static_cast<std::uint64_t>(high * 16 + low) << (8 * byte);
    }
    if ((bits & ~type.bit_mask()) != 0) return std::nullopt;
    patterns[i] = bits;
  }
  return patterns;
}

}  // namespace cvc
