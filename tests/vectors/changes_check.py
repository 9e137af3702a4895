#!/usr/bin/env python3
"""The machine-readable changes of a release (vectors/changes/<version>.json, scripts/vector-changes)
are what the sets give, and the comparison can fail.

usage: changes_check.py VECTORS_DIR
  (a) `scripts/vector-changes --check`: the committed file is what the previous release (from the
      git history) and VECTORS_DIR give;
  (b) a minor or patch release changes and removes no stable id (vectors/CHANGELOG.md: only a
      major release changes an expected result);
  (c) teeth: between a small copy of VECTORS_DIR and the same copy with one chain result edited,
      one case removed and one case added, --between names exactly those three ids.
Exit 0 when every check passes, 1 naming each problem, 2 for bad usage.
"""
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import stable_ids  # tests/vectors/stable_ids.py: the small copy of a vector set

ROOT = Path(__file__).resolve().parent.parent.parent
SCRIPT = ROOT / "scripts" / "vector-changes"


def small_copy(root: Path, copy: Path) -> None:
    stable_ids.small_copy(root, copy, keep=("cast/int8.json", "chain.json", "metadata.json"))


def between(old: Path, new: Path) -> dict:
    run = subprocess.run([sys.executable, str(SCRIPT), "--between", str(old), str(new)],
                         capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def teeth(root: Path) -> list:
    problems = []
    with tempfile.TemporaryDirectory() as scratch:
        old, new = Path(scratch) / "old", Path(scratch) / "new"
        small_copy(root, old)
        small_copy(root, new)
        same = between(old, new)
        if same["added"] or same["changed"] or same["removed"]:
            problems.append(f"a copy against itself shows changes: {same['counts']}")
        chain = json.loads((new / "chain.json").read_text())
        cases = chain["groups"][0]["cases"]
        edited, removed = cases[0], cases.pop(1)
        edited["result"] = "0x00000001" if edited.get("result") != "0x00000001" else "0x00000002"
        added = dict(cases[2], stable_id=cases[2]["stable_id"] + "-new")
        cases.append(added)
        (new / "chain.json").write_text(json.dumps(chain))
        found = between(old, new)
        want = {"added": [added["stable_id"]], "changed": [edited["stable_id"]],
                "removed": [removed["stable_id"]]}
        for kind, ids in want.items():
            if found[kind] != ids:
                problems.append(f"{kind}: expected {ids}, --between gives {found[kind][:5]}")
    return problems


def main() -> int:
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stderr if len(sys.argv) != 2 else sys.stdout)
        return 0 if sys.argv[1:] in (["-h"], ["--help"]) else 2
    root = Path(sys.argv[1])
    problems = []
    check = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True)
    print(check.stdout.strip() or check.stderr.strip())
    if check.returncode != 0:
        problems.append("scripts/vector-changes --check: " + (check.stdout + check.stderr).strip())
    version = json.loads((root / "manifest.json").read_text())["vectors_version"]
    changes_file = root / "changes" / f"{version}.json"
    if changes_file.is_file():
        changes = json.loads(changes_file.read_text())
        schema = root / "schema" / "cast-value-vectors-changes.schema.json"
        try:
            import jsonschema
            jsonschema.validate(changes, json.loads(schema.read_text()))
        except ImportError:
            print("changes: jsonschema is not installed here: the schema is not checked")
        except jsonschema.ValidationError as error:
            problems.append(f"{changes_file.name} does not follow {schema.name}: {error.message}")
        major = version.split(".")[0] != changes["previous_version"].split(".")[0]
        print(f"{changes_file.name}: against {changes['previous_version']}: {changes['counts']}")
        if not major and (changes["changed"] or changes["removed"]):
            problems.append(f"{version} is not a major release, but {changes['counts']['changed']} "
                            f"ids changed and {changes['counts']['removed']} were removed")
    problems += teeth(root)
    for problem in problems:
        print("FAIL " + problem)
    print(f"changes: {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
