#include "oracle/data_type.hpp"

#include <stdexcept>
#include <string>

namespace cvc {
namespace {

// The formulas of the derived facts (DataType's accessors read them).
constexpr DataType with_derived_facts(DataType type) {
  DerivedFacts& d = type.derived;
  const bool is_signed_integer = type.family == Family::SignedInteger;
  d.bit_mask = type.bits == 64 ? ~0ull : (1ull << type.bits) - 1;
  d.sign_mask = type.has_sign_bit() ? 1ull << (type.bits - 1) : 0;
  d.exponent_field_mask = (1ull << type.exponent_bits) - 1;
  d.integer_max_magnitude = is_signed_integer ? (1ull << (type.bits - 1)) - 1 : d.bit_mask;
  d.integer_min_magnitude = is_signed_integer ? 1ull << (type.bits - 1) : 0;
  // IEEE reserves the all-ones exponent for inf/NaN, e8m0fnu for its NaN (0xFF).
  const int all_ones = (1 << type.exponent_bits) - 1;
  const bool all_ones_reserved =
      type.specials == Specials::IEEE || type.specials == Specials::UnsignedNoZero;
  d.max_biased_exponent = all_ones_reserved ? all_ones - 1 : all_ones;
  d.min_exponent = type.specials == Specials::UnsignedNoZero ? -type.bias : 1 - type.bias;
  d.max_exponent = d.max_biased_exponent - type.bias;
  if (type.is_integer()) {
    d.max_finite_bits = d.integer_max_magnitude;
    d.min_finite_bits = is_signed_integer ? 1ull << (type.bits - 1) : 0;
  } else {
    const std::uint64_t mantissa = (1ull << type.mantissa_bits) - 1;
    d.max_finite_bits =
        static_cast<std::uint64_t>(d.max_biased_exponent) << type.mantissa_bits | mantissa;
    d.min_finite_bits = type.has_sign_bit() ? d.sign_mask | d.max_finite_bits : 0;  // e8m0: 2^-127
  }
  return type;
}

constexpr DataType integer(std::string_view name, Family family, int bits) {
  return with_derived_facts(DataType{name, family, bits, 0, 0, 0, Specials::IEEE, {}});
}
constexpr DataType binary_float(std::string_view name, int bits, int e, int m, int bias,
                                Specials specials) {
  return with_derived_facts(DataType{name, Family::BinaryFloat, bits, e, m, bias, specials, {}});
}

// The table. Sources (docs/specs.md): the extension data types' texts (sub-byte and float8 types)
// and the core data types (int8..uint64, float16..float64).
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

void throw_no_nan(std::string_view type_name) {
  throw std::logic_error(std::string(type_name) + " has no NaN");
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
                                "\" (cast_value supports the " + std::to_string(kDataTypeCount) +
                                " types listed in cast_value.md)");
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
