// hex_digit_value: every character, either letter case or lowercase only.
#include "oracle/hex_digits.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

namespace cvc::hex_digits_test {
namespace {

static_assert(hex_digit_value('0') == 0 && hex_digit_value('9') == 9);
static_assert(hex_digit_value('a') == 10 && hex_digit_value('F') == 15);
static_assert(hex_digit_value('F', HexLetters::Lowercase) == -1);
static_assert(hex_digit_value('g') == -1 && hex_digit_value('x') == -1);

TEST(HexDigits, EveryCharacterAsStrtolReadsIt) {
  for (int code = -128; code < 128; ++code) {
    const char c = static_cast<char>(code);
    const std::string text(1, c);
    char* end = nullptr;
    const long value = std::strtol(text.c_str(), &end, 16);
    const bool digit = code > 0 && end == text.c_str() + 1 && c != '+' && c != '-';
    EXPECT_EQ(hex_digit_value(c), digit ? static_cast<int>(value) : -1) << code;
    const bool upper = c >= 'A' && c <= 'F';
    EXPECT_EQ(hex_digit_value(c, HexLetters::Lowercase), digit && !upper ? value : -1) << code;
  }
}

}  // namespace
}  // namespace cvc::hex_digits_test
