// Elements on the wire (harness/PROTOCOL.md): ceil(bits/8) bytes each, little-endian, as
// lowercase hex; sub-byte types in the low bits of their byte.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/data_type.hpp"

namespace cvc {

std::string pack_elements(const DataType& type, const std::vector<std::uint64_t>& patterns);

// nullopt when `hex` is not lowercase hex of exactly `count` elements, or an element has bits
// set beyond the type's width.
std::optional<std::vector<std::uint64_t>> unpack_elements(const DataType& type,
                                                          std::string_view hex, std::size_t count);

}  // namespace cvc
