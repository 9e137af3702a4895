// GDAL-free stand-in for GDAL's CPLError (see cpl_error.h).
#include "cpl_error.h"

#include <cstdarg>
#include <cstdio>

namespace {
std::string& last_message() {
  static std::string message;
  return message;
}
}  // namespace

void CPLError(CPLErr, CPLErrorNum, const char* pszFormat, ...) {
  char text[2048];
  va_list args;
  va_start(args, pszFormat);
  std::vsnprintf(text, sizeof text, pszFormat, args);
  va_end(args);
  last_message() = text;
}

const std::string& CPLGetLastErrorMsgString() {
  return last_message();
}

void CPLErrorReset() {
  last_message().clear();
}
