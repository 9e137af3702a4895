#include "generators/chain_family.hpp"

#include <algorithm>
#include <set>
#include <string_view>
#include <variant>

#include "generators/boundary_values.hpp"
#include "generators/cast_family.hpp"
#include "generators/cast_key_points.hpp"
#include "generators/fill_value.hpp"
#include "generators/reading_alternatives.hpp"
#include "oracle/codec_chain.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/rational/rational_value.hpp"
#include "oracle/scalar_json.hpp"
#include "vector_format/chain_expectation.hpp"
#include "vector_format/vector_file.hpp"

namespace cvc {
// The file's helpers, in a namespace of their own: the library is built in unity batches.
namespace chain_family_parts {
namespace {

using rational::Rational;

// One chain, as array metadata writes it: each gives a group per direction.
struct ChainScenario {
  std::string_view purpose;
  std::string_view array_type;
  std::string_view codecs;      // JSON text, exact numbers
  std::string_view fill_value;  // JSON text; empty: the first of 0, 1, 2 valid for the chain
  // Inputs every group of the scenario holds besides the generated ones (since vectors 1.4.0):
  // JSON arrays of scalars of the array type (encode) and of the chain's last type (decode).
  std::string_view encode_inputs = "";
  std::string_view decode_inputs = "";
};

// The maps of the spec's third example: NaN is stored as 0 and 0 read back as NaN.
#define CVC_NAN_MAP R"("scalar_map": {"encode": [["NaN", 0]], "decode": [[0, "NaN"]]})"

constexpr ChainScenario kScenarios[] = {
    // The spec's examples (scale_offset.md, "Examples" and "Conversion example"), exactly.
    {"the spec's example \"Float32 with scale and offset\" (scale_offset alone)", "float32",
     R"([{"name": "scale_offset", "configuration": {"offset": 5, "scale": 0.1}}])", ""},
    {"the spec's example \"Uint16 range reduction\": offset 1000, then cast_value into uint8",
     "uint16",
     R"([{"name": "scale_offset", "configuration": {"offset": 1000}},
         {"name": "cast_value", "configuration": {"data_type": "uint8"}}])",
     "1000"},  // the lowest value of the example's range (0 - 1000 is not representable)
    {"the spec's example \"Float64 to uint8 with NaN preservation\" (fill value NaN)", "float64",
     R"([{"name": "scale_offset", "configuration": {"offset": -10, "scale": 0.1}},
         {"name": "cast_value", "configuration": {"data_type": "uint8", "rounding": "nearest-even",
          )" CVC_NAN_MAP R"(}}])",
     R"("NaN")"},
    {"the spec's conversion example: numcodecs.fixedscaleoffset (astype uint8, dtype float32, "
     "scale 0.1, offset 10), read as scale_offset then cast_value with out_of_range wrap",
     "float32",
     R"([{"name": "numcodecs.fixedscaleoffset",
          "configuration": {"astype": "uint8", "dtype": "float32", "scale": 0.1, "offset": 10}}])",
     "10.0"},  // the example's fill value
    // float32 quantized into 8 and 16 bits, with the scales and offsets of typical products.
    {"float32 into uint8: scale 100 (two decimals), clamp", "float32",
     R"([{"name": "scale_offset", "configuration": {"scale": 100}},
         {"name": "cast_value", "configuration": {"data_type": "uint8", "out_of_range": "clamp"}}])",
     ""},
    {"float32 into uint8: scale 100, out_of_range absent (out of range is an error)", "float32",
     R"([{"name": "scale_offset", "configuration": {"scale": 100}},
         {"name": "cast_value", "configuration": {"data_type": "uint8"}}])",
     ""},
    {"float32 into uint8: offset -10, scale 0.1, NaN stored as 0, clamp", "float32",
     R"([{"name": "scale_offset", "configuration": {"offset": -10, "scale": 0.1}},
         {"name": "cast_value", "configuration": {"data_type": "uint8", "out_of_range": "clamp",
          )" CVC_NAN_MAP R"(}}])",
     R"("NaN")"},  // kept by the scalar_map both ways
    {"float32 into uint16: scale 1000 (three decimals), clamp", "float32",
     R"([{"name": "scale_offset", "configuration": {"scale": 1000}},
         {"name": "cast_value", "configuration": {"data_type": "uint16", "out_of_range": "clamp"}}])",
     ""},
    {"float32 into uint16: offset 1000, scale 10 (pressure in hPa to 0.1), NaN stored as 0",
     "float32",
     R"([{"name": "scale_offset", "configuration": {"offset": 1000, "scale": 10}},
         {"name": "cast_value", "configuration": {"data_type": "uint16", )" CVC_NAN_MAP R"(}}])",
     R"("NaN")"},  // kept by the scalar_map both ways
    {"float32 into int16: offset 273.15, scale 100 (kelvin to hundredths of a degree Celsius), "
     "clamp",
     "float32",
     R"([{"name": "scale_offset", "configuration": {"offset": 273.15, "scale": 100}},
         {"name": "cast_value", "configuration": {"data_type": "int16", "out_of_range": "clamp"}}])",
     "273.15"},  // 0 degrees Celsius: encodes to 0 exactly
    {"float32 into int16: scale 10000 (four decimals), out_of_range absent", "float32",
     R"([{"name": "scale_offset", "configuration": {"scale": 10000}},
         {"name": "cast_value", "configuration": {"data_type": "int16"}}])",
     ""},
    {"float32 into int16: scale 0.01 (hundreds), NaN stored as 0, clamp", "float32",
     R"([{"name": "scale_offset", "configuration": {"scale": 0.01}},
         {"name": "cast_value", "configuration": {"data_type": "int16", "out_of_range": "clamp",
          )" CVC_NAN_MAP R"(}}])",
     R"("NaN")"},  // kept by the scalar_map both ways
    // float64.
    {"float64 into uint16: Sentinel-2 style reflectance (offset -0.1, scale 10000), clamp",
     "float64",
     R"([{"name": "scale_offset", "configuration": {"offset": -0.1, "scale": 10000}},
         {"name": "cast_value", "configuration": {"data_type": "uint16", "out_of_range": "clamp"}}])",
     ""},
    {"float64 into uint16: Sentinel-2 style reflectance, NaN stored as 0, out_of_range absent",
     "float64",
     R"([{"name": "scale_offset", "configuration": {"offset": -0.1, "scale": 10000}},
         {"name": "cast_value", "configuration": {"data_type": "uint16", )" CVC_NAN_MAP R"(}}])",
     R"("NaN")"},  // kept by the scalar_map both ways
    {"float64 into uint8: offset -10, scale 0.1, out_of_range absent, no scalar_map", "float64",
     R"([{"name": "scale_offset", "configuration": {"offset": -10, "scale": 0.1}},
         {"name": "cast_value", "configuration": {"data_type": "uint8"}}])",
     ""},
    {"float64 into int16: offset 273.15, scale 100, towards-zero, clamp", "float64",
     R"([{"name": "scale_offset", "configuration": {"offset": 273.15, "scale": 100}},
         {"name": "cast_value", "configuration": {"data_type": "int16", "rounding": "towards-zero",
          "out_of_range": "clamp"}}])",
     "273.15"},  // 0 degrees Celsius: encodes to 0 exactly
    {"float64 into int16: scale 1000, NaN stored as 0, out_of_range absent", "float64",
     R"([{"name": "scale_offset", "configuration": {"scale": 1000}},
         {"name": "cast_value", "configuration": {"data_type": "int16", )" CVC_NAN_MAP R"(}}])",
     R"("NaN")"},  // kept by the scalar_map both ways
    // Integer chains: integer arithmetic (an exact result or an error; decoding divides).
    {"int16 into int8: offset 100, scale 2 (decoding an odd value divides with a remainder), "
     "clamp",
     "int16",
     R"([{"name": "scale_offset", "configuration": {"offset": 100, "scale": 2}},
         {"name": "cast_value", "configuration": {"data_type": "int8", "out_of_range": "clamp"}}])",
     "100"},  // the offset: encodes to 0
    {"uint8 into uint4: offset 4 (values below 4 are not representable in uint8), wrap", "uint8",
     R"([{"name": "scale_offset", "configuration": {"offset": 4}},
         {"name": "cast_value", "configuration": {"data_type": "uint4", "out_of_range": "wrap"}}])",
     "4"},  // the offset: encodes to 0
    // --- Since vectors 1.4.0 (appended: every earlier case keeps its id) ---
    // 64-bit integers: products and sums at the 2^63 and 2^64 edges.
    {"int64, scale 4 alone: products at the 2^63 edge (elements near 2^61..2^62; zarr-python 3.4.2 "
     "stores [2^62, 1, -2^62, 2^61] as [0, 4, 0, -2^63] with no error); decoding divides by 4",
     "int64", R"([{"name": "scale_offset", "configuration": {"scale": 4}}])", "",
     R"([4611686018427387904, 1, -4611686018427387904, 2305843009213693952, 2305843009213693951,
         -2305843009213693952, -2305843009213693953, 1152921504606846977, 3458764513820540928])",
     R"([9223372036854775804, -9223372036854775808, 4611686018427387904, 18, -18])"},
    {"int64 into int32: offset -2^62, scale 2, clamp: the difference and the product each cross "
     "2^63 (x - offset for x >= 2^62, (x - offset) * 2 for x - offset >= 2^62)",
     "int64",
     R"([{"name": "scale_offset", "configuration": {"offset": -4611686018427387904, "scale": 2}},
         {"name": "cast_value", "configuration": {"data_type": "int32", "out_of_range": "clamp"}}])",
     "-4611686018427387904",  // the offset: encodes to 0
     R"([4611686018427387903, 4611686018427387904, -4611686018427387904, 0, -1,
         -6917529027641081856, -2305843009213693952, -2305843009213693953])",
     R"([2147483647, -2147483648, 2, 3, -3])"},
    {"int64, offset 2^62 alone: sums at the 2^63 edge (encode x - 2^62 below -2^63 for x < -2^62, "
     "decode y + 2^62 above 2^63 - 1 for y >= 2^62)",
     "int64", R"([{"name": "scale_offset", "configuration": {"offset": 4611686018427387904}}])",
     "4611686018427387904",  // the offset: encodes to 0
     R"([-4611686018427387904, -4611686018427387905, 4611686018427387904, -1, 0])",
     R"([4611686018427387903, 4611686018427387904, -9223372036854775808, -1])"},
    {"uint64, offset 1, scale 2 alone: 0 - 1 is no uint64, products at the 2^64 edge ((x - 1) * 2 "
     "for x - 1 >= 2^63); decoding halves and adds 1",
     "uint64", R"([{"name": "scale_offset", "configuration": {"offset": 1, "scale": 2}}])", "1",
     R"([0, 1, 2, 9223372036854775808, 9223372036854775809, 9223372036854775810])",
     R"([18446744073709551614, 18446744073709551615, 0, 9223372036854775808])"},
    {"uint64, offset 2^63 alone: sums at the 2^64 edge (decode y + 2^63 beyond 2^64 - 1 for "
     "y >= 2^63) and differences below 0 (encode x < 2^63)",
     "uint64", R"([{"name": "scale_offset", "configuration": {"offset": 9223372036854775808}}])",
     "9223372036854775808",  // the offset: encodes to 0
     R"([9223372036854775807, 9223372036854775808, 18446744073709551615, 0])",
     R"([9223372036854775807, 9223372036854775808, 18446744073709551615])"},
    {"float64 through numcodecs.fixedscaleoffset into int64 (astype \"<i8\", wrap): scale 4, the "
     "float product near 2^63 wraps in cast_value",
     "float64",
     R"([{"name": "numcodecs.fixedscaleoffset",
          "configuration": {"astype": "<i8", "dtype": "<f8", "scale": 4, "offset": 0}}])",
     "", R"([4611686018427387904, 2305843009213693952, -2305843009213693952, 2.5, -0.375])"},
    // Narrow float arrays under scale_offset.
    {"float16 into int16: offset 0.5, scale 1000, clamp: products beyond 65504 (float16's largest "
     "finite value) are not representable",
     "float16",
     R"([{"name": "scale_offset", "configuration": {"offset": 0.5, "scale": 1000}},
         {"name": "cast_value", "configuration": {"data_type": "int16", "out_of_range": "clamp"}}])",
     "0.5"},  // the offset: encodes to 0
    {"bfloat16 into int8: offset 10, scale 3, clamp (bfloat16 keeps 8 significand bits: each "
     "operation rounds)",
     "bfloat16",
     R"([{"name": "scale_offset", "configuration": {"offset": 10, "scale": 3}},
         {"name": "cast_value", "configuration": {"data_type": "int8", "out_of_range": "clamp"}}])",
     "10"},  // the offset: encodes to 0
    {"float8_e4m3, offset 1, scale 0.5 alone: every pattern", "float8_e4m3",
     R"([{"name": "scale_offset", "configuration": {"offset": 1, "scale": 0.5}}])", ""},
    {"float8_e5m2 into float8_e4m3fnuz: scale 3, clamp: overflow in scale_offset, then a type "
     "without infinities (InfClamp) and without -0",
     "float8_e5m2",
     R"([{"name": "scale_offset", "configuration": {"scale": 3}},
         {"name": "cast_value", "configuration": {"data_type": "float8_e4m3fnuz",
          "out_of_range": "clamp"}}])",
     ""},
    {"float8_e4m3fnuz, scale 16 alone: overflow in a type with a NaN but no infinity and no -0",
     "float8_e4m3fnuz", R"([{"name": "scale_offset", "configuration": {"scale": 16}}])", ""},
    {"float8_e8m0fnu, scale 2 alone (an offset could not be subtracted: no zero): overflow beyond "
     "2^127, division below 2^-127",
     "float8_e8m0fnu", R"([{"name": "scale_offset", "configuration": {"scale": 2}}])", "1.0"},
    // Special operands.
    {"float32, offset NaN alone: every element becomes NaN both ways", "float32",
     R"([{"name": "scale_offset", "configuration": {"offset": "NaN"}}])", ""},
    {"float64, scale Infinity alone: x * Infinity, 0 * Infinity (no number), decoding x / Infinity",
     "float64", R"([{"name": "scale_offset", "configuration": {"scale": "Infinity"}}])",
     R"("NaN")"},  // 0 * Infinity has no number; NaN passes both ways
    {"float32, offset -Infinity alone: x - -Infinity, decoding y + -Infinity (Infinity + "
     "-Infinity has no number)",
     "float32", R"([{"name": "scale_offset", "configuration": {"offset": "-Infinity"}}])",
     R"("NaN")"},  // NaN passes both ways
    {"float32 into float16: offset -0.0, scale 2: zeros' signs through x - -0 and y + -0",
     "float32",
     R"([{"name": "scale_offset", "configuration": {"offset": -0.0, "scale": 2}},
         {"name": "cast_value", "configuration": {"data_type": "float16"}}])",
     ""},
    {"float32 into float16: scale 10, offset absent: decoding -0 gives -0 (adding an offset of +0 "
     "would give +0)",
     "float32",
     R"([{"name": "scale_offset", "configuration": {"scale": 10}},
         {"name": "cast_value", "configuration": {"data_type": "float16"}}])",
     "", "", R"([-0.0, 0.0, "0x8001", "0x0001"])"},
    // Scales at the edges of the type.
    {"float16, scale 2^-24 (its smallest subnormal, \"0x0001\") alone: products underflow, "
     "quotients overflow",
     "float16", R"([{"name": "scale_offset", "configuration": {"scale": "0x0001"}}])", ""},
    {"float16, scale 65504 (its largest finite value) alone", "float16",
     R"([{"name": "scale_offset", "configuration": {"scale": 65504}}])", ""},
    {"float32, scale 2^-149 (its smallest subnormal, \"0x00000001\") alone", "float32",
     R"([{"name": "scale_offset", "configuration": {"scale": "0x00000001"}}])", ""},
    {"float32, scale 3.4028235e38 (its largest finite value, \"0x7f7fffff\") alone", "float32",
     R"([{"name": "scale_offset", "configuration": {"scale": "0x7f7fffff"}}])", ""},
    {"bfloat16, scale 2^-133 (its smallest subnormal, \"0x0001\") alone", "bfloat16",
     R"([{"name": "scale_offset", "configuration": {"scale": "0x0001"}}])", ""},
    // transpose in the chain: it moves elements and changes none; the results are the whole
    // chain's.
    {"float32 into int16: transpose, then offset 273.15, scale 100, clamp", "float32",
     R"([{"name": "transpose", "configuration": {"order": [0]}},
         {"name": "scale_offset", "configuration": {"offset": 273.15, "scale": 100}},
         {"name": "cast_value", "configuration": {"data_type": "int16", "out_of_range": "clamp"}}])",
     "273.15"},  // 0 degrees Celsius: encodes to 0 exactly
    {"int64 into int32: scale 4, transpose, then cast_value wrap: the product's 2^63 edge, then a "
     "wrap",
     "int64",
     R"([{"name": "scale_offset", "configuration": {"scale": 4}},
         {"name": "transpose", "configuration": {"order": [0]}},
         {"name": "cast_value", "configuration": {"data_type": "int32", "out_of_range": "wrap"}}])",
     "", R"([4611686018427387904, 2305843009213693952, 536870912, -536870913])"},
    // numcodecs.fixedscaleoffset with a float astype (reading FixedScaleOffsetRounding).
    {"numcodecs.fixedscaleoffset with a float astype (\"<f8\"), as numcodecs' own fixture "
     "fixedscaleoffset: offset 1000, scale 10^12; numcodecs stores 1001001001.0 for 1000 + 1/999, "
     "the conversion 1001001000.9864345 (reading FixedScaleOffsetRounding)",
     "float64",
     R"([{"name": "numcodecs.fixedscaleoffset",
          "configuration": {"astype": "<f8", "dtype": "<f8", "scale": 1000000000000,
                            "offset": 1000}}])",
     "1000",  // the offset: encodes to 0
     R"([1000.001001001001, 1000.002002002002, 1000.5, 1000.25, 1001, 999.9999999999995])"},
    {"numcodecs.fixedscaleoffset float32 to float32 (astype \"<f4\"): offset 0, scale 10; the "
     "fraction kept, or rounded away (reading FixedScaleOffsetRounding)",
     "float32",
     R"([{"name": "numcodecs.fixedscaleoffset",
          "configuration": {"astype": "<f4", "dtype": "<f4", "scale": 10, "offset": 0}}])",
     "", R"([0.25, 0.05, 0.15, -0.04, -0.05, 1.23, 2.5])"},
    {"numcodecs.fixedscaleoffset float32 to float16 (astype \"<f2\"): offset 0.5, scale 100 "
     "(reading FixedScaleOffsetRounding)",
     "float32",
     R"([{"name": "numcodecs.fixedscaleoffset",
          "configuration": {"astype": "<f2", "dtype": "<f4", "scale": 100, "offset": 0.5}}])",
     "0.5", R"([0.505, 0.515, 0.4951, 700, 655.5])"},
};

