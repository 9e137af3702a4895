#!/usr/bin/env python3
"""Lists that restate the type table or the flag table agree with them.

usage: type_lists_agree.py CVC_BINARY

The 26 data types (`cvc types`: name and width) against: the data type enums of the protocol
schemas (harness/protocol/schemas/*.schema.json) and of the store-level report's schema
(harness/stores/store-report.schema.json), the Python adapter kit's TYPES
(harness/adapter_kit/python/cvc_adapter.py) and the misbehaving adapter's WIDTH_BITS
(tests/fixtures/misbehaving_adapter.py). The reading flags (`cvc readings`) against the sections
of docs/readings.md. Exit 0 when all agree, 1 naming each difference.
"""
import ast
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def table_types(cvc: str) -> dict[str, int]:
    lines = subprocess.run([cvc, "types"], check=True, capture_output=True, text=True).stdout
    return {m.group(1): int(m.group(2)) for m in re.finditer(r"^(\w+): (\d+) bits", lines, re.M)}


def assigned_dict(path: Path, name: str) -> dict:
    """The literal dict assigned to `name` at module level of a Python file, without running it."""
    for node in ast.parse(path.read_text()).body:
        targets = [node.target] if isinstance(node, ast.AnnAssign) else getattr(node, "targets", [])
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            return ast.literal_eval(node.value)
    raise SystemExit(f"{path}: no {name} = {{...}}")


def schema_enums(schema: dict) -> list[list]:
    """Every enum in a schema that holds data type names."""
    found = []
    def walk(node):
        if isinstance(node, dict):
            if isinstance(node.get("enum"), list) and "float64" in node["enum"]:
                found.append(node["enum"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
    walk(schema)
    return found


def main() -> int:
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(sys.argv) == 2 else 2
    cvc = sys.argv[1]
    types = table_types(cvc)
    problems = []
    if len(types) != 26:
        problems.append(f"cvc types lists {len(types)} types, not 26")
    schema_paths = sorted((ROOT / "harness" / "protocol" / "schemas").glob("*.schema.json"))
    schema_paths.append(ROOT / "harness" / "stores" / "store-report.schema.json")
    for schema_path in schema_paths:
        for enum in schema_enums(json.loads(schema_path.read_text())):
            if enum != list(types):
                problems.append(f"{schema_path.relative_to(ROOT)}: data type enum differs from "
                                f"the type table (order included)")
    for path, name in ((ROOT / "harness/adapter_kit/python/cvc_adapter.py", "TYPES"),
                       (ROOT / "tests/fixtures/misbehaving_adapter.py", "WIDTH_BITS")):
        listed = assigned_dict(path, name)
        if listed != types or list(listed) != list(types):
            missing = set(types) - set(listed)
            extra = set(listed) - set(types)
            wrong = {k for k in set(types) & set(listed) if types[k] != listed[k]}
            problems.append(f"{path.relative_to(ROOT)} {name}: missing {sorted(missing)}, extra "
                            f"{sorted(extra)}, other width {sorted(wrong)}, or another order")
    flags = re.findall(r"^(\w+): ", subprocess.run([cvc, "readings"], check=True,
                                                   capture_output=True, text=True).stdout, re.M)
    sections = set(re.findall(r"^### (\w+)", (ROOT / "docs" / "readings.md").read_text(), re.M))
    for flag in flags:
        if flag not in sections:
            problems.append(f"docs/readings.md has no section ### {flag}")
    for problem in problems:
        print("FAIL " + problem)
    print(f"{len(types)} types and {len(flags)} flags checked against their restatements: "
          f"{len(problems)} differences")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
