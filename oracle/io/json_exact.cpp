#include "oracle/io/json_exact.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>
#include <vector>

namespace cvc {
namespace {

using json = nlohmann::json;

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// Where the tokens that carry text start, in document order. In valid JSON a number token begins
// with '-' or a digit outside a string and is followed by whitespace, ',', ']', '}' or the end, so
// the maximal run of number characters from there is exactly the token nlohmann reads. Strings
// (values and keys alike) are recorded by the offset of their opening quote. If the text is not
// valid JSON this scan may disagree with nlohmann's lexer, but then the parse fails anyway.
struct Tokens {
  std::vector<std::string_view> numbers;
  std::vector<std::size_t> strings;
};

Tokens scan_tokens(std::string_view text) {
  Tokens tokens;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '"') {
      tokens.strings.push_back(i);
      ++i;
      while (i < text.size() && text[i] != '"') i += text[i] == '\\' ? 2 : 1;
      ++i;
    } else if (c == '-' || is_digit(c)) {
      const std::size_t start = i;
      while (i < text.size() && (is_digit(text[i]) || text[i] == '.' || text[i] == 'e' ||
                                 text[i] == 'E' || text[i] == '+' || text[i] == '-'))
        ++i;
      tokens.numbers.push_back(text.substr(start, i - start));
    } else {
      ++i;
    }
  }
  return tokens;
}

// A JSON string literal for messages; invalid UTF-8 is replaced rather than thrown on.
std::string json_quote(const std::string& text) {
  return json(text).dump(-1, ' ', false, json::error_handler_t::replace);
}

json exact_node(std::string_view literal) {
  return json::binary(json::binary_t::container_type(literal.begin(), literal.end()),
                      kExactNumberSubtype);
}

bool is_exact_node(const json& value) {
  return value.is_binary() && value.get_binary().has_subtype() &&
         value.get_binary().subtype() == kExactNumberSubtype;
}

// Builds the DOM like nlohmann's json_sax_dom_parser, but numbers become exact nodes holding the
// text of the matching token from scan_tokens().
class ExactDomBuilder {
 public:
  ExactDomBuilder(std::string_view text, const Tokens& tokens) : text_(text), tokens_(tokens) {}

  bool null() { return add(json(nullptr)); }
  bool boolean(bool value) { return add(json(value)); }
  bool number_integer(json::number_integer_t /*value*/) { return add_number(); }
  bool number_unsigned(json::number_unsigned_t /*value*/) { return add_number(); }
  bool number_float(json::number_float_t /*value*/, const std::string& /*literal*/) {
    return add_number();
  }
  bool string(std::string& value) {
    ++next_string_;
    return add(json(std::move(value)));
  }
  bool binary(json::binary_t& value) { return add(json::binary(std::move(value))); }
  bool start_object(std::size_t /*elements*/) { return open(json::object()); }
  bool key(std::string& key) {
    // 1-based, like nlohmann's positions: the byte index of the key's opening quote plus one.
    const std::size_t position =
        next_string_ < tokens_.strings.size() ? tokens_.strings[next_string_] + 1 : text_.size();
    ++next_string_;
    if (stack_.back()->contains(key))
      return fail("invalid JSON at byte " + std::to_string(position) + ": object has the key " +
                      json_quote(key) + " twice",
                  position);
    key_ = std::move(key);
    return true;
  }
  bool end_object() { return close(); }
  bool start_array(std::size_t /*elements*/) { return open(json::array()); }
  bool end_array() { return close(); }
  bool parse_error(std::size_t position, const std::string& /*last_token*/,
                   const nlohmann::detail::exception& error) {
    // nlohmann quotes the text it read ("last read: '0     x'"), which is the shadow copy with
    // numbers blanked: quote the original instead.
    std::string message = error.what();
    // "[json.exception.parse_error.101] parse error at ...": the library's own id is no help to
    // whoever wrote the file, and every consumer's message says what is wrong in its own words.
    if (message.starts_with("[json.exception."))
      if (const std::size_t id_end = message.find("] "); id_end != std::string::npos)
        message.erase(0, id_end + 2);
    if (const std::size_t at = message.find("; last read: "); at != std::string::npos) {
      const std::size_t end = message.find("; ", at + 2);
      message.replace(at, end == std::string::npos ? std::string::npos : end - at,
                      "; near " + json_quote(original_near(position)));
    }
    return fail("invalid JSON at byte " + std::to_string(position) + ": " + message, position);
  }

