"""One vector file parsed and checked when it is opened (docs/input-contract.md, rules 6 to 9):
strict JSON (strict_json), its header and groups, `number_of_cases` against every group of the
file (not only those a selection takes), and the stable id of every case line, each checked
against its definition (vectors/README.md) and unique within the file. The case lines' results
are checked when a selection first takes their group (case_building.py)."""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from . import strict_json
from .data_types import DATA_TYPES
from .errors import VectorsError
from .model import FAMILIES, Configuration, Group, _h12


@dataclass
class VectorFile:
    path: str
    family: str
    header: dict = field(repr=False)
    groups: list[Group] = field(repr=False)
    number_of_cases: int = 0

    @property
    def notes(self) -> dict:
        """The notes registry: every flag of the file, its question and alternatives."""
        return self.header.get("notes", {})

    def line_ids(self):
        """(stable id, group, position) of every case line of the file, in order."""
        for group in self.groups:
            for position, line_id in enumerate(group.line_ids):
                yield line_id, group, position


def family_of_path(relative: str) -> str:
    """The family a vector file's path names: "cast" for cast/int8.json, "chain" for chain.json."""
    return relative.split("/")[0].removesuffix(".json")


def fail(where: str, message: str):
    raise VectorsError(f"{where}: {message}")


def parse_vector_file(relative: str, data: bytes) -> VectorFile:
    document = strict_json.parse(data, relative)
    if not isinstance(document, dict) or document.get("schema") != "cast-value-vectors":
        fail(relative, "not a cast-value-vectors file (its \"schema\" is not \"cast-value-vectors\")")
    if document.get("schema_version") != 1:
        fail(relative, f"schema_version {str(document.get('schema_version'))[:40]!r}: this reader reads version 1")
    family = document.get("family")
    if family not in FAMILIES:
        fail(relative, f"unknown family {str(family)[:40]!r}")
    if family != family_of_path(relative):  # selections take a family's files by their paths
        fail(relative, f"family {family!r}, but its path is a file of family {family_of_path(relative)!r}")
    groups_raw = document.get("groups")
    if not isinstance(groups_raw, list):
        fail(relative, "\"groups\" is not a list")
    header = {k: v for k, v in document.items() if k != "groups"}
    if not groups_raw:
        fail(relative, "\"groups\" is empty")
    groups = [_group(family, relative, index, raw) for index, raw in enumerate(groups_raw)]
    # Counted without building the cases (a cast line is one case per configuration).
    count = sum(len(g.raw["cases"]) * (len(g.configurations) if family == "cast" else 1) for g in groups)
    declared = document.get("number_of_cases")
    if declared != count or isinstance(declared, bool):
        fail(relative, f"number_of_cases is {str(declared)[:40]}, the groups hold {count} results")
    _check_unique_line_ids(relative, groups)
    return VectorFile(relative, family, header, groups, count)


def _group(family: str, relative: str, index: int, raw) -> Group:
    where = f"{relative}: groups[{index}]"
    if not isinstance(raw, dict) or not isinstance(raw.get("cases"), list):
        fail(where, "a group is an object with a list \"cases\"")
    if not raw["cases"]:
        fail(where, "\"cases\" is empty")
    group = Group(family, relative, index, raw)
    if family in ("cast", "scalar_map"):
        group.configurations = _configurations(group, where)
    for key in ("input_type", "output_type"):
        if family in ("cast", "scalar_map", "chain") and raw.get(key) not in DATA_TYPES:
            fail(where, f"{key} {str(raw.get(key))[:40]!r} is not one of the 26 data types")
    if family in ("cast", "scalar_map", "chain") and not _is_fill_value(raw.get("fill_value"), raw.get("array_data_type")):
        fail(where, f"fill_value {str(raw.get('fill_value'))[:40]} is not a fill value of the array data type "
                    f"{str(raw.get('array_data_type'))[:40]}")
    group.line_ids = _line_ids(group, where)
    return group


