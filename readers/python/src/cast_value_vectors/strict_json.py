"""The JSON of a manifest or vector file, read as the input contract says (docs/input-contract.md,
rules 3, 6 and 7): UTF-8, nested at most 256 levels (checked before parsing, so that no parser
recursion is ever at stake), no key twice in an object, numbers kept exactly as written (exact_json),
and every refusal a VectorsError naming the file."""
from __future__ import annotations

import itertools
import json
import re
from array import array

from .errors import VectorsError
from .exact_json import ExactFloat

MAX_JSON_DEPTH = 256  # cvc's kMaxJsonDepth

# A JSON string (its escapes included): brackets inside strings do not nest.
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")
_NESTING_STEP = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")  # +1 / -1 as signed bytes


def too_deep(data: bytes) -> bool:
    """Whether the JSON text `data` nests arrays and objects deeper than MAX_JSON_DEPTH (found at
    C speed, without recursion: 50 MB of brackets take a second or two)."""
    brackets = _STRING.sub(b"", data).translate(None, _NOT_BRACKET)
    if brackets.count(b"[") + brackets.count(b"{") <= MAX_JSON_DEPTH:
        return False
    return max(itertools.accumulate(array("b", brackets.translate(_NESTING_STEP)))) > MAX_JSON_DEPTH


class _RepeatedKey(ValueError):
    pass


def _object_without_repeated_keys(pairs):
    result = dict(pairs)
    if len(result) != len(pairs):
        seen = set()
        repeated = next(key for key, _ in pairs if key in seen or seen.add(key))
        raise _RepeatedKey(repeated)
    return result


def _no_constant(name: str):
    raise ValueError(f"{name} is not JSON")


def parse(data: bytes, where: str, exact: bool = True):
    """The JSON value of `data` (the text of file `where`); exact: every non-integer number an
    ExactFloat keeping its text. VectorsError naming `where` for anything the contract refuses."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise VectorsError(f"{where}: byte {e.start}: not UTF-8") from None
    if too_deep(data):
        raise VectorsError(f"{where}: nested deeper than {MAX_JSON_DEPTH} levels")
    try:
        return json.loads(text, object_pairs_hook=_object_without_repeated_keys,
                          parse_float=ExactFloat if exact else None, parse_constant=_no_constant)
    except _RepeatedKey as e:
        raise VectorsError(f"{where}: an object holds the key {json.dumps(e.args[0])[:80]} twice "
                           "(a repeated key is refused, not taken first or last)") from None
    except json.JSONDecodeError as e:
        raise VectorsError(f"{where}: line {e.lineno}, column {e.colno}: not valid JSON: {e.msg}") from None
    except (ValueError, RecursionError) as e:  # a number of over 4300 digits, NaN
        raise VectorsError(f"{where}: not valid JSON: {str(e)[:200]}") from None
