// GDAL-free stand-in for GDAL's CPLJSONObject (see cpl_json.h): a small JSON reader whose typing
// of numbers follows json-c, the library GDAL's CPLJSONObject wraps.
#include "cpl_json.h"

#include <cerrno>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <utility>

struct CPLJSONNode {
  enum class Kind {
    Null,
    Boolean,
    String,
    Int64,   // an integer literal that fits int64_t
    UInt64,  // a positive integer literal above INT64_MAX that fits uint64_t
    Double,
    Object,
    Array
  };
  Kind kind = Kind::Null;
  std::string text{};  // a string's value, a number's literal, "true" / "false"
  std::int64_t int64 = 0;
  std::uint64_t uint64 = 0;
  double dbl = 0.0;
  std::vector<std::pair<std::string, std::shared_ptr<const CPLJSONNode>>> members{};
};

namespace {
using Node = CPLJSONNode;
using NodePtr = std::shared_ptr<const CPLJSONNode>;
constexpr int kMaxDepth = 256;

class Reader {
 public:
  explicit Reader(const std::string& text) : m_text(text) {}

  NodePtr document() {
    NodePtr root = value(0);
    skip_space();
    if (m_at != m_text.size()) fail("text after the JSON value");
    return root;
  }

 private:
  const std::string& m_text;
  size_t m_at = 0;

  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error(what + " at offset " + std::to_string(m_at));
  }

  void skip_space() {
    while (m_at < m_text.size() && (m_text[m_at] == ' ' || m_text[m_at] == '\t' ||
                                    m_text[m_at] == '\n' || m_text[m_at] == '\r'))
      ++m_at;
  }

  bool take(char c) {
    skip_space();
    if (m_at < m_text.size() && m_text[m_at] == c) {
      ++m_at;
      return true;
    }
    return false;
  }

  void expect(char c) {
    if (!take(c)) fail(std::string("expected '") + c + "'");
  }

  bool take_word(const char* word) {
    const std::string w(word);
    if (m_text.compare(m_at, w.size(), w) != 0) return false;
    m_at += w.size();
    return true;
  }

  NodePtr value(int depth) {
    if (depth > kMaxDepth) fail("nesting deeper than 256");
    skip_space();
    if (m_at >= m_text.size()) fail("unexpected end");
    const char c = m_text[m_at];
    if (c == '{') return object(depth);
    if (c == '[') return array(depth);
    auto node = std::make_shared<Node>();
    if (c == '"') {
      node->kind = Node::Kind::String;
      node->text = string();
    } else if (take_word("true")) {
      node->kind = Node::Kind::Boolean;
      node->text = "true";
    } else if (take_word("false")) {
      node->kind = Node::Kind::Boolean;
      node->text = "false";
    } else if (take_word("null"))
      node->kind = Node::Kind::Null;
    else
      number(*node);
    return node;
  }

  NodePtr object(int depth) {
    auto node = std::make_shared<Node>();
    node->kind = Node::Kind::Object;
    expect('{');
    if (take('}')) return node;
    do {
      skip_space();
      if (m_at >= m_text.size() || m_text[m_at] != '"') fail("expected a member name");
      std::string name = string();
      expect(':');
      NodePtr member = value(depth + 1);
      // json-c keeps the last of duplicate names
      bool replaced = false;
      for (auto& [key, old] : node->members)
        if (key == name) {
          old = member;
          replaced = true;
        }
      if (!replaced) node->members.emplace_back(std::move(name), member);
    } while (take(','));
    expect('}');
    return node;
  }

  NodePtr array(int depth) {
    auto node = std::make_shared<Node>();
    node->kind = Node::Kind::Array;
    expect('[');
    if (take(']')) return node;
    do node->members.emplace_back(std::string(), value(depth + 1));
    while (take(','));
    expect(']');
    return node;
  }

