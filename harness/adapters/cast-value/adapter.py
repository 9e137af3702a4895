#!/usr/bin/env python3
"""cvc adapter for cast-value (PyPI `cast-value`, the pure NumPy implementation of cast_value).

- encode / decode: `cast_value.cast_array(arr, target_dtype=..., rounding_mode=...,
  out_of_range_mode=..., scalar_map_entries=...)`, one call per request (the helper bisects when
  it raises), on all 26 types: numpy's 11 and the 15 ml_dtypes types, which cast_array accepts
  like any numpy dtype. The scalar_map is read from the request's codec JSON the way the
  package's own zarr codec reads it (`json.loads` as zarr reads zarr.json, then the package's
  `extract_raw_map` and `parse_map_entries`, which parse each scalar with zarr's data type of its
  side); zarr has no data type for the 15 ml_dtypes types, so a request whose scalar_map needs
  one of them is answered unsupported with zarr's message.
- validate: the package's zarr codec (`CastValueNumpyV1`, registered by the package under the
  `zarr.codecs` entry point `cast_value`, selected explicitly in zarr's config) through zarr:
  the metadata must open from a stored zarr.json, be accepted by `zarr.create(codecs=...)`, and
  survive a first write and read of the fill value. Metadata naming a data type that zarr cannot
  express (one of the 26 or a raw-bits `rN` type that zarr lacks) is answered unsupported.
- `adapter.py --probe` (probe.sh): one line of evidence per undeclared type (none: all 26 are
  declared).
- protocol 2: the capabilities declare every rounding mode, out_of_range rule and scalar_map in
  both directions (cast_array accepts them all), and as missing pairs, in both directions (the
  same call), the ordered type pairs cast_array refuses with TypeError under every rounding mode
  and out_of_range rule, which are exactly those numpy / ml_dtypes cannot cast at all (found at
  start-up). `reproduce` gives the `cast_value.cast_array` call of a cast request, or the zarr
  steps of a validate request, as a self-contained program.

The fill value plays no part in cast_array (it has no metadata); see README.md and NOTES.md.
"""
import importlib.metadata
import itertools
import json
import re
import sys
import warnings

import cvc_adapter as cvc

cvc.protect_stdout()
import ml_dtypes  # noqa: E402
import numpy as np  # noqa: E402
import cast_value  # noqa: E402
from cast_value.zarr_compat._parsing import extract_raw_map, parse_map_entries  # noqa: E402
import zarr  # noqa: E402
import zarr.storage  # noqa: E402
from zarr.core.buffer import cpu  # noqa: E402
from zarr.core.dtype import get_data_type_from_json  # noqa: E402
from zarr.registry import get_codec_class  # noqa: E402

# cast_array takes any numpy dtype: numpy's 11 and the ml_dtypes types, which carry the spec's
# names (float8_e4m3 is ml_dtypes.float8_e4m3, the IEEE-like type with infinities, not
# float8_e4m3fn). It accepts all 26 (NOTES.md: "What is declared unsupported, and why").
NUMPY_NATIVE = {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                "float16", "float32", "float64"}
DTYPES = {name: np.dtype(name) if name in NUMPY_NATIVE else np.dtype(getattr(ml_dtypes, name))
          for name in cvc.TYPES}
TYPES = list(cvc.TYPES)
ROUNDING_DEFAULT = "nearest-even"

PACKAGE_CODEC = "cast_value.zarr_compat.v1.numpy_codec.CastValueNumpyV1"
zarr.config.set({"codecs.cast_value": PACKAGE_CODEC, "array.write_empty_chunks": True})
codec_class = get_codec_class("cast_value")
codec_name = f"{codec_class.__module__}.{codec_class.__qualname__}"
if codec_name != PACKAGE_CODEC:
    sys.exit(f"cast-value adapter: zarr selected {codec_name} for cast_value, not {PACKAGE_CODEC}")

describe = cvc.describe


def zdtype(name):
    return get_data_type_from_json(name, zarr_format=3)


def scalar_map_dtype(name):
    """zarr's data type for parsing one side of the scalar_map, as the package's codec does;
    unsupported (with zarr's message) for the types zarr does not have."""
    try:
        return zdtype(name)
    except Exception as e:
        raise cvc.Unsupported(
            f"scalar_map: cast-value parses scalar_map scalars with zarr {zarr.__version__}'s data "
            f"types, which have no {name}: get_data_type_from_json({name!r}, zarr_format=3) -> "
            f"{describe(e)}") from e


