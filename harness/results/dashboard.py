"""The results dashboard: every published row against every feature, and each implementation's
history across versions (results/index.html and its Markdown twin results/index.md).

Read by publish_results.py after it has written the rows. Sources, all committed:
- results/<implementation>-<version>.json: the run reports of the rows published now;
- results/stores/<same name>.json: the same rows through real Zarr arrays (`cvc check-store`);
- results/history/rows.json: every row ever published (this module keeps it: a row published again
  on the same vectors replaces its entry; a new version, or new vectors, adds one). Rows published
  before the dashboard existed are added from an old results folder:
  `python3 harness/results/dashboard.py --add-from OLD_RESULTS results` (e.g. the results/ of a
  commit, `git archive COMMIT results | tar -x -C DIR`).

A feature's cell is coloured by the share passed of the cases compared with the oracle (pass,
divergence, fail) and adapter errors, and gives its counts; a cell where nothing was compared is
grey and says so. No cell says more than its report: a report written before the families were
counted (report version 7) has no family cells ("not counted").
"""
import html
import json
import sys
from pathlib import Path

HISTORY_VERSION = 1
VERDICTS = ("pass", "divergence", "fail", "unsupported", "adapter_error")

# A cast cell (encode or decode of two types) belongs to the first class holding either type:
# the narrowest kind of type decides, so that every cell is counted once.
TYPE_CLASSES = (
    ("narrow floats", lambda t: t.startswith(("float4", "float6", "float8"))),
    ("16-bit floats", lambda t: t in ("float16", "bfloat16")),
    ("sub-byte integers", lambda t: t in ("int2", "int4", "uint2", "uint4")),
    ("8- to 64-bit integers", lambda t: t.startswith(("int", "uint"))),
    ("float32, float64", lambda t: t in ("float32", "float64")),
)
FAMILIES = ("cast", "scalar_map", "chain", "metadata")
ROUNDINGS = ("nearest-even", "nearest-away", "towards-zero", "towards-positive", "towards-negative")
OUT_OF_RANGE = ("absent", "clamp", "wrap")
# The tables of the dashboard: a title, what its columns count, and the columns.
TABLES = (
    ("Vector families", "the cases of each family of the vectors; stores: the arrays of "
     "vectors/stores through the implementation's own Zarr code (`cvc check-store`)",
     FAMILIES + ("stores",)),
    ("Casts by type class", "the cast and scalar_map cases (encode and decode), each pair of types "
     "counted under the narrowest kind of type it holds", tuple(name for name, _ in TYPE_CLASSES)),
    ("Rounding and out_of_range", "the cast and scalar_map cases by the configuration's rounding "
     "mode, then by its out_of_range", ROUNDINGS + tuple("out_of_range " + o for o in OUT_OF_RANGE)),
)


def zero() -> dict:
    return {key: 0 for key in ("cases",) + VERDICTS}


def add(into: dict, counts: dict) -> None:
    for key in ("cases",) + VERDICTS:
        into[key] += counts[key]


def type_class(input_type: str, output_type: str) -> str:
    for name, holds in TYPE_CLASSES:
        if holds(input_type) or holds(output_type):
            return name
    return "other"


def features(report: dict, stores: dict | None) -> dict:
    """The counts of every column of the dashboard, from one run report (and its store report)."""
    found = {}
    if "families" in report:
        for family in report["families"]:
            add(found.setdefault(family["family"], zero()), family["counts"])
    for cell in report["cells"]:
        if cell["operation"] in ("encode", "decode"):
            add(found.setdefault(type_class(cell["input_type"], cell["output_type"]), zero()), cell["counts"])
    for rule in report["rules"]:
        parts = rule["rule"].split(" / ")
        if len(parts) == 2 and parts[0] in ROUNDINGS and parts[1] in OUT_OF_RANGE:
            add(found.setdefault(parts[0], zero()), rule["counts"])
            add(found.setdefault("out_of_range " + parts[1], zero()), rule["counts"])
    if stores is not None:
        t = stores["totals"]
        found["stores"] = {"cases": t["arrays"], "pass": t["pass"], "divergence": 0, "fail": t["fail"],
                           "unsupported": t["unsupported"], "adapter_error": t["adapter_error"]}
    return found


def entry_of(path: Path, report: dict, stores: dict | None) -> dict:
    run = report["run"]
    return {
        "implementation": run["implementation"]["name"],
        "version": run["implementation"]["version"],
        "unreleased": str(run["environment"].get("release", "")).startswith("unreleased"),
        "vectors": run["vectors"]["version"],
        "manifest_sha256": run["vectors"]["manifest_sha256"],
        "report_version": report["report_version"],
        "started_at": run["started_at"],
        "page": path.stem,
        "totals": report["totals"],
        "readings": [{"flag": f["flag"], "cases": f["cases"]} for f in report["divergence_flags"]],
        "features": features(report, stores),
    }


