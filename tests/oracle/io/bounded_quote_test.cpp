// bounded_quote: text within the bound is given whole; longer text is cut at a UTF-8 character
// boundary at or below the bound (never inside a character, for characters of 1 to 4 bytes at
// every offset) and followed by its size; invalid UTF-8 still keeps nearly all of the bound.
#include "oracle/io/bounded_quote.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <string>

namespace cvc::bounded_quote_test {
namespace {

const std::string kEllipsis = "\xE2\x80\xA6";  // "…"

// The quoted part: what comes before " … (N bytes in all)".
std::string kept(const std::string& quote) {
  return quote.substr(0, quote.rfind(kEllipsis + " ("));
}

TEST(BoundedQuote, TextWithinTheBoundIsWhole) {
  EXPECT_EQ(bounded_quote("", 0), "");
  EXPECT_EQ(bounded_quote("abc", 3), "abc");
  EXPECT_EQ(bounded_quote("\xC3\xA9", 2), "\xC3\xA9");  // "é", two bytes, two allowed
}

TEST(BoundedQuote, LongerTextIsCutAndItsSizeSaid) {
  EXPECT_EQ(bounded_quote("abcdef", 3), "abc" + kEllipsis + " (6 bytes in all)");
  EXPECT_EQ(bounded_quote("abcdef", 0), kEllipsis + " (6 bytes in all)");
  const std::string big(50 << 20, 'x');
  const std::string quote = bounded_quote(big);
  EXPECT_EQ(quote, std::string(kQuoteBytes, 'x') + kEllipsis + " (52428800 bytes in all)");
}

// "a" then a character of each width, repeated; every bound from 0 to past the end.
TEST(BoundedQuote, NeverCutsInsideACharacter) {
  const std::string text =
      "a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80"
      "a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80";
  // The offsets where a character starts.
  const std::size_t boundaries[] = {0, 1, 3, 6, 10, 11, 13, 16, 20};
  for (std::size_t bound = 0; bound < text.size(); ++bound) {
    std::size_t expected = 0;
    for (const std::size_t boundary : boundaries)
      if (boundary <= bound) expected = boundary;
    const std::string quote = bounded_quote(text, bound);
    EXPECT_EQ(kept(quote), text.substr(0, expected)) << "bound " << bound;
    EXPECT_NE(quote.find("(20 bytes in all)"), std::string::npos) << quote;
  }
  EXPECT_EQ(bounded_quote(text, text.size()), text);
}

// Bytes that are not UTF-8 (a binary blob): no character boundary to find; the cut backs up no
// further than the longest character (3 bytes), instead of to nothing.
TEST(BoundedQuote, InvalidUtf8KeepsNearlyTheWholeBound) {
  const std::string blob(1000, '\x80');
  const std::string quote = bounded_quote(blob, 200);
  EXPECT_GE(kept(quote).size(), 197u) << quote.size();
  EXPECT_LE(kept(quote).size(), 200u);
  EXPECT_NE(quote.find("(1000 bytes in all)"), std::string::npos);
}

}  // namespace
}  // namespace cvc::bounded_quote_test
