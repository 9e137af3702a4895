#include "vector_format/result_text.hpp"

#include "oracle/cast.hpp"
#include "vector_format/vector_file.hpp"

namespace cvc {

std::string result_text(const DataType& output, const CastResult& result) {
  if (!result.ok()) return "error:" + std::string(cast_error_name(result.error));
  return pattern_hex(output, result.bits);
}

std::optional<std::uint64_t> parse_result_text(const DataType& type, const std::string& text,
                                               const std::string& where) {
  if (text.starts_with("error:")) {
    const std::string kind = text.substr(6);
    for (int e = 1; e <= static_cast<int>(CastError::NegativeZeroNotRepresentable); ++e)
      if (cast_error_name(static_cast<CastError>(e)) == kind) return std::nullopt;
    throw VectorFormatError(where + ": unknown error kind \"" + kind + "\"");
  }
  const std::size_t digits = static_cast<std::size_t>(type.storage_bytes()) * 2;
  if (!text.starts_with("0x") || text.size() != 2 + digits ||
      text.find_first_not_of("0123456789abcdef", 2) != std::string::npos)
    throw VectorFormatError(where + ": \"" + text + "\" is not a " + std::to_string(digits) +
                            "-digit lowercase 0x pattern of " + std::string(type.name));
  const std::uint64_t bits = std::stoull(text.substr(2), nullptr, 16);
  if ((bits & ~type.bit_mask()) != 0)
    throw VectorFormatError(where + ": \"" + text + "\" has bits beyond the " +
                            std::to_string(type.bits) + "-bit width of " + std::string(type.name));
  return bits;
}

}  // namespace cvc
