#!/usr/bin/env python3
"""Write results/ from `cvc run` reports (used by scripts/publish-results).

usage: publish_results.py --reports DIR --results DIR --readme README.md ADAPTER...

For each ADAPTER, reads DIR/ADAPTER/report.json, report.html and terminal.txt, and writes
results/<implementation>-<version>.json (the full JSON report, valid against
harness/reports/report.schema.json), .html (the report page) and .md (a summary naming what produced the
result: implementation, environment, vectors version and manifest SHA-256, harness version, the
command, relative to the repository root), and results/badges/<implementation>-<version>.json (its
shields.io endpoint badge, harness/results/badge.py). Then writes results/README.md with the
summary table (every report in results/, so earlier results of other versions stay listed) and replaces the
table between the markers in the top-level README; then the dashboard (harness/results/dashboard.py):
results/index.html, results/index.md and the history of every row, results/history/rows.json.

Store level (`cvc check-store`, vectors/STORES.md): for each ADAPTER whose DIR/ADAPTER holds
stores.json and stores.txt (the terminal report), writes results/stores/<implementation>-<version>
.json and .md, and results/stores/README.md with their table (every report in results/stores/).

Refuses (exit 1, naming the file and the text) to publish a file that holds an absolute path of
this machine: reports are run from the repository root with relative paths, and the harness
writes paths under the working directory relative to it.
"""
import argparse
import json
import re
import shutil
import sys
from pathlib import Path

from badge import badge
from dashboard import write_dashboard

BEGIN = "<!-- results-table:begin -->"
END = "<!-- results-table:end -->"
# What a path of the publishing machine looks like (tests/results/check_results.py checks the same).
ABSOLUTE_PATH = re.compile(r"(/work/|/tmp/[A-Za-z0-9_]|/root/|/home/|/Users/|[A-Z]:\\\\)")


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-")


def counts_line(totals: dict) -> str:
    return (f"{totals['pass']} pass, {totals['divergence']} divergence, {totals['fail']} fail, "
            f"{totals['unsupported']} unsupported, {totals['adapter_error']} adapter error")


def harness_version(report: dict) -> str:
    """The cvc that made a report: its envelope's harness_version (run report 5, store report 2),
    or where older versions kept it (run report 4: run.harness_version; store report 1: cvc)."""
    if "harness_version" in report:
        return report["harness_version"]
    return report["run"]["harness_version"] if "run" in report else report["cvc"]


def unreleased(environment: dict) -> bool:
    """Was the implementation built from unreleased code (its adapter's environment says so)?"""
    return str(environment.get("release", "")).startswith("unreleased")


def markdown_cell(text: str) -> str:
    """A text from the report as one cell of a Markdown table."""
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def unsupported_lines(report: dict) -> list[str]:
    """The unsupported cases by reason (run report 6 on: `unsupported_reasons`), a table whose
    cases add up to the totals' unsupported count; refuses (ValueError) a report whose do not."""
    unsupported = report["totals"]["unsupported"]
    if unsupported == 0:
        return []
    if "unsupported_reasons" not in report:
        return ["", f"**Unsupported**: {unsupported} cases; report version "
                f"{report['report_version']} records no reasons (run again with this cvc)."]
    reasons = report["unsupported_reasons"]
    if sum(reason["cases"] for reason in reasons) != unsupported:
        raise ValueError(f"unsupported_reasons do not add up to the {unsupported} unsupported cases")
    rows = ["", f"**Unsupported**: {unsupported} cases, by reason (never counted as passed):", "",
            "| reason | cases | cells |", "|---|---:|---:|"]
    rows += [f"| {markdown_cell(reason['reason'])} | {reason['cases']} | {reason['cells']} |"
             for reason in reasons]
    return rows


