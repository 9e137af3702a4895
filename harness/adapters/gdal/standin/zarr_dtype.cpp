// GDAL-free stand-in (cast-value-conformance, not GDAL code) for GDAL's ParseDtypeV3, the Zarr
// driver's parser of a v3 "data_type" (zarr_v3_array.cpp, not built here: it needs most of the
// driver). Only the numeric names this adapter declares, plus float16 so that GDAL's own
// cast_value check refuses it; any other name gives no element (GDAL's codecs then refuse it).
#include <array>

#include "zarr_v3_codec.h"

namespace {
struct NumericType {
  const char* name;
  GDALDataType gdal;
  DtypeElt::NativeType native;
  size_t size;
};

constexpr std::array<NumericType, 11> kNumericTypes{{
    {"int8", GDT_Int8, DtypeElt::NativeType::SIGNED_INT, 1},
    {"uint8", GDT_UInt8, DtypeElt::NativeType::UNSIGNED_INT, 1},
    {"int16", GDT_Int16, DtypeElt::NativeType::SIGNED_INT, 2},
    {"uint16", GDT_UInt16, DtypeElt::NativeType::UNSIGNED_INT, 2},
    {"int32", GDT_Int32, DtypeElt::NativeType::SIGNED_INT, 4},
    {"uint32", GDT_UInt32, DtypeElt::NativeType::UNSIGNED_INT, 4},
    {"int64", GDT_Int64, DtypeElt::NativeType::SIGNED_INT, 8},
    {"uint64", GDT_UInt64, DtypeElt::NativeType::UNSIGNED_INT, 8},
    {"float16", GDT_Float16, DtypeElt::NativeType::IEEEFP, 2},
    {"float32", GDT_Float32, DtypeElt::NativeType::IEEEFP, 4},
    {"float64", GDT_Float64, DtypeElt::NativeType::IEEEFP, 8},
}};
}  // namespace

GDALExtendedDataType ParseDtypeV3(const CPLJSONObject& obj, std::vector<DtypeElt>& elts) {
  const std::string name = obj.ToString();
  for (const auto& type : kNumericTypes) {
    if (name != type.name) continue;
    DtypeElt elt;
    elt.nativeType = type.native;
    elt.nativeSize = type.size;
    elt.gdalType = GDALExtendedDataType::Create(type.gdal);
    elt.gdalSize = type.size;
    elts.push_back(elt);
    return elt.gdalType;
  }
  return GDALExtendedDataType::Create(GDT_Unknown);
}
