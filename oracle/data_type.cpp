#include "oracle/data_type.hpp"

#include <stdexcept>
#include <string>

namespace cvc {
namespace {

constexpr DataType integer(std::string_view name, Family family, int bits) {
  return DataType{name, family, bits, 0, 0, 0, Specials::IEEE};
}
constexpr DataType binary_float(std::string_view name, int bits, int e, int m, int bias,
                                Specials specials) {
  return DataType{name, Family::BinaryFloat, bits, e, m, bias, specials};
}

// The table. Sources: ../shared/spec/data-types/*.md (sub-byte and float8 types) and
// core-data-types.rst (int8..uint64, float16..float64).
constexpr std::array<DataType, kDataTypeCount> kTable = {
    integer("int2", Family::SignedInteger, 2),
    integer("int4", Family::SignedInteger, 4),
    integer("int8", Family::SignedInteger, 8),
    integer("int16", Family::SignedInteger, 16),
    integer("int32", Family::SignedInteger, 32),
    integer("int64", Family::SignedInteger, 64),
    integer("uint2", Family::UnsignedInteger, 2),
    integer("uint4", Family::UnsignedInteger, 4),
    integer("uint8", Family::UnsignedInteger, 8),
    integer("uint16", Family::UnsignedInteger, 16),
    integer("uint32", Family::UnsignedInteger, 32),
    integer("uint64", Family::UnsignedInteger, 64),
    binary_float("float4_e2m1fn", 4, 2, 1, 1, Specials::FiniteNoNaN),
    binary_float("float6_e2m3fn", 6, 2, 3, 1, Specials::FiniteNoNaN),
    binary_float("float6_e3m2fn", 6, 3, 2, 3, Specials::FiniteNoNaN),
    binary_float("float8_e3m4", 8, 3, 4, 3, Specials::IEEE),
    binary_float("float8_e4m3", 8, 4, 3, 7, Specials::IEEE),
    binary_float("float8_e4m3b11fnuz", 8, 4, 3, 11, Specials::FiniteNaNAtNegZero),
    binary_float("float8_e4m3fnuz", 8, 4, 3, 8, Specials::FiniteNaNAtNegZero),
    binary_float("float8_e5m2", 8, 5, 2, 15, Specials::IEEE),
    binary_float("float8_e5m2fnuz", 8, 5, 2, 16, Specials::FiniteNaNAtNegZero),
    binary_float("float8_e8m0fnu", 8, 8, 0, 127, Specials::UnsignedNoZero),
    binary_float("bfloat16", 16, 8, 7, 127, Specials::IEEE),
    binary_float("float16", 16, 5, 10, 15, Specials::IEEE),
    binary_float("float32", 32, 8, 23, 127, Specials::IEEE),
    binary_float("float64", 64, 11, 52, 1023, Specials::IEEE),
};

}  // namespace

bool DataType::is_signed() const {
  return family == Family::SignedInteger || (is_float() && has_sign_bit());
}

bool DataType::has_nan() const {
  return is_float() && specials != Specials::FiniteNoNaN;
}

bool DataType::has_negative_zero() const {
  return is_float() && (specials == Specials::IEEE || specials == Specials::FiniteNoNaN);
}

int DataType::max_biased_exponent() const {
  const int all_ones = (1 << exponent_bits) - 1;
  switch (specials) {
    case Specials::IEEE:
      return all_ones - 1;  // all ones is reserved for inf/NaN
    case Specials::UnsignedNoZero:
      return all_ones - 1;  // 0xFF is NaN
    default:
      return all_ones;
  }
}

int DataType::min_exponent() const {
  return specials == Specials::UnsignedNoZero ? -bias : 1 - bias;
}

std::uint64_t DataType::canonical_nan() const {
  switch (specials) {
    case Specials::IEEE:  // sign 0, exponent all ones, mantissa MSB set (core-data-types.rst)
      return infinity_bits(false) | 1ull << (mantissa_bits - 1);
    case Specials::FiniteNaNAtNegZero:
      return 1ull << (bits - 1);  // 0b1000'0000
    case Specials::UnsignedNoZero:
      return bit_mask();  // 0b1111'1111
    case Specials::FiniteNoNaN:
      break;
  }
  throw std::logic_error(std::string(name) + " has no NaN");
}

std::uint64_t DataType::infinity_bits(bool negative) const {
  return ((1ull << exponent_bits) - 1) << mantissa_bits | (negative ? sign_mask() : 0);
}

std::uint64_t DataType::max_finite_bits() const {
  if (is_integer()) return integer_max_magnitude();
  const std::uint64_t mantissa = (1ull << mantissa_bits) - 1;
  return static_cast<std::uint64_t>(max_biased_exponent()) << mantissa_bits | mantissa;
}

std::uint64_t DataType::min_finite_bits() const {
  if (is_integer()) return family == Family::SignedInteger ? 1ull << (bits - 1) : 0;
  if (!has_sign_bit()) return 0;  // e8m0: 2^-127
  return sign_mask() | max_finite_bits();
}

std::uint64_t DataType::integer_max_magnitude() const {
  return family == Family::SignedInteger ? (1ull << (bits - 1)) - 1 : bit_mask();
}

std::uint64_t DataType::integer_min_magnitude() const {
  return family == Family::SignedInteger ? 1ull << (bits - 1) : 0;
}

// kDataTypeCount and the table must stay in step: a missing entry would be a zero-initialized type
// without a name, and two entries must never share a name.
constexpr bool table_is_complete() {
  for (std::size_t i = 0; i < kTable.size(); ++i) {
    if (kTable[i].name.empty() || kTable[i].bits <= 0) return false;
    for (std::size_t j = 0; j < i; ++j)
      if (kTable[j].name == kTable[i].name) return false;
  }
  return true;
}
static_assert(table_is_complete(), "every one of the kDataTypeCount entries needs a unique name");

const std::array<DataType, kDataTypeCount>& all_data_types() {
  return kTable;
}

const DataType* find_data_type(std::string_view name) {
  for (const DataType& type : kTable)
    if (type.name == name) return &type;
  return nullptr;
}

const DataType& data_type(std::string_view name) {
  const DataType* type = find_data_type(name);
  if (type == nullptr)
    throw std::invalid_argument("unknown data type \"" + std::string(name) +
                                "\" (cast_value supports the 26 types listed in cast_value.md)");
  return *type;
}

std::string pattern_hex(const DataType& type, std::uint64_t bits) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text = "0x";
  for (int nibble = type.storage_bytes() * 2 - 1; nibble >= 0; --nibble)
    text += kDigits[(bits >> (4 * nibble)) & 0xf];
  return text;
}

}  // namespace cvc
