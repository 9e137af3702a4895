"""Reading a vector set: the manifest checked first (every file listed, of its size and SHA-256,
nothing else), then each file parsed into groups on first use, and a group's case lines checked
and built into cases when a selection first takes it (a cast file holds some 130 000 cases: a
selection builds only its own). A malformed file or line is refused with the file and the
position named (VectorsError); VectorSet.verify() checks every file and line at once."""
from __future__ import annotations

import hashlib
import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from . import exact_json
from .data_types import DATA_TYPES, data_type
from .model import FAMILIES, Case, Configuration, Group, _h12
from .results import Result, parse_result
from .selection import Selection

# Files a vector folder may hold besides the listed ones (vectors/README.md, "The manifest's rules").
DOCUMENTATION = {"manifest.json", "README.md", "CHANGELOG.md", "STORES.md"}
DOCUMENTATION_FOLDERS = {"schema"}


class VectorsError(Exception):
    """A vector folder or file that is not what the format says: the message names where."""


@dataclass
class Batch:
    """The cases of one group under one configuration: what one array write exercises."""

    id: str
    group: Group
    configuration: Configuration | None
    cases: list[Case]

    def __str__(self) -> str:
        return self.id


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


class VectorSet:
    """A checked vector folder. `VectorSet(path)` checks the manifest at once; files are parsed
    when first used."""

    def __init__(self, root: str | os.PathLike):
        self.root = Path(root)
        manifest_path = self.root / "manifest.json"
        try:
            data = manifest_path.read_bytes()
        except OSError as e:
            raise VectorsError(f"{manifest_path}: cannot read the manifest: {e.strerror}") from None
        self.manifest_sha256 = hashlib.sha256(data).hexdigest()
        try:
            self.manifest = json.loads(data)
        except json.JSONDecodeError as e:
            raise VectorsError(f"{manifest_path}: line {e.lineno}, column {e.colno}: not JSON: {e.msg}") from None
        if self.manifest.get("schema") != "cast-value-vectors-manifest":
            raise VectorsError(f"{manifest_path}: not a cast-value-vectors manifest (schema "
                               f"{self.manifest.get('schema')!r})")
        self.version: str = self.manifest.get("vectors_version", "")
        self.listed: dict[str, dict] = {}
        for k, entry in enumerate(self.manifest.get("files", [])):
            if not isinstance(entry, dict) or not {"path", "bytes", "sha256"} <= entry.keys():
                raise VectorsError(f"{manifest_path}: files[{k}]: needs path, bytes and sha256")
            self.listed[entry["path"]] = entry
        self._check_folder()
        self._files: dict[str, VectorFile] = {}

    def _check_folder(self) -> None:
        seen = set()
        for folder, folders, names in os.walk(self.root, followlinks=False):
            relative_folder = Path(folder).relative_to(self.root)
            if relative_folder == Path("."):
                folders[:] = [f for f in folders if f not in DOCUMENTATION_FOLDERS]
            for name in folders + names:
                path = Path(folder, name)
                relative = path.relative_to(self.root).as_posix()
                mode = path.lstat().st_mode
                if stat.S_ISDIR(mode):
                    continue
                if not stat.S_ISREG(mode):
                    raise VectorsError(f"{self.root}: {relative} is not a regular file (a link, FIFO, "
                                       "device or socket is never followed)")
                if relative_folder == Path(".") and name in DOCUMENTATION:
                    continue
                if relative not in self.listed:
                    raise VectorsError(f"{self.root}: {relative} is not listed in manifest.json")
                seen.add(relative)
        for relative, entry in self.listed.items():
            if relative not in seen:
                raise VectorsError(f"{self.root}: {relative} is listed in manifest.json but missing")

    def _read_listed(self, relative: str) -> bytes:
        entry = self.listed.get(relative)
        if entry is None:
            raise VectorsError(f"{self.root}: {relative} is not listed in manifest.json")
        data = (self.root / relative).read_bytes()
        if len(data) != entry["bytes"]:
            raise VectorsError(f"{self.root}: {relative} has {len(data)} bytes, the manifest lists {entry['bytes']}")
        digest = hashlib.sha256(data).hexdigest()
        if digest != entry["sha256"]:
            raise VectorsError(f"{self.root}: {relative} has SHA-256 {digest}, the manifest lists {entry['sha256']}")
        return data

    def verify(self) -> None:
        """Check the size and SHA-256 of every listed file (each file is also checked when read),
        and every case line of every vector file (each group is also checked when selected)."""
        for relative in self.listed:
            self._read_listed(relative)
        for relative in self.paths():
            for group in self.file(relative).groups:
                _group_batches(group)

    def paths(self, family: str | None = None) -> list[str]:
        """The listed vector files (not the stores), of one family or all, in manifest order."""
        result = []
        for relative in self.listed:
            name = relative.split("/")[0].removesuffix(".json")
            if name in FAMILIES and relative.endswith(".json") and (family is None or name == family):
                result.append(relative)
        return result

    def file(self, relative: str) -> VectorFile:
        if relative not in self._files:
            self._files[relative] = _parse_file(relative, self._read_listed(relative))
        return self._files[relative]

    def groups(self, selection: Selection = Selection()) -> Iterator[Group]:
        for relative in self.paths():
            if selection.matches_file(relative.split("/")[0].removesuffix(".json"), relative):
                yield from (g for g in self.file(relative).groups if selection.matches_group(g))

    def batches(self, selection: Selection = Selection()) -> Iterator[Batch]:
        """The selected cases, one Batch per group and configuration (cast); per group otherwise."""
        for path in selection.files:
            if path not in self.paths():
                raise VectorsError(f"{self.root}: no vector file {path} (the manifest lists none of that path)")
        for group in self.groups(selection):
            for configuration, cases in _group_batches(group):
                if not selection.matches_configuration(group, configuration):
                    continue
                chosen = [c for c in cases if selection.matches(c)] if selection.types else cases
                if chosen:
                    yield Batch(group.batch_id(configuration), group, configuration, chosen)

    def cases(self, selection: Selection = Selection()) -> Iterator[Case]:
        for batch in self.batches(selection):
            yield from batch.cases

    def case_file(self, stable_id: str) -> str | None:
        """The file that holds the case of this stable id (None when its form names none)."""
        parts = stable_id.split("/")
        if parts[0] == "cast" and len(parts) >= 4:
            return f"cast/{parts[2] if parts[1] == 'encode' else parts[3]}.json"
        if parts[0] in FAMILIES and parts[0] != "cast":
            return f"{parts[0]}.json"
        return None


