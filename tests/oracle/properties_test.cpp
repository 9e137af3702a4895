// Property tests of the two oracles, in the style of Berkeley TestFloat: random casts over all 26 x
// 26 type pairs, the 5 rounding modes and the 3 out_of_range rules, with inputs drawn mostly from
// the boundary patterns of generators/boundary_values.hpp.
//
// Each property is a checking function `check_*(cast, case)` that returns a description of a
// violation, or nothing. The RapidCheck properties apply it to both oracles; the plain TESTs at the
// end apply it to deliberately wrong cast functions and show that it reports them (the properties
// have teeth).
//
// Size: RapidCheck runs each property 100 times by default (override with the RC_PARAMS environment
// variable, e.g. RC_PARAMS="max_success=1000"; RC_PARAMS="reproduce=..." replays a failure); each
// run checks kCasesPerRun = 40 generated cases, so each property checks 4000 cases by default, each
// case costing 1 to 6 casts per oracle. Time (measured with `time`, g++ -O2, 2-core machine): 1.8 s
// of CPU for the whole file in one process; 22 s when every test runs in its own process, as under
// ctest, because each process first computes the cast boundary lists of the pairs it draws (about
// 1 s). With RC_PARAMS="max_success=3000" (120,000 cases per property) all properties passed.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <optional>
#include <ostream>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "generators/boundary_values.hpp"
#include "oracle/cast.hpp"
#include "oracle/rational/rational_value.hpp"
#include "oracle/slow/slow_cast.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::properties_test {
namespace {

using rational::Rational;
using rational::RationalValue;
using Kind = RationalValue::Kind;
using CastFunction = CastResult (*)(const CastRule&, std::uint64_t, const Readings&);
using Failure = std::optional<std::string>;

constexpr int kCasesPerRun = 40;

// ---- Cases ----

// One generated cast: the rule (type pair, rounding, out_of_range, maybe a scalar_map), the input,
// a second input of the same type (for two-input properties) and the readings.
struct CastCase {
  CastRule rule;
  std::uint64_t bits = 0;
  std::uint64_t other = 0;
  Readings readings;
};

CastRule make_rule(const DataType& input, const DataType& output, Rounding rounding,
                   OutOfRange out_of_range) {
  CastRule rule;
  rule.input = &input;
  rule.output = &output;
  rule.rounding = rounding;
  rule.out_of_range = out_of_range;
  return rule;
}

CastRule with(CastRule rule, Rounding rounding, OutOfRange out_of_range) {
  rule.rounding = rounding;
  rule.out_of_range = out_of_range;
  rule.scalar_map.clear();
  return rule;
}

std::string show_value(const DataType& type, std::uint64_t bits) {
  const RationalValue v = rational::value_of(type, bits);
  std::string text = pattern_hex(type, bits) + " (";
  if (v.kind == Kind::NaN) return text + "NaN)";
  if (v.kind == Kind::Infinity) return text + (v.negative ? "-inf)" : "+inf)");
  if (v.value == 0 && v.negative) return text + "-0)";
  return text + v.value.str() + ")";
}

std::string show_result(const DataType& output, const CastResult& result) {
  if (!result.ok()) return std::string("error ") + std::string(cast_error_name(result.error));
  return show_value(output, result.bits);
}

std::string show_rule(const CastRule& rule) {
  std::string text = std::string(rule.input->name) + " -> " + std::string(rule.output->name) +
                     ", " + std::string(rounding_name(rule.rounding)) + ", out_of_range " +
                     std::string(out_of_range_name(rule.out_of_range));
  for (const ScalarMapEntry& entry : rule.scalar_map)
    text += ", map " + pattern_hex(*rule.input, entry.input_bits) + "->" +
            pattern_hex(*rule.output, entry.output_bits);
  return text;
}

std::string show_readings(const Readings& readings) {
  std::string text;
  for (const FlagInfo& info : all_flags())
    if (!readings.is_default(info.flag))
      text += ", reading " + std::string(info.name) + "=" +
              std::string(info.alternatives[readings[info.flag] - 1]);
  return text;
}

std::string show_cast(const CastRule& rule, std::uint64_t bits, const CastResult& result,
                      const Readings& readings = {}) {
  return show_rule(rule) + show_readings(readings) + ": " + show_value(*rule.input, bits) +
         " gives " + show_result(*rule.output, result);
}

// RapidCheck prints counterexamples with this.
void showValue(const CastCase& c, std::ostream& os) {
  os << show_rule(c.rule) << show_readings(c.readings) << ", input "
     << show_value(*c.rule.input, c.bits) << ", other " << show_value(*c.rule.input, c.other);
}

// What the generator may add to a plain case.
struct CaseOptions {
  bool scalar_map = false;    // sometimes 1 to 3 scalar_map entries
  bool alternatives = false;  // sometimes one cast flag at an alternative reading
};

// The cast flags (those that change what one element becomes), with their alternative counts.
std::vector<Flag> cast_flags() {
  return {Flag::MapSignedZero,       Flag::MapNaNPayload,  Flag::InfClamp, Flag::NaNNonIEEE,
          Flag::DirectedOverflow,    Flag::E8M0Tie,        Flag::E8M0Low,  Flag::NegZeroNoSign,
          Flag::RoundedNegativeZero, Flag::DecodeWrapFloat};
}

CastCase draw_case(gen::Rng& rng, const CaseOptions& options = {}) {
  const auto& types = all_data_types();
  const DataType& input = types[rng.uniform(kDataTypeCount)];
  const DataType& output = types[rng.uniform(kDataTypeCount)];
  CastCase c;
  c.rule = make_rule(input, output, static_cast<Rounding>(rng.uniform(kRoundingCount)),
                     static_cast<OutOfRange>(rng.uniform(kOutOfRangeCount)));
  c.bits = gen::cast_boundary_weighted_pattern(input, output, rng);
  // The second input: half the time a neighbour of the first (monotonicity fails between
  // neighbours first), otherwise an independent draw.
  std::optional<std::uint64_t> near;
  if (rng.one_in(2)) near = gen::neighbour_pattern(input, c.bits, rng.one_in(2));
  c.other = near ? *near : gen::cast_boundary_weighted_pattern(input, output, rng);
  if (options.scalar_map && rng.one_in(4)) {
    const std::uint64_t entries = 1 + rng.uniform(3);
    for (std::uint64_t i = 0; i < entries; ++i) {
      // Keys: the input itself (a hit), its negation (a signed zero or NaN sign variant), or
      // another boundary pattern (usually a miss).
      std::uint64_t key = gen::boundary_weighted_pattern(input, rng);
      const std::uint64_t kind = rng.uniform(3);
      if (kind == 0) key = c.bits;
      if (kind == 1) key = c.bits ^ input.sign_mask();
      c.rule.scalar_map.push_back({key, gen::uniform_pattern(output, rng)});
    }
  }
  if (options.alternatives && rng.one_in(2)) {
    const std::vector<Flag> flags = cast_flags();
    const Flag flag = rng.pick(flags);
    const int count = flag_info(flag).alternative_count();
    c.readings = c.readings.with(flag, 1 + static_cast<int>(rng.uniform(count)));
  }
  return c;
}

// What one RapidCheck run checks: kCasesPerRun cases drawn by the boundary-weighted generator
// from one seed. The seed comes from RapidCheck (so RC_PARAMS="seed=..." or "reproduce=..." replays
// a run); the cases from gen::Rng. A seed has no smaller form, so batches do not shrink; a failure
// message names the failing case in full instead.
struct CaseBatch {
  std::uint64_t seed = 0;
  std::vector<CastCase> cases;
};

void showValue(const CaseBatch& batch, std::ostream& os) {
  os << batch.cases.size() << " generated cases from seed " << batch.seed;
}

rc::Gen<CaseBatch> case_batches(CaseOptions options = {}) {
  return rc::Gen<CaseBatch>([options](const rc::Random& random, int) {
    rc::Random stream = random;
    CaseBatch batch;
    batch.seed = stream.next();
    gen::Rng rng(batch.seed);
    for (int i = 0; i < kCasesPerRun; ++i) batch.cases.push_back(draw_case(rng, options));
    return rc::shrinkable::just(std::move(batch));
  });
}

// ---- Values ----

RationalValue value_of(const DataType& type, std::uint64_t bits) {
  return rational::value_of(type, bits);
}

bool is_number(const RationalValue& v) {
  return v.kind == Kind::Finite;
}

// The value of a successful result that is a finite number.
std::optional<Rational> finite_result(const DataType& output, const CastResult& result) {
  if (!result.ok()) return std::nullopt;
  const RationalValue v = value_of(output, result.bits);
  if (!is_number(v)) return std::nullopt;
  return v.value;
}

Rational magnitude(const Rational& x) {
  return x < 0 ? Rational(-x) : x;
}

// Order of non-NaN values including infinities: -1, 0, 1.
int compare_extended(const RationalValue& a, const RationalValue& b) {
  const auto rank = [](const RationalValue& v) {
    return v.kind == Kind::Infinity ? (v.negative ? -1 : 1) : 0;
  };
  if (rank(a) != rank(b)) return rank(a) < rank(b) ? -1 : 1;
  if (rank(a) != 0) return 0;
  return a.value < b.value ? -1 : (a.value > b.value ? 1 : 0);
}

// ---- The properties, as checking functions ----

// (i) Two cast functions agree: the same error kind, or the same bits (NaN outputs are canonical),
// decided by the same step the same way (the explanation reports print).
Failure check_agreement(CastFunction expected, CastFunction actual, const CastCase& c) {
  const CastResult a = expected(c.rule, c.bits, c.readings);
  const CastResult b = actual(c.rule, c.bits, c.readings);
  if (a.same_explanation(b)) return std::nullopt;
  return "disagreement: " + show_cast(c.rule, c.bits, a, c.readings) + " (" + explain(c.rule, a) +
         "), but the other gives " + show_result(*c.rule.output, b) + " (" + explain(c.rule, b) +
         ")";
}

// (ii) Directed results bracket the exact value x (out_of_range absent, so every success is in
// range): towards-negative <= x <= towards-positive, |towards-zero| <= |x|, the two brackets are
// adjacent values of the output (nothing of the output lies strictly between them), and
// towards-zero is towards-negative for x > 0 and towards-positive for x < 0.
Failure check_bracket(CastFunction cast, const CastCase& c) {
  const DataType& out = *c.rule.output;
  const RationalValue x = value_of(*c.rule.input, c.bits);
  if (!is_number(x)) return std::nullopt;
  const CastRule down_rule = with(c.rule, Rounding::TowardsNegative, OutOfRange::None);
  const CastRule up_rule = with(c.rule, Rounding::TowardsPositive, OutOfRange::None);
  const CastRule zero_rule = with(c.rule, Rounding::TowardsZero, OutOfRange::None);
  const CastResult down = cast(down_rule, c.bits, {});
  const CastResult up = cast(up_rule, c.bits, {});
  const CastResult zero = cast(zero_rule, c.bits, {});
  const auto d = finite_result(out, down), u = finite_result(out, up), z = finite_result(out, zero);
  if (d && *d > x.value) return "towards-negative above x: " + show_cast(down_rule, c.bits, down);
  if (u && *u < x.value) return "towards-positive below x: " + show_cast(up_rule, c.bits, up);
  if (z && magnitude(*z) > magnitude(x.value))
    return "towards-zero larger than |x|: " + show_cast(zero_rule, c.bits, zero);
  if (d && u && *d != *u) {
    const auto next = gen::neighbour_pattern(out, down.bits, true);
    if (!next || value_of(out, *next).value != *u)
      return "towards-negative and towards-positive results are not adjacent: " +
             show_cast(down_rule, c.bits, down) + ", " + show_result(out, up);
  }
  if (z && x.value > 0 && (!d || *d != *z))
    return "towards-zero differs from towards-negative for x > 0: " +
           show_cast(zero_rule, c.bits, zero) + ", towards-negative " + show_result(out, down);
  if (z && x.value < 0 && (!u || *u != *z))
    return "towards-zero differs from towards-positive for x < 0: " +
           show_cast(zero_rule, c.bits, zero) + ", towards-positive " + show_result(out, up);
  return std::nullopt;
}

// (iii) A nearest result is at least as near to x as both grid neighbours (the towards-negative
// and towards-positive results), is one of them, and nearest-even and nearest-away agree (bit for
// bit) except on an exact tie, where nearest-away takes the larger magnitude and nearest-even the
// even last significand bit (for float8_e8m0fnu, which stores no significand bits, the larger
// magnitude: reading E8M0Tie).
Failure check_nearest(CastFunction cast, const CastCase& c) {
  const DataType& out = *c.rule.output;
  const RationalValue x = value_of(*c.rule.input, c.bits);
  if (!is_number(x)) return std::nullopt;
  const CastRule even_rule = with(c.rule, Rounding::NearestEven, OutOfRange::None);
  const CastRule away_rule = with(c.rule, Rounding::NearestAway, OutOfRange::None);
  const CastResult down =
      cast(with(c.rule, Rounding::TowardsNegative, OutOfRange::None), c.bits, {});
  const CastResult up = cast(with(c.rule, Rounding::TowardsPositive, OutOfRange::None), c.bits, {});
  const CastResult even = cast(even_rule, c.bits, {});
  const CastResult away = cast(away_rule, c.bits, {});
  const auto d = finite_result(out, down), u = finite_result(out, up);
  if (!d || !u) return std::nullopt;  // a neighbour is out of range: no bracket to compare with
  const Rational to_down = x.value - *d, to_up = *u - x.value;
  const bool tie = *d != *u && to_down == to_up;
  for (const auto& [rule, result] : {std::pair{even_rule, even}, std::pair{away_rule, away}}) {
    const auto n = finite_result(out, result);
    if (!n)
      return "nearest fails where both directed roundings succeed: " +
             show_cast(rule, c.bits, result);
    if (*n != *d && *n != *u)
      return "nearest is neither grid neighbour: " + show_cast(rule, c.bits, result) +
             ", neighbours " + show_result(out, down) + " and " + show_result(out, up);
    const Rational distance = magnitude(x.value - *n);
    if (distance > to_down || distance > to_up)
      return "nearest is farther than a grid neighbour: " + show_cast(rule, c.bits, result) +
             ", neighbours " + show_result(out, down) + " and " + show_result(out, up);
  }
  if (!tie) {
    if (even.bits != away.bits)
      return "nearest-even and nearest-away differ off a tie: " +
             show_cast(even_rule, c.bits, even) + ", nearest-away " + show_result(out, away);
    return std::nullopt;
  }
  const Rational larger = magnitude(*d) > magnitude(*u) ? *d : *u;
  if (*finite_result(out, away) != larger)
    return "nearest-away tie not away from zero: " + show_cast(away_rule, c.bits, away);
  const bool up_in_magnitude = out.specials == Specials::UnsignedNoZero;  // E8M0Tie default
  if (up_in_magnitude ? *finite_result(out, even) != larger : (even.bits & 1) != 0)
    return "nearest-even tie not to even: " + show_cast(even_rule, c.bits, even);
  return std::nullopt;
}

// The sign a zero result must have: -0 exactly when the input is -0 and every type on the way has
// a negative zero (procedure steps 3 and 6, reading NegZeroNoSign default).
bool is_negative_zero(const DataType& type, std::uint64_t bits) {
  const RationalValue v = value_of(type, bits);
  return is_number(v) && v.value == 0 && v.negative;
}

// (iv) A value exactly representable in the output casts to itself, whatever the rounding and
// out_of_range rule, and back to the original: the same value, and -0 only where both types have
// it (procedure: step 2 and "Signed zero MUST be preserved"). Nonzero values have one pattern
// each, so the patterns must match exactly; infinities count when both types have them.
Failure check_exact_round_trip(CastFunction cast, const CastCase& c) {
  const DataType& in = *c.rule.input;
  const DataType& out = *c.rule.output;
  const RationalValue x = value_of(in, c.bits);
  std::optional<std::uint64_t> expected;
  if (x.kind == Kind::Infinity) {
    if (!out.has_infinity()) return std::nullopt;
    expected =
        ((1ull << out.exponent_bits) - 1) << out.mantissa_bits | (x.negative ? out.sign_mask() : 0);
  } else if (x.kind == Kind::Finite) {
    expected = rational::pattern_of(out, x.value, x.negative);
  }
  if (!expected) return std::nullopt;  // NaN, or not representable in the output
  const CastRule forward = with(c.rule, c.rule.rounding, c.rule.out_of_range);
  const CastResult there = cast(forward, c.bits, {});
  if (!there.ok() || there.bits != *expected)
    return "exact value not cast to itself: " + show_cast(forward, c.bits, there) + ", expected " +
           show_value(out, *expected);
  const CastRule backward = make_rule(out, in, c.rule.rounding, c.rule.out_of_range);
  const CastResult back = cast(backward, there.bits, {});
  const bool zero = x.kind == Kind::Finite && x.value == 0;
  const std::uint64_t original =
      zero && !is_negative_zero(out, there.bits) ? 0 : c.bits;  // -0 lost on the way: +0
  if (!back.ok() || back.bits != original)
    return "exact value not cast back to the original: " + show_cast(backward, there.bits, back) +
           ", expected " + show_value(in, original) + " (from " + show_value(in, c.bits) + ")";
  return std::nullopt;
}

// (v) clamp is monotone: x <= y implies clamp(x) <= clamp(y), for every pair of non-NaN inputs
// within one type pair and rounding; and clamp never fails on a finite input.
Failure check_clamp_monotone(CastFunction cast, const CastCase& c) {
  const DataType& in = *c.rule.input;
  const DataType& out = *c.rule.output;
  const CastRule rule = with(c.rule, c.rule.rounding, OutOfRange::Clamp);
  RationalValue x = value_of(in, c.bits), y = value_of(in, c.other);
  std::uint64_t x_bits = c.bits, y_bits = c.other;
  if (x.kind == Kind::NaN || y.kind == Kind::NaN) return std::nullopt;
  if (compare_extended(x, y) > 0) {
    std::swap(x, y);
    std::swap(x_bits, y_bits);
  }
  const CastResult rx = cast(rule, x_bits, {});
  const CastResult ry = cast(rule, y_bits, {});
  for (const auto& [bits, v, r] : {std::tuple{x_bits, x, rx}, std::tuple{y_bits, y, ry}})
    if (is_number(v) && !r.ok())
      return "clamp fails on a finite input: " + show_cast(rule, bits, r);
  if (!rx.ok() || !ry.ok()) return std::nullopt;  // an infinity into a type without them
  const RationalValue vx = value_of(out, rx.bits), vy = value_of(out, ry.bits);
  if (vx.kind == Kind::NaN || vy.kind == Kind::NaN)
    return "clamp gives NaN for a number: " + show_cast(rule, x_bits, rx) + "; " +
           show_cast(rule, y_bits, ry);
  if (compare_extended(vx, vy) > 0)
    return "clamp is not monotone: " + show_cast(rule, x_bits, rx) + " but " +
           show_cast(rule, y_bits, ry);
  return std::nullopt;
}

// (vi) wrap into an integer output is congruent modulo 2^N to the rounded value: round(x) - wrap(x)
// is a multiple of 2^N, and zero when round(x) is in range. round(x) is the cast with the same
// rounding and out_of_range absent when that succeeds, else rational::round_to_grid.
Failure check_wrap_congruent(CastFunction cast, const CastCase& c) {
  const DataType& out = *c.rule.output;
  if (!out.is_integer()) return std::nullopt;
  const RationalValue x = value_of(*c.rule.input, c.bits);
  if (!is_number(x)) return std::nullopt;
  const CastRule rule = with(c.rule, c.rule.rounding, OutOfRange::Wrap);
  const CastResult wrapped = cast(rule, c.bits, {});
  if (!wrapped.ok()) return "wrap fails on a finite input: " + show_cast(rule, c.bits, wrapped);
  const CastResult reference = cast(with(c.rule, c.rule.rounding, OutOfRange::None), c.bits, {});
  const bool in_range = reference.ok();
  Rational rounded = 0;
  if (in_range)
    rounded = value_of(out, reference.bits).value;
  else if (x.value != 0)
    rounded = rational::round_to_grid(out, x.value, c.rule.rounding);
  const Rational difference = rounded - value_of(out, wrapped.bits).value;
  const rational::Integer modulus = rational::Integer(1) << out.bits;
  if (denominator(difference) != 1 || numerator(difference) % modulus != 0)
    return "wrap not congruent modulo 2^" + std::to_string(out.bits) + " to " + rounded.str() +
           ": " + show_cast(rule, c.bits, wrapped);
  if (in_range && difference != 0)
    return "wrap changes an in-range value " + rounded.str() + ": " +
           show_cast(rule, c.bits, wrapped);
  return std::nullopt;
}

// (vii) out_of_range acts only on out-of-range values: where the cast with out_of_range absent
// succeeds (or fails for NaN or infinity), clamp and wrap give the same outcome; where it fails
// with out_of_range, clamp gives +-max (or +-Infinity) on the side of x, wrap into an integer
// succeeds and wrap into a float fails with wrap_undefined (reading DecodeWrapFloat).
Failure check_out_of_range_only(CastFunction cast, const CastCase& c) {
  const DataType& out = *c.rule.output;
  const CastRule none_rule = with(c.rule, c.rule.rounding, OutOfRange::None);
  const CastRule clamp_rule = with(c.rule, c.rule.rounding, OutOfRange::Clamp);
  const CastRule wrap_rule = with(c.rule, c.rule.rounding, OutOfRange::Wrap);
  const CastResult none = cast(none_rule, c.bits, {});
  const CastResult clamp = cast(clamp_rule, c.bits, {});
  const CastResult wrap = cast(wrap_rule, c.bits, {});
  if (none.error != CastError::OutOfRange) {
    if (!clamp.same_outcome(none))
      return "clamp changes an in-range outcome: " + show_cast(clamp_rule, c.bits, clamp) +
             ", absent gives " + show_result(out, none);
    if (!wrap.same_outcome(none))
      return "wrap changes an in-range outcome: " + show_cast(wrap_rule, c.bits, wrap) +
             ", absent gives " + show_result(out, none);
    return std::nullopt;
  }
  const RationalValue x = value_of(*c.rule.input, c.bits);
  if (!is_number(x))
    return "out_of_range error for a non-number: " + show_cast(none_rule, c.bits, none);
  const bool above = x.value > rational::max_value(out);
  const bool below = x.value < rational::min_value(out);
  if (!above && !below)
    return "out_of_range error for x within [min, max]: " + show_cast(none_rule, c.bits, none);
  std::uint64_t expected = above ? out.max_finite_bits() : out.min_finite_bits();
  if (out.has_infinity() && x.value != 0)
    expected =
        ((1ull << out.exponent_bits) - 1) << out.mantissa_bits | (above ? 0 : out.sign_mask());
  if (!clamp.ok() || clamp.bits != expected)
    return "clamp of an out-of-range value: " + show_cast(clamp_rule, c.bits, clamp) +
           ", expected " + show_value(out, expected);
  if (out.is_integer() ? !wrap.ok() : wrap.error != CastError::WrapUndefined)
    return "wrap of an out-of-range value: " + show_cast(wrap_rule, c.bits, wrap);
  return std::nullopt;
}

// (viii) Negation symmetry between float types with a sign bit: cast(-x) under the mirrored
// rounding (towards-positive <-> towards-negative) is -cast(x), bit for bit (the sign bit flipped),
// except that a zero result in a type without -0 stays +0. Integers are not symmetric (min = -max -
// 1).
Failure check_negation(CastFunction cast, const CastCase& c) {
  const DataType& in = *c.rule.input;
  const DataType& out = *c.rule.output;
  if (!in.is_float() || !out.is_float() || !in.has_sign_bit() || !out.has_sign_bit())
    return std::nullopt;
  const RationalValue x = value_of(in, c.bits);
  if (x.kind == Kind::NaN || (x.kind == Kind::Finite && x.value == 0 && !in.has_negative_zero()))
    return std::nullopt;
  const std::uint64_t negated = c.bits ^ in.sign_mask();
  Rounding mirrored = c.rule.rounding;
  if (mirrored == Rounding::TowardsPositive)
    mirrored = Rounding::TowardsNegative;
  else if (mirrored == Rounding::TowardsNegative)
    mirrored = Rounding::TowardsPositive;
  const CastRule rule = with(c.rule, c.rule.rounding, c.rule.out_of_range);
  const CastRule mirror_rule = with(c.rule, mirrored, c.rule.out_of_range);
  const CastResult r = cast(rule, c.bits, {});
  const CastResult m = cast(mirror_rule, negated, {});
  std::optional<std::uint64_t> expected;
  if (r.ok()) {
    const RationalValue v = value_of(out, r.bits);
    const bool zero = is_number(v) && v.value == 0;
    expected = zero && !out.has_negative_zero() ? r.bits : r.bits ^ out.sign_mask();
  }
  if (r.ok() != m.ok() || (!r.ok() && r.error != m.error) || (r.ok() && m.bits != *expected))
    return "not symmetric under negation: " + show_cast(rule, c.bits, r) + " but " +
           show_cast(mirror_rule, negated, m);
  return std::nullopt;
}

// ---- Running the properties ----

struct Oracle {
  const char* name;
  CastFunction cast;
};
const Oracle kOracles[] = {{"fast", &cast_value}, {"slow", &slow::cast_value}};

using Check = Failure (*)(CastFunction, const CastCase&);

// One RapidCheck run: a batch of generated cases, each checked on both oracles. An exception (an
// oracle's internal error) is a failure too, reported with its case.
void check_oracles(Check check, std::span<const Oracle> oracles, CaseOptions options = {}) {
  const CaseBatch batch = *case_batches(options);
  for (const CastCase& c : batch.cases) {
    for (const Oracle& oracle : oracles) {
      Failure failure;
      try {
        failure = check(oracle.cast, c);
      } catch (const std::exception& e) {
        std::ostringstream text;
        showValue(c, text);
        failure = "exception \"" + std::string(e.what()) + "\" on " + text.str();
      }
      if (failure) RC_FAIL(std::string(oracle.name) + " oracle, " + *failure);
    }
  }
}

void check_both_oracles(Check check) {
  check_oracles(check, kOracles);
}

// (i) as a Check: `cast` agrees with the slow oracle.
Failure check_agrees_with_slow(CastFunction cast, const CastCase& c) {
  return check_agreement(&slow::cast_value, cast, c);
}
const Oracle kFastOnly[] = {{"fast", &cast_value}};

RC_GTEST_PROP(CastProperties, FastEqualsSlow, ()) {
  check_oracles(&check_agrees_with_slow, kFastOnly, {.scalar_map = true});
}

RC_GTEST_PROP(CastProperties, FastEqualsSlowUnderAlternativeReadings, ()) {
  check_oracles(&check_agrees_with_slow, kFastOnly, {.scalar_map = true, .alternatives = true});
}

RC_GTEST_PROP(CastProperties, DirectedResultsBracketTheValue, ()) {
  check_both_oracles(&check_bracket);
}

RC_GTEST_PROP(CastProperties, NearestIsNearest, ()) {
  check_both_oracles(&check_nearest);
}

RC_GTEST_PROP(CastProperties, ExactValuesRoundTrip, ()) {
  check_both_oracles(&check_exact_round_trip);
}

RC_GTEST_PROP(CastProperties, ClampIsMonotone, ()) {
  check_both_oracles(&check_clamp_monotone);
}

RC_GTEST_PROP(CastProperties, WrapIsCongruentModulo2N, ()) {
  check_both_oracles(&check_wrap_congruent);
}

RC_GTEST_PROP(CastProperties, OutOfRangeRuleActsOnlyOutOfRange, ()) {
  check_both_oracles(&check_out_of_range_only);
}

RC_GTEST_PROP(CastProperties, NegationSymmetry, ()) {
  check_both_oracles(&check_negation);
}

// ---- Teeth: each checking function reports a deliberately wrong cast function ----

CastRule rule_of(std::string_view from, std::string_view to, Rounding rounding,
                 OutOfRange out_of_range = OutOfRange::None) {
  return make_rule(data_type(from), data_type(to), rounding, out_of_range);
}

CastCase case_of(const CastRule& rule, std::uint64_t bits, std::uint64_t other = 0) {
  CastCase c;
  c.rule = rule;
  c.bits = bits;
  c.other = other;
  return c;
}

// float16 patterns used below: 2.5 = 0x4100, 2.75 = 0x4180, -2.5 = 0xc100, 300 = 0x5cb0,
// 1000 = 0x63d0, -1000 = 0xe3d0, -0 = 0x8000.
constexpr std::uint64_t kF16_2_5 = 0x4100, kF16_2_75 = 0x4180, kF16_minus_2_5 = 0xc100,
                        kF16_300 = 0x5cb0, kF16_1000 = 0x63d0, kF16_minus_1000 = 0xe3d0,
                        kF16_minus_0 = 0x8000;

// Wrong: nearest-even rounds ties away from zero.
CastResult ties_away_for_even(const CastRule& rule, std::uint64_t bits, const Readings& readings) {
  CastRule copy = rule;
  if (copy.rounding == Rounding::NearestEven) copy.rounding = Rounding::NearestAway;
  return slow::cast_value(copy, bits, readings);
}
// Wrong: towards-negative truncates (correct only for x >= 0).
CastResult floor_truncates(const CastRule& rule, std::uint64_t bits, const Readings& readings) {
  CastRule copy = rule;
  if (copy.rounding == Rounding::TowardsNegative) copy.rounding = Rounding::TowardsZero;
  return cast_value(copy, bits, readings);
}
// Wrong: both nearest modes truncate.
CastResult nearest_truncates(const CastRule& rule, std::uint64_t bits, const Readings& readings) {
  CastRule copy = rule;
  if (copy.rounding == Rounding::NearestEven || copy.rounding == Rounding::NearestAway)
    copy.rounding = Rounding::TowardsZero;
  return cast_value(copy, bits, readings);
}
// Wrong: a zero result loses its sign.
CastResult zero_loses_sign(const CastRule& rule, std::uint64_t bits, const Readings& readings) {
  CastResult result = cast_value(rule, bits, readings);
  if (result.ok() && is_negative_zero(*rule.output, result.bits)) result.bits = 0;
  return result;
}
// Wrong: clamp swaps the two ends of the range.
CastResult clamp_swaps_ends(const CastRule& rule, std::uint64_t bits, const Readings& readings) {
  CastResult result = cast_value(rule, bits, readings);
  if (result.ok() && result.range == RangeAction::Clamped) {
    const DataType& out = *rule.output;
    result.bits =
        result.bits == out.max_finite_bits() ? out.min_finite_bits() : out.max_finite_bits();
  }
  return result;
}
// Wrong: wrap is off by one.
CastResult wrap_off_by_one(const CastRule& rule, std::uint64_t bits, const Readings& readings) {
  CastResult result = cast_value(rule, bits, readings);
  if (result.ok() && result.range == RangeAction::Wrapped)
    result.bits = (result.bits + 1) & rule.output->bit_mask();
  return result;
}
// Wrong: clamp saturates in-range values too (every positive result becomes max).
CastResult clamp_everything(const CastRule& rule, std::uint64_t bits, const Readings& readings) {
  CastResult result = cast_value(rule, bits, readings);
  if (result.ok() && rule.out_of_range == OutOfRange::Clamp &&
      result.range == RangeAction::InRange && value_of(*rule.output, result.bits).value > 0)
    result.bits = rule.output->max_finite_bits();
  return result;
}
// Wrong only in the range step: the right bits, but a clamped value reported as in range.
CastResult clamp_reported_in_range(const CastRule& rule, std::uint64_t bits,
                                   const Readings& readings) {
  CastResult result = cast_value(rule, bits, readings);
  if (result.range == RangeAction::Clamped) result.range = RangeAction::InRange;
  return result;
}
// Wrong: towards-positive truncates (so it is not the mirror of towards-negative).
CastResult ceiling_truncates(const CastRule& rule, std::uint64_t bits, const Readings& readings) {
  CastRule copy = rule;
  if (copy.rounding == Rounding::TowardsPositive) copy.rounding = Rounding::TowardsZero;
  return cast_value(copy, bits, readings);
}

// How many of `count` generated cases (fixed seed) the check reports for `cast`.
int generated_failures(Check check, CastFunction cast, int count, std::uint64_t seed) {
  gen::Rng rng(seed);
  int failures = 0;
  for (int i = 0; i < count; ++i)
    if (check(cast, draw_case(rng))) ++failures;
  return failures;
}

TEST(PropertyTeeth, AgreementReportsTiesRoundedTheWrongWay) {
  // 2.5 to int8: nearest-even gives 2, the wrong function 3.
  const CastCase c = case_of(rule_of("float16", "int8", Rounding::NearestEven), kF16_2_5);
  EXPECT_FALSE(check_agreement(&cast_value, &cast_value, c));
  EXPECT_TRUE(check_agreement(&cast_value, &ties_away_for_even, c));
  EXPECT_TRUE(check_nearest(&ties_away_for_even, c));
  EXPECT_GT(generated_failures(&check_agrees_with_slow, &ties_away_for_even, 4000, 1), 0);
}

TEST(PropertyTeeth, AgreementReportsARangeStepWithTheRightBits) {
  // 1000 to int8 under clamp: 127 from both, but the wrong function says it was in range.
  const CastCase c =
      case_of(rule_of("float16", "int8", Rounding::NearestEven, OutOfRange::Clamp), kF16_1000);
  EXPECT_FALSE(check_agreement(&cast_value, &cast_value, c));
  EXPECT_TRUE(check_agreement(&cast_value, &clamp_reported_in_range, c));
  EXPECT_GT(generated_failures(&check_agrees_with_slow, &clamp_reported_in_range, 4000, 1), 0);
}

TEST(PropertyTeeth, BracketReportsFloorThatTruncates) {
  // -2.5 towards-negative must be -3; truncation gives -2 > -2.5.
  const CastCase c = case_of(rule_of("float16", "int8", Rounding::TowardsNegative), kF16_minus_2_5);
  EXPECT_FALSE(check_bracket(&cast_value, c));
  EXPECT_TRUE(check_bracket(&floor_truncates, c));
  EXPECT_GT(generated_failures(&check_bracket, &floor_truncates, 2000, 2), 0);
}

TEST(PropertyTeeth, NearestReportsTruncation) {
  // 2.75: the neighbours are 2 and 3; truncation gives 2, farther than 3.
  const CastCase c = case_of(rule_of("float16", "int8", Rounding::NearestEven), kF16_2_75);
  EXPECT_FALSE(check_nearest(&cast_value, c));
  EXPECT_TRUE(check_nearest(&nearest_truncates, c));
  EXPECT_GT(generated_failures(&check_nearest, &nearest_truncates, 2000, 3), 0);
}

TEST(PropertyTeeth, ExactRoundTripReportsLostZeroSign) {
  const CastCase c = case_of(rule_of("float16", "float32", Rounding::NearestEven), kF16_minus_0);
  EXPECT_FALSE(check_exact_round_trip(&cast_value, c));
  EXPECT_TRUE(check_exact_round_trip(&zero_loses_sign, c));
  // -0 into int8 and back gives +0: that is right, not a failure.
  EXPECT_FALSE(check_exact_round_trip(
      &cast_value, case_of(rule_of("float16", "int8", Rounding::NearestEven), kF16_minus_0)));
  EXPECT_GT(generated_failures(&check_exact_round_trip, &zero_loses_sign, 4000, 4), 0);
}

TEST(PropertyTeeth, ClampMonotoneReportsSwappedEnds) {
  const CastCase c = case_of(rule_of("float16", "int8", Rounding::NearestEven, OutOfRange::Clamp),
                             kF16_1000, kF16_minus_1000);
  EXPECT_FALSE(check_clamp_monotone(&cast_value, c));
  EXPECT_TRUE(check_clamp_monotone(&clamp_swaps_ends, c));
  EXPECT_GT(generated_failures(&check_clamp_monotone, &clamp_swaps_ends, 2000, 5), 0);
}

TEST(PropertyTeeth, WrapCongruenceReportsOffByOne) {
  // 300 wraps to 44 in uint8; the wrong function gives 45.
  const CastCase c =
      case_of(rule_of("float16", "uint8", Rounding::NearestEven, OutOfRange::Wrap), kF16_300);
  EXPECT_FALSE(check_wrap_congruent(&cast_value, c));
  EXPECT_TRUE(check_wrap_congruent(&wrap_off_by_one, c));
  EXPECT_GT(generated_failures(&check_wrap_congruent, &wrap_off_by_one, 2000, 6), 0);
}

TEST(PropertyTeeth, OutOfRangeOnlyReportsClampInRange) {
  const CastCase c = case_of(rule_of("float16", "int8", Rounding::NearestEven), kF16_2_5);
  EXPECT_FALSE(check_out_of_range_only(&cast_value, c));
  EXPECT_TRUE(check_out_of_range_only(&clamp_everything, c));
  EXPECT_GT(generated_failures(&check_out_of_range_only, &clamp_everything, 2000, 7), 0);
}

TEST(PropertyTeeth, NegationReportsAsymmetricRounding) {
  // 2.5 towards-negative to float4_e2m1fn is 2; -2.5 towards-positive must be -2, and the wrong
  // function's towards-positive is right for -2.5 but gives 2 for 2.5 (not 3).
  const CastCase c =
      case_of(rule_of("float16", "float4_e2m1fn", Rounding::TowardsNegative), kF16_minus_2_5);
  EXPECT_FALSE(check_negation(&cast_value, c));
  const CastCase up =
      case_of(rule_of("float16", "float4_e2m1fn", Rounding::TowardsPositive), kF16_2_5);
  EXPECT_FALSE(check_negation(&cast_value, up));
  EXPECT_TRUE(check_negation(&ceiling_truncates, up));
  EXPECT_GT(generated_failures(&check_negation, &ceiling_truncates, 4000, 8), 0);
}

// ---- The generator itself ----

TEST(BoundaryValues, SplitMix64MatchesTheReferenceOutput) {
  // The first outputs of the reference splitmix64.c for seed 1234567.
  std::uint64_t state = 1234567;
  EXPECT_EQ(gen::splitmix64(state), 6457827717110365317ull);
  EXPECT_EQ(gen::splitmix64(state), 3203168211198807973ull);
  EXPECT_EQ(gen::splitmix64(state), 9817491932198370423ull);
}

TEST(BoundaryValues, RngIsDeterministicAndUniformIsInRange) {
  gen::Rng a(42), b(42);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(a.next(), b.next());
  gen::Rng rng(7);
  std::vector<int> counts(7);
  for (int i = 0; i < 7000; ++i) {
    const std::uint64_t v = rng.uniform(7);
    ASSERT_LT(v, 7u);
    ++counts[v];
  }
  for (int count : counts) EXPECT_GT(count, 800);  // about 1000 each
  EXPECT_EQ(rng.uniform(1), 0u);
  EXPECT_LT(rng.bits(3), 8u);
}

TEST(BoundaryValues, ListsContainTheKeyPatterns) {
  const auto contains = [](std::string_view type, std::uint64_t bits) {
    const auto list = gen::boundary_patterns(data_type(type));
    return std::find(list.begin(), list.end(), bits) != list.end();
  };
  // float16: +0, -0, min subnormal, max subnormal, min normal, 1.0, max, +inf, a NaN.
  for (std::uint64_t bits :
       {0x0000, 0x8000, 0x0001, 0x03ff, 0x0400, 0x3c00, 0x7bff, 0x7c00, 0x7e00})
    EXPECT_TRUE(contains("float16", bits)) << std::hex << bits;
  // int8: 0, 1, -1, 2, 64, 63, 65, min, min + 1, max, max - 1.
  for (std::uint64_t bits : {0x00, 0x01, 0xff, 0x02, 0x40, 0x3f, 0x41, 0x80, 0x81, 0x7f, 0x7e})
    EXPECT_TRUE(contains("int8", bits)) << std::hex << bits;
  // uint64: max and max - 1.
  EXPECT_TRUE(contains("uint64", ~0ull));
  EXPECT_TRUE(contains("uint64", ~0ull - 1));
  // Every pattern is within the width.
  for (const DataType& type : all_data_types())
    for (std::uint64_t bits : gen::boundary_patterns(type)) EXPECT_EQ(bits & ~type.bit_mask(), 0u);
}

TEST(BoundaryValues, CastBoundariesHoldTiesAndRangeEdges) {
  const auto& list = gen::cast_boundary_patterns(data_type("float32"), data_type("float16"));
  const auto contains = [&](std::uint64_t bits) {
    return std::find(list.begin(), list.end(), bits) != list.end();
  };
  // float16 max 65504 = 0x477fe000; the overflow tie 65520 = 0x477ff000 and its neighbours;
  // 1 + 2^-11 (the tie above 1.0) = 0x3f801000.
  EXPECT_TRUE(contains(0x477fe000));
  EXPECT_TRUE(contains(0x477ff000));
  EXPECT_TRUE(contains(0x477fefff));
  EXPECT_TRUE(contains(0x477ff001));
  EXPECT_TRUE(contains(0x3f801000));
  // Deterministic: the same pattern sequence for the same seed.
  gen::Rng a(9), b(9);
  for (int i = 0; i < 200; ++i)
    EXPECT_EQ(gen::cast_boundary_weighted_pattern(data_type("float64"), data_type("int16"), a),
              gen::cast_boundary_weighted_pattern(data_type("float64"), data_type("int16"), b));
}

TEST(BoundaryValues, NeighboursStepByOneValue) {
  const DataType& f16 = data_type("float16");
  EXPECT_EQ(gen::neighbour_pattern(f16, 0x3c00, true), 0x3c01u);
  EXPECT_EQ(gen::neighbour_pattern(f16, 0xbc00, true), 0xbbffu);  // -1 up is towards zero
  EXPECT_EQ(gen::neighbour_pattern(f16, 0x8001, true), 0x8000u);  // -min subnormal up is -0
  EXPECT_FALSE(gen::neighbour_pattern(f16, 0x7bff, true));        // max up: infinity
  EXPECT_FALSE(gen::neighbour_pattern(f16, 0x0000, false));
  const DataType& i8 = data_type("int8");
  EXPECT_EQ(gen::neighbour_pattern(i8, 0xff, true), 0x00u);
  EXPECT_FALSE(gen::neighbour_pattern(i8, 0x7f, true));
  EXPECT_FALSE(gen::neighbour_pattern(i8, 0x80, false));
}

}  // namespace
}  // namespace cvc::properties_test
