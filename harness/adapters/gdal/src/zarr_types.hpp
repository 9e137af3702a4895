// The data type names of the protocol (the 26 of the cast_value spec) and the ones this adapter
// declares: those GDAL's cast_value takes (its IsSupportedType: the integer types, float32,
// float64).
#ifndef CVC_GDAL_ADAPTER_ZARR_TYPES_HPP
#define CVC_GDAL_ADAPTER_ZARR_TYPES_HPP

#include <string>
#include <vector>

namespace cvc_gdal {
const std::vector<std::string>& protocol_types();
const std::vector<std::string>& declared_types();
bool is_protocol_type(const std::string& name);
bool is_declared_type(const std::string& name);
}  // namespace cvc_gdal

#endif
