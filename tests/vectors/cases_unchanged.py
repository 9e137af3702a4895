#!/usr/bin/env python3
"""Every case of an earlier vectors release is still there, unchanged, in the vectors of today.

usage: cases_unchanged.py record VECTORS_DIR RECORD   write the record of VECTORS_DIR's release
       cases_unchanged.py check VECTORS_DIR RECORD    check VECTORS_DIR against a record
       cases_unchanged.py teeth VECTORS_DIR RECORD    the check fails on a copy with one case
                                                      changed (one byte), and on one with a case
                                                      dropped

The rule of vectors/CHANGELOG.md: a minor version adds cases, it never changes an expected result.
The record (tests/vectors/fixtures/vectors-<version>-cases.sha256) holds, for every file of the
release's manifest:
  - a vector file (cast, scalar_map, metadata, scalars): per group, in file order, the SHA-256 of
    its parameters (the group's line up to "cases"), its number of cases and the SHA-256 of its
    case lines, each without its "id" (ids number the cases in file order, so a case added before
    another moves its id), without its "stable_id" (since 1.3.0, checked by
    tests/vectors/stable_ids.py) and without "reason" and "what" (the words of metadata and
    scalars cases, informative: changing them is a patch version); every other byte of a case
    must stay;
  - stores/index.json: the SHA-256 of each array's line;
  - every other file (the arrays' zarr.json and chunk files): its SHA-256.
The check: every recorded group is found in the same file (the k-th group with given parameters
matched to the k-th such group), its first cases are exactly the recorded ones (cases may follow
them: added at the group's end); groups may be added anywhere; every recorded array line and file
is there unchanged. Exit 0 when all are, 1 naming each difference, 2 for bad usage.
"""
import hashlib
import json
import re
import shutil
import sys
import tempfile
from pathlib import Path

# The positional "id", and the "stable_id" that follows it since 1.3.0 (a new member: it changes no
# result; tests/vectors/stable_ids.py checks it).
ID = re.compile(r'^\{"id":[0-9]+,("stable_id":"[^"\\]*",)?')
DECODER = json.JSONDecoder()


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def json_at_start(line: str) -> str:
    """The JSON object a line starts with (a case line is followed by ',' or the group's end)."""
    _, end = DECODER.raw_decode(line)
    return line[:end]


def judged_part(case: str) -> str:
    """A case line without its "id" and "stable_id" and its informative "reason" and "what"
    members."""
    case = ID.sub("{", case, count=1)
    for key in ("reason", "what"):
        at = case.find(f',"{key}":')
        if at >= 0:
            _, end = DECODER.raw_decode(case, at + len(key) + 4)
            case = case[:at] + case[end:]
    return case


def vector_groups(text: str, path: str) -> list[tuple[str, list[str]]]:
    """(parameters line, judged part of each case line) of each group of a vector file, in order."""
    lines = text.split("\n")
    try:
        start = lines.index('"groups":[') + 1
    except ValueError:
        raise SystemExit(f"{path}: no line \"groups\":[ (not a vector file as cvc generate writes it)")
    groups = []
    for line in lines[start:]:
        if line.endswith('"cases":['):
            groups.append((line, []))
        elif line:
            if not groups:
                raise SystemExit(f"{path}: a case line before any group")
            groups[-1][1].append(judged_part(json_at_start(line)))
    return groups


def index_lines(text: str) -> list[str]:
    """The array lines of stores/index.json."""
    lines = text.split("\n")
    start = lines.index('"arrays":[') + 1
    return [json_at_start(line) for line in lines[start:] if line.startswith("{")]


def record_of(root: Path) -> list[str]:
    manifest = json.loads((root / "manifest.json").read_text())
    out = [f"vectors {manifest['vectors_version']}"]
    for entry in manifest["files"]:
        path = entry["path"]
        data = (root / path).read_bytes()
        if path.endswith(".json") and not path.startswith("stores/"):
            out.append(f"file {path}")
            for parameters, cases in vector_groups(data.decode(), path):
                out.append(f"group {sha256(parameters)} {len(cases)} {sha256(chr(10).join(cases))}")
        elif path == "stores/index.json":
            out.append(f"file {path}")
            out.extend(f"array {sha256(line)}" for line in index_lines(data.decode()))
        else:
            out.append(f"whole {path} {hashlib.sha256(data).hexdigest()}")
    return out


