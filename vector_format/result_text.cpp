#include "vector_format/result_text.hpp"

#include <array>
#include <string>

#include "oracle/cast.hpp"
#include "oracle/hex_digits.hpp"
#include "vector_format/vector_file.hpp"

namespace cvc {
namespace {

constexpr std::string_view kErrorPrefix = "error:";

// Each byte's value as a digit of the notation (lowercase hex), -1 when it is none.
constexpr std::array<signed char, 256> kLowercaseHexValues = [] {
  std::array<signed char, 256> values{};
  for (int c = 0; c < 256; ++c)
    values[c] =
        static_cast<signed char>(hex_digit_value(static_cast<char>(c), HexLetters::Lowercase));
  return values;
}();

// The error kind named `kind` ("out_of_range"), or None when there is no such kind.
CastError error_named(std::string_view kind) {
  for (int e = 1; e <= static_cast<int>(CastError::NegativeZeroNotRepresentable); ++e)
    if (cast_error_name(static_cast<CastError>(e)) == kind) return static_cast<CastError>(e);
  return CastError::None;
}

}  // namespace

std::string result_text(const DataType& output, const CastResult& result) {
  if (!result.ok()) return std::string(kErrorPrefix) + std::string(cast_error_name(result.error));
  return pattern_hex(output, result.bits);
}

bool parse_result(const DataType& type, std::string_view text, CastResult& out) {
  // Every result of the vectors is read here (millions of them): the checks are written out.
  out = CastResult{};
  const std::size_t digits = static_cast<std::size_t>(type.storage_bytes()) * 2;
  if (text.size() == 2 + digits && text[0] == '0' && text[1] == 'x') {
    std::uint64_t bits = 0;
    for (std::size_t i = 2; i < text.size(); ++i) {
      const int value = kLowercaseHexValues[static_cast<unsigned char>(text[i])];  // the notation
      if (value < 0) return false;
      bits = bits << 4 | static_cast<std::uint64_t>(value);
    }
    out.bits = bits;
    return (bits & ~type.bit_mask()) == 0;
  }
  if (text.size() < kErrorPrefix.size() ||
      std::char_traits<char>::compare(text.data(), kErrorPrefix.data(), kErrorPrefix.size()) != 0)
    return false;
  out.error = error_named(text.substr(kErrorPrefix.size()));
  return out.error != CastError::None;
}

std::optional<std::uint64_t> parse_result_text(const DataType& type, std::string_view text,
                                               const std::string& where) {
  CastResult result;
  if (parse_result(type, text, result))
    return result.ok() ? std::optional<std::uint64_t>(result.bits) : std::nullopt;
  const std::string quoted(text);
  if (text.starts_with(kErrorPrefix))
    throw VectorFormatError(where + ": unknown error kind \"" + quoted.substr(6) + "\"");
  const std::size_t digits = static_cast<std::size_t>(type.storage_bytes()) * 2;
  if (text.size() != 2 + digits || !text.starts_with("0x") ||
      text.find_first_not_of("0123456789abcdef", 2) != std::string_view::npos)
    throw VectorFormatError(where + ": \"" + quoted + "\" is not a " + std::to_string(digits) +
                            "-digit lowercase 0x pattern of " + std::string(type.name));
  throw VectorFormatError(where + ": \"" + quoted + "\" has bits beyond the " +
                          std::to_string(type.bits) + "-bit width of " + std::string(type.name));
}

}  // namespace cvc