  json& root() { return root_; }
  std::size_t numbers_used() const { return next_number_; }
  const std::string& error() const { return error_; }
  std::size_t error_position() const { return error_position_; }

 private:
  bool fail(std::string message, std::size_t position) {
    error_ = std::move(message);
    error_position_ = position;
    return false;
  }

  bool add_number() {
    if (next_number_ >= tokens_.numbers.size())
      return fail("internal error: number token scan out of step with the parser", text_.size());
    const std::string_view token = tokens_.numbers[next_number_++];
    if (token.size() > kMaxJsonNumberChars) {
      const std::size_t position = static_cast<std::size_t>(token.data() - text_.data()) + 1;
      return fail("JSON number at byte " + std::to_string(position) + " has " +
                      std::to_string(token.size()) + " characters, more than the limit of " +
                      std::to_string(kMaxJsonNumberChars),
                  position);
    }
    return add(exact_node(token));
  }

  // Up to 40 bytes of the original text ending at the 1-based byte position.
  std::string original_near(std::size_t position) const {
    const std::size_t end = std::min(position, text_.size());
    const std::size_t start = end > 40 ? end - 40 : 0;
    return std::string(text_.substr(start, end - start));
  }

  // Places `value` in the current container (or as the root); returns where it went.
  json* place(json&& value) {
    if (stack_.empty()) {
      root_ = std::move(value);
      return &root_;
    }
    json& container = *stack_.back();
    if (container.is_array()) {
      container.push_back(std::move(value));
      return &container.back();
    }
    json& slot = container[key_];
    slot = std::move(value);
    return &slot;
  }
  bool add(json&& value) {
    place(std::move(value));
    return true;
  }
  bool open(json&& container) {
    if (stack_.size() >= kMaxJsonDepth)
      return fail(
          "JSON nested deeper than the limit of " + std::to_string(kMaxJsonDepth) + " levels", 0);
    stack_.push_back(place(std::move(container)));
    return true;
  }
  bool close() {
    stack_.pop_back();
    return true;
  }

  std::string_view text_;
  const Tokens& tokens_;
  std::size_t next_number_ = 0;
  std::size_t next_string_ = 0;
  json root_;
  std::vector<json*> stack_;
  std::string key_;
  std::string error_;
  std::size_t error_position_ = 0;
};

// A string as JSON text: written as it is when it needs no escape (printable ASCII without '"'
// or '\\', what keys and most values are), else by nlohmann (escapes, UTF-8 checked).
void dump_string_to(const std::string& text, std::string& out) {
  const bool plain = std::all_of(text.begin(), text.end(), [](char c) {
    return c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
  });
  if (!plain) {
    out += json(text).dump();
    return;
  }
  out += '"';
  out += text;
  out += '"';
}

void dump_to(const json& value, std::string& out) {
  if (is_exact_node(value)) {
    const auto& bytes = value.get_binary();
    out.append(bytes.begin(), bytes.end());
    return;
  }
  switch (value.type()) {
    case json::value_t::object: {
      out += '{';
      bool first = true;
      for (const auto& [key, element] : value.items()) {
        if (!first) out += ',';
        first = false;
        dump_string_to(key, out);
        out += ':';
        dump_to(element, out);
      }
      out += '}';
      return;
    }
    case json::value_t::array: {
      out += '[';
      bool first = true;
      for (const json& element : value) {
        if (!first) out += ',';
        first = false;
        dump_to(element, out);
      }
      out += ']';
      return;
    }
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float: {
      const std::optional<std::string> text = json_number_text(value);
      if (!text) throw JsonError("cannot write a non-finite number as JSON", 0);
      out += *text;
      return;
    }
    case json::value_t::string:
      dump_string_to(value.get_ref<const std::string&>(), out);
      return;
    default:
      out += value.dump();
      return;
  }
}

}  // namespace

