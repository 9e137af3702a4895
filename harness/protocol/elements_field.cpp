#include "harness/protocol/elements_field.hpp"

#include <string_view>

#include "oracle/json_exact.hpp"

namespace cvc {
namespace {

constexpr std::string_view kElementsKey = "\"elements\":\"";

// Characters that a JSON string holds as they are (no escape, no control character).
bool plain_text(std::string_view text) {
  for (const char c : text)
    if (c == '\\' || c == '"' || static_cast<unsigned char>(c) < 0x20) return false;
  return true;
}

}  // namespace

nlohmann::json parse_line_elements_apart(const std::string& line) {
  const std::size_t key = line.find(kElementsKey);
  if (key == std::string::npos || line.find(kElementsKey, key + 1) != std::string::npos)
    return parse_json_exact(line);
  const std::size_t start = key + kElementsKey.size();
  const std::size_t end = line.find('"', start);
  if (end == std::string::npos) return parse_json_exact(line);
  const std::string_view elements = std::string_view(line).substr(start, end - start);
  if (elements.find('\\') != std::string_view::npos) return parse_json_exact(line);
  std::string rest;
  rest.reserve(line.size() - elements.size());
  rest.append(line, 0, start).append(line, end, std::string::npos);
  nlohmann::json parsed = parse_json_exact(rest);
  // The member found must be the top level's (a nested "elements" is read the usual way).
  if (!parsed.is_object() || !parsed.contains("elements") || parsed["elements"] != "")
    return parse_json_exact(line);
  parsed["elements"] = std::string(elements);
  return parsed;
}

std::string dump_line_elements_apart(nlohmann::json message) {
  if (!message.is_object() || !message.contains("elements") || !message["elements"].is_string() ||
      !plain_text(message["elements"].get_ref<const std::string&>()))
    return dump_json_exact(message);
  const std::string elements = std::move(message["elements"].get_ref<std::string&>());
  message.erase("elements");
  std::string line = dump_json_exact(message);
  line.pop_back();  // the closing brace
  if (!message.empty()) line += ',';
  line.append(kElementsKey).append(elements).append("\"}");
  return line;
}

}  // namespace cvc
