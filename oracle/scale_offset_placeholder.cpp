// TEMPORARY (issue 21, in progress): approximate scale_offset arithmetic (float32/float64 in double,
// integers in double) so that main links until the exact fast and slow oracles land from
// helper-so, which deletes this file. Never publish vectors or results computed with it.
#include <bit>
#include <cmath>
#include <cstring>
#include "oracle/scale_offset.hpp"
#include "oracle/slow/slow_scale_offset.hpp"
namespace cvc {
namespace {
double val(const DataType& t, std::uint64_t b) {
  if (t.name == std::string_view("float64")) return std::bit_cast<double>(b);
  if (t.name == std::string_view("float32")) return std::bit_cast<float>(static_cast<std::uint32_t>(b));
  if (t.family == Family::SignedInteger) { std::int64_t v = static_cast<std::int64_t>(b << (64 - t.bits)) >> (64 - t.bits); return double(v);}
  return double(b);
}
ScaleOffsetResult enc(const DataType& t, double v) {
  ScaleOffsetResult r;
  if (t.name == std::string_view("float64")) { r.bits = std::bit_cast<std::uint64_t>(v); return r; }
  if (t.name == std::string_view("float32")) { r.bits = std::bit_cast<std::uint32_t>(float(v)); return r; }
  if (v != std::floor(v)) { r.error = ScaleOffsetError::InexactDivision; return r; }
  if (t.family == Family::SignedInteger) { if (v < -std::ldexp(1.0, t.bits-1) || v >= std::ldexp(1.0, t.bits-1)) r.error = ScaleOffsetError::NotRepresentable; r.bits = static_cast<std::uint64_t>(static_cast<std::int64_t>(v)) & t.bit_mask(); return r; }
  if (v < 0 || v >= std::ldexp(1.0, t.bits)) r.error = ScaleOffsetError::NotRepresentable; else r.bits = static_cast<std::uint64_t>(v);
  return r;
}
}
std::string_view scale_offset_error_name(ScaleOffsetError e) { switch (e) { case ScaleOffsetError::NotRepresentable: return "not_representable"; case ScaleOffsetError::InvalidOperation: return "invalid_operation"; case ScaleOffsetError::InexactDivision: return "inexact_division"; default: return "none"; } }
std::string_view scale_offset_operation_name(ScaleOffsetOperation) { return "op"; }
ScaleOffsetResult scale_offset_encode(const ScaleOffsetCodec& c, std::uint64_t in, const Readings&) {
  const DataType& t = *c.type; double x = val(t, in);
  if (c.offset) x = x - val(t, *c.offset);
  if (c.scale) x = x * val(t, *c.scale);
  return enc(t, x);
}
ScaleOffsetResult scale_offset_decode(const ScaleOffsetCodec& c, std::uint64_t in, const Readings&) {
  const DataType& t = *c.type; double x = val(t, in);
  if (c.scale) x = x / val(t, *c.scale);
  if (c.offset) x = x + val(t, *c.offset);
  return enc(t, x);
}
namespace slow {
ScaleOffsetResult scale_offset_encode(const ScaleOffsetCodec& c, std::uint64_t in, const Readings& r) { return cvc::scale_offset_encode(c, in, r); }
ScaleOffsetResult scale_offset_decode(const ScaleOffsetCodec& c, std::uint64_t in, const Readings& r) { return cvc::scale_offset_decode(c, in, r); }
}
}