#undef CVC_NAN_MAP

constexpr int kExhaustiveBits = 8;        // inputs of this width or less: every pattern
constexpr int kRandomUniformInputs = 16;  // per group: uniform patterns of the input type
constexpr int kRandomInRangeInputs = 16;  // per encode group: values that encode in range

// The first step when it is a scale_offset (every chain here starts with one, the alias too).
const ScaleOffsetCodec* first_scale_offset(const ArrayChain& chain) {
  return chain.steps.empty() ? nullptr : std::get_if<ScaleOffsetCodec>(&chain.steps[0].codec);
}

// The cast_value step right after the first scale_offset, if any.
const CastValueCodec* cast_after_scale_offset(const ArrayChain& chain) {
  return chain.steps.size() < 2 ? nullptr : std::get_if<CastValueCodec>(&chain.steps[1].codec);
}

Rational offset_value(const ScaleOffsetCodec& codec) {
  return codec.offset ? rational::value_of(*codec.type, *codec.offset).value : Rational(0);
}
Rational scale_value(const ScaleOffsetCodec& codec) {
  return codec.scale ? rational::value_of(*codec.type, *codec.scale).value : Rational(1);
}

// Both operands numbers (absent, or finite): only then do key points map back through them (an
// infinite scale or a NaN offset maps every input to the same special value).
bool finite_operands(const ScaleOffsetCodec& codec) {
  const auto finite = [&](const std::optional<std::uint64_t>& operand) {
    return !operand ||
           rational::value_of(*codec.type, *operand).kind == rational::RationalValue::Kind::Finite;
  };
  return finite(codec.offset) && finite(codec.scale);
}

