// Quoting text from outside in a message, a draft or a terminal report, bounded: a 50 MB field or
// a 100 MB answer is shown as its first bytes and its size, never whole.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace cvc {

// The default bound for one quoted field in a message.
inline constexpr std::size_t kQuoteBytes = 200;

// The text itself when it has at most max_bytes bytes; otherwise its first max_bytes bytes (cut at
// a UTF-8 boundary, at most 3 bytes short of max_bytes, also when the text is not UTF-8) followed
// by "… (N bytes in all)". Nothing is escaped here.
std::string bounded_quote(std::string_view text, std::size_t max_bytes = kQuoteBytes);

// For a list of items (stray files, repeated entries): how many are shown before "… and N more".
inline constexpr std::size_t kListedItems = 20;

// The first kListedItems items joined by `separator`, then "… and N more" when there are more.
std::string bounded_list(std::span<const std::string> items, std::string_view separator = ", ");

}  // namespace cvc
