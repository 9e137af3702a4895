// The catalogue of known-bug models: one table, in one place. The order is the bit order of a
// BugModelSet; where one model's wrong answers are a subset of another's (the same answers on
// fewer cases), the narrower model comes first, so that a failure both reproduce is credited to
// it when the counts tie (harness/run/diagnosis.cpp). docs/bug-models.md documents each model; its
// table is bug_model_table() (`cvc bug-models`).
#include <algorithm>
#include <array>

#include "harness/bug_models/model_parts.hpp"
#include "oracle/alias_rounding.hpp"
#include "oracle/scale_offset.hpp"

namespace cvc::bug_catalogue {
namespace {

template <class M>
CastResult full_cast(const CastRule& rule, std::uint64_t input_bits) {
  const CastResult correct = cast_value(rule, input_bits);
  return M::applies(rule) ? M::cast(rule, input_bits, correct) : correct;
}

// The words of a model (every field must be given).
struct Text {
  std::string_view id, title, mechanism, seen_in, spec;
};

constexpr BugModel words(const Text& text) {
  return {text.id, text.title, text.mechanism, text.seen_in, text.spec,
          nullptr, nullptr,    nullptr,        nullptr,      nullptr};
}

// The cast of a chain's cast_value step (ElementOracle::cast): the model's, readings aside.
template <class M>
CastResult chain_cast(const CastRule& rule, std::uint64_t input_bits, const Readings&) {
  return full_cast<M>(rule, input_bits);
}

template <class M>
constexpr CatalogueEntry cast_model(const Text& text) {
  BugModel model = words(text);
  model.cast = &full_cast<M>;
  return {model, &M::applies, &M::cast,
          ElementOracle{&chain_cast<M>, &scale_offset_encode, &scale_offset_decode,
                        &alias_round_to_integer}};
}

template <class M>
constexpr CatalogueEntry rejects_model(const Text& text) {
  BugModel model = words(text);
  model.rejects = &M::rejects;
  return {model, nullptr, nullptr};
}

template <class M>
constexpr CatalogueEntry validate_model(const Text& text) {
  BugModel model = words(text);
  model.validate = &M::validate;
  return {model, nullptr, nullptr};
}

template <class M>
constexpr CatalogueEntry chain_model(const Text& text) {
  BugModel model = words(text);
  model.chain = &M::chain;
  return {model, nullptr, nullptr};
}

// A model with a metadata verdict and a configuration test, and the requests whose every element
// it fails when it has that part.
template <class M>
constexpr CatalogueEntry validate_and_rejects_model(const Text& text) {
  BugModel model = words(text);
  model.validate = &M::validate;
  model.rejects = &M::rejects;
  if constexpr (requires { &M::fails_elements; }) model.fails_elements = &M::fails_elements;
  return {model, nullptr, nullptr};
}

constexpr CatalogueEntry kCatalogue[] = {
    // --- Rounding --------------------------------------------------------------------------------
    cast_model<TiesAway>({
        .id = "ties-away",
        .title = "nearest-even ties resolved away from zero",
        .mechanism =
            "Under nearest-even, a value exactly halfway between two neighbours goes to the one "
            "of larger magnitude instead of the one with an even last digit: the rounding helper "
            "is C's round() or a hand-written 'add half, truncate', which resolve ties away from "
            "zero. Only exact ties differ (2.5 -> 3 instead of 2).",
        .seen_in = "none seen yet; plausible because round() in C, C++ and Rust, and Python 2's "
                   "round(), resolve ties away from zero, and an implementation that reuses them "
                   "for nearest-even differs only on ties",
        .spec = "cast_value.md:67 (rounding): \"nearest-even\": \"Round to the nearest "
                "representable value, with ties rounded to the value whose least significant "
                "digit is even (IEEE 754 roundTiesToEven).\"",
    }),
    cast_model<NearestAwayFloorHalf>({
        .id = "nearest-away-floor-half",
        .title = "nearest-away computed as floor(|x| + 0.5) in binary64",
        .mechanism =
            "nearest-away into an integer is sign(x) * floor(|x| + 0.5) with the input first "
            "converted to a double. The addition is itself rounded: just below one half, "
            "0.49999999999999994 + 0.5 is 1.0, and an odd integer between 2^52 and 2^53 plus 0.5 "
            "is a tie that rounds to the even neighbour. Float32 and narrower inputs are exact "
            "in the sum; only float64 inputs go wrong.",
        .seen_in = "cast-value 0.2.1 (round_inplace: np.sign(arr) * np.floor(np.abs(arr) + 0.5); "
                   "findings 6, cast-value NOTES class H, 98 cases); zarrita 0.7.5 (nearestAway; "
                   "zarrita NOTES class 5, 34 cases)",
        .spec = "cast_value.md:71 (rounding): \"nearest-away\": \"Round to the nearest "
                "representable value, with ties going away from zero.\" 0.49999999999999994 is "
                "not a tie.",
    }),
    cast_model<DoubleRoundingFloat32>({
        .id = "double-rounding-float32",
        .title = "double rounding through float32",
        .mechanism =
            "A float64 is narrowed to a float type with fewer significand bits than float32 "
            "(float16, bfloat16, the 8-, 6- and 4-bit floats) in two steps: first to float32 "
            "(nearest-even), then to the target (nearest-even). A value just off a midpoint of "
            "the target's grid lands exactly on it in float32, and the second rounding breaks "
            "that manufactured tie to even. Under nearest-away the same result stands (only a "
            "true tie of the float64 input is rounded away from zero). An integer with more "
            "significant bits than float32 holds (int32 16842753, 2^24 + 2^16 + 1, is 2^24 + "
            "2^16 in float32 and then 2^24 in bfloat16) goes the same way under nearest-even.",
        .seen_in =
            "cast-value-rs 0.5.1 and zarr-python 3.4.2 (float64 -> float16 under nearest-even "
            "and nearest-away: half 2.7.1's f16::from_f64 on x86 with F16C rounds through f32; "
            "findings 1, 208 cases); "
            "ml_dtypes 0.6.0 through cast-value 0.2.1 (float64 -> bfloat16 and the 8/6/4-bit "
            "floats; findings 17, cast-value NOTES class M, 528 cases; and the 32- and 64-bit "
            "integers -> bfloat16 and float8_e8m0fnu under nearest-even, _cast_float's "
            "arr.astype(target_dtype) at cast_value/impl/_numpy.py:135: "
            "np.array([16842753], 'int32').astype(ml_dtypes.bfloat16) is 2^24, and int64 "
            "2^60 + 2^52 + 2^36 + 1 gives 2^60 + 2^53, the result of one rounding to float32 "
            "first, not two through float64)",
        .spec = "cast_value.md:67 (rounding): \"nearest-even\": \"Round to the nearest "
                "representable value, with ties rounded to the value whose least significant "
                "digit is even (IEEE 754 roundTiesToEven).\" The float64 input is not a tie; "
                "cast_value.md:61: rounding applies to \"casting between floating-point types of "
                "different widths\".",
    }),
    cast_model<LowWordDropped>({
        .id = "low-word-dropped",
        .title = "float64 low word dropped before rounding to float16 or bfloat16",
        .mechanism =
            "The source (float32 or float64) is read as a float64 and only its upper 32 bits are "
            "kept before a nearest-even rounding to float16 or bfloat16: a value just above a "
            "midpoint whose only nonzero bits beyond it are in the lower word is rounded as a "
            "tie (to even), and a value just above half the smallest subnormal becomes zero. "
            "Under nearest-away the same, but for a true tie of the whole input, which is "
            "rounded away from zero.",
        .seen_in = "zarrs main at 85b26a3 (unreleased; round_f64_to_bf16 through half 2.7.1's "
                   "bf16::from_f64 on every CPU: float32 -> bfloat16 8 of 380, float64 -> "
                   "bfloat16 12 of 470 vector inputs; findings 1; under nearest-away "
                   "adjust_float_rounding, zarrs_data_type/src/codec_traits/cast_value.rs:"
                   "447-520, corrects true ties only: float32 0x00808001 gave 0x0080); half "
                   "2.7.1's software path "
                   "f64_to_f16_fallback, which cast-value-rs 0.5.1 takes on CPUs without F16C "
                   "(12 of 476 float64 -> float16 inputs; not on the certification machine)",
        .spec = "cast_value.md:67 (rounding): \"nearest-even\": \"Round to the nearest "
                "representable value, with ties rounded to the value whose least significant "
                "digit is even (IEEE 754 roundTiesToEven).\"",
    }),
    cast_model<DoubleRoundingFloat64>({
        .id = "double-rounding-float64",
        .title = "64-bit integers rounded to float64 first",
        .mechanism =
            "An int64 or uint64 is converted to a double (nearest-even) before the cast into a "
            "float type with the configured rounding. Above 2^53 the double is already rounded: "
            "a value below a float32 midpoint can become the midpoint (then a tie to even), and "
            "under the directed modes the double may already lie on the far side (2^54 - 1 "
            "towards-zero gives 2^54).",
        .seen_in = "zarrita 0.7.5 (uint64 -> float32 decode: Number(v), then the Float32Array "
                   "store; findings 1, zarrita NOTES class 6); cast-value 0.2.1 (int64/uint64 -> "
                   "float under the directed modes: inexactness judged on a float64 copy; "
                   "findings 7, cast-value NOTES classes D and M, 3,095 + 910 cases)",
        .spec = "cast_value.md:61 (rounding): rounding applies to \"casting from integer types "
                "to floating-point types with insufficient mantissa bits (e.g. int64 to "
                "float32)\"; cast_value.md:68: \"towards-zero\": \"Round towards zero.\"",
    }),
    cast_model<IntToFloatNearestEven>({
        .id = "int-to-float-nearest-even",
        .title = "integer -> float ignores the rounding mode",
        .mechanism =
            "An integer is stored into a float type by the language's own conversion, which "
            "always rounds to nearest-even: towards-zero, towards-positive, towards-negative and "
            "nearest-away behave as nearest-even whenever the integer has more significant bits "
            "than the float's significand. The conversion also decides the overflow: a value "
            "beyond the float's range is +-Infinity, not an error (uint16 65520 towards-zero "
            "into float16 is Infinity, not 65504), and a 64-bit integer is first rounded to "
            "float64 (2^53 + 2^29 + 1 towards-positive into float32 is 2^53: 2^53 + 2^29 in "
            "float64, then a tie to even).",
        .seen_in = "zarrita 0.7.5 (the int -> float converter is the identity followed by the "
                   "typed array store, src/codecs/cast_value.ts:377-380: `baseFn = (v: number) "
                   "=> v` and, for a bigint, `Number(v)`; findings 2, zarrita NOTES classes 3 and "
                   "F2, 5,397 cases)",
        .spec = "cast_value.md:61 (rounding): \"This applies to any cast where the target data "
                "type cannot exactly represent the input value, including ... casting from "
                "integer types to floating-point types with insufficient mantissa bits (e.g. "
                "int64 to float32).\"",
    }),
    cast_model<DirectedAsNearestWithoutInfinity>({
        .id = "directed-as-nearest-without-infinity",
        .title = "directed and nearest-away rounding act as nearest-even into types without "
                 "infinity",
        .mechanism =
            "The cast is done nearest-even and then corrected one step towards the wanted "
            "neighbour with nextafter(result, +-inf cast to the output). In the fnuz types and "
            "float8_e8m0fnu the cast of an infinity is NaN, nextafter towards NaN is NaN, and the "
            "correction is skipped: every mode gives the nearest-even result. That result is "
            "the conversion's own: through float32 from a float64 or an integer of more than 24 "
            "significant bits (25165823 towards-zero into float8_e8m0fnu is 2^25), and NaN "
            "where it overflows, whatever out_of_range says (61440 towards-zero into "
            "float8_e5m2fnuz is NaN, not 57344).",
        .seen_in = "cast-value 0.2.1 with ml_dtypes 0.6.0 (_cast_float; findings 17, cast-value "
                   "NOTES class M, 45,364 cases into float8_e5m2fnuz, float8_e8m0fnu, "
                   "float8_e4m3fnuz, float8_e4m3b11fnuz; the conversion's result kept: "
                   "`result = arr.astype(target_dtype)` at cast_value/impl/_numpy.py:135, "
                   "cast_array(np.array([61440], 'uint16'), target_dtype=ml_dtypes."
                   "float8_e5m2fnuz, rounding_mode=\"towards-zero\", out_of_range_mode="
                   "\"clamp\") gives NaN, replayed in the adapter's venv)",
        .spec = "cast_value.md:68-71 (rounding): \"towards-zero\": \"Round towards zero.\", "
                "\"towards-positive\": \"Round towards positive infinity.\", "
                "\"towards-negative\": \"Round towards negative infinity.\", \"nearest-away\": "
                "\"... with ties going away from zero.\"",
    }),
    cast_model<DirectedOnMagnitude>({
        .id = "directed-on-magnitude",
        .title = "towards-positive / towards-negative applied to the magnitude",
        .mechanism =
            "The rounding works on the magnitude (sign-magnitude bit manipulation) and forgets to "
            "flip the direction for negative values: towards-positive rounds every magnitude up "
            "(a floor for negative values), towards-negative rounds every magnitude down (a "
            "truncation for negative values). Positive values are right.",
        .seen_in = "none seen yet; plausible because float narrowing is usually written on the "
                   "sign-magnitude encoding (shift the significand, look at the dropped bits), "
                   "where 'up' naturally means 'larger magnitude'",
        .spec = "cast_value.md:69-70 (rounding): \"towards-positive\": \"Round towards positive "
                "infinity. Also known as rounding up, or taking the ceiling.\"; "
                "\"towards-negative\": \"Round towards negative infinity. Also known as rounding "
                "down, or taking the floor.\"",
    }),
    cast_model<SubByteIntAsFloat>({
        .id = "sub-byte-int-as-float",
        .title = "int2/int4/uint2/uint4 outputs cast like floats: truncated and wrapped",
        .mechanism =
            "The sub-byte integer types are not recognised as integers, so the cast takes the "
            "float path: a plain conversion, then, for a mode other than nearest-even, the float "
            "path's correction. The conversion truncates a float towards zero through a 32-bit "
            "integer (0 beyond int32's range, 2147483647.5 included, and for NaN and the "
            "infinities; the 8-bit IEEE floats go through int64, +Infinity giving all ones) and "
            "keeps the low bits; an integer keeps its low bits. From bfloat16 and "
            "float8_e8m0fnu the conversion raises NumPy's invalid flag beyond int32's range and "
            "for NaN and the infinities (from float32 at 2^31 alone), and the element is "
            "refused, also under clamp and wrap. The correction, where that result v differs from "
            "the input, takes "
            "the other candidate nextafter(v, 0), computed in float16 (v minus a tiny step "
            "towards zero), when the mode prefers it, and stores it truncated: v - sign(v). No "
            "range check: out_of_range is ignored.",
        .seen_in = "cast-value 0.2.1 with ml_dtypes 0.6.0 (np.issubdtype(ml_dtypes.int4, "
                   "np.integer) is False; findings 14, cast-value NOTES class J, 327,998 cases; "
                   "the refusals: cast_array's np.errstate(invalid=\"raise\") at "
                   "cast_value/impl/_numpy.py:85 around _cast_float's astype at line 135; "
                   "np.array([2**31], ml_dtypes.bfloat16).astype(ml_dtypes.int2) raises "
                   "FloatingPointError, float64 2147483647.5 gives 0; replayed in the adapter's "
                   "venv)",
        .spec = "cast_value.md:86 (out_of_range): \"If this field is not present ... "
                "implementations MUST treat any out-of-range value as an encoding or decoding "
                "failure.\"; cast_value.md:67 (rounding, the default nearest-even)",
    }),
    cast_model<FloatToIntTruncates>({
        .id = "float-to-int-truncates",
        .title = "float -> integer always truncates",
        .mechanism = "A float is converted to an integer with the language's conversion (C and C++ "
                     "casts, Rust's as, NumPy's astype), which truncates towards zero whatever the "
                     "configured rounding: 2.7 gives 2 under nearest-even, -2.5 gives -2 under "
                     "towards-negative.",
        .seen_in = "none seen yet for the 8- to 64-bit integers (cast-value 0.2.1 truncates into "
                   "the sub-byte ones, sub-byte-int-as-float); plausible because every common "
                   "language conversion from float to integer truncates",
        .spec = "cast_value.md:73 (rounding): \"If this field is not present, implementations "
                "MUST use \"nearest-even\".\"; cast_value.md:67: \"Round to the nearest "
                "representable value ...\"",
    }),
    // --- Range, clamp and wrap -------------------------------------------------------------------
    cast_model<RangeBoundRounded>({
        .id = "range-bound-rounded",
        .title = "range checked against the bound rounded into the source type",
        .mechanism =
            "The range check compares the input with the output's limits converted to the input "
            "type, x <= (float)INT32_MAX. The largest integer, rounded into the float type, can "
            "land above it ((float)2147483647 is 2^31, (half)32767 is 32768, e4m3 rounds 127 to "
            "128), so that one value passes the check; the conversion that follows keeps its low "
            "bits (2^31 into int32 gives -2^31).",
        .seen_in = "none seen yet; plausible because `x > (float)INT_MAX` is the usual C idiom "
                   "and compilers warn about it only as an implicit conversion",
        .spec = "cast_value.md:86 (out_of_range): \"If this field is not present ... "
                "implementations MUST treat any out-of-range value as an encoding or decoding "
                "failure.\"; cast_value.md:83: clamp gives \"the minimum or maximum value of the "
                "target data type\"",
    }),
    cast_model<RangeCheckedBeforeRounding>({
        .id = "range-checked-before-rounding",
        .title = "range checked on the value before rounding",
        .mechanism =
            "The range check looks at the input value instead of the rounded one: a value just "
            "beyond a limit that rounds onto it (127.3 into int8 under nearest-even, -0.3 into "
            "uint8, 65519 into float16) is treated as out of range: an error without "
            "out_of_range, Infinity under clamp into a float type.",
        .seen_in = "none seen yet; plausible because checking |x| > max before converting is the "
                   "simplest guard, and the spec's order (round, then range) is easy to miss",
        .spec = "cast_value.md:77 (out_of_range): \"If applicable, the rounding rule defined in "
                "the rounding field MUST be applied before the out_of_range transformation.\"",
    }),
    cast_model<WrapInFloat64>({
        .id = "wrap-in-float64",
        .title = "wrap computed in float64 arithmetic",
        .mechanism =
            "wrap into an integer narrower than 64 bits is computed on doubles: the value (an "
            "int64 or uint64 first rounded to the nearest double) is rounded to an integer by "
            "the mode, then ((v - lo) % 2^N + 2^N) % 2^N + lo, where v - lo is rounded again. "
            "Beyond 2^53 the low bits are gone: 2^53 + 1 wraps to 0 in int8 instead of 1, and "
            "2^60 to -128 instead of 0 (2^60 + 128 rounds to 2^60).",
        .seen_in = "zarrita 0.7.5 (check(Number(v)) for a bigint input and a non-bigint output, "
                   "makeIntRangeCheck for wrap; findings 4, zarrita NOTES class 2)",
        .spec = "cast_value.md:84 (out_of_range): \"wrap\": \"mapped to the value in the "
                "representable range that is congruent to that input value modulo 2^N\"",
    }),
    cast_model<Int64IntermediateOverflow>({
        .id = "int64-intermediate-overflow",
        .title = "wrap and clamp refused where an int64 intermediate overflows",
        .mechanism =
            "The out_of_range arithmetic is done in int64: wrap computes the modulus hi - lo + 1, "
            "which is 2^64 for the 64-bit outputs, and converts a float input to int64 first, "
            "which fails from 2^63 on; clamp of a float to int64/uint64 clips to 2^63 - 1 "
            "(2^64 - 1), which is 2^63 (2^64) in float64, and converting that overflows. Each "
            "overflow refuses the element.",
        .seen_in = "cast-value 0.2.1 (check_int_range; findings 5, cast-value NOTES classes B, C "
                   "and E, 8,569 + 3,857 + 1,110 cases)",
        .spec = "cast_value.md:84 (out_of_range): \"wrap\": \"congruent to that input value "
                "modulo 2^N\"; cast_value.md:83: \"clamp\": \"clamped to the minimum or maximum "
                "value of the target data type\"",
    }),
    cast_model<NegativeToUnsignedReinterpreted>({
        .id = "negative-to-unsigned-reinterpreted",
        .title = "negative integers into unsigned types reinterpreted",
        .mechanism =
            "A negative integer cast into an unsigned type gives its two's complement (-1 into "
            "uint8 is 255) instead of an error or the clamp to 0: the conversion reinterprets the "
            "bits and the range check only looks at the upper limit.",
        .seen_in = "none seen yet; plausible because C and C++ conversions to unsigned types, "
                   "NumPy's astype and Rust's as all reduce modulo 2^N",
        .spec = "cast_value.md:86 (out_of_range): \"If this field is not present ... "
                "implementations MUST treat any out-of-range value as an encoding or decoding "
                "failure.\"",
    }),
    cast_model<IntNarrowingWraps>({
        .id = "int-narrowing-wraps",
        .title = "integer -> integer never range-checked (always wraps)",
        .mechanism =
            "Between integer types the value is converted by keeping its low bits, whatever "
            "out_of_range says: 300 into int8 gives 44 without out_of_range and under clamp.",
        .seen_in = "none seen yet for the 8- to 64-bit integers (cast-value 0.2.1 does it into "
                   "the sub-byte ones, sub-byte-int-as-float); plausible because narrowing "
                   "integer conversions wrap in C, C++, Rust and NumPy",
        .spec = "cast_value.md:86 (out_of_range): \"If this field is not present ... "
                "implementations MUST treat any out-of-range value as an encoding or decoding "
                "failure.\"; cast_value.md:90: \"If out_of_range is clamp, then the encoded "
                "scalar is 127.\"",
    }),
    cast_model<InfinityInsteadOfError>({
        .id = "infinity-instead-of-error",
        .title = "overflow into a float type gives Infinity without out_of_range",
        .mechanism =
            "With out_of_range absent, a value that rounds beyond the largest finite value of a "
            "float type with infinities becomes +-Infinity (the IEEE overflow result of the "
            "language's conversion) instead of an error.",
        .seen_in = "zarrita 0.7.5 (typed array stores; findings 4, zarrita NOTES classes 4 and "
                   "F3, 5,484 cases); cast-value 0.2.1 with ml_dtypes 0.6.0 into float8_e3m4, "
                   "float8_e4m3 and float8_e5m2 under nearest-even (cast-value NOTES class K; "
                   "its other modes: small-float-range-unchecked)",
        .spec = "cast_value.md:86 (out_of_range): \"If this field is not present, out-of-range "
                "values are not handled by the codec. In this case, implementations MUST treat "
                "any out-of-range value as an encoding or decoding failure.\"",
    }),
    cast_model<SmallFloatRangeUnchecked>({
        .id = "small-float-range-unchecked",
        .title = "overflow, NaN and infinities into the 8-, 6- and 4-bit floats give values",
        .mechanism =
            "Into the 8-, 6- and 4-bit float types the conversion's own answer is returned where "
            "an error is due. Into float4_e2m1fn, the float6 types, the fnuz types and "
            "float8_e8m0fnu: NaN (0x80, 0xff) in the types that have one, else the largest "
            "finite value of the value's sign; a NaN into a type without NaN comes out as a zero "
            "with the opposite sign bit. Into float8_e3m4, float8_e4m3 and float8_e5m2: the IEEE "
            "overflow result of the mode (Infinity, or the largest value for a mode rounding "
            "towards zero), and the largest value under nearest-away (the correction step keeps "
            "the finite neighbour of Infinity); the same into float16 from bfloat16 and the "
            "8-bit floats, whose conversion is ml_dtypes' too. Under nearest-even the "
            "conversion's overflow through float32 is kept where the value itself rounds into "
            "range (float64 247.99999999999997 is 248 in float32: NaN in float8_e4m3fnuz, not "
            "240). Under towards-positive a NaN of "
            "an ml_dtypes type into a type without NaN comes out as the smallest positive value "
            "(the correction step takes the zero for an inexact result and moves it up).",
        .seen_in = "cast-value 0.2.1 with ml_dtypes 0.6.0 (_cast_float never reads out_of_range "
                   "and ml_dtypes raises no numpy flag; findings 15, cast-value NOTES class K, "
                   "188,846 cases; the NaN under towards-positive: _cast_float skips its "
                   "`inexact &= np.isfinite(wide_src)` (cast_value/impl/_numpy.py:149-150) for an "
                   "input that is not np.floating, and float8_e3m4 0x71 (NaN) into float4_e2m1fn "
                   "gives 0x1; bfloat16 65536 into float16 under nearest-away gives 65504; both "
                   "replayed in the adapter's venv)",
        .spec = "cast_value.md:86 (out_of_range, absent): \"implementations MUST treat any "
                "out-of-range value as an encoding or decoding failure\"; cast_value.md:27: "
                "\"If the output data type does not support NaN or transfinite values and the "
                "input scalar has NaN or transfinite semantics, the transformation MUST error "
                "unless explicitly overridden by scalar_map.\"",
    }),
    cast_model<ClampInsteadOfError>({
        .id = "clamp-instead-of-error",
        .title = "out_of_range absent clamps instead of failing",
        .mechanism =
            "Without out_of_range, an out-of-range value is saturated (to the largest or "
            "smallest value, or +-Infinity) instead of refused: the conversion used saturates, "
            "and nothing checks the range before it.",
        .seen_in = "none seen yet; plausible because Rust's float-to-int as, CUDA's and ml "
                   "kernels' saturating conversions clamp by default",
        .spec = "cast_value.md:89 (out_of_range example): \"If out_of_range is not set, the "
                "codec MUST fail.\"; cast_value.md:86",
    }),
    cast_model<ClampIgnored>({
        .id = "clamp-ignored",
        .title = "clamp into a float type refused where the conversion overflows",
        .mechanism =
            "out_of_range is only read for integer outputs; into a float type with infinities "
            "the conversion overflows to Infinity, the overflow flag is turned into an error, and "
            "the element is refused where clamp asks for +-Infinity. A float64 going into "
            "bfloat16 or a float type of 8 bits or fewer is converted through float32 first, "
            "which overflows beyond float32's range: refused there too, where clamp asks for "
            "the largest finite value in the types without infinities (float64 2^128 into "
            "float8_e8m0fnu).",
        .seen_in = "cast-value 0.2.1 (_cast_float ignores out_of_range, cast_array runs under "
                   "np.errstate(over=\"raise\"); findings 3, cast-value NOTES class A, 13,748 "
                   "cases; with ml_dtypes 0.6.0, NOTES class N: "
                   "cast_array(np.array([2.0**128]), target_dtype=ml_dtypes.float8_e8m0fnu, "
                   "out_of_range_mode=\"clamp\") raises FloatingPointError: overflow encountered "
                   "in cast, at _cast_float's astype, cast_value/impl/_numpy.py:135; replayed in "
                   "the adapter's venv)",
        .spec = "cast_value.md:83 (out_of_range): \"clamp\": \"A value with a quantity exceeding "
                "the representable range is clamped to the minimum or maximum value of the target "
                "data type. For output data types with representations of +-Infinity, values "
                "outside the finite range of the data type MUST be mapped to +-Infinity.\"",
    }),
    cast_model<ClampToFiniteMax>({
        .id = "clamp-to-finite-max",
        .title = "clamp gives the largest finite value where Infinity is due",
        .mechanism =
            "clamp saturates to the largest finite value of a float type that has infinities "
            "(as an integer clamp would), where the spec maps values beyond the finite range to "
            "+-Infinity. Infinite inputs are unaffected.",
        .seen_in = "cast-value 0.2.1 under nearest-away into float8_e3m4, float8_e4m3, "
                   "float8_e5m2, float16, bfloat16 (its correction step keeps the finite "
                   "neighbour of Infinity; findings 16, cast-value NOTES class L, 12,468 cases)",
        .spec = "cast_value.md:83 (out_of_range): \"clamp\": \"For output data types with "
                "representations of +-Infinity, values outside the finite range of the data type "
                "MUST be mapped to +-Infinity.\"",
    }),
    cast_model<ClampGivesNaN>({
        .id = "clamp-gives-nan",
        .title = "clamp into the fnuz types and float8_e8m0fnu gives NaN",
        .mechanism =
            "clamp is ignored and the conversion's overflow result stands: NaN (0x80) in the "
            "fnuz types and 0xff in float8_e8m0fnu, where clamp asks for the largest (or "
            "smallest) value.",
        .seen_in = "cast-value 0.2.1 with ml_dtypes 0.6.0 (findings 16, cast-value NOTES class L, "
                   "62,820 cases)",
        .spec = "cast_value.md:83 (out_of_range): \"clamp\": \"A value with a quantity exceeding "
                "the representable range is clamped to the minimum or maximum value of the "
                "target data type.\"",
    }),
    cast_model<NeighbourOverflowRefused>({
        .id = "neighbour-overflow-refused",
        .title = "in-range results next to the largest float refused",
        .mechanism =
            "For a mode other than nearest-even the cast is done nearest-even and the other "
            "neighbour computed with nextafter; when the nearest-even result is the largest "
            "finite value and the input lies beyond it, that neighbour is Infinity, computing it "
            "raises the overflow flag, and the element is refused even though the result "
            "(towards-zero: the largest value) is in range. Where the nearest-even result is "
            "itself the infinity (65520 into float16, a tie that goes to 65536), that first "
            "conversion raises the flag, also under clamp.",
        .seen_in = "cast-value 0.2.1 (_cast_float under np.errstate(over=\"raise\"); findings 8, "
                   "cast-value NOTES class F, 1,030 cases; the first conversion, "
                   "`result = arr.astype(target_dtype)` at cast_value/impl/_numpy.py:135, into "
                   "NumPy's float16, float32 and float64: cast_array(np.array([65520], "
                   "'float32'), target_dtype=np.float16, rounding_mode=\"towards-zero\", "
                   "out_of_range_mode=\"clamp\") raises FloatingPointError: overflow "
                   "encountered in cast; replayed in the adapter's venv)",
        .spec = "cast_value.md:19 (procedure): \"An input scalar can be transformed to a value "
                "that is representable in the output data type using a combination of rounding "
                "and a rule for mapping out-of-range scalars\"; 65504.004 towards-zero is 65504, "
                "in range",
    }),
    // --- Special values --------------------------------------------------------------------------
    cast_model<ZeroSignLost>({
        .id = "zero-sign-lost",
        .title = "-0.0 results come out as +0.0",
        .mechanism =
            "Every zero result is written as +0: the sign of a negative zero input, or of a "
            "negative value rounded to zero, is dropped (a zero test followed by 'return 0').",
        .seen_in = "none seen yet; plausible because a special case for zero that returns a "
                   "literal 0 is the usual shortcut",
        .spec = "cast_value.md:25 (special values): \"Signed zero MUST be preserved.\"",
    }),
    cast_model<SubnormalFlush>({
        .id = "subnormal-flush",
        .title = "subnormal results flushed to zero",
        .mechanism =
            "A result in the output's subnormal range is replaced by a zero of the same sign (by "
            "+0 in the fnuz types, which have no -0), as hardware does in flush-to-zero mode or a "
            "conversion that handles only normal numbers.",
        .seen_in = "none seen yet; plausible because GPUs, -ffast-math builds and hand-written "
                   "conversions for the small float types often flush subnormals",
        .spec = "cast_value.md:17 (procedure): an input \"exactly representable in the output "
                "data type\" maps to that value; subnormals are values of the type "
                "(data-types/*.md); cast_value.md:67 for rounded ones",
    }),
    cast_model<NaNPayloadKept>({
        .id = "nan-payload-kept",
        .title = "NaN payload kept (quiet bit set)",
        .mechanism =
            "A NaN between IEEE types keeps its sign and the high bits of its payload, with the "
            "quiet bit set, instead of becoming the canonical NaN. The result is always a NaN, "
            "and the harness compares any NaN with any NaN: this model cannot be observed by "
            "the harness (neither by the vectors nor by live mode), only bit by bit. It stays in "
            "the catalogue to document that the spec permits it.",
        .seen_in = "permitted, not a bug the harness can see: what hardware conversions do "
                   "(x86 cvtsd2ss, F16C)",
        .spec = "cast_value.md:17: \"Payload preservation is not required.\"; cast_value.md:25: "
                "\"NaN values MUST be propagated\"",
    }),
    cast_model<NaNPayloadTruncated>({
        .id = "nan-payload-truncated",
        .title = "NaN payload truncated into an infinity",
        .mechanism =
            "A NaN is narrowed by shifting its significand without forcing the quiet bit: a "
            "payload whose bits all lie below the output's significand width leaves an all-zero "
            "significand, the pattern of +-Infinity (float32 0x7f800001 into float16 gives "
            "0x7c00). Other NaNs stay NaN (and then compare equal to the oracle's).",
        .seen_in = "none seen yet; plausible because a bit-level narrowing that treats NaN as "
                   "'exponent all ones, shift the significand' gets this wrong; NumPy and half "
                   "guard against it explicitly",
        .spec = "cast_value.md:25 (special values): \"If both input and output data types "
                "support IEEE 754 semantics, NaN values MUST be propagated unless overridden by "
                "scalar_map.\"",
    }),
    cast_model<SignallingNaNRefused>({
        .id = "signalling-nan-refused",
        .title = "signalling NaN inputs refused",
        .mechanism =
            "Converting a signalling NaN (quiet bit clear) raises the IEEE invalid flag, and the "
            "implementation turns the flag into an error, refusing an element that must become a "
            "NaN.",
        .seen_in = "cast-value 0.2.1 (np.errstate(invalid=\"raise\"); findings 8, cast-value "
                   "NOTES classes G and N, 160 + 1,424 cases)",
        .spec = "cast_value.md:25 (special values): \"If both input and output data types "
                "support IEEE 754 semantics, NaN values MUST be propagated unless overridden by "
                "scalar_map.\"",
    }),
    cast_model<NaNToIntegerZero>({
        .id = "nan-to-integer-zero",
        .title = "NaN into an integer type gives 0",
        .mechanism =
            "A NaN cast into an integer type gives 0 (Rust's as, the low bits of x86's integer "
            "indefinite 0x80...0) instead of an error.",
        .seen_in = "cast-value 0.2.1 into the sub-byte integers (part of sub-byte-int-as-float); "
                   "otherwise none seen yet; plausible because Rust's as and many SIMD "
                   "conversions map NaN to 0",
        .spec = "cast_value.md:27 (special values): \"If the output data type does not support "
                "NaN or transfinite values and the input scalar has NaN or transfinite "
                "semantics, the transformation MUST error unless explicitly overridden by "
                "scalar_map.\"",
    }),
    // --- scalar_map ------------------------------------------------------------------------------
    cast_model<LastDuplicateWins>({
        .id = "last-duplicate-wins",
        .title = "scalar_map: the last duplicate key wins",
        .mechanism =
            "The entries are read into a dictionary, so a repeated key keeps the value of its "
            "last occurrence: [[1, 10], [1, 20]] maps 1 to 20.",
        .seen_in = "zarr-python 3.4.2 (parse_scalar_map: dict(entries)) and cast-value 0.2.1 "
                   "(extract_raw_map); findings 10",
        .spec = "cast_value.md:111 (scalar_map): \"If the same input scalar is repeated, "
                "readers MUST use the first occurrence.\"",
    }),
    cast_model<ScalarMapChained>({
        .id = "scalar-map-chained",
        .title = "scalar_map: mapped values mapped again",
        .mechanism =
            "The map is applied to the array in place, one entry after the other (elements equal "
            "to the key, every NaN for a NaN key, are overwritten with the value); a value written "
            "by one entry is then compared with the keys of the entries after it: "
            "[[1, 2], [2, 3], [3, 1]] maps 1 to 1 (1 -> 2 -> 3 -> 1) and 2 to 1. The comparison "
            "is by value, so a value of the output type meets keys of the input type.",
        .seen_in = "cast-value 0.2.1 (apply_scalar_map, and its own test "
                   "test_apply_scalar_map[chain-order-first-wins]; findings 10 and 'What the "
                   "implementations' own test suites expect', item 1)",
        .spec = "cast_value.md:113 (scalar_map): \"if a value matches a key in "
                "scalar_map.encode, the corresponding mapped value is used instead of the normal "
                "casting rules\"; cast_value.md:15: the map is the first of the ordered "
                "conditions",
    }),
    cast_model<MapOnlyUnrepresentable>({
        .id = "map-only-unrepresentable",
        .title = "scalar_map consulted only when the normal cast fails",
        .mechanism =
            "The map is treated as a fallback for values the cast cannot produce (NaN, "
            "infinities, out of range), as in the spec's NumPy example; a key that the normal "
            "rules can cast (2.5 mapped to 7) is cast normally instead (to 2).",
        .seen_in = "none seen yet; plausible because the spec's only example maps exactly the "
                   "values that would fail",
        .spec = "cast_value.md:15 (procedure): \"The scalar map MUST be evaluated before any "
                "other representability checks.\"",
    }),
    cast_model<MapKeysThroughDouble>({
        .id = "map-keys-through-double",
        .title = "scalar_map: int64/uint64 scalars read through a double",
        .mechanism =
            "The JSON is parsed into doubles before the 64-bit integers are built, so a key or "
            "value beyond 2^53 is rounded: 9007199254740993 becomes 2^53 and maps the wrong "
            "input, 18446744073709551615 becomes 2^64 and matches nothing; a rounded value is "
            "stored modulo 2^64.",
        .seen_in = "zarrita 0.7.5 (JSON.parse, then BigInt(value); zarrita NOTES class 9, from "
                   "reproducers beyond the vectors)",
        .spec = "cast_value.md:107 (scalar_map): \"Input scalars are encoded to JSON using the "
                "Zarr V3 fill value encoding for the input data type\"; "
                "data-types/core-data-types.rst:60-61: \"a JSON number with no fraction or "
                "exponent part that is within the representable range of the data type\"",
    }),
    // --- Configurations refused ------------------------------------------------------------------
    rejects_model<FloatRoundingRefused>({
        .id = "float-rounding-refused",
        .title = "float -> float refused unless nearest-even",
        .mechanism =
            "The float -> float conversion relies on the typed array store, which only rounds to "
            "nearest-even, so any other rounding mode is refused for the whole configuration, "
            "even between types where every value is exact (float32 -> float64).",
        .seen_in = "zarrita 0.7.5 (buildConverter: \"float -> float only supports "
                   "nearest-even\"; findings 2, zarrita NOTES classes 1 and F1, 22,656 cases)",
        .spec = "cast_value.md:61 (rounding): \"This applies to any cast where the target data "
                "type cannot exactly represent the input value, including casting between "
                "floating-point types of different widths\"; cast_value.md:63: \"The following "
                "values are permitted\" (all five)",
    }),
    rejects_model<SubByteRoundingRefused>({
        .id = "sub-byte-rounding-refused",
        .title = "int2 -> int4 and uint2 -> uint4 refused unless nearest-even",
        .mechanism =
            "For a mode other than nearest-even the result is cast back to the input type "
            "(result.astype(arr.dtype)), and ml_dtypes has no int4 -> int2 (uint4 -> uint2) "
            "cast: a TypeError for the whole array, while nearest-even casts the pair.",
        .seen_in = "cast-value 0.2.1 with ml_dtypes 0.6.0 (findings 18, cast-value NOTES class O, "
                   "192 cases)",
        .spec = "cast_value.md:63-71 (rounding): the five permitted values, none of them "
                "optional for any pair",
    }),
    validate_and_rejects_model<HexMapScalarsRefused>({
        .id = "hex-map-scalars-refused",
        .title = "scalar_map scalars in the \"0x\" form refused",
        .mechanism =
            "Each scalar_map entry is converted with Python's float() / int() of its JSON "
            "value, and float(\"0x7e01\") fails, so metadata whose map writes a scalar as a "
            "hex pattern is refused (although the fill value parser accepted it). As a "
            "configuration test (rejects): a map holding a NaN other than the canonical one, "
            "which only the hex form can write. The decode map is converted only when a chunk "
            "is read, so a decode whose decode map (and not its encode map) holds a hex scalar "
            "opens the array and then fails every element.",
        .seen_in = "zarr-python 3.4.2 (CastValue._do_cast, zarr/codecs/cast_value.py:347, "
                   "`{to_src(k): to_tgt(v) ...}`, called by resolve_metadata with the encode map "
                   "at line 376 and by _decode_sync with the decode map at line 411; "
                   "findings 11, zarr-python NOTES class 3, 10 cases; the decode failures: "
                   "scalar_map.json cases 251, 262, 309, every element refused)",
        .spec = "cast_value.md:107 (scalar_map): scalars are \"encoded to JSON using the "
                "Zarr V3 fill value encoding\"; data-types/core-data-types.rst:75-76: "
                "\"0xYYYYYYYY\", \"specifying the byte representation of the floating point "
                "number as an unsigned integer\"",
    }),
    // --- Metadata --------------------------------------------------------------------------------
    validate_model<FillEncodeOnly>({
        .id = "fill-encode-only",
        .title = "fill value checked forward only",
        .mechanism =
            "The fill value is cast through each cast_value codec's encode rule (which must "
            "succeed) but never decoded back and compared, so a fill value that does not survive "
            "the round trip (0.1 through float16, 2.5 through int8, 300 clamped into int8) is "
            "accepted.",
        .seen_in = "zarr-python 3.4.2 (CastValue.resolve_metadata), cast-value 0.2.1 "
                   "(_CastValueBaseV1.resolve_metadata), zarrita 0.7.5 (getEncodedMeta); findings "
                   "9, metadata cases 80, 91, 92, 97, 98, 111",
        .spec = "cast_value.md:57 (data_type): \"If the fill value cannot survive a round-trip "
                "cast, implementations MUST treat this as an error.\"",
    }),
    validate_model<OptionValuesUnchecked>({
        .id = "option-values-unchecked",
        .title = "rounding and out_of_range values not checked",
        .mechanism =
            "Only the values the implementation acts on are compared: an out_of_range other "
            "than \"clamp\" and \"wrap\" (\"saturate\", \"none\", true, null) is read as absent, "
            "and a null rounding as the default.",
        .seen_in = "cast-value 0.2.1 (metadata cases 48-51), zarrita 0.7.5 (41, 48-51: "
                   "config.rounding ?? \"nearest-even\"), zarr-python 3.4.2 (51 only); findings 12",
        .spec = "cast_value.md:63 and :79: \"The following values are permitted\" (the rounding "
                "and out_of_range tables); cast_value.md:86: out_of_range \"not present\" is the "
                "only way to leave it out",
    }),
    validate_model<UnknownKeysIgnored>({
        .id = "unknown-keys-ignored",
        .title = "unknown keys in the codec, configuration or scalar_map ignored",
        .mechanism =
            "The reader takes the keys it knows and ignores the rest: must_understand next to "
            "name and configuration, \"endian\" or \"Rounding\" in the configuration, \"both\" "
            "or \"Encode\" in scalar_map.",
        .seen_in = "zarrita 0.7.5 (metadata cases 10, 14, 15, 56, 57), zarr-python 3.4.2 and "
                   "cast-value 0.2.1 (10, 56, 57); findings 12 (case 10 is an open question: "
                   "findings, 'Open questions')",
        .spec = "cast_value.md:53 (configuration): \"Additional keys are reserved for future "
                "versions of this codec. Metadata with additional keys MUST be treated as "
                "invalid by readers.\"",
    }),
    validate_model<ScalarMapShapeUnchecked>({
        .id = "scalar-map-shape-unchecked",
        .title = "scalar_map of the wrong shape read anyway",
        .mechanism =
            "The shape of scalar_map is not checked: a scalar_map given as an array is dropped "
            "(\"encode\" in a list is a membership test), an encode or decode given as a mapping "
            "is read as its items, and an entry with more than two elements is read as its first "
            "two.",
        .seen_in = "zarr-python 3.4.2 (parse_scalar_map: metadata cases 54, 55, 58), zarrita "
                   "0.7.5 (54, 55, 61); findings 12",
        .spec = "cast_value.md:100 (scalar_map): \"the value of the scalar_map field is a JSON "
                "object\"; cast_value.md:107: \"both encode and decode are JSON arrays of "
                "length-2 arrays\"",
    }),
    validate_model<PythonScalarStrings>({
        .id = "python-scalar-strings",
        .title = "scalar strings read by Python's float() and int()",
        .mechanism =
            "Fill values and scalar_map scalars that are strings are parsed with Python's "
            "float() (float types) or int() (integer types), which accept \"nan\", \"inf\", "
            "\"+Infinity\", \"1.5\" and \" 1 \": strings the fill value encoding does not allow "
            "are read as numbers.",
        .seen_in = "zarr-python 3.4.2 and cast-value 0.2.1 (zarr core's from_json_scalar; "
                   "metadata cases 64, 67; findings 12, and cast-value's own tests with \"1\" / "
                   "\"99\" scalars: findings, 'What the implementations' own test suites "
                   "expect', item 2)",
        .spec = "cast_value.md:107 (scalar_map): \"encoded to JSON using the Zarr V3 fill value "
                "encoding\"; data-types/core-data-types.rst:60 (integers: \"a JSON number\") and "
                ":66-79 (floats: a JSON number, or \"Infinity\", \"-Infinity\", \"NaN\", "
                "\"0xYYYYYYYY\")",
    }),
    validate_model<IntegerScalarsWrapped>({
        .id = "integer-scalars-wrapped",
        .title = "scalar_map integers out of range stored modulo 2^N",
        .mechanism =
            "Integer scalar_map scalars are not range-checked; stored into a typed array they "
            "keep their low bits (300 as an int8 value is 44, -1 as a uint8 value is 255).",
        .seen_in = "zarrita 0.7.5 (parseJsonScalar; zarrita NOTES class V5, metadata cases 68, "
                   "69)",
        .spec = "data-types/core-data-types.rst:60-61: \"a JSON number with no fraction or "
                "exponent part that is within the representable range of the data type\"; "
                "cast_value.md:107",
    }),
    validate_model<WrapFloatDataTypeAccepted>({
        .id = "wrap-float-data-type-accepted",
        .title = "wrap with a float data_type accepted",
        .mechanism = "No converter into a float type reads out_of_range, so \"wrap\" with a float "
                     "data_type is accepted (and acts as absent).",
        .seen_in = "zarrita 0.7.5 (zarrita NOTES class V3, metadata cases 45, 46)",
        .spec = "cast_value.md:84 (out_of_range): \"wrap\": \"Only permitted when data_type is "
                "an integral type that uses a two's complement representation\"",
    }),
    validate_model<CodecOrderUnchecked>({
        .id = "codec-order-unchecked",
        .title = "codec order not checked (cast_value after bytes accepted)",
        .mechanism =
            "The codecs are sorted by kind (array -> array, array -> bytes, bytes -> bytes) "
            "instead of being taken in order, so a cast_value written after the bytes codec is "
            "applied before it.",
        .seen_in = "zarrita 0.7.5 (zarrita NOTES class V9, metadata case 113)",
        .spec = "cast_value.md:3: \"Defines an array -> array codec\" (it cannot follow the "
                "array -> bytes codec); cast_value.md:57: the data_type \"defines the data type "
                "of the input to the decoding routine\"",
    }),
    validate_model<DataTypeObjectRefused>({
        .id = "data-type-object-refused",
        .title = "data_type written as an object refused",
        .mechanism =
            "A cast_value data_type given in the object form {\"name\": \"int8\"} is used as if "
            "it were an already parsed data type, and fails ('dict' object has no attribute "
            "'to_json').",
        .seen_in = "zarr-python 3.4.2 (CastValue.__init__), cast-value 0.2.1 (_base.py), zarrita "
                   "0.7.5 (SUPPORTED.has of an object); findings 13, metadata cases 17, 18",
        .spec = "cast_value.md:57 (data_type): \"The value of the data_type field is Zarr V3 "
                "data type metadata\" (a name or an object with a name)",
    }),
    validate_model<BareCodecNameRefused>({
        .id = "bare-codec-name-refused",
        .title = "a codec written as a bare name refused",
        .mechanism =
            "A codec given by its name alone (\"bytes\", as in the spec's NumPy example) is "
            "refused: the chain parser expects an object for every codec, in the sharding "
            "codec's inner codecs and index codecs too (they go through the same parser).",
        .seen_in = "zarr-python 3.4.2 and cast-value 0.2.1 (zarr core's parse_codecs: \"Expected "
                   "dict, got <class 'str'>\"; zarr-python also inside sharding_indexed, metadata "
                   "cases 140, 182, 184, 188), zarrita 0.7.5 (Unknown codec: undefined); findings "
                   "13, metadata case 101",
        .spec = "cast_value.md:140 (Example): the codec list ends in the bare string \"bytes\"; "
                "Zarr v3 core spec: \"short-hand names MAY be used if no configuration metadata "
                "is required\"",
    }),
    validate_model<CastValueCheckedWithArrayType>({
        .id = "cast-value-checked-with-array-type",
        .title = "a cast_value after a type-changing codec checked with the array's data type",
        .mechanism =
            "Every codec's metadata check is handed the array's data type instead of the type "
            "that reaches the codec, so a cast_value after a codec that changes the type "
            "(numcodecs.fixedscaleoffset's astype, another cast_value) checks the scalars of its "
            "array side (scalar_map encode keys, decode values) as scalars of the array's type: "
            "an int32 value after an alias from uint8 to int32 is refused as not a uint8.",
        .seen_in = "zarr-python 3.4.2 (zarr/core/metadata/v3.py:604-605, "
                   "ArrayV3Metadata._validate_metadata calls codec.validate(dtype=self.data_type) "
                   "for every codec; zarr/codecs/cast_value.py:305-331, _validate_scalar_map "
                   "checks the encode keys and decode values against it; cvc fuzz chain findings "
                   "'ValueError: scalar_map decode value -994211563 is not representable in dtype "
                   "uint8')",
        .spec = "cast_value.md:109: \"For encode, the input data type is the array data type "
                "before casting and the output data type is the target data_type. For decode, "
                "the input data type is the target data_type and the output data type is the "
                "array data type before casting.\"",
    }),
    // --- scale_offset in chains ------------------------------------------------------------------
    chain_model<ScaleOffsetFinalCheckOnly>({
        .id = "scale-offset-final-check-only",
        .title = "integer scale_offset range-checked only at the end, in int64",
        .mechanism =
            "Integer scale_offset is computed in a wider type (int64; Python ints for uint64) and "
            "only the final value is compared with the data type's range: an intermediate value "
            "outside it (x - offset below 0 in a uint8 array, x / -1 of the most negative value) "
            "is not an error when the final value is back in range, and int64 arithmetic itself "
            "wraps modulo 2^64 unnoticed.",
        .seen_in = "zarr-python 3.4.2 (zarr/codecs/scale_offset.py: _encode_int_widened and "
                   "_decode_int_widened call _check_int_range on the result only)",
        .spec = "scale_offset.md:47: \"If any intermediate or final value produced during "
                "encoding or decoding is not representable in that data type, implementations "
                "MUST treat this as an error.\"",
    }),
    chain_model<FixedScaleOffsetNonFiniteZero>({
        .id = "fixed-scale-offset-non-finite-zero",
        .title = "numcodecs.fixedscaleoffset: NaN and infinities encoded as 0",
        .mechanism =
            "The numcodecs.fixedscaleoffset alias is run by numcodecs' own FixedScaleOffset "
            "(enc = np.around((x - offset) * scale).astype(astype)) instead of as the "
            "[scale_offset, cast_value wrap] chain the spec defines: numpy's astype of NaN or "
            "an infinity into an integer type of up to 16 bits or uint32 gives 0 (the x86 "
            "conversion yields the most negative int32 or int64, whose low bits are zero) where "
            "cast_value raises.",
        .seen_in = "zarr-python 3.4.2 (zarr.codecs.numcodecs.FixedScaleOffset, the wrapper of "
                   "numcodecs 0.16's FixedScaleOffset; float32 into uint8, 14 vector cases)",
        .spec =
            "scale_offset.md:236: the alias converts to a scale_offset codec followed by a "
            "cast_value codec with \"out_of_range\" \"wrap\"; cast_value.md:27: \"If the output "
            "data type does not support NaN or transfinite values and the input scalar has "
            "NaN or transfinite semantics, the transformation MUST error unless explicitly "
            "overridden by scalar_map.\"",
    }),
    chain_model<ScaleOffsetJavascriptFloats>({
        .id = "scale-offset-javascript-floats",
        .title = "float scale_offset decode in float64 with the configuration's decimals",
        .mechanism =
            "Decode computes src[i] / scale + offset as JavaScript numbers: the offset and scale "
            "are the JSON numbers as doubles (parseJsonScalar never rounds them to float32 or "
            "float16), both operations are float64, and the result is rounded once by the "
            "Float32Array or Float16Array store (beyond the largest finite value: infinity). "
            "With scale 100 and offset 273.15 a float32 decode is off by one unit in the last "
            "place where the type's own arithmetic on float32(273.15) gives the other neighbour.",
        .seen_in = "zarrita 0.7.5 (src/codecs/scale_offset.ts, ScaleOffsetCodec.decode; "
                   "src/codecs/json-scalar.ts, parseJsonScalar)",
        .spec = "scale_offset.md:47: \"The encoding and decoding transformations MUST be "
                "performed using the arithmetic semantics of the input array's data type.\"; "
                "scale_offset.md:39: the offset \"MUST be encoded to JSON using the Zarr V3 fill "
                "value encoding for the input array's data type\" (a value of that type)",
    }),
    chain_model<ScaleOffsetAbsentOffsetAdded>({
        .id = "scale-offset-absent-offset-added",
        .title = "an absent scale_offset offset added as +0 on decode (-0 read as +0)",
        .mechanism =
            "Decoding computes in / scale + offset with an absent offset taken as 0 instead of "
            "skipping the addition: -0 + +0 is +0 in IEEE 754, so a stored -0 (or a quotient "
            "that is -0) is read back as +0. Every other value is unchanged.",
        .seen_in = "none seen yet; plausible because the natural default is `offset = "
                   "config.get(\"offset\", 0)` (the chain vectors decode -0 through an absent "
                   "offset since vectors 1.4.0)",
        .spec = "scale_offset.md:39: \"A missing offset field encodes the additive identity "
                "element for the data type\" (an identity leaves -0 as it is; +0 does not: "
                "-0 + +0 = +0); cast_value.md:25: \"Signed zero MUST be preserved.\"",
    }),
    chain_model<ScaleOffsetIntegersThroughFloat64>({
        .id = "scale-offset-integers-through-float64",
        .title = "int64 and uint64 scale_offset computed in float64",
        .mechanism =
            "A 64-bit integer scale_offset is computed in double precision: the element, the "
            "offset and the scale rounded to 53 bits, each operation in float64, the final value "
            "truncated to the integer type (outside its range: an error). Elements above 2^53 "
            "lose their low bits ((2^55 + 1) * 4 gives 2^57), and a quotient with a remainder "
            "is truncated instead of refused.",
        .seen_in = "none seen yet; plausible because NumPy promotes uint64 with int64 "
                   "operands to float64 (its type promotion table), and JavaScript numbers are "
                   "doubles (the chain vectors hold int64 and uint64 chains since vectors 1.4.0)",
        .spec = "scale_offset.md:47: \"The encoding and decoding transformations MUST be "
                "performed using the arithmetic semantics of the input array's data type.\"",
    }),
    chain_model<ScaleOffsetJavascriptIntegers>({
        .id = "scale-offset-javascript-integers",
        .title = "integer scale_offset decode stored into the typed array: wraps, never refused",
        .mechanism =
            "Decode computes src[i] / scale + offset as JavaScript does and stores the result "
            "into the integer typed array: up to 32 bits the operations are on doubles and the "
            "store truncates towards zero and keeps the value modulo 2^N (an int16 2 with offset "
            "32766 gives -32768, a uint8 255 with offset 1 gives 0); int64 and uint64 use BigInt "
            "(the quotient truncated, the sum kept modulo 2^64) on operands that JSON.parse read "
            "as doubles (an offset 2^53 + 1 is 2^53). No intermediate or final value is refused.",
        .seen_in = "zarrita 0.7.5 (src/codecs/scale_offset.ts:79, out[i] = src[i] / this.#scale + "
                   "this.#offset into new this.#ctr(...); src/codecs/json-scalar.ts:85, "
                   "BigInt(value) of the parsed JSON number; cvc fuzz chain findings)",
        .spec = "scale_offset.md:47: \"If any intermediate or final value produced during "
                "encoding or decoding is not representable in that data type, implementations "
                "MUST treat this as an error.\"",
    }),
    chain_model<ScalarMapKeysUnrounded>({
        .id = "scalar-map-keys-unrounded",
        .title = "scalar_map keys of a float type compared unrounded",
        .mechanism =
            "The scalar_map keys of a cast from a float type are kept as the doubles JSON.parse "
            "gives and compared with the element by JavaScript's ===: a key the input type cannot "
            "hold exactly (0.000732 for a float16, 1.1754944e-38 that rounds to 0) matches no "
            "element, where the spec reads it as the input type's value. Elements no key matches "
            "are cast as usual.",
        .seen_in = "zarrita 0.7.5 (src/codecs/cast_value.ts:77-108, parseScalarMapEntries keeps "
                   "parseJsonScalar's number and scalarMapLookup compares value === entry.src; "
                   "cvc fuzz chain findings)",
        .spec = "cast_value.md:107: \"Input scalars are encoded to JSON using the Zarr V3 fill "
                "value encoding for the input data type\" (a key is a value of the input type)",
    }),
    chain_model<NumcodecsFixedScaleOffset>({
        .id = "numcodecs-fixed-scale-offset",
        .title = "numcodecs.fixedscaleoffset computed by numcodecs' FixedScaleOffset",
        .mechanism =
            "The alias runs numcodecs' own codec instead of the scale_offset and cast_value "
            "chain the spec converts it to. Encode: (x - offset) * scale in NumPy's arithmetic "
            "of the array's dtype (integers wrap modulo 2^N with a Python int operand, float64 "
            "with a Python float one), np.around (half to even), then astype (C's conversion: "
            "integers wrap, a float into an integer as x86-64 converts it: NaN, infinities and "
            "values beyond 32 bits give 0 in the 8- and 16-bit types). Decode: enc / scale + "
            "offset in float64 for an integer astype (in the float astype otherwise), then "
            "astype(dtype), which truncates. An int8 64 with scale 2 into int32 encodes to -128; "
            "a uint16 1 with offset -1, scale 2 decodes to int8 0.",
        .seen_in = "numcodecs 0.17.1 (numcodecs/fixedscaleoffset.py:91-97 encode, 107-110 "
                   "decode) with NumPy 2.5.5 on x86-64, which zarr-python 3.4.2 runs for the "
                   "alias (zarr/codecs/numcodecs/_codecs.py:249, class FixedScaleOffset)",
        .spec = "scale_offset.md:234-236 (Conversion to scale_offset): a scale_offset codec with "
                "the alias's scale and offset, then a cast_value with out_of_range \"wrap\"; "
                "scale_offset.md:47: \"If any intermediate or final value produced during "
                "encoding or decoding is not representable in that data type, implementations "
                "MUST treat this as an error.\"",
    }),
    validate_model<FixedScaleOffsetFillNotThreaded>({
        .id = "fixed-scale-offset-fill-not-threaded",
        .title = "numcodecs.fixedscaleoffset: the fill value reaches the next codec untransformed",
        .mechanism =
            "The alias changes the data type to astype but passes the array's fill value on "
            "unchanged, and the cast_value after it converts that value into astype and casts "
            "it by its own rule: a fill value valid once offset and scaled (float32 300 with "
            "offset 290 is 10 in int8) is refused because its truncation (300) is beyond an "
            "integer astype's range (or not finite), or because the cast_value cannot cast it "
            "(float64 4294967296 into int8).",
        .seen_in = "zarr-python 3.4.2 (zarr/codecs/numcodecs/_codecs.py:250-254, "
                   "FixedScaleOffset.resolve_metadata replaces the dtype and keeps the fill "
                   "value; zarr/codecs/cast_value.py:372-376, np.array([fill], dtype=source) "
                   "raises 'OverflowError: Python integer 300 out of bounds for int8', or the "
                   "cast refuses it: 'Value 4294967296 out of range')",
        .spec = "scale_offset.md:157: \"Implementations MUST transform the fill value as it "
                "propagates through the codec chain, using the same semantics as the element "
                "transformation.\"",
    }),
    validate_model<ScaleOffsetFillNotThreaded>({
        .id = "scale-offset-fill-not-threaded",
        .title = "fill value not transformed by scale_offset on its way down the chain",
        .mechanism =
            "The pipeline passes the array's fill value to each codec after scale_offset "
            "unchanged (scale_offset has no fill value step), so a cast_value after it casts "
            "the array's fill value instead of the scale_offset-encoded one: an array whose "
            "fill value is valid only once offset (the spec's uint16 fill 1000, offset 1000, "
            "into uint8) is refused.",
        .seen_in = "zarrita 0.7.5 (ScaleOffsetCodec has no getEncodedMeta, which src/codecs.ts "
                   "calls to carry the fill value through a codec; 256 chain vector cases)",
        .spec = "scale_offset.md:157: \"Implementations MUST transform the fill value as it "
                "propagates through the codec chain, using the same semantics as the element "
                "transformation.\"; scale_offset.md:57: \"The fill value of `out` is generated by "
                "applying the transformation above to the fill value of `in`.\"",
    }),
    // --- numcodecs.fixedscaleoffset run by zarrs' own codec (zarrs main 85b26a34) ---------------
    chain_model<FixedScaleOffsetRustAsSaturates>({
        .id = "fixed-scale-offset-rust-as-saturates",
        .title = "numcodecs.fixedscaleoffset: integer results saturate (Rust `as`)",
        .mechanism =
            "Every conversion of the alias into an integer type is Rust's `as`: toward zero, "
            "saturating at the type's bounds, NaN to 0. The cast into an integer astype gives "
            "the bound where the alias wraps (float32 -1.0 into uint8: 0, not 255), an integer "
            "dtype's (x - offset) * scale beyond the type gives the bound where scale_offset "
            "errs, a decode quotient is truncated, and a float dtype's f32 / f64 overflow (an "
            "infinity, as under ScaleOffsetNonFinite=ieee) saturates too.",
        .seen_in = "zarrs main 85b26a34 (fixedscaleoffset_codec.rs:172 and 217, `... as $ty`; "
                   "cast_array, lines 338-369, `e as u8` ...); zarrs 0.23.14 the same code",
        .spec = "scale_offset.md:236: the alias is scale_offset then cast_value with "
                "\"out_of_range\" \"wrap\" for integer types; scale_offset.md:47: \"If any "
                "intermediate or final value ... is not representable in that data type, "
                "implementations MUST treat this as an error.\"",
    }),
    chain_model<FixedScaleOffsetRoundHalfAway>({
        .id = "fixed-scale-offset-round-half-away",
        .title = "numcodecs.fixedscaleoffset: encode rounds to an integer, half away from zero",
        .mechanism =
            "Encode rounds (x - offset) * scale to an integer with f32::round / f64::round, "
            "which resolve ties away from zero, before the cast, whatever the astype: 0.5 "
            "becomes 1 and 2.5 becomes 3 where the alias's cast_value rounds to nearest even "
            "(and a float astype keeps 0.5; rounding other values to an integer is the reading "
            "FixedScaleOffsetRounding=round-to-integer, NumPy's half-to-even np.around).",
        .seen_in = "zarrs main 85b26a34 (fixedscaleoffset_codec.rs:172, `.round()`); zarrs "
                   "0.23.14 the same code",
        .spec = "scale_offset.md:236 (the alias is scale_offset then cast_value); "
                "cast_value.md:67: \"nearest-even\" is the default rounding",
    }),
    chain_model<FixedScaleOffsetCastThroughFloat32>({
        .id = "fixed-scale-offset-cast-through-float32",
        .title = "numcodecs.fixedscaleoffset: astype cast through float32 both ways",
        .mechanism =
            "The alias's cast between dtype and astype first converts every value to float32 "
            "(nearest-even, beyond its range to an infinity), then to the target type: an int64 "
            "or float64 value loses every bit below float32's 24 (16777217 becomes 16777216), "
            "on encode and on decode, even when dtype and astype are both float64.",
        .seen_in =
            "zarrs main 85b26a34 (fixedscaleoffset_codec.rs:267-380, cast_array: "
            "\"First cast to f32\", called by encode and decode); zarrs 0.23.14 the same code",
        .spec = "scale_offset.md:236 (the alias's cast is a cast_value codec); cast_value.md: "
                "a value representable in the target type is cast exactly",
    }),
    chain_model<FixedScaleOffsetFloat32Operands>({
        .id = "fixed-scale-offset-float32-operands",
        .title = "numcodecs.fixedscaleoffset: offset and scale read as float32",
        .mechanism =
            "The configuration's offset and scale are parsed into f32 fields, so a float64 or "
            "32- and 64-bit integer dtype computes with them rounded to float32: scale 0.1 is "
            "0.100000001490116 and 1e12 is 999999995904, so 5 * 0.1 is 0.5000000074505806 and "
            "(x - 1000) * 1e12 misses the exact product.",
        .seen_in = "zarrs main 85b26a34 (zarrs_metadata_ext/src/codec/numcodecs/"
                   "fixedscaleoffset.rs:22,24, `pub offset: f32`, `pub scale: f32`); zarrs "
                   "0.23.14 the same",
        .spec = "scale_offset.md:47: \"The encoding and decoding transformations MUST be "
                "performed using the arithmetic semantics of the input array's data type.\"",
    }),
    validate_model<FixedScaleOffsetTypeStringsPrefixed>({
        .id = "fixed-scale-offset-type-strings-prefixed",
        .title = "numcodecs.fixedscaleoffset: dtype / astype refused unless '<', '>' or \"u1\"",
        .mechanism =
            "dtype and astype are given a byte order before they are looked up: every string "
            "not starting with '<' or '>' gets '<' in front (\"u1\" alone becomes \"|u1\"), "
            "and only Zarr V2 type strings are known, so the spec example's type names "
            "(\"float32\" becomes \"<float32\") and NumPy's own one-byte strings (\"|u1\" "
            "becomes \"<|u1\", \"|i1\" \"<|i1\") are refused: the array cannot be opened.",
        .seen_in = "zarrs main 85b26a34 (fixedscaleoffset_codec.rs:46-54, add_byteoder_to_dtype; "
                   "lines 81-93, data_type_metadata_v2_to_v3); zarrs 0.23.14 the same",
        .spec = "scale_offset.md:246-247 (Conversion example): \"astype\": \"uint8\", \"dtype\": "
                "\"float32\"; scale_offset.md:197, 203: \"This value MUST be Zarr V2 data type "
                "metadata.\" (NumPy writes \"|u1\" for uint8)",
    }),
    validate_model<FixedScaleOffsetFloat16Unsupported>({
        .id = "fixed-scale-offset-float16-unsupported",
        .title = "numcodecs.fixedscaleoffset: float16 dtype or astype refused",
        .mechanism =
            "The alias is implemented for the 8- to 64-bit integers, float32 and float64 only "
            "(one element type each, with float32 or float64 arithmetic); a float16 dtype or "
            "astype (\"<f2\") has no element type and the array is refused.",
        .seen_in = "zarrs main 85b26a34 (zarrs/src/array/data_type/float.rs:67-68: "
                   "impl_fixed_scale_offset_data_type_traits for float16 and bfloat16 commented "
                   "out; fixedscaleoffset_codec.rs:441, with_context)",
        .spec = "scale_offset.md:197, 203: dtype and astype are \"Zarr V2 data type metadata\" "
                "(\"<f2\" is float16's); cast_value.md:9: float16 is one of the supported types",
    }),
    // (GDAL) begin
    chain_model<ScaleOffsetIeeeOverflowClamped>({
        .id = "scale-offset-overflow-clamped",
        .title = "scale_offset overflow to Infinity, then clamped by cast_value",
        .mechanism =
            "A float scale_offset computes in IEEE 754 arithmetic with no range check, so an "
            "overflowing result is +-Infinity instead of an error (the ScaleOffsetNonFinite "
            "ieee reading), and the cast_value after it, under out_of_range clamp, takes that "
            "Infinity to the integer type's bound (the InfClamp clamp-to-max reading): a value "
            "where the chain must fail. Each reading alone is a listed divergence; a chain that "
            "needs both is listed under neither.",
        .seen_in = "GDAL master at 59402e47 (unreleased; ApplyFloat in "
                   "frmts/zarr/zarr_v3_codec_scale_offset.cpp computes (src - offset) * scale "
                   "in T unchecked, CastElt's clamp branch in zarr_v3_codec_cast_value.cpp maps "
                   "+-Infinity to the bounds: 165 chain vector cases)",
        .spec = "scale_offset.md:47: \"If any intermediate or final value produced during "
                "encoding or decoding is not representable in that data type, implementations "
                "MUST treat this as an error.\"",
    }),
    // (GDAL) end
    // (zarrs 38) begin
    cast_model<SubByteSignDropped>({
        .id = "sub-byte-sign-dropped",
        .title = "int2 / int4 inputs read without their sign",
        .mechanism =
            "A stored int2 or int4 element is read from its low bits as a non-negative number "
            "(the byte is taken as it is, not sign-extended from bit 1 or bit 3): int2 0b11 is "
            "3 instead of -1, int4 0b1000 is 8 instead of -8. The value then casts correctly: "
            "3 into int8 is 3, into uint8 3 where -1 must fail, into int2 out of range.",
        .seen_in = "zarrs main 85b26a34 (zarrs/src/array/data_type/int2.rs:59, int4.rs:59: the "
                   "bytes codec passes the stored byte through; cast_value reads it as i8, "
                   "zarrs_data_type/src/codec_traits/cast_value.rs:860; decode int2 0x03 into "
                   "int4 gave 3)",
        .spec = "data-types/int2.md:3: \"a signed integer in the range [-2, 1]\", and "
                "int2.md:22-23 (bytes): \"Encoded as a 1-byte value, 0bIIIIIIXX where the upper "
                "IIIIII bits are ignored\" (int4.md:22 the same); cast_value.md:3: the codec "
                "casts \"by converting the numerical value of each element\"",
    }),
    cast_model<IntToSmallFloatThroughFloat32>({
        .id = "int-to-small-float-through-float32",
        .title = "32- and 64-bit integers into the 8-, 6- and 4-bit floats rounded through float32",
        .mechanism =
            "An integer of more than 24 significant bits is converted to float64 (64-bit ones "
            "rounded), then to float32 (nearest-even), then to the 8-, 6- or 4-bit float "
            "(nearest-even): a value just off a midpoint of the target's grid lands on it in "
            "float32, and the second rounding breaks that tie to even (int32 25165823 into "
            "float8_e8m0fnu is 2^25 instead of 2^24). Under nearest-away only true ties are "
            "corrected; the directed modes are corrected by their neighbour test.",
        .seen_in = "zarrs main 85b26a34 with microfloat 0.1.3 (microfloat src/micro.rs:65-71, "
                   "from_f64: encode_f32(value as f32); called by zarrs_data_type/src/"
                   "codec_traits/cast_value.rs:1223, after scalar_to_f64 at line 315; int32 "
                   "0x017fffff into float8_e8m0fnu gave 0x98)",
        .spec = "cast_value.md:67 (rounding): \"nearest-even\": \"Round to the nearest "
                "representable value, with ties rounded to the value whose least significant "
                "digit is even\"; cast_value.md:61: rounding applies to \"casting from integer "
                "types to floating-point types with insufficient mantissa bits\"",
    }),
    cast_model<WrapRangeCheckedBeforeRounding>({
        .id = "wrap-range-checked-before-rounding",
        .title = "wrap into a float type: range checked on the value before rounding",
        .mechanism =
            "Decoding under out_of_range wrap into a float array type, the range check looks at "
            "the integer before it is rounded to the float: a value just beyond the largest "
            "finite value that rounds onto it (int16 241 into float8_e4m3fnuz, whose largest "
            "is 240) is treated as out of range: an error in a type without infinities, and "
            "where the type has them the IEEE overflow result of the mode (Infinity, or the "
            "largest finite value under towards-zero), as the reading DecodeWrapFloat=clamp "
            "answers a value truly beyond the range.",
        .seen_in = "zarrs main 85b26a34 (zarrs_data_type/src/codec_traits/cast_value.rs:786 and "
                   "808, float_quantity_from_f64: value < min and value > max on the unrounded "
                   "value, the wrap branches at lines 797-803 and 813-822; int16 241 into "
                   "float8_e4m3fnuz refused, into float8_e4m3 Infinity)",
        .spec = "cast_value.md:77 (out_of_range): \"If applicable, the rounding rule defined in "
                "the rounding field MUST be applied before the out_of_range transformation.\"",
    }),
    chain_model<FixedScaleOffsetFloat16ElementsRefused>({
        .id = "fixed-scale-offset-float16-elements-refused",
        .title = "numcodecs.fixedscaleoffset: a float16 astype opens, every element refused",
        .mechanism =
            "The array opens with an alias whose astype has no element type in the codec "
            "(float16, \"<f2\"; only the dtype's is checked then), and every encode and decode "
            "of an element fails when the cast between dtype and astype looks astype up.",
        .seen_in = "zarrs 0.23.14 (src/array/codec/array_to_array/fixedscaleoffset/"
                   "fixedscaleoffset_codec.rs:463-472, encoded_data_type checks the decoded "
                   "type only; cast_array lines 275-276, get_element_type(as_type), called at "
                   "lines 398 and 455; float.rs:60-61 leave float16 out)",
        .spec = "scale_offset.md:197, 203: dtype and astype are \"Zarr V2 data type metadata\" "
                "(\"<f2\" is float16's); cast_value.md:9: float16 is one of the supported types",
    }),
    validate_model<FixedScaleOffsetAstypeOptional>({
        .id = "fixed-scale-offset-astype-optional",
        .title = "numcodecs.fixedscaleoffset: astype may be absent",
        .mechanism =
            "The alias's configuration is read with astype optional, as numcodecs has it: an "
            "alias without astype is accepted and encodes to its dtype, where the spec lists "
            "astype as required and the metadata is invalid.",
        .seen_in = "zarrs 0.23.14 (zarrs_metadata_ext 0.4.4 src/codec/numcodecs/"
                   "fixedscaleoffset.rs:32, `pub astype: Option<String>`; fixedscaleoffset_codec.rs"
                   ":467-471 encodes to the dtype without it; metadata case 171 accepted); zarrs "
                   "main 85b26a34 has the same field",
        .spec = "scale_offset.md:184 (numcodecs.fixedscaleoffset configuration): | astype | "
                "Zarr V2 data type metadata | yes | (required)",
    }),
    // (zarrs 38) end
    // (naive) begin
    // --- Naive implementations: a plain conversion for the whole cast (naive_models.cpp) ---------
    cast_model<RoundingIgnoredNearestEven>({
        .id = "rounding-ignored-nearest-even",
        .title = "rounding mode ignored: every mode rounds to nearest-even",
        .mechanism =
            "The configured rounding is never read: every cast rounds to nearest-even (the "
            "default mode, or a helper written for it alone, as np.rint before astype), into "
            "integers and floats alike; range checks, special values and scalar_map are the "
            "spec's. Under towards-zero, towards-positive, towards-negative and nearest-away every "
            "inexact value whose neighbours the modes tell apart is wrong.",
        .seen_in = "none seen yet as a whole (its parts: int-to-float-nearest-even in zarrita "
                   "0.7.5, directed-as-nearest-without-infinity in cast-value 0.2.1); plausible "
                   "because the default mode is the one every conversion routine has, and an "
                   "implementation that accepts the rounding key but reads no further passes "
                   "every default-mode test",
        .spec = "cast_value.md:61 (rounding): \"This applies to any cast where the target data "
                "type cannot exactly represent the input value\"; cast_value.md:68-71: "
                "\"towards-zero\": \"Round towards zero.\", ... \"nearest-away\": \"... with "
                "ties going away from zero.\"",
    }),
    cast_model<RoundingIgnoredConversion>({
        .id = "rounding-ignored-conversion",
        .title = "rounding mode ignored: the language's conversion (truncation into integers)",
        .mechanism =
            "Every cast is the language's own conversion whatever the configured rounding: a "
            "float into an integer type is truncated towards zero (C and C++ casts, Rust's as, "
            "NumPy's astype), anything into a float type rounds to nearest-even (the IEEE "
            "default). Range checks, special values and scalar_map are the spec's. It is "
            "float-to-int-truncates and int-to-float-nearest-even at once, with float -> float "
            "under every mode as nearest-even.",
        .seen_in = "none seen yet as a whole (NumPy's astype rounds so, numpy-astype-baseline: "
                   "np.array([2.7], 'f4').astype('i1') gives 2, np.array([1 + 2**-23], "
                   "'f4').astype('f2') gives 1.0 whatever the mode); plausible because it is "
                   "what a cast written as the language's conversion does",
        .spec = "cast_value.md:73 (rounding): \"If this field is not present, implementations "
                "MUST use \"nearest-even\".\"; cast_value.md:68: \"towards-zero\": \"Round "
                "towards zero.\"",
    }),
    cast_model<Float64Intermediate>({
        .id = "float64-intermediate",
        .title = "every value through a float64 intermediate, rounded nearest-even",
        .mechanism =
            "The input is converted to a double (nearest-even: exact for every type but int64 and "
            "uint64 beyond 2^53), then the double to the output type, nearest-even whatever the "
            "configured mode; range checks, special values and scalar_map are the spec's. The "
            "rounding mode is ignored everywhere, and a 64-bit integer is rounded twice: into "
            "an integer type it changes by the double's rounding (2^53 + 1 gives 2^53), into a "
            "float type a value below a midpoint can become the midpoint.",
        .seen_in = "none seen yet as a whole (its parts: double-rounding-float64 in zarrita 0.7.5 "
                   "and cast-value 0.2.1); plausible because JavaScript's Number and "
                   "Python's float make a double the natural carrier of every value",
        .spec = "cast_value.md:61 (rounding): rounding applies to \"casting from integer types to "
                "floating-point types with insufficient mantissa bits (e.g. int64 to float32)\"; "
                "cast_value.md:67-71: the five modes",
    }),
    cast_model<AstypeWraps>({
        .id = "astype-wraps",
        .title = "plain conversion: rounding ignored, integers wrap whatever out_of_range says",
        .mechanism =
            "The cast is the language's conversion with no range check: truncation into integer "
            "types and nearest-even into float types whatever the rounding, and an integer "
            "result out of range keeps its low bits (modulo 2^N) under out_of_range absent and "
            "clamp alike. Into float types range checks and special values are the spec's; NaN "
            "and the infinities into an integer type are still an error.",
        .seen_in = "none seen yet as a whole (its integer part is int-narrowing-wraps; NumPy's "
                   "astype wraps integers so: np.array([300], 'i2').astype('i1') gives 44); "
                   "plausible because an integer conversion in C, Rust (as) or NumPy keeps the "
                   "low bits",
        .spec = "cast_value.md:86 (out_of_range): \"If this field is not present ... "
                "implementations MUST treat any out-of-range value as an encoding or decoding "
                "failure.\"; cast_value.md:73: nearest-even by default",
    }),
    cast_model<FloatToIntX86Conversion>({
        .id = "float-to-int-x86-conversion",
        .title = "float -> integer by the C conversion on x86-64 (NumPy's astype)",
        .mechanism =
            "A float is converted to an integer by C's conversion as compiled for "
            "x86-64, whatever rounding and out_of_range say: truncated by CVTTSD2SI into int32 "
            "(the 8- and 16-bit types and int32) or int64 (uint32 from float16 and the 8-bit "
            "floats, int64), whose result for NaN, the infinities and values out of its range is "
            "the 'integer indefinite' -2^31 or -2^63; the low bits are kept. uint64, and uint32 "
            "from float32, float64 and bfloat16 (NumPy's vectorised loops), convert values from "
            "2^63 (2^31) on less that bound and set the top bit again. ml_dtypes' 8-bit floats "
            "give 0 for NaN and the integer's limits for the infinities. Into int2, int4, uint2 "
            "and uint4 ml_dtypes converts the same way: sub-byte-int-as-float's conversion, "
            "without cast-value's correction step.",
        .seen_in = "the NumPy astype baseline, numpy 2.5.5 with ml_dtypes 0.6.0 (x86-64 with "
                   "AVX-512; NumPy's casting loops are C casts, lowlevel_strided_loops.c.src "
                   "_CONVERT_FN; called: np.array([300., 2.**31, nan], 'f8').astype('i1') gives "
                   "[44, 0, 0], .astype('i4') gives -2147483648 for 2^31 and NaN, "
                   "np.array([-1e20] * 8, 'f8').astype('u4') gives 2147483648 (one element: 0), "
                   "np.array([nan, inf], ml_dtypes.float8_e5m2).astype('i4') gives [0, "
                   "2147483647])",
        .spec = "cast_value.md:73 (rounding): nearest-even by default; cast_value.md:86 "
                "(out_of_range): absent, \"implementations MUST treat any out-of-range value as "
                "an encoding or decoding failure\"; NaN and the infinities into an integer type "
                "MUST fail (special values)",
    }),
    cast_model<AstypeIntoFloat>({
        .id = "astype-into-float",
        .title = "into a float type by NumPy / ml_dtypes astype: nearest-even, overflow unchecked",
        .mechanism =
            "A value is converted into a float type by the library's conversion, whatever "
            "rounding and out_of_range say: nearest-even, and into an ml_dtypes type (bfloat16, "
            "the 8-, 6- and 4-bit floats) through float32 first (a float64 or a wide integer is "
            "rounded twice). Where the spec wants an error the conversion gives a value: "
            "Infinity in a type that has one, NaN in a type that has NaN but no infinity "
            "(float8_e4m3fn, the fnuz types, float8_e8m0fnu, which also takes zero and negative "
            "values to NaN), and in float6 and float4 the largest value of the input's sign, a "
            "NaN becoming a zero of the opposite sign.",
        .seen_in = "the NumPy astype baseline, numpy 2.5.5 with ml_dtypes 0.6.0 (called: "
                   "np.array([2**40 + 2**32 + 1], 'i8').astype(ml_dtypes.bfloat16) gives 2^40, "
                   "through float32; np.array([1e30, nan], 'f4').astype(ml_dtypes.float6_e2m3fn) "
                   "gives [7.5, -0.0]; .astype(ml_dtypes.float8_e4m3fnuz) gives NaN for both); "
                   "cast-value 0.2.1 with ml_dtypes 0.6.0 (_cast_float starts from a plain "
                   "astype and never looks at out_of_range; where its correction for the other "
                   "modes is skipped, as into the types without infinity, its answer is this "
                   "model's; cast-value NOTES classes K and M)",
        .spec = "cast_value.md:86 (out_of_range): absent, \"implementations MUST treat any "
                "out-of-range value as an encoding or decoding failure\"; cast_value.md:67-71: "
                "the configured rounding mode",
    }),
    // (naive) end
};

constexpr std::size_t kModelCount = std::size(kCatalogue);
static_assert(kModelCount <= kMaxBugModels, "a BugModelSet holds at most kCapacity models");

constexpr bool ids_unique() {
  for (std::size_t i = 0; i < kModelCount; ++i)
    for (std::size_t j = i + 1; j < kModelCount; ++j)
      if (kCatalogue[i].model.id == kCatalogue[j].model.id) return false;
  return true;
}
static_assert(ids_unique(), "model ids must be unique");

constexpr std::array<BugModel, kModelCount> kModels = [] {
  std::array<BugModel, kModelCount> models{};
  for (std::size_t i = 0; i < kModelCount; ++i) models[i] = kCatalogue[i].model;
  return models;
}();

}  // namespace

std::span<const CatalogueEntry> catalogue() {
  return kCatalogue;
}

}  // namespace cvc::bug_catalogue

namespace cvc {

std::span<const BugModel> bug_models() {
  return bug_catalogue::kModels;
}

const BugModel* find_bug_model(std::string_view id) {
  for (const BugModel& model : bug_catalogue::kModels)
    if (model.id == id) return &model;
  return nullptr;
}

std::size_t bug_model_index(const BugModel& model) {
  return static_cast<std::size_t>(&model - bug_catalogue::kModels.data());
}

}  // namespace cvc