def _fail(where: str, message: str):
    raise VectorsError(f"{where}: {message}")


def _parse_file(relative: str, data: bytes) -> VectorFile:
    try:
        document = exact_json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as e:
        _fail(relative, f"byte {e.start}: not UTF-8")
    except json.JSONDecodeError as e:
        _fail(relative, f"line {e.lineno}, column {e.colno}: not valid JSON: {e.msg}")
    except ValueError as e:
        _fail(relative, f"not valid JSON: {e}")
    if not isinstance(document, dict) or document.get("schema") != "cast-value-vectors":
        _fail(relative, "not a cast-value-vectors file (its \"schema\" is not \"cast-value-vectors\")")
    if document.get("schema_version") != 1:
        _fail(relative, f"schema_version {document.get('schema_version')!r}: this reader reads version 1")
    family = document.get("family")
    if family not in FAMILIES:
        _fail(relative, f"unknown family {family!r}")
    groups_raw = document.get("groups")
    if not isinstance(groups_raw, list):
        _fail(relative, "\"groups\" is not a list")
    header = {k: v for k, v in document.items() if k != "groups"}
    groups = []
    count = 0
    for index, raw in enumerate(groups_raw):
        where = f"{relative}: groups[{index}]"
        if not isinstance(raw, dict) or not isinstance(raw.get("cases"), list):
            _fail(where, "a group is an object with a list \"cases\"")
        group = Group(family, relative, index, raw)
        if family in ("cast", "scalar_map"):
            group.configurations = _configurations(group, where)
        for key in ("input_type", "output_type"):
            if family in ("cast", "scalar_map", "chain") and raw.get(key) not in DATA_TYPES:
                _fail(where, f"{key} {raw.get(key)!r} is not one of the 26 data types")
        groups.append(group)
        # Counted without building the cases (a cast line is one case per configuration): the
        # cases of a group are built, and each line checked, when a selection first takes it.
        count += len(raw["cases"]) * (len(group.configurations) if family == "cast" else 1)
    declared = document.get("number_of_cases")
    if declared != count:
        _fail(relative, f"number_of_cases is {declared!r}, the groups hold {count} results")
    return VectorFile(relative, family, header, groups, count)


def _configurations(group: Group, where: str) -> list[Configuration]:
    raw = group.raw.get("configurations")
    if not isinstance(raw, list) or not raw:
        _fail(where, "\"configurations\" is not a non-empty list")
    result = []
    for k, configuration in enumerate(raw):
        if not isinstance(configuration, dict):
            _fail(where, f"configurations[{k}] is not an object")
        full = {"data_type": group.raw.get("data_type"), **configuration}
        result.append(Configuration(group.raw.get("data_type"), full))
    if group.family == "cast" and len(result) % 5:
        _fail(where, f"{len(result)} configurations: not five rounding modes times the out_of_range rules")
    return result


# The parsed batches of a group are kept on it: (configuration or None, its cases), in order.
def _group_batches(group: Group) -> list[tuple[Configuration | None, list[Case]]]:
    cached = group.__dict__.get("_batches")
    if cached is None:
        cached = group.__dict__["_batches"] = list(_build_batches(group))
    return cached


