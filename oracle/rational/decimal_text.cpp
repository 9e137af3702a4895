#include "oracle/rational/decimal_text.hpp"

#include <string>

namespace cvc::rational {
namespace {

Integer power_of_ten(int k) {  // 10^k, k >= 0
  Integer p = 1;
  for (int i = 0; i < k; ++i) p *= 10;
  return p;
}

// floor(log10(p / q)) for p, q > 0.
int decimal_exponent(const Integer& p, const Integer& q) {
  int e = static_cast<int>(p.str().size()) - static_cast<int>(q.str().size());
  // 10^e <= p/q < 10^(e+1), corrected from the digit counts (off by at most one).
  const auto at_least = [&](int k) {  // p/q >= 10^k
    return k >= 0 ? p >= q * power_of_ten(k) : p * power_of_ten(-k) >= q;
  };
  while (!at_least(e)) --e;
  while (at_least(e + 1)) ++e;
  return e;
}

}  // namespace

std::string decimal_text(const Rational& x, int max_digits) {
  if (x.sign() == 0) return "0";
  const Integer p = boost::multiprecision::abs(boost::multiprecision::numerator(x));
  const Integer q = boost::multiprecision::denominator(x);
  const int e = decimal_exponent(p, q);
  // The significant digits: floor(|x| * 10^(max_digits - 1 - e)), and whether any remain.
  const int shift = max_digits - 1 - e;
  Integer scaled_p = p, scaled_q = q;
  if (shift >= 0)
    scaled_p *= power_of_ten(shift);
  else
    scaled_q *= power_of_ten(-shift);
  std::string digits = Integer(scaled_p / scaled_q).str();
  const bool cut = scaled_p % scaled_q != 0;
  // Trailing zeros of an exact value carry nothing.
  if (!cut)
    while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  const std::string more = cut ? "..." : "";
  std::string text = x.sign() < 0 ? "-" : "";
  const bool positional = e >= -6 && e < 21 && (!cut || static_cast<int>(digits.size()) > e + 1);
  if (!positional)
    return text + digits.substr(0, 1) + (digits.size() > 1 ? "." + digits.substr(1) : "") + more +
           "e" + (e < 0 ? "-" : "+") + std::to_string(e < 0 ? -e : e);
  if (e < 0)
    return text + "0." + std::string(static_cast<std::size_t>(-e - 1), '0') + digits + more;
  const auto integer_digits = static_cast<std::size_t>(e + 1);
  if (digits.size() <= integer_digits)
    return text + digits + std::string(integer_digits - digits.size(), '0');
  return text + digits.substr(0, integer_digits) + "." + digits.substr(integer_digits) + more;
}

}  // namespace cvc::rational
