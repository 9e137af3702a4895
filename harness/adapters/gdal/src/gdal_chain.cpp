#include "gdal_chain.hpp"

#include <cstring>
#include <utility>

namespace cvc_gdal {
namespace {
// GDAL's ZarrV3Codec::ParseScalar (protected) made callable: the Zarr v3 fill value rules, GDAL's
// own code, parse the array's fill value here (the driver's own fill value reading is not built).
struct ScalarParser : ZarrV3Codec {
  using ZarrV3Codec::ParseScalar;
};

std::unique_ptr<ZarrV3Codec> gdal_codec(const std::string& name) {
  if (name == ZarrV3CodecCastValue::NAME) return std::make_unique<ZarrV3CodecCastValue>();
  if (name == ZarrV3CodecScaleOffset::NAME) return std::make_unique<ZarrV3CodecScaleOffset>();
  return nullptr;
}

BuildResult refused(const char* status, std::string message) {
  return BuildResult{status, std::move(message)};
}
}  // namespace

BuildResult GdalChain::build(const CPLJSONObject& array_type, const CPLJSONObject& fill_value,
                             const std::vector<CPLJSONObject>& codecs, const char* refusal) {
  ZarrArrayMetadata metadata;
  std::vector<DtypeElt> elts;
  ParseDtypeV3(array_type, elts);
  if (elts.empty() || !is_declared_type(array_type.ToString()))
    return refused("unsupported", "array data type " +
                                      array_type.Format(CPLJSONObject::PrettyFormat::Plain) +
                                      ": not one of the types GDAL's cast_value takes");
  metadata.oElt = elts.back();
  if (fill_value.IsValid() &&
      !ScalarParser::ParseScalar(fill_value, metadata.oElt, metadata.abyNoData))
    return refused("unsupported",
                   "fill value " + fill_value.Format(CPLJSONObject::PrettyFormat::Plain) +
                       " is not read by GDAL's ZarrV3Codec::ParseScalar (the driver's own "
                       "fill value reading is not built)");
  m_array_size = metadata.oElt.nativeSize;
  for (const auto& codec : codecs) {
    const std::string name = codec["name"].ToString();
    auto gdal = gdal_codec(name);
    if (!gdal)
      return refused("unsupported", "codec \"" + name +
                                        "\" is not built (only GDAL's "
                                        "cast_value and scale_offset)");
    ZarrArrayMetadata output;
    CPLErrorReset();
    if (!gdal->InitFromConfiguration("cvc", codec["configuration"], metadata, output, false))
      return refused(refusal, "GDAL " + name + ": " + CPLGetLastErrorMsgString());
    metadata = std::move(output);
    m_codecs.push_back(std::move(gdal));
  }
  m_encoded_size = metadata.oElt.nativeSize;
  return BuildResult{};
}

bool GdalChain::run_through(bool encode, ZarrByteVectorQuickResize& buffer) const {
  ZarrByteVectorQuickResize next;
  for (size_t k = 0; k < m_codecs.size(); ++k) {
    const auto& codec = m_codecs[encode ? k : m_codecs.size() - 1 - k];
    if (!(encode ? codec->Encode(buffer, next) : codec->Decode(buffer, next))) return false;
    std::swap(buffer, next);
  }
  return true;
}

std::vector<unsigned char> GdalChain::run(bool encode, const std::vector<unsigned char>& input,
                                          size_t count, std::vector<size_t>& failed) const {
  const size_t in_size = input_size(encode);
  const size_t out_size = output_size(encode);
  std::vector<unsigned char> output(count * out_size, 0);
  ZarrByteVectorQuickResize buffer;
  buffer.resize(count * in_size);
  std::memcpy(buffer.data(), input.data(), count * in_size);
  if (run_through(encode, buffer)) {
    std::memcpy(output.data(), buffer.data(), count * out_size);
    return output;
  }
  for (size_t i = 0; i < count; ++i) {
    ZarrByteVectorQuickResize one;
    one.resize(in_size);
    std::memcpy(one.data(), input.data() + i * in_size, in_size);
    if (run_through(encode, one))
      std::memcpy(output.data() + i * out_size, one.data(), out_size);
    else
      failed.push_back(i);
  }
  return output;
}
}  // namespace cvc_gdal
