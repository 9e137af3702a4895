#include "oracle/io/bounded_quote.hpp"

namespace cvc {

std::string bounded_quote(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return std::string(text);
  std::size_t cut = max_bytes;
  // Back up to the start of a UTF-8 character (never inside a continuation byte); a character
  // has at most 3 of them, so bytes that are not UTF-8 (a binary blob) lose no more than that.
  while (cut > 0 && max_bytes - cut < 3 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
    --cut;
  return std::string(text.substr(0, cut)) + "… (" + std::to_string(text.size()) + " bytes in all)";
}

std::string bounded_list(std::span<const std::string> items, std::string_view separator) {
  std::string list;
  for (std::size_t k = 0; k < items.size() && k < kListedItems; ++k)
    list.append(k == 0 ? "" : separator).append(items[k]);
  if (items.size() > kListedItems)
    list.append(separator)
        .append("… and ")
        .append(std::to_string(items.size() - kListedItems))
        .append(" more");
  return list;
}

}  // namespace cvc
