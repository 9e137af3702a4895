#include "vector_format/json_cursor.hpp"

#include <algorithm>
#include <array>

#include "oracle/hex_digits.hpp"

namespace cvc {
namespace {

bool is_whitespace(char c) {
  return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

bool is_number_char(char c) {
  return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

// A byte that ends the plain run of a string: the quote, a backslash, a control character or the
// start of a multi-byte UTF-8 sequence. A table: one load per byte of the text's strings.
constexpr std::array<bool, 256> kStringSpecial = [] {
  std::array<bool, 256> special{};
  for (int c = 0; c < 256; ++c) special[c] = c == '"' || c == '\\' || c < 0x20 || c >= 0x80;
  return special;
}();

bool is_string_special(unsigned char c) {
  return kStringSpecial[c];
}

void append_utf8(std::string& out, unsigned code_point) {
  if (code_point < 0x80) {
    out += static_cast<char>(code_point);
  } else if (code_point < 0x800) {
    out += static_cast<char>(0xc0 | (code_point >> 6));
    out += static_cast<char>(0x80 | (code_point & 0x3f));
  } else if (code_point < 0x10000) {
    out += static_cast<char>(0xe0 | (code_point >> 12));
    out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (code_point & 0x3f));
  } else {
    out += static_cast<char>(0xf0 | (code_point >> 18));
    out += static_cast<char>(0x80 | ((code_point >> 12) & 0x3f));
    out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (code_point & 0x3f));
  }
}

// A JSON string literal for messages; invalid UTF-8 is replaced rather than thrown on.
std::string quote_for_message(std::string_view text) {
  return nlohmann::json(std::string(text))
      .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

bool JsonCursor::KeySet::insert(std::string_view key, bool in_text) {
  constexpr std::size_t kFew = 16;
  const auto keep = [&] { return in_text ? key : std::string_view(decoded.emplace_back(key)); };
  if (!many.empty()) {
    if (many.count(key)) return false;
    many.insert(keep());
    return true;
  }
  for (const std::string_view seen : few)
    if (seen == key) return false;
  if (few.size() < kFew) {
    few.push_back(keep());
    return true;
  }
  many.insert(few.begin(), few.end());
  few.clear();
  many.insert(keep());
  return true;
}

void JsonCursor::KeySet::clear() {
  few.clear();
  if (!many.empty()) many.clear();
  if (!decoded.empty()) decoded.clear();
}

JsonCursor::JsonCursor(std::string_view text) : text_(text) {
  // A UTF-8 byte order mark may lead the text (as nlohmann allows), and nothing else of it.
  if (!text_.empty() && static_cast<unsigned char>(text_[0]) == 0xef) {
    if (!text_.starts_with("\xef\xbb\xbf")) fail("invalid byte order mark");
    position_ = 3;
  }
}

void JsonCursor::fail_at(std::size_t position, const std::string& what) const {
  const std::size_t at = std::min(position, text_.size());
  const std::size_t line = 1 + static_cast<std::size_t>(std::count(
                                   text_.begin(), text_.begin() + static_cast<long>(at), '\n'));
  const std::size_t line_start = text_.rfind('\n', at == 0 ? 0 : at - 1);
  const std::size_t column =
      line_start == std::string_view::npos || at == 0 ? at + 1 : at - line_start;
  // Up to 40 bytes ending with the offending one, as parse_json_exact quotes them.
  const std::size_t end = std::min(at + 1, text_.size());
  const std::size_t start = end > 40 ? end - 40 : 0;
  throw JsonError("invalid JSON at byte " + std::to_string(at + 1) + " (line " +
                      std::to_string(line) + ", column " + std::to_string(column) + "): " + what +
                      "; near " + quote_for_message(text_.substr(start, end - start)),
                  at + 1);
}

// The scans below run on local pointers: a store to position_ per byte would be kept (the text's
// bytes may alias it), and these loops are most of a vector file's reading.
void JsonCursor::skip_whitespace() {
  const char* at = text_.data() + position_;
  const char* const end = text_.data() + text_.size();
  while (at != end && is_whitespace(*at)) ++at;
  position_ = static_cast<std::size_t>(at - text_.data());
}

void JsonCursor::expect(char c, const char* what) {
  skip_whitespace();
  if (position_ >= text_.size() || text_[position_] != c) fail(what);
  ++position_;
}

JsonCursor::Kind JsonCursor::peek() {
  skip_whitespace();
  if (position_ >= text_.size()) fail("unexpected end of the text, expected a value");
  switch (text_[position_]) {
    case '{':
      return Kind::Object;
    case '[':
      return Kind::Array;
    case '"':
      return Kind::String;
    case 't':
    case 'f':
    case 'n':
      return Kind::Literal;
    default:
      if (text_[position_] == '-' || (text_[position_] >= '0' && text_[position_] <= '9'))
        return Kind::Number;
      fail("unexpected character, expected a value");
  }
}

void JsonCursor::open_container() {
  if (depth_ >= kMaxJsonDepth)
    fail("JSON nested deeper than the limit of " + std::to_string(kMaxJsonDepth) + " levels");
  ++position_;
  ++depth_;
  if (keys_.size() < depth_) {
    keys_.resize(depth_);
    first_.resize(depth_);
  }
  keys_[depth_ - 1].clear();
  first_[depth_ - 1] = true;
}

void JsonCursor::begin_object() {
  if (peek() != Kind::Object) fail("expected an object");
  open_container();
}

// The container's closing bracket (then false), or the comma before its next member or element.
bool JsonCursor::next_in_container(char close, const char* expected) {
  // As written, the comma follows the value directly: taken here without the general steps.
  if (position_ < text_.size() && text_[position_] == ',' && !first_[depth_ - 1]) {
    ++position_;
    return true;
  }
  skip_whitespace();
  if (position_ < text_.size() && text_[position_] == close) {
    ++position_;
    --depth_;
    return false;
  }
  if (!first_[depth_ - 1]) expect(',', expected);
  first_[depth_ - 1] = false;
  return true;
}

bool JsonCursor::next_member(std::string_view& key) {
  if (!next_in_container('}', "expected ',' or '}' after an object member")) return false;
  skip_whitespace();
  if (position_ >= text_.size() || text_[position_] != '"') fail("expected a string as key");
  const std::size_t key_position = position_;
  key = read_string_into(key_scratch_);
  const bool in_text = key.data() != key_scratch_.data();
  if (!keys_[depth_ - 1].insert(key, in_text))
    fail_at(key_position, "object has the key " + quote_for_message(key) + " twice");
  if (position_ < text_.size() && text_[position_] == ':') {  // as written: no space before it
    ++position_;
    return true;
  }
  expect(':', "expected ':' after an object key");
  return true;
}

void JsonCursor::begin_array() {
  if (peek() != Kind::Array) fail("expected an array");
  open_container();
}

bool JsonCursor::next_element() {
  return next_in_container(']', "expected ',' or ']' after an array element");
}

std::string_view JsonCursor::read_string() {
  // A quote at the position (as written) starts the string; else whitespace first, or no string.
  const bool at_quote = position_ < text_.size() && text_[position_] == '"';
  if (!at_quote && peek() != Kind::String) fail("expected a string");
  return read_string_into(string_scratch_);
}

// At the opening quote. A string without escapes or multi-byte characters is a view of the text;
// any other is checked and decoded into `scratch`.
std::string_view JsonCursor::read_string_into(std::string& scratch) {
  const std::size_t start = ++position_;
  const char* at = text_.data() + start;
  const char* const end = text_.data() + text_.size();
  while (at != end && !is_string_special(static_cast<unsigned char>(*at))) ++at;
  position_ = static_cast<std::size_t>(at - text_.data());
  if (at != end && *at == '"') return text_.substr(start, position_++ - start);
  scratch.assign(text_.substr(start, position_ - start));
  decode_escaped(scratch);
  return scratch;
}

// The rest of a string from the first special byte to the closing quote, appended to `out`.
void JsonCursor::decode_escaped(std::string& out) {
  for (;;) {
    if (position_ >= text_.size()) fail("unexpected end of the text inside a string");
    const unsigned char c = static_cast<unsigned char>(text_[position_]);
    if (c == '"') {
      ++position_;
      return;
    }
    if (c < 0x20) fail("control character inside a string (it must be escaped)");
    if (c >= 0x80) {
      const std::size_t start = position_;
      check_utf8_sequence();
      out.append(text_.substr(start, position_ - start));
      continue;
    }
    if (c != '\\') {
      out += static_cast<char>(c);
      ++position_;
      continue;
    }
    if (++position_ >= text_.size()) fail("unexpected end of the text inside a string");
    const char escaped = text_[position_++];
    switch (escaped) {
      case '"':
      case '\\':
      case '/':
        out += escaped;
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        unsigned code_point = read_hex4();
        if (code_point >= 0xdc00 && code_point <= 0xdfff)
          fail("surrogate U+DC00..U+DFFF must follow U+D800..U+DBFF");
        if (code_point >= 0xd800 && code_point <= 0xdbff) {
          if (!text_.substr(position_).starts_with("\\u"))
            fail("surrogate U+D800..U+DBFF must be followed by U+DC00..U+DFFF");
          position_ += 2;
          const unsigned low = read_hex4();
          if (low < 0xdc00 || low > 0xdfff)
            fail("surrogate U+D800..U+DBFF must be followed by U+DC00..U+DFFF");
          code_point = 0x10000 + ((code_point - 0xd800) << 10) + (low - 0xdc00);
        }
        append_utf8(out, code_point);
        break;
      }
      default:
        --position_;
        fail("invalid escape in a string");
    }
  }
}

unsigned JsonCursor::read_hex4() {
  unsigned value = 0;
  for (int i = 0; i < 4; ++i, ++position_) {
    if (position_ >= text_.size()) fail("'\\u' must be followed by 4 hex digits");
    const int digit = hex_digit_value(text_[position_]);
    if (digit < 0) fail("'\\u' must be followed by 4 hex digits");
    value = value << 4 | static_cast<unsigned>(digit);
  }
  return value;
}

// One well-formed UTF-8 sequence of two to four bytes (RFC 3629: no overlong forms, no
// surrogates, nothing above U+10FFFF).
void JsonCursor::check_utf8_sequence() {
  const auto byte = [&](std::size_t i) {
    return position_ + i < text_.size() ? static_cast<unsigned char>(text_[position_ + i]) : 0u;
  };
  const unsigned lead = byte(0);
  unsigned low = 0x80, high = 0xbf;  // the range of the second byte
  std::size_t length = 0;
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead == 0xe0) low = 0xa0;
    if (lead == 0xed) high = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead == 0xf0) low = 0x90;
    if (lead == 0xf4) high = 0x8f;
  } else {
    fail("invalid UTF-8 byte inside a string");
  }
  if (byte(1) < low || byte(1) > high) fail("invalid UTF-8 byte inside a string");
  for (std::size_t i = 2; i < length; ++i)
    if (byte(i) < 0x80 || byte(i) > 0xbf) fail("invalid UTF-8 byte inside a string");
  position_ += length;
}