// The key points of `type` at and beyond its range: where a value stops being representable.
std::vector<Rational> range_key_points(const DataType& type) {
  std::vector<Rational> keys;
  const Rational max = rational::max_value(type), min = rational::min_value(type);
  for (const Rational& key : gen::target_key_points(type))
    if (key >= max || key <= min) keys.push_back(key);
  return keys;
}

// The values of the scale_offset's output where the chain's behaviour changes: the range limits
// of its own type (an intermediate just representable and just not) and, when a cast follows,
// the cast's key points (its output's values, the quantization midpoints k + 1/2, its range).
std::vector<Rational> intermediate_key_points(const ArrayChain& chain,
                                              const ScaleOffsetCodec& codec) {
  std::vector<Rational> keys = range_key_points(*codec.type);
  if (const CastValueCodec* cast = cast_after_scale_offset(chain)) {
    const std::vector<Rational>& cast_keys = gen::target_key_points(*cast->data_type);
    keys.insert(keys.end(), cast_keys.begin(), cast_keys.end());
  }
  return keys;
}

// The patterns of `type` nearest to x (nearest-even), when x is within its range.
std::optional<std::uint64_t> nearest_pattern(const DataType& type, const Rational& x) {
  if (x == 0) return rational::pattern_of(type, x);
  const Rational r = rational::round_to_grid(type, x, Rounding::NearestEven);
  if (r > rational::max_value(type) || r < rational::min_value(type)) return std::nullopt;
  return rational::pattern_of(type, r);
}

