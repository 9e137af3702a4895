// GDAL-free stand-in (cast-value-conformance, not GDAL code) for the few GDAL core type facts
// GDAL's Zarr codec files use (gcore/gdal.h, gcore/gdal_priv.h, port/cpl_port.h): the data type
// enumeration, its names and sizes, a one-value GDALCopyWords64 between Float64 and the numeric
// types, GDALIsValueExactAs, and the numeric part of GDALExtendedDataType.
#ifndef CVC_GDAL_STANDIN_GDAL_TYPES_H
#define CVC_GDAL_STANDIN_GDAL_TYPES_H

#include <cstddef>
#include <cstdint>
#include <cstring>

using GByte = unsigned char;
using GPtrDiff_t = std::ptrdiff_t;
using GSpacing = std::int64_t;

#define CPL_NON_FINAL
#define CPL_IS_LSB 1
#define STARTS_WITH(a, b) (std::strncmp(a, b, std::strlen(b)) == 0)

enum GDALDataType {
  GDT_Unknown,
  GDT_UInt8,
  GDT_Int8,
  GDT_UInt16,
  GDT_Int16,
  GDT_UInt32,
  GDT_Int32,
  GDT_UInt64,
  GDT_Int64,
  GDT_Float16,
  GDT_Float32,
  GDT_Float64
};

const char* GDALGetDataTypeName(GDALDataType eDT);
int GDALGetDataTypeSizeBytes(GDALDataType eDT);

// True when dfValue converts to eDT without change (an integer in range for the integer types;
// always for the floating-point ones).
bool GDALIsValueExactAs(double dfValue, GDALDataType eDT);

// Only the calls GDAL's codec files make: one value (nWordCount 1) from or to GDT_Float64. A
// Float64 to integer copy is only made of exact values there (ParseScalar checks
// GDALIsValueExactAs first, scale_offset copies 1.0); to float32 and float16 it is the C++
// conversion (round to nearest even).
void GDALCopyWords64(const void* pSrcData, GDALDataType eSrcType, int nSrcPixelStride,
                     void* pDstData, GDALDataType eDstType, int nDstPixelStride,
                     GPtrDiff_t nWordCount);

// The numeric part of GDAL's GDALExtendedDataType: a numeric data type and nothing else.
class GDALExtendedDataType {
  GDALDataType m_eNumericDT = GDT_Unknown;

  explicit GDALExtendedDataType(GDALDataType eDT) : m_eNumericDT(eDT) {}

 public:
  static GDALExtendedDataType Create(GDALDataType eDT) { return GDALExtendedDataType(eDT); }

  GDALDataType GetNumericDataType() const { return m_eNumericDT; }
};

// Named by GDAL's zarr_v3_codec.h (members of the compressor codecs, which are not built here).
class CPLStringList {};

struct CPLCompressor;

#endif
