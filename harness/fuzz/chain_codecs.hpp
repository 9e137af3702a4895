// The array -> array codec a chain scenario puts before its cast_value codec (protocol 2's chain
// request, harness/protocol/PROTOCOL.md "Chain"): scale_offset, the numcodecs.fixedscaleoffset
// alias or transpose. Operands are drawn from the array type's own landmarks (map_scalars.hpp:
// boundary values, subnormals, NaNs, infinities, both zeros, 64-bit integers beyond 2^53), in
// decimal or hex form, or taken from the scale_offset spec's examples; no rule names a type or
// a value, so what the fuzzer finds is what the boundary values reach.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "generators/boundary_values.hpp"
#include "oracle/data_type.hpp"

namespace cvc::fuzz {

// {"name": "scale_offset", "configuration": {...}} for an array of `type`: each of offset and
// scale absent now and then, else a landmark of the type in one of its JSON forms, or an
// operand of the spec's examples that the type holds.
nlohmann::json draw_scale_offset(const DataType& type, gen::Rng& rng);

// {"name": "numcodecs.fixedscaleoffset", "configuration": {offset, scale, dtype, astype}}: the
// operands finite landmarks of `dtype` (JSON numbers, as the alias requires) or the spec's
// example; dtype and astype as Zarr V2 type strings ("<f8", "|u1") or, as the spec's own
// conversion example writes them, type names. `dtype` and `astype` need a V2 type string.
nlohmann::json draw_fixed_scale_offset(const DataType& dtype, const DataType& astype,
                                       gen::Rng& rng);

// {"name": "transpose", "configuration": {"order": [0]}}: the identity of a one-dimensional
// chunk, which every element passes unchanged.
nlohmann::json transpose_codec();

// The NumPy type string Zarr V2 metadata writes for the type ("<i8", "|u1", "<f2"), nullopt for
// the types V2 has none for (sub-byte integers, bfloat16, the small floats).
std::optional<std::string> v2_type_string(const DataType& type);

// The codec's name ("scale_offset", ...), "" when it has none.
std::string leading_codec_name(const nlohmann::json& codec);

}  // namespace cvc::fuzz
