#include "vector_format/crc32c.hpp"

#include <array>

namespace cvc {
namespace {

constexpr std::uint32_t kReflectedPolynomial = 0x82F63B78u;

// The remainder of each byte value, so that each byte costs one lookup instead of eight shifts.
constexpr std::array<std::uint32_t, 256> make_table() {
  std::array<std::uint32_t, 256> table{};
  for (std::uint32_t byte = 0; byte < 256; ++byte) {
    std::uint32_t value = byte;
    for (int bit = 0; bit < 8; ++bit)
      value = (value >> 1) ^ (kReflectedPolynomial & (0u - (value & 1u)));
    table[byte] = value;
  }
  return table;
}

constexpr std::array<std::uint32_t, 256> kTable = make_table();

}  // namespace

std::uint32_t crc32c(std::span<const std::uint8_t> bytes) {
  std::uint32_t crc = 0xFFFFFFFFu;
  for (const std::uint8_t byte : bytes) crc = (crc >> 8) ^ kTable[(crc ^ byte) & 0xFFu];
  return ~crc;
}

}  // namespace cvc
