#!/usr/bin/env python3
"""cvc adapter for zarr-python (PyPI `zarr`) and its built-in cast_value codec.

zarr's codec, `zarr.codecs.cast_value.CastValue`, does the metadata handling itself (data types,
wrap rule, scalar_map entries parsed against the data types) and hands the casting to the
`cast-value-rs` package (`cast_value_rs.cast_array`). The adapter drives zarr through its public
API only, on in-memory stores (`zarr.storage.MemoryStore`):

- encode: store the request's zarr.json (the codec chain `[cast_value, bytes]` with the request's
  exact JSON texts), open the array, write the elements, and read the chunk that zarr stored
  (`c/0`, little-endian elements of the configuration's data_type).
- decode: store the zarr.json and the chunk bytes of the encoded elements, open the array, read it.
- validate: the metadata must (1) open from a stored zarr.json, (2) be accepted by array creation
  (`zarr.create(..., codecs=...)`), and (3) survive a first write and read of one element equal to
  the fill value (zarr casts the fill value only when it first encodes a chunk).

zarr aborts the whole array when one element cannot be cast (ValueError from cast-value-rs); the
helper then bisects to find each element's verdict. Validate metadata whose array data_type is a
raw-bits type (`r16`) that zarr does not have is answered unsupported (zarr cannot express the
array); the helper answers unsupported for the 15 undeclared types of the 26.
`adapter.py --probe` (probe.sh): one line of evidence per undeclared type.

Protocol 2: the capabilities declare every rounding mode, out_of_range rule and scalar_map in
both directions and no missing pair (zarr's codec takes them all; it refuses `wrap` when the
configuration's data_type is a float type, a refusal of that configuration for those pairs,
answered `rejected`). `reproduce` gives a self-contained program doing what the adapter does
with zarr's public API on a zarr.json in a temporary folder (a LocalStore): write and read the
stored chunk (encode), store a chunk and read the array (decode), or the three validate steps.
See README.md and NOTES.md ("What is declared unsupported, and why").
"""
import collections
import importlib.metadata
import json
import re
import sys
import warnings

import cvc_adapter as cvc

cvc.protect_stdout()
import numpy as np  # noqa: E402
import zarr  # noqa: E402
import zarr.storage  # noqa: E402
from zarr.core.buffer import cpu  # noqa: E402
from zarr.registry import get_codec_class  # noqa: E402

# zarr 3.x's numeric data types; the other 15 of the 26 (int2, int4, uint2, uint4, float4/6/8,
# bfloat16) are not zarr data types in this release, and cast-value-rs does not cast them either.
TYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
         "float16", "float32", "float64"]

# Select zarr's own implementation explicitly (another package, e.g. `cast-value`, can register
# a codec of the same name through the zarr.codecs entry point group), and check what we got.
OWN_CODEC = "zarr.codecs.cast_value.CastValue"
# The codecs of chain requests, zarr's own too: scale_offset (zarr.codecs.scale_offset), the
# numcodecs alias (zarr's wrapper of numcodecs.FixedScaleOffset) and transpose.
OWN_CHAIN_CODECS = {"scale_offset": "zarr.codecs.scale_offset.ScaleOffset",
                    "numcodecs.fixedscaleoffset": "zarr.codecs.numcodecs.FixedScaleOffset",
                    "transpose": "zarr.codecs.transpose.TransposeCodec"}
zarr.config.set({"codecs.cast_value": OWN_CODEC, "array.write_empty_chunks": True,
                 **{f"codecs.{name}": path for name, path in OWN_CHAIN_CODECS.items()}})
for selected_name, wanted in {"cast_value": OWN_CODEC, **OWN_CHAIN_CODECS}.items():
    codec_class = get_codec_class(selected_name)
    codec_name = f"{codec_class.__module__}.{codec_class.__qualname__}"
    if codec_name.replace("._codecs.", ".") != wanted:
        sys.exit(f"zarr-python adapter: zarr selected {codec_name} for {selected_name}, not {wanted}")
codec_class = get_codec_class("cast_value")
codec_name = f"{codec_class.__module__}.{codec_class.__qualname__}"
import zarr.codecs.cast_value as own_module  # noqa: E402

