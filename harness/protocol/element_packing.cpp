#include "harness/protocol/element_packing.hpp"

#include <array>

namespace cvc {
namespace {

constexpr char kHexDigits[] = "0123456789abcdef";
constexpr char kBase64Digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// The value of each character as a digit of `digits`, -1 for the others.
constexpr std::array<signed char, 256> digit_values(std::string_view digits) {
  std::array<signed char, 256> values{};
  values.fill(-1);
  for (std::size_t i = 0; i < digits.size(); ++i)
    values[static_cast<unsigned char>(digits[i])] = static_cast<signed char>(i);
  return values;
}
constexpr std::array<signed char, 256> kHexValues = digit_values("0123456789abcdef");
constexpr std::array<signed char, 256> kBase64Values = digit_values(kBase64Digits);

std::string shown_character(char c) {
  const bool printable = c >= 0x20 && c < 0x7f;
  return printable ? "\"" + std::string(1, c) + "\""
                   : "byte " + std::to_string(static_cast<unsigned char>(c));
}

std::string packed_bytes(const DataType& type, std::span<const std::uint64_t> patterns) {
  const std::size_t width = static_cast<std::size_t>(type.storage_bytes());
  std::string bytes(patterns.size() * width, '\0');
  char* out = bytes.data();
  for (const std::uint64_t pattern : patterns)
    for (std::size_t byte = 0; byte < width; ++byte)
      *out++ = static_cast<char>((pattern >> (8 * byte)) & 0xff);
  return bytes;
}

// Written into a string sized once: these two run on every element of every request, on both
// sides of the pipe, so they append nothing character by character.
std::string hex_text(std::string_view bytes) {
  std::string hex(bytes.size() * 2, '\0');
  char* out = hex.data();
  for (const char byte : bytes) {
    const auto value = static_cast<unsigned char>(byte);
    *out++ = kHexDigits[value >> 4];
    *out++ = kHexDigits[value & 0xf];
  }
  return hex;
}

// RFC 4648 base64 with padding.
std::string base64_text(std::string_view bytes) {
  std::string text((bytes.size() + 2) / 3 * 4, '\0');
  char* out = text.data();
  const auto byte_at = [&](std::size_t i) {
    return static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i]));
  };
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const std::uint32_t group = byte_at(i) << 16 | byte_at(i + 1) << 8 | byte_at(i + 2);
    *out++ = kBase64Digits[(group >> 18) & 63];
    *out++ = kBase64Digits[(group >> 12) & 63];
    *out++ = kBase64Digits[(group >> 6) & 63];
    *out++ = kBase64Digits[group & 63];
  }
  if (const std::size_t left = bytes.size() - i; left > 0) {
    const std::uint32_t group = byte_at(i) << 16 | (left > 1 ? byte_at(i + 1) << 8 : 0);
    *out++ = kBase64Digits[(group >> 18) & 63];
    *out++ = kBase64Digits[(group >> 12) & 63];
    *out++ = left > 1 ? kBase64Digits[(group >> 6) & 63] : '=';
    *out++ = '=';
  }
  return text;
}

// The bytes of lowercase hex, or why it is not.
std::optional<std::string> hex_bytes(std::string_view hex, std::string& bytes) {
  for (std::size_t i = 0; i < hex.size(); ++i) {
    const char c = hex[i];
    if (kHexValues[static_cast<unsigned char>(c)] >= 0) continue;
    if (c >= 'A' && c <= 'F')
      return "elements must be lowercase hex, but has the uppercase digit \"" + std::string(1, c) +
             "\" at offset " + std::to_string(i);
    return "elements is not hex: " + shown_character(c) + " at offset " + std::to_string(i);
  }
  if (hex.size() % 2 != 0)
    return "elements holds " + std::to_string(hex.size()) + " hex digits, an odd number";
  bytes.resize(hex.size() / 2);
  for (std::size_t i = 0; i < bytes.size(); ++i)
    bytes[i] = static_cast<char>(kHexValues[static_cast<unsigned char>(hex[2 * i])] * 16 +
                                 kHexValues[static_cast<unsigned char>(hex[2 * i + 1])]);
  return std::nullopt;
}

