#!/usr/bin/env python3
"""cvc adapter for a BASELINE, not an implementation: a plain NumPy / ml_dtypes `astype`.

For every cast request, in both directions, the output is exactly

    out = inp.astype(output_dtype)

with `inp` the input elements viewed as the input type's numpy / ml_dtypes dtype. The rounding
mode, out_of_range rule, scalar_map and fill value are IGNORED; no element is ever refused (numpy
warnings are silenced). Validate answers `valid` for everything: a plain cast checks nothing.
It shows what a naive cast gets wrong against the cast_value spec. `adapter.py --probe`
(probe.sh) prints nothing: all 26 types are declared.

Protocol 2: the capabilities declare every rounding mode, out_of_range rule and scalar_map in
both directions (the baseline ignores them, it does not refuse them: such cases are sent and
fail), and as missing pairs, in both directions, exactly the ordered type pairs that numpy /
ml_dtypes cannot `astype` at all (found at start-up by `astype` of an empty array: TypeError).
`reproduce` gives the plain `astype` program of a cast request. See README.md and NOTES.md.
"""
import importlib.metadata
import itertools
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


def astype_refuses(input_type, output_type):
    """numpy / ml_dtypes register no cast from input_type to output_type: `astype` of an empty
    array raises TypeError (whatever the data, e.g. int4 -> uint4)."""
    try:
        np.zeros(0, DTYPES[input_type]).astype(DTYPES[output_type])
    except TypeError:
        return True
    return False


# Both directions are the same `astype`, so a pair numpy cannot cast is missing in both.
MISSING_PAIRS = [cvc.missing_pair(direction, a, b)
                 for a, b in itertools.product(cvc.TYPES, repeat=2) if astype_refuses(a, b)
                 for direction in ("encode", "decode")]
CAPABILITIES = {"encode": cvc.direction_capabilities(), "decode": cvc.direction_capabilities(),
                "missing_pairs": MISSING_PAIRS}


def cast(request):
    x = request.array(DTYPES[request.input_type])
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        y = x.astype(DTYPES[request.output_type])
    return y  # the helper reads the output bits from the array


def validate(request):
    return  # a plain cast checks nothing: every array metadata is "valid"


def reproduce(request):
    """The plain `astype` of a cast request as a self-contained program (validate: the
    baseline's constant answer)."""
    if isinstance(request, cvc.ValidateRequest):
        return (cvc.program_heading(request, "nothing to install") +
                "# The baseline checks no metadata: a plain cast has no configuration, data type or\n"
                "# fill value to refuse, so every array metadata is answered valid.\n"
                "print(\"valid\")\n")
    packages = ["numpy"] + (["ml-dtypes"] if any(t not in cvc.NUMPY_NATIVE for t in
                                                  (request.input_type, request.output_type)) else [])
    install = "pip install " + " ".join(f"{p}=={importlib.metadata.version(p)}" for p in packages)
    cast_def = (f"def cast(x):  # a plain cast (the baseline): rounding, out_of_range and scalar_map ignored\n"
                f"    with np.errstate(all=\"ignore\"):\n"
                f"        return x.astype({cvc.numpy_dtype_code(request.output_type)})\n")
    return cvc.numpy_cast_program(request, install=install, imports="", cast_def=cast_def)


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
            capabilities=CAPABILITIES, reproduce=reproduce,
            environment=cvc.python_environment("numpy", "ml-dtypes"),
            notes=("BASELINE, not a cast_value implementation: out = inp.astype(output_dtype) with "
                   "numpy/ml_dtypes dtypes, in both directions; rounding, out_of_range, scalar_map "
                   "and the fill value are ignored, no element is ever refused, numpy warnings "
                   "silenced; the pairs ml_dtypes cannot astype are declared missing; validate "
                   "answers valid for everything (a plain cast checks nothing)"))
