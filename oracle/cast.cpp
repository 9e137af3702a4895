// The fast oracle. Each step below is a section of docs/procedure.md, in the spec's order.
// Only native integers: a value is significand * 2^exponent with a 64-bit significand; rounding
// uses the kept bits, the first dropped bit (half) and whether anything else was dropped.
#include "oracle/cast.hpp"

#include <array>
#include <bit>
#include <climits>
#include <optional>
#include <utility>

#include "oracle/exact_value.hpp"
#include "oracle/grid_rounding.hpp"

namespace cvc {
namespace {

using grid::beyond_largest;
using grid::encode_bits;
using grid::leading_exponent;
using grid::Magnitude;
using grid::round_to_grid;
using grid::wrapped_bits;

// Does this mode, for a value of this sign, round towards zero (IEEE overflow gives max)?
bool rounds_towards_zero(Rounding rounding, bool negative) {
  return rounding == Rounding::TowardsZero ||
         (rounding == Rounding::TowardsNegative && !negative) ||
         (rounding == Rounding::TowardsPositive && negative);
}

// Clamp (procedure step 5): beyond max gives max (or +Infinity), below min gives min (or
// -Infinity). `above` says on which side of the range the value lies.
std::uint64_t clamped_bits(const DataType& type, bool above) {
  if (type.has_infinity()) return type.infinity_bits(!above);
  return above ? type.max_finite_bits() : type.min_finite_bits();
}

CastResult error(CastStep step, CastError kind, RangeAction range = RangeAction::InRange) {
  CastResult result;
  result.step = step;
  result.error = kind;
  result.range = range;
  return result;
}

CastResult value(CastStep step, std::uint64_t bits, RangeAction range = RangeAction::InRange) {
  CastResult result;
  result.step = step;
  result.bits = bits;
  result.range = range;
  return result;
}

// Step 1: does scalar_map key `key` match input `x`?
bool key_matches(const ExactValue& key, std::uint64_t key_bits, const ExactValue& x,
                 std::uint64_t x_bits, const Readings& readings) {
  if (key.is_nan() || x.is_nan()) {
    if (!key.is_nan() || !x.is_nan()) return false;
    return readings.is_default(Flag::MapNaNPayload) || key_bits == x_bits;
  }
  if (key.is_zero() && x.is_zero()) {
    return readings.is_default(Flag::MapSignedZero) || key.negative == x.negative;
  }
  return same_number(key, x);
}

// Step 1 (apart and out of line, as most rules have no scalar_map): the first matching entry.
[[gnu::noinline]] std::optional<CastResult> scalar_map_result(const CastRule& rule,
                                                              const ExactValue& x,
                                                              std::uint64_t input_bits,
                                                              const Readings& readings) {
  for (std::size_t i = 0; i < rule.scalar_map.size(); ++i) {
    const ScalarMapEntry& entry = rule.scalar_map[i];
    if (key_matches(decode_exact(*rule.input, entry.input_bits), entry.input_bits, x, input_bits,
                    readings)) {
      CastResult result = value(CastStep::ScalarMap, entry.output_bits & rule.output->bit_mask());
      result.map_entry = static_cast<int>(i);
      return result;
    }
  }
  return std::nullopt;
}

// Step 2 (apart and out of line, as it is rare: inlined, it cost every cast a few instructions).
[[gnu::noinline]] CastResult special_value_result(const CastRule& rule, const ExactValue& x,
                                                  const Readings& readings) {
  const DataType& out = *rule.output;
  if (x.is_nan()) {
    if (!out.has_nan()) return error(CastStep::NaN, CastError::NaNNotRepresentable);
    if (out.specials != Specials::IEEE && readings[Flag::NaNNonIEEE] == kNaNNonIEEEError)
      return error(CastStep::NaN, CastError::NaNNotRepresentable);
    return value(CastStep::NaN, out.canonical_nan());
  }
  if (out.has_infinity()) return value(CastStep::Infinity, out.infinity_bits(x.negative));
  if (rule.out_of_range == OutOfRange::Clamp && readings[Flag::InfClamp] == kInfClampToMax)
    return value(CastStep::Infinity, clamped_bits(out, !x.negative), RangeAction::Clamped);
  return error(CastStep::Infinity, CastError::InfinityNotRepresentable);
}

// Step 3: is this zero refused? Only -0 into a type with a zero but no -0, under the alternative
// of NegZeroNoSign (by default it is +0 there).
bool negative_zero_refused(const DataType& out, const ExactValue& x, const Readings& readings) {
  return x.negative && out.has_zero() && !out.has_negative_zero() &&
         readings[Flag::NegZeroNoSign] == kNegZeroNoSignError;
}

// Step 5: on which side of the output's range [min, max] the rounded r lies, if outside.
enum class Side : std::uint8_t { Inside, Below, Above };

[[gnu::always_inline]] inline Side range_side(const DataType& out, bool negative,
                                              const Magnitude& r) {
  if (r.significand == 0) return out.has_zero() ? Side::Inside : Side::Below;  // e8m0fnu: no zero
  if (negative && !out.is_signed()) return Side::Below;  // a negative value into an unsigned type
  if (beyond_largest(out, negative, r)) return negative ? Side::Below : Side::Above;
  if (out.specials == Specials::UnsignedNoZero && out.is_float() &&
      leading_exponent(r) < out.min_exponent())
    return Side::Below;  // e8m0fnu: below 2^-127
  return Side::Inside;
}

// Step 5 for an r outside the range: the readings that decide first (E8M0Low below e8m0fnu's
// range, DirectedOverflow's IEEE overflow), then the out_of_range rule: absent, clamp or wrap.
[[gnu::always_inline]] inline CastResult apply_out_of_range(const CastRule& rule,
                                                            const ExactValue& x, const Magnitude& r,
                                                            Side side, CastStep step,
                                                            const Readings& readings) {
  const DataType& out = *rule.output;
  const bool above = side == Side::Above;
  if (out.specials == Specials::UnsignedNoZero && !above) {
    if (readings[Flag::E8M0Low] == kE8M0LowNaN)
      return value(step, out.canonical_nan(), RangeAction::ToNaN);
    if (readings[Flag::E8M0Low] == kE8M0LowRoundUpToMin && !x.negative && !x.is_zero())
      return value(step, out.min_finite_bits());
  }
  const bool sign_allowed = !x.negative || out.is_signed();
  const bool beyond_finite =
      out.is_float() && r.significand != 0 && sign_allowed && (above || x.negative);
  if (beyond_finite && readings[Flag::DirectedOverflow] == kDirectedOverflowIEEE &&
      rounds_towards_zero(rule.rounding, x.negative)) {
    return value(step, x.negative ? out.min_finite_bits() : out.max_finite_bits());
  }
  OutOfRange action = rule.out_of_range;
  if (action == OutOfRange::Wrap && out.is_float()) {
    if (readings[Flag::DecodeWrapFloat] != kDecodeWrapFloatClamp)
      return error(step, CastError::WrapUndefined, RangeAction::Failed);
    action = OutOfRange::Clamp;
  }
  // Every rule has one of the three: a return after the switch cost the wrap path 10% (cvc_bench).
  switch (action) {
    case OutOfRange::None:
      return error(step, CastError::OutOfRange, RangeAction::Failed);
    case OutOfRange::Clamp:
      return value(step, clamped_bits(out, above), RangeAction::Clamped);
    case OutOfRange::Wrap:
      return value(step, wrapped_bits(out, x.negative, r), RangeAction::Wrapped);
  }
  __builtin_unreachable();
}

// Step 6: the sign the in-range r is encoded with. A negative value rounded to zero keeps its
// sign, as in IEEE 754 (RoundedNegativeZero; the alternative gives +0).
bool encoded_negative(const ExactValue& x, const Magnitude& r, bool inexact,
                      const Readings& readings) {
  return x.negative && !(r.significand == 0 && inexact &&
                         readings[Flag::RoundedNegativeZero] == kRoundedNegativeZeroPositive);
}

// The procedure itself, for every type pair: the spec's steps in the spec's order, each a
// function above. Inlined into each specialisation below.
[[gnu::always_inline]] inline CastResult cast_procedure(const CastRule& rule,
                                                        std::uint64_t input_bits,
                                                        const Readings& readings) {
  const DataType& out = *rule.output;
  const ExactValue x = decode_exact(*rule.input, input_bits);

  // 1. scalar_map: the first matching key wins; its output is final.
  if (!rule.scalar_map.empty()) {
    if (const std::optional<CastResult> mapped = scalar_map_result(rule, x, input_bits, readings))
      return *mapped;
  }

  // 2. Special values: NaN and infinities.
  if (!x.is_finite()) return special_value_result(rule, x, readings);

  bool inexact = false;
  Magnitude r{0, 0};
  if (x.is_zero()) {
    // 3. Zero keeps its sign where the output has -0; elsewhere it is +0 (NegZeroNoSign).
    if (negative_zero_refused(out, x, readings))
      return error(CastStep::Exact, CastError::NegativeZeroNotRepresentable);
  } else {
    // 4. Rounding onto the output grid (exact when nothing is dropped).
    r = round_to_grid(out, x, rule.rounding, readings, inexact);
  }
  const CastStep step = inexact ? CastStep::Rounded : CastStep::Exact;

  // 5. out_of_range: an r outside [min, max] goes to the out_of_range rule.
  const Side side = range_side(out, x.negative, r);
  if (side != Side::Inside) return apply_out_of_range(rule, x, r, side, step, readings);

  // 6. Encode the in-range value.
  return value(step, encode_bits(out, encoded_negative(x, r, inexact, readings), r));
}

// ---- Specialisation by kind of type -------------------------------------------------------------
// A type's kind (family and specials) decides most of the procedure's branches on type facts. The
// procedure is compiled once per pair of kinds, each copy told its kinds and with every step
// inlined, so that the compiler folds those branches away (wide casts 1.4-1.8x faster, measured by
// cvc_bench); the pair of kinds is looked up once per cast. Every copy is the same source:
// cast_procedure.

struct Kind {
  Family family;
  Specials specials;
};
// Integers carry Specials::IEEE in the table (data_type.cpp): the field means nothing for them.
constexpr std::array<Kind, 6> kKinds = {{{Family::SignedInteger, Specials::IEEE},
                                         {Family::UnsignedInteger, Specials::IEEE},
                                         {Family::BinaryFloat, Specials::IEEE},
                                         {Family::BinaryFloat, Specials::FiniteNoNaN},
                                         {Family::BinaryFloat, Specials::FiniteNaNAtNegZero},
                                         {Family::BinaryFloat, Specials::UnsignedNoZero}}};

// The position of a type's kind in kKinds, by arithmetic on the enums (checked below).
constexpr int kind_index(Family family, Specials specials) {
  return family == Family::BinaryFloat ? 2 + static_cast<int>(specials) : static_cast<int>(family);
}
static_assert([] {
  for (std::size_t i = 0; i < kKinds.size(); ++i)
    if (kind_index(kKinds[i].family, kKinds[i].specials) != static_cast<int>(i)) return false;
  return true;
}());

// Flattened: every step inlined, so that the promise reaches them (scalar_map and special values
// stay out of line: they are rare). Aligned to 64 bytes, so that code added elsewhere in the file
// does not shift them against cache lines (that alone moved the wrap case by 8% in cvc_bench).
template <int Input, int Output>
[[gnu::flatten, gnu::aligned(64)]] CastResult cast_between_kinds(const CastRule& rule,
                                                                 std::uint64_t input_bits,
                                                                 const Readings& readings) {
  constexpr Kind in = kKinds[Input], out = kKinds[Output];
  // A promise, not a check: the dispatch below only calls this copy for these kinds.
  if (rule.input->family != in.family || rule.input->specials != in.specials ||
      rule.output->family != out.family || rule.output->specials != out.specials)
    __builtin_unreachable();
  return cast_procedure(rule, input_bits, readings);
}

using CastFunction = CastResult (*)(const CastRule&, std::uint64_t, const Readings&);

template <std::size_t... Pairs>
constexpr std::array<CastFunction, sizeof...(Pairs)> cast_functions(std::index_sequence<Pairs...>) {
  return {&cast_between_kinds<static_cast<int>(Pairs / kKinds.size()),
                              static_cast<int>(Pairs % kKinds.size())>...};
}
constexpr auto kCastFunctions =
    cast_functions(std::make_index_sequence<kKinds.size() * kKinds.size()>());

}  // namespace

CastResult cast_value(const CastRule& rule, std::uint64_t input_bits, const Readings& readings) {
  const int in = kind_index(rule.input->family, rule.input->specials);
  const int out = kind_index(rule.output->family, rule.output->specials);
  return kCastFunctions[static_cast<std::size_t>(in) * kKinds.size() +
                        static_cast<std::size_t>(out)](rule, input_bits, readings);
}

}  // namespace cvc
