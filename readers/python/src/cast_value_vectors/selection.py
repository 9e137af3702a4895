"""Which cases to take: by family, data type (a case matches when it involves any listed type,
as `cvc run --type`), direction and rounding mode. An empty criterion matches everything."""
from __future__ import annotations

from dataclasses import dataclass

from .data_types import DATA_TYPES
from .model import FAMILIES, ROUNDINGS, Case, Configuration, Group

DIRECTIONS = ("encode", "decode", "validate")


def _tuple(value) -> tuple[str, ...]:
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)


@dataclass(frozen=True)
class Selection:
    families: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    directions: tuple[str, ...] = ()
    roundings: tuple[str, ...] = ()  # cast, scalar_map, chain (its cast_value codec); others never match
    files: tuple[str, ...] = ()  # vector files by path in the set, e.g. "cast/int8.json"

    @classmethod
    def of(cls, family=None, type=None, direction=None, rounding=None, file=None) -> "Selection":
        """A selection from names or lists of names; ValueError naming an unknown one."""
        selection = cls(_tuple(family), _tuple(type), _tuple(direction), _tuple(rounding), _tuple(file))
        for what, values, known in (("family", selection.families, FAMILIES),
                                    ("data type", selection.types, DATA_TYPES),
                                    ("direction", selection.directions, DIRECTIONS),
                                    ("rounding", selection.roundings, ROUNDINGS)):
            for value in values:
                if value not in known:
                    raise ValueError(f"unknown {what} {value!r} (known: {', '.join(known)})")
        return selection

    def matches_file(self, family: str, path: str | None = None) -> bool:
        return ((not self.families or family in self.families)
                and (not self.files or path is None or path in self.files))

    def matches_group(self, group: Group) -> bool:
        """False when no case of the group can match (the group-level criteria)."""
        if not self.matches_file(group.family, group.file):
            return False
        if self.directions and group.direction not in self.directions:
            return False
        if self.roundings and group.family in ("metadata", "scalars"):
            return False
        if self.types and group.family in ("cast", "scalar_map", "chain", "scalars"):
            return group.input_type in self.types or group.output_type in self.types
        return True

    def matches_configuration(self, group: Group, configuration: Configuration | None) -> bool:
        if not self.roundings:
            return True
        if configuration is not None:
            return configuration.rounding in self.roundings
        casts = [c for c in group.codecs or [] if c.get("name") == "cast_value"]
        return any(c.get("configuration", {}).get("rounding", "nearest-even") in self.roundings for c in casts)

    def matches(self, case: Case) -> bool:
        if not self.matches_group(case.group) or not self.matches_configuration(case.group, case.configuration):
            return False
        return not self.types or any(t in self.types for t in case.types)

    def __str__(self) -> str:
        parts = [f"{name} {', '.join(values)}" for name, values in
                 (("family", self.families), ("type", self.types), ("direction", self.directions),
                  ("rounding", self.roundings), ("file", self.files)) if values]
        return "; ".join(parts) or "all cases"