def check(root: Path, record: list[str]) -> list[str]:
    problems = []
    current, groups, arrays, group_number = None, [], set(), 0
    for line in record[1:]:
        kind, rest = line.split(" ", 1)
        if kind == "file":
            current, group_number = rest, 0
            path = root / current
            if not path.is_file():
                problems.append(f"{current}: the file of {record[0]} is gone")
                groups, arrays = None, set()
                continue
            text = path.read_text()
            if current == "stores/index.json":
                arrays = {sha256(entry) for entry in index_lines(text)}
            else:
                groups = [(sha256(parameters), cases) for parameters, cases in
                          vector_groups(text, current)]
        elif kind == "group":
            group_number += 1
            if groups is None:
                continue
            parameters, count, digest = rest.split(" ")
            count = int(count)
            found = next((i for i, (p, _) in enumerate(groups) if p == parameters), None)
            if found is None:
                problems.append(f"{current}: group {group_number - 1} of {record[0]} is gone or "
                                f"its parameters changed")
                continue
            _, cases = groups.pop(found)  # matched: the next one with these parameters is next
            if len(cases) < count:
                problems.append(f"{current}: group {group_number - 1} of {record[0]} has "
                                f"{len(cases)} cases, fewer than its {count}")
            elif sha256("\n".join(cases[:count])) != digest:
                changed = "one of its cases changed or moved"
                problems.append(f"{current}: group {group_number - 1} of {record[0]}: {changed}")
        elif kind == "array":
            if rest not in arrays:
                problems.append(f"stores/index.json: an array entry of {record[0]} is gone or "
                                f"changed (SHA-256 {rest})")
        elif kind == "whole":
            path, digest = rest.rsplit(" ", 1)
            file = root / path
            if not file.is_file() or hashlib.sha256(file.read_bytes()).hexdigest() != digest:
                problems.append(f"{path}: changed or gone since {record[0]}")
        else:
            raise SystemExit(f"the record has a line of unknown kind: {line}")
    return problems


def case_line_number(path: Path) -> int:
    """The index of a case line in the middle of a vector file."""
    lines = path.read_text().split("\n")
    start = lines.index('"groups":[') + 1
    cases = [i for i in range(start, len(lines)) if lines[i].startswith('{"id":')]
    return cases[len(cases) // 2]


def teeth(root: Path, record: list[str]) -> list[str]:
    """The check fails on a copy with one byte of a case flipped, and on one with a case dropped."""
    problems = []
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / "vectors"
        shutil.copytree(root, copy)
        target = copy / "scalar_map.json"
        original = target.read_text()
        lines = original.split("\n")
        n = case_line_number(target)
        # One byte of the case's input pattern: its last hex digit, moved to another digit.
        at = lines[n].index('"input":"0x') + len('"input":"0x')
        at = lines[n].index('"', at) - 1
        digit = lines[n][at]
        lines[n] = lines[n][:at] + ("1" if digit != "1" else "2") + lines[n][at + 1:]
        target.write_text("\n".join(lines))
        if not check(copy, record):
            problems.append("a copy with one case's input changed by one digit passes the check")
        lines = original.split("\n")
        del lines[n]
        target.write_text("\n".join(lines))
        if not check(copy, record):
            problems.append("a copy with one case dropped passes the check")
        target.write_text(original)
        if check(copy, record):
            problems.append("the unchanged copy fails the check")
    return problems


def main() -> int:
    if len(sys.argv) == 2 and sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if len(sys.argv) != 4 or sys.argv[1] not in ("record", "check", "teeth"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    command, root, record_path = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
    if command == "record":
        record_path.write_text("\n".join(record_of(root)) + "\n")
        print(f"recorded {record_path}")
        return 0
    record = record_path.read_text().splitlines()
    problems = check(root, record) if command == "check" else teeth(root, record)
    for problem in problems[:50]:
        print("FAIL " + problem)
    groups = sum(line.startswith("group ") for line in record)
    print(f"{command}: {groups} groups of {record[0]} against {root}: {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
