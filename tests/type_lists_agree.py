#!/usr/bin/env python3
"""Lists that restate the type table or the flag table agree with them.

usage: type_lists_agree.py CVC_BINARY

The 26 data types (`cvc types`: name and width) against: the data type enums of the protocol
schemas (harness/protocol/schemas/*.schema.json), of the reports' schemas (harness/reports/,
harness/stores/, harness/fuzz/) and of the vector schemas (vectors/schema/*.json), in the table's order; every regular expression of those schemas that
spells out type names (the store schema's type_name): the names it accepts, exactly; the Python
adapter kit's TYPES (harness/adapter_kit/python/cvc_adapter.py), the Java adapter kit's table
(harness/adapter_kit/java/src/cvc/adapter/DataTypes.java), the misbehaving adapter's
WIDTH_BITS (tests/fixtures/misbehaving_adapter.py) and the hostile fake adapter's TYPES
(tests/hostile/adapters/fake_adapter.py). The reading flags (`cvc readings`) against the
sections of docs/readings.md, the flag enums of the schemas (in the table's order) and every
regular expression there that spells out flag names (the vectors' "FLAG=alternative" names).
Exit 0 when all agree, 1 naming each difference.
"""
import ast
import json
import re
import subprocess
import sys
from pathlib import Path

try:  # the regular expression parser of the standard library (re._parser since Python 3.11)
    import re._parser as regex_parser
    import re._constants as regex_constants
except ImportError:
    import sre_parse as regex_parser
    import sre_constants as regex_constants

ROOT = Path(__file__).resolve().parents[1]
# Every JSON Schema of the project: the protocol's, the reports' (run, check-store, fuzz) and the
# vectors'.
SCHEMA_FOLDERS = (("harness", "**/*.schema.json"), ("vectors/schema", "*.json"))


def table_types(cvc: str) -> dict[str, int]:
    lines = subprocess.run([cvc, "types"], check=True, capture_output=True, text=True).stdout
    return {m.group(1): int(m.group(2)) for m in re.finditer(r"^(\w+): (\d+) bits", lines, re.M)}


def assigned_literal(path: Path, name: str):
    """The literal (dict, list) assigned to `name` at module level of a Python file, without
    running it."""
    for node in ast.parse(path.read_text()).body:
        targets = [node.target] if isinstance(node, ast.AnnAssign) else getattr(node, "targets", [])
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            return ast.literal_eval(node.value)
    raise SystemExit(f"{path}: no {name} = {{...}}")


# The Java adapter kit's table: the "name", bits pairs of DataTypes.java's `table` literal.
JAVA_KIT_TYPES = ROOT / "harness/adapter_kit/java/src/cvc/adapter/DataTypes.java"


def java_table(path: Path) -> dict[str, int]:
    literal = re.search(r"Object\[\] table = \{(.*?)\};", path.read_text(), re.S)
    if not literal:
        return {}
    return {m.group(1): int(m.group(2)) for m in re.finditer(r'"(\w+)", (\d+)', literal.group(1))}


def schema_members(schema: dict, key: str) -> list[tuple[str, object]]:
    """(JSON pointer, value) of every member named `key` in a schema, at any depth."""
    found = []
    def walk(node, where):
        if isinstance(node, dict):
            for name, value in node.items():
                if name == key:
                    found.append((f"{where}/{name}", value))
                walk(value, f"{where}/{name}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, f"{where}/{index}")
    walk(schema, "")
    return found


LIMIT = 100_000  # strings; a larger language counts as unbounded


def language(items) -> set[str] | None:
    """Every string a parsed regular expression (or a part of one) matches, or None when they are
    unbounded or more than LIMIT (a repetition without bound, a negated class, ...). Anchors
    match the empty string."""
    c = regex_constants
    strings = {""}
    for op, argument in items:
        if op is c.AT:
            continue
        if op is c.LITERAL:
            options = {chr(argument)}
        elif op is c.IN:
            options = set()
            for member, value in argument:
                if member is c.LITERAL:
                    options.add(chr(value))
                elif member is c.RANGE:
                    options.update(chr(code) for code in range(value[0], value[1] + 1))
                else:  # a negation or a category (\d, \w): not a list of names
                    return None
        elif op is c.SUBPATTERN:
            options = language(argument[-1])
        elif op is c.BRANCH:
            options = set()
            for branch in argument[1]:
                branch_strings = language(branch)
                if branch_strings is None:
                    return None
                options |= branch_strings
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT):
            low, high, repeated = argument
            once = language(repeated)
            if once is None or high is c.MAXREPEAT or len(once) ** high > LIMIT:
                return None
            options, power = set(), {""}
            for count in range(high + 1):
                if count >= low:
                    options |= power
                power = {a + b for a in power for b in once}
        else:
            return None
        if options is None or len(strings) * len(options) > LIMIT:
            return None
        strings = {a + b for a in strings for b in options}
    return strings


