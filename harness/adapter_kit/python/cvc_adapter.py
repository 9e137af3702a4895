"""Helper for writing a cast_value conformance adapter in Python (adapter protocols 1 and 2).

An adapter is a program that `cvc run --impl "COMMAND"` starts and talks to over line-delimited
JSON (harness/protocol/PROTOCOL.md). With this module an adapter only declares what the implementation
supports and supplies two callbacks:

    import cvc_adapter as cvc

    def cast(request: cvc.CastRequest) -> list[int]:       # output bit patterns, one per input
        ...   # (or a numpy array of the output type's storage size)
              # raise cvc.CastFailed    : the implementation refused the array (an element failed)
              # raise cvc.Rejected(msg) : it refused the configuration / metadata itself
              # raise cvc.Unsupported(msg)

    def prepare(request: cvc.CastRequest) -> cvc.ArrayCast: # instead of cast, for numpy libraries
        ...   # once per request: check the configuration (raise Rejected / Unsupported), then
        return cvc.ArrayCast(request.array(np.float32), lambda x: library_cast(x))
              # the helper calls the cast on the whole array and, when it raises CastFailed,
              # on slices of it (views, no new request) to find each element's verdict

    def validate(request: cvc.ValidateRequest) -> None:     # returning means "valid"
        ...   # raise cvc.Invalid(msg) (or Rejected) or cvc.Unsupported(msg); else "error"

    def reproduce(request) -> str:                          # optional (protocol 2)
        ...   # a self-contained program, in the library's own terms, that reproduces the
              # CastRequest / ValidateRequest and prints what the library returns

    cvc.run(name="my-zarr", version="1.2.3", language="python",
            data_types=["int8", "float32"], cast=cast, validate=validate,
            capabilities={"encode": {"rounding": ["nearest-even"]},      # optional (protocol 2)
                          "missing_pairs": [("decode", "int8", "float32")]},
            reproduce=reproduce)

Protocol 2 (the harness's hello carries "max_protocol": 2): the hello answer says protocol 2 and
carries the declared `capabilities` (what each direction of the library has: rounding modes,
out_of_range rules, scalar_map, and the (direction, input, output) pairs it lacks although it has
both types), and `reproduce` joins the operations when a reproduce callback is given. An old
harness (hello without max_protocol) gets a protocol 1 answer, without either. Whatever the
protocol, a cast request outside the declared capabilities is answered `unsupported` (quoting the
declaration) without calling `cast`.

Bit patterns are plain ints: element i of a type of N bits is an int in [0, 2**N) (two's
complement for signed integers, the IEEE-style encoding for floats). A CastRequest keeps its
inputs as the packed bytes the harness sent: `request.inputs` is the list of bit patterns,
`request.input_bits()` the numpy array of the unsigned storage type and `request.array(dtype)`
the inputs as a numpy array of the library's dtype, each made on demand. `unpack`/`pack` convert
between bit patterns and the protocol's hex; `to_numpy`/`from_numpy` between them and numpy
arrays. Under protocol 2 the helper takes base64 elements when the harness offers them (the hello's
`encodings`) and answers with `"encoding": "base64"`, and writes each answer's `failed` list as
ranges when the harness offers them (`failed_forms`, answered `"failed_form": "ranges"`); the
callbacks never see the difference.

Exact JSON numbers: requests are parsed with `loads`, which gives integer literals as int, every
other number (fraction or exponent, and the literal -0) as decimal.Decimal, so no value, digit or
sign of zero is lost; `dumps` writes such values back exactly. The exact text of each top-level
member of the request is kept too (`CastRequest.fill_value_json`, `.codec_json`,
`ValidateRequest.*_json`, `zarr_json()`), for handing the metadata to the implementation's own
JSON parser untouched.

Stdout carries protocol answers only: `run` (or an earlier `protect_stdout()`) moves file
descriptor 1 to stderr, so prints of the implementation, Python or native, go to stderr.

Requires Python >= 3.11 and the standard library only (numpy only for the numpy helpers).
"""

from __future__ import annotations

import base64
import collections.abc
import copy
import decimal
import json
import os
import sys
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

PROTOCOL = 1        # the protocol of an answer to a hello without max_protocol (an old harness)
MAX_PROTOCOL = 2    # the highest protocol this helper speaks

# The 26 data types, name -> width in bits, in the order of oracle/data_type.hpp.
TYPES: dict[str, int] = {
    "int2": 2, "int4": 4, "int8": 8, "int16": 16, "int32": 32, "int64": 64,
    "uint2": 2, "uint4": 4, "uint8": 8, "uint16": 16, "uint32": 32, "uint64": 64,
    "float4_e2m1fn": 4, "float6_e2m3fn": 6, "float6_e3m2fn": 6,
    "float8_e3m4": 8, "float8_e4m3": 8, "float8_e4m3b11fnuz": 8, "float8_e4m3fnuz": 8,
    "float8_e5m2": 8, "float8_e5m2fnuz": 8, "float8_e8m0fnu": 8,
    "bfloat16": 16, "float16": 16, "float32": 32, "float64": 64,
}
OPERATIONS = ("encode", "decode", "validate")
DIRECTIONS = ("encode", "decode")
# Protocol 2 capabilities: the spec's rounding modes and out_of_range rules ("absent": the
# configuration has no out_of_range), and the keys of the declaration.
ROUNDINGS = ("nearest-even", "towards-zero", "towards-positive", "towards-negative", "nearest-away")
OUT_OF_RANGE = ("absent", "clamp", "wrap")
DIRECTION_CAPABILITIES = ("rounding", "out_of_range", "scalar_map")
# Protocol 2 chain requests: the array -> array codecs a chain may hold, and the keys of
# capabilities.chain.
CHAIN_CODECS = ("cast_value", "scale_offset", "transpose", "numcodecs.fixedscaleoffset")
CHAIN_CAPABILITIES = ("codecs", "directions")
# numcodecs.fixedscaleoffset names its types as numpy type strings ("<f8", "u1").
_NUMPY_TYPE_CODES = {"i1": "int8", "i2": "int16", "i4": "int32", "i8": "int64",
                     "u1": "uint8", "u2": "uint16", "u4": "uint32", "u8": "uint64",
                     "f2": "float16", "f4": "float32", "f8": "float64"}


class CastFailed(Exception):
    """The implementation refused to cast the array (the codec raised for an element)."""


class Rejected(Exception):
    """The implementation refused the codec configuration or the array metadata itself."""


class Unsupported(Exception):
    """The adapter cannot exercise this request (a type or feature the implementation lacks)."""


class Invalid(Exception):
    """validate: the implementation refuses the array metadata."""


# ---------------------------------------------------------------------------------------------
# Element packing: ceil(bits/8) bytes per element, little-endian, sub-byte types in the low bits;
# the bytes written as lowercase hex, or (protocol 2, when the hello negotiates it) as base64.

ENCODINGS = ("hex", "base64")   # what this helper reads and writes; hex is protocol 1's
PREFERRED_ENCODING = "base64"   # chosen when the harness offers it: a third shorter than hex
# The forms of an answer's `failed` list (PROTOCOL.md, "Failed ranges"); ranges are chosen when the
# harness offers them: a few numbers for a batch whose elements are mostly refused.
FAILED_FORMS = ("indices", "ranges")
PREFERRED_FAILED_FORM = "ranges"
_UNSIGNED_CODES = {1: "B", 2: "H", 4: "I", 8: "Q"}  # array / memoryview codes by storage width


def storage_bytes(type_name: str) -> int:
    return (TYPES[type_name] + 7) // 8


def decode_elements(type_name: str, text: str, encoding: str = "hex") -> bytes:
    """Protocol `elements` text -> the packed bytes. Raises ValueError for text that is not the
    encoding, a length that is not whole elements, or bits above a sub-byte type's width."""
    if encoding == "hex":
        data = bytes.fromhex(text)
    elif encoding == "base64":
        data = base64.b64decode(text, validate=True)
    else:
        raise ValueError(f"unknown element encoding {encoding!r} (known: {', '.join(ENCODINGS)})")
    width, bits = storage_bytes(type_name), TYPES[type_name]
    if len(data) % width:
        raise ValueError(f"{len(data)} bytes is not a whole number of {type_name} elements")
    if bits < 8 and data and max(data) >> bits:
        index = next(i for i, byte in enumerate(data) if byte >> bits)
        raise ValueError(f"element {index} (0x{data[index]:x}) has bits above {type_name}'s {bits}")
    return data


