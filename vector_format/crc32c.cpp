#include "vector_format/crc32c.hpp"

namespace cvc {

std::uint32_t crc32c(std::string_view bytes) {
  constexpr std::uint32_t kReflectedPolynomial = 0x82F63B78u;
  std::uint32_t crc = 0xFFFFFFFFu;
  for (const char byte : bytes) {
    crc ^= static_cast<unsigned char>(byte);
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (kReflectedPolynomial & (0u - (crc & 1u)));
  }
  return ~crc;
}

}  // namespace cvc
