"""A vector folder's manifest.json, read and checked as the input contract says
(docs/input-contract.md, rules 3 and 4) before any other file of the folder is looked at: a
regular file of bounded size, UTF-8 JSON of bounded nesting, an object with the manifest's schema
and a `files` array of entries each with a safe `path` (inside the folder, listed once), `bytes`
and `sha256`."""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from . import strict_json
from .bounded_files import read_regular_file
from .errors import VectorsError

# Files a vector folder may hold besides the listed ones (vectors/README.md, "The manifest's rules").
DOCUMENTATION = frozenset({"manifest.json", "README.md", "CHANGELOG.md", "STORES.md"})
DOCUMENTATION_FOLDERS = frozenset({"schema", "changes"})
_SHA256 = re.compile(r"[0-9a-f]{64}")


@dataclass
class Manifest:
    path: Path
    sha256: str  # of manifest.json, byte for byte: the set's identity (identity.py)
    declared_version: str  # its "vectors_version" ("" when it has none)
    document: dict = field(repr=False)
    listed: dict[str, dict] = field(repr=False)  # path -> entry, in manifest order


def read_manifest(root: Path, limit: int) -> Manifest:
    path = root / "manifest.json"
    data = read_regular_file(path, limit)
    document = strict_json.parse(data, str(path), exact=False)
    where = str(path)
    if not isinstance(document, dict) or document.get("schema") != "cast-value-vectors-manifest":
        schema = document.get("schema") if isinstance(document, dict) else None
        raise VectorsError(f"{where}: not a cast-value-vectors manifest (an object whose \"schema\" is "
                           f"\"cast-value-vectors-manifest\"; schema {str(schema)[:80]!r})")
    version = document.get("vectors_version", "")
    if not isinstance(version, str):
        raise VectorsError(f"{where}: \"vectors_version\" is not a string")
    files = document.get("files")
    if not isinstance(files, list):
        raise VectorsError(f"{where}: \"files\" is not an array of entries")
    if not files:
        raise VectorsError(f"{where}: \"files\" lists no file (a vector set holds at least one)")
    listed: dict[str, dict] = {}
    for k, entry in enumerate(files):
        relative = _checked_entry(entry, f"{where}: files[{k}]")
        if relative in listed:
            raise VectorsError(f"{where}: files[{k}]: {relative} is listed twice (an entry is listed once, "
                               "whatever its SHA-256)")
        listed[relative] = entry
    return Manifest(path, hashlib.sha256(data).hexdigest(), version, document, listed)


def _checked_entry(entry, where: str) -> str:
    if not isinstance(entry, dict):
        raise VectorsError(f"{where}: not an object with path, bytes and sha256")
    relative, size, digest = entry.get("path"), entry.get("bytes"), entry.get("sha256")
    if not isinstance(relative, str):
        raise VectorsError(f"{where}: \"path\" is not a string")
    check_listed_path(relative, where)
    if not isinstance(size, int) or isinstance(size, bool) or size < 0:
        raise VectorsError(f"{where} ({relative}): \"bytes\" is not a non-negative integer")
    if not isinstance(digest, str) or not _SHA256.fullmatch(digest):
        raise VectorsError(f"{where} ({relative}): \"sha256\" is not 64 lower-case hex digits")
    return relative


def check_listed_path(relative: str, where: str) -> None:
    """A listed path names a file inside the folder, relative, in its one spelling (rule 4)."""
    shown = repr(relative[:200])
    if not relative or relative.startswith("/"):
        raise VectorsError(f"{where}: path {shown} is empty or absolute (a path is relative to the folder)")
    if "\\" in relative or "\0" in relative:
        raise VectorsError(f"{where}: path {shown} holds a backslash or a NUL")
    parts = relative.split("/")
    if any(part in ("", ".", "..") for part in parts):
        raise VectorsError(f"{where}: path {shown} has an empty, \".\" or \"..\" component (it must "
                           "stay inside the folder, in one spelling)")
    if (len(parts) == 1 and parts[0] in DOCUMENTATION) or parts[0] in DOCUMENTATION_FOLDERS:
        raise VectorsError(f"{where}: path {shown} names the manifest or the documentation, which are "
                           "never listed")
