// CRC-32C (Castagnoli), the checksum of the Zarr v3 `crc32c` codec, which the sharding codec's
// default index chain ends with (vectors/STORES.md, "Shards").
#pragma once

#include <cstdint>
#include <string_view>

namespace cvc {

// CRC-32C of `bytes`: reflected polynomial 0x82F63B78, initial value and final XOR 0xFFFFFFFF
// (RFC 3720, appendix B.4). Bitwise: the shard indexes it runs on are a few hundred bytes.
std::uint32_t crc32c(std::string_view bytes);

}  // namespace cvc