if own_module._BACKEND_ERROR is not None:
    sys.exit(f"zarr-python adapter: zarr's cast_value backend is unusable: {own_module._BACKEND_ERROR}")

NOTES = (f"zarr {zarr.__version__}: cast_value codec {codec_name} (module {codec_class.__module__}, "
         f"selected explicitly via zarr.config codecs.cast_value), backend cast-value-rs "
         f"{importlib.metadata.version('cast-value-rs')}, numpy {np.__version__}; "
         "arrays opened from the request's exact zarr.json in a MemoryStore; encode reads the stored "
         "chunk, decode stores a chunk and reads the array; zarr aborts the array on a bad element "
         "(per-element verdicts by bisection); validate = opens from zarr.json AND zarr.create(codecs=) "
         "accepts it AND a first write/read of the fill value succeeds")


def store_with(zarr_json: str, chunk: bytes | None = None):
    data = {"zarr.json": cpu.Buffer.from_bytes(zarr_json.encode("utf-8"))}
    if chunk is not None:
        data["c/0"] = cpu.Buffer.from_bytes(chunk)
    return data, zarr.storage.MemoryStore(data)


def describe(e: BaseException) -> str:
    return f"{type(e).__name__}: {e}"


def open_array(store):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return zarr.open_array(store, mode="r+", zarr_format=3)


# Opened arrays by zarr.json text. Opening costs about half of a small write, and the helper's
# bisection calls `cast` many times with the same metadata (same configuration and length); an
# array holds no data of its own (every write and read goes to its store), so it is reused.
_opened: collections.OrderedDict = collections.OrderedDict()


def opened(zarr_json: str):
    """(store dict, array) for this zarr.json: Rejected when zarr refuses the metadata."""
    if zarr_json in _opened:
        _opened.move_to_end(zarr_json)
        return _opened[zarr_json]
    data, store = store_with(zarr_json)
    try:
        entry = data, open_array(store)
    except Exception as e:
        raise cvc.Rejected(f"opening zarr.json: {describe(e)}") from e
    _opened[zarr_json] = entry
    if len(_opened) > 64:
        _opened.popitem(last=False)
    return entry


def cast(request):
    in_dtype = np.dtype(request.input_type).newbyteorder("<")
    out_dtype = np.dtype(request.output_type).newbyteorder("<")
    x = request.array(in_dtype)
    data, array = opened(request.zarr_json())
    data.pop("c/0", None)
    if request.direction == "encode":
        try:
            array[:] = x
        except ValueError as e:  # cast-value-rs: NaN/Infinity to integer, out of range, ...
            raise cvc.CastFailed() from e
        y = np.frombuffer(data["c/0"].to_bytes(), dtype=out_dtype)
    else:
        data["c/0"] = cpu.Buffer.from_bytes(x.tobytes())
        try:
            y = array[:]
        except ValueError as e:
            raise cvc.CastFailed() from e
        if y.dtype != np.dtype(request.output_type):
            raise RuntimeError(f"zarr returned {y.dtype} for a {request.output_type} array")
    if len(y) != request.count:
        raise RuntimeError(f"{len(y)} elements for {request.count} inputs")
    return y  # the helper reads the output bits from the array


# zarr's codec takes every rounding mode, out_of_range rule and scalar_map, in both directions,
# for every pair of its 11 types (NOTES.md: "What is declared unsupported, and why").
CAPABILITIES = {"encode": cvc.direction_capabilities(), "decode": cvc.direction_capabilities(),
                "missing_pairs": []}

# Chain requests run through `cast` unchanged: the array's zarr.json holds the whole chain
# (request.zarr_json()), zarr's codec pipeline runs every codec of it (its ScaleOffset, then its
# CastValue, ...) on write and in reverse on read. Every codec of a chain, both directions
# (NOTES.md, "Chains").
CHAIN_CAPABILITIES = {"codecs": list(cvc.CHAIN_CODECS), "directions": list(cvc.DIRECTIONS)}


def is_raw_bits(name):
    """A core Zarr v3 raw-bits data type name: rN, N a positive multiple of 8."""
    match = re.fullmatch(r"r([1-9][0-9]*)", name)
    return match is not None and int(match.group(1)) % 8 == 0


