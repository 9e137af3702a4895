// JSON with exact numbers.
//
// nlohmann::json stores a number as int64, uint64 or double: "0.1" becomes the nearest double,
// "1e400" becomes infinity, "-0" becomes the integer 0 and "1.0" loses its fraction part. The Zarr
// fill value encoding is defined on the decimal text (core-data-types.rst: "a JSON number with no
// fraction or exponent part", "rounded to the nearest representable value"), so the oracle keeps
// every number's literal text.
//
// Representation ("exact number node"): a JSON value of type binary whose subtype is
// kExactNumberSubtype and whose bytes are the literal's characters, exactly as written in the
// source (e.g. "-0", "1.50", "1E+2"). Such a node is not `is_number()` to nlohmann; use
// is_json_number() and json_number_text(), which accept exact nodes and ordinary nlohmann numbers
// alike, and write documents with dump_json_exact(), which prints exact nodes as their literal
// text. (nlohmann's own dump() would print them as {"bytes":[...],"subtype":...}.)
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace cvc {

// "cvcnum" in ASCII: the binary subtype marking an exact number node.
inline constexpr std::uint64_t kExactNumberSubtype = 0x6376636e756dull;

// Malformed JSON text, or a literal that is not a JSON number.
class JsonError : public std::runtime_error {
 public:
  JsonError(const std::string& message, std::size_t position)
      : std::runtime_error(message), position_(position) {}
  // Where the error was detected, as nlohmann counts: the number of bytes read up to and
  // including the offending byte (for one-line text, its 1-based column); 0 when not applicable.
  std::size_t position() const { return position_; }

 private:
  std::size_t position_;
};

// Limits on JSON that comes from outside (arguments, zarr.json, vector files, adapter answers),
// far above any real metadata (the deepest cast_value metadata nests 6 levels; the longest exact
// decimal of a float64 has 767 significant digits). Deeper or longer input is refused with a
// JsonError, so that nothing downstream (writers, copies, scalar parsing) meets unbounded depth or
// quadratic work.
inline constexpr std::size_t kMaxJsonDepth = 256;
inline constexpr std::size_t kMaxJsonNumberChars = 4096;

// Parse RFC 8259 JSON (as nlohmann's strict parser accepts it: no comments, no trailing content),
// keeping every number as an exact number node. Objects with a repeated key are rejected: the
// Zarr metadata they would denote is ambiguous, and nlohmann would silently keep the last one.
// Nesting deeper than kMaxJsonDepth and number literals longer than kMaxJsonNumberChars are
// refused. Throws JsonError with the byte position and a description quoting the input there.
nlohmann::json parse_json_exact(std::string_view text);

// True for exact number nodes and for ordinary nlohmann numbers.
bool is_json_number(const nlohmann::json& value);

// The literal text of a number: an exact node's characters; for ordinary nlohmann numbers the
// integer's decimal digits, or nlohmann's shortest round-trip text of the double (e.g. "0.1",
// "-0.0", "1e-08"). nullopt for non-numbers and for non-finite doubles (which JSON cannot write).
std::optional<std::string> json_number_text(const nlohmann::json& value);

// A JSON integer 0 <= n < 2^64 written without sign, fraction or exponent (an exact number node
// or an ordinary number), else nullopt.
std::optional<std::uint64_t> json_unsigned(const nlohmann::json& value);

// An exact number node holding `literal`. Throws JsonError unless `literal` matches the JSON
// number grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
nlohmann::json json_number(std::string literal);

// True when `literal` matches the JSON number grammar above.
bool is_json_number_literal(std::string_view literal);

// Compact one-line JSON: no spaces, object keys in stored order (nlohmann::json keeps them
// sorted), strings escaped as nlohmann escapes them, exact number nodes written as their literal
// text, ordinary numbers as json_number_text. Throws JsonError for non-finite doubles.
std::string dump_json_exact(const nlohmann::json& value);

}  // namespace cvc
