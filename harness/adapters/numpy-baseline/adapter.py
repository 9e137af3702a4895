#!/usr/bin/env python3
"""cvc adapter for a BASELINE, not an implementation: a plain NumPy / ml_dtypes `astype`.

For every cast request, in both directions, the output is exactly

    out = inp.astype(output_dtype)

with `inp` the input elements viewed as the input type's numpy / ml_dtypes dtype. The rounding
mode, out_of_range rule, scalar_map and fill value are IGNORED; no element is ever refused (numpy
warnings are silenced). Validate answers `valid` for everything: a plain cast checks nothing.
It shows what a naive cast gets wrong against the cast_value spec. `adapter.py --probe`
(probe.sh) prints nothing: all 26 types are declared. See README.md and NOTES.md.
"""
import sys
import warnings

import cvc_adapter as cvc

cvc.protect_stdout()
import ml_dtypes  # noqa: E402
import numpy as np  # noqa: E402

NUMPY_NATIVE = {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                "float16", "float32", "float64"}
# The spec's names are ml_dtypes' names for the other 15 (float8_e4m3 is ml_dtypes.float8_e4m3,
# the IEEE-like type with infinities, not float8_e4m3fn).
DTYPES = {name: np.dtype(name) if name in NUMPY_NATIVE else np.dtype(getattr(ml_dtypes, name))
          for name in cvc.TYPES}


def cast(request):
    x = cvc.to_numpy(request.input_type, request.inputs, DTYPES[request.input_type])
    try:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            y = x.astype(DTYPES[request.output_type])
    except TypeError as e:  # ml_dtypes registers no cast between some pairs (e.g. int4 -> uint4)
        raise cvc.Unsupported(f"numpy/ml_dtypes astype: {e}") from e
    return cvc.from_numpy(request.output_type, y)


def validate(request):
    return  # a plain cast checks nothing: every array metadata is "valid"


def probe_call(name):
    """`astype` into `name` (never used while all 26 types are declared)."""
    text = f"np.zeros(1, 'float32').astype({name})"
    try:
        y = np.zeros(1, np.float32).astype(DTYPES[name])
    except Exception as e:
        return text, cvc.describe(e), False
    return text, f"returned {y!r}", True


if __name__ == "__main__":
    if sys.argv[1:] == ["--probe"]:
        sys.exit(cvc.probe(cvc.TYPES, probe_call))
    cvc.run(name="numpy-astype-baseline",
            version=f"numpy {np.__version__} ml_dtypes {ml_dtypes.__version__}",
            language="python", data_types=list(cvc.TYPES), cast=cast, validate=validate,
            environment=cvc.python_environment("numpy", "ml-dtypes"),
            notes=("BASELINE, not a cast_value implementation: out = inp.astype(output_dtype) with "
                   "numpy/ml_dtypes dtypes, in both directions; rounding, out_of_range, scalar_map "
                   "and the fill value are ignored, no element is ever refused, numpy warnings "
                   "silenced; pairs ml_dtypes cannot astype are answered unsupported; validate "
                   "answers valid for everything (a plain cast checks nothing)"))
