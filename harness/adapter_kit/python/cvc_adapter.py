"""Helper for writing a cast_value conformance adapter in Python (adapter protocol 1).

An adapter is a program that `cvc run --impl "COMMAND"` starts and talks to over line-delimited
JSON (harness/PROTOCOL.md). With this module an adapter only declares what the implementation
supports and supplies two callbacks:

    import cvc_adapter as cvc

    def cast(request: cvc.CastRequest) -> list[int]:       # output bit patterns, one per input
        ...   # raise cvc.CastFailed    : the implementation refused the array (an element failed)
              # raise cvc.Rejected(msg) : it refused the configuration / metadata itself
              # raise cvc.Unsupported(msg)

    def validate(request: cvc.ValidateRequest) -> None:     # returning means "valid"
        ...   # raise cvc.Invalid(msg) (or Rejected) or cvc.Unsupported(msg); else "error"

    cvc.run(name="my-zarr", version="1.2.3", language="python",
            data_types=["int8", "float32"], cast=cast, validate=validate)

Bit patterns are plain ints: element i of a type of N bits is an int in [0, 2**N) (two's
complement for signed integers, the IEEE-style encoding for floats). `unpack`/`pack` convert
between them and the protocol's hex; `to_numpy`/`from_numpy` between them and numpy arrays.

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

import dataclasses
import decimal
import json
import os
import sys
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

PROTOCOL = 1

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


class CastFailed(Exception):
    """The implementation refused to cast the array (the codec raised for an element)."""


class Rejected(Exception):
    """The implementation refused the codec configuration or the array metadata itself."""


class Unsupported(Exception):
    """The adapter cannot exercise this request (a type or feature the implementation lacks)."""


class Invalid(Exception):
    """validate: the implementation refuses the array metadata."""


# ---------------------------------------------------------------------------------------------
# Element packing: ceil(bits/8) bytes per element, little-endian, sub-byte types in the low bits.

def storage_bytes(type_name: str) -> int:
    return (TYPES[type_name] + 7) // 8


def unpack(type_name: str, hex_text: str) -> list[int]:
    """Protocol hex -> bit patterns. Raises ValueError on a bad length or bits above the width."""
    width, bits = storage_bytes(type_name), TYPES[type_name]
    data = bytes.fromhex(hex_text)
    if len(data) % width:
        raise ValueError(f"{len(data)} bytes is not a whole number of {type_name} elements")
    patterns = [int.from_bytes(data[i:i + width], "little") for i in range(0, len(data), width)]
    for index, pattern in enumerate(patterns):
        if pattern >> bits:
            raise ValueError(f"element {index} (0x{pattern:x}) has bits above {type_name}'s {bits}")
    return patterns


def pack(type_name: str, patterns: Iterable[int]) -> str:
    """Bit patterns -> protocol hex. Raises ValueError for a pattern outside [0, 2**bits)."""
    width, bits = storage_bytes(type_name), TYPES[type_name]
    out = bytearray()
    for pattern in patterns:
        if not isinstance(pattern, int) or isinstance(pattern, bool) or not 0 <= pattern < 1 << bits:
            raise ValueError(f"{pattern!r} is not a {type_name} bit pattern (an int in [0, 2**{bits}))")
        out += pattern.to_bytes(width, "little")
    return out.hex()


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

@dataclass
class CastRequest:
    id: int
    direction: str            # "encode" or "decode"
    array_data_type: str
    fill_value: Any           # as parsed by `loads` (exact numbers)
    codec: dict               # {"name": "cast_value", "configuration": {...}}, parsed by `loads`
    input_type: str           # encode: array_data_type; decode: the configuration's data_type
    output_type: str
    inputs: list[int]         # input bit patterns
    fill_value_json: str = ""  # exact texts as the harness sent them
    codec_json: str = ""
    members: dict = field(default_factory=dict, repr=False)  # the whole request, parsed

    @property
    def configuration(self) -> dict:
        return self.codec["configuration"]

    def subset(self, start: int, stop: int) -> "CastRequest":
        """The same request on inputs[start:stop] (what the bisection calls `cast` with)."""
        return dataclasses.replace(self, inputs=self.inputs[start:stop])

    def zarr_json(self, after: str = '{"name": "bytes", "configuration": {"endian": "little"}}') -> str:
        """zarr.json of an array of len(inputs) elements of array_data_type whose codec chain is
        [this codec, `after`...] (`after`: JSON text of the codecs that follow, comma-separated)."""
        codecs = "[" + self.codec_json + (", " + after if after else "") + "]"
        return zarr_json(json.dumps(self.array_data_type), self.fill_value_json, codecs, len(self.inputs))


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

def cast_elements(cast: Callable[[CastRequest], list], request: CastRequest,
                  bisect: bool = True) -> tuple[list[int], list[int]]:
    """Run `cast` and return (outputs, failed indices) with a verdict for every element.

    `cast` returns one output pattern per input; an entry may be None for an element the
    implementation refused (for implementations that can tell element by element). When `cast`
    raises CastFailed for a batch, the implementation aborted the whole array: with bisect, the
    batch is split in halves and each half retried, recursively, down to single elements, so
    each element gets its own verdict. Cost: one call when nothing fails; with k failing elements
    among n, at most about 2k*log2(n) calls (each call on a smaller array), so an implementation
    with a large per-call cost and many failures is slow. Without bisect, CastFailed marks every
    element failed. Rejected and Unsupported from any call apply to the whole request.
    """
    def attempt(start: int, stop: int) -> tuple[list[int], list[int]]:
        try:
            out = list(cast(request.subset(start, stop)))
        except CastFailed:
            if not bisect or stop - start <= 1:
                return [0] * (stop - start), list(range(start, stop))
            middle = (start + stop) // 2
            left, right = attempt(start, middle), attempt(middle, stop)
            return left[0] + right[0], left[1] + right[1]
        if len(out) != stop - start:
            raise ValueError(f"cast returned {len(out)} outputs for {stop - start} inputs")
        failed = [start + i for i, x in enumerate(out) if x is None]
        return [0 if x is None else x for x in out], failed

    return attempt(0, len(request.inputs))


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

    def __post_init__(self):
        for t in self.data_types:
            if t not in TYPES:
                raise ValueError(f"unknown data type {t!r}")
        for op in self.operations:
            if op not in OPERATIONS:
                raise ValueError(f"unknown operation {op!r}")
        if ("encode" in self.operations or "decode" in self.operations) and self.cast is None:
            raise ValueError("encode/decode declared without a cast callback")
        if "validate" in self.operations and self.validate is None:
            raise ValueError("validate declared without a validate callback")

    def hello(self) -> dict:
        answer = {"protocol": PROTOCOL,
                  "implementation": {"name": self.name, "version": self.version, "language": self.language},
                  "data_types": list(self.data_types), "operations": list(self.operations)}
        if self.notes is not None:
            answer["notes"] = self.notes
        if self.environment is not None:
            answer["environment"] = {str(k): str(v) for k, v in self.environment.items()}
        return answer

    def handle(self, line: str) -> str | None:
        """Answer one request line; None for bye. Raises ValueError for a line that is not a request."""
        message = loads(line)
        if not isinstance(message, dict):
            raise ValueError("a request must be a JSON object")
        cmd = message.get("cmd")
        if cmd == "hello":
            return dumps(self.hello())
        if cmd == "bye":
            return None
        if "id" not in message:
            raise ValueError(f"request without id: {line.strip()[:200]}")
        answer = {"id": message["id"]}
        try:
            if cmd == "cast":
                answer.update(self._cast(message, _raw_members(line)))
            elif cmd == "validate":
                answer.update(self._validate(message, _raw_members(line)))
            else:
                answer.update(status="error", message=f"unknown command {cmd!r}")
        except Unsupported as e:
            answer.update(status="unsupported", message=str(e) or "unsupported")
        except Exception:
            answer.update(status="error", message=traceback.format_exc())
        return dumps(answer)

    def _cast(self, message: dict, raw: dict) -> dict:
        direction, array_type = message["direction"], message["array_data_type"]
        config_type = _data_type_name(message["codec"]["configuration"]["data_type"])
        if direction not in self.operations:
            raise Unsupported(f"{direction} is not supported")
        for t in (array_type, config_type):
            if t not in self.data_types:
                raise Unsupported(f"{t} is not supported")
        input_type, output_type = ((array_type, config_type) if direction == "encode"
                                   else (config_type, array_type))
        inputs = unpack(input_type, message["elements"])
        if len(inputs) != message["count"]:
            raise ValueError(f"count {message['count']} but {len(inputs)} elements")
        request = CastRequest(message["id"], direction, array_type, message["fill_value"],
                              message["codec"], input_type, output_type, inputs,
                              raw["fill_value"], raw["codec"], message)
        try:
            outputs, failed = cast_elements(self.cast, request, self.bisect)
        except Rejected as e:
            return {"status": "rejected", "message": str(e) or "rejected"}
        return {"status": "ok", "elements": pack(output_type, outputs), "failed": failed}

    def _validate(self, message: dict, raw: dict) -> dict:
        if "validate" not in self.operations:
            raise Unsupported("validate is not supported")
        # Any array metadata reaches the callback (names outside the 26, the object form); only
        # a type of the 26 that the adapter does not declare is answered here, as for casts.
        for name in metadata_type_names(message["array_data_type"], message["codecs"]):
            if name in TYPES and name not in self.data_types:
                raise Unsupported(f"{name} is not supported")
        request = ValidateRequest(message["id"], message["array_data_type"], message["fill_value"],
                                  message["codecs"], raw["array_data_type"], raw["fill_value"],
                                  raw["codecs"], message)
        try:
            self.validate(request)
        except (Invalid, Rejected) as e:
            return {"status": "invalid", "message": str(e) or "invalid"}
        return {"status": "valid"}


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
        bisect: bool = True, environment: dict | None = None):
    """Serve the protocol on stdin/stdout, then exit the process (status 0 on bye or end of input).

    `operations` defaults to encode and decode if `cast` is given, plus validate if `validate` is.
    `environment` (optional, e.g. `python_environment("numpy")`) goes into the handshake.
    """
    if operations is None:
        operations = (["encode", "decode"] if cast else []) + (["validate"] if validate else [])
    adapter = Adapter(name, version, language, list(data_types), list(operations), cast, validate,
                      notes, bisect, environment)
    sys.exit(serve(adapter))


# ---------------------------------------------------------------------------------------------
# The probe (tests/harness/adapters_probe.sh): evidence that every undeclared type is refused.

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
