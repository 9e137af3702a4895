// The 26 data types cast_value supports, as one table of facts.
//
// Every other part of the project (fast oracle, slow oracle, JSON scalars, generators) reads the
// type facts from here and nowhere else. Derived facts (largest finite value, canonical NaN, ...)
// are computed from the table fields by the member functions below, never restated.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace cvc {

enum class Family : std::uint8_t { SignedInteger, UnsignedInteger, BinaryFloat };

// How a float type uses its special encodings (spec: data-types/*.md).
enum class Specials : std::uint8_t {
  IEEE,                // exponent all ones: infinity (mantissa 0) or NaN (mantissa != 0); +0 and -0
  FiniteNoNaN,         // "fn": every pattern is a finite number; +0 and -0; no NaN, no infinity
  FiniteNaNAtNegZero,  // "fnuz": the negative-zero pattern 0b1000... is the only NaN; no -0, no inf
  UnsignedNoZero,      // "fnu" (e8m0): no sign bit, no zero, no subnormals; all ones is NaN
};

// Out of line and cold: canonical_nan() of a type without NaN is a caller's bug.
[[noreturn]] void throw_no_nan(std::string_view type_name);

// Facts derived from a type's table fields that the fast oracle reads on every cast: each is
// computed once per type, when the table is built at compile time (derive_facts in data_type.cpp
// has the formulas), and read by the accessor of the same name below.
struct DerivedFacts {
  std::uint64_t bit_mask = 0;
  std::uint64_t sign_mask = 0;
  std::uint64_t exponent_field_mask = 0;  // (2^exponent_bits - 1): the field, not shifted
  std::uint64_t max_finite_bits = 0;
  std::uint64_t min_finite_bits = 0;
  std::uint64_t integer_max_magnitude = 0;
  std::uint64_t integer_min_magnitude = 0;
  int max_biased_exponent = 0;
  int min_exponent = 0;
  int max_exponent = 0;
};

struct DataType {
  std::string_view name;
  Family family;
  int bits;  // N: the width of the value in bits (storage is ceil(N/8) bytes, low bits)
  // Binary floats only (zero for integers):
  int exponent_bits;
  int mantissa_bits;  // stored significand bits, without the implicit leading bit
  int bias;
  Specials specials;
  DerivedFacts derived;  // filled from the fields above when the table is built

  constexpr bool is_integer() const { return family != Family::BinaryFloat; }
  constexpr bool is_float() const { return family == Family::BinaryFloat; }
  // Can hold negative numbers.
  constexpr bool is_signed() const {
    return family == Family::SignedInteger || (is_float() && has_sign_bit());
  }
  constexpr int storage_bytes() const { return (bits + 7) / 8; }
  constexpr std::uint64_t bit_mask() const { return derived.bit_mask; }

  // Float facts.
  constexpr bool has_sign_bit() const { return is_float() && specials != Specials::UnsignedNoZero; }
  constexpr bool has_infinity() const { return is_float() && specials == Specials::IEEE; }
  constexpr bool has_nan() const { return is_float() && specials != Specials::FiniteNoNaN; }
  constexpr bool has_zero() const { return specials != Specials::UnsignedNoZero || is_integer(); }
  constexpr bool has_negative_zero() const {
    return is_float() && (specials == Specials::IEEE || specials == Specials::FiniteNoNaN);
  }
  constexpr bool has_subnormals() const {
    return is_float() && specials != Specials::UnsignedNoZero;
  }
  constexpr std::uint64_t sign_mask() const { return derived.sign_mask; }
  // Of the largest finite value: IEEE reserves all ones for inf/NaN, e8m0fnu for its NaN (0xFF).
  constexpr int max_biased_exponent() const { return derived.max_biased_exponent; }
  // Unbiased exponent of the smallest normal number (the subnormal quantum is 2^(min_exponent -
  // mantissa_bits)). For e8m0, whose pattern 0 is the normal number 2^-127, this is -127.
  constexpr int min_exponent() const { return derived.min_exponent; }
  constexpr int max_exponent() const { return derived.max_exponent; }
  // The pattern the "NaN" fill value denotes. IEEE: sign 0, exponent all ones, mantissa MSB set
  // (core-data-types.rst); fnuz: 0b1000'0000; e8m0fnu: 0b1111'1111.
  constexpr std::uint64_t canonical_nan() const {
    switch (specials) {
      case Specials::IEEE:
        return infinity_bits(false) | 1ull << (mantissa_bits - 1);
      case Specials::FiniteNaNAtNegZero:
        return 1ull << (bits - 1);
      case Specials::UnsignedNoZero:
        return bit_mask();
      case Specials::FiniteNoNaN:
        break;
    }
    throw_no_nan(name);
  }
  // IEEE types only: exponent all ones.
  constexpr std::uint64_t infinity_bits(bool negative) const {
    return derived.exponent_field_mask << mantissa_bits | (negative ? sign_mask() : 0);
  }
  constexpr std::uint64_t max_finite_bits() const { return derived.max_finite_bits; }
  // Most negative (for e8m0: the smallest, 2^-127).
  constexpr std::uint64_t min_finite_bits() const { return derived.min_finite_bits; }

  // Integer facts, as two's complement bit patterns of width `bits`.
  // Magnitudes: the largest value is max_magnitude(); the most negative is -min_magnitude().
  constexpr std::uint64_t integer_max_magnitude() const { return derived.integer_max_magnitude; }
  constexpr std::uint64_t integer_min_magnitude() const { return derived.integer_min_magnitude; }
};

inline constexpr int kDataTypeCount = 26;
const std::array<DataType, kDataTypeCount>& all_data_types();
// nullptr when `name` is not one of the 26 supported types.
const DataType* find_data_type(std::string_view name);
const DataType& data_type(std::string_view name);  // throws std::invalid_argument when unknown

// "0x7e": a pattern as lowercase hex, two digits per storage byte (the spec's "0x..." form).
std::string pattern_hex(const DataType& type, std::uint64_t bits);

}  // namespace cvc
