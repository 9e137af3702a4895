// GDAL-free stand-in for GDAL's data type helpers (see gdal_types.h).
#include "gdal_types.h"

#include <cmath>
#include <limits>

#include "cpl_float.h"

namespace {
struct TypeFacts {
  GDALDataType type;
  const char* name;
  int bytes;
};

// One row per numeric type: its GDAL name and its size.
constexpr TypeFacts kTypes[] = {
    {GDT_UInt8, "UInt8", 1},     {GDT_Int8, "Int8", 1},       {GDT_UInt16, "UInt16", 2},
    {GDT_Int16, "Int16", 2},     {GDT_UInt32, "UInt32", 4},   {GDT_Int32, "Int32", 4},
    {GDT_UInt64, "UInt64", 8},   {GDT_Int64, "Int64", 8},     {GDT_Float16, "Float16", 2},
    {GDT_Float32, "Float32", 4}, {GDT_Float64, "Float64", 8},
};

const TypeFacts* facts(GDALDataType eDT) {
  for (const auto& row : kTypes)
    if (row.type == eDT) return &row;
  return nullptr;
}

// Calls f with a value of the C++ type of eDT (false for GDT_Unknown).
template <class F>
bool with_type(GDALDataType eDT, F&& f) {
  switch (eDT) {
    case GDT_UInt8:
      return f(std::uint8_t{});
    case GDT_Int8:
      return f(std::int8_t{});
    case GDT_UInt16:
      return f(std::uint16_t{});
    case GDT_Int16:
      return f(std::int16_t{});
    case GDT_UInt32:
      return f(std::uint32_t{});
    case GDT_Int32:
      return f(std::int32_t{});
    case GDT_UInt64:
      return f(std::uint64_t{});
    case GDT_Int64:
      return f(std::int64_t{});
    case GDT_Float16:
      return f(GFloat16{});
    case GDT_Float32:
      return f(float{});
    case GDT_Float64:
      return f(double{});
    case GDT_Unknown:
      break;
  }
  return false;
}

template <class T>
constexpr bool is_integer_v = std::numeric_limits<T>::is_integer;

// An integer of T equal to dfValue exists: in [lowest, max] (max + 1 is a power of two, so the
// upper bound is exclusive and exact in double) and without a fraction.
template <class T>
bool exact_integer(double dfValue) {
  const double lowest = static_cast<double>(std::numeric_limits<T>::lowest());
  const double above_max = static_cast<double>(std::numeric_limits<T>::max() / 2 + 1) * 2.0;
  return dfValue >= lowest && dfValue < above_max && std::trunc(dfValue) == dfValue;
}
}  // namespace

const char* GDALGetDataTypeName(GDALDataType eDT) {
  const TypeFacts* row = facts(eDT);
  return row ? row->name : "Unknown";
}

int GDALGetDataTypeSizeBytes(GDALDataType eDT) {
  const TypeFacts* row = facts(eDT);
  return row ? row->bytes : 0;
}

bool GDALIsValueExactAs(double dfValue, GDALDataType eDT) {
  return with_type(eDT, [&](auto zero) {
    using T = decltype(zero);
    if constexpr (is_integer_v<T>)
      return exact_integer<T>(dfValue);
    else
      return true;
  });
}

void GDALCopyWords64(const void* pSrcData, GDALDataType eSrcType, int, void* pDstData,
                     GDALDataType eDstType, int, GPtrDiff_t nWordCount) {
  if (nWordCount != 1 || (eSrcType != GDT_Float64 && eDstType != GDT_Float64))
    return;  // no such call in the files built here
  if (eSrcType == GDT_Float64) {
    double value;
    std::memcpy(&value, pSrcData, sizeof value);
    with_type(eDstType, [&](auto zero) {
      const auto out = static_cast<decltype(zero)>(value);
      std::memcpy(pDstData, &out, sizeof out);
      return true;
    });
    return;
  }
  with_type(eSrcType, [&](auto zero) {
    decltype(zero) in;
    std::memcpy(&in, pSrcData, sizeof in);
    const double out = static_cast<double>(in);
    std::memcpy(pDstData, &out, sizeof out);
    return true;
  });
}