def failed_text(failed: list, form: str = "indices") -> str:
    """An answer's `failed` list as protocol text: the ascending indices themselves, or each run
    of consecutive indices as one canonical [begin, end) range."""
    if form == "indices":
        return f'[{",".join(map(str, failed))}]'
    ranges, k = [], 0
    while k < len(failed):
        last = k
        while last + 1 < len(failed) and failed[last + 1] == failed[last] + 1:
            last += 1
        ranges.append(f"[{failed[k]},{failed[last] + 1}]")
        k = last + 1
    return f'[{",".join(ranges)}]'


def encode_elements(data: bytes, encoding: str = "hex") -> str:
    """Packed bytes -> protocol `elements` text in `encoding`."""
    if encoding == "hex":
        return data.hex()
    if encoding == "base64":
        return base64.b64encode(data).decode("ascii")
    raise ValueError(f"unknown element encoding {encoding!r} (known: {', '.join(ENCODINGS)})")


def _patterns(type_name: str, data: bytes) -> list[int]:
    """Packed bytes -> bit patterns (ints), without a Python step per byte."""
    width = storage_bytes(type_name)
    if sys.byteorder == "little":
        return memoryview(data).cast(_UNSIGNED_CODES[width]).tolist()
    return [int.from_bytes(data[i:i + width], "little") for i in range(0, len(data), width)]


def _packed(type_name: str, patterns: Iterable[int]) -> bytes:
    """Bit patterns -> packed bytes. Raises ValueError for a pattern outside [0, 2**bits)."""
    width, bits = storage_bytes(type_name), TYPES[type_name]
    out = bytearray()
    for pattern in patterns:
        if not isinstance(pattern, int) or isinstance(pattern, bool) or not 0 <= pattern < 1 << bits:
            raise ValueError(f"{pattern!r} is not a {type_name} bit pattern (an int in [0, 2**{bits}))")
        out += pattern.to_bytes(width, "little")
    return bytes(out)


def unpack(type_name: str, hex_text: str) -> list[int]:
    """Protocol hex -> bit patterns. Raises ValueError on a bad length or bits above the width."""
    return _patterns(type_name, decode_elements(type_name, hex_text, "hex"))


def pack(type_name: str, patterns: Iterable[int]) -> str:
    """Bit patterns -> protocol hex. Raises ValueError for a pattern outside [0, 2**bits)."""
    return _packed(type_name, patterns).hex()


def _numpy():
    import numpy
    return numpy


def _bits_array(type_name: str, data: bytes):
    """Packed bytes -> a writable numpy array of the unsigned storage dtype (native order)."""
    np = _numpy()
    return np.frombuffer(data, dtype=np.dtype(f"<u{storage_bytes(type_name)}")).astype(
        np.dtype(f"=u{storage_bytes(type_name)}"))


def _sign_extended(type_name: str, bits):
    """int2 / int4 patterns sign-extended to their byte (what ml_dtypes reads whether it masks or
    sign-extends its storage); other types unchanged."""
    if type_name not in ("int2", "int4"):
        return bits
    width = TYPES[type_name]
    negative = (bits >> (width - 1)) & 1
    return bits | (negative * (0xFF ^ ((1 << width) - 1))).astype(bits.dtype)


def _output_bytes(type_name: str, array) -> bytes:
    """numpy array (any dtype of the type's storage size) -> packed bytes, masked to the width."""
    np = _numpy()
    width, bits = storage_bytes(type_name), TYPES[type_name]
    array = np.ascontiguousarray(array).reshape(-1)
    if array.dtype.itemsize != width:
        raise ValueError(f"{array.dtype} has {array.dtype.itemsize} bytes, {type_name} {width}")
    raw = array.view(np.dtype(f"=u{width}"))
    if bits < 8 * width:
        raw = raw & ((1 << bits) - 1)
    return raw.astype(np.dtype(f"<u{width}"), copy=False).tobytes()


# ---------------------------------------------------------------------------------------------
# Exact JSON.

def _parse_int(text: str) -> int | decimal.Decimal:
    return decimal.Decimal(text) if text == "-0" else int(text)  # keep the sign of "-0"


def loads(text: str) -> Any:
    """JSON -> Python with exact numbers: int for integer literals, Decimal for the others and -0."""
    return json.loads(text, parse_float=decimal.Decimal, parse_int=_parse_int)