json parse_json_exact(std::string_view text) {
  const Tokens tokens = scan_tokens(text);
  // nlohmann reads number tokens into doubles and rejects those that overflow ("1e400": error
  // 406), although they are valid JSON. It parses a copy in which every well-formed number token
  // is replaced by "0" padded with spaces (byte positions unchanged); the builder takes the text
  // from the original. Malformed tokens ("01", "1.") stay, for nlohmann to reject.
  std::string shadow(text);
  for (const std::string_view token : tokens.numbers) {
    if (!is_json_number_literal(token)) continue;
    const std::size_t offset = static_cast<std::size_t>(token.data() - text.data());
    shadow[offset] = '0';
    for (std::size_t i = 1; i < token.size(); ++i) shadow[offset + i] = ' ';
  }
  ExactDomBuilder builder(text, tokens);
  const bool ok = json::sax_parse(shadow, &builder);
  if (!ok) {
    if (builder.error().empty()) throw JsonError("invalid JSON (parser stopped)", 0);
    throw JsonError(builder.error(), builder.error_position());
  }
  if (builder.numbers_used() != tokens.numbers.size())
    throw JsonError("internal error: number token scan out of step with the parser", 0);
  return std::move(builder.root());
}

bool is_json_number(const json& value) {
  return value.is_number() || is_exact_node(value);
}

std::optional<std::string> json_number_text(const json& value) {
  if (is_exact_node(value)) {
    const auto& bytes = value.get_binary();
    return std::string(bytes.begin(), bytes.end());
  }
  if (value.is_number_unsigned()) return std::to_string(value.get<json::number_unsigned_t>());
  if (value.is_number_integer()) return std::to_string(value.get<json::number_integer_t>());
  if (value.is_number_float()) {
    // nlohmann writes the shortest text that reads back as the same double, and "null" for NaN
    // and infinities; no floating-point arithmetic happens here.
    std::string text = value.dump();
    if (text == "null") return std::nullopt;
    return text;
  }
  return std::nullopt;
}

std::optional<std::uint64_t> json_unsigned(const json& value) {
  const std::optional<std::string> text = json_number_text(value);
  if (!text || text->empty() || text->size() > 20 ||
      text->find_first_not_of("0123456789") != std::string::npos ||
      (text->size() > 1 && (*text)[0] == '0'))
    return std::nullopt;
  try {
    return std::stoull(*text);
  } catch (const std::out_of_range&) {
    return std::nullopt;
  }
}

bool is_json_number_literal(std::string_view literal) {
  std::size_t i = 0;
  const std::size_t n = literal.size();
  if (i < n && literal[i] == '-') ++i;
  if (i >= n || !is_digit(literal[i])) return false;
  if (literal[i] == '0') {
    ++i;
  } else {
    while (i < n && is_digit(literal[i])) ++i;
  }
  if (i < n && literal[i] == '.') {
    ++i;
    if (i >= n || !is_digit(literal[i])) return false;
    while (i < n && is_digit(literal[i])) ++i;
  }
  if (i < n && (literal[i] == 'e' || literal[i] == 'E')) {
    ++i;
    if (i < n && (literal[i] == '+' || literal[i] == '-')) ++i;
    if (i >= n || !is_digit(literal[i])) return false;
    while (i < n && is_digit(literal[i])) ++i;
  }
  return i == n;
}

json json_number(std::string literal) {
  if (!is_json_number_literal(literal))
    throw JsonError("not a JSON number literal: " + json_quote(literal), 0);
  return exact_node(literal);
}

std::string dump_json_exact(const json& value) {
  std::string out;
  dump_to(value, out);
  return out;
}

}  // namespace cvc
