// A strict pull reader of JSON text held in memory, for reading large vector files in one pass
// without building a JSON tree: the caller walks objects and arrays and takes the values it wants
// (strings, number literals, or a small subtree as nlohmann::json), and skips the rest.
//
// It accepts exactly what parse_json_exact (oracle/io/json_exact.hpp) accepts: RFC 8259 as
// nlohmann's strict parser reads it (UTF-8 checked, a leading byte order mark allowed, nothing
// after the value), no key twice in an object, at most kMaxJsonDepth levels of nesting, number
// literals of at most kMaxJsonNumberChars characters, kept as their text. Every error is a
// JsonError naming the byte, line and column, with the text near it.
#pragma once

#include <cstddef>
#include <deque>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/io/json_exact.hpp"

namespace cvc {

class JsonCursor {
 public:
  enum class Kind { Object, Array, String, Number, Literal };  // Literal: true, false, null

  explicit JsonCursor(std::string_view text);

  // The kind of the next value (whitespace skipped); throws when no value starts there.
  Kind peek();

  // An object: begin_object(), then while next_member(key) read or skip the member's value. The
  // key is decoded and stays valid until the next call of next_member; a repeated key throws.
  void begin_object();
  bool next_member(std::string_view& key);
  // An array: begin_array(), then while next_element() read or skip the element.
  void begin_array();
  bool next_element();

  // A string, decoded; valid until the next read_string.
  std::string_view read_string();
  // A number's literal text, exactly as written.
  std::string_view read_number();
  // Checks the next value whatever it is and returns its text.
  std::string_view skip_value();
  // The next value as a JSON tree with exact number nodes, as parse_json_exact builds it.
  nlohmann::json read_json();
  // Nothing but whitespace is left.
  void end_document();

  // For a reader that recognizes a value in a form it knows byte by byte: the text from the next
  // value on (whitespace skipped), the containers open, and the move past the `length` bytes it
  // took. It must take only what reading the value would accept and read the same (a container
  // it passes is closed within those bytes).
  std::string_view rest() {
    skip_whitespace();
    return text_.substr(position_);
  }
  std::size_t depth() const { return depth_; }
  void skip_bytes(std::size_t length) { position_ += length; }

  // Where the cursor is, to come back to a value read later (a member that comes before what it
  // depends on): seek(mark()) reads the same value again.
  struct Mark {
    std::size_t position = 0;
    std::size_t depth = 0;
  };
  Mark mark();
  void seek(const Mark& mark);

  // Throws a JsonError at the current position (or `position`), quoting the text there.
  [[noreturn]] void fail(const std::string& what) const { fail_at(position_, what); }
  [[noreturn]] void fail_at(std::size_t position, const std::string& what) const;

 private:
  // The keys of one open object: a short list while small, a set once it grows, so that an object
  // of many keys costs n log n. Keys are views of the text; a decoded key is kept in `decoded`.
  struct KeySet {
    std::vector<std::string_view> few;
    std::set<std::string_view> many;
    std::deque<std::string> decoded;
    bool insert(std::string_view key, bool in_text);
    void clear();
  };

  void skip_whitespace();
  bool next_in_container(char close, const char* expected);
  void expect(char c, const char* what);
  void open_container();
  std::string_view read_string_into(std::string& scratch);
  void decode_escaped(std::string& out);
  void check_utf8_sequence();
  unsigned read_hex4();
  std::string_view scan_number();
  void read_literal();

  std::string_view text_;
  std::size_t position_ = 0;
  std::size_t depth_ = 0;     // containers open
  std::vector<KeySet> keys_;  // per open container (unused for arrays)
  std::vector<char> first_;   // per open container: no member or element read yet (not bits)
  std::string string_scratch_, key_scratch_;
};

// An object of small members and one large one (a vector file's "groups", a group's "cases"):
// reads the object at the cursor, each small member into `members` (JSON), and at the large one
// calls `read_large_here`, which reads it where it stands and returns true when the members
// before it are all it needs, else returns false (having read nothing): the large member is then
// checked, skipped and left for the caller to read after the object, at `deferred`.
struct LargeMember {
  bool present = false;
  std::optional<JsonCursor::Mark> deferred;
};
LargeMember read_members_around(JsonCursor& cursor, std::string_view large, nlohmann::json& members,
                                const std::function<bool()>& read_large_here);

}  // namespace cvc