// Zeros of both signs, NaNs (canonical, negative, another payload), infinities, the range
// limits and the smallest subnormals of `type`.
void add_special_patterns(const DataType& type, std::set<std::uint64_t>& inputs) {
  inputs.insert({0, type.max_finite_bits(), type.min_finite_bits()});
  if (type.is_integer()) {
    inputs.insert({1, type.bit_mask()});  // 1 and, for signed types, -1 (unsigned: max)
    return;
  }
  if (type.has_negative_zero()) inputs.insert(type.sign_mask());
  if (type.has_subnormals()) {
    inputs.insert(1);
    if (type.has_sign_bit()) inputs.insert(1 | type.sign_mask());
  }
  if (type.has_nan()) {
    const std::uint64_t nan = type.canonical_nan();
    inputs.insert(nan);
    if (type.specials == Specials::IEEE) inputs.insert({nan | type.sign_mask(), nan + 1});
  }
  if (type.has_infinity()) inputs.insert({type.infinity_bits(false), type.infinity_bits(true)});
}

std::vector<std::uint64_t> every_pattern(const DataType& type) {
  std::vector<std::uint64_t> patterns;
  for (std::uint64_t bits = 0; bits <= type.bit_mask(); ++bits) patterns.push_back(bits);
  return patterns;
}

