// GDAL-free stand-in for GDAL's port/cpl_float.h: GFloat16 is the compiler's _Float16. GDAL's own
// GFloat16 may round intermediate results differently, so the adapter declares no float16 at all
// (NOTES.md): scale_offset's float16 branch is compiled but never exercised.
#ifndef CVC_GDAL_STANDIN_CPL_FLOAT_H
#define CVC_GDAL_STANDIN_CPL_FLOAT_H

using GFloat16 = _Float16;

#endif
