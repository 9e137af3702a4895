// CRC-32C (Castagnoli), the checksum of the Zarr v3 `crc32c` codec, which the sharding codec's
// default index chain ends with (vectors/STORES.md, "Shards"). The one implementation of the
// project: the store vectors' generator and verifier and the reference adapter's store engine all
// use it (a fixed checksum, checked against RFC 3720's test values, so sharing it costs the
// reference's independence nothing).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace cvc {

// CRC-32C of `bytes`: reflected polynomial 0x82F63B78, initial value and final XOR 0xFFFFFFFF
// (RFC 3720, appendix B.4).
std::uint32_t crc32c(std::span<const std::uint8_t> bytes);

inline std::uint32_t crc32c(std::string_view bytes) {
  return crc32c(std::span(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
}

}  // namespace cvc