// The bytes of padded base64, or why it is not (only the canonical form: '=' only as padding,
// the unused bits of the last digit zero, as every encoder writes it).
std::optional<std::string> base64_bytes(std::string_view text, std::string& bytes) {
  if (text.size() % 4 != 0)
    return "elements holds " + std::to_string(text.size()) +
           " base64 characters, not a multiple of 4 (padded base64, RFC 4648)";
  const std::size_t padding = text.ends_with("==") ? 2 : text.ends_with("=") ? 1 : 0;
  const auto value = [&](std::size_t i) {
    return static_cast<std::int32_t>(kBase64Values[static_cast<unsigned char>(text[i])]);
  };
  // The first character that is not a digit, named.
  const auto not_a_digit = [&]() -> std::optional<std::string> {
    for (std::size_t i = 0; i < text.size() - padding; ++i)
      if (value(i) < 0)
        return "elements is not base64: " + shown_character(text[i]) + " at offset " +
               std::to_string(i) + (text[i] == '=' ? " (padding only at the end)" : "");
    return std::nullopt;
  };
  bytes.resize(text.size() / 4 * 3 - padding);
  char* out = bytes.data();
  // Every group but the last: four digits, three bytes, no branch. A character that is not a
  // digit has a negative value, which sets `invalid`'s sign; the bytes are then discarded.
  const std::size_t whole = text.empty() ? 0 : text.size() - 4;
  std::int32_t invalid = 0;
  for (std::size_t i = 0; i < whole; i += 4) {
    const std::int32_t a = value(i), b = value(i + 1), c = value(i + 2), d = value(i + 3);
    invalid |= a | b | c | d;
    const std::uint32_t group = static_cast<std::uint32_t>(a) << 18 |
                                static_cast<std::uint32_t>(b) << 12 |
                                static_cast<std::uint32_t>(c) << 6 | static_cast<std::uint32_t>(d);
    *out++ = static_cast<char>(group >> 16 & 0xff);
    *out++ = static_cast<char>(group >> 8 & 0xff);
    *out++ = static_cast<char>(group & 0xff);
  }
  if (invalid < 0) return not_a_digit();
  if (text.empty()) return std::nullopt;
  // The last group, with its padding.
  for (std::size_t i = whole; i < text.size() - padding; ++i)
    if (value(i) < 0) return not_a_digit();
  std::uint32_t group = 0;
  for (std::size_t i = whole; i < text.size(); ++i)
    group = group << 6 | static_cast<std::uint32_t>(std::max(value(i), 0));
  const std::size_t kept = 3 - padding;
  for (std::size_t j = 0; j < kept; ++j) *out++ = static_cast<char>((group >> (16 - 8 * j)) & 0xff);
  if (kept < 3 && (group & ((1u << (8 * (3 - kept))) - 1)) != 0)
    return std::string(
        "elements is not canonical base64: the unused bits of its last digit are not zero");
  return std::nullopt;
}

std::optional<std::string> decoded_bytes(std::string_view text, ElementEncoding encoding,
                                         std::string& bytes) {
  return encoding == ElementEncoding::Hex ? hex_bytes(text, bytes) : base64_bytes(text, bytes);
}

std::string encoded_bytes(std::string_view bytes, ElementEncoding encoding) {
  return encoding == ElementEncoding::Hex ? hex_text(bytes) : base64_text(bytes);
}

}  // namespace

std::string_view encoding_name(ElementEncoding encoding) {
  return encoding == ElementEncoding::Hex ? "hex" : "base64";
}

std::optional<ElementEncoding> parse_element_encoding(std::string_view name) {
  if (name == "hex") return ElementEncoding::Hex;
  if (name == "base64") return ElementEncoding::Base64;
  return std::nullopt;
}

std::string pack_elements(const DataType& type, std::span<const std::uint64_t> patterns,
                          ElementEncoding encoding) {
  return encoded_bytes(packed_bytes(type, patterns), encoding);
}

UnpackedElements unpack_elements_checked(const DataType& type, std::string_view text,
                                         std::size_t count, ElementEncoding encoding) {
  UnpackedElements result;
  std::string bytes;
  if ((result.problem = decoded_bytes(text, encoding, bytes))) return result;
  const std::size_t width = static_cast<std::size_t>(type.storage_bytes());
  if (bytes.size() != count * width) {
    result.problem = "elements holds " + std::to_string(bytes.size()) + " bytes (" +
                     std::to_string(text.size()) + " " + std::string(encoding_name(encoding)) +
                     " characters), not the " + std::to_string(count * width) + " of " +
                     std::to_string(count) + " " + std::string(type.name) + " elements";
    return result;
  }
  result.patterns.resize(count);
  const std::uint64_t beyond = ~type.bit_mask();
  const auto* in = reinterpret_cast<const unsigned char*>(bytes.data());
  for (std::size_t i = 0; i < count; ++i) {
    std::uint64_t bits = 0;
    for (std::size_t byte = 0; byte < width; ++byte)
      bits |= static_cast<std::uint64_t>(*in++) << (8 * byte);
    if ((bits & beyond) != 0) {
      result.problem = "elements holds a " + std::string(type.name) + " element (index " +
                       std::to_string(i) + ") with bits set above its " +
                       std::to_string(type.bits) + " bits (they must be zero)";
      result.patterns.clear();
      return result;
    }
    result.patterns[i] = bits;
  }
  return result;
}

std::optional<std::vector<std::uint64_t>> unpack_elements(const DataType& type,
                                                          std::string_view hex, std::size_t count) {
  UnpackedElements unpacked = unpack_elements_checked(type, hex, count, ElementEncoding::Hex);
  if (unpacked.problem) return std::nullopt;
  return std::move(unpacked.patterns);
}

std::optional<std::string> reencode_elements(std::string_view text, ElementEncoding from,
                                             ElementEncoding to) {
  std::string bytes;
  if (decoded_bytes(text, from, bytes)) return std::nullopt;
  return encoded_bytes(bytes, to);
}

}  // namespace cvc
