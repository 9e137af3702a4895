#!/usr/bin/env python3
"""Write results/ pages from `cvc run` reports (used by scripts/publish-results).

usage: publish_results.py --reports DIR --results DIR --readme README.md ADAPTER...

For each ADAPTER, reads DIR/ADAPTER/report.json, report.html and terminal.txt, and writes
results/<implementation>-<version>.md and .html. Then writes results/README.md with the summary
table (every page in results/, so earlier results of other versions stay listed) and replaces the
table between the markers in the top-level README.
"""
import argparse
import json
import re
import shutil
import sys
from pathlib import Path

BEGIN = "<!-- results-table:begin -->"
END = "<!-- results-table:end -->"


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-")


def page_for(adapter: str, reports: Path, results: Path) -> Path:
    report = json.loads((reports / adapter / "report.json").read_text())
    implementation = report["run"]["implementation"]
    name = f"{slug(implementation['name'])}-{slug(implementation['version'])}"
    shutil.copyfile(reports / adapter / "report.html", results / f"{name}.html")
    totals = report["totals"]
    terminal = (reports / adapter / "terminal.txt").read_text()
    page = results / f"{name}.md"
    page.write_text(
        f"# {implementation['name']} {implementation['version']} ({implementation['language']})\n\n"
        f"Adapter: `harness/adapters/{adapter}` (the oracle's own adapter for `oracle`). "
        f"Reproduce: `scripts/main --adapter {adapter}`.\n\n"
        f"Notes from the adapter: {report['run'].get('notes') or '(none)'}\n\n"
        f"Totals: {totals['cases']} cases: {totals['pass']} pass, {totals['divergence']} "
        f"divergence, {totals['fail']} fail, {totals['unsupported']} unsupported, "
        f"{totals['adapter_error']} adapter error. The conformance matrix is in "
        f"[{name}.html]({name}.html).\n\n"
        "## Terminal report\n\n```\n" + terminal + "```\n")
    meta = {"name": implementation["name"], "version": implementation["version"],
            "language": implementation["language"], "adapter": adapter, "totals": totals,
            "mode": report["run"]["mode"], "harness": report["run"]["harness_version"]}
    (results / f"{name}.json").write_text(json.dumps(meta, indent=1, sort_keys=True) + "\n")
    return page


def table(results: Path) -> str:
    rows = ["| implementation | version | pass | divergence | fail | unsupported | adapter error | page |",
            "|---|---|---:|---:|---:|---:|---:|---|"]
    for meta_path in sorted(results.glob("*.json")):
        meta = json.loads(meta_path.read_text())
        t = meta["totals"]
        label = meta["name"] + (" (baseline)" if "baseline" in meta["name"] else "")
        rows.append(f"| {label} | {meta['version']} | {t['pass']} | {t['divergence']} | {t['fail']} "
                    f"| {t['unsupported']} | {t['adapter_error']} | [{meta_path.stem}]"
                    f"(results/{meta_path.stem}.md) |")
    return "\n".join(rows) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reports", type=Path, required=True)
    parser.add_argument("--results", type=Path, required=True)
    parser.add_argument("--readme", type=Path, required=True)
    parser.add_argument("adapters", nargs="+")
    args = parser.parse_args()
    args.results.mkdir(parents=True, exist_ok=True)
    for adapter in args.adapters:
        print(f"wrote {page_for(adapter, args.reports, args.results)}")
    summary = table(args.results)
    (args.results / "README.md").write_text(
        "# Published results\n\nEach implementation certified against the published vectors "
        "(`scripts/publish-results`). Counts are cases (one element under one configuration).\n\n"
        + summary.replace("(results/", "("))
    readme = args.readme.read_text()
    if BEGIN in readme and END in readme:
        head, rest = readme.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        args.readme.write_text(head + BEGIN + "\n" + summary + END + tail)
    else:
        print(f"{args.readme} has no {BEGIN} marker: table not copied", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
