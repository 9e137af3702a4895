#!/usr/bin/env python3
"""Check the committed results/ folder: every published result is a full report and hides nothing.

usage: check_results.py REPOSITORY_ROOT

- every results/*.json validates against harness/reports/report.schema.json and has its .md and .html;
- every results/stores/*.json (cvc check-store) validates against
  harness/stores/store-report.schema.json and has its .md; its totals, by_kind and by_feature are
  the counts of its arrays' verdicts, every array was reached, and it names its vectors;
- its counts add up: pass + divergence + fail + unsupported + adapter error = cases, the cells
  sum to the totals, and every selected case was counted (the run completed, nothing unreached);
- every unsupported case has its reason (report version 6 on): the run's unsupported_reasons and
  each cell's add up to their unsupported counts, and the .md page lists every reason;
- it names the vectors it certified against (version and manifest SHA-256), and the HTML page says
  the same version;
- no file under results/ (issue drafts included) holds an absolute path of a machine;
- no HTML page is 1.5 MB or larger;
- every results/badges/*.json (a shields.io endpoint badge) belongs to the published report of the
  same name (results/<implementation>-<version>.json), every report has one, and it says no more than it: the share passed and the share compared, rounded down
  (computed in integers), every count that is not a pass, the vectors version, and green only when
  the run completed and every case passed.
Also proves the checks have teeth on altered copies. Exit 0 when all hold, 1 otherwise.
"""
import copy
import json
import re
import sys
from pathlib import Path

import jsonschema

ABSOLUTE_PATH = re.compile(r"(/work/|/tmp/[A-Za-z0-9_]|/root/|/home/|/Users/|[A-Z]:\\\\)")
MAX_PAGE_BYTES = 1_500_000
VERDICTS = ("pass", "divergence", "fail", "unsupported", "adapter_error")


def report_problems(report: dict, validator) -> list[str]:
    problems = [f"schema: {'/'.join(map(str, e.absolute_path))}: {e.message[:200]}"
                for e in list(validator.iter_errors(report))[:5]]
    if problems:
        return problems
    totals = report["totals"]
    if sum(totals[v] for v in VERDICTS) != totals["cases"]:
        problems.append("totals do not add up to cases")
    for verdict in VERDICTS + ("cases",):
        cells = sum(cell["counts"][verdict] for cell in report["cells"])
        if cells != totals[verdict]:
            problems.append(f"cells hold {cells} {verdict}, totals {totals[verdict]}")
    accounting = report["accounting"]
    if not report["complete"]:
        problems.append("the run did not complete")
    if accounting["selected"] != totals["cases"] or accounting["not_reached"] != 0:
        problems.append(f"selected {accounting['selected']}, counted {totals['cases']}, "
                        f"not reached {accounting['not_reached']}")
    vectors = report["run"]["vectors"]
    if not vectors["version"] or len(vectors["manifest_sha256"]) != 64:
        problems.append("the report does not name the vectors' version and manifest SHA-256")
    return problems + reason_problems(report)


def reason_problems(report: dict) -> list[str]:
    """Version 6 on: every unsupported case under one reason, in the run and in each cell."""
    if report.get("report_version", 0) < 6:
        return []
    problems = []
    reasoned = sum(reason["cases"] for reason in report["unsupported_reasons"])
    if reasoned != report["totals"]["unsupported"]:
        problems.append(f"unsupported_reasons count {reasoned} cases, the totals "
                        f"{report['totals']['unsupported']} unsupported")
    for cell in report["cells"]:
        reasoned = sum(reason["cases"] for reason in cell["unsupported_reasons"])
        if reasoned != cell["counts"]["unsupported"]:
            problems.append(f"the cell {cell['operation']} {cell['input_type']} -> "
                            f"{cell['output_type']}: its reasons count {reasoned} cases, its "
                            f"counts {cell['counts']['unsupported']} unsupported")
    return problems


STORE_VERDICTS = ("pass", "fail", "unsupported", "adapter_error", "not_reached")


def store_counts(arrays: list) -> dict:
    counts = {"arrays": len(arrays)} | {verdict: 0 for verdict in STORE_VERDICTS}
    for array in arrays:
        counts[array["verdict"]] += 1
    return counts


def store_report_problems(report: dict, validator) -> list[str]:
    """What is wrong with a published store-level report (cvc check-store --json)."""
    problems = [f"schema: {'/'.join(map(str, e.absolute_path))}: {e.message[:200]}"
                for e in list(validator.iter_errors(report))[:5]]
    if problems:
        return problems
    arrays = report["arrays"]
    if report["totals"] != store_counts(arrays):
        problems.append("totals are not the counts of the arrays' verdicts")
    for kind, counts in report["by_kind"].items():
        if counts != store_counts([a for a in arrays if a["kind"] == kind]):
            problems.append(f"by_kind.{kind} is not the counts of its arrays' verdicts")
    for feature, counts in report["by_feature"].items():
        if counts != store_counts([a for a in arrays if feature in a["features"]]):
            problems.append(f"by_feature.{feature} is not the counts of its arrays' verdicts")
    if report["interrupted"] or report["totals"]["not_reached"]:
        problems.append("the run did not complete")
    vectors = report["vectors"]
    if not vectors["version"] or len(vectors["manifest_sha256"]) != 64:
        problems.append("the report does not name the vectors' version and manifest SHA-256")
    return problems


