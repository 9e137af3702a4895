#!/usr/bin/env python3
"""The committed dashboard (results/index.html, results/index.md, results/history/rows.json) is what
harness/results/dashboard.py makes of the committed rows, and its columns say no more than the
reports: for every row whose report counts families, the type-class columns add up to the cast
and scalar_map families, and the rounding columns and the out_of_range columns each add up to the
same cases as the rules they come from; every published row is in the history.

Teeth: a copy of results/ with one report's pass count moved by one must give another dashboard.

usage: dashboard_check.py ROOT
Exit 0 all hold, 1 a check failed, 2 bad arguments.
"""
import json
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "harness" / "results"))
import dashboard  # noqa: E402

OUTPUTS = ("index.html", "index.md", "history/rows.json")


def regenerated(results: Path, scratch: Path) -> Path:
    """A copy of the rows, the store reports and the history, with the dashboard written again."""
    copy = scratch / "results"
    copy.mkdir(parents=True)
    for path in results.glob("*.json"):
        shutil.copyfile(path, copy / path.name)
    for folder in ("stores", "history"):
        if (results / folder).is_dir():
            shutil.copytree(results / folder, copy / folder)
    for name in ("README.md",) + tuple(f"{p.stem}.md" for p in results.glob("*.json")):
        if (results / name).exists():
            shutil.copyfile(results / name, copy / name)
    dashboard.write_dashboard(copy)
    return copy


def sums(entry: dict) -> list[str]:
    """The columns that must add up, for one history entry."""
    found, problems = entry["features"], []
    if "cast" not in found:
        return problems
    casts = dashboard.zero()
    for family in ("cast", "scalar_map"):
        if family in found:
            dashboard.add(casts, found[family])
    for title, columns in (("type classes", [n for n, _ in dashboard.TYPE_CLASSES] + ["other"]),
                           ("rounding modes", list(dashboard.ROUNDINGS)),
                           ("out_of_range", ["out_of_range " + o for o in dashboard.OUT_OF_RANGE])):
        total = dashboard.zero()
        for column in columns:
            if column in found:
                dashboard.add(total, found[column])
        if title == "type classes" and total != casts:
            problems.append(f"{entry['page']}: the {title} count {total['cases']} cases, the cast and "
                            f"scalar_map families {casts['cases']}")
        if title != "type classes" and total["cases"] > casts["cases"]:
            problems.append(f"{entry['page']}: the {title} count more cases than the casts")
    return problems


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0 if len(argv) == 2 else 2
    results = Path(argv[1]) / "results"
    problems = []
    with tempfile.TemporaryDirectory(prefix="dashboard-check-") as scratch:
        copy = regenerated(results, Path(scratch) / "a")
        for name in OUTPUTS:
            if not (results / name).exists() or (results / name).read_bytes() != (copy / name).read_bytes():
                problems.append(f"results/{name} differs from what the rows give: run scripts/publish-results "
                                "(or `python3 harness/results/dashboard.py` through it) and commit it")
        history = json.loads((copy / "history" / "rows.json").read_text())["rows"]
        for path in results.glob("*.json"):
            run = json.loads(path.read_text())["run"]
            if not any(e["page"] == path.stem and e["manifest_sha256"] == run["vectors"]["manifest_sha256"]
                       for e in history):
                problems.append(f"results/{path.name} is not in the history")
        for entry in history:
            problems += sums(entry)
        # Teeth: one pass moved from one report must change the dashboard.
        moved = Path(scratch) / "b"
        moved.mkdir()
        source = regenerated(results, moved / "source")
        first = sorted(source.glob("*.json"))[0]
        report = json.loads(first.read_text())
        cell = next(c for c in report["cells"] if c["counts"]["pass"] > 0)
        cell["counts"]["pass"] -= 1
        cell["counts"]["fail"] += 1
        first.write_text(json.dumps(report))
        dashboard.write_dashboard(source)
        if (source / "index.md").read_bytes() == (copy / "index.md").read_bytes():
            problems.append("teeth: a report with one pass turned into a failure gives the same dashboard")
    for p in problems:
        print(f"dashboard_check: {p}")
    print("dashboard_check: " + ("FAIL" if problems else
                                 f"the dashboard is the rows' ({len(history)} history entries), its sums hold, "
                                 "and a moved count changes it"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
