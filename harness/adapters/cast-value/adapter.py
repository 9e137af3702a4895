#!/usr/bin/env python3
"""cvc adapter for cast-value (PyPI `cast-value`, the pure NumPy implementation of cast_value).

- encode / decode: `cast_value.cast_array(arr, target_dtype=..., rounding_mode=...,
  out_of_range_mode=..., scalar_map_entries=...)`, one call per request (the helper bisects when
  it raises). The scalar_map is read from the request's codec JSON the way the package's own zarr
  codec reads it (`json.loads` as zarr reads zarr.json, then the package's `extract_raw_map` and
  `parse_map_entries`, which parse each scalar with zarr's data type of its side).
- validate: the package's zarr codec (`CastValueNumpyV1`, registered by the package under the
  `zarr.codecs` entry point `cast_value`, selected explicitly in zarr's config) through zarr:
  the metadata must open from a stored zarr.json, be accepted by `zarr.create(codecs=...)`, and
  survive a first write and read of the fill value.

The fill value plays no part in cast_array (it has no metadata); see README.md and NOTES.md.
"""
import importlib.metadata
import json
import sys
import warnings

import cvc_adapter as cvc

cvc.protect_stdout()
import numpy as np  # noqa: E402
import cast_value  # noqa: E402
from cast_value.zarr_compat._parsing import extract_raw_map, parse_map_entries  # noqa: E402
import zarr  # noqa: E402
import zarr.storage  # noqa: E402
from zarr.core.buffer import cpu  # noqa: E402
from zarr.core.dtype import get_data_type_from_json  # noqa: E402
from zarr.registry import get_codec_class  # noqa: E402

# The package's types are zarr's (its scalar parsing and codec go through zarr's data types,
# and cast_array relies on np.iinfo / np.issubdtype(np.floating)): zarr 3.x's 11 numeric types.
TYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
         "float16", "float32", "float64"]
ROUNDING_DEFAULT = "nearest-even"

PACKAGE_CODEC = "cast_value.zarr_compat.v1.numpy_codec.CastValueNumpyV1"
zarr.config.set({"codecs.cast_value": PACKAGE_CODEC, "array.write_empty_chunks": True})
codec_class = get_codec_class("cast_value")
codec_name = f"{codec_class.__module__}.{codec_class.__qualname__}"
if codec_name != PACKAGE_CODEC:
    sys.exit(f"cast-value adapter: zarr selected {codec_name} for cast_value, not {PACKAGE_CODEC}")


def zdtype(name):
    return get_data_type_from_json(name, zarr_format=3)


def cast(request):
    config = request.configuration
    # The scalar_map as the package's codec reads it from zarr.json.
    codec = json.loads(request.codec_json)
    entries = None
    raw = extract_raw_map(codec["configuration"].get("scalar_map"), request.direction)
    if raw:
        try:
            entries = parse_map_entries(raw, zdtype(request.input_type), zdtype(request.output_type))
        except Exception as e:
            raise cvc.Rejected(f"scalar_map: {type(e).__name__}: {e}") from e
    x = cvc.to_numpy(request.input_type, request.inputs, np.dtype(request.input_type))
    try:
        y = cast_value.cast_array(
            x, target_dtype=np.dtype(request.output_type),
            rounding_mode=config.get("rounding", ROUNDING_DEFAULT),
            out_of_range_mode=config.get("out_of_range"),
            scalar_map_entries=entries)
    except (ValueError, ArithmeticError) as e:
        # ValueError: NaN/Infinity to integer, out of range; FloatingPointError (an
        # ArithmeticError): numpy overflow/invalid, which cast_array turns into errors.
        raise cvc.CastFailed() from e
    if y.dtype != np.dtype(request.output_type):
        raise RuntimeError(f"cast_array returned {y.dtype}, asked for {request.output_type}")
    return cvc.from_numpy(request.output_type, y)


def describe(e):
    return f"{type(e).__name__}: {e}"


def validate(request):
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


cvc.run(name="cast-value", version=importlib.metadata.version("cast-value"), language="python",
        data_types=TYPES, cast=cast, validate=validate,
        notes=(f"cast_value.cast_array (NumPy implementation) with numpy {np.__version__}; "
               f"scalar_map read by the package's own zarr_compat parsing (zarr {zarr.__version__} "
               "data types); fill value unused by cast_array; validate through zarr with the "
               f"package's codec {codec_name} (module {codec_class.__module__}) selected explicitly: "
               "opens from zarr.json AND zarr.create(codecs=) accepts it AND a first write/read of "
               "the fill value succeeds; cast-value-rs not installed"))
