"""Expected results as the vectors write them: a bit pattern ("0x3c00"), an error
("error:out_of_range"), or a verdict ("valid" / "invalid", families metadata and scalars)."""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass

BITS, ERROR, VALID, INVALID = "bits", "error", "valid", "invalid"
_PATTERN = re.compile(r"0x[0-9a-f]+")


@dataclass(frozen=True)
class Result:
    text: str  # exactly as in the vectors
    kind: str  # BITS, ERROR, VALID or INVALID
    bits: int | None = None  # BITS only
    error_kind: str | None = None  # ERROR only: informative (implementations need not report it)

    @property
    def is_error(self) -> bool:
        """An error or an `invalid` verdict: what an implementation's refusal matches."""
        return self.kind in (ERROR, INVALID)

    def __str__(self) -> str:
        return self.text


@functools.lru_cache(maxsize=65536)  # results repeat a lot: one object per distinct text
def parse_result(text, storage_bytes: int | None = None) -> Result:
    """The Result a vector file's text denotes; ValueError saying why for anything else. With
    `storage_bytes`, a pattern must have exactly two hex digits per storage byte."""
    if not isinstance(text, str):
        raise ValueError(f"a result must be a string, not {text!r}")
    if text in (VALID, INVALID):
        return Result(text, text)
    if text.startswith("error:") and len(text) > len("error:"):
        return Result(text, ERROR, error_kind=text[len("error:"):])
    if _PATTERN.fullmatch(text):
        if storage_bytes is not None and len(text) != 2 + 2 * storage_bytes:
            raise ValueError(f"pattern {text} has {len(text) - 2} hex digits, not {2 * storage_bytes}")
        return Result(text, BITS, bits=int(text, 16))
    raise ValueError(f"{text!r} is neither a pattern (0x and lowercase hex), error:<kind>, valid nor invalid")
