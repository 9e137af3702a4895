#!/usr/bin/env python3
"""Does a fresh `cvc run` report give the published row of its implementation?

usage: published_row.py REPORT RESULTS_DIR

REPORT is the report.json of `cvc run` on the published vectors; RESULTS_DIR is results/. The
published report is RESULTS_DIR/<name>-<version>.json, named by the implementation the report
names (publish_results.py names it so). Compared: the implementation and its environment (but
the compiler or interpreter that ran it: rustc, python, node), the
totals, the unsupported reasons, and the counts of every cell (operation, input type, output type)
and of every rule. Timings and texts of examples are not compared: they differ from run to run.

Exit 0: the same; 1: they differ (each difference printed, at most 20); 2: bad input (a file
missing or not a run report), named.
"""
import json
import re
import sys
from pathlib import Path

LIMIT = 20
TOOLCHAIN = {"rustc", "python", "node"}


def slug(text: str) -> str:
    # harness/results/publish_results.py names the files so.
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-")


def load(path: Path) -> dict:
    try:
        report = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise SystemExit(f"published_row: {path}: not readable as JSON: {error}") from None
    if not isinstance(report, dict) or report.get("report") != "cvc-run":
        raise SystemExit(f"published_row: {path}: not a cvc run report (\"report\": \"cvc-run\")")
    return report


def environment(report: dict) -> dict:
    # The toolchain that compiled an adapter may differ between machines; the libraries may not.
    return {k: v for k, v in report["run"]["environment"].items() if k not in TOOLCHAIN}


def cells(report: dict) -> dict:
    return {f"{c['operation']} {c['input_type']} -> {c['output_type']}": c["counts"] for c in report["cells"]}


def rules(report: dict) -> dict:
    return {r["rule"]: r["counts"] for r in report["rules"]}


def families(report: dict) -> dict:
    return {f["family"]: f["counts"] for f in report.get("families", [])}


def reasons(report: dict) -> dict:
    return {r["reason"]: r["cases"] for r in report["unsupported_reasons"]}


def differences(fresh: dict, published: dict) -> list[str]:
    found = []
    for label, key in (("implementation", lambda r: r["run"]["implementation"]),
                       ("environment", environment),
                       ("totals", lambda r: r["totals"])):
        if key(fresh) != key(published):
            found.append(f"{label}: {json.dumps(key(fresh))} here, {json.dumps(key(published))} published")
    tables = [("unsupported reason", reasons), ("cell", cells), ("rule", rules)]
    if "families" in published:  # (report version 8 on)
        tables.append(("family", families))
    for label, table in tables:
        here, there = table(fresh), table(published)
        for name in sorted(set(here) | set(there)):
            if here.get(name) != there.get(name):
                found.append(f"{label} {name}: {json.dumps(here.get(name))} here, "
                             f"{json.dumps(there.get(name))} published")
    return found


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    fresh = load(Path(sys.argv[1]))
    implementation = fresh["run"]["implementation"]
    published_path = Path(sys.argv[2]) / f"{slug(implementation['name'] + '-' + implementation['version'])}.json"
    if not published_path.is_file():
        print(f"published_row: no published row {published_path} for {implementation['name']} "
              f"{implementation['version']}", file=sys.stderr)
        return 2
    found = differences(fresh, load(published_path))
    for line in found[:LIMIT]:
        print(line)
    if len(found) > LIMIT:
        print(f"... and {len(found) - LIMIT} more differences")
    print(f"{published_path.name}: " + (f"{len(found)} differences" if found else "the same counts"))
    return 1 if found else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except SystemExit as stop:
        if isinstance(stop.code, str):
            print(stop.code, file=sys.stderr)
            sys.exit(2)
        raise
