#include "zarr_types.hpp"

#include <algorithm>

namespace cvc_gdal {
const std::vector<std::string>& protocol_types() {
  static const std::vector<std::string> kTypes{"int2",
                                               "int4",
                                               "int8",
                                               "int16",
                                               "int32",
                                               "int64",
                                               "uint2",
                                               "uint4",
                                               "uint8",
                                               "uint16",
                                               "uint32",
                                               "uint64",
                                               "float4_e2m1fn",
                                               "float6_e2m3fn",
                                               "float6_e3m2fn",
                                               "float8_e3m4",
                                               "float8_e4m3",
                                               "float8_e4m3b11fnuz",
                                               "float8_e4m3fnuz",
                                               "float8_e5m2",
                                               "float8_e5m2fnuz",
                                               "float8_e8m0fnu",
                                               "bfloat16",
                                               "float16",
                                               "float32",
                                               "float64"};
  return kTypes;
}

const std::vector<std::string>& declared_types() {
  static const std::vector<std::string> kTypes{"int8",   "uint8", "int16",  "uint16",  "int32",
                                               "uint32", "int64", "uint64", "float32", "float64"};
  return kTypes;
}

bool is_protocol_type(const std::string& name) {
  const auto& types = protocol_types();
  return std::find(types.begin(), types.end(), name) != types.end();
}

bool is_declared_type(const std::string& name) {
  const auto& types = declared_types();
  return std::find(types.begin(), types.end(), name) != types.end();
}
}  // namespace cvc_gdal
