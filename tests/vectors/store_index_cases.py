#!/usr/bin/env python3
"""The schema's side of tests/fixtures/stores/index_cases.json: each case's document is accepted by
vectors/schema/stores.schema.json exactly when the case says `"schema": true`.

usage: store_index_cases.py REPOSITORY_ROOT

The reader's side (vector_format/store_index.hpp accepts the same documents, except where a case
names the rule of vectors/STORES.md "Beyond the schema" that refuses it) is the gtest
StoreIndex.AcceptsWhatTheSchemaAcceptsAndNothingElse, over the same file. Also checks that the
cases have teeth: both verdicts occur, and every case the reader refuses beyond the schema names
its rule. Exit 0 when every case holds, 1 otherwise.
"""
import copy
import json
import sys
from pathlib import Path

import jsonschema


def tokens(pointer: str) -> list:
    """The reference tokens of a JSON pointer (RFC 6901)."""
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]]


def parent_and_key(document, pointer: str):
    *path, last = tokens(pointer)
    node = document
    for token in path:
        node = node[int(token)] if isinstance(node, list) else node[token]
    return node, (int(last) if isinstance(node, list) else last)


def document_of(index: dict, case: dict) -> dict:
    document = copy.deepcopy(index)
    for pointer, value in case.get("set", {}).items():
        node, key = parent_and_key(document, pointer)
        node[key] = value
    for pointer in case.get("remove", []):
        node, key = parent_and_key(document, pointer)
        del node[key]
    return document


def main() -> int:
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(sys.argv) == 2 else 2
    root = Path(sys.argv[1])
    schema = json.loads((root / "vectors" / "schema" / "stores.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    cases_file = json.loads((root / "tests" / "fixtures" / "stores" / "index_cases.json").read_text())
    failures = 0
    for case in cases_file["cases"]:
        accepted = validator.is_valid(document_of(cases_file["index"], case))
        if accepted != case["schema"]:
            print(f"FAIL {case['name']}: the schema {'accepts' if accepted else 'refuses'} it, "
                  f"the case says it {'accepts' if case['schema'] else 'refuses'} it")
            failures += 1
        if "reader" in case and not (case["schema"] and case["reader"].startswith("beyond the schema: ")):
            print(f"FAIL {case['name']}: `reader` is only for a document the schema accepts, and "
                  "names the rule beyond the schema")
            failures += 1
    verdicts = {case["schema"] for case in cases_file["cases"]}
    if verdicts != {True, False}:
        print("FAIL the cases do not hold both an accepted and a refused document: no teeth")
        failures += 1
    print(f"{len(cases_file['cases'])} store index cases checked against the schema, {failures} failing")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
