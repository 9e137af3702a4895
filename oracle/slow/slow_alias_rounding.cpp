#include "oracle/slow/slow_alias_rounding.hpp"

#include "oracle/rational/rational_value.hpp"

namespace cvc::slow {

std::uint64_t alias_round_to_integer(const DataType& type, std::uint64_t input) {
  const rational::RationalValue value = rational::value_of(type, input);
  if (value.kind != rational::RationalValue::Kind::Finite || value.value == 0) return input;
  // The grid of an integer type is the integers, unbounded: nearest, ties to even.
  static const DataType& integers = data_type("int64");
  const rational::Rational integer =
      rational::round_to_grid(integers, value.value, Rounding::NearestEven);
  const auto pattern = rational::pattern_of(type, integer, /*negative_zero=*/value.value < 0);
  return pattern ? *pattern : input;  // e8m0fnu has no zero: the value is kept
}

}  // namespace cvc::slow