def badge_problems(badge: dict, report: dict) -> list[str]:
    """What a badge says that its report does not (computed here, not by harness/results/badge.py)."""
    totals = report["totals"]
    problems = []
    if badge.get("schemaVersion") != 1 or set(badge) != {"schemaVersion", "label", "message", "color"}:
        problems.append(f"not a shields.io endpoint badge: keys {sorted(badge)}")
        return problems
    if badge["label"] != f"cast_value vectors {report['run']['vectors']['version']}":
        problems.append(f"label {badge['label']!r} does not name the report's vectors version")
    parts = badge["message"].split(", ")
    if parts[0] != report["run"]["implementation"]["version"]:
        problems.append(f"message {badge['message']!r} does not start with the version")
    compared = totals["pass"] + totals["divergence"] + totals["fail"]
    selected = report["accounting"]["selected"]
    for at, word, part, whole in ((1, "pass", totals["pass"], totals["cases"]),
                                  (2, "compared", compared, selected)):
        shown = re.fullmatch(r"(\d+)(?:\.(\d\d))?% " + word, parts[at] if len(parts) > at else "")
        if not shown:
            problems.append(f"message {badge['message']!r} has no share {word} (part {at + 1})")
            continue
        # In integers: a float quotient rounds 10^17 of 10^17 + 1 up to 100%.
        hundredths = int(shown.group(1)) * 100 + int(shown.group(2) or 0)
        if not whole or not hundredths * whole <= part * 10000 < (hundredths + 1) * whole:
            problems.append(f"shows {parts[at]}, the report {part} of {whole} (rounded down)")
    for key, word in (("fail", "fail"), ("adapter_error", "adapter error"),
                      ("divergence", "divergence"), ("unsupported", "unsupported")):
        if totals[key] and f"{totals[key]:,} {word}" not in parts:
            problems.append(f"message {badge['message']!r} hides {totals[key]} {word}")
    everything_passed = (report["complete"] is True and totals["cases"] > 0
                         and totals["pass"] == totals["cases"])
    if (badge["color"] == "brightgreen") != everything_passed:
        problems.append(f"colour {badge['color']} with {totals['pass']} of {totals['cases']} passed")
    if badge["color"] not in ("brightgreen", "yellow", "red"):
        problems.append(f"colour {badge['color']!r} is not one of brightgreen, yellow, red")
    elif (totals["fail"] or totals["adapter_error"]) and badge["color"] != "red":
        problems.append(f"colour {badge['color']} with failures or adapter errors")
    return problems


def check_badges(root: Path, reports: list[Path], fail) -> int:
    """Each results/badges/*.json against the report of its implementation and version; teeth."""
    # One badge per published row, named as its report (results/<name>.json).
    by_name = {path.stem: json.loads(path.read_text()) for path in reports}
    badges = sorted((root / "results" / "badges").glob("*.json"))
    if not badges:
        fail("results/badges/ holds no badge")
    first = None
    for path in badges:
        badge = json.loads(path.read_text())
        report = by_name.get(path.stem)
        version = str(badge.get("message", "")).split(", ")[0]
        if report is None or version != report["run"]["implementation"]["version"]:
            fail(f"{path.relative_to(root)}: no published report results/{path.stem}.json of version {version!r}")
            continue
        for problem in badge_problems(badge, report):
            fail(f"{path.relative_to(root)}: {problem}")
        if first is None and report["totals"]["fail"]:
            first = (badge, report)
    for name in sorted(set(by_name) - {p.stem for p in badges}):
        fail(f"results/badges/{name}.json: missing (a published report has no badge)")
    if first is not None:  # Teeth: a badge that says more than its report must be caught.
        badge, report = first
        for what, alter in (("a green badge on a failing report", lambda b: b.update(color="brightgreen")),
                            ("a share passed rounded up", lambda b: b.update(message=b["message"].replace(
                                b["message"].split(", ")[1], "100% pass"))),
                            ("a share compared rounded up", lambda b: b.update(message=b["message"].replace(
                                b["message"].split(", ")[2], "100% compared"))),
                            ("a hidden failure count", lambda b: b.update(message=", ".join(
                                p for p in b["message"].split(", ") if not p.endswith(" fail"))))):
            broken = copy.deepcopy(badge)
            alter(broken)
            if not badge_problems(broken, report):
                fail(f"{what} is not detected: the check has no teeth")
    return len(badges)