def summary_page(adapter: str, name: str, report: dict, terminal: str, drafts: int) -> str:
    run = report["run"]
    implementation = run["implementation"]
    accounting = report["accounting"]
    environment = ", ".join(f"{k} {v}" for k, v in sorted(run["environment"].items())) or "(none declared)"
    vectors = run["vectors"]
    lines = [
        f"# {implementation['name']} {implementation['version']} ({implementation['language']})",
        "",
        *([f"**UNRELEASED**: built from unreleased code ({run['environment']['release']}), "
           "not from a published release.", ""] if unreleased(run["environment"]) else []),
        "| | |",
        "|---|---|",
        f"| adapter | `harness/adapters/{adapter}` (`oracle`: the reference adapter, `build/cvc adapter`) |",
        f"| reproduce | `scripts/main --adapter {adapter}` |",
        f"| command | `{run['command']}` |",
        f"| environment | {environment} |",
        f"| vectors | version {vectors['version'] or '(none)'}, manifest SHA-256 `{vectors['manifest_sha256']}` |",
        f"| harness | cvc {harness_version(report)}, report version {report['report_version']} |",
        f"| selection | {run['selection']} |",
        f"| run | {run['started_at']}, {run['seconds']:.0f} s, "
        f"{'complete' if report['complete'] else 'INCOMPLETE: ' + (report['abort_reason'] or 'interrupted')} |",
        "",
        f"Notes from the adapter: {run['notes'] or '(none)'}",
        "",
        f"**Totals**: {report['totals']['cases']} cases: {counts_line(report['totals'])}; "
        f"selected {accounting['selected']}, not reached {accounting['not_reached']}.",
    ]
    if "result" in report:  # run report 7 on: the verdict and how much of the selection it covers
        lines += ["", f"**Result**: {report['result']}."]
    for line in accounting["outside_selection"]:
        lines.append(f"Outside the selection: {line}.")
    lines += unsupported_lines(report)
    lines += ["",
              f"The full report: [{name}.json]({name}.json) (schema `harness/reports/report.schema.json`); "
              f"the conformance matrix and the failure groups: [{name}.html]({name}.html)" +
              (f"; one upstream bug-report draft per diagnosis group ({drafts}): "
               f"[issue-drafts/{name}/](issue-drafts/{name}/)." if drafts else
               " (no diagnosis group, so no upstream bug-report draft)."),
              "", "## Terminal report", "", "```", terminal.rstrip("\n"), "```", ""]
    return "\n".join(lines)


def publish(adapter: str, reports: Path, results: Path) -> list[Path]:
    source = reports / adapter
    report = json.loads((source / "report.json").read_text())
    implementation = report["run"]["implementation"]
    name = f"{slug(implementation['name'])}-{slug(implementation['version'])}"
    written = [results / f"{name}.json", results / f"{name}.html", results / f"{name}.md"]
    shutil.copyfile(source / "report.json", written[0])
    shutil.copyfile(source / "report.html", written[1])
    terminal = (source / "terminal.txt").read_text()
    draft_files = sorted((source / "issue-drafts").glob("*.md")) if (source / "issue-drafts").is_dir() else []
    written[2].write_text(summary_page(adapter, name, report, terminal, len(draft_files)))
    # The shields.io endpoint badge: one per published row, named as its page. (One per
    # implementation would be shared by two rows of the same implementation, zarrs 0.23.14 and
    # zarrs main, and say whichever was published last.)
    badges = results / "badges"
    badges.mkdir(exist_ok=True)
    written.append(badges / f"{name}.json")
    written[-1].write_text(json.dumps(badge(report), ensure_ascii=False, indent=1) + "\n")
    # The upstream bug-report drafts, one per diagnosis group (cvc run --issue-drafts).
    drafts = results / "issue-drafts" / name
    if drafts.exists():
        shutil.rmtree(drafts)
    if draft_files:
        drafts.mkdir(parents=True)
        for draft in draft_files:
            written.append(drafts / draft.name)
            shutil.copyfile(draft, written[-1])
    return written


def publish_stores(reports: Path, results: Path) -> list[Path]:
    """The store-level result of `reports` (an adapter's folder), when it has one."""
    if not (reports / "stores.json").is_file():
        return []
    report = json.loads((reports / "stores.json").read_text())
    implementation = report["implementation"]
    name = f"{slug(implementation['name'])}-{slug(implementation['version'])}"
    folder = results / "stores"
    folder.mkdir(parents=True, exist_ok=True)
    written = [folder / f"{name}.json", folder / f"{name}.md"]
    shutil.copyfile(reports / "stores.json", written[0])
    environment = ", ".join(f"{k} {v}" for k, v in sorted(report["environment"].items())) or "(none declared)"
    t = report["totals"]
    written[1].write_text("\n".join([
        f"# {implementation['name']} {implementation['version']}: store level",
        "",
        *([f"**UNRELEASED**: built from unreleased code ({report['environment']['release']}), "
           "not from a published release.", ""] if unreleased(report["environment"]) else []),
        "`cvc check-store` (harness/reports/REPORTS.md, \"Store-level reports\"): every array of the "
        "store-level vectors (vectors/STORES.md) read, written or opened through the "
        f"implementation's {report['interface']}.",
        "",
        "| | |", "|---|---|",
        f"| command | `cvc check-store --impl \"{report['command']}\" --vectors {report['vectors']['path']}` |",
        f"| environment | {environment} |",
        f"| vectors | version {report['vectors']['version'] or '(none)'} |",
        f"| harness | cvc {harness_version(report)} |",
        "",
        f"**Totals**: {t['arrays']} arrays: {t['pass']} pass, {t['fail']} fail, "
        f"{t['unsupported']} unsupported, {t['adapter_error']} adapter error.",
        "", f"The full report: [{name}.json]({name}.json).", "",
        "## Terminal report", "", "```", (reports / "stores.txt").read_text().rstrip("\n"), "```", ""]))
    return written


