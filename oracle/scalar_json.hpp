// Scalars as JSON: the Zarr v3 fill value encoding (the core data
// types, docs/specs.md, "Permitted fill values"; the extension types refer to it), used for fill
// values and for the entries of scalar_map (cast_value.md: "Input scalars are encoded to JSON using
// the Zarr V3 fill value encoding").
//
// Numbers are read from their exact decimal text (oracle/io/json_exact.hpp), never through a
// double.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "oracle/data_type.hpp"
#include "oracle/readings.hpp"

namespace cvc {

// A JSON value that is not a valid scalar of a type. The message names the JSON value (as compact
// JSON text), the type and the reason, and the reading flag when one decided it.
class ScalarError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The bit pattern (low `type.bits` bits) that the JSON scalar denotes in `type`.
//
// Integer types: a JSON number with no fraction or exponent part, in range ("-0" is 0).
//   IntegerJSON alternative accept-integral: a fraction or exponent is allowed when the value is
//   an integer (1.0, 1e2, -0.0).
// Float types:
//   - a JSON number, rounded from its exact decimal value to the nearest value of the type, ties
//     to even (E8M0Tie decides ties for float8_e8m0fnu). Rounding beyond the finite range is
//     invalid (FloatJSONOverflow alternative infinity: +-Infinity where the type has it). A number
//     rounding to zero is the zero with the literal's sign ("-0", "-0.0", "-1e-999" give -0 where
//     the type has negative zero, else +0). float8_e8m0fnu: zero, negative values and values
//     rounding below 2^-127 are invalid.
//   - "NaN" (the type's canonical NaN), "Infinity", "-Infinity", only where the type has them.
//     "+Infinity" is invalid (PlusInfinity alternative accepted: same as "Infinity").
//   - "0x" followed by one or more hex digits (either case): the bit pattern itself. Bits set
//     beyond the type's width are invalid (HexWidth alternative ignore-upper-bits: dropped).
//     The core spec gives the hex form for floating point types only, so it is invalid for
//     integer types; the prefix must be lowercase "0x" as in the spec.
// Anything else (booleans, null, arrays, objects, other strings) is invalid.
std::uint64_t parse_scalar(const DataType& type, const nlohmann::json& value,
                           const Readings& readings = {});

// The canonical JSON of a pattern of `type` (bits above the width must be zero):
// integers: an ordinary JSON integer; floats: "NaN" for the canonical NaN, "0x.." (lowercase, two
// hex digits per storage byte) for any other NaN pattern, "Infinity" / "-Infinity", and otherwise
// an exact number node (json_exact.hpp) holding the shortest decimal that parse_scalar (default
// readings) maps back to the same pattern: "-0.0" and "0.0" for zeros; among the shortest, the one
// nearest the value (then the even last digit). Layout as Python's float repr: positional with at
// least one fraction digit when the decimal exponent is in [-4, 16) ("2048.0", "0.1", "0.0001"),
// otherwise scientific with a signed two-digit-minimum exponent ("1e-05", "6.5e+16").
// Write the result with dump_json_exact().
nlohmann::json format_scalar(const DataType& type, std::uint64_t bits);

// Human text for reports: the compact JSON of format_scalar (e.g. 2048.0, -0.0, "NaN", 300, 0.1),
// followed, for an integral float value whose shortest decimal is not exact and whose integer has
// at most 20 digits, by that integer: "65500.0 (exactly 65504)". Nothing more for fractions.
std::string describe_value(const DataType& type, std::uint64_t bits);

}  // namespace cvc
