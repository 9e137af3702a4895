// Hex digits as the project reads them: bit patterns ("0x7f"), hex scalars, JSON \u escapes.
#pragma once

namespace cvc {

// Which letters a hex digit may be written with.
enum class HexLetters {
  AnyCase,    // a-f and A-F: hex scalars, command-line values, JSON \u escapes
  Lowercase,  // a-f only: the vectors' result notation, whose digits are lowercase
};

// The value of the hex digit `c` (0 to 15), or -1 when it is not one.
constexpr int hex_digit_value(char c, HexLetters letters = HexLetters::AnyCase) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (letters == HexLetters::AnyCase && c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace cvc
