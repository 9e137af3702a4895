#include "harness/text/text_escape.hpp"

#include <cstdint>

namespace cvc {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD
constexpr std::string_view kEllipsis = "\xE2\x80\xA6";     // U+2026

// The length of the valid UTF-8 sequence starting at text[i], or 0 when it is not one.
std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<std::uint8_t>(text[k]); };
  const std::uint8_t lead = byte(i);
  std::size_t length = 0;
  std::uint32_t code = 0;
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    code = lead & 0x1Fu;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    code = lead & 0x0Fu;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    code = lead & 0x07u;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0u) != 0x80u) return 0;
    code = (code << 6) | (byte(i + k) & 0x3Fu);
  }
  const bool overlong = (length == 3 && code < 0x800) || (length == 4 && code < 0x10000);
  const bool surrogate = code >= 0xD800 && code <= 0xDFFF;
  if (overlong || surrogate || code > 0x10FFFF) return 0;
  return length;
}

void append_hex_escape(std::string& out, std::uint32_t code) {
  constexpr std::string_view kDigits = "0123456789abcdef";
  out += "\\x";
  out += kDigits[(code >> 4) & 0xFu];
  out += kDigits[code & 0xFu];
}

std::string escape(std::string_view text, bool attribute) {
  const std::string clean = sanitize_text(text, true);
  std::string out;
  out.reserve(clean.size() + clean.size() / 8);
  for (const char c : clean) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      case '\n':
        out += attribute ? "&#10;" : "\n";
        break;
      case '\t':
        out += attribute ? "&#9;" : "\t";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace

std::string sanitize_text(std::string_view text, bool keep_newlines) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = utf8_sequence_length(text, i);
    if (length == 0) {
      out += kReplacement;
      ++i;
      continue;
    }
    const auto lead = static_cast<std::uint8_t>(text[i]);
    if (length == 1) {
      const bool control = lead < 0x20 || lead == 0x7F;
      const bool kept = keep_newlines && (lead == '\n' || lead == '\t');
      const bool cr_before_lf = lead == '\r' && i + 1 < text.size() && text[i + 1] == '\n';
      if (cr_before_lf && keep_newlines) {
        // dropped: "\r\n" reads as "\n"
      } else if (control && !kept) {
        append_hex_escape(out, lead);
      } else {
        out += text[i];
      }
    } else if (length == 2 && lead == 0xC2 && static_cast<std::uint8_t>(text[i + 1]) < 0xA0) {
      append_hex_escape(out, static_cast<std::uint8_t>(text[i + 1]));  // C1 control U+0080..9F
    } else {
      out.append(text.substr(i, length));
    }
    i += length;
  }
  return out;
}

std::string escape_markup(std::string_view text) {
  return escape(text, false);
}

std::string escape_markup_attribute(std::string_view text) {
  return escape(text, true);
}

std::string truncate_text(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return std::string(text);
  const bool room_for_ellipsis = max_bytes >= kEllipsis.size();
  std::size_t cut = room_for_ellipsis ? max_bytes - kEllipsis.size() : max_bytes;
  // Back up over continuation bytes so that no character is split.
  while (cut > 0 && (static_cast<std::uint8_t>(text[cut]) & 0xC0u) == 0x80u) --cut;
  std::string out(text.substr(0, cut));
  if (room_for_ellipsis) out += kEllipsis;
  return out;
}

std::size_t display_width(std::string_view text) {
  std::size_t width = 0;
  for (const char c : text)
    if ((static_cast<std::uint8_t>(c) & 0xC0u) != 0x80u) ++width;
  return width;
}

}  // namespace cvc