// The inputs every group of a wider type has: the type's boundary patterns (as in the cast
// family), the specials, and uniform patterns drawn from `rng`.
std::set<std::uint64_t> wide_type_inputs(const DataType& type, gen::Rng& rng) {
  const std::vector<std::uint64_t> boundaries = gen::boundary_patterns(type);
  std::set<std::uint64_t> inputs(boundaries.begin(), boundaries.end());
  add_special_patterns(type, inputs);
  for (int i = 0; i < kRandomUniformInputs; ++i) inputs.insert(gen::uniform_pattern(type, rng));
  return inputs;
}

// Encode inputs: every pattern of 8 bits or fewer; for wider types around the input value
// x = t / scale + offset of each key point t of the intermediate (found exactly), the boundary
// patterns of the input type, the specials, uniform patterns, and values that encode in range
// (a random k of the cast's output range plus a random fraction, mapped back).
std::vector<std::uint64_t> encode_inputs(const ArrayChain& chain, std::uint64_t seed,
                                         const std::vector<std::uint64_t>& extra) {
  const DataType& in = *chain.array_type;
  if (in.bits <= kExhaustiveBits) return every_pattern(in);
  gen::Rng rng(seed);
  std::set<std::uint64_t> inputs = wide_type_inputs(in, rng);
  inputs.insert(extra.begin(), extra.end());
  const ScaleOffsetCodec* codec = first_scale_offset(chain);
  if (codec != nullptr && finite_operands(*codec)) {
    const Rational offset = offset_value(*codec), scale = scale_value(*codec);
    std::vector<std::uint64_t> around;
    for (const Rational& key : intermediate_key_points(chain, *codec))
      gen::add_patterns_around(in, key / scale + offset, 1, around);
    if (const CastValueCodec* cast = cast_after_scale_offset(chain)) {
      const DataType& out = *cast->data_type;
      const Rational low = rational::min_value(out), span = rational::max_value(out) - low;
      for (int i = 0; i < kRandomInRangeInputs; ++i) {
        const Rational t = low + span * Rational(rational::Integer(rng.bits(20))) / (1 << 20);
        if (const auto p = nearest_pattern(in, t / scale + offset)) around.push_back(*p);
      }
    }
    inputs.insert(around.begin(), around.end());
  }
  return {inputs.begin(), inputs.end()};
}

