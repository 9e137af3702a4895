#!/usr/bin/env python3
"""cvc adapter for cast-value-rs (PyPI `cast-value-rs`, Rust cast_value through its Python bindings).

Drives `cast_value_rs.cast_array(arr, target_dtype=..., rounding_mode=..., out_of_range_mode=...,
scalar_map_entries=...)`: one call per request (the helper bisects when the call raises).
cast-value-rs has no metadata layer: no validate operation, and the fill value is not used.
`adapter.py --probe` (probe.sh): one line of evidence per undeclared type. Protocol 2: the
capabilities declare every rounding mode, out_of_range rule and scalar_map in both directions
(cast_array accepts every combination for each of the 121 type pairs) and no missing pair;
`reproduce` gives the `cast_value_rs.cast_array` call of a cast request as a self-contained
program. See README.md and NOTES.md ("What is declared unsupported, and why").
"""
import decimal
import importlib.metadata
import sys

import cvc_adapter as cvc

cvc.protect_stdout()
import numpy as np  # noqa: E402
import cast_value_rs  # noqa: E402

# The types cast_value_rs.cast_array accepts (its DTypeName / _SUPPORTED_DTYPES).
TYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
         "float16", "float32", "float64"]
INTEGERS = {t for t in TYPES if "int" in t}
ROUNDING_DEFAULT = "nearest-even"


def scalar(type_name, value):
    """A scalar_map entry (JSON, Zarr fill value encoding of `type_name`) -> the Python int or
    float that cast_array takes. cast-value-rs reads no JSON, so this is the adapter's reading
    of the fill value encoding (core-data-types.rst): integers are JSON integers; floats are
    numbers rounded to the type, "NaN", "Infinity", "-Infinity" or a "0x" bit pattern."""
    dtype = np.dtype(type_name)
    if type_name in INTEGERS:
        if isinstance(value, bool) or not isinstance(value, (int, decimal.Decimal)):
            raise cvc.Rejected(f"scalar_map: {value!r} is not a {type_name} scalar")
        if isinstance(value, decimal.Decimal):
            if value != 0 or str(value) != "-0":
                raise cvc.Rejected(f"scalar_map: {value} is not a {type_name} integer literal")
            value = 0
        return int(value)
    if isinstance(value, str):
        specials = {"NaN": float("nan"), "Infinity": float("inf"), "-Infinity": float("-inf")}
        if value in specials:
            return specials[value]
        if value.startswith("0x"):
            bits = int(value[2:], 16)
            raw = np.array([bits], dtype=np.dtype(f"u{dtype.itemsize}"))
            return float(raw.view(dtype)[0])
        raise cvc.Rejected(f"scalar_map: {value!r} is not a {type_name} scalar")
    if isinstance(value, bool) or not isinstance(value, (int, decimal.Decimal)):
        raise cvc.Rejected(f"scalar_map: {value!r} is not a {type_name} scalar")
    # float(Decimal) is correctly rounded to float64; narrower types are rounded from there.
    return float(np.array([float(value)], dtype=np.float64).astype(dtype)[0])


# cast_array takes every rounding mode, out_of_range rule and scalar_map for every pair of its
# 11 types, in both directions (NOTES.md: "What is declared unsupported, and why").
CAPABILITIES = {"encode": cvc.direction_capabilities(), "decode": cvc.direction_capabilities(),
                "missing_pairs": []}


def scalar_map_entries(request):
    """The scalar_map entries of the request's direction as Python numbers (None if none)."""
    mapping = request.configuration.get("scalar_map", {}).get(request.direction)
    if mapping is None:
        return None
    return [(scalar(request.input_type, k), scalar(request.output_type, v)) for k, v in mapping]