def stores_table(results: Path) -> str:
    rows = ["| implementation | version | arrays | pass | fail | unsupported | adapter error | page |",
            "|---|---|---:|---:|---:|---:|---:|---|"]
    for path in sorted((results / "stores").glob("*.json")):
        report = json.loads(path.read_text())
        implementation, t = report["implementation"], report["totals"]
        label = implementation["name"] + (" (UNRELEASED)" if unreleased(report["environment"]) else "")
        rows.append(f"| {label} | {implementation['version']} | {t['arrays']} "
                    f"| {t['pass']} | {t['fail']} | {t['unsupported']} | {t['adapter_error']} "
                    f"| [{path.stem}]({path.stem}.md) |")
    return "\n".join(rows) + "\n"


def write_stores_readme(results: Path) -> None:
    """results/stores/README.md: the store-level table, and the analysis when there is one."""
    analysis = ("What the store level finds that the element-level runs do not: "
                "[analysis.md](analysis.md).\n\n" if (results / "stores" / "analysis.md").exists() else "")
    (results / "stores" / "README.md").write_text(
        "# Store-level results\n\nEach implementation certified through real Zarr arrays "
        "(`cvc check-store`, the store-level vectors of vectors/STORES.md). Counts are arrays: "
        "pass + fail + unsupported + adapter error = arrays, every array of the index counted "
        "(an operation or a data type the adapter does not declare is unsupported).\n\n"
        + analysis + stores_table(results))


def table(results: Path) -> str:
    rows = ["| implementation | version | vectors | cases | pass | divergence | fail | unsupported "
            "| adapter error | page |",
            "|---|---|---|---:|---:|---:|---:|---:|---:|---|"]
    for path in sorted(results.glob("*.json")):
        report = json.loads(path.read_text())
        implementation = report["run"]["implementation"]
        t = report["totals"]
        label = implementation["name"] + (" (baseline)" if "baseline" in implementation["name"] else "")
        if unreleased(report["run"]["environment"]):
            label += " (UNRELEASED)"
        rows.append(f"| {label} | {implementation['version']} | {report['run']['vectors']['version']} "
                    f"| {t['cases']} | {t['pass']} | {t['divergence']} | {t['fail']} "
                    f"| {t['unsupported']} | {t['adapter_error']} | [{path.stem}](results/{path.stem}.md) |")
    return "\n".join(rows) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reports", type=Path, required=True)
    parser.add_argument("--results", type=Path, required=True)
    parser.add_argument("--readme", type=Path, required=True)
    parser.add_argument("adapters", nargs="+")
    args = parser.parse_args()
    args.results.mkdir(parents=True, exist_ok=True)
    leaks = 0
    for adapter in args.adapters:
        for path in publish(adapter, args.reports, args.results) + \
                publish_stores(args.reports / adapter, args.results):
            found = ABSOLUTE_PATH.search(path.read_text(errors="replace"))
            if found:
                text = path.read_text(errors="replace")
                start = max(0, found.start() - 60)
                print(f"{path}: holds an absolute path: ...{text[start:found.end() + 60]}...",
                      file=sys.stderr)
                leaks += 1
            print(f"wrote {path}")
    summary = table(args.results)
    (args.results / "README.md").write_text(
        "# Published results\n\nEach implementation certified against the published vectors "
        "(`scripts/publish-results`). Counts are cases (one element under one configuration); "
        "pass + divergence + fail + unsupported + adapter error = cases, every selected case "
        "counted. Each row links to a summary page, which links to the full JSON report and "
        "the HTML matrix. `badges/<implementation>-<version>.json` is each row as a "
        "shields.io endpoint badge (`https://img.shields.io/endpoint?url=` and the raw address of "
        "the file): the share of all its cases that passed, rounded down, and every count that "
        "is not a pass. Every row against every feature, with each implementation's history: "
        "[the dashboard](index.html) ([Markdown](index.md)).\n\n" + summary.replace("(results/", "("))
    if (args.results / "stores").is_dir():
        write_stores_readme(args.results)
    for path in write_dashboard(args.results):
        print(f"wrote {path}")
    readme = args.readme.read_text()
    if BEGIN in readme and END in readme:
        head, rest = readme.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        args.readme.write_text(head + BEGIN + "\n" + summary + END + tail)
    else:
        print(f"{args.readme} has no {BEGIN} marker: table not copied", file=sys.stderr)
    if leaks:
        print(f"publish_results: {leaks} files hold absolute paths: not fit to commit", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
