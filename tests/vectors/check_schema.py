#!/usr/bin/env python3
"""Validate the manifest and every vector file it lists against their JSON Schemas.

usage: check_schema.py VECTORS_DIR

The store-level family (vectors/STORES.md) is one index, stores/index.json, validated against
schema/stores.schema.json; its arrays' zarr.json and chunk files are not vector files.
Also proves the check has teeth: a copy of one case with a malformed result must be rejected, and
so must a cast case without its stable_id or with another family's, a store index entry with an
unknown feature, a chain case with an unknown error kind and a chain error without its error_at.
Progress goes to stderr as plain lines (the first after 2 s, then one every 10 s, a last one).
Exit 0 when every file validates, 1 otherwise.
"""
import copy
import json
import sys
import time
from pathlib import Path

import jsonschema


class Progress:
    """Plain progress lines on stderr, as cvc writes them in a log: the files done of the total,
    the share of the bytes (the manifest's sizes; files differ a thousandfold) and the time left."""

    def __init__(self, total_files: int, total_bytes: int):
        self.total_files, self.total_bytes = total_files, max(total_bytes, 1)
        self.files = self.bytes = 0
        self.start = time.monotonic()
        self.last = None

    def line(self, label: str, finished: bool = False) -> str:
        elapsed = time.monotonic() - self.start
        share = self.bytes / self.total_bytes
        text = (f"check_schema: files {self.files:,} of {self.total_files:,} "
                f"({100 * share:.1f}% of the bytes)")
        if finished:
            text += f", took {elapsed:.0f} s"
        elif share > 0:
            text += f", about {elapsed * (1 - share) / share:.0f} s left"
        return text + (f": {label[:120]}" if label else "")

    def begin_file(self, path: str, size: int) -> None:
        """Before `path` is checked: a line when one is due, then the file counted."""
        now = time.monotonic()
        if now - self.start >= 2 if self.last is None else now - self.last >= 10:
            self.last = now
            print(self.line(path), file=sys.stderr, flush=True)
        self.files += 1
        self.bytes += size

    def finish(self) -> None:
        if self.last is not None or time.monotonic() - self.start >= 2:
            print(self.line("", finished=True), file=sys.stderr, flush=True)


def check_stores_index(path: Path, validator: jsonschema.Draft202012Validator) -> int:
    """Failures of the store-level index, including its teeth: an unknown feature is refused."""
    index = json.loads(path.read_text())
    errors = list(validator.iter_errors(index))
    for error in errors[:5]:
        print(f"stores/index.json: {'/'.join(map(str, error.absolute_path))}: {error.message}")
    broken = copy.deepcopy(index)
    broken["arrays"][0]["features"].append("no-such-feature")
    if validator.is_valid(broken):
        print("the stores schema accepts an unknown feature: the check has no teeth")
        return 1
    return int(bool(errors))


def chain_teeth(chain: dict, validator: jsonschema.Draft202012Validator) -> int:
    """Failures of the chain family's teeth: a result of an unknown error kind is refused, and so
    is an error without "error_at"."""
    failures = 0
    errors = [(g, c) for g, group in enumerate(chain["groups"])
              for c, case in enumerate(group["cases"]) if case["result"].startswith("error:")]
    if not errors:
        print("chain.json has no error case to break: the chain teeth cannot be shown")
        return 1
    g, c = errors[0]
    unknown = copy.deepcopy(chain)
    unknown["groups"][g]["cases"][c]["result"] = "error:bogus"
    if validator.is_valid(unknown):
        print("schema accepts the chain result error:bogus: the check has no teeth")
        failures += 1
    unplaced = copy.deepcopy(chain)
    del unplaced["groups"][g]["cases"][c]["error_at"]
    if validator.is_valid(unplaced):
        print("schema accepts a chain error without error_at: the check has no teeth")
        failures += 1
    return failures


def main() -> int:
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(sys.argv) == 2 else 2
    root = Path(sys.argv[1])
    schema = json.loads((root / "schema" / "cast-value-vectors.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    manifest = json.loads((root / "manifest.json").read_text())
    failures = 0
    manifest_schema = json.loads(
        (root / "schema" / "cast-value-vectors-manifest.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(manifest_schema)
    manifest_validator = jsonschema.Draft202012Validator(manifest_schema)
    for error in list(manifest_validator.iter_errors(manifest))[:5]:
        print(f"manifest.json: {'/'.join(map(str, error.absolute_path))}: {error.message}")
        failures += 1
    # Teeth: a manifest without its version must be rejected.
    unversioned = {key: value for key, value in manifest.items() if key != "vectors_version"}
    if manifest_validator.is_valid(unversioned):
        print("the manifest schema accepts a manifest without vectors_version: no teeth")
        failures += 1
    stores_schema = json.loads((root / "schema" / "stores.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(stores_schema)
    stores_validator = jsonschema.Draft202012Validator(stores_schema)
    first_cast = None
    first_chain = None
    progress = Progress(len(manifest["files"]), sum(e.get("bytes", 0) for e in manifest["files"]))
    for entry in manifest["files"]:
        progress.begin_file(entry["path"], entry.get("bytes", 0))
        if entry["path"].startswith("stores/"):
            if entry["path"] == "stores/index.json":
                failures += check_stores_index(root / entry["path"], stores_validator)
            continue
        document = json.loads((root / entry["path"]).read_text())
        errors = list(validator.iter_errors(document))
        for error in errors[:5]:
            print(f"{entry['path']}: {'/'.join(map(str, error.absolute_path))}: {error.message}")
        failures += bool(errors)
        if document["family"] == "cast" and first_cast is None:
            first_cast = document
        if document["family"] == "chain" and first_chain is None:
            first_chain = document
    # Teeth: a malformed result in an otherwise valid file must be rejected.
    if first_cast is not None:
        broken = copy.deepcopy(first_cast)
        broken["groups"][0]["cases"][0]["results"][0] = "0xZZ"
        if validator.is_valid(broken):
            print("schema accepts a malformed result 0xZZ: the check has no teeth")
            failures += 1
        # A case without its stable_id, or with another family's, must be rejected too.
        missing = copy.deepcopy(first_cast)
        del missing["groups"][0]["cases"][0]["stable_id"]
        foreign = copy.deepcopy(first_cast)
        foreign["groups"][0]["cases"][0]["stable_id"] = "scalars/int8/0123456789ab"
        for what, document in (("without stable_id", missing), ("with a scalars id", foreign)):
            if validator.is_valid(document):
                print(f"schema accepts a cast case {what}: the check has no teeth")
                failures += 1
    # Teeth of the chain family: an unknown error kind, and an error without its error_at.
    if first_chain is not None:
        failures += chain_teeth(first_chain, validator)
    progress.finish()
    print(f"{len(manifest['files'])} files checked against the schema, {failures} failing")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