def zarr_lacks(request):
    """Unsupported when the array's data_type is a Zarr v3 type that zarr cannot express (a
    raw-bits rN; the helper already answers for the undeclared types of the 26). Every other
    name, in the array or in a cast_value codec, goes to zarr, which decides."""
    name = cvc.data_type_name(request.array_data_type)
    if isinstance(name, str) and (name in cvc.TYPES or is_raw_bits(name)):
        try:
            zarr.core.dtype.get_data_type_from_json(name, zarr_format=3)
        except Exception as e:
            raise cvc.Unsupported(
                f"zarr {zarr.__version__} has no data type {name!r}: "
                f"get_data_type_from_json({name!r}, zarr_format=3) -> {describe(e)}") from e


def validate(request):
    zarr_lacks(request)
    # (1) Opening stored metadata: the request's texts untouched in zarr.json.
    _, store = store_with(request.zarr_json(shape=1))
    try:
        array = open_array(store)
    except ImportError:
        raise
    except Exception as e:
        raise cvc.Invalid(f"opening zarr.json: {describe(e)}") from e
    # (2) Array creation through the API, with the metadata as zarr reads JSON (json.loads), the
    # fill value converted by zarr's own data type (its JSON fill value reader).
    codecs = json.loads(request.codecs_json)
    fill_json = json.loads(request.fill_value_json)
    try:
        dtype = zarr.core.dtype.get_data_type_from_json(json.loads(request.array_data_type_json),
                                                         zarr_format=3)
        fill = dtype.from_json_scalar(fill_json, zarr_format=3)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            zarr.create(shape=(1,), chunks=(1,), dtype=dtype, fill_value=fill, codecs=codecs,
                        zarr_format=3, store=zarr.storage.MemoryStore())
    except ImportError:
        raise
    except Exception as e:
        raise cvc.Invalid(f"zarr.create (opening zarr.json had succeeded): {describe(e)}") from e
    # (3) First use: zarr casts the fill value (resolve_metadata) when it first encodes a chunk.
    try:
        array[:] = np.full(1, array.fill_value, dtype=array.dtype)
        array[:]
    except ImportError:
        raise
    except Exception as e:
        raise cvc.Invalid(f"first write/read of the fill value (the metadata had opened): "
                          f"{describe(e)}") from e


def install_line():
    return "pip install " + " ".join(f"{d}=={importlib.metadata.version(d)}"
                                     for d in ("zarr", "cast-value-rs", "numpy"))


CONFIG_CODE = (f"zarr.config.set({{\"codecs.cast_value\": {OWN_CODEC!r}, "
               "\"array.write_empty_chunks\": True})  # zarr's own codec; store every chunk")

ENCODE_DEF = """def cast(x):  # encode: write x into the array, read the chunk zarr stored
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "zarr.json").write_text(ZARR_JSON % (len(x), len(x)))
        array = zarr.open_array(folder, mode="r+")
        array[:] = x
        return np.frombuffer(Path(folder, "c", "0").read_bytes(), dtype={stored!r})
"""

DECODE_DEF = """def cast(x):  # decode: store x as the chunk, read the array
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "zarr.json").write_text(ZARR_JSON % (len(x), len(x)))
        Path(folder, "c").mkdir()
        Path(folder, "c", "0").write_bytes(x.tobytes())  # little-endian, as the bytes codec stores it
        return zarr.open_array(folder, mode="r")[:]
"""


def reproduce_cast(request):
    # The request's exact JSON texts in zarr.json, with %d for the number of elements.
    template = request.zarr_json().replace("%", "%%")
    template = template.replace(f'"shape": [{request.count}]', '"shape": [%d]', 1)
    template = template.replace(f'"chunk_shape": [{max(request.count, 1)}]',
                                '"chunk_shape": [%d]', 1)
    stored = np.dtype(request.output_type).newbyteorder("<").str
    cast_def = (f"{CONFIG_CODE}\nZARR_JSON = {template!r}\n\n\n"
                + (ENCODE_DEF.format(stored=stored) if request.direction == "encode" else DECODE_DEF))
    imports = "import tempfile\nfrom pathlib import Path\n\nimport zarr\n"
    return cvc.numpy_cast_program(request, install=install_line(), imports=imports, cast_def=cast_def)