// Decode inputs, patterns of the chain's last type: every one of 8 bits or fewer; for wider types
// its boundary patterns, the specials, uniform patterns, and (a float last type) the values
// y = (t - offset) * scale that decode to the array type's range limits t.
std::vector<std::uint64_t> decode_inputs(const ArrayChain& chain, std::uint64_t seed,
                                         const std::vector<std::uint64_t>& extra) {
  const DataType& in = chain.output_type();
  if (in.bits <= kExhaustiveBits) return every_pattern(in);
  gen::Rng rng(seed);
  std::set<std::uint64_t> inputs = wide_type_inputs(in, rng);
  inputs.insert(extra.begin(), extra.end());
  const ScaleOffsetCodec* codec = first_scale_offset(chain);
  if (codec != nullptr && in.is_float() && finite_operands(*codec)) {
    const Rational offset = offset_value(*codec), scale = scale_value(*codec);
    std::vector<std::uint64_t> around;
    for (const Rational& key : range_key_points(*chain.array_type))
      gen::add_patterns_around(in, (key - offset) * scale, 1, around);
    inputs.insert(around.begin(), around.end());
  }
  return {inputs.begin(), inputs.end()};
}

// A scenario's own inputs: a JSON array of scalars of `type` (empty text: none).
std::vector<std::uint64_t> scenario_inputs(std::string_view text, const DataType& type) {
  std::vector<std::uint64_t> inputs;
  if (text.empty()) return inputs;
  for (const nlohmann::json& scalar : parse_json_exact(text))
    inputs.push_back(parse_scalar(type, scalar));
  return inputs;
}

