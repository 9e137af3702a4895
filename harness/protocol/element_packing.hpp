// Elements on the wire (harness/protocol/PROTOCOL.md): ceil(bits/8) bytes each, little-endian,
// sub-byte types in the low bits of their byte; the bytes written as lowercase hex, or (protocol 2,
// when the hello negotiates it) as base64.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/data_type.hpp"

namespace cvc {

// How the packed bytes of `elements` are written in a JSON string.
enum class ElementEncoding { Hex, Base64 };

std::string_view encoding_name(ElementEncoding encoding);  // "hex", "base64"
std::optional<ElementEncoding> parse_element_encoding(std::string_view name);

std::string pack_elements(const DataType& type, std::span<const std::uint64_t> patterns,
                          ElementEncoding encoding = ElementEncoding::Hex);

// `count` elements of `type` read from `text`, or why `text` is not them: the offending
// character and its offset, the length, or an element with bits beyond the type's width (each
// message names the field `elements`).
struct UnpackedElements {
  std::vector<std::uint64_t> patterns;
  std::optional<std::string> problem;
};
UnpackedElements unpack_elements_checked(const DataType& type, std::string_view text,
                                         std::size_t count, ElementEncoding encoding);

// nullopt when `hex` is not lowercase hex of exactly `count` elements, or an element has bits
// set beyond the type's width.
std::optional<std::vector<std::uint64_t>> unpack_elements(const DataType& type,
                                                          std::string_view hex, std::size_t count);

// The same bytes in the other encoding (no element type needed); nullopt when `text` is not
// valid in `from`.
std::optional<std::string> reencode_elements(std::string_view text, ElementEncoding from,
                                             ElementEncoding to);

}  // namespace cvc
