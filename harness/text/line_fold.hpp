// Long lines of the terminal reports folded for a log: a log line stays well under 300
// characters (issue 23), prose is broken at spaces, and a command line is broken only where the
// shell and the JSON parser read it back as the same command, so it can still be copied.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace cvc {

// The width the terminal reports fold their fields to (the value's part of a line).
inline constexpr std::size_t kFoldWidth = 120;

// One line of prose as lines of at most `width` bytes, broken at spaces (the space dropped); a
// word longer than `width` is cut at `width` bytes (not inside a UTF-8 sequence).
std::vector<std::string> fold_prose(std::string_view line, std::size_t width);

// One shell command line as lines that, joined by newlines (and any indentation put before the
// continuation lines), the shell reads as the same command: broken at a space outside quotes (the
// line ending in " \"), or inside a single-quoted JSON word ('{...}' or '[...]') after a ',' that
// is not in a JSON string, where a newline and spaces are JSON whitespace. Never elsewhere: a
// stretch with no such place stays one line, however long.
std::vector<std::string> fold_command(std::string_view command, std::size_t width);

// Folded lines as one text: each line after the first on a new line, after `indent`.
std::string join_folded(const std::vector<std::string>& lines, std::string_view indent);

}  // namespace cvc
