"""Reading a vector set as the input contract says (docs/input-contract.md): the manifest read and
checked first (manifest.py), then the folder walked without following a link (every file listed,
nothing else, no link, FIFO or device anywhere), the set's identity taken from the published
manifests (identity.py), each listed file read under the size limit and checked against its size
and SHA-256 on first use and parsed (vector_file.py: counts and stable ids of the whole file), and a
group's case lines built into cases when a selection first takes it (case_building.py). A
malformed file or line is refused with the file and the position named (VectorsError);
VectorSet.verify() checks every file and line at once."""
from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from .bounded_files import MAX_FILE_BYTES, read_regular_file
from .case_building import group_batches
from .errors import VectorsError
from .identity import identify
from .manifest import DOCUMENTATION, DOCUMENTATION_FOLDERS, read_manifest
from .model import FAMILIES, Case, Configuration, Group
from .selection import Selection
from .set_ids import SetIds
from .vector_file import VectorFile, family_of_path, parse_vector_file

__all__ = ["Batch", "VectorFile", "VectorSet", "VectorsError"]


@dataclass
class Batch:
    """The cases of one group under one configuration: what one array write exercises."""

    id: str
    group: Group
    configuration: Configuration | None
    cases: list[Case]

    def __str__(self) -> str:
        return self.id


class VectorSet:
    """A checked vector folder. `VectorSet(path)` reads the manifest, walks the folder and takes
    the set's identity at once; files are read and parsed when first used.

    identity: published or modified, and what a modified set lacks (identity.Identity);
    version: "1.3.0" for a published set, "modified (based on 1.3.0)" otherwise;
    declared_version: what the manifest declares (never the identity by itself)."""

    def __init__(self, root: str | os.PathLike, max_file_bytes: int = MAX_FILE_BYTES):
        self.root = Path(root)
        self.max_file_bytes = max_file_bytes
        if not self.root.is_dir():
            raise VectorsError(f"{self.root}: not a folder")
        manifest = read_manifest(self.root, max_file_bytes)
        self.manifest = manifest.document
        self.manifest_sha256 = manifest.sha256
        self.declared_version = manifest.declared_version
        self.listed = manifest.listed
        self.identity = identify(manifest.sha256, manifest.declared_version, manifest.listed)
        self.version = self.identity.version
        self._check_folder()
        self._files: dict[str, VectorFile] = {}
        # A published set's stable ids are unique across it: the suite checked them before
        # publishing, the manifest's SHA-256 proves the manifest is that one and each file is
        # checked against the manifest's SHA-256 when read. A modified set proves nothing of the
        # kind: its ids are checked across the whole set before its first file is used.
        self._set_ids_checked = self.identity.is_published

    @property
    def is_published(self) -> bool:
        return self.identity.is_published

    def _check_folder(self) -> None:
        seen = set()

        def refuse(error: OSError):
            raise VectorsError(f"{self.root}: cannot walk the folder: {error.filename}: {error.strerror}")

        for folder, folders, names in os.walk(self.root, onerror=refuse, followlinks=False):
            relative_folder = Path(folder).relative_to(self.root)
            # schema/ is documentation: walked (no link in it either), its files never listed
            documentation = bool(relative_folder.parts) and relative_folder.parts[0] in DOCUMENTATION_FOLDERS
            for name in folders + names:
                relative = (relative_folder / name).as_posix()
                mode = self._lstat(relative)
                if stat.S_ISDIR(mode):
                    continue
                if not stat.S_ISREG(mode):
                    raise VectorsError(f"{self.root}: {relative} is not a regular file (a link, FIFO, "
                                       "device or socket is never followed)")
                if documentation or (relative_folder == Path(".") and name in DOCUMENTATION):
                    continue
                if relative not in self.listed:
                    raise VectorsError(f"{self.root}: {relative} is not listed in manifest.json")
                seen.add(relative)
        for relative in self.listed:
            if relative not in seen:
                raise VectorsError(f"{self.root}: {relative} is listed in manifest.json but missing")

    def _lstat(self, relative: str) -> int:
        try:
            return (self.root / relative).lstat().st_mode
        except OSError as e:
            raise VectorsError(f"{self.root}: {relative}: {e.strerror}") from None

    def read_listed(self, relative: str) -> bytes:
        """The bytes of a listed file, its type, size and SHA-256 checked (the first two before
        reading)."""
        entry = self.listed.get(relative)
        if entry is None:
            raise VectorsError(f"{self.root}: {relative} is not listed in manifest.json")
        data = read_regular_file(self.root / relative, self.max_file_bytes, entry["bytes"])
        digest = hashlib.sha256(data).hexdigest()
        if digest != entry["sha256"]:
            raise VectorsError(f"{self.root}: {relative} has SHA-256 {digest}, the manifest lists {entry['sha256']}")
        return data

    def _open_file(self, relative: str) -> VectorFile:
        return parse_vector_file(relative, self.read_listed(relative))

    def verify(self) -> int:
        """Check every listed file (type, size, SHA-256), every vector file's every case line, and
        the stable ids across the whole set (each file is also checked when first used, each
        group when selected). Files not yet in use are checked one at a time and let go.
        Returns the number of cases of the set."""
        vector_paths = set(self.paths())
        for relative in self.listed:
            if relative not in vector_paths:
                self.read_listed(relative)
        ids, cases = SetIds(), 0
        for relative in self.paths():
            vector_file = self._files.get(relative) or self._open_file(relative)
            for group in vector_file.groups:
                group_batches(group)
            ids.add_file(vector_file)
            cases += vector_file.number_of_cases
        self._set_ids_checked = True
        return cases

    def _check_set_ids(self) -> None:
        ids = SetIds()
        for relative in self.paths():
            ids.add_file(self._files.get(relative) or self._open_file(relative))
        self._set_ids_checked = True

    def paths(self, family: str | None = None) -> list[str]:
        """The listed vector files (not the stores), of one family or all, in manifest order."""
        result = []
        for relative in self.listed:
            name = family_of_path(relative)
            if name in FAMILIES and relative.endswith(".json") and (family is None or name == family):
                result.append(relative)
        return result

    def file(self, relative: str) -> VectorFile:
        if relative not in self._files:
            if not self._set_ids_checked:
                self._check_set_ids()
            self._files[relative] = self._open_file(relative)
        return self._files[relative]

    def groups(self, selection: Selection = Selection()) -> Iterator[Group]:
        for relative in self.paths():
            if selection.matches_file(family_of_path(relative), relative):
                yield from (g for g in self.file(relative).groups if selection.matches_group(g))

    def batches(self, selection: Selection = Selection()) -> Iterator[Batch]:
        """The selected cases, one Batch per group and configuration (cast); per group otherwise."""
        for path in selection.files:
            if path not in self.paths():
                raise VectorsError(f"{self.root}: no vector file {path} (the manifest lists none of that path)")
        for group in self.groups(selection):
            for configuration, cases in group_batches(group):
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