def _is_fill_value(value, array_type) -> bool:
    """Whether `value` is, as array metadata writes it, a fill value of `array_type` (one of the
    26): an integer in range; for a float type a finite number, a special name or a hex pattern."""
    kind = DATA_TYPES.get(array_type) if isinstance(array_type, str) else None
    if kind is None:
        return False
    if isinstance(value, bool):
        return False
    if not kind.is_float:
        low = -(1 << (kind.bits - 1)) if kind.signed else 0
        return isinstance(value, int) and low <= value < low + (1 << kind.bits)
    if isinstance(value, str):
        return value in ("NaN", "Infinity", "-Infinity") or (
            re.fullmatch(r"0x[0-9a-fA-F]+", value) is not None and int(value, 16) < 1 << kind.bits)
    return isinstance(value, (int, float)) and (isinstance(value, int) or math.isfinite(value))


def _configurations(group: Group, where: str) -> list[Configuration]:
    raw = group.raw.get("configurations")
    if not isinstance(raw, list) or not raw:
        fail(where, "\"configurations\" is not a non-empty list")
    result = []
    for k, configuration in enumerate(raw):
        if not isinstance(configuration, dict):
            fail(where, f"configurations[{k}] is not an object")
        full = {"data_type": group.raw.get("data_type"), **configuration}
        result.append(Configuration(group.raw.get("data_type"), full))
    if group.family == "cast" and len(result) % 5:
        fail(where, f"{len(result)} configurations: not five rounding modes times the out_of_range rules")
    labels = [str(c.label) for c in result]
    if len(set(labels)) != len(labels):
        fail(where, "two configurations have one label (rounding/out_of_range), so their results would "
                    "share a stable id")
    return result


def _check_unique_line_ids(relative: str, groups: list[Group]) -> None:
    first_seen: dict[str, tuple[int, int]] = {}
    for group in groups:
        for position, line_id in enumerate(group.line_ids):
            earlier = first_seen.setdefault(line_id, (group.index, position))
            if earlier != (group.index, position):
                fail(f"{group.where}.cases[{position}]", f"stable id {line_id} is not unique in its file "
                     f"(also groups[{earlier[0]}].cases[{earlier[1]}])")


def _line_ids(group: Group, where: str) -> list[str]:
    """The stable id of each line: the stored "stable_id", checked against its definition."""
    defined = _line_id_definition(group, where)
    ids = []
    for position, raw in enumerate(group.raw["cases"]):
        at = f"{where}.cases[{position}]"
        if not isinstance(raw, dict):
            fail(at, "a case is an object")
        if "id" in raw:
            at += f" (case id {str(raw['id'])[:40]})"
            if not isinstance(raw["id"], int) or isinstance(raw["id"], bool) or not 0 <= raw["id"] < 10**18:
                fail(at, "\"id\" is not an integer from 0 to 10^18 - 1")
        try:
            line_id = defined(raw)
        except KeyError as e:
            fail(at, f"missing {e.args[0]!r}")
        except (TypeError, IndexError):
            fail(at, "malformed case (the fields of its stable id)")
        stored = raw.get("stable_id")
        if stored is not None and stored != line_id:  # vectors before 1.3.0 store none
            fail(at, f"stable_id {str(stored)[:120]!r} is not the one its content defines ({line_id!r})")
        ids.append(line_id)
    return ids


def _line_id_definition(group: Group, where: str):
    """raw case line -> its stable id (vectors/README.md), the group's part computed once."""
    g, family = group.raw, group.family
    try:
        if family == "cast":
            prefix = f"cast/{g['direction']}/{g['array_data_type']}/{g['data_type']}/"
        elif family == "scalar_map":
            prefix = (f"scalar_map/{g['direction']}/{g['array_data_type']}/{g['data_type']}/"
                      f"{_h12(g['configurations'][0])}/")
        elif family == "chain":
            prefix = f"chain/{g['direction']}/{g['array_data_type']}/{_h12(g['codecs'])}/"
        elif family == "metadata":
            return lambda raw: (f"metadata/{raw['rule']}/"
                                f"{_h12({k: raw[k] for k in ('array_data_type', 'codecs', 'fill_value')})}")
        else:
            prefix = f"scalars/{g['data_type']}/"
            return lambda raw: prefix + _h12(raw["json"])
    except KeyError as e:
        fail(where, f"missing {e.args[0]!r}")
    except (TypeError, IndexError):
        fail(where, "malformed group (the fields of its cases' stable ids)")
    return lambda raw: prefix + _input_text(raw["input"])


def _input_text(value) -> str:
    if not isinstance(value, str):
        raise TypeError("an input is a string")
    return value