def check_report_files(root: Path, folder: Path, problems_of, suffixes, fail):
    """Each report of `folder` (*.json): its problems and its pages beside it (`suffixes`).
    Returns the reports and the first one without a problem (for the teeth), or None."""
    reports = sorted(folder.glob("*.json"))
    if not reports:
        fail(f"{folder.relative_to(root)}/ holds no report")
    first = None
    for path in reports:
        report = json.loads(path.read_text())
        problems = problems_of(report)
        for problem in problems:
            fail(f"{path.relative_to(root)}: {problem}")
        if not problems and first is None:
            first = report
        for sibling in (path.with_suffix(suffix) for suffix in suffixes):
            if not sibling.exists():
                fail(f"{path.relative_to(root)}: no {sibling.name} beside it")
    return reports, first


def check_store_results(root: Path, fail) -> int:
    """The published store-level reports (results/stores/*.json), and the check's teeth."""
    schema = json.loads((root / "harness" / "stores" / "store-report.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    reports, first = check_report_files(root, root / "results" / "stores",
                                        lambda report: store_report_problems(report, validator),
                                        (".md",), fail)
    # Teeth: altered copies of a real (valid) store-level report must be caught.
    if first is not None:
        for what, alter in (
                ("an unknown verdict", lambda r: r["arrays"][0].update(verdict="passed")),
                ("a missing count", lambda r: r["totals"].pop("adapter_error")),
                ("an unknown key", lambda r: r.update(seconds=1.0)),
                ("totals that are not the arrays'", lambda r: r["totals"].update(
                    fail=r["totals"]["fail"] + 1, arrays=r["totals"]["arrays"] + 1)),
                ("a feature count that is not the arrays'",
                 lambda r: next(iter(r["by_feature"].values())).update(arrays=0)),
                ("a report without its vectors version", lambda r: r["vectors"].update(version=""))):
            broken = copy.deepcopy(first)
            alter(broken)
            if not store_report_problems(broken, validator):
                fail(f"{what} in a store-level report is not detected: the check has no teeth")
    return len(reports)


def main() -> int:
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(sys.argv) == 2 else 2
    root = Path(sys.argv[1])
    results = root / "results"
    validator = jsonschema.Draft202012Validator(
        json.loads((root / "harness" / "reports" / "report.schema.json").read_text()))
    failures = 0

    def fail(message: str) -> None:
        nonlocal failures
        print("FAIL " + message)
        failures += 1

    reports, first = check_report_files(root, results,
                                        lambda report: report_problems(report, validator),
                                        (".md", ".html"), fail)
    for path in reports:
        report = json.loads(path.read_text())
        page = path.with_suffix(".html")
        if page.exists() and report.get("run", {}).get("vectors", {}).get("version"):
            if "version " + report["run"]["vectors"]["version"] not in page.read_text(errors="replace"):
                fail(f"{page.relative_to(root)}: does not name the vectors version of its report")
        summary = path.with_suffix(".md")
        if summary.exists() and report.get("report_version", 0) >= 6:
            text = summary.read_text(errors="replace")
            for reason in report["unsupported_reasons"]:
                if f"| {reason['cases']} | {reason['cells']} |" not in text:
                    fail(f"{summary.relative_to(root)}: does not list the reason "
                         f"{reason['reason'][:80]!r} ({reason['cases']} cases)")
    # Every file, the issue drafts (results/issue-drafts/NAME/*.md) included.
    for path in sorted(p for p in results.rglob("*") if p.is_file()):
        text = path.read_text(errors="replace")
        found = ABSOLUTE_PATH.search(text)
        if found:
            fail(f"{path.relative_to(root)}: holds an absolute path: "
                 f"...{text[max(0, found.start() - 40):found.end() + 40]}...")
        if path.suffix == ".html" and path.stat().st_size >= MAX_PAGE_BYTES:
            fail(f"{path.relative_to(root)}: {path.stat().st_size} bytes, the limit is {MAX_PAGE_BYTES}")

    # Teeth: altered copies of a real (valid) report must be caught.
    if first is not None:
        leaked = json.dumps(first).replace('"command": "', '"command": "/root/project/', 1)
        if not ABSOLUTE_PATH.search(leaked):
            fail("an absolute path in a report is not detected: the check has no teeth")
        broken = copy.deepcopy(first)
        broken["totals"]["fail"] += 1
        if not report_problems(broken, validator):
            fail("totals that do not add up are not detected: the check has no teeth")
        unversioned = copy.deepcopy(first)
        unversioned["run"]["vectors"]["version"] = ""
        if not report_problems(unversioned, validator):
            fail("a report without its vectors version is not detected: the check has no teeth")
        if first.get("report_version", 0) >= 6 and first["totals"]["unsupported"] > 0:
            unreasoned = copy.deepcopy(first)
            unreasoned["unsupported_reasons"][0]["cases"] += 1
            if not report_problems(unreasoned, validator):
                fail("reasons that do not add up are not detected: the check has no teeth")
        old = {"name": "x", "version": "1", "totals": first["totals"]}
        if not report_problems(old, validator):
            fail("a summary that is not a full report is not detected: the check has no teeth")
    stores = check_store_results(root, fail)
    badges = check_badges(root, reports, fail)
    print(f"{len(reports)} published reports, {badges} badges and {stores} store-level reports checked, "
          f"{failures} problems")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