  static void append_utf8(std::string& out, unsigned long cp) {
    if (cp < 0x80)
      out += static_cast<char>(cp);
    else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  unsigned long hex4() {
    if (m_at + 4 > m_text.size()) fail("short \\u escape");
    const std::string digits = m_text.substr(m_at, 4);
    m_at += 4;
    char* end = nullptr;
    const unsigned long cp = std::strtoul(digits.c_str(), &end, 16);
    if (end != digits.c_str() + 4) fail("bad \\u escape");
    return cp;
  }

  void escape(std::string& out) {
    const char e = m_text[m_at++];
    switch (e) {
      case '"':
        out += '"';
        break;
      case '\\':
        out += '\\';
        break;
      case '/':
        out += '/';
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
        unsigned long cp = hex4();
        if (cp >= 0xD800 && cp < 0xDC00 && take_word("\\u"))
          cp = 0x10000 + ((cp - 0xD800) << 10) + (hex4() - 0xDC00);
        append_utf8(out, cp);
        break;
      }
      default:
        fail("bad escape");
    }
  }

  std::string string() {
    ++m_at;  // the opening quote
    std::string out;
    while (m_at < m_text.size() && m_text[m_at] != '"') {
      if (m_text[m_at] == '\\' && m_at + 1 < m_text.size()) {
        ++m_at;
        escape(out);
      } else
        out += m_text[m_at++];
    }
    if (m_at >= m_text.size()) fail("unterminated string");
    ++m_at;
    return out;
  }

  void number(Node& node) {
    const size_t start = m_at;
    if (m_at < m_text.size() && m_text[m_at] == '-') ++m_at;
    bool is_double = false;
    while (m_at < m_text.size()) {
      const char c = m_text[m_at];
      if (c == '.' || c == 'e' || c == 'E')
        is_double = true;
      else if (!(c >= '0' && c <= '9') && c != '+' && c != '-')
        break;
      ++m_at;
    }
    node.text = m_text.substr(start, m_at - start);
    if (node.text.empty() || node.text == "-") fail("not a JSON value");
    classify(node, is_double);
  }

  // json-c: an integer literal is an int64; a positive one above INT64_MAX a uint64; any other
  // (a fraction, an exponent, or beyond both) a double.
  static void classify(Node& node, bool is_double) {
    const char* text = node.text.c_str();
    char* end = nullptr;
    if (!is_double) {
      errno = 0;
      const long long v = std::strtoll(text, &end, 10);
      if (errno == 0 && *end == '\0') {
        node.kind = Node::Kind::Int64;
        node.int64 = v;
        node.dbl = static_cast<double>(v);
        return;
      }
      errno = 0;
      const unsigned long long u = std::strtoull(text, &end, 10);
      if (text[0] != '-' && errno == 0 && *end == '\0') {
        node.kind = Node::Kind::UInt64;
        node.uint64 = u;
        node.dbl = static_cast<double>(u);
        return;
      }
    }
    node.kind = Node::Kind::Double;
    node.dbl = std::strtod(text, &end);
  }
};

void format_string(const std::string& s, std::string& out) {
  out += '"';
  for (const char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  out += '"';
}

void format_node(const Node& node, std::string& out) {
  switch (node.kind) {
    case Node::Kind::Null:
      out += "null";
      return;
    case Node::Kind::String:
      format_string(node.text, out);
      return;
    case Node::Kind::Object:
    case Node::Kind::Array: {
      const bool is_object = node.kind == Node::Kind::Object;
      out += is_object ? "{" : "[";
      for (size_t i = 0; i < node.members.size(); ++i) {
        if (i) out += ", ";
        if (is_object) {
          format_string(node.members[i].first, out);
          out += ":";
        }
        format_node(*node.members[i].second, out);
      }
      out += is_object ? "}" : "]";
      return;
    }
    default:
      out += node.text;
      return;
  }
}
}  // namespace

CPLJSONObject::CPLJSONObject(std::string osName, std::shared_ptr<const CPLJSONNode> poNode)
    : m_osName(std::move(osName)), m_poNode(std::move(poNode)), m_bValid(m_poNode != nullptr) {}

CPLJSONObject::Type CPLJSONObject::GetType() const {
  if (!m_bValid) return Type::Unknown;
  switch (m_poNode->kind) {
    case Node::Kind::Null:
      return Type::Null;
    case Node::Kind::Boolean:
      return Type::Boolean;
    case Node::Kind::String:
      return Type::String;
    case Node::Kind::Object:
      return Type::Object;
    case Node::Kind::Array:
      return Type::Array;
    case Node::Kind::Double:
      return Type::Double;
    case Node::Kind::UInt64:
      return Type::Long;
    case Node::Kind::Int64:
      return m_poNode->int64 >= std::numeric_limits<int>::min() &&
                     m_poNode->int64 <= std::numeric_limits<int>::max()
                 ? Type::Integer
                 : Type::Long;
  }
  return Type::Unknown;
}

