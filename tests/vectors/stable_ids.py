#!/usr/bin/env python3
"""The stable case ids of the vectors (vectors/README.md, "Case ids"): right, distinct, stable.

usage: stable_ids.py check VECTORS_DIR [RECORD...]   (a) every case line's "stable_id" is the
                                                     definition's, (b) no two cases of the set
                                                     share an id, (c) every case of each RECORD's
                                                     release is in VECTORS_DIR (same file, group
                                                     and key) with the id it had there
       stable_ids.py record VECTORS_DIR RECORD       write the record of VECTORS_DIR's release
                                                     (xz text; the ids stored, or the definition's
                                                     for a release from before them)
       stable_ids.py teeth VECTORS_DIR               the check fails on a copy with one id edited,
                                                     on one where two cases share an id, on one
                                                     with a recorded case removed, and on
                                                     positional ids once a case is inserted at a
                                                     group's start (content ids pass that)

An implementation of the definition of its own (only the standard library), not the readers'
code nor the generator's. The ids of a cast line's results (one per configuration) are the line's
id, "/" and the configuration's label; a store array's is "stores/" and its "id".

A case is "the same case" in two releases when it stands in the same file, in a group with the
same defining parameters (all but "fill_value", "purpose" and "seed", which describe the group),
with the same key: its "input" (cast, scalar_map, chain), its "json" (scalars), or for metadata
every member but "id", "stable_id", "result", "alternatives", "flags", "reason" and "what". Its
results are not part of it: a corrected result keeps its case's id.
Exit 0 when every check passes, 1 naming each problem, 2 for bad usage.
"""
import hashlib
import json
import lzma
import shutil
import sys
import tempfile
from pathlib import Path

FAMILIES = ("cast", "scalar_map", "chain", "metadata", "scalars")
INFORMATIVE_GROUP_MEMBERS = ("fill_value", "purpose", "seed")
NOT_METADATA_KEY = ("id", "stable_id", "result", "alternatives", "flags", "reason", "what")


class Number(str):
    """A JSON number's literal text, kept as written (the keys compare what the file says)."""


def read_literal(path: Path):
    return json.loads(path.read_text(), parse_float=Number, parse_int=Number)


