// CRC-32C (Castagnoli, reflected polynomial 0x82f63b78): the checksum of Zarr v3's `crc32c`
// codec, which appends it to the bytes as 4 little-endian bytes.
#pragma once

#include <cstdint>
#include <span>

namespace cvc {

std::uint32_t crc32c(std::span<const std::uint8_t> bytes);

}  // namespace cvc