// At a '-' or digit: the maximal run of number characters, which must be one number literal.
std::string_view JsonCursor::scan_number() {
  const std::size_t start = position_;
  while (position_ < text_.size() && is_number_char(text_[position_])) ++position_;
  const std::string_view literal = text_.substr(start, position_ - start);
  if (literal.size() > kMaxJsonNumberChars)
    fail_at(start, "JSON number has " + std::to_string(literal.size()) +
                       " characters, more than the limit of " +
                       std::to_string(kMaxJsonNumberChars));
  if (!is_json_number_literal(literal)) fail_at(start, "invalid number literal");
  return literal;
}

std::string_view JsonCursor::read_number() {
  if (peek() != Kind::Number) fail("expected a number");
  return scan_number();
}

void JsonCursor::read_literal() {
  for (const std::string_view literal : {"true", "false", "null"})
    if (text_.substr(position_).starts_with(literal)) {
      position_ += literal.size();
      return;
    }
  fail("invalid literal (true, false or null)");
}

std::string_view JsonCursor::skip_value() {
  const Kind kind = peek();
  const std::size_t start = position_;
  std::string_view key;
  switch (kind) {
    case Kind::Object:
      begin_object();
      while (next_member(key)) skip_value();
      break;
    case Kind::Array:
      begin_array();
      while (next_element()) skip_value();
      break;
    case Kind::String:
      read_string_into(string_scratch_);
      break;
    case Kind::Number:
      scan_number();
      break;
    case Kind::Literal:
      read_literal();
      break;
  }
  return text_.substr(start, position_ - start);
}

