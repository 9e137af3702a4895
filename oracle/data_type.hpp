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

struct DataType {
  std::string_view name;
  Family family;
  int bits;  // N: the width of the value in bits (storage is ceil(N/8) bytes, low bits)
  // Binary floats only (zero for integers):
  int exponent_bits;
  int mantissa_bits;  // stored significand bits, without the implicit leading bit
  int bias;
  Specials specials;

  bool is_integer() const { return family != Family::BinaryFloat; }
  bool is_float() const { return family == Family::BinaryFloat; }
  bool is_signed() const;  // can hold negative numbers
  int storage_bytes() const { return (bits + 7) / 8; }
  std::uint64_t bit_mask() const { return bits == 64 ? ~0ull : (1ull << bits) - 1; }

  // Float facts.
  bool has_sign_bit() const { return is_float() && specials != Specials::UnsignedNoZero; }
  bool has_infinity() const { return is_float() && specials == Specials::IEEE; }
  bool has_nan() const;
  bool has_zero() const { return specials != Specials::UnsignedNoZero || is_integer(); }
  bool has_negative_zero() const;
  bool has_subnormals() const { return is_float() && specials != Specials::UnsignedNoZero; }
  std::uint64_t sign_mask() const { return has_sign_bit() ? 1ull << (bits - 1) : 0; }
  int max_biased_exponent() const;  // of the largest finite value
  // Unbiased exponent of the smallest normal number (the subnormal quantum is 2^(min_exponent -
  // mantissa_bits)). For e8m0, whose pattern 0 is the normal number 2^-127, this is -127.
  int min_exponent() const;
  int max_exponent() const { return max_biased_exponent() - bias; }
  std::uint64_t canonical_nan() const;               // the pattern the "NaN" fill value denotes
  std::uint64_t infinity_bits(bool negative) const;  // IEEE types only: exponent all ones
  std::uint64_t max_finite_bits() const;
  std::uint64_t min_finite_bits() const;  // most negative (for e8m0: the smallest, 2^-127)

  // Integer facts, as two's complement bit patterns of width `bits`.
  // Magnitudes: the largest value is max_magnitude(); the most negative is -min_magnitude().
  std::uint64_t integer_max_magnitude() const;
  std::uint64_t integer_min_magnitude() const;
};

inline constexpr int kDataTypeCount = 26;
const std::array<DataType, kDataTypeCount>& all_data_types();
// nullptr when `name` is not one of the 26 supported types.
const DataType* find_data_type(std::string_view name);
const DataType& data_type(std::string_view name);  // throws std::invalid_argument when unknown

// "0x7e": a pattern as lowercase hex, two digits per storage byte (the spec's "0x..." form).
std::string pattern_hex(const DataType& type, std::uint64_t bits);

}  // namespace cvc