CPLJSONObject CPLJSONObject::operator[](const std::string& osName) const {
  if (GetType() == Type::Object)
    for (const auto& [key, node] : m_poNode->members)
      if (key == osName) return CPLJSONObject(key, node);
  return CPLJSONObject();
}

std::vector<CPLJSONObject> CPLJSONObject::GetChildren() const {
  std::vector<CPLJSONObject> children;
  if (GetType() == Type::Object)
    for (const auto& [key, node] : m_poNode->members) children.emplace_back(key, node);
  return children;
}

CPLJSONArray CPLJSONObject::ToArray() const {
  std::vector<CPLJSONObject> items;
  if (GetType() == Type::Array)
    for (const auto& member : m_poNode->members) items.emplace_back(std::string(), member.second);
  return CPLJSONArray(std::move(items));
}

// As GDAL's (its type check is commented out): a string's value, any other value's JSON text
// ("rounding": 0 reads "0"), the default only for a missing member or a JSON null.
std::string CPLJSONObject::ToString(const std::string& osDefault) const {
  const Type type = GetType();
  if (type == Type::Unknown || type == Type::Null) return osDefault;
  return type == Type::String ? m_poNode->text : Format(PrettyFormat::Plain);
}

std::string CPLJSONObject::GetString(const std::string& osName,
                                     const std::string& osDefault) const {
  return (*this)[osName].ToString(osDefault);
}

// json-c's json_object_get_int64: a uint64 above INT64_MAX clamps, a double truncates (clamped).
std::int64_t CPLJSONObject::ToLong(std::int64_t nDefault) const {
  const Type type = GetType();
  if (type == Type::Integer || (type == Type::Long && m_poNode->kind == Node::Kind::Int64))
    return m_poNode->int64;
  if (type == Type::Long) return std::numeric_limits<std::int64_t>::max();
  if (type == Type::Double) {
    const double d = m_poNode->dbl;
    if (!(d > -0x1p63)) return std::numeric_limits<std::int64_t>::min();
    return d >= 0x1p63 ? std::numeric_limits<std::int64_t>::max() : static_cast<std::int64_t>(d);
  }
  return nDefault;
}

// json-c's json_object_get_uint64: a negative int64 gives 0, a double truncates (clamped).
std::uint64_t CPLJSONObject::ToUInt64(std::uint64_t nDefault) const {
  const Type type = GetType();
  if (type == Type::Integer || type == Type::Long) {
    if (m_poNode->kind == Node::Kind::UInt64) return m_poNode->uint64;
    return m_poNode->int64 < 0 ? 0 : static_cast<std::uint64_t>(m_poNode->int64);
  }
  if (type == Type::Double) {
    const double d = m_poNode->dbl;
    if (!(d > 0)) return 0;
    return d >= 0x1p64 ? std::numeric_limits<std::uint64_t>::max() : static_cast<std::uint64_t>(d);
  }
  return nDefault;
}

double CPLJSONObject::ToDouble(double dfDefault) const {
  const Type type = GetType();
  return type == Type::Integer || type == Type::Long || type == Type::Double ? m_poNode->dbl
                                                                             : dfDefault;
}

bool CPLJSONObject::ToBool(bool bDefault) const {
  return GetType() == Type::Boolean ? m_poNode->text == "true" : bDefault;
}

std::string CPLJSONObject::Format(PrettyFormat) const {
  std::string out;
  if (m_bValid) format_node(*m_poNode, out);
  return out;
}

bool CPLJSONDocument::LoadMemory(const std::string& osText) {
  try {
    m_poRoot = Reader(osText).document();
    m_osError.clear();
    return true;
  } catch (const std::runtime_error& e) {
    m_poRoot.reset();
    m_osError = e.what();
    return false;
  }
}

CPLJSONObject CPLJSONDocument::GetRoot() const {
  return CPLJSONObject(std::string(), m_poRoot);
}