def refuses_pair(input_type, output_type):
    """cast_array refuses the pair whatever the data and the configuration: TypeError for an
    empty array under every rounding mode and out_of_range rule, and numpy / ml_dtypes have no
    cast between the two dtypes (`astype` of an empty array raises TypeError too)."""
    x, out_dtype = np.zeros(0, DTYPES[input_type]), DTYPES[output_type]
    try:
        x.astype(out_dtype)
        return False
    except TypeError:
        pass
    for rounding, out_of_range in itertools.product(cvc.ROUNDINGS, (None, "clamp", "wrap")):
        try:
            cast_value.cast_array(x, target_dtype=out_dtype, rounding_mode=rounding,
                                  out_of_range_mode=out_of_range)
        except TypeError:
            continue
        except Exception:
            return False
        return False
    return True


# cast_array is one call for both directions: a pair it cannot cast is missing in both.
MISSING_PAIRS = [cvc.missing_pair(direction, a, b)
                 for a, b in itertools.product(TYPES, repeat=2) if refuses_pair(a, b)
                 for direction in ("encode", "decode")]
CAPABILITIES = {"encode": cvc.direction_capabilities(), "decode": cvc.direction_capabilities(),
                "missing_pairs": MISSING_PAIRS}


def scalar_map_entries(request):
    """The scalar_map entries of the request's direction as the package's own zarr codec reads
    them from zarr.json (None when there are none)."""
    codec = json.loads(request.codec_json)
    raw = extract_raw_map(codec["configuration"].get("scalar_map"), request.direction)
    if not raw:
        return None
    source, target = scalar_map_dtype(request.input_type), scalar_map_dtype(request.output_type)
    try:
        return parse_map_entries(raw, source, target)
    except Exception as e:
        raise cvc.Rejected(f"scalar_map: {describe(e)}") from e


def cast(request):
    config = request.configuration
    entries = scalar_map_entries(request)  # as the package's codec reads it from zarr.json
    in_dtype, out_dtype = DTYPES[request.input_type], DTYPES[request.output_type]

    def call(x):
        return cast_value.cast_array(
            x, target_dtype=out_dtype,
            rounding_mode=config.get("rounding", ROUNDING_DEFAULT),
            out_of_range_mode=config.get("out_of_range"),
            scalar_map_entries=entries)

    x = request.array(in_dtype)
    try:
        y = call(x)
    except (ValueError, ArithmeticError) as e:
        # ValueError: NaN/Infinity to integer, out of range; FloatingPointError (an
        # ArithmeticError): numpy overflow/invalid, which cast_array turns into errors;
        # OverflowError: Python int arithmetic in its wrap.
        raise cvc.CastFailed() from e
    except TypeError as e:
        # numpy / ml_dtypes refusing a cast inside cast_array. If cast_array raises it for an
        # empty array too, it refuses this configuration whatever the data: the pair casts
        # under another configuration (the pairs it never casts are declared missing, so the
        # helper does not send them), so this is a refusal of the configuration (e.g. a
        # rounding mode for int2 -> int4, NOTES.md class O).
        try:
            call(x[:0])
        except TypeError:
            raise cvc.Rejected(f"cast_value.cast_array: {describe(e)}") from e
        except Exception:
            raise cvc.CastFailed() from e
        raise cvc.CastFailed() from e  # only for some elements: those elements fail
    if y.dtype != out_dtype:
        raise RuntimeError(f"cast_array returned {y.dtype}, asked for {request.output_type}")
    return y  # the helper reads the output bits from the array


def is_raw_bits(name):
    """A core Zarr v3 raw-bits data type name: rN, N a positive multiple of 8."""
    match = re.fullmatch(r"r([1-9][0-9]*)", name)
    return match is not None and int(match.group(1)) % 8 == 0


def zarr_lacks(request):
    """Unsupported when the metadata names a data type that zarr cannot express: the array's
    data_type a Zarr v3 type (one of the 26, or a raw-bits rN) that zarr does not have, or a
    cast_value data_type of the 26 that zarr does not have. Any other name goes to zarr, which
    decides (a cast_value codec refusing a name outside the 26 is right whatever its reason)."""
    array_name = cvc.data_type_name(request.array_data_type)
    names = [array_name] if isinstance(array_name, str) and (
        array_name in cvc.TYPES or is_raw_bits(array_name)) else []
    names += [n for n in cvc.metadata_type_names(None, request.codecs) if n in cvc.TYPES]
    for name in names:
        try:
            zdtype(name)
        except Exception as e:
            raise cvc.Unsupported(
                f"zarr {zarr.__version__} has no data type {name!r}: "
                f"get_data_type_from_json({name!r}, zarr_format=3) -> {describe(e)}") from e