def key(entry: dict) -> tuple:
    return (entry["implementation"], entry["version"], entry["manifest_sha256"])


def update_history(results: Path, source: Path | None = None) -> tuple[list[dict], list[dict]]:
    """results/history/rows.json with every row of `source` (results/ itself by default) in it;
    returns its entries, and the rows read from `source` (by implementation and version)."""
    path = results / "history" / "rows.json"
    entries = {key(e): e for e in (json.loads(path.read_text())["rows"] if path.exists() else [])}
    source = results if source is None else source
    read = []
    for report_path in sorted(source.glob("*.json")):
        report = json.loads(report_path.read_text())
        stores_path = source / "stores" / report_path.name
        stores = json.loads(stores_path.read_text()) if stores_path.exists() else None
        entry = entry_of(report_path, report, stores)
        entries[key(entry)] = entry
        read.append(entry)
    ordered = sorted(entries.values(), key=lambda e: (e["implementation"], e["started_at"], e["version"]))
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps({"history": "cast-value-conformance results history",
                                "history_version": HISTORY_VERSION, "rows": ordered},
                               ensure_ascii=False, indent=1) + "\n")
    return ordered, sorted(read, key=lambda e: (e["implementation"], e["version"]))


def compared(counts: dict) -> int:
    return counts["pass"] + counts["divergence"] + counts["fail"] + counts["adapter_error"]


def share(counts: dict) -> str:
    """pass / compared, rounded down to a tenth of a percent (100% only when every one passed)."""
    tenths = counts["pass"] * 1000 // compared(counts)
    return f"{tenths // 10}.{tenths % 10}%".replace(".0%", "%")


def colour(counts: dict) -> str:
    if compared(counts) == 0:
        return "none"
    if counts["pass"] == compared(counts):
        return "all"
    tenths = counts["pass"] * 1000 // compared(counts)
    return "most" if tenths >= 990 else "some" if tenths >= 900 else "few"


def detail(counts: dict) -> str:
    parts = [f"{counts['pass']:,} of {compared(counts):,} passed"]
    for verdict, word in (("divergence", "divergence"), ("fail", "fail"), ("adapter_error", "adapter error"),
                          ("unsupported", "unsupported")):
        if counts[verdict]:
            parts.append(f"{counts[verdict]:,} {word}")
    return ", ".join(parts)


def cell_text(entry: dict, column: str) -> tuple[str, str, str]:
    """(class, short text, full text) of one cell."""
    counts = entry["features"].get(column)
    if counts is None:
        missing = "not counted (report version %d)" % entry["report_version"] if column in FAMILIES else "no case"
        return "none", "—", missing
    if compared(counts) == 0:
        return "none", "—", f"nothing compared: {counts['unsupported']:,} unsupported"
    return colour(counts), share(counts), detail(counts)


def label(entry: dict) -> str:
    return entry["implementation"] + (" (UNRELEASED)" if entry["unreleased"] else "")


STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5em; max-width: 1300px; color: #1b1b1b; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; table-layout: fixed; width: 100%; }
th, td { border: 1px solid #bbb; padding: 0.25em 0.4em; font-size: 0.85em; overflow-wrap: anywhere; }
th { background: #eee; text-align: left; }
td.cell { text-align: center; }
td.cell a { color: inherit; text-decoration: none; display: block; }
td.cell small { display: block; color: #333; }
.all { background: #8fd18f; } .most { background: #c9e8a7; } .some { background: #f3e08a; }
.few { background: #f2a3a3; } .none { background: #e4e4e4; color: #555; }
caption { text-align: left; font-weight: bold; padding: 0.3em 0; }
p.note { font-size: 0.9em; color: #333; }
"""


def html_table(title: str, note: str, columns: tuple, rows: list[dict]) -> list[str]:
    out = ["<table>", f"<caption>{html.escape(title)}</caption>",
           "<colgroup><col style=\"width:16em\">" + "<col>" * len(columns) + "</colgroup>",
           "<tr><th>implementation</th>" + "".join(f"<th>{html.escape(c)}</th>" for c in columns) + "</tr>"]
    for entry in rows:
        cells = []
        for column in columns:
            kind, short, full = cell_text(entry, column)
            cells.append(f"<td class=\"cell {kind}\" title=\"{html.escape(full)}\">"
                         f"<a href=\"{html.escape(entry['page'])}.md\">{html.escape(short)}"
                         f"<small>{html.escape(full)}</small></a></td>")
        cells_text = "".join(cells)
        out.append(f"<tr><th><a href=\"{html.escape(entry['page'])}.md\">{html.escape(label(entry))} "
                   f"{html.escape(entry['version'])}</a><br><small>vectors {html.escape(entry['vectors'])}"
                   f"</small></th>{cells_text}</tr>")
    out += ["</table>", f"<p class=\"note\">{html.escape(title)}: {html.escape(note)}.</p>"]
    return out


def readings_text(entry: dict) -> str:
    return ", ".join(f"{r['flag']} ({r['cases']:,})" for r in entry["readings"]) or "none"


def history_rows(entries: list[dict]) -> list[tuple]:
    return [(label(e), e["version"], e["vectors"], e["started_at"][:10], e["totals"]) for e in entries]


def write_html(results: Path, rows: list[dict], entries: list[dict]) -> None:
    out = ["<!DOCTYPE html>", "<html lang=\"en\"><head><meta charset=\"utf-8\">",
           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
           "<title>cast_value conformance: every implementation</title>",
           f"<style>{STYLE}</style></head><body>",
           "<h1>cast_value conformance: every implementation</h1>",
           "<p class=\"note\">Each row is one published certification (<a href=\"README.md\">the results "
           "table</a>); each cell the share passed of the cases compared with the oracle, with its counts "
           "(hover or read the small line). Green: all passed; pale green: 99% or more; yellow: 90% or "
           "more; red: less; grey: nothing compared. Each cell links to the row's page.</p>"]
    for title, note, columns in TABLES:
        out += html_table(title, note, columns, rows)
    out += ["<table><caption>Readings chosen (divergences: a result the spec allows under another "
            "reading, docs/readings.md)</caption><tr><th style=\"width:16em\">implementation</th>"
            "<th>flag (cases)</th></tr>"]
    out += [f"<tr><th>{html.escape(label(e))} {html.escape(e['version'])}</th>"
            f"<td>{html.escape(readings_text(e))}</td></tr>" for e in rows]
    out += ["</table>", "<table><caption>History: every row published, by implementation</caption>",
            "<tr><th>implementation</th><th>version</th><th>vectors</th><th>run</th><th>cases</th>"
            "<th>pass</th><th>divergence</th><th>fail</th><th>unsupported</th><th>adapter error</th></tr>"]
    for name, version, vectors, day, t in history_rows(entries):
        out.append(f"<tr><td>{html.escape(name)}</td><td>{html.escape(version)}</td><td>{html.escape(vectors)}"
                   f"</td><td>{day}</td>" + "".join(f"<td>{t[k]:,}</td>" for k in ("cases",) + VERDICTS) + "</tr>")
    out += ["</table>", "<p class=\"note\">Written by scripts/publish-results "
            "(harness/results/dashboard.py) from results/*.json, results/stores/*.json and "
            "results/history/rows.json. The same in Markdown: <a href=\"index.md\">index.md</a>.</p>",
            "</body></html>", ""]
    (results / "index.html").write_text("\n".join(out))


def write_markdown(results: Path, rows: list[dict], entries: list[dict]) -> None:
    out = ["# cast_value conformance: every implementation", "",
           "The Markdown twin of [index.html](index.html). Each cell: the share passed of the cases "
           "compared with the oracle, then its counts; \"—\" nothing compared. Each row links to its page.", ""]
    for title, note, columns in TABLES:
        out += [f"## {title}", "", note[0].upper() + note[1:] + ".", "",
                "| implementation | " + " | ".join(columns) + " |", "|---|" + "---|" * len(columns)]
        for e in rows:
            cells = []
            for column in columns:
                _, short, full = cell_text(e, column)
                cells.append(f"{short} ({full})" if short != "—" else f"— ({full})")
            out.append(f"| [{label(e)} {e['version']}]({e['page']}.md) | " + " | ".join(cells) + " |")
        out.append("")
    out += ["## Readings chosen", "", "| implementation | flag (cases) |", "|---|---|"]
    out += [f"| {label(e)} {e['version']} | {readings_text(e)} |" for e in rows]
    out += ["", "## History", "", "| implementation | version | vectors | run | cases | pass | divergence "
            "| fail | unsupported | adapter error |", "|---|---|---|---|---:|---:|---:|---:|---:|---:|"]
    for name, version, vectors, day, t in history_rows(entries):
        out.append(f"| {name} | {version} | {vectors} | {day} | " + " | ".join(f"{t[k]:,}" for k in ("cases",) + VERDICTS) + " |")
    (results / "index.md").write_text("\n".join(out) + "\n")


def write_dashboard(results: Path) -> list[Path]:
    # The rows published now: those whose reports are in results/.
    entries, rows = update_history(results)
    write_html(results, rows, entries)
    write_markdown(results, rows, entries)
    return [results / "history" / "rows.json", results / "index.html", results / "index.md"]


def main(argv: list[str]) -> int:
    if len(argv) != 4 or argv[1] != "--add-from":
        print("usage: dashboard.py --add-from OLD_RESULTS RESULTS   (adds the rows of an older results/ "
              "folder to RESULTS/history/rows.json and writes the dashboard)", file=sys.stderr)
        return 2
    update_history(Path(argv[3]), Path(argv[2]))
    for path in write_dashboard(Path(argv[3])):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
