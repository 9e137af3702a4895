#include "harness/protocol/elements_field.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "oracle/io/json_exact.hpp"

namespace cvc {
namespace {

constexpr std::string_view kElementsKey = "\"elements\":\"";
constexpr std::string_view kFailedKey = "\"failed\"";
// Indices of at most 19 digits (below 10^19 < 2^64): a longer one is left to the exact reader.
constexpr std::size_t kMostIndexDigits = 19;

// Characters that a JSON string holds as they are (no escape, no control character). Checked
// without a branch a character: a request's elements are tens of kilobytes.
bool plain_text(std::string_view text) {
  unsigned char bad = 0;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    bad |= static_cast<unsigned char>((byte < 0x20) | (byte == '\\') | (byte == '"'));
  }
  return bad == 0;
}

bool json_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// The "failed" array of a cast answer: where it is in `line` ([begin, end) spans the brackets)
// and its numbers, when it is a list of plain integers (JSON's 0 or [1-9][0-9]*, at most
// kMostIndexDigits digits) or a list of pairs of them (the ranges form); nullopt for anything
// else, which the exact reader then reads.
struct FailedArray {
  std::size_t begin = 0, end = 0;
  FailedList list;
};
std::optional<FailedArray> plain_failed_array(std::string_view line) {
  const std::size_t key = line.find(kFailedKey);
  if (key == std::string_view::npos || line.find(kFailedKey, key + 1) != std::string_view::npos)
    return std::nullopt;
  std::size_t at = key + kFailedKey.size();
  const auto skip_space = [&] {
    while (at < line.size() && json_space(line[at])) ++at;
  };
  // `c` and the space after it; false when the next character is not `c`.
  const auto take = [&](char c) {
    if (at >= line.size() || line[at] != c) return false;
    ++at;
    skip_space();
    return true;
  };
  // One pass over the digits, the value summed as they are read (19 digits cannot overflow).
  const auto take_number = [&](std::vector<std::uint64_t>& numbers) {
    const std::size_t digits = at;
    std::uint64_t number = 0;
    for (unsigned digit;
         at < line.size() && (digit = static_cast<unsigned char>(line[at]) - 48u) < 10; ++at)
      number = number * 10 + digit;
    const std::size_t length = at - digits;
    if (length == 0 || length > kMostIndexDigits || (length > 1 && line[digits] == '0'))
      return false;
    numbers.push_back(number);
    skip_space();
    return true;
  };
  skip_space();
  if (!take(':')) return std::nullopt;
  FailedArray array;
  array.begin = at;
  if (!take('[')) return std::nullopt;
  std::vector<std::uint64_t>& numbers = array.list.numbers;
  if (at < line.size() && line[at] != ']') {
    array.list.form = line[at] == '[' ? FailedForm::Ranges : FailedForm::Indices;
    do {
      if (array.list.form == FailedForm::Indices) {
        if (!take_number(numbers)) return std::nullopt;
      } else if (!take('[') || !take_number(numbers) || !take(',') || !take_number(numbers) ||
                 !take(']')) {
        return std::nullopt;
      }
    } while (take(','));
  }
  if (at >= line.size() || line[at] != ']') return std::nullopt;
  array.end = at + 1;
  return array;
}

}  // namespace

ProtocolLine parse_line_apart(const std::string& line) {
  ProtocolLine read;
  const std::size_t key = line.find(kElementsKey);
  if (key == std::string::npos || line.find(kElementsKey, key + 1) != std::string::npos) {
    read.message = parse_json_exact(line);
    return read;
  }
  const std::size_t start = key + kElementsKey.size();
  const std::size_t end = line.find('"', start);
  const std::string_view elements = end == std::string::npos
                                        ? std::string_view()
                                        : std::string_view(line).substr(start, end - start);
  if (end == std::string::npos || elements.find('\\') != std::string_view::npos) {
    read.message = parse_json_exact(line);
    return read;
  }
  std::string rest;
  rest.reserve(line.size() - elements.size());
  rest.append(line, 0, start).append(line, end, std::string::npos);
  // An answer's "failed" list too: an index read as a JSON number node costs more than its
  // element, and a float32 -> float16 answer refuses about half of its elements.
  std::optional<FailedArray> failed = plain_failed_array(rest);
  if (failed) rest.replace(failed->begin, failed->end - failed->begin, "[]");
  read.message = parse_json_exact(rest);
  nlohmann::json& parsed = read.message;
  // The members found must be the top level's (a nested one is read the usual way).
  if (!parsed.is_object() || !parsed.contains("elements") || parsed["elements"] != "" ||
      (failed && (!parsed.contains("failed") || parsed["failed"] != nlohmann::json::array()))) {
    read.message = parse_json_exact(line);
    return read;
  }
  parsed["elements"] = std::string(elements);
  if (failed) read.failed = std::move(failed->list);
  return read;
}

nlohmann::json failed_json(const FailedList& failed) {
  nlohmann::json list = nlohmann::json::array();
  if (failed.form == FailedForm::Indices)
    for (const std::uint64_t index : failed.numbers) list.push_back(index);
  else
    for (std::size_t k = 0; k + 1 < failed.numbers.size(); k += 2)
      list.push_back({failed.numbers[k], failed.numbers[k + 1]});
  return list;
}

nlohmann::json parse_line_elements_apart(const std::string& line) {
  ProtocolLine read = parse_line_apart(line);
  if (read.failed) read.message["failed"] = failed_json(*read.failed);
  return std::move(read.message);
}

std::string dump_line_apart(nlohmann::json message, const FailedList* failed) {
  if (!message.is_object() || !message.contains("elements") || !message["elements"].is_string() ||
      !plain_text(message["elements"].get_ref<const std::string&>())) {
    if (failed) message["failed"] = failed_json(*failed);
    return dump_json_exact(message);
  }
  const std::string elements = std::move(message["elements"].get_ref<std::string&>());
  message.erase("elements");
  std::string line = dump_json_exact(message);
  line.pop_back();  // the closing brace
  if (!message.empty()) line += ',';
  if (failed) {
    // Written into room made once: up to 20 digits and a comma a number, brackets for a range.
    const std::vector<std::uint64_t>& numbers = failed->numbers;
    const bool ranges = failed->form == FailedForm::Ranges;
    const std::size_t start = line.size();
    line.resize(start + kFailedKey.size() + 3 + numbers.size() * (ranges ? 23 : 21));
    char* out = std::copy(kFailedKey.begin(), kFailedKey.end(), line.data() + start);
    *out++ = ':';
    *out++ = '[';
    char* const end = line.data() + line.size();
    for (std::size_t k = 0; k < numbers.size(); ++k) {
      const bool opens = ranges && k % 2 == 0;
      if (k > 0) *out++ = ',';
      if (opens) *out++ = '[';
      out = std::to_chars(out, end, numbers[k]).ptr;
      if (ranges && !opens) *out++ = ']';
    }
    *out++ = ']';
    line.resize(static_cast<std::size_t>(out - line.data()));
    line += ',';
  }
  line.append(kElementsKey).append(elements).append("\"}");
  return line;
}

std::string dump_line_elements_apart(nlohmann::json message) {
  return dump_line_apart(std::move(message), nullptr);
}

}  // namespace cvc
