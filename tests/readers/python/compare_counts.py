#!/usr/bin/env python3
"""Do the reader's counts (pytest --cast-value-json) equal `cvc run`'s (--json), cell by cell?
usage: compare_counts.py CVC_REPORT.json READER_COUNTS.json [--type TYPE]
Exit 0 when every cell's pass / divergence / fail / unsupported counts and the divergences by
flag are equal, 1 (each difference printed) when not, 2 for unreadable input. With --type, only
the cells whose input or output type is TYPE are compared (the divergences by flag, totals of
every cell, are not): the reader ran the batches of that type only (planted_bugs.py)."""
import json
import sys

KEYS = ("pass", "divergence", "fail", "unsupported")


def main(argv):
    only = None
    if len(argv) == 5 and argv[3] == "--type":
        argv, only = argv[:3], argv[4]
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        cvc, reader = (json.load(open(path, encoding="utf-8")) for path in argv[1:])
        harness = {(c["operation"], c["input_type"], c["output_type"]): {k: c["counts"][k] for k in KEYS}
                   for c in cvc["cells"]}
        ours = {(c["operation"], c["input_type"], c["output_type"]): {k: c["counts"][k] for k in KEYS}
                for c in reader["cells"]}
        harness_flags = {f["flag"]: f["cases"] for f in cvc["divergence_flags"]}
        if only is not None:
            harness = {cell: counts for cell, counts in harness.items() if only in cell[1:]}
        reader_totals = reader["totals"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"compare_counts.py: unreadable input: {e!r}", file=sys.stderr)
        return 2
    differences = []
    for cell in sorted(set(harness) | set(ours)):
        a, b = harness.get(cell), ours.get(cell)
        if a != b:
            differences.append(f"cell {' '.join(cell)}: cvc run {a}, reader {b}")
    if only is None and harness_flags != reader["divergence_flags"]:
        differences.append(f"divergences by flag: cvc run {harness_flags}, reader {reader['divergence_flags']}")
    for category in ("xfail", "xpass", "not_checked"):
        if reader_totals.get(category):
            differences.append(f"reader: {reader_totals[category]} {category} (the agreement run lists none)")
    totals = {k: sum(c[k] for c in harness.values()) for k in KEYS}
    print(f"cvc run{f' (cells of {only})' if only else ''}: {sum(totals.values())} cases {totals}; reader: "
          f"{reader_totals['cases']} cases { {k: reader_totals[k] for k in KEYS} }; {len(harness)} cells")
    for line in differences:
        print("DIFFERENT " + line)
    if not differences:
        print("the same counts in every cell")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
