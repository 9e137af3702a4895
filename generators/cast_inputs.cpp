#include "generators/cast_inputs.hpp"

#include <algorithm>
#include <set>

#include "generators/boundary_values.hpp"
#include "oracle/rational/rational_value.hpp"

namespace cvc {
namespace {

using rational::Rational;

// Landmarks of the output type: exact values where a cast into it changes behaviour.
std::vector<Rational> output_landmarks(const DataType& out) {
  std::vector<Rational> landmarks;
  const auto add_signed = [&](const Rational& v) {
    landmarks.push_back(v);
    landmarks.push_back(-v);
  };
  const Rational half = Rational(1) / 2;
  if (out.is_integer()) {
    const Rational max = rational::max_value(out), min = rational::min_value(out);
    const Rational wrap = rational::power_of_two(out.bits);
    for (const Rational& v : std::vector<Rational>{max, min}) {
      for (const Rational& d :
           std::vector<Rational>{Rational(-1), -half, Rational(0), half, Rational(1)})
        landmarks.push_back(v + d);
    }
    for (const Rational& v : std::vector<Rational>{Rational(0), half, Rational(1), Rational(3) / 2,
                                                   Rational(2), Rational(5) / 2, wrap - 1, wrap,
                                                   wrap + 1, wrap + half, wrap * 3 / 2, wrap * 3})
      add_signed(v);
    return landmarks;
  }
  // Float outputs: each boundary pattern, its successor, and the midpoint between them.
  const std::uint64_t one = rational::pattern_of(out, Rational(1)).value();
  const std::uint64_t max_bits = out.max_finite_bits();
  // Pattern 0 is zero, or 2^-127 for e8m0fnu; 1 and 2 are the smallest subnormals.
  std::set<std::uint64_t> patterns = {0, 1, 2, one - 1, one, one + 1, max_bits - 1, max_bits};
  if (out.mantissa_bits > 0) {
    const std::uint64_t min_normal = 1ull << out.mantissa_bits;
    patterns.insert({min_normal - 1, min_normal, min_normal + 1});
  }
  for (std::uint64_t p : patterns) {
    if (p > max_bits) continue;
    const Rational a = rational::value_of(out, p).value;
    add_signed(a);
    if (p < max_bits) add_signed((a + rational::value_of(out, p + 1).value) / 2);
  }
  // Beyond the finite range: on the unbounded grid the next value after max, the midpoint (the
  // overflow threshold of the nearest modes), and twice max.
  const Rational max = rational::max_value(out);
  const Rational ulp = rational::power_of_two(out.max_exponent() - out.mantissa_bits);
  for (const Rational& v : std::vector<Rational>{max + ulp / 2, max + ulp, max * 2}) add_signed(v);
  if (!out.has_zero()) {  // e8m0: below the smallest value 2^-127
    const Rational min = rational::min_value(out);
    for (const Rational& v : std::vector<Rational>{min / 2, min * 3 / 4, min / 4}) add_signed(v);
  }
  return landmarks;
}

// Precision limits of common types (2^11 float16, 2^24 float32, 2^53 float64; 2^31, 2^32, 2^63,
// 2^64 the integer widths), with neighbours.
std::vector<Rational> precision_limits() {
  std::vector<Rational> limits;
  for (int k : {8, 11, 16, 24, 31, 32, 53, 63, 64}) {
    const Rational p = rational::power_of_two(k);
    for (const Rational& v :
         std::vector<Rational>{p - 1, p - Rational(1) / 2, p, p + Rational(1) / 2, p + 1}) {
      limits.push_back(v);
      limits.push_back(-v);
    }
  }
  return limits;
}

// Midpoints of the output where an integer input is rounded twice when converted through the
// first IEEE type wider than the output (float32 for outputs narrower than float32, float64 for
// float32): in each binade [2^k, 2^(k+1)) of the output above that type's last exact integer
// 2^p (p its significant bits), the first midpoint 2^k + ulp/2 and the last 2^(k+1) - ulp/2 (the
// carry into the next binade; 3 * 2^(k-1) for float8_e8m0fnu), each also negated, up to the input's
// range and the output's. An integer one away from the midpoint becomes the midpoint in the
// intermediate type and then a tie (fuzz finding: uint32 33488895 into bfloat16 gives 33554432, not
// 33423360).
std::vector<Rational> double_rounding_midpoints(const DataType& input, const DataType& out) {
  std::vector<Rational> midpoints;
  if (!input.is_integer() || !out.is_float()) return midpoints;
  int intermediate_precision = 0;  // significant bits of the intermediate type; 0: none
  for (std::string_view name : {"float32", "float64"}) {
    const DataType& wider = data_type(name);
    if (out.mantissa_bits < wider.mantissa_bits) {
      intermediate_precision = wider.mantissa_bits + 1;
      break;
    }
  }
  if (intermediate_precision == 0) return midpoints;
  const int top = std::min(input.bits, out.max_exponent() + 1);  // binades below 2^top
  for (int k = intermediate_precision; k < top; ++k) {
    const Rational half_ulp = rational::power_of_two(k - out.mantissa_bits) / 2;
    for (const Rational& v : std::vector<Rational>{rational::power_of_two(k) + half_ulp,
                                                   rational::power_of_two(k + 1) - half_ulp}) {
      midpoints.push_back(v);
      midpoints.push_back(-v);
    }
  }
  return midpoints;
}

// The patterns of `type` nearest v: just below, at or around, and just above.
void add_patterns_near(const DataType& type, const Rational& v, std::set<std::uint64_t>& out) {
  const auto add = [&](const Rational& x) {
    if (const std::optional<std::uint64_t> bits = rational::pattern_of(type, x)) out.insert(*bits);
  };
  if (v == 0) {
    add(Rational(0));
    if (type.has_negative_zero()) out.insert(type.sign_mask());
    return;
  }
  // A step far smaller than any ulp of the 26 types near v (at most 64 significant bits).
  const Rational epsilon = abs(v) / rational::power_of_two(80);
  for (const Rational& x : std::vector<Rational>{v - epsilon, v, v + epsilon}) {
    const Rational below = rational::round_to_grid(type, x, Rounding::TowardsNegative);
    const Rational above = rational::round_to_grid(type, x, Rounding::TowardsPositive);
    add(below);
    add(above);
  }
}

}  // namespace

std::vector<std::uint64_t> cast_inputs(const DataType& input, const DataType& output,
                                       std::uint64_t seed, int random_count) {
  std::set<std::uint64_t> patterns;
  if (input.bits <= kExhaustiveInputBits) {
    for (std::uint64_t bits = 0; bits <= input.bit_mask(); ++bits) patterns.insert(bits);
    return {patterns.begin(), patterns.end()};
  }
  for (const Rational& v : output_landmarks(output)) add_patterns_near(input, v, patterns);
  for (const Rational& v : precision_limits()) add_patterns_near(input, v, patterns);
  for (const Rational& v : double_rounding_midpoints(input, output))
    add_patterns_near(input, v, patterns);
  for (std::uint64_t bits : gen::boundary_patterns(input)) patterns.insert(bits);
  gen::Rng random(seed);
  for (int i = 0; i < random_count; ++i) patterns.insert(gen::uniform_pattern(input, random));
  return {patterns.begin(), patterns.end()};
}

}  // namespace cvc