def spelled_out(pattern: str, names: set[str]) -> list[set[str]]:
    """The lists of names a regular expression spells out: the strings it matches when they are
    finitely many and some are among `names`; otherwise, for each group of it that matches
    finitely many strings, some among `names`, those strings (the flag group of
    "^(A|B)=[a-z]+$")."""
    found = []
    def visit(items):
        strings = language(items)
        if strings is not None:
            if strings & names:
                found.append(strings)
            return
        for op, argument in items:
            if op is regex_constants.SUBPATTERN:
                visit(argument[-1])
            elif op is regex_constants.BRANCH:
                for branch in argument[1]:
                    visit(branch)
            elif op in (regex_constants.MAX_REPEAT, regex_constants.MIN_REPEAT):
                visit(argument[2])
    visit(regex_parser.parse(pattern))
    return found


def check_schemas(types: list[str], flags: list[str], problems: list[str]) -> int:
    """The schemas' enums and patterns that restate the types or the flags; returns how many."""
    checked = 0
    for folder, glob in SCHEMA_FOLDERS:
        for path in sorted((ROOT / folder).glob(glob)):
            schema = json.loads(path.read_text())
            where = path.relative_to(ROOT)
            for pointer, enum in schema_members(schema, "enum"):
                if not isinstance(enum, list):
                    continue
                for what, listed in (("data type", types), ("flag", flags)):
                    if set(enum) & set(listed):
                        checked += 1
                        if enum != listed:
                            problems.append(f"{where} {pointer}: the {what} enum differs from "
                                            f"{'cvc types' if what == 'data type' else 'cvc readings'} "
                                            f"(order included): missing {sorted(set(listed) - set(enum))}, "
                                            f"extra {sorted(set(enum) - set(listed))}")
            for pointer, pattern in schema_members(schema, "pattern"):
                if not isinstance(pattern, str):
                    continue
                for what, listed in (("data type", types), ("flag", flags)):
                    for strings in spelled_out(pattern, set(listed)):
                        checked += 1
                        if strings != set(listed):
                            problems.append(f"{where} {pointer}: the pattern's {what} names differ "
                                            f"from {'cvc types' if what == 'data type' else 'cvc readings'}: "
                                            f"missing {sorted(set(listed) - strings)}, extra "
                                            f"{sorted(strings - set(listed))}")
    return checked


def main() -> int:
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(sys.argv) == 2 else 2
    cvc = sys.argv[1]
    types = table_types(cvc)
    flags = re.findall(r"^(\w+): ", subprocess.run([cvc, "readings"], check=True,
                                                   capture_output=True, text=True).stdout, re.M)
    problems = []
    if len(types) != 26:
        problems.append(f"cvc types lists {len(types)} types, not 26")
    schema_lists = check_schemas(list(types), flags, problems)
    tables = [(path, name, assigned_literal(path, name))
              for path, name in ((ROOT / "harness/adapter_kit/python/cvc_adapter.py", "TYPES"),
                                 (ROOT / "tests/fixtures/misbehaving_adapter.py", "WIDTH_BITS"))]
    tables.append((JAVA_KIT_TYPES, "BITS", java_table(JAVA_KIT_TYPES)))
    for path, name, listed in tables:
        if listed != types or list(listed) != list(types):
            missing = set(types) - set(listed)
            extra = set(listed) - set(types)
            wrong = {k for k in set(types) & set(listed) if types[k] != listed[k]}
            problems.append(f"{path.relative_to(ROOT)} {name}: missing {sorted(missing)}, extra "
                            f"{sorted(extra)}, other width {sorted(wrong)}, or another order")
    for path, name in ((ROOT / "tests/hostile/adapters/fake_adapter.py", "TYPES"),):
        listed = assigned_literal(path, name)
        if listed != list(types):
            problems.append(f"{path.relative_to(ROOT)} {name}: missing "
                            f"{sorted(set(types) - set(listed))}, extra "
                            f"{sorted(set(listed) - set(types))}, or another order")
    sections = set(re.findall(r"^### (\w+)", (ROOT / "docs" / "readings.md").read_text(), re.M))
    for flag in flags:
        if flag not in sections:
            problems.append(f"docs/readings.md has no section ### {flag}")
    for problem in problems:
        print("FAIL " + problem)
    print(f"{len(types)} types and {len(flags)} flags checked against their restatements "
          f"({schema_lists} enums and patterns of the schemas among them): "
          f"{len(problems)} differences")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