def validate(request):
    zarr_lacks(request)
    data = {"zarr.json": cpu.Buffer.from_bytes(request.zarr_json(shape=1).encode("utf-8"))}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            array = zarr.open_array(zarr.storage.MemoryStore(data), mode="r+", zarr_format=3)
    except Exception as e:
        raise cvc.Invalid(f"opening zarr.json: {describe(e)}") from e
    try:
        dtype = get_data_type_from_json(json.loads(request.array_data_type_json), zarr_format=3)
        fill = dtype.from_json_scalar(json.loads(request.fill_value_json), zarr_format=3)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            zarr.create(shape=(1,), chunks=(1,), dtype=dtype, fill_value=fill,
                        codecs=json.loads(request.codecs_json), zarr_format=3,
                        store=zarr.storage.MemoryStore())
    except Exception as e:
        raise cvc.Invalid(f"zarr.create (opening zarr.json had succeeded): {describe(e)}") from e
    try:
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            array[:] = np.full(1, array.fill_value, dtype=array.dtype)
            array[:]
    except Exception as e:
        raise cvc.Invalid(f"first write/read of the fill value (the metadata had opened): "
                          f"{describe(e)}") from e


def install_line(*distributions):
    return "pip install " + " ".join(f"{d}=={importlib.metadata.version(d)}" for d in distributions)


def numpy_scalar_code(value):
    """A numpy scalar (a parsed scalar_map entry) as exact Python source."""
    dtype = value.dtype
    if np.issubdtype(dtype, np.integer):
        return f"np.{dtype.name}({int(value)})"
    number = float(value)
    if number == number:  # finite or infinite: float(value) is exact, and so is the way back
        return f"np.{dtype.name}({number!r})" if abs(number) != float("inf") else f"np.{dtype.name}('{number}')"
    width = dtype.itemsize
    bits = int(np.array([value], dtype=dtype).view(f"u{width}")[0])
    return f"np.uint{8 * width}(0x{bits:0{2 * width}x}).view(np.{dtype.name})"  # a NaN, bit exact


def reproduce_cast(request):
    config = request.configuration
    entries = scalar_map_entries(request)
    entries_code = ("None" if entries is None else
                    "[" + ", ".join(f"({numpy_scalar_code(k)}, {numpy_scalar_code(v)})" for k, v in entries) + "]")
    cast_def = ("def cast(x):\n"
                "    return cast_value.cast_array(\n"
                f"        x, target_dtype=np.dtype({cvc.numpy_dtype_code(request.output_type)}),\n"
                f"        rounding_mode={config.get('rounding', ROUNDING_DEFAULT)!r},\n"
                f"        out_of_range_mode={config.get('out_of_range')!r},\n"
                f"        scalar_map_entries={entries_code})\n")
    packages = ["cast-value", "numpy"] + (["ml-dtypes"] if any(
        t not in cvc.NUMPY_NATIVE for t in (request.input_type, request.output_type)) else [])
    return cvc.numpy_cast_program(request, install=install_line(*packages), imports="import cast_value",
                                  cast_def=cast_def)


def reproduce_validate(request):
    zarr_lacks(request)
    config = ('# cast-value registers its codec class for the zarr codec name "cast_value"; select it.\n'
              f'zarr.config.set({{"codecs.cast_value": {PACKAGE_CODEC!r}, "array.write_empty_chunks": True}})')
    return cvc.zarr_validate_program(
        request, install=install_line("cast-value", "zarr", "numpy"), config=config)


def reproduce(request):
    if isinstance(request, cvc.CastRequest):
        return reproduce_cast(request)
    return reproduce_validate(request)


def probe_call(name):
    """The adapter's encode call with `name` as the target type (never used while all 26 are
    declared; kept so the probe stays honest if a type is ever dropped)."""
    text = (f"cast_value.cast_array(np.zeros(1, 'float32'), target_dtype={name}, "
            "rounding_mode='nearest-even', out_of_range_mode=None)")
    try:
        y = cast_value.cast_array(np.zeros(1, np.float32), target_dtype=DTYPES[name],
                                  rounding_mode="nearest-even", out_of_range_mode=None)
    except Exception as e:
        return text, describe(e), False
    return text, f"returned {y!r}", True


if __name__ == "__main__":
    if sys.argv[1:] == ["--probe"]:
        sys.exit(cvc.probe(TYPES, probe_call))
    cvc.run(name="cast-value", version=importlib.metadata.version("cast-value"), language="python",
            data_types=TYPES, cast=cast, validate=validate, capabilities=CAPABILITIES,
            reproduce=reproduce,
            environment=cvc.python_environment("cast-value", "zarr", "numpy", "ml-dtypes"),
            notes=(f"cast_value.cast_array (NumPy implementation) with numpy {np.__version__} and "
                   f"ml_dtypes {ml_dtypes.__version__} (the 15 non-numpy types as ml_dtypes dtypes); "
                   f"scalar_map read by the package's own zarr_compat parsing (zarr {zarr.__version__} "
                   "data types: unsupported when a side is an ml_dtypes type); fill value unused by "
                   f"cast_array; validate through zarr with the package's codec {codec_name} (module "
                   f"{codec_class.__module__}) selected explicitly: opens from zarr.json AND "
                   "zarr.create(codecs=) accepts it AND a first write/read of the fill value "
                   "succeeds (unsupported for data types zarr lacks); cast-value-rs not installed"))
