// GDAL's own codec objects (ZarrV3CodecCastValue, ZarrV3CodecScaleOffset, built from GDAL's files
// at set-up) for one request: each initialised by GDAL's InitFromConfiguration from the request's
// metadata, the array's element type and fill value threaded from one to the next as GDAL's codec
// sequence threads them, then run by GDAL's Encode / Decode. The threading and the per-element
// runs are this adapter's (the driver's ZarrV3CodecSequence is not built: NOTES.md).
#ifndef CVC_GDAL_ADAPTER_GDAL_CHAIN_HPP
#define CVC_GDAL_ADAPTER_GDAL_CHAIN_HPP

#include <memory>
#include <string>
#include <vector>

#include "zarr_types.hpp"
#include "zarr_v3_codec.h"

namespace cvc_gdal {
// How building the codecs went: ok, or the answer's status and message.
struct BuildResult {
  const char* status = nullptr;  // nullptr: built; else "rejected", "unsupported", "invalid"
  std::string message{};
};

class GdalChain {
 public:
  // The codecs of `codecs` (JSON objects {"name", "configuration"}) on an array of
  // array_type with fill_value; a refusal of GDAL's InitFromConfiguration is `refusal`
  // ("rejected" for casts, "invalid" for validate).
  BuildResult build(const CPLJSONObject& array_type, const CPLJSONObject& fill_value,
                    const std::vector<CPLJSONObject>& codecs, const char* refusal);

  size_t input_size(bool encode) const { return encode ? m_array_size : m_encoded_size; }

  size_t output_size(bool encode) const { return encode ? m_encoded_size : m_array_size; }

  // Runs `count` elements; `failed` gets the indices of those a codec refused (their bytes in
  // the output are zero). GDAL's codecs stop at the first bad element of a buffer, so a
  // refused batch is run again one element at a time.
  std::vector<unsigned char> run(bool encode, const std::vector<unsigned char>& input, size_t count,
                                 std::vector<size_t>& failed) const;

 private:
  std::vector<std::unique_ptr<ZarrV3Codec>> m_codecs{};
  size_t m_array_size = 0;
  size_t m_encoded_size = 0;

  bool run_through(bool encode, ZarrByteVectorQuickResize& buffer) const;
};
}  // namespace cvc_gdal

#endif
