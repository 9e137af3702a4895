// The `elements` member of a protocol line (harness/protocol/PROTOCOL.md) kept out of the JSON
// reader and writer: a cast request or answer is mostly that one long string of hex or base64,
// which the JSON library would lex and escape character by character. Both sides set it apart, and
// the rest of the line goes through the exact JSON reader and writer as always.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace cvc {

// The line parsed exactly (parse_json_exact); when its top-level object has an "elements" string
// of plain characters (no escapes), that string is copied into the result without being lexed.
// Throws JsonError like parse_json_exact.
nlohmann::json parse_line_elements_apart(const std::string& line);

// The message written exactly (dump_json_exact), an "elements" string of its top-level object
// appended as the last member without being escaped when it needs no escapes.
std::string dump_line_elements_apart(nlohmann::json message);

}  // namespace cvc
