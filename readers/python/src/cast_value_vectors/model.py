"""The typed objects of a vector set: groups, configurations and cases (one case is one result:
in family cast one input under one configuration)."""
from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from . import exact_json
from .data_types import DataType, data_type, type_name
from .results import Result

ROUNDINGS = ("nearest-even", "towards-zero", "towards-positive", "towards-negative", "nearest-away")
FAMILIES = ("cast", "scalar_map", "chain", "metadata", "scalars")


def _h12(value) -> str:
    # As the stable ids define it: the first 12 hex digits of the SHA-256 of canonical JSON.
    text = value if isinstance(value, str) else json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


@dataclass(frozen=True)
class Configuration:
    """One cast_value configuration: the codec's JSON `configuration` member."""

    data_type: str
    raw: dict  # exactly as the vectors give it (numbers exact), data_type included

    @property
    def rounding(self) -> str:
        return self.raw.get("rounding", "nearest-even")

    @property
    def out_of_range(self) -> str | None:
        return self.raw.get("out_of_range")

    @property
    def scalar_map(self) -> dict | None:
        return self.raw.get("scalar_map")

    @functools.cached_property
    def label(self) -> str:
        """rounding[/out_of_range]: the last part of a cast case's stable id."""
        return self.rounding + (f"/{self.out_of_range}" if self.out_of_range else "")

    def codec(self) -> dict:
        """The cast_value codec as array metadata holds it."""
        return {"name": "cast_value", "configuration": self.raw}

    def codec_json(self) -> str:
        """The codec's JSON text, numbers exactly as the vectors write them."""
        return exact_json.dumps(self.codec())


@dataclass
class Group:
    """A group of a vector file: the parameters its cases share."""

    family: str
    file: str  # path inside the vector set, e.g. "cast/int8.json"
    index: int  # position in the file's "groups"
    raw: dict = field(repr=False)
    configurations: list[Configuration] = field(default_factory=list, repr=False)
    # The stable id of each case line, in order (checked when the file is opened: vector_file.py).
    line_ids: list[str] = field(default_factory=list, repr=False)

    @property
    def direction(self) -> str | None:
        """encode or decode (cast, scalar_map, chain); validate (metadata); None (scalars)."""
        if self.family == "metadata":
            return "validate"
        return self.raw.get("direction")

    @property
    def array_data_type(self):
        return self.raw.get("array_data_type")

    @property
    def input_type(self) -> str | None:
        return self.raw.get("input_type", self.raw.get("data_type") if self.family == "scalars" else None)

    @property
    def output_type(self) -> str | None:
        return self.raw.get("output_type", self.raw.get("data_type") if self.family == "scalars" else None)

    @property
    def fill_value(self):
        return self.raw.get("fill_value")

    @property
    def codecs(self) -> list | None:
        """chain: the array -> array codecs, as the array metadata holds them."""
        return self.raw.get("codecs")

    @property
    def where(self) -> str:
        return f"{self.file}: groups[{self.index}]"

    def batch_id(self, configuration: Configuration | None) -> str:
        """The stable id of the group under one configuration (its cases' ids without the input)."""
        if self.family == "cast":
            return f"cast/{self.direction}/{self.array_data_type}/{self.raw['data_type']}/{configuration.label}"
        if self.family == "scalar_map":
            return (f"scalar_map/{self.direction}/{self.array_data_type}/{self.raw['data_type']}/"
                    f"{_h12(self.raw['configurations'][0])}")
        if self.family == "chain":
            return f"chain/{self.direction}/{self.array_data_type}/{_h12(self.raw['codecs'])}"
        if self.family == "metadata":
            return f"metadata/{self.raw.get('category')}"
        return f"scalars/{self.raw.get('data_type')}"


@dataclass
class Case:
    """One case: one input (or metadata, or scalar) under one configuration, and what it must give."""

    stable_id: str
    group: Group = field(repr=False)
    number: int  # the line's "id" in its file (not stable across versions: use stable_id)
    raw: dict = field(repr=False)  # the case line, as read
    expected: Result
    # FLAG=ALTERNATIVE -> the result under that reading, where it differs (this case's only)
    alternatives: dict[str, Result] = field(default_factory=dict)
    configuration: Configuration | None = None  # cast and scalar_map

    @property
    def family(self) -> str:
        return self.group.family

    @property
    def file(self) -> str:
        return self.group.file

    @property
    def direction(self) -> str | None:
        return self.group.direction

    @property
    def flags(self) -> tuple[str, ...]:
        return tuple(self.raw.get("flags", ()))

    @property
    def array_data_type(self):
        return self.raw.get("array_data_type", self.group.array_data_type)

    @property
    def fill_value(self):
        return self.raw.get("fill_value", self.group.fill_value)

    @property
    def codecs(self) -> list | None:
        """chain: the group's array -> array codecs; metadata: the case's whole codec chain."""
        return self.raw.get("codecs", self.group.codecs)

    @property
    def input_type(self) -> str | None:
        return self.group.input_type

    @property
    def output_type(self) -> str | None:
        """The type of a bits result (what 'any NaN matches any NaN' is decided in)."""
        return self.group.output_type

    @property
    def input(self) -> str | None:
        """The input pattern ("0x3c00"); metadata and scalars have none."""
        return self.raw.get("input")

    @property
    def input_bits(self) -> int | None:
        return None if self.input is None else int(self.input, 16)

    @property
    def json_text(self) -> str | None:
        """scalars: the JSON scalar, as text exactly as written."""
        return self.raw.get("json")

    @property
    def output(self) -> DataType | None:
        name = self.output_type
        return data_type(name) if isinstance(name, str) else None

    @property
    def cell(self) -> tuple[str, str, str]:
        """(operation, input type, output type), as `cvc run` names its cells."""
        if self.family == "metadata":
            first = next((type_name(c.get("configuration", {}).get("data_type"))
                          for c in (self.codecs if isinstance(self.codecs, list) else [])
                          if isinstance(c, dict) and c.get("name") == "cast_value"
                          and isinstance(c.get("configuration"), dict)), None)
            return ("validate", str(type_name(self.array_data_type)), str(first))
        if self.family == "scalars":
            return ("scalar", str(self.output_type), str(self.output_type))
        operation = f"chain {self.direction}" if self.family == "chain" else str(self.direction)
        return (operation, str(self.input_type), str(self.output_type))

    @property
    def types(self) -> tuple[str, ...]:
        """The data types the case involves (what a type selection matches, as `cvc run --type`)."""
        return tuple(t for t in self.cell[1:] if t != "None")

    def zarr_codecs(self) -> list:
        """The array -> array codecs of the case's array metadata (cast, scalar_map: the one
        cast_value codec; chain: the group's codecs; metadata: the whole chain)."""
        if self.configuration is not None:
            return [self.configuration.codec()]
        return list(self.codecs or [])

    def where(self) -> str:
        return f"{self.file}: groups[{self.group.index}], case id {self.number}"

    def __str__(self) -> str:
        return self.stable_id