def reproduce_validate(request):
    zarr_lacks(request)
    return cvc.zarr_validate_program(request, install=install_line(), config=CONFIG_CODE)


def reproduce(request):
    if isinstance(request, cvc.CastRequest):
        return reproduce_cast(request)
    return reproduce_validate(request)


def probe_call(name):
    """The adapter's own path with `name` as a data type, both ways: an array of `name` through
    cast_value to float32, and a float32 array through cast_value to `name` (zarr.json stored,
    opened with zarr.open_array, then one element written and read back); accepted if zarr
    accepts either."""
    calls = [(f"zarr.open_array(MemoryStore with zarr.json data_type {name!r}, codecs "
              "[cast_value {data_type: 'float32'}, bytes]); array[:] = 0; array[:]", name, "float32"),
             ("zarr.open_array(MemoryStore with zarr.json data_type 'float32', codecs "
              f"[cast_value {{data_type: {name!r}}}, bytes]); array[:] = 0; array[:]", "float32", name)]
    results, accepted = [], False
    for _, array_type, target in calls:
        document = cvc.zarr_json(json.dumps(array_type), "0", json.dumps(
            [{"name": "cast_value", "configuration": {"data_type": target}},
             {"name": "bytes", "configuration": {"endian": "little"}}]), 1)
        try:
            _, store = store_with(document)
            array = open_array(store)
            array[:] = np.zeros(1, dtype=array.dtype)
            results.append(f"accepted: read back {array[:]!r}")
            accepted = True
        except Exception as e:
            results.append(describe(e))
    return "; ".join(text for text, _, _ in calls), "; ".join(results), accepted


# Store operations (`cvc check-store`): the array in its directory through zarr's own local
# filesystem store, as a user opens it. zarr's default write_empty_chunks (False) for these
# arrays, not the adapter's global True above: a chunk holding only the fill value may then be
# left unwritten, which the store vectors allow.
STORE_CONFIG = {"write_empty_chunks": False}


def open_stored(path, mode):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return zarr.open_array(zarr.storage.LocalStore(path), mode=mode, zarr_format=3,
                               config=STORE_CONFIG)


def store_open(path):
    try:
        open_stored(path, "r")
    except ImportError:
        raise
    except Exception as e:
        raise cvc.Invalid(f"zarr.open_array: {describe(e)}") from e


def store_read(path, data_type):
    try:
        values = open_stored(path, "r")[...]
    except ImportError:
        raise
    except Exception as e:
        raise cvc.Rejected(f"zarr.open_array(...)[...]: {describe(e)}") from e
    if values.dtype != np.dtype(data_type):
        raise RuntimeError(f"zarr returned {values.dtype} for a {data_type} array")
    return values


def store_write(path, metadata, data_type, selection, data):
    shape = tuple(stop - start for start, stop in selection)
    values = np.frombuffer(data, dtype=np.dtype(data_type).newbyteorder("<")).reshape(shape)
    region = tuple(slice(start, stop) for start, stop in selection)
    try:
        array = open_stored(path, "r+")
        array[region] = values.astype(np.dtype(data_type))
    except ImportError:
        raise
    except Exception as e:
        raise cvc.Rejected(f"zarr.open_array(..., mode='r+')[selection] = values: {describe(e)}") from e


STORES = cvc.StoreCallbacks(open_array=store_open, read_array=store_read, write_array=store_write)


if __name__ == "__main__":
    if sys.argv[1:] == ["--probe"]:
        sys.exit(cvc.probe(TYPES, probe_call))
    cvc.run(name="zarr-python", version=zarr.__version__, language="python", data_types=TYPES,
            cast=cast, validate=validate, notes=NOTES, capabilities=CAPABILITIES,
            reproduce=reproduce, stores=STORES, chain=cast, chain_capabilities=CHAIN_CAPABILITIES,
            environment=cvc.python_environment("zarr", "cast-value-rs", "numpy"))
