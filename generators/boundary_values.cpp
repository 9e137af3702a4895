#include "generators/boundary_values.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <mutex>
#include <utility>

#include "generators/cast_key_points.hpp"
#include "oracle/rational/rational_value.hpp"

namespace cvc::gen {
namespace {

void sort_unique(std::vector<std::uint64_t>& patterns) {
  std::sort(patterns.begin(), patterns.end());
  patterns.erase(std::unique(patterns.begin(), patterns.end()), patterns.end());
}

std::uint64_t low_ones(int count) {  // count in [0, 64]
  return count >= 64 ? ~0ull : (1ull << count) - 1;
}

// ---- Floats: sign x exponent x significand, as TestFloat builds its test cases. ----

std::uint64_t exponent_all_ones(const DataType& type) {
  return low_ones(type.exponent_bits);
}

std::uint64_t compose(const DataType& type, bool negative, std::uint64_t exponent_field,
                      std::uint64_t mantissa) {
  const std::uint64_t sign = negative ? type.sign_mask() : 0;
  return sign | (exponent_field & exponent_all_ones(type)) << type.mantissa_bits |
         (mantissa & low_ones(type.mantissa_bits));
}

// The exponent fields (biased) worth testing, and why:
// - 0: zero and the subnormals (where the quantum stops shrinking and precision is lost; also the
//   smallest value 2^-127 of e8m0fnu);
// - 1 and 2: the smallest normal binades, just above the subnormal/normal boundary;
// - bias-1, bias, bias+1: values around 1.0 (0.5 to 4), where casts into integers round to 0, 1 or
//   2 and meet the ties 0.5, 1.5 and 2.5;
// - the largest finite field and the one below: the top binades, which overflow narrower types;
// - all ones: infinities and NaN in IEEE types, NaN in e8m0fnu, the top finite binade in fn and
//   fnuz types.
std::vector<std::uint64_t> exponent_families(const DataType& type) {
  const auto top = static_cast<std::uint64_t>(type.max_biased_exponent());
  const auto bias = static_cast<std::uint64_t>(type.bias);
  std::vector<std::uint64_t> fields = {
      0, 1, 2, bias - 1, bias, bias + 1, top - 1, top, exponent_all_ones(type)};
  std::erase_if(fields, [&](std::uint64_t e) { return e > exponent_all_ones(type); });
  sort_unique(fields);
  return fields;
}

// The stored significands worth testing, and why:
// - 0: powers of two (exact in every type with enough exponent range), zeros and infinities;
// - 1 and 2: the last bits only, which any narrower target must round away (sticky bits), and the
//   smallest subnormals;
// - top bit alone: exactly half way between two values of a target with one significand bit less
//   (a tie), and the quiet bit of IEEE NaNs;
// - top bit and lowest bit: just above such a tie;
// - all ones: the largest significand of a binade; rounding it up carries into the next binade;
// - all ones minus 1: just below that carry.
std::vector<std::uint64_t> mantissa_families(const DataType& type) {
  const int m = type.mantissa_bits;
  const std::uint64_t top = m > 0 ? 1ull << (m - 1) : 0;
  std::vector<std::uint64_t> fields = {0, 1, 2, top, low_ones(m), low_ones(m) - 1, top | 1};
  for (std::uint64_t& field : fields) field &= low_ones(m);
  sort_unique(fields);
  return fields;
}

// Random significands (only when drawing): a uniform one, a single random bit, and a run of ones
// from the top or from the bottom (these put the cut of a narrower target's precision inside a
// run of ones or zeros, where carries and sticky bits are decided).
std::uint64_t random_mantissa(const DataType& type, Rng& rng) {
  const int m = type.mantissa_bits;
  if (m == 0) return 0;
  switch (rng.uniform(4)) {
    case 0:
      return rng.bits(m);
    case 1:
      return 1ull << rng.uniform(static_cast<std::uint64_t>(m));
    case 2: {
      const int run = static_cast<int>(rng.uniform(static_cast<std::uint64_t>(m) + 1));
      return low_ones(m) & ~low_ones(m - run);
    }
    default:
      return low_ones(static_cast<int>(rng.uniform(static_cast<std::uint64_t>(m) + 1)));
  }
}

std::uint64_t float_boundary_pattern(const DataType& type, Rng& rng) {
  const bool negative = type.has_sign_bit() && rng.one_in(2);
  const std::vector<std::uint64_t> exponents = exponent_families(type);
  // One draw in (families + 1) takes a uniformly random exponent instead of a family.
  const std::uint64_t e_choice = rng.uniform(exponents.size() + 1);
  const std::uint64_t exponent =
      e_choice < exponents.size() ? exponents[e_choice] : rng.bits(type.exponent_bits);
  const std::vector<std::uint64_t> mantissas = mantissa_families(type);
  // A random significand about as often as all the fixed families together.
  const std::uint64_t m_choice = rng.uniform(2 * mantissas.size());
  const std::uint64_t mantissa =
      m_choice < mantissas.size() ? mantissas[m_choice] : random_mantissa(type, rng);
  return compose(type, negative, exponent, mantissa);
}

// ---- Integers ----

// 0, +-1, +-2, +-3 (the smallest magnitudes, where rounding to 0 and ties at 0.5 happen); every
// power of two and its neighbours (a float target's precision runs out at a power of two, so
// 2^k + 1 is the first integer it cannot hold); the range limits min and max and their neighbours
// (overflow, clamp and wrap). Negated values are masked to the width, so for unsigned types they
// give max, max - 1, max - 2.
std::vector<std::uint64_t> integer_boundary_patterns(const DataType& type) {
  const std::uint64_t mask = type.bit_mask();
  std::vector<std::uint64_t> patterns;
  for (std::uint64_t small = 0; small <= 3; ++small) {
    patterns.push_back(small & mask);
    patterns.push_back((0 - small) & mask);
  }
  for (int k = 0; k < type.bits; ++k) {
    const std::uint64_t power = 1ull << k;
    for (std::uint64_t v : {power - 1, power, power + 1}) {
      patterns.push_back(v & mask);
      patterns.push_back((0 - v) & mask);
    }
  }
  // Signed min = 2^(N-1) and max = 2^(N-1) - 1, two further steps each way.
  const std::uint64_t half = 1ull << (type.bits - 1);
  for (std::uint64_t v : {half - 3, half - 2, half + 2, half + 3}) patterns.push_back(v & mask);
  sort_unique(patterns);
  return patterns;
}

// A random magnitude with a random bit length (uniform length, then uniform bits below the leading
// one), as TestFloat draws integers: uniform bits alone would almost never be small.
std::uint64_t integer_random_pattern(const DataType& type, Rng& rng) {
  const int length = static_cast<int>(rng.uniform(static_cast<std::uint64_t>(type.bits) + 1));
  const std::uint64_t magnitude = length == 0 ? 0 : (1ull << (length - 1)) | rng.bits(length - 1);
  const bool negative = type.family == Family::SignedInteger && rng.one_in(2);
  return (negative ? 0 - magnitude : magnitude) & type.bit_mask();
}

bool is_finite(const DataType& type, std::uint64_t bits) {
  return rational::value_of(type, bits).kind == rational::RationalValue::Kind::Finite;
}

// ---- Cast boundaries ----

using rational::Rational;

// The points where a cast into `target` changes behaviour, each with its negation; sorted, without
// repeats, computed once per target type.
std::vector<Rational> compute_target_key_points(const DataType& target) {
  std::vector<Rational> keys;
  const auto add = [&](const Rational& v) {
    keys.push_back(v);
    keys.push_back(-v);
  };
  for (std::uint64_t p : boundary_patterns(target)) {
    if (!is_finite(target, p)) continue;
    const Rational v = rational::value_of(target, p).value;
    add(v);                        // a target value: exact when the source holds it
    for (bool up : {false, true})  // the midpoints: ties of nearest rounding
      if (const auto n = neighbour_pattern(target, p, up))
        add((v + rational::value_of(target, *n).value) / 2);
  }
  // Just past the range: half an ulp (nearest rounds back to max or not) and one ulp beyond.
  const Rational max = rational::max_value(target);
  const Rational min = rational::min_value(target);
  const auto max_bits = rational::pattern_of(target, max);
  const auto below_max = max_bits ? neighbour_pattern(target, *max_bits, false) : std::nullopt;
  const Rational ulp = below_max ? max - rational::value_of(target, *below_max).value : Rational(1);
  add(max + ulp / 2);
  add(max + ulp);
  add(min - ulp / 2);
  add(min - ulp);
  if (!target.has_zero()) {  // e8m0fnu: the grid continues below 2^-127 (reading E8M0Low)
    add(min / 2);
    add(min * 3 / 4);
  }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  return keys;
}

}  // namespace

const std::vector<Rational>& target_key_points(const DataType& target) {
  static const std::array<std::vector<Rational>, kDataTypeCount> table = [] {
    std::array<std::vector<Rational>, kDataTypeCount> keys;
    for (int i = 0; i < kDataTypeCount; ++i)
      keys[i] = compute_target_key_points(all_data_types()[i]);
    return keys;
  }();
  for (int i = 0; i < kDataTypeCount; ++i)
    if (&all_data_types()[i] == &target) return table[i];
  static thread_local std::vector<Rational> other;  // a DataType built outside the table
  other = compute_target_key_points(target);
  return other;
}

void add_patterns_around(const DataType& source, const Rational& key, int reach,
                         std::vector<std::uint64_t>& patterns) {
  const auto add_with_neighbours = [&](std::uint64_t p) {
    patterns.push_back(p);
    for (bool up : {false, true}) {
      std::optional<std::uint64_t> n = p;
      for (int step = 0; step < reach; ++step) {
        n = neighbour_pattern(source, *n, up);
        if (!n) break;
        patterns.push_back(*n);
      }
    }
  };
  if (key == 0) {
    for (bool negative_zero : {false, true})
      if (const auto p = rational::pattern_of(source, key, negative_zero)) add_with_neighbours(*p);
    return;
  }
  // The source values on either side of the key (the same one when the source holds the key).
  const Rational max = rational::max_value(source), min = rational::min_value(source);
  for (Rounding side : {Rounding::TowardsNegative, Rounding::TowardsPositive}) {
    const Rational r = rational::round_to_grid(source, key, side);
    if (r > max || r < min) continue;
    if (const auto p = rational::pattern_of(source, r, r == 0 && key < 0)) add_with_neighbours(*p);
  }
}

namespace {

std::vector<std::uint64_t> compute_cast_boundaries(const DataType& source, const DataType& target) {
  std::vector<std::uint64_t> patterns;
  // Keys beyond twice the source's range have no source value on one side and only the source's
  // extreme on the other (already a boundary pattern): skip them, they are the costly ones.
  const Rational max = rational::max_value(source), min = rational::min_value(source);
  const Rational reach = 2 * (max > -min ? max : Rational(-min));
  for (const Rational& key : target_key_points(target)) {
    if (key > reach || key < -reach) continue;
    add_patterns_around(source, key, 1, patterns);
  }
  sort_unique(patterns);
  return patterns;
}

}  // namespace

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

Rng::Rng(std::uint64_t seed) {
  for (std::uint64_t& word : state_) word = splitmix64(seed);
}

std::uint64_t Rng::next() {
  const std::uint64_t result = std::rotl(state_[1] * 5, 7) * 9;
  const std::uint64_t t = state_[1] << 17;
  state_[2] ^= state_[0];
  state_[3] ^= state_[1];
  state_[1] ^= state_[2];
  state_[0] ^= state_[3];
  state_[2] ^= t;
  state_[3] = std::rotl(state_[3], 45);
  return result;
}

std::uint64_t Rng::uniform(std::uint64_t n) {
  if (n == 0) return next();
  // Reject the lowest (2^64 mod n) values, so that the accepted range is a multiple of n.
  const std::uint64_t threshold = (0 - n) % n;
  for (;;) {
    const std::uint64_t x = next();
    if (x >= threshold) return x % n;
  }
}

std::uint64_t Rng::bits(int width) {
  return width <= 0 ? 0 : next() >> (64 - width);
}

std::vector<std::uint64_t> boundary_patterns(const DataType& type) {
  if (type.is_integer()) return integer_boundary_patterns(type);
  std::vector<std::uint64_t> patterns;
  const std::vector<std::uint64_t> exponents = exponent_families(type);
  const std::vector<std::uint64_t> mantissas = mantissa_families(type);
  for (bool negative : {false, true}) {
    if (negative && !type.has_sign_bit()) continue;
    for (std::uint64_t e : exponents)
      for (std::uint64_t m : mantissas) patterns.push_back(compose(type, negative, e, m));
  }
  sort_unique(patterns);
  return patterns;
}

std::uint64_t boundary_pattern(const DataType& type, Rng& rng) {
  if (type.is_float()) return float_boundary_pattern(type, rng);
  if (rng.one_in(2)) return integer_random_pattern(type, rng);
  // The fixed list is rebuilt on each draw; it is short (at most ~400 entries) and cheap.
  return rng.pick(integer_boundary_patterns(type));
}

std::uint64_t uniform_pattern(const DataType& type, Rng& rng) {
  return rng.bits(type.bits);
}

std::uint64_t boundary_weighted_pattern(const DataType& type, Rng& rng) {
  return rng.one_in(8) ? uniform_pattern(type, rng) : boundary_pattern(type, rng);
}

std::optional<std::uint64_t> neighbour_pattern(const DataType& type, std::uint64_t bits, bool up) {
  bits &= type.bit_mask();
  if (type.is_integer()) {
    const std::uint64_t max = type.max_finite_bits(), min = type.min_finite_bits();
    if (bits == (up ? max : min)) return std::nullopt;
    return (up ? bits + 1 : bits - 1) & type.bit_mask();
  }
  if (!is_finite(type, bits)) return std::nullopt;
  const std::uint64_t sign = bits & type.sign_mask();
  const std::uint64_t magnitude = bits & ~type.sign_mask();
  const bool away_from_zero = (sign == 0) == up;
  if (!away_from_zero && magnitude == 0) return std::nullopt;  // would cross zero
  // fnuz types: the step up from -min_subnormal is +0 (their -0 pattern is NaN).
  if (sign != 0 && magnitude == 1 && !type.has_negative_zero()) return 0;
  const std::uint64_t next = sign | (away_from_zero ? magnitude + 1 : magnitude - 1);
  if (next > type.bit_mask() || (next & type.sign_mask()) != sign || !is_finite(type, next))
    return std::nullopt;
  return next;
}

const std::vector<std::uint64_t>& cast_boundary_patterns(const DataType& source,
                                                         const DataType& target) {
  static std::mutex mutex;
  static std::map<std::pair<const DataType*, const DataType*>, std::vector<std::uint64_t>> cache;
  const std::lock_guard<std::mutex> lock(mutex);
  const auto key = std::make_pair(&source, &target);
  auto found = cache.find(key);
  if (found == cache.end())
    found = cache.emplace(key, compute_cast_boundaries(source, target)).first;
  return found->second;
}

std::uint64_t cast_boundary_weighted_pattern(const DataType& source, const DataType& target,
                                             Rng& rng) {
  const std::uint64_t choice = rng.uniform(8);
  if (choice < 3) return rng.pick(cast_boundary_patterns(source, target));
  if (choice < 7) return boundary_pattern(source, rng);
  return uniform_pattern(source, rng);
}

}  // namespace cvc::gen
