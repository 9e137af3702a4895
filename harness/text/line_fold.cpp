#include "harness/text/line_fold.hpp"

namespace cvc {

namespace {

// A cut at `width` bytes moved back to the start of a UTF-8 sequence.
std::size_t utf8_cut(std::string_view text, std::size_t width) {
  std::size_t cut = width;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return cut == 0 ? width : cut;
}

// A place a command line may be broken: the line ends at `end` (plus `suffix`), the next starts
// at `resume`.
struct CommandBreak {
  std::size_t end;
  std::size_t resume;
  bool continuation;  // the line ends in " \": a break outside quotes
};

}  // namespace

std::vector<std::string> fold_prose(std::string_view line, std::size_t width) {
  std::vector<std::string> lines;
  if (width == 0) width = 1;
  while (line.size() > width) {
    std::size_t cut = line.rfind(' ', width);
    std::size_t resume = cut + 1;
    if (cut == std::string_view::npos || cut == 0) {
      cut = utf8_cut(line, width);
      resume = cut;
    }
    lines.emplace_back(line.substr(0, cut));
    line.remove_prefix(resume);
  }
  lines.emplace_back(line);
  return lines;
}

std::vector<std::string> fold_command(std::string_view command, std::size_t width) {
  // One pass over the shell's quoting and, inside a single-quoted JSON word, the JSON strings.
  std::vector<CommandBreak> breaks;
  bool in_single = false;  // inside '...'
  bool in_double = false;  // inside "..." of the shell
  bool word_is_json = false;
  bool in_json_string = false;
  bool json_escape = false;
  bool word_start = true;  // the next character starts a shell word
  for (std::size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (in_single) {
      if (c == '\'') {
        in_single = false;
        continue;
      }
      if (!word_is_json) continue;
      if (in_json_string) {
        if (json_escape)
          json_escape = false;
        else if (c == '\\')
          json_escape = true;
        else if (c == '"')
          in_json_string = false;
      } else if (c == '"') {
        in_json_string = true;
      } else if (c == ',' && i + 1 < command.size()) {
        breaks.push_back({i + 1, i + 1, false});
      }
      continue;
    }
    if (in_double) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_double = false;
      continue;
    }
    if (c == ' ') {
      if (i > 0 && i + 1 < command.size() && command[i + 1] != ' ')
        breaks.push_back({i, i + 1, true});
      word_start = true;
      continue;
    }
    if (c == '\\') {
      // An escaped character outside quotes ('\'' in a quoted word): part of the word, and of a
      // JSON string when the word is JSON (shell_quoted's escaped quote).
      ++i;
      word_start = false;
      continue;
    }
    if (c == '\'') {
      if (word_start) {
        word_is_json = i + 1 < command.size() && (command[i + 1] == '{' || command[i + 1] == '[');
        in_json_string = false;
        json_escape = false;
      }
      in_single = true;
    } else if (c == '"') {
      in_double = true;
      if (word_start) word_is_json = false;
    } else if (word_start) {
      word_is_json = false;
    }
    word_start = false;
  }

  std::vector<std::string> lines;
  std::size_t start = 0;
  std::size_t next_break = 0;
  while (command.size() - start > width) {
    // The last break that keeps this line within `width` (" \" counted), else the first after.
    const CommandBreak* chosen = nullptr;
    for (std::size_t b = next_break; b < breaks.size(); ++b) {
      if (breaks[b].end <= start) continue;
      const std::size_t length = breaks[b].end - start + (breaks[b].continuation ? 2 : 0);
      if (length > width && chosen != nullptr) break;
      chosen = &breaks[b];
      next_break = b + 1;
      if (length > width) break;
    }
    if (chosen == nullptr) break;
    std::string line(command.substr(start, chosen->end - start));
    if (chosen->continuation) line += " \\";
    lines.push_back(std::move(line));
    start = chosen->resume;
  }
  lines.emplace_back(command.substr(start));
  return lines;
}

std::string join_folded(const std::vector<std::string>& lines, std::string_view indent) {
  std::string text;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) text.append("\n").append(indent);
    text += lines[i];
  }
  return text;
}

}  // namespace cvc