def prepare(request):
    """The request's cast_array call, checked once on an empty array (a refusal there is a
    refusal of the configuration, not of an element); the helper runs it on the inputs, and on
    slices of them when cast_array refuses the whole array."""
    config = request.configuration
    entries = scalar_map_entries(request)
    output_dtype = np.dtype(request.output_type)

    def call(x):
        return cast_value_rs.cast_array(
            x, target_dtype=request.output_type,
            rounding_mode=config.get("rounding", ROUNDING_DEFAULT),
            out_of_range_mode=config.get("out_of_range"),
            scalar_map_entries=entries)

    try:
        call(np.zeros(0, dtype=np.dtype(request.input_type)))
    except TypeError as e:  # unsupported dtype
        raise cvc.Unsupported(f"cast_value_rs.cast_array: {e}") from e
    except ValueError as e:
        raise cvc.Rejected(f"cast_value_rs.cast_array: {e}") from e

    def cast(x):
        try:
            y = call(x)
        except ValueError as e:  # "Cannot cast NaN to integer type ...", out of range, ...
            raise cvc.CastFailed() from e
        if y.dtype != output_dtype:
            raise RuntimeError(f"cast_array returned {y.dtype}, asked for {request.output_type}")
        return y

    return cvc.ArrayCast(request.array(np.dtype(request.input_type)), cast)


def number_code(value):
    """A scalar_map number (int or float) as exact Python source."""
    return cvc.python_float_code(value) if isinstance(value, float) else repr(value)


def reproduce(request):
    """The adapter's cast_array call on the request's elements as a self-contained program."""
    config = request.configuration
    entries = scalar_map_entries(request)
    entries_code = ("None" if entries is None else
                    "[" + ", ".join(f"({number_code(k)}, {number_code(v)})" for k, v in entries) + "]")
    cast_def = ("def cast(x):\n"
                "    return cast_value_rs.cast_array(\n"
                f"        x, target_dtype={request.output_type!r},\n"
                f"        rounding_mode={config.get('rounding', ROUNDING_DEFAULT)!r},\n"
                f"        out_of_range_mode={config.get('out_of_range')!r},\n"
                f"        scalar_map_entries={entries_code})\n")
    install = "pip install " + " ".join(f"{d}=={importlib.metadata.version(d)}"
                                        for d in ("cast-value-rs", "numpy"))
    return cvc.numpy_cast_program(request, install=install, imports="import cast_value_rs",
                                  cast_def=cast_def)


def probe_call(name):
    """The adapter's call with `name` as the output type (encode) and, with ml_dtypes' dtype of
    that name, as the input type (decode): accepted if cast_value_rs accepts either."""
    import ml_dtypes
    dtype = np.dtype(getattr(ml_dtypes, name))
    calls = [(f"cast_value_rs.cast_array(np.zeros(1, 'float32'), target_dtype={name!r}, "
              "rounding_mode='nearest-even')",
              lambda: cast_value_rs.cast_array(np.zeros(1, np.float32), target_dtype=name,
                                               rounding_mode="nearest-even")),
             (f"cast_value_rs.cast_array(np.zeros(1, ml_dtypes.{name}), target_dtype='float32', "
              "rounding_mode='nearest-even')",
              lambda: cast_value_rs.cast_array(np.zeros(1, dtype), target_dtype="float32",
                                               rounding_mode="nearest-even"))]
    results, accepted = [], False
    for _, call in calls:
        try:
            results.append(f"returned {call()!r}")
            accepted = True
        except Exception as e:
            results.append(cvc.describe(e))
    return "; ".join(text for text, _ in calls), "; ".join(results), accepted


if __name__ == "__main__":
    if sys.argv[1:] == ["--probe"]:
        sys.exit(cvc.probe(TYPES, probe_call))
    cvc.run(name="cast-value-rs", version=importlib.metadata.version("cast-value-rs"),
            language="python", data_types=TYPES, operations=["encode", "decode"], prepare=prepare,
            capabilities=CAPABILITIES, reproduce=reproduce,
            environment=cvc.python_environment("cast-value-rs", "numpy"),
            notes=("cast_value_rs.cast_array (Rust) with numpy " + np.__version__ +
                   "; 11 numpy types only; no metadata layer: validate unsupported, fill value "
                   "unused; scalar_map JSON scalars converted to Python int/float by the adapter"))