// One group of the file: its parameters; the cases follow.
struct ChainGroup {
  const ChainScenario& scenario;
  Direction direction;
  ArrayChain chain;
  nlohmann::json codecs;
  const DataType& input_type() const {
    return direction == Direction::Encode ? *chain.array_type : chain.output_type();
  }
  const DataType& output_type() const {
    return direction == Direction::Encode ? chain.output_type() : *chain.array_type;
  }
  ChainResult compute(std::uint64_t input, const Readings& readings = {}) const {
    return direction == Direction::Encode ? encode_through(chain, input, readings)
                                          : decode_through(chain, input, readings);
  }
};

// The fill value: the scenario's, or the first of 0, 1, 2 valid for the chain; checked either
// way (a fill value the oracle refuses is a defect of the table).
nlohmann::json group_fill_value(const ChainScenario& scenario, const DataType& array_type,
                                const nlohmann::json& codecs) {
  nlohmann::json with_bytes = codecs;
  with_bytes.push_back({{"name", "bytes"}, {"configuration", {{"endian", "little"}}}});
  if (scenario.fill_value.empty()) {
    nlohmann::json fill = surviving_fill_value(array_type, {with_bytes});
    if (fill.is_null())
      throw std::logic_error("chain family: no fill value of 0, 1, 2 is valid for \"" +
                             std::string(scenario.purpose) + "\"");
    return fill;
  }
  nlohmann::json fill = parse_json_exact(scenario.fill_value);
  const FillValueCheck check = validate_array_metadata(array_type, fill, with_bytes);
  if (!check.valid)
    throw std::logic_error("chain family: the fill value of \"" + std::string(scenario.purpose) +
                           "\" is not valid: " + check.message);
  return fill;
}

