// An exact rational written in decimal, for explanations (cvc chain's scale_offset operations):
// every digit when the decimal terminates within the limit, otherwise the first digits and "...",
// so that a reader sees at once whether the value is exact and where it lies.
#pragma once

#include <string>

#include "oracle/rational/rational_value.hpp"

namespace cvc::rational {

// x in decimal with at most `max_digits` significant digits: positional ("0.75", "-1000.5") when
// its decimal exponent is in [-6, 21), else scientific
// ("1.401298464324817070923729583289916131280...e-45"); a value that needs more digits (or does not
// terminate: 1/3) ends in "..." after the digits shown, which are truncated, never rounded. Zero is
// "0".
std::string decimal_text(const Rational& x, int max_digits = 40);

}  // namespace cvc::rational
