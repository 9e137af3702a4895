// Markdown pieces the issue drafts are written with (cvc run's, issue_drafts.hpp, and cvc fuzz's,
// harness/fuzz/fuzz_issue_drafts.hpp): a file-name slug, a fenced block that no text can close
// early, a quoted paragraph.
#pragma once

#include <string>
#include <string_view>

namespace cvc {

// Lower-case letters and digits, each other run of characters one '-': "double-rounding-float32".
std::string markdown_slug(std::string_view text);

// A fenced block whose fence is longer than any run of backticks inside the text.
std::string markdown_fenced(std::string_view language, const std::string& text);

// The text as a block quote ("> " before each line).
std::string markdown_quoted(std::string_view text);

}  // namespace cvc
