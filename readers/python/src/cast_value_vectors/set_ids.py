"""Stable ids unique across the whole set (docs/input-contract.md, rule 9): two case lines in
different files (or groups) with one stable id are refused. Each file's ids are unique within it
(vector_file.py); across files the set keeps only 64-bit hashes of the line ids, sorted in an array
(the whole set: 304 000 lines, 3.4 M cases, some 2.4 MB), and names the line on a match. A case's
id is its line's id, then "/" and its configuration's label for cast (labels are unique within a
group, and an input is a hex pattern without "/"), so unique line ids make unique case ids."""
from __future__ import annotations

import bisect
import hashlib
from array import array

from .errors import VectorsError


def _hash(line_id: str) -> int:
    return int.from_bytes(hashlib.blake2b(line_id.encode("utf-8"), digest_size=8).digest(), "little")


class SetIds:
    def __init__(self):
        self._sorted = array("Q")  # the hashes of every file added so far
        self._by_file: list[tuple[str, array]] = []  # (path, its sorted hashes): to name a file

    def add_file(self, vector_file) -> None:
        """Add a file's line ids; VectorsError naming both places when one is already in the set."""
        hashes = array("Q")
        for line_id, group, position in vector_file.line_ids():
            value = _hash(line_id)
            k = bisect.bisect_left(self._sorted, value)
            if k < len(self._sorted) and self._sorted[k] == value:
                raise VectorsError(f"{group.where}.cases[{position}]: stable id {line_id} is also the id of a "
                                   f"case of {self._file_of(value)} (a stable id is unique across the set)")
            hashes.append(value)
        hashes = array("Q", sorted(hashes))
        self._by_file.append((vector_file.path, hashes))
        self._sorted = array("Q", sorted(self._sorted + hashes))

    def _file_of(self, value: int) -> str:
        for path, hashes in self._by_file:
            k = bisect.bisect_left(hashes, value)
            if k < len(hashes) and hashes[k] == value:
                return path
        return "another file"
