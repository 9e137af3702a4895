// GDAL-free stand-in (cast-value-conformance, not GDAL code) for the error reporting of GDAL's
// port/cpl_error.h, as far as GDAL's Zarr codec files use it: CPLError records the message of the
// last failure, which the adapter passes on as the refusal's reason.
#ifndef CVC_GDAL_STANDIN_CPL_ERROR_H
#define CVC_GDAL_STANDIN_CPL_ERROR_H

#include <cassert>
#include <string>

enum CPLErr { CE_None = 0, CE_Debug = 1, CE_Warning = 2, CE_Failure = 3, CE_Fatal = 4 };

using CPLErrorNum = int;
constexpr CPLErrorNum CPLE_AppDefined = 1;
constexpr CPLErrorNum CPLE_OutOfMemory = 2;
constexpr CPLErrorNum CPLE_NotSupported = 6;

// printf-style, as GDAL's; the formatted text replaces the last message.
void CPLError(CPLErr eErrClass, CPLErrorNum nErrNo, const char* pszFormat, ...)
    __attribute__((format(printf, 3, 4)));

// The text of the last CPLError since the last CPLErrorReset (empty when none).
const std::string& CPLGetLastErrorMsgString();
void CPLErrorReset();

#define CPLAssert(expr) assert(expr)

#endif