// A case: the default result, with error_at on an error, and every reading of the cast and
// scale_offset flags that changes it.
nlohmann::json chain_case_json(const ChainGroup& group, std::uint64_t id, std::uint64_t input,
                               std::set<std::string>& flags_used) {
  const DataType& out = group.output_type();
  const ChainExpectation expected = chain_expectation(group.chain, group.compute(input));
  nlohmann::json json = {{"id", id},
                         {"input", pattern_hex(group.input_type(), input)},
                         {"result", chain_result_text(out, expected)}};
  if (!expected.ok()) json["error_at"] = expected.error_at;
  const auto acts = [](Flag flag) { return is_cast_flag(flag) || is_scale_offset_flag(flag); };
  const ReadingAlternatives alternatives =
      reading_alternatives(acts, [&](const Readings& readings) -> nlohmann::json {
        const ChainExpectation other =
            chain_expectation(group.chain, group.compute(input, readings));
        if (other.same_outcome(expected)) return nullptr;
        return chain_result_text(out, other);
      });
  if (!alternatives.flags.empty()) {
    json["flags"] = alternatives.flags;
    json["alternatives"] = alternatives.alternatives;
    flags_used.insert(alternatives.flags.begin(), alternatives.flags.end());
  }
  return json;
}

std::string file_text() {
  VectorFileHeader header;
  header.family = "chain";
  header.spec =
      "zarr-extensions codecs/scale_offset/README.md and codecs/cast_value/README.md (with the "
      "change log entry fixing \"+Infinity\"), data-types/*/README.md, zarr-specs v3 core data "
      "types";
  std::set<std::string> flags_used;
  std::vector<VectorGroup> groups;
  std::uint64_t next_id = 1;
  for (const ChainScenario& scenario : kScenarios) {
    const DataType& array_type = data_type(scenario.array_type);
    const nlohmann::json codecs = parse_json_exact(scenario.codecs);
    const nlohmann::json fill_value = group_fill_value(scenario, array_type, codecs);
    for (Direction direction : {Direction::Encode, Direction::Decode}) {
      const ChainGroup group{scenario, direction, parse_array_chain(array_type, codecs), codecs};
      const std::uint64_t seed = group_seed(scenario.purpose, direction_name(direction));
      const std::vector<std::uint64_t> inputs =
          direction == Direction::Encode
              ? encode_inputs(group.chain, seed,
                              scenario_inputs(scenario.encode_inputs, group.input_type()))
              : decode_inputs(group.chain, seed,
                              scenario_inputs(scenario.decode_inputs, group.input_type()));
      VectorGroup written;
      written.parameters = {{"purpose", std::string(scenario.purpose)},
                            {"array_data_type", std::string(array_type.name)},
                            {"codecs", codecs},
                            {"direction", std::string(direction_name(direction))},
                            {"input_type", std::string(group.input_type().name)},
                            {"output_type", std::string(group.output_type().name)},
                            {"fill_value", fill_value}};
      if (group.input_type().bits > kExhaustiveBits) written.parameters["seed"] = seed;
      for (std::uint64_t input : inputs) {
        written.cases.push_back(chain_case_json(group, next_id++, input, flags_used));
        ++header.number_of_cases;
      }
      groups.push_back(std::move(written));
    }
  }
  header.flags_used.assign(flags_used.begin(), flags_used.end());
  return format_vector_file(header, groups);
}

}  // namespace
}  // namespace chain_family_parts

std::string chain_family_file() {
  return chain_family_parts::file_text();
}

}  // namespace cvc
