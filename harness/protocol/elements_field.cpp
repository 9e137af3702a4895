#include "harness/protocol/elements_field.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "oracle/json_exact.hpp"

namespace cvc {
namespace {

constexpr std::string_view kElementsKey = "\"elements\":\"";
constexpr std::string_view kFailedKey = "\"failed\"";
// Indices of at most 19 digits (below 10^19 < 2^64): a longer one is left to the exact reader.
constexpr std::size_t kMostIndexDigits = 19;

// Characters that a JSON string holds as they are (no escape, no control character).
bool plain_text(std::string_view text) {
  for (const char c : text)
    if (c == '\\' || c == '"' || static_cast<unsigned char>(c) < 0x20) return false;
  return true;
}

// An array of ordinary unsigned numbers (what an adapter's answer lists as "failed").
bool plain_indices(const nlohmann::json& value) {
  if (!value.is_array()) return false;
  for (const nlohmann::json& index : value)
    if (!index.is_number_unsigned()) return false;
  return true;
}

bool json_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// The "failed" array of a cast answer: where it is in `line` ([begin, end) spans the brackets)
// and the indices, when it is a list of plain integers (JSON's 0 or [1-9][0-9]*, at most
// kMostIndexDigits digits); nullopt for anything else, which the exact reader then reads.
struct FailedArray {
  std::size_t begin = 0, end = 0;
  std::vector<std::uint64_t> indices;
};
std::optional<FailedArray> plain_failed_array(std::string_view line) {
  const std::size_t key = line.find(kFailedKey);
  if (key == std::string_view::npos || line.find(kFailedKey, key + 1) != std::string_view::npos)
    return std::nullopt;
  std::size_t at = key + kFailedKey.size();
  const auto skip_space = [&] {
    while (at < line.size() && json_space(line[at])) ++at;
  };
  skip_space();
  if (at >= line.size() || line[at] != ':') return std::nullopt;
  ++at;
  skip_space();
  if (at >= line.size() || line[at] != '[') return std::nullopt;
  FailedArray array;
  array.begin = at++;
  skip_space();
  if (at < line.size() && line[at] == ']') {
    array.end = at + 1;
    return array;
  }
  while (true) {
    const std::size_t digits = at;
    while (at < line.size() && line[at] >= '0' && line[at] <= '9') ++at;
    const std::size_t length = at - digits;
    if (length == 0 || length > kMostIndexDigits || (length > 1 && line[digits] == '0'))
      return std::nullopt;
    std::uint64_t index = 0;
    std::from_chars(line.data() + digits, line.data() + at, index);
    array.indices.push_back(index);
    skip_space();
    if (at >= line.size()) return std::nullopt;
    if (line[at] == ']') {
      array.end = at + 1;
      return array;
    }
    if (line[at] != ',') return std::nullopt;
    ++at;
    skip_space();
  }
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
  if (failed) read.failed = std::move(failed->indices);
  return read;
}

nlohmann::json parse_line_elements_apart(const std::string& line) {
  ProtocolLine read = parse_line_apart(line);
  if (read.failed) {
    nlohmann::json& indices = read.message["failed"];
    for (const std::uint64_t index : *read.failed) indices.push_back(index);
  }
  return std::move(read.message);
}

std::string dump_line_apart(nlohmann::json message,
                            std::optional<std::span<const std::uint64_t>> failed) {
  if (!message.is_object() || !message.contains("elements") || !message["elements"].is_string() ||
      !plain_text(message["elements"].get_ref<const std::string&>())) {
    if (failed) message["failed"] = std::vector<std::uint64_t>(failed->begin(), failed->end());
    return dump_json_exact(message);
  }
  const std::string elements = std::move(message["elements"].get_ref<std::string&>());
  message.erase("elements");
  std::vector<std::uint64_t> listed;  // an ordinary list of unsigned numbers, written the same way
  if (!failed && message.contains("failed") && plain_indices(message["failed"])) {
    for (const nlohmann::json& index : message["failed"])
      listed.push_back(index.get<std::uint64_t>());
    failed = listed;
  }
  if (failed) message.erase("failed");
  std::string line = dump_json_exact(message);
  line.pop_back();  // the closing brace
  if (!message.empty()) line += ',';
  if (failed) {
    // Written into room made once: up to 20 digits and a comma an index.
    const std::size_t start = line.size();
    line.resize(start + kFailedKey.size() + 3 + failed->size() * 21);
    char* out = std::copy(kFailedKey.begin(), kFailedKey.end(), line.data() + start);
    *out++ = ':';
    *out++ = '[';
    char* const end = line.data() + line.size();
    for (std::size_t i = 0; i < failed->size(); ++i) {
      if (i > 0) *out++ = ',';
      out = std::to_chars(out, end, (*failed)[i]).ptr;
    }
    *out++ = ']';
    line.resize(static_cast<std::size_t>(out - line.data()));
    line += ',';
  }
  line.append(kElementsKey).append(elements).append("\"}");
  return line;
}

std::string dump_line_elements_apart(nlohmann::json message) {
  return dump_line_apart(std::move(message), std::nullopt);
}

}  // namespace cvc
