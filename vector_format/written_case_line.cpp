#include "vector_format/written_case_line.hpp"

#include <string>

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

}  // namespace

std::size_t read_written_case_line(std::string_view text, const CaseShape& shape, VectorCase& item,
                                   std::vector<CastResult>& written) {
  LineScanner line(text);
  std::string_view stable_id, input;
  CastResult input_result;
  if (!line.literal("{\"id\":") || !line.id(item.id) || !line.literal(",\"stable_id\":\"") ||
      !line.plain_string(stable_id) || !line.literal(",\"input\":\"") ||
      !line.plain_string(input) || !parse_result(shape.input, input, input_result) ||
      !input_result.ok() || !line.literal(",\"results\":["))
    return 0;
  written.clear();
  do {
    std::string_view result_text;
    CastResult result;
    if (!line.literal("\"") || !line.plain_string(result_text) ||
        !parse_result(shape.output, result_text, result))
      return 0;
    written.push_back(result);
  } while (line.literal(","));
  const std::size_t size = written.size();
  if (!line.literal("]}") || (size != shape.count && size != shape.per_rounding)) return 0;
  item.stable_id.assign(stable_id);
  item.input = input_result.bits;
  item.results.resize(shape.count);
  for (std::size_t k = 0; k < shape.count; ++k) item.results[k] = written[k % size];
  item.flags.clear();
  item.alternatives.clear();
  return line.position();
}

}  // namespace cvc