def _build_batches(group: Group):
    family = group.family
    output_bytes = data_type(group.output_type).storage_bytes if group.output_type in DATA_TYPES else None
    input_bytes = data_type(group.input_type).storage_bytes if group.input_type in DATA_TYPES else None
    configurations = group.configurations
    labels = [c.label for c in configurations]
    per_configuration: list[list[Case]] = [[] for _ in configurations] if configurations else [[]]
    seen = set()
    for position, raw in enumerate(group.raw["cases"]):
        where = f"{group.where}.cases[{position}]"
        if not isinstance(raw, dict):
            _fail(where, "a case is an object")
        if "id" in raw:
            where += f" (case id {raw['id']})"
        line_id = _line_id(group, raw, where)
        if line_id in seen:
            _fail(where, f"stable id {line_id} is not unique in its file")
        seen.add(line_id)
        if family in ("cast", "scalar_map", "chain"):
            _pattern(raw.get("input"), input_bytes, where, "input")
        alternatives = raw.get("alternatives", {})
        if not isinstance(alternatives, dict):
            _fail(where, "\"alternatives\" is not an object")
        if family == "cast":
            results = raw.get("results")
            n, rules = len(configurations), len(configurations) // 5
            if not isinstance(results, list) or len(results) not in (n, rules):
                _fail(where, f"\"results\" must be a list of {n} or {rules} results")
            for k, configuration in enumerate(configurations):
                text = results[k] if len(results) == n else results[k % rules]
                own = {}
                for name, by_index in alternatives.items():
                    if not isinstance(by_index, dict):
                        _fail(where, f"alternatives[{name!r}] is not an object of configuration indices")
                    if str(k) in by_index:
                        own[name] = _result(by_index[str(k)], output_bytes, where, f"alternative {name}")
                per_configuration[k].append(Case(f"{line_id}/{labels[k]}", group, raw.get("id"), raw,
                                                 _result(text, output_bytes, where, f"results[{k}]"),
                                                 dict(sorted(own.items())), configuration))
            for name, by_index in alternatives.items():
                for index in by_index:
                    if not index.isdigit() or int(index) >= n:
                        _fail(where, f"alternatives[{name!r}] names configuration {index!r} of {n}")
        else:
            key = "results" if family == "scalar_map" else "result"
            text = raw.get(key)
            if family == "scalar_map":
                if not isinstance(text, list) or len(text) != 1:
                    _fail(where, "\"results\" must be a list of one result (one configuration)")
                text = text[0]
            bytes_ = output_bytes if family != "metadata" else None
            own = {}
            for name, value in alternatives.items():
                if family == "scalar_map":  # by configuration index, as in cast: its one configuration
                    if not isinstance(value, dict) or set(value) - {"0"}:
                        _fail(where, f"alternatives[{name!r}] must map configuration \"0\" to a result")
                    if "0" not in value:
                        continue
                    value = value["0"]
                own[name] = _result(value, bytes_, where, f"alternative {name}")
            configuration = configurations[0] if configurations else None
            per_configuration[0].append(Case(line_id, group, raw.get("id"), raw, _result(text, bytes_, where, key),
                                             dict(sorted(own.items())), configuration))
    return list(zip(configurations or [None], per_configuration))


def _pattern(text, storage_bytes, where, what):
    result = _result(text, storage_bytes, where, what)
    if result.kind != "bits":
        _fail(where, f"{what} {text!r} is not a bit pattern")
    return result


def _result(text, storage_bytes, where, what) -> Result:
    try:
        return parse_result(text, storage_bytes)
    except ValueError as e:
        _fail(where, f"{what}: {e}")


def _line_id(group: Group, raw: dict, where: str) -> str:
    """The line's stable id: the stored "stable_id", checked against its definition (vectors/README.md)."""
    defined = _defined_line_id(group, raw, where)
    stored = raw.get("stable_id")
    if stored is None:
        return defined  # vectors before 1.3.0 store none: the definition gives the same id
    if stored != defined:
        _fail(where, f"stable_id {stored!r} is not the one its content defines ({defined!r})")
    return stored


def _defined_line_id(group: Group, raw: dict, where: str) -> str:
    g, family = group.raw, group.family
    try:
        if family == "cast":
            return f"cast/{g['direction']}/{g['array_data_type']}/{g['data_type']}/{raw['input']}"
        if family == "scalar_map":
            return (f"scalar_map/{g['direction']}/{g['array_data_type']}/{g['data_type']}/"
                    f"{_h12(g['configurations'][0])}/{raw['input']}")
        if family == "chain":
            return f"chain/{g['direction']}/{g['array_data_type']}/{_h12(g['codecs'])}/{raw['input']}"
        if family == "metadata":
            defining = {k: raw[k] for k in ("array_data_type", "codecs", "fill_value")}
            return f"metadata/{raw['rule']}/{_h12(defining)}"
        return f"scalars/{g['data_type']}/{_h12(raw['json'])}"
    except KeyError as e:
        _fail(where, f"missing {e.args[0]!r}")
    except (TypeError, IndexError):
        _fail(where, "malformed group or case (the fields of its stable id)")