nlohmann::json JsonCursor::read_json() {
  switch (peek()) {
    case Kind::Object: {
      nlohmann::json object = nlohmann::json::object();
      begin_object();
      std::string_view key;
      while (next_member(key)) {
        const std::string name(key);
        object[name] = read_json();
      }
      return object;
    }
    case Kind::Array: {
      nlohmann::json array = nlohmann::json::array();
      begin_array();
      while (next_element()) array.push_back(read_json());
      return array;
    }
    case Kind::String:
      return std::string(read_string_into(string_scratch_));
    case Kind::Number:
      return json_number(std::string(scan_number()));
    case Kind::Literal:
      break;
  }
  const char first = text_[position_];
  read_literal();
  if (first == 'n') return nullptr;
  return first == 't';
}

void JsonCursor::end_document() {
  skip_whitespace();
  if (position_ < text_.size()) fail("unexpected text after the JSON value");
}

JsonCursor::Mark JsonCursor::mark() {
  skip_whitespace();
  return {position_, depth_};
}

void JsonCursor::seek(const Mark& mark) {
  position_ = mark.position;
  depth_ = mark.depth;
}

LargeMember read_members_around(JsonCursor& cursor, std::string_view large, nlohmann::json& members,
                                const std::function<bool()>& read_large_here) {
  LargeMember found;
  cursor.begin_object();
  std::string_view key;
  while (cursor.next_member(key)) {
    if (key != large) {
      const std::string name(key);
      members[name] = cursor.read_json();
      continue;
    }
    found.present = true;
    if (!read_large_here()) {
      found.deferred = cursor.mark();
      cursor.skip_value();
    }
  }
  return found;
}

}  // namespace cvc
