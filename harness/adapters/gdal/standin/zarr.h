// GDAL-free stand-in (cast-value-conformance, not GDAL code) for GDAL's frmts/zarr/zarr.h, the
// Zarr driver's header, which GDAL's zarr_v3_codec.h includes. The real one brings in most of
// GDAL (gdal_priv.h, the multidimensional API, the compressors); GDAL's codec files use only two
// of its types, declared here with the members they touch: DtypeElt (a data type's element) and
// ZarrByteVectorQuickResize (a byte buffer).
#ifndef CVC_GDAL_STANDIN_ZARR_H
#define CVC_GDAL_STANDIN_ZARR_H

#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "cpl_error.h"
#include "cpl_json.h"
#include "gdal_types.h"

struct DtypeElt {
  enum class NativeType {
    BOOLEAN,
    UNSIGNED_INT,
    SIGNED_INT,
    IEEEFP,
    COMPLEX_IEEEFP,
    STRING_ASCII,
    STRING_UNICODE
  };

  NativeType nativeType = NativeType::BOOLEAN;
  size_t nativeOffset = 0;
  size_t nativeSize = 0;
  bool needByteSwapping = false;
  bool gdalTypeIsApproxOfNative = false;
  GDALExtendedDataType gdalType = GDALExtendedDataType::Create(GDT_Unknown);
  size_t gdalOffset = 0;
  size_t gdalSize = 0;
};

// A byte buffer (GDAL's avoids zero-filling on growth; a vector is the same to the codecs).
class ZarrByteVectorQuickResize {
  std::vector<GByte> m_bytes{};

 public:
  size_t size() const { return m_bytes.size(); }

  bool empty() const { return m_bytes.empty(); }

  void resize(size_t n) { m_bytes.resize(n); }

  GByte* data() { return m_bytes.data(); }

  const GByte* data() const { return m_bytes.data(); }
};

#endif
