// The `elements` member of a protocol line (harness/protocol/PROTOCOL.md) kept out of the JSON
// reader and writer: a cast request or answer is mostly that one long string of hex or base64,
// which the JSON library would lex and escape character by character. Both sides set it apart, and
// the rest of the line goes through the exact JSON reader and writer as always. An answer's
// "failed" list, of element indices or of ranges (failed_form.hpp), is set apart the same way.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "harness/protocol/failed_form.hpp"

namespace cvc {

// The line parsed exactly (parse_json_exact); when its top-level object has an "elements" string
// of plain characters (no escapes), that string is copied into the result without being lexed;
// a top-level "failed" list of plain integers (0 or [1-9][0-9]*, at most 19 digits), or of
// pairs of them, is read into ordinary unsigned numbers without a number node each.
// Throws JsonError like parse_json_exact.
nlohmann::json parse_line_elements_apart(const std::string& line);

// The message written exactly (dump_json_exact), an "elements" string of its top-level object
// appended as the last member without being escaped when it needs no escapes.
std::string dump_line_elements_apart(nlohmann::json message);

// A line read with its "failed" list set apart: `message` holds "failed": [] in its place and
// `failed` the list (nullopt: the list, if any, is in `message` as read).
struct ProtocolLine {
  nlohmann::json message;
  std::optional<FailedList> failed;
};
ProtocolLine parse_line_apart(const std::string& line);

// dump_line_elements_apart, with `failed` (when not null) written as the message's "failed" list,
// in its form, just before the elements.
std::string dump_line_apart(nlohmann::json message, const FailedList* failed);

// The list as JSON: [i, i, ...] or [[begin, end], ...].
nlohmann::json failed_json(const FailedList& failed);

}  // namespace cvc