def as_python_reads_it(value):
    """The value as json.load gives it: what the definition hashes."""
    if isinstance(value, Number):
        return float(value) if any(c in value for c in ".eE") else int(value)
    if isinstance(value, dict):
        return {k: as_python_reads_it(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_python_reads_it(v) for v in value]
    return value


def literal_text(value) -> str:
    """Compact JSON with sorted keys and every number as written."""
    if isinstance(value, Number):
        return str(value)
    if isinstance(value, dict):
        return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + literal_text(value[k])
                              for k in sorted(value)) + "}"
    if isinstance(value, list):
        return "[" + ",".join(literal_text(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


# --- The definition -------------------------------------------------------------------------


def hash12(value) -> str:
    """SHA-256 (first 12 hex digits) of a string, or of a value's canonical JSON."""
    if not isinstance(value, str):
        value = json.dumps(as_python_reads_it(value), sort_keys=True, separators=(",", ":"),
                           ensure_ascii=False)
    return hashlib.sha256(value.encode("utf-8")).hexdigest()[:12]


def line_id(family: str, group: dict, case: dict) -> str:
    if family == "cast":
        return "/".join(("cast", group["direction"], group["array_data_type"],
                         group["data_type"], case["input"]))
    if family == "scalar_map":
        return "/".join(("scalar_map", group["direction"], group["array_data_type"],
                         group["data_type"], hash12(group["configurations"][0]), case["input"]))
    if family == "chain":
        return "/".join(("chain", group["direction"], group["array_data_type"],
                         hash12(group["codecs"]), case["input"]))
    if family == "metadata":
        defining = {key: case[key] for key in ("array_data_type", "codecs", "fill_value")}
        return "/".join(("metadata", case["rule"], hash12(defining)))
    if family == "scalars":
        return "/".join(("scalars", group["data_type"], hash12(case["json"])))
    raise ValueError(f"no stable ids for family {family!r}")


def result_ids(family: str, group: dict, line: str) -> list:
    """The ids of a line's results: for cast one per configuration, else the line's own."""
    if family != "cast":
        return [line]
    labels = []
    for configuration in group["configurations"]:
        label = configuration["rounding"]
        if "out_of_range" in configuration:
            label += "/" + configuration["out_of_range"]
        labels.append(label)
    return [line + "/" + label for label in labels]


# --- Reading a set --------------------------------------------------------------------------


def group_key(group: dict) -> str:
    """The SHA-256 of a group's defining parameters, numbers as written."""
    defining = {k: v for k, v in group.items()
                if k != "cases" and k not in INFORMATIVE_GROUP_MEMBERS}
    return hashlib.sha256(literal_text(defining).encode()).hexdigest()


class Case:
    def __init__(self, path, g, group, case, family, key_of_group):
        self.path, self.g, self.group, self.case, self.family = path, g, group, case, family
        self.key_of_group = key_of_group
        self.where = f"{path} group {g} case {case.get('id', '?')}"

    def group_key(self) -> str:
        return self.key_of_group

    def case_key(self) -> str:
        if self.family == "metadata":
            return literal_text({k: v for k, v in self.case.items() if k not in NOT_METADATA_KEY})
        return self.case["json"] if self.family == "scalars" else self.case["input"]


def vector_paths(root: Path) -> list:
    """The vector files the manifest lists, in its order (stores/index.json apart)."""
    manifest = json.loads((root / "manifest.json").read_text())
    return [entry["path"] for entry in manifest["files"]
            if entry["path"].endswith(".json") and not entry["path"].startswith("stores/")]


def cases_of(root: Path):
    for path in vector_paths(root):
        doc = read_literal(root / path)
        if doc.get("family") not in FAMILIES:
            continue
        for g, group in enumerate(doc["groups"]):
            key = group_key(group)
            for case in group["cases"]:
                yield Case(path, g, group, case, doc["family"], key)


def store_ids(root: Path) -> list:
    index = root / "stores" / "index.json"
    if not index.is_file():
        return []
    return [("stores/index.json", "stores/" + entry["id"])
            for entry in json.loads(index.read_text())["arrays"]]


# --- The checks -----------------------------------------------------------------------------


class IdCheck:
    """(a) every stored id is the definition's, (b) no two cases share one."""

    def __init__(self):
        self.problems, self.seen = [], {}

    def add(self, item: Case) -> None:
        stored = item.case.get("stable_id")
        try:
            computed = line_id(item.family, item.group, item.case)
        except (KeyError, IndexError, TypeError) as error:
            self.problems.append(f"{item.where}: no id can be computed (missing {error})")
            return
        if stored != computed:
            self.problems.append(f"{item.where}: stable_id is {stored!r}, the definition gives "
                                 f"{computed!r}")
        for case_id in result_ids(item.family, item.group, stored or computed):
            self.add_id(case_id, item.where)

    def add_id(self, case_id: str, where: str) -> None:
        if case_id in self.seen:
            self.problems.append(f"{where}: id {case_id!r} is also that of {self.seen[case_id]}")
        else:
            self.seen[case_id] = where


def check_ids(root: Path) -> list:
    check = IdCheck()
    for item in cases_of(root):
        check.add(item)
    for where, case_id in store_ids(root):
        check.add_id(case_id, where)
    return check.problems


def record_of(root: Path) -> str:
    """Per file and group, each case's key and id: the stored one, else the definition's."""
    version = json.loads((root / "manifest.json").read_text())["vectors_version"]
    lines, current, group = [f"vectors {version}"], None, None
    for item in cases_of(root):
        if item.path != current:
            current, group = item.path, None
            lines.append(f"file {item.path}")
        if item.group_key() != group:
            group = item.group_key()
            lines.append(f"group {group}")
        stable = item.case.get("stable_id") or line_id(item.family, item.group, item.case)
        lines.append(json.dumps([item.case_key(), stable], ensure_ascii=False))
    return "\n".join(lines) + "\n"


def read_record(text: str):
    """(release, {(file, group key, case key): id})."""
    lines = text.splitlines()
    release, ids, current, group = lines[0], {}, None, None
    for line in lines[1:]:
        if line.startswith("file "):
            current = line[5:]
        elif line.startswith("group "):
            group = line[6:]
        else:
            key, stable = json.loads(line)
            ids[(current, group, key)] = stable
    return release, ids


class StableCheck:
    """(c) every case of a record's release is in the set, with the id it had."""

    def __init__(self, record_text: str):
        self.release, self.recorded = read_record(record_text)
        self.problems, self.compared, self.found = [], 0, set()

    def add(self, item: Case) -> None:
        key = (item.path, item.group_key(), item.case_key())
        was = self.recorded.get(key)
        if was is None:
            return
        self.compared += 1
        self.found.add(key)
        now = item.case.get("stable_id")
        if now != was:
            self.problems.append(f"{item.where}: stable_id is {now!r}, in {self.release} it was "
                                 f"{was!r}")

    def finish(self, root: Path) -> str:
        if self.compared == 0:
            self.problems.append(f"no case of {self.release} is in {root}: nothing compared")
        missing = [key for key in self.recorded if key not in self.found]
        for path, _, key in missing[:20]:
            self.problems.append(f"{path}: the case {key!r} of {self.release} is not here (with "
                                 f"the same group parameters): removed, or its group changed")
        if len(missing) > 20:
            self.problems.append(f"... and {len(missing) - 20} more cases of {self.release} missing")
        return (f"{self.compared} of the {len(self.recorded)} cases of {self.release} are here "
                f"with the same defining content: {len(self.problems)} problems (another id, "
                f"or missing)")


def check_stable(root: Path, record_text: str) -> list:
    check = StableCheck(record_text)
    for item in cases_of(root):
        check.add(item)
    check.finish(root)
    return check.problems


def run_check(root: Path, records: list) -> list:
    """Every check in one pass over the set's files."""
    ids = IdCheck()
    stable = [StableCheck(lzma.decompress(record.read_bytes()).decode()) for record in records]
    for item in cases_of(root):
        ids.add(item)
        for check in stable:
            check.add(item)
    for where, case_id in store_ids(root):
        ids.add_id(case_id, where)
    print(f"check: ids of {root}: {len(ids.problems)} problems (definition and uniqueness)")
    problems = ids.problems
    for record, check in zip(records, stable):
        print(f"check: against {record.name}: {check.finish(root)}")
        problems += check.problems
    return problems


# --- Teeth ----------------------------------------------------------------------------------


SMALL_COPY_FILES = ("cast/int8.json", "scalar_map.json", "metadata.json", "scalars.json",
                    "chain.json")


def small_copy(root: Path, copy: Path, keep=SMALL_COPY_FILES) -> Path:
    """A copy of a few files of `root` (by default one of each kind of case line), with a manifest
    that lists only them (these checks read the manifest's list, not its digests)."""
    for path in keep:
        (copy / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(root / path, copy / path)
    manifest = json.loads((root / "manifest.json").read_text())
    manifest["files"] = [entry for entry in manifest["files"] if entry["path"] in keep]
    (copy / "manifest.json").write_text(json.dumps(manifest))
    return copy


def rewrite(path: Path, change) -> None:
    """Applies `change(doc)` to a vector file (read with numbers as written) and writes it back."""
    doc = read_literal(path)
    change(doc)
    path.write_text(literal_text(doc))


def edit_one_id(doc):
    case = doc["groups"][0]["cases"][3]
    case["stable_id"] = case["stable_id"][:-1] + ("1" if case["stable_id"][-1] != "1" else "2")


def duplicate_one_case(doc):
    cases = doc["groups"][1]["cases"]
    cases.insert(2, dict(cases[1]))


def insert_at_start(doc):
    """A new case (an input no case of the group has) before the first case of group 0."""
    cases = doc["groups"][0]["cases"]
    inputs = {case["input"] for case in cases}
    width = len(cases[0]["input"]) - 2
    new = next(f"0x{n:0{width}x}" for n in range(1 << (4 * width)) if f"0x{n:0{width}x}"
               not in inputs)
    cases.insert(0, dict(cases[0], input=new))


def positional(name: str):
    """Ids by position, the mistake stable ids exist to avoid."""
    def change(doc):
        for g, group in enumerate(doc["groups"]):
            for c, case in enumerate(group["cases"]):
                case["stable_id"] = f"{name}/{g}/{c}"
    return change


def with_definition_ids(doc):
    for group in doc["groups"]:
        for case in group["cases"]:
            case["stable_id"] = line_id(doc["family"], group, case)


def teeth(root: Path) -> list:
    problems = []
    with tempfile.TemporaryDirectory() as scratch:
        copy = small_copy(root, Path(scratch) / "vectors")
        originals = {p: (copy / p).read_text() for p in vector_paths(copy)}

        def restore():
            for path, text in originals.items():
                (copy / path).write_text(text)

        if check_ids(copy):
            problems.append("the unchanged copy fails (a) or (b)")
        record = record_of(copy)
        if check_stable(copy, record):
            problems.append("the unchanged copy fails (c) against its own record")
        rewrite(copy / "scalars.json", edit_one_id)
        if not check_ids(copy):
            problems.append("a copy with one id edited passes (a)")
        restore()
        rewrite(copy / "metadata.json", duplicate_one_case)
        found = check_ids(copy)
        if not any("is also that of" in p for p in found):
            problems.append("a copy where two cases share an id passes (b)")
        restore()
        # Content ids: a case inserted at a group's start leaves the others' ids as they were.
        rewrite(copy / "chain.json", lambda doc: (insert_at_start(doc), with_definition_ids(doc)))
        if check_stable(copy, record) or check_ids(copy):
            problems.append("content ids fail once a case is inserted at a group's start")
        restore()
        # A case of the recorded release that is gone fails (c): a release keeps every case.
        rewrite(copy / "chain.json", lambda doc: doc["groups"][0]["cases"].pop(1))
        if not any("is not here" in p for p in check_stable(copy, record)):
            problems.append("a copy with a recorded case removed passes (c)")
        restore()
        # Positional ids: the same insertion moves every later case's id.
        rewrite(copy / "chain.json", positional("chain"))
        positional_record = record_of(copy)
        rewrite(copy / "chain.json", lambda doc: (insert_at_start(doc), positional("chain")(doc)))
        if not check_stable(copy, positional_record):
            problems.append("positional ids pass (c) once a case is inserted at a group's start")
        restore()
    return problems


def main() -> int:
    args = sys.argv[1:]
    if args in (["-h"], ["--help"]):
        print(__doc__.strip())
        return 0
    if len(args) < 2 or args[0] not in ("check", "record", "teeth") or \
            (args[0] == "record" and len(args) != 3) or (args[0] == "teeth" and len(args) != 2):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    root = Path(args[1])
    if args[0] == "record":
        Path(args[2]).write_bytes(lzma.compress(record_of(root).encode(), preset=9))
        print(f"recorded {args[2]}")
        return 0
    problems = run_check(root, [Path(p) for p in args[2:]]) if args[0] == "check" else teeth(root)
    for problem in problems[:50]:
        print("FAIL " + problem)
    print(f"{args[0]}: {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
