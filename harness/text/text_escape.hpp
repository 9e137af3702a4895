// Text from an implementation under test, made safe for a report: whatever bytes an adapter sends
// (invalid UTF-8, terminal escape sequences, markup) come out as valid UTF-8 without control
// characters, and, for XML and HTML, with the markup characters escaped. Every report writer
// escapes through these functions and nowhere else.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace cvc {

// Valid UTF-8 without control characters: each byte that does not start a valid UTF-8 sequence
// becomes U+FFFD, each control character (C0, DEL, C1) becomes the visible text "\xNN", a CR
// before LF is dropped. With keep_newlines, LF and TAB are kept as they are.
std::string sanitize_text(std::string_view text, bool keep_newlines = true);

// Element text for XML 1.0 or HTML: sanitized (newlines kept), with & < > " ' as entities.
std::string escape_markup(std::string_view text);
// An attribute value (quoted with " or '): as escape_markup, and LF and TAB as character
// references, so that an XML parser does not normalize them to spaces.
std::string escape_markup_attribute(std::string_view text);

// At most max_bytes bytes of text, cut at a UTF-8 character boundary; when anything was cut, the
// result ends with "…" (included in max_bytes when max_bytes >= 3).
std::string truncate_text(std::string_view text, std::size_t max_bytes);

// The number of terminal columns the text takes, counting one per code point (enough for the
// report tables, whose contents are names and numbers).
std::size_t display_width(std::string_view text);

}  // namespace cvc
