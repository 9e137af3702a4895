#include "vector_format/written_case_line.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <string>

#include "oracle/readings.hpp"
#include "vector_format/result_text.hpp"

namespace cvc {
namespace {

// The bytes of `text` from `at` on, consumed as they match; any mismatch makes the line not one of
// the written form.
class LineScanner {
 public:
  explicit LineScanner(std::string_view text) : text_(text) {}

  bool literal(std::string_view expected) {
    if (text_.size() - at_ < expected.size() ||
        std::char_traits<char>::compare(text_.data() + at_, expected.data(), expected.size()) != 0)
      return false;
    at_ += expected.size();
    return true;
  }
  // A string's contents up to its closing quote, when they hold no byte that a JSON string
  // decodes or checks (escape, control character, anything beyond ASCII); the quote consumed.
  bool plain_string(std::string_view& contents) {
    const std::size_t start = at_;
    while (at_ < text_.size()) {
      const unsigned char c = static_cast<unsigned char>(text_[at_]);
      if (c == '"') {
        contents = text_.substr(start, at_++ - start);
        return true;
      }
      if (c == '\\' || c < 0x20 || c >= 0x80) return false;
      ++at_;
    }
    return false;
  }
  // An id as the general reader takes it: a JSON integer literal (no leading zero) of at most 18
  // digits.
  bool id(std::uint64_t& value) {
    const std::size_t start = at_;
    value = 0;
    while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9')
      value = value * 10 + static_cast<std::uint64_t>(text_[at_++] - '0');
    const std::size_t digits = at_ - start;
    return digits >= 1 && digits <= 18 && (digits == 1 || text_[start] != '0');
  }
  std::size_t position() const { return at_; }

 private:
  std::string_view text_;
  std::size_t at_ = 0;
};

// ["R",...]] after "results": each R a result of the output type, as many as the shape allows.
bool read_results(LineScanner& line, const CaseShape& shape, std::vector<CastResult>& written) {
  written.clear();
  do {
    std::string_view text;
    CastResult result;
    if (!line.literal("\"") || !line.plain_string(text) ||
        !parse_result(shape.output, text, result))
      return false;
    written.push_back(result);
  } while (line.literal(","));
  const std::size_t size = written.size();
  return line.literal("]") && (size == shape.count || size == shape.per_rounding);
}

// A configuration index written as an alternative's key: digits without a leading zero, below
// `count` (at most 64 here, so that the keys seen fit a mask), not seen before in `seen`.
bool configuration_index(std::string_view key, std::size_t count, std::uint64_t& seen,
                         std::size_t& k) {
  if (key.empty() || key.size() > 6 || count > 64 || (key.size() > 1 && key[0] == '0'))
    return false;
  k = 0;
  for (const char digit : key) {
    if (digit < '0' || digit > '9') return false;
    k = k * 10 + static_cast<std::size_t>(digit - '0');
  }
  if (k >= count || (seen >> k & 1) != 0) return false;
  seen |= std::uint64_t{1} << k;
  return true;
}

// {"NAME":{"K":"R",...},...} after "alternatives": a few distinct names, each with entries.
bool read_alternatives(LineScanner& line, const CaseShape& shape, VectorCase& item) {
  std::array<std::string_view, 4> names;
  std::size_t named = 0;
  do {
    std::string_view name;
    if (named == names.size() || !line.literal("\"") || !line.plain_string(name) ||
        std::find(names.begin(), names.begin() + named, name) != names.begin() + named ||
        !line.literal(":{"))
      return false;
    names[named++] = name;
    std::map<std::size_t, CastResult>& entries = item.alternatives[std::string(name)];
    std::uint64_t seen = 0;
    do {
      std::string_view key, text;
      std::size_t k = 0;
      CastResult result;
      if (!line.literal("\"") || !line.plain_string(key) ||
          !configuration_index(key, shape.count, seen, k) || !line.literal(":\"") ||
          !line.plain_string(text) || !parse_result(shape.output, text, result))
        return false;
      entries[k] = result;
    } while (line.literal(","));
    if (!line.literal("}")) return false;
  } while (line.literal(","));
  return line.literal("}");
}

// ["F",...] after "flags": names of known flags.
bool read_flags(LineScanner& line, VectorCase& item) {
  do {
    std::string_view flag;
    if (!line.literal("\"") || !line.plain_string(flag) || find_flag(flag) == nullptr) return false;
    item.flags.emplace_back(flag);
  } while (line.literal(","));
  return line.literal("]");
}

}  // namespace

std::size_t read_written_case_line(std::string_view text, const CaseShape& shape, VectorCase& item,
                                   std::vector<CastResult>& written) {
  LineScanner line(text);
  std::string_view stable_id, input;
  CastResult input_result;
  if (!line.literal("{\"id\":") || !line.id(item.id) || !line.literal(",\"stable_id\":\"") ||
      !line.plain_string(stable_id) || !line.literal(",\"input\":\"") ||
      !line.plain_string(input) || !parse_result(shape.input, input, input_result) ||
      !input_result.ok() || !line.literal(",\"results\":[") || !read_results(line, shape, written))
    return 0;
  item.flags.clear();
  item.alternatives.clear();
  if (line.literal(",\"alternatives\":{") && !read_alternatives(line, shape, item)) return 0;
  if (line.literal(",\"flags\":[") && !read_flags(line, item)) return 0;
  if (!line.literal("}")) return 0;
  item.stable_id.assign(stable_id);
  item.input = input_result.bits;
  item.results.resize(shape.count);
  for (std::size_t k = 0; k < shape.count; ++k) item.results[k] = written[k % written.size()];
  return line.position();
}

}  // namespace cvc
