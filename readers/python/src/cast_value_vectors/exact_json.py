"""JSON with numbers kept exactly as written. The vectors' metadata and scalar_map entries hold
numbers whose text matters (`-0.0`, `1.0`, `1e400`, decimals of 40 digits): an implementation
must see them as the vectors write them, which a float cannot carry."""
from __future__ import annotations

import json


class ExactFloat(float):
    """A JSON number with a fraction or exponent: the float it rounds to, and its exact `text`."""

    text: str

    def __new__(cls, text: str) -> "ExactFloat":
        number = super().__new__(cls, text)
        number.text = text
        return number


def _no_constant(name: str):
    raise ValueError(f"{name} is not JSON")


def loads(text: str):
    """json.loads, with every non-integer number an ExactFloat (integers are exact as ints)."""
    return json.loads(text, parse_float=ExactFloat, parse_constant=_no_constant)


def dumps(value) -> str:
    """JSON text of `value`, writing every ExactFloat as its original text (compact separators)."""
    if isinstance(value, ExactFloat):
        return value.text
    if isinstance(value, dict):
        return "{" + ",".join(json.dumps(k) + ":" + dumps(v) for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(dumps(v) for v in value) + "]"
    return json.dumps(value, allow_nan=False)
