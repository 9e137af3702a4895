// The answers of the GDAL adapter to the protocol's requests (harness/protocol/PROTOCOL.md).
#ifndef CVC_GDAL_ADAPTER_REQUESTS_HPP
#define CVC_GDAL_ADAPTER_REQUESTS_HPP

#include <string>

#include "cpl_json.h"

namespace cvc_gdal {
std::string hello_answer(const CPLJSONObject& request);
// A cast (one codec) or a chain (a list of codecs): both run GDAL's codecs in order.
std::string cast_answer(const CPLJSONObject& request, bool is_chain);
std::string validate_answer(const CPLJSONObject& request);
// One JSON line per protocol type the hello leaves out: GDAL's cast_value asked to take it.
void print_probe();
}  // namespace cvc_gdal

#endif
