#include "harness/reports/markdown_text.hpp"

#include <algorithm>

namespace cvc {

std::string markdown_slug(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    if (keep) {
      out.push_back(c);
    } else if (c >= 'A' && c <= 'Z') {
      out.push_back(static_cast<char>(c - 'A' + 'a'));
    } else if (!out.empty() && out.back() != '-') {
      out.push_back('-');
    }
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out;
}

std::string markdown_fenced(std::string_view language, const std::string& text) {
  std::size_t longest = 0, run = 0;
  for (const char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(std::max<std::size_t>(3, longest + 1), '`');
  std::string block = fence;
  block.append(language);
  block.push_back('\n');
  block.append(text);
  if (!text.empty() && text.back() != '\n') block.push_back('\n');
  block.append(fence);
  block.push_back('\n');
  return block;
}

std::string markdown_quoted(std::string_view text) {
  std::string out = "> ";
  for (const char c : text) {
    out.push_back(c);
    if (c == '\n') out.append("> ");
  }
  out.push_back('\n');
  return out;
}

}  // namespace cvc