def dumps(value: Any) -> str:
    """Python -> compact JSON, writing Decimal exactly (str(Decimal) is valid JSON for finite ones)."""
    if isinstance(value, decimal.Decimal):
        if not value.is_finite():
            raise ValueError(f"{value} has no JSON number form")
        return str(value)
    if isinstance(value, dict):
        return "{" + ",".join(json.dumps(str(k)) + ":" + dumps(v) for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(dumps(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def _raw_members(text: str) -> dict[str, str]:
    """The exact text of each member of a top-level JSON object: {"a": 1.0} -> {"a": "1.0"}."""
    decoder, ws, raw = json.JSONDecoder(), " \t\r\n", {}
    i = len(text) - len(text.lstrip(ws))
    if text[i:i + 1] != "{":
        raise ValueError("not a JSON object")
    i += 1
    while True:
        while text[i] in ws:
            i += 1
        if text[i] == "}":
            return raw
        key, i = json.decoder.scanstring(text, i + 1)
        while text[i] in ws:
            i += 1
        assert text[i] == ":"
        i += 1
        while text[i] in ws:
            i += 1
        _, end = decoder.raw_decode(text, i)
        raw[key] = text[i:end]
        i = end
        while text[i] in ws:
            i += 1
        if text[i] == ",":
            i += 1


def zarr_json(data_type_json: str, fill_value_json: str, codecs_json: str, shape: int) -> str:
    """A complete zarr.json (v3 array, one chunk of `shape` elements) from exact JSON texts."""
    return ('{"zarr_format": 3, "node_type": "array", "shape": [%d], "data_type": %s, '
            '"chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [%d]}}, '
            '"chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}}, '
            '"fill_value": %s, "codecs": %s, "attributes": {}}'
            % (shape, data_type_json, max(shape, 1), fill_value_json, codecs_json))


# ---------------------------------------------------------------------------------------------
# Requests.

class CastRequest:
    """A cast request. The inputs are kept as the packed bytes the harness sent; `inputs` (a list
    of ints), `input_bits()` and `array(dtype)` (numpy arrays) are views of them, made on demand."""

    def __init__(self, id: int, direction: str, array_data_type: str, fill_value: Any, codec: dict,
                 input_type: str, output_type: str, inputs: list[int] | bytes,
                 fill_value_json: str = "", codec_json: str = "", members: dict | None = None,
                 line: str = ""):
        self.id = id
        self.direction = direction              # "encode" or "decode"
        self.array_data_type = array_data_type
        self.fill_value = fill_value            # as parsed by `loads` (exact numbers)
        self.codec = codec                      # {"name": "cast_value", "configuration": {...}}
        self.input_type = input_type            # encode: array_data_type; decode: the configuration's data_type
        self.output_type = output_type
        self.members = members if members is not None else {}  # the whole request, parsed
        # The inputs: packed bytes (from the wire) or a list of bit patterns (made by hand).
        self._bytes = bytes(inputs) if isinstance(inputs, (bytes, bytearray, memoryview)) else None
        self._list = None if self._bytes is not None else list(inputs)
        self._arrays: dict = {}
        # The exact texts of the request's members, taken from its line when first asked for.
        self._line = line
        self._texts = {"fill_value": fill_value_json, "codec": codec_json} if not line else None

    def __repr__(self) -> str:
        return (f"CastRequest(id={self.id!r}, direction={self.direction!r}, "
                f"array_data_type={self.array_data_type!r}, input_type={self.input_type!r}, "
                f"output_type={self.output_type!r}, count={self.count}, codec={self.codec!r})")

    @property
    def configuration(self) -> dict:
        return self.codec["configuration"]

    @property
    def count(self) -> int:
        return len(self._list) if self._list is not None else len(self._bytes) // storage_bytes(self.input_type)

    @property
    def inputs(self) -> list[int]:
        """The input bit patterns, as ints."""
        if self._list is None:
            self._list = _patterns(self.input_type, self._bytes)
        return self._list

    @property
    def input_bytes(self) -> bytes:
        """The inputs packed as on the wire (ceil(bits/8) bytes each, little-endian)."""
        if self._bytes is None:
            self._bytes = _packed(self.input_type, self._list)
        return self._bytes

    def _member_text(self, name: str) -> str:
        if self._texts is None:
            self._texts = _raw_members(self._line)
        return self._texts.get(name, "")

    @property
    def fill_value_json(self) -> str:
        """The fill value's exact JSON text, as the harness sent it."""
        return self._member_text("fill_value")

    @property
    def codec_json(self) -> str:
        """The codec's exact JSON text, as the harness sent it."""
        return self._member_text("codec")

    def input_bits(self):
        """The inputs as a numpy array of the unsigned storage dtype (uint8 ... uint64)."""
        if "bits" not in self._arrays:
            self._arrays["bits"] = _bits_array(self.input_type, self.input_bytes)
        return self._arrays["bits"]

    def array(self, dtype):
        """The inputs as a numpy array of `dtype` (e.g. np.float32, ml_dtypes.int4), by
        reinterpreting their bits as `to_numpy` does (int2 / int4 sign-extended to the byte)."""
        np = _numpy()
        dtype = np.dtype(dtype)
        if dtype not in self._arrays:
            bits = _sign_extended(self.input_type, self.input_bits())
            self._arrays[dtype] = bits.view(dtype)
        return self._arrays[dtype]

    def subset(self, start: int, stop: int) -> "CastRequest":
        """The same request on inputs[start:stop] (what the bisection of `cast` calls it with)."""
        part = copy.copy(self)
        width = storage_bytes(self.input_type)
        part._bytes = self.input_bytes[start * width:stop * width]
        part._list = None if self._list is None else self._list[start:stop]
        part._arrays = {}
        return part

    def zarr_json(self, after: str = '{"name": "bytes", "configuration": {"endian": "little"}}') -> str:
        """zarr.json of an array of len(inputs) elements of array_data_type whose codec chain is
        [this codec, `after`...] (`after`: JSON text of the codecs that follow, comma-separated)."""
        codecs = "[" + self.codec_json + (", " + after if after else "") + "]"
        return zarr_json(json.dumps(self.array_data_type), self.fill_value_json, codecs, self.count)


class ChainRequest(CastRequest):
    """A chain request (protocol 2): the elements encoded through `codecs`, the array -> array
    codecs exactly as in zarr.json (decode: through them in reverse), instead of one cast_value
    codec. `input_type` / `output_type` are the chain's ends in the request's direction;
    `zarr_json()` holds the whole chain, so a callback written for cast requests that builds its
    array from `zarr_json()` runs chains unchanged."""

    def __init__(self, id: int, direction: str, array_data_type: str, fill_value: Any,
                 codecs: list, input_type: str, output_type: str, inputs: list[int] | bytes,
                 codecs_json: str = "", fill_value_json: str = "", members: dict | None = None,
                 line: str = ""):
        super().__init__(id, direction, array_data_type, fill_value, None, input_type, output_type,
                         inputs, fill_value_json=fill_value_json, members=members, line=line)
        self.codecs = codecs
        if not line:
            self._texts["codecs"] = codecs_json

    def __repr__(self) -> str:
        return (f"ChainRequest(id={self.id!r}, direction={self.direction!r}, "
                f"array_data_type={self.array_data_type!r}, input_type={self.input_type!r}, "
                f"output_type={self.output_type!r}, count={self.count}, codecs={self.codecs!r})")

    @property
    def configuration(self) -> dict:
        raise AttributeError("a chain request has codecs, not one configuration")

    @property
    def codecs_json(self) -> str:
        """The codecs' exact JSON text (an array), as the harness sent it."""
        return self._member_text("codecs")

    def zarr_json(self, after: str = '{"name": "bytes", "configuration": {"endian": "little"}}') -> str:
        """zarr.json of an array of len(inputs) elements of array_data_type whose codec chain is
        [the request's codecs..., `after`...]."""
        inner = self.codecs_json.strip()[1:-1].strip()
        codecs = "[" + ", ".join(part for part in (inner, after) if part) + "]"
        return zarr_json(json.dumps(self.array_data_type), self.fill_value_json, codecs, self.count)


def chain_steps(array_type: str, codecs: Any) -> list[tuple[str, str, str, Any]]:
    """The steps of a chain as (codec name, type in, type out, configuration) in encode order:
    cast_value changes the type to its data_type, numcodecs.fixedscaleoffset to its astype,
    scale_offset and transpose keep it. Raises ValueError for codecs that are not a list of
    named array -> array codecs of CHAIN_CODECS."""
    if not isinstance(codecs, list):
        raise ValueError(f"codecs must be a list, not {codecs!r}")
    steps, current = [], array_type
    for k, codec in enumerate(codecs):
        name = codec.get("name") if isinstance(codec, dict) else None
        if name not in CHAIN_CODECS:
            raise ValueError(f"codecs[{k}]: {name!r} is not an array -> array codec of a chain "
                             f"({', '.join(CHAIN_CODECS)})")
        configuration = codec.get("configuration")
        after = current
        if name == "cast_value":
            after = _data_type_name(configuration["data_type"])
        elif name == "numcodecs.fixedscaleoffset":
            astype = str(configuration.get("astype", configuration.get("dtype", "")))
            after = _NUMPY_TYPE_CODES.get(astype.lstrip("<>=|"), astype)
        steps.append((name, current, after, configuration))
        current = after
    return steps


@dataclass
class ValidateRequest:
    id: int
    array_data_type: Any      # the array's data_type as zarr.json holds it: usually one of the 26
                              # names, but any JSON value (another name, the object form
                              # {"name": "float32"}); data_type_name() gives the name
    fill_value: Any           # fill_value and codecs: any JSON, the metadata vectors
    codecs: Any               # include malformed metadata on purpose
    array_data_type_json: str = ""
    fill_value_json: str = ""
    codecs_json: str = ""
    members: dict = field(default_factory=dict, repr=False)  # the whole request, parsed

    def zarr_json(self, shape: int = 1) -> str:
        """The array metadata as a complete zarr.json, with the request's texts untouched."""
        return zarr_json(self.array_data_type_json, self.fill_value_json, self.codecs_json, shape)


def data_type_name(value: Any) -> Any:
    """The name in a data_type metadata value: a string as is, the "name" member of the object
    form ({"name": "float32"} -> "float32"); any other JSON value is returned unchanged."""
    return value.get("name") if isinstance(value, dict) else value


_data_type_name = data_type_name


def metadata_type_names(array_data_type: Any, codecs: Any) -> list[str]:
    """The data type names a validate request's metadata uses, as far as it is well formed: the
    array's data_type and the data_type of each cast_value codec in the chain (string names only,
    in that order; malformed parts are skipped, never an error)."""
    names = [data_type_name(array_data_type)]
    for codec in codecs if isinstance(codecs, list) else []:
        if isinstance(codec, dict) and codec.get("name") == "cast_value":
            configuration = codec.get("configuration")
            if isinstance(configuration, dict):
                names.append(data_type_name(configuration.get("data_type")))
    return [name for name in names if isinstance(name, str)]


# ---------------------------------------------------------------------------------------------
# Element verdicts.

class _Splitter:
    """Where to look for the failing elements of a range the library refused as a whole: into
    halves while little is known, then into blocks sized by the share of failing elements seen so
    far, so that a block passes about half of the time (generalized binary splitting): few calls
    when failures are rare, about one call per element when most elements fail."""

    def __init__(self) -> None:
        self.failed = 0     # elements found failing so far
        self.resolved = 0   # elements with a verdict so far

    def note(self, elements: int, failed: int) -> None:
        self.resolved += elements
        self.failed += failed

    def parts(self, start: int, stop: int) -> list[tuple[int, int]]:
        size = stop - start
        count = 2
        if self.resolved >= 16 and self.failed:
            block = 0.69 / (self.failed / self.resolved)  # passes with probability about 1/2
            count = max(2, min(size, round(size / max(block, 1.0))))
        bounds = [start + size * i // count for i in range(count + 1)]
        return [(a, b) for a, b in zip(bounds, bounds[1:]) if b > a]


def _element_verdicts(run_range: Callable[[int, int], list[int]], count: int, bisect: bool) -> list[int]:
    """The failed indices of `count` elements: `run_range(start, stop)` casts that range and
    returns the indices it refused one by one (usually none), or raises CastFailed when the
    library refused the range as a whole; then, with bisect, the range is split (`_Splitter`) and
    each part retried, down to single elements; without, all its elements fail."""
    failed: list[int] = []
    splitter = _Splitter()

    def attempt(start: int, stop: int) -> None:
        try:
            refused = run_range(start, stop)
        except CastFailed:
            if not bisect or stop - start <= 1:
                failed.extend(range(start, stop))
                splitter.note(stop - start, stop - start)
                return
            for a, b in splitter.parts(start, stop):
                attempt(a, b)
            return
        failed.extend(refused)
        splitter.note(stop - start, len(refused))

    attempt(0, count)
    return sorted(failed)


def cast_elements(cast: Callable[[CastRequest], list], request: CastRequest,
                  bisect: bool = True) -> tuple[list[int], list[int]]:
    """Run `cast` and return (outputs, failed indices) with a verdict for every element.

    `cast` returns one output pattern per input (a list of ints, or a numpy array of the output
    type's storage size); a list entry may be None for an element the implementation refused
    (for implementations that can tell element by element). When `cast` raises CastFailed for a
    batch, the implementation aborted the whole array: with bisect, the batch is split and each
    part retried, recursively, down to single elements, so each element gets its own verdict
    (halves while failures look rare, smaller blocks when they are common). Cost: one call when
    nothing fails; with k failing elements among n, about 2k*log2(n/k) calls, and about one per
    element when most fail. Without bisect, CastFailed marks every element failed. Rejected and
    Unsupported from any call apply to the whole request.
    """
    outputs: list[int] = [0] * request.count

    def run_range(start: int, stop: int) -> list[int]:
        out = cast(request.subset(start, stop))
        if hasattr(out, "dtype"):  # a numpy array
            out = _patterns(request.output_type, _output_bytes(request.output_type, out))
        out = list(out)
        if len(out) != stop - start:
            raise ValueError(f"cast returned {len(out)} outputs for {stop - start} inputs")
        outputs[start:stop] = [0 if x is None else x for x in out]
        return [start + i for i, x in enumerate(out) if x is None]

    return outputs, _element_verdicts(run_range, request.count, bisect)


@dataclass(frozen=True)
class ArrayCast:
    """What a `prepare` callback returns for one request: the request's inputs as the numpy array
    the library takes (usually `request.array(dtype)`), and `cast`, the library's cast of a slice
    of it: a numpy array of the output type's storage size (any dtype of that size), one element
    per input; it raises CastFailed when the library refuses the slice (an element failed)."""
    inputs: Any
    cast: Callable[[Any], Any]


def array_cast_elements(prepared: ArrayCast, output_type: str, bisect: bool = True) -> tuple[bytes, list[int]]:
    """`prepared.cast` on the whole input array, then (on CastFailed, with bisect) on slices of
    it as `cast_elements` does: (the packed output bytes, failed indices). The outputs stay in a
    numpy array and the slices are views: no Python step per element."""
    np = _numpy()
    x, width = prepared.inputs, storage_bytes(output_type)
    outputs = np.zeros(len(x), dtype=np.dtype(f"=u{width}"))

    def run_range(start: int, stop: int) -> list[int]:
        y = np.ascontiguousarray(prepared.cast(x[start:stop])).reshape(-1)
        if y.dtype.itemsize != width:
            raise ValueError(f"cast returned {y.dtype} ({y.dtype.itemsize} bytes), not {output_type}'s {width}")
        if len(y) != stop - start:
            raise ValueError(f"cast returned {len(y)} outputs for {stop - start} inputs")
        outputs[start:stop] = y.view(outputs.dtype)
        return []

    failed = _element_verdicts(run_range, len(x), bisect)
    return _output_bytes(output_type, outputs), failed


# ---------------------------------------------------------------------------------------------
# The protocol loop.

_protocol_out = None


def protect_stdout():
    """From now on fd 1 (and sys.stdout) go to stderr; returns the file for protocol answers.

    Call it before importing an implementation that may print at import time; `run` calls it.
    """
    global _protocol_out
    if _protocol_out is None:
        sys.stdout.flush()
        fd = os.dup(1)
        os.dup2(2, 1)
        _protocol_out = os.fdopen(fd, "w", encoding="utf-8", newline="\n")
        sys.stdout = sys.stderr
    return _protocol_out


# ---------------------------------------------------------------------------------------------
# Protocol 2 capabilities: what each direction of the implementation has.

def direction_capabilities(rounding: Iterable[str] = ROUNDINGS, out_of_range: Iterable[str] = OUT_OF_RANGE,
                           scalar_map: bool = True) -> dict:
    """One direction's declaration, every key stated (the defaults: everything)."""
    return {"rounding": list(rounding), "out_of_range": list(out_of_range), "scalar_map": scalar_map}


def missing_pair(direction: str, input_type: str, output_type: str) -> dict:
    """A missing_pairs entry: the implementation lacks this cast although it has both types."""
    return {"direction": direction, "input": input_type, "output": output_type}


def check_capabilities(capabilities: Any, data_types: Iterable[str], operations: Iterable[str]) -> dict | None:
    """A protocol 2 `capabilities` declaration, validated and normalised (missing_pairs entries
    may be given as (direction, input, output) tuples; they become objects). Raises ValueError
    naming the problem: an unknown key, rounding mode or out_of_range rule, a repeated name, an
    empty list (leave the direction out of `operations` instead), a scalar_map that is not a
    bool, a direction the operations do not declare, a missing pair of an undeclared type or
    direction, or one listed twice. None stays None (no declaration: everything)."""
    if capabilities is None:
        return None
    if not isinstance(capabilities, dict):
        raise ValueError(f"capabilities must be an object, not {capabilities!r}")
    types, operations = set(data_types), set(operations)
    unknown = [k for k in capabilities if k not in DIRECTIONS + ("missing_pairs",)]
    if unknown:
        raise ValueError(f"capabilities: unknown key(s) {unknown} (allowed: encode, decode, missing_pairs)")
    out = {}
    for direction in DIRECTIONS:
        if direction not in capabilities:
            continue
        declared = capabilities[direction]
        if direction not in operations:
            raise ValueError(f"capabilities: {direction} is declared but not among the operations")
        if not isinstance(declared, dict):
            raise ValueError(f"capabilities.{direction} must be an object, not {declared!r}")
        unknown = [k for k in declared if k not in DIRECTION_CAPABILITIES]
        if unknown:
            raise ValueError(f"capabilities.{direction}: unknown key(s) {unknown} "
                             f"(allowed: {', '.join(DIRECTION_CAPABILITIES)})")
        entry = {}
        for key, allowed in (("rounding", ROUNDINGS), ("out_of_range", OUT_OF_RANGE)):
            if key not in declared:
                continue
            names = declared[key]
            if isinstance(names, (str, dict)) or not isinstance(names, collections.abc.Iterable):
                raise ValueError(f"capabilities.{direction}.{key} must be a list of names, not {names!r}")
            names = list(names)
            bad = [n for n in names if n not in allowed]
            if bad:
                raise ValueError(f"capabilities.{direction}.{key}: unknown name(s) {bad} "
                                 f"(allowed: {', '.join(allowed)})")
            if len(set(names)) != len(names):
                raise ValueError(f"capabilities.{direction}.{key}: a name is listed twice: {names}")
            if not names:
                raise ValueError(f"capabilities.{direction}.{key} is empty: an implementation that can "
                                 f"cast nothing in {direction} leaves {direction} out of the operations")
            entry[key] = names
        if "scalar_map" in declared:
            if not isinstance(declared["scalar_map"], bool):
                raise ValueError(f"capabilities.{direction}.scalar_map must be true or false, "
                                 f"not {declared['scalar_map']!r}")
            entry["scalar_map"] = declared["scalar_map"]
        out[direction] = entry
    if "missing_pairs" in capabilities:
        pairs, seen = [], set()
        for pair in capabilities["missing_pairs"]:
            if isinstance(pair, (tuple, list)) and len(pair) == 3:
                pair = missing_pair(*pair)
            if not isinstance(pair, dict) or sorted(pair) != ["direction", "input", "output"]:
                raise ValueError(f"capabilities.missing_pairs: {pair!r} is not "
                                 '{"direction": ..., "input": ..., "output": ...}')
            if pair["direction"] not in DIRECTIONS or pair["direction"] not in operations:
                raise ValueError(f"capabilities.missing_pairs: {pair!r}: the direction is not among "
                                 "the declared operations encode/decode")
            for side in ("input", "output"):
                if pair[side] not in types:
                    raise ValueError(f"capabilities.missing_pairs: {pair!r}: {pair[side]!r} is not a "
                                     "declared data type (a missing pair has both types)")
            key = (pair["direction"], pair["input"], pair["output"])
            if key in seen:
                raise ValueError(f"capabilities.missing_pairs: {pair!r} is listed twice")
            seen.add(key)
            pairs.append(dict(pair))
        out["missing_pairs"] = pairs
    return out


def check_chain_capabilities(declared: Any, chain: Any) -> dict | None:
    """capabilities.chain, validated: only `codecs` (names of CHAIN_CODECS) and `directions`,
    each a non-empty list without repeats; None when there is no chain callback. Raises
    ValueError naming the problem (also: a declaration without a chain callback)."""
    if declared is None:
        return None
    if chain is None:
        raise ValueError("chain capabilities declared without a chain callback")
    if not isinstance(declared, dict):
        raise ValueError(f"capabilities.chain must be an object, not {declared!r}")
    out = {}
    for key in declared:
        if key not in CHAIN_CAPABILITIES:
            raise ValueError(f"capabilities.chain: unknown key {key!r} (allowed: codecs, directions)")
    for key, allowed in (("codecs", CHAIN_CODECS), ("directions", DIRECTIONS)):
        if key not in declared:
            continue
        names = list(declared[key])
        bad = [n for n in names if n not in allowed]
        if bad or not names or len(set(names)) != len(names):
            raise ValueError(f"capabilities.chain.{key} must be distinct names of "
                             f"{', '.join(allowed)}, not {declared[key]!r}")
        out[key] = names
    return out


def cast_rule(direction: str, configuration: Any) -> tuple[Any, Any, bool]:
    """(rounding, out_of_range, uses scalar_map) of a cast request's configuration in `direction`,
    as the capabilities name them: rounding defaults to "nearest-even", out_of_range to "absent";
    the scalar_map is used when it has entries for the direction."""
    config = configuration if isinstance(configuration, dict) else {}
    scalar_map = config.get("scalar_map")
    uses_map = isinstance(scalar_map, dict) and bool(scalar_map.get(direction))
    return config.get("rounding", "nearest-even"), config.get("out_of_range", "absent"), uses_map


def outside_capabilities(capabilities: dict | None, direction: str, input_type: str,
                         output_type: str, configuration: Any) -> str | None:
    """Why a cast request is outside the declaration (a message quoting it), or None."""
    if not capabilities:
        return None
    for pair in capabilities.get("missing_pairs", []):
        if (pair["direction"], pair["input"], pair["output"]) == (direction, input_type, output_type):
            return (f"{direction} {input_type} -> {output_type} is declared missing "
                    f"(capabilities.missing_pairs: {dumps(pair)})")
    declared = capabilities.get(direction)
    if not declared:
        return None
    rounding, out_of_range, uses_map = cast_rule(direction, configuration)
    if "rounding" in declared and rounding in ROUNDINGS and rounding not in declared["rounding"]:
        return (f"{direction} rounding {rounding!r} is not declared "
                f"(capabilities.{direction}.rounding: {dumps(declared['rounding'])})")
    if ("out_of_range" in declared and out_of_range in OUT_OF_RANGE
            and out_of_range not in declared["out_of_range"]):
        return (f"{direction} out_of_range {out_of_range!r} is not declared "
                f"(capabilities.{direction}.out_of_range: {dumps(declared['out_of_range'])})")
    if uses_map and declared.get("scalar_map") is False:
        return f"{direction} scalar_map is not declared (capabilities.{direction}.scalar_map: false)"
    return None


# ---------------------------------------------------------------------------------------------
# The protocol machine.

STORE_OPERATIONS = ("open_array", "read_array", "write_array")  # protocol 2, `cvc check-store`


@dataclass
class StoreCallbacks:
    """Protocol 2 store operations (harness/protocol/PROTOCOL.md, "Store operations"), for `cvc
    check-store`: real Zarr arrays in a directory, opened with the library's own local store.

    open_array(path): return if the library opens the array at `path`; raise Invalid if it
    refuses the metadata.
    read_array(path, data_type): the whole array, C order, as a numpy array of the data type's
    storage size (its bits are taken as they are); raise Rejected when the library refuses to
    read it (an element that cannot be decoded, invalid metadata).
    write_array(path, metadata, data_type, selection, data): the directory holds the array's
    zarr.json (`metadata`, as a dict); open the array there and write `data` (packed
    little-endian bytes of the selection's elements, C order; `_bits_array`/`numpy.frombuffer`
    read them) into `selection`, one [start, stop) pair per dimension; raise Rejected when the
    library refuses the write.
    Any callback may raise Unsupported; any other exception is an adapter error.
    """
    open_array: Callable[[str], None]
    read_array: Callable[[str, str], Any]
    write_array: Callable[[str, dict, str, list, bytes], None]


@dataclass
class Adapter:
    """The protocol state machine without I/O: `handle(line)` -> answer line or None."""
    name: str
    version: str
    language: str
    data_types: list[str]
    operations: list[str]
    cast: Callable[[CastRequest], list] | None = None
    validate: Callable[[ValidateRequest], None] | None = None
    notes: str | None = None
    bisect: bool = True
    environment: dict | None = None  # {"python": "3.12.1", "numpy": "2.5.5", ...}
    capabilities: dict | None = None  # protocol 2: see check_capabilities
    reproduce: Callable[[CastRequest | ValidateRequest], str] | None = None  # protocol 2
    prepare: Callable[[CastRequest], ArrayCast] | None = None  # instead of cast: numpy arrays
    protocol: int = PROTOCOL  # what the last hello negotiated
    encoding: str = "hex"     # how elements are written, as the last hello negotiated
    failed_form: str = "indices"  # how `failed` is written, as the last hello negotiated
    stores: StoreCallbacks | None = None  # protocol 2: open_array, read_array, write_array
    # Protocol 2 chain requests: a callback with the contract of `cast`, called with a
    # ChainRequest, and capabilities.chain ({"codecs": [...], "directions": [...]}, a key left
    # out: everything).
    chain: Callable[[ChainRequest], list] | None = None
    chain_capabilities: dict | None = None

    def __post_init__(self):
        for t in self.data_types:
            if t not in TYPES:
                raise ValueError(f"unknown data type {t!r}")
        self.operations = [op for op in self.operations if op != "reproduce"]  # added by hello
        for op in self.operations:
            if op not in OPERATIONS:
                raise ValueError(f"unknown operation {op!r}")
        if ("encode" in self.operations or "decode" in self.operations) and \
                (self.cast is None) == (self.prepare is None):
            raise ValueError("encode/decode declared without exactly one of the cast and prepare callbacks")
        if "validate" in self.operations and self.validate is None:
            raise ValueError("validate declared without a validate callback")
        self.capabilities = check_capabilities(self.capabilities, self.data_types, self.operations)
        self.chain_capabilities = check_chain_capabilities(self.chain_capabilities, self.chain)

    def hello(self, max_protocol: Any = None, encodings: Any = None, failed_forms: Any = None) -> dict:
        """The hello answer: protocol 2 (capabilities, reproduce; base64 elements when the hello
        offers them in `encodings`, failed ranges when it offers them in `failed_forms`) when the
        harness offers it (`max_protocol` >= 2), else protocol 1 as before."""
        two = isinstance(max_protocol, int) and not isinstance(max_protocol, bool) and max_protocol >= 2
        self.protocol = MAX_PROTOCOL if two else PROTOCOL
        offered = encodings if isinstance(encodings, list) else []
        self.encoding = PREFERRED_ENCODING if two and PREFERRED_ENCODING in offered else "hex"
        forms = failed_forms if isinstance(failed_forms, list) else []
        self.failed_form = PREFERRED_FAILED_FORM if two and PREFERRED_FAILED_FORM in forms else "indices"
        operations = list(self.operations) + (["reproduce"] if two and self.reproduce else [])
        operations += list(STORE_OPERATIONS) if two and self.stores else []
        operations += ["chain"] if two and self.chain else []
        answer = {"protocol": self.protocol,
                  "implementation": {"name": self.name, "version": self.version, "language": self.language},
                  "data_types": list(self.data_types), "operations": operations}
        if self.notes is not None:
            answer["notes"] = self.notes
        if self.environment is not None:
            answer["environment"] = {str(k): str(v) for k, v in self.environment.items()}
        if two and self.capabilities is not None:
            answer["capabilities"] = copy.deepcopy(self.capabilities)
        if two and self.chain and self.chain_capabilities:
            answer.setdefault("capabilities", {})["chain"] = copy.deepcopy(self.chain_capabilities)
        if self.encoding != "hex":
            answer["encoding"] = self.encoding
        if self.failed_form != "indices":
            answer["failed_form"] = self.failed_form
        return answer

    def handle(self, line: str) -> str | None:
        """Answer one request line; None for bye. Raises ValueError for a line that is not a request."""
        message = loads(line)
        if not isinstance(message, dict):
            raise ValueError("a request must be a JSON object")
        cmd = message.get("cmd")
        if cmd == "hello":
            return dumps(self.hello(message.get("max_protocol"), message.get("encodings"),
                                    message.get("failed_forms")))
        if cmd == "bye":
            return None
        if "id" not in message:
            raise ValueError(f"request without id: {line.strip()[:200]}")
        answer = {"id": message["id"]}
        try:
            if cmd == "cast" or (cmd == "chain" and self.chain is not None and self.protocol >= 2):
                result = self._cast(message, line)
                if result.get("status") == "ok":  # written directly: `failed` may be long
                    return (f'{{"id":{dumps(message["id"])},"status":"ok","elements":"{result["elements"]}",'
                            f'"failed":{failed_text(result["failed"], self.failed_form)}}}')
                answer.update(result)
            elif cmd == "validate":
                answer.update(self._validate(message, _raw_members(line)))
            elif cmd == "reproduce":
                answer.update(self._reproduce(message, _raw_members(line)))
            elif cmd in STORE_OPERATIONS and self.stores is not None and self.protocol >= 2:
                answer.update(self._store(cmd, message))
            else:
                answer.update(status="error", message=f"unknown command {cmd!r}")
        except Unsupported as e:
            answer.update(status="unsupported", message=str(e) or "unsupported")
        except Exception:
            answer.update(status="error", message=traceback.format_exc())
        return dumps(answer)

    def cast_request(self, message: dict, line: str, id_: Any = None) -> CastRequest:
        """The CastRequest of a cast message (`line`: its exact text, for the exact texts of its
        members); raises Unsupported for an undeclared operation or type or a request outside the
        capabilities, ValueError for elements that are not `count` elements of the input type."""
        direction, array_type = message["direction"], message["array_data_type"]
        config_type = _data_type_name(message["codec"]["configuration"]["data_type"])
        if direction not in self.operations:
            raise Unsupported(f"{direction} is not supported")
        for t in (array_type, config_type):
            if t not in self.data_types:
                raise Unsupported(f"{t} is not supported")
        input_type, output_type = ((array_type, config_type) if direction == "encode"
                                   else (config_type, array_type))
        why = outside_capabilities(self.capabilities, direction, input_type, output_type,
                                   message["codec"]["configuration"])
        if why:
            raise Unsupported(f"outside the declared capabilities: {why}")
        data = decode_elements(input_type, message["elements"], self.encoding)
        if len(data) != message["count"] * storage_bytes(input_type):
            raise ValueError(f"count {message['count']} but {len(data) // storage_bytes(input_type)} elements")
        return CastRequest(message["id"] if id_ is None else id_, direction, array_type,
                           message["fill_value"], message["codec"], input_type, output_type, data,
                           members=message, line=line)

    def chain_request(self, message: dict, line: str, id_: Any = None) -> ChainRequest:
        """The ChainRequest of a chain message, checked like a cast request against the
        declaration: the operation, every type along the chain, capabilities.chain (direction,
        codecs) and each cast_value step's rule against the direction's capabilities."""
        direction, array_type = message["direction"], message["array_data_type"]
        steps = chain_steps(array_type, message["codecs"])
        declared = self.chain_capabilities or {}
        if direction not in declared.get("directions", DIRECTIONS):
            raise Unsupported(f"chain {direction} is not declared (capabilities.chain.directions: "
                              f"{dumps(declared['directions'])})")
        for name, before, after, configuration in steps:
            if name not in declared.get("codecs", CHAIN_CODECS):
                raise Unsupported(f"{name} is not declared in a chain (capabilities.chain.codecs: "
                                  f"{dumps(declared['codecs'])})")
            for t in (before, after):
                if t not in self.data_types:
                    raise Unsupported(f"{t} is not supported")
            if name == "cast_value":
                cast_in, cast_out = (before, after) if direction == "encode" else (after, before)
                why = outside_capabilities(self.capabilities, direction, cast_in, cast_out,
                                           configuration)
                if why:
                    raise Unsupported(f"outside the declared capabilities: {why}")
        input_type, output_type = ((array_type, steps[-1][2] if steps else array_type)
                                   if direction == "encode"
                                   else (steps[-1][2] if steps else array_type, array_type))
        data = decode_elements(input_type, message["elements"], self.encoding)
        if len(data) != message["count"] * storage_bytes(input_type):
            raise ValueError(f"count {message['count']} but {len(data) // storage_bytes(input_type)} elements")
        return ChainRequest(message["id"] if id_ is None else id_, direction, array_type,
                            message["fill_value"], message["codecs"], input_type, output_type,
                            data, members=message, line=line)

    def validate_request(self, message: dict, raw: dict, id_: Any = None) -> ValidateRequest:
        """The ValidateRequest of a validate message; raises Unsupported for an undeclared
        operation or a type of the 26 that `data_types` does not declare."""
        if "validate" not in self.operations:
            raise Unsupported("validate is not supported")
        # Any array metadata reaches the callback (names outside the 26, the object form); only
        # a type of the 26 that the adapter does not declare is answered here, as for casts.
        for name in metadata_type_names(message["array_data_type"], message["codecs"]):
            if name in TYPES and name not in self.data_types:
                raise Unsupported(f"{name} is not supported")
        return ValidateRequest(message["id"] if id_ is None else id_, message["array_data_type"],
                               message["fill_value"], message["codecs"], raw["array_data_type"],
                               raw["fill_value"], raw["codecs"], message)

    def _cast(self, message: dict, line: str) -> dict:
        """A cast request, or a chain request (through the chain callback)."""
        if message.get("cmd") == "chain":
            request = self.chain_request(message, line)
            try:
                outputs, failed = cast_elements(self.chain, request, self.bisect)
            except Rejected as e:
                return {"status": "rejected", "message": str(e) or "rejected"}
            data = _packed(request.output_type, outputs)
            return {"status": "ok", "elements": encode_elements(data, self.encoding), "failed": failed}
        request = self.cast_request(message, line)
        try:
            if self.prepare is not None:
                data, failed = array_cast_elements(self.prepare(request), request.output_type, self.bisect)
            else:
                outputs, failed = cast_elements(self.cast, request, self.bisect)
                data = _packed(request.output_type, outputs)
        except Rejected as e:
            return {"status": "rejected", "message": str(e) or "rejected"}
        return {"status": "ok", "elements": encode_elements(data, self.encoding), "failed": failed}

    def _validate(self, message: dict, raw: dict) -> dict:
        request = self.validate_request(message, raw)
        try:
            self.validate(request)
        except (Invalid, Rejected) as e:
            return {"status": "invalid", "message": str(e) or "invalid"}
        return {"status": "valid"}

    def _store(self, cmd: str, message: dict) -> dict:
        """open_array, read_array, write_array through the StoreCallbacks."""
        path = message["path"]
        if cmd == "open_array":
            try:
                self.stores.open_array(path)
            except (Invalid, Rejected) as e:
                return {"status": "invalid", "message": str(e) or "invalid"}
            return {"status": "valid"}
        data_type = message["data_type"]
        if data_type not in self.data_types:
            raise Unsupported(f"{data_type} is not supported")
        try:
            if cmd == "read_array":
                data = _output_bytes(data_type, self.stores.read_array(path, data_type))
                if len(data) != message["count"] * storage_bytes(data_type):
                    raise ValueError(f"read {len(data) // storage_bytes(data_type)} elements, "
                                     f"the array has {message['count']}")
                return {"status": "ok", "elements": encode_elements(data, self.encoding)}
            data = decode_elements(data_type, message["elements"], self.encoding)
            self.stores.write_array(path, message["metadata"], data_type, message["selection"], data)
            return {"status": "ok"}
        except (Rejected, CastFailed) as e:
            return {"status": "refused", "message": str(e) or "refused"}

    def _reproduce(self, message: dict, raw: dict) -> dict:
        """reproduce: the callback's program for the request inside (a cast or validate request
        exactly as sent, without id), checked like the request itself."""
        if self.reproduce is None:
            raise Unsupported("this adapter has no reproducer")
        inner, inner_raw = message.get("request"), raw.get("request")
        if not isinstance(inner, dict) or inner_raw is None:
            raise ValueError("reproduce: `request` must be a cast or validate request object")
        if inner.get("cmd") == "cast":
            request = self.cast_request(inner, inner_raw, message["id"])
        elif inner.get("cmd") == "validate":
            request = self.validate_request(inner, _raw_members(inner_raw), message["id"])
        else:
            raise ValueError(f"reproduce: cannot reproduce a {inner.get('cmd')!r} request")
        code = self.reproduce(request)
        if not isinstance(code, str) or not code.strip():
            raise ValueError(f"the reproduce callback returned {code!r}, not program text")
        return {"status": "ok", "language": self.language, "code": code}


def python_environment(*distributions: str) -> dict[str, str]:
    """The handshake's `environment`: the Python version and the installed version of each named
    distribution (PyPI names, e.g. "numpy", "ml-dtypes")."""
    import importlib.metadata
    import platform
    environment = {"python": platform.python_version()}
    for name in distributions:
        environment[name] = importlib.metadata.version(name)
    return environment


def serve(adapter: Adapter, stdin=None, out=None) -> int:
    """Answer requests from `stdin` (binary) on `out` (text) until bye or end of input.

    Returns the exit status: 0, or 2 after a line that is not a request (not JSON, no id), which
    is reported on stderr (so the harness sees a crash rather than waiting for a timeout).
    """
    stdin = stdin or sys.stdin.buffer
    out = out or protect_stdout()
    while True:
        line = stdin.readline()
        if not line:
            return 0
        if not line.strip():
            continue
        try:
            answer = adapter.handle(line.decode("utf-8"))
        except ValueError as e:
            print(f"cvc_adapter: not a request ({e}): {line[:200]!r}", file=sys.stderr)
            return 2
        if answer is None:
            return 0
        out.write(answer + "\n")
        out.flush()


def run(*, name: str, version: str, language: str = "python", data_types: Iterable[str],
        operations: Iterable[str] | None = None, cast: Callable[[CastRequest], list] | None = None,
        validate: Callable[[ValidateRequest], None] | None = None, notes: str | None = None,
        bisect: bool = True, environment: dict | None = None, capabilities: dict | None = None,
        reproduce: Callable[[CastRequest | ValidateRequest], str] | None = None,
        prepare: Callable[[CastRequest], ArrayCast] | None = None,
        stores: StoreCallbacks | None = None,
        chain: Callable[[ChainRequest], list] | None = None,
        chain_capabilities: dict | None = None):
    """Serve the protocol on stdin/stdout, then exit the process (status 0 on bye or end of input).

    `operations` defaults to encode and decode if `cast` or `prepare` is given, plus validate if
    `validate` is. `prepare` (instead of `cast`, for libraries that cast numpy arrays): request ->
    ArrayCast, called once per request; the helper then casts the whole array, and slices of it
    when the library refuses it, without building a request per slice.
    `environment` (optional, e.g. `python_environment("numpy")`) goes into the handshake.
    `capabilities` (optional, protocol 2) declares what each direction of the implementation
    has; it is checked here (`check_capabilities`: a ValueError names any unknown key or name)
    and enforced on every cast request. `reproduce` (optional, protocol 2): request -> the text
    of a program that reproduces it on the library; `reproduce` is then listed in the protocol 2
    operations. `stores` (optional, protocol 2): StoreCallbacks, listed as open_array,
    read_array and write_array in the protocol 2 operations (`cvc check-store`). `chain`
    (optional, protocol 2): the callback of chain requests (a ChainRequest; the contract of
    `cast`, often the same function), listed as the operation chain, with `chain_capabilities`
    ({"codecs": [...], "directions": [...]}: what it can chain) as capabilities.chain.
    """
    if operations is None:
        operations = (["encode", "decode"] if cast or prepare else []) + (["validate"] if validate else [])
    adapter = Adapter(name, version, language, list(data_types), list(operations), cast, validate,
                      notes, bisect, environment, capabilities=capabilities, reproduce=reproduce,
                      prepare=prepare, stores=stores, chain=chain,
                      chain_capabilities=chain_capabilities)
    sys.exit(serve(adapter))


# ---------------------------------------------------------------------------------------------
# Reproducers (protocol 2 `reproduce`): building blocks for the program text an adapter returns.
# The program is self-contained (it never imports this module): what a library maintainer runs
# after installing the library. Cast programs print one line per element,
#     "<index>: 0x<input bits> (<input value>) -> 0x<output bits> (<output value>)"
# or "<index>: 0x<input bits> (<input value>) -> error: <Type>: <message>"
# and validate programs end with a line "valid" or "invalid: <what refused it>", the form that
# tests/harness/adapters_reproduce.sh compares with the adapter's own answers.

NUMPY_NATIVE = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                "float16", "float32", "float64")


def request_summary(request: CastRequest | ValidateRequest) -> str:
    """One line naming the request in its exact JSON texts (for a program's heading comment)."""
    if isinstance(request, CastRequest):
        return (f"{request.direction} {request.input_type} -> {request.output_type}: array data_type "
                f"{request.array_data_type}, codec {request.codec_json}, fill_value "
                f"{request.fill_value_json}, {len(request.inputs)} element(s)")
    return (f"validate: array data_type {request.array_data_type_json}, fill_value "
            f"{request.fill_value_json}, codecs {request.codecs_json}")


def program_heading(request: CastRequest | ValidateRequest, install: str, comment: str = "#") -> str:
    """The heading comment of a reproducer: what it reproduces, how to install the library, and
    what it prints."""
    prints = ("each element: index: input bits (value) -> output bits (value), or the error"
              if isinstance(request, CastRequest) else "valid, or invalid: what refused the metadata")
    return (f"{comment} Reproduces a cast_value conformance case ({request_summary(request)}).\n"
            f"{comment} Set-up: {install}\n"
            f"{comment} Prints {prints}.\n")


def numpy_dtype_code(type_name: str) -> str:
    """The Python expression of a type's numpy dtype: `np.float32`, or `ml_dtypes.int4` for the
    15 types numpy lacks (the spec's names are ml_dtypes' names)."""
    return f"np.{type_name}" if type_name in NUMPY_NATIVE else f"ml_dtypes.{type_name}"


def numpy_array_code(type_name: str, patterns: list[int]) -> str:
    """The Python expression of an array of `type_name` holding these bit patterns, by
    reinterpretation (`np.array([...], dtype=np.uint32).view(np.float32)`); int2/int4 patterns
    are written sign-extended to the whole byte, as `to_numpy` does."""
    bits, width = TYPES[type_name], storage_bytes(type_name)
    if type_name in ("int2", "int4"):
        patterns = [p | (0xFF ^ ((1 << bits) - 1)) if p >> (bits - 1) else p for p in patterns]
    digits = 2 * width
    values = ", ".join(f"0x{p:0{digits}x}" for p in patterns)
    return f"np.array([{values}], dtype=np.uint{8 * width}).view({numpy_dtype_code(type_name)})"


def numpy_cast_program(request: CastRequest, *, install: str, imports: str, cast_def: str) -> str:
    """A complete reproducer of a cast request for a library that casts numpy arrays.

    `imports`: the program's import lines (standard library ones first, they go before numpy;
    `import numpy as np`, and `import ml_dtypes` when a type needs it, are added); `cast_def`: the definition of `cast(x)`, the library call the adapter makes, returning
    the output as a numpy array of the output type. The program calls `cast` on the whole input
    array and, if the library refuses the array, on each element alone; it prints one line per
    element (see the section comment)."""
    needs_ml_dtypes = any(t not in NUMPY_NATIVE for t in (request.input_type, request.output_type))
    given = imports.strip().splitlines()
    first = [] if not given else given[:given.index("")] if "" in given else []  # standard library
    rest = given[len(first):]
    lines = first + ([""] if first else []) + ["import numpy as np"]
    lines += (["import ml_dtypes"] if needs_ml_dtypes else []) + [x for x in rest if x and x not in lines]
    in_bits, out_bits = TYPES[request.input_type], TYPES[request.output_type]
    return (program_heading(request, install) + "\n".join(lines) + "\n\n"
            f"x = {numpy_array_code(request.input_type, request.inputs)}  # {request.input_type}\n\n\n"
            + cast_def.strip("\n") + "\n\n\n"
            "def bits(a, width):  # the elements' bit patterns, masked to the type's width\n"
            "    return [f\"0x{int(p) & ((1 << width) - 1):0{(width + 3) // 4}x}\" "
            "for p in a.view(f\"u{a.dtype.itemsize}\")]\n\n\n"
            "try:\n"
            "    y = cast(x)\n"
            f"    results = [f\"{{b}} ({{v}})\" for b, v in zip(bits(y, {out_bits}), y.tolist())]\n"
            "except Exception as e:  # the library refused the array: each element alone\n"
            "    print(f\"the whole array: {type(e).__name__}: {e}\")\n"
            "    results = []\n"
            "    for i in range(len(x)):\n"
            "        try:\n"
            "            y = cast(x[i:i + 1])\n"
            f"            results.append(f\"{{bits(y, {out_bits})[0]}} ({{y.tolist()[0]}})\")\n"
            "        except Exception as e:\n"
            "            results.append(f\"error: {type(e).__name__}: {e}\")\n"
            f"for i, (b, v, r) in enumerate(zip(bits(x, {in_bits}), x.tolist(), results)):\n"
            "    print(f\"{i}: {b} ({v}) -> {r}\")\n")


ZARR_VALIDATE_PROGRAM = """{heading}import json
import tempfile
from pathlib import Path

import numpy as np
import zarr
import zarr.storage
from zarr.dtype import parse_dtype

{config}

DATA_TYPE = {data_type!r}
FILL_VALUE = {fill_value!r}
CODECS = {codecs!r}
ZARR_JSON = {template!r} % (DATA_TYPE, FILL_VALUE, CODECS)


def check():
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "zarr.json").write_text(ZARR_JSON)
        try:
            array = zarr.open_array(folder, mode="r+")
        except Exception as e:
            return f"invalid: opening zarr.json: {{type(e).__name__}}: {{e}}"
        try:
            dtype = parse_dtype(json.loads(DATA_TYPE), zarr_format=3)
            fill = dtype.from_json_scalar(json.loads(FILL_VALUE), zarr_format=3)
            zarr.create(shape=(1,), chunks=(1,), dtype=dtype, fill_value=fill, codecs=json.loads(CODECS),
                        zarr_format=3, store=zarr.storage.MemoryStore())
        except Exception as e:
            return f"invalid: zarr.create: {{type(e).__name__}}: {{e}}"
        try:  # zarr casts the fill value when it first encodes a chunk
            array[:] = np.full(1, array.fill_value, dtype=array.dtype)
            array[:]
        except Exception as e:
            return f"invalid: first write/read of the fill value: {{type(e).__name__}}: {{e}}"
        return "valid"


print(check())
"""

def zarr_validate_program(request: ValidateRequest, *, install: str, config: str) -> str:
    """A complete reproducer of a validate request for an implementation that plugs into
    zarr-python: the three steps a zarr user meets (open the stored zarr.json, create the array,
    write and read the fill value), printing "valid" or the first step that refuses it.
    `config`: the program's zarr.config lines that select the implementation's codec."""
    return ZARR_VALIDATE_PROGRAM.format(
        heading=program_heading(request, install), config=config,
        data_type=request.array_data_type_json, fill_value=request.fill_value_json,
        codecs=request.codecs_json, template=zarr_json("%s", "%s", "%s", 1))


def python_float_code(value: float) -> str:
    """A Python float as source: repr where it is a number, float('nan') / float('inf') else."""
    if value != value:
        return "float('nan')"
    if value in (float("inf"), float("-inf")):
        return f"float({repr(value)!r})"
    return repr(value)


# ---------------------------------------------------------------------------------------------
# The probe (tests/harness/adapters/adapters_probe.sh): evidence that every undeclared type is refused.

def probe(data_types: Iterable[str], call: Callable[[str], tuple[str, str, bool]], out=None) -> int:
    """For every one of the 26 types not in `data_types` (what the handshake declares), run
    `call(type_name) -> (call_text, result_text, accepted)`, the library call the adapter would
    make with that type, and print one JSON line:

        {"data_type": "int4", "accepted": false, "call": "...", "result": "TypeError: ..."}

    `accepted` is true when the library did not refuse. An exception escaping `call` is a failure
    of the probe itself: it is reported on stderr and the status is 1. Returns 0 otherwise.
    """
    out = out or protect_stdout()
    declared = set(data_types)
    for name in TYPES:
        if name in declared:
            continue
        try:
            call_text, result, accepted = call(name)
        except Exception:
            print(f"cvc_adapter probe: probing {name} failed:\n{traceback.format_exc()}", file=sys.stderr)
            return 1
        out.write(dumps({"data_type": name, "accepted": bool(accepted), "call": call_text,
                         "result": result}) + "\n")
        out.flush()
    return 0


def describe(e: BaseException) -> str:
    """An exception as `Type: message` (what probes and refusal messages quote)."""
    return f"{type(e).__name__}: {e}"

# ---------------------------------------------------------------------------------------------
# numpy (optional): bit patterns <-> arrays of a numpy / ml_dtypes dtype, by reinterpretation.

def to_numpy(type_name: str, patterns: list[int], dtype):
    """Bit patterns -> numpy array of `dtype` (e.g. ml_dtypes.float8_e4m3fn), via `.view`.

    Signed sub-byte integers (int2, int4) are sign-extended to the whole byte, which ml_dtypes
    reads correctly whether it masks or sign-extends its storage.
    """
    import numpy as np
    bits, width = TYPES[type_name], storage_bytes(type_name)
    if type_name in ("int2", "int4"):
        patterns = [p | (0xFF ^ ((1 << bits) - 1)) if p >> (bits - 1) else p for p in patterns]
    raw = np.array(patterns, dtype=np.dtype(f"u{width}"))
    return raw.view(np.dtype(dtype))


def from_numpy(type_name: str, array) -> list[int]:
    """numpy array (any dtype of the type's storage size) -> bit patterns, masked to the type's width."""
    import numpy as np
    width, mask = storage_bytes(type_name), (1 << TYPES[type_name]) - 1
    array = np.ascontiguousarray(array).reshape(-1)
    if array.dtype.itemsize != width:
        raise ValueError(f"{array.dtype} has {array.dtype.itemsize} bytes, {type_name} {width}")
    return [int(x) & mask for x in array.view(np.dtype(f"u{width}")).tolist()]
