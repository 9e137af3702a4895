#!/usr/bin/env python3
"""Make a damaged copy of a shard report of `cvc run --json`, for tests/hostile/reproducers.sh
(issue 22, the merge-reports reproducers).

usage: damage_reports.py SRC DEST KIND

Reads the JSON report SRC (a shard's: `cvc run --shard K/N --json SRC ...`), applies the defect
KIND and writes DEST (which must not exist).

kinds:
  relabel      every failure counted as a pass (every "counts" object and the totals: pass += fail,
               fail = 0; cells' status "pass"; no failure groups; exit_code 0), the diagnosis kept
               as it is (it still counts the failures)
  wrap         2^63 added to the pass and to the divergence count of the totals, of the first cell
               and of the first rule: every sum of counts still "adds up" modulo 2^64 (on a
               passing report: the merge passes with counts beyond any run)
  huge-shard   the shard field says shard 1 of 10^12
  huge-field   the implementation's name is 50 MB of "x" (a field merge-reports compares)
  foreign-reason  every unsupported reason naming the data type int2 (the cells' and the run's,
               so that they still add up) names float64 instead: a reason its cells, which
               involve int2, cannot have (issue 33)

Python 3 standard library only.
"""
import json
import os
import sys

KINDS = ("relabel", "wrap", "huge-shard", "huge-field", "foreign-reason")
INT2_REASON = "the adapter does not declare the data type int2 "
TWO_63 = 1 << 63


def every_counts(node):
    """Every "counts" object (and "totals") anywhere in the report."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("counts", "totals") and isinstance(value, dict) and "fail" in value:
                yield value
            else:
                yield from every_counts(value)
    elif isinstance(node, list):
        for item in node:
            yield from every_counts(item)


def main() -> int:
    if len(sys.argv) != 4 or sys.argv[3] not in KINDS:
        sys.exit(__doc__)
    src, dest, kind = sys.argv[1:]
    if os.path.exists(dest):
        sys.exit("damage_reports.py: %s exists" % dest)
    with open(src) as f:
        report = json.load(f)
    if kind == "relabel":
        for counts in every_counts(report):
            counts["pass"] += counts["fail"]
            counts["fail"] = 0
        for cell in report["cells"]:
            cell["status"] = "pass"
            cell["passed_percent"] = 100
        report["failure_groups"]["groups"] = []
        report["exit_code"] = 0
    elif kind == "wrap":
        for counts in (report["totals"], report["cells"][0]["counts"],
                       report["rules"][0]["counts"]):
            counts["pass"] += TWO_63
            counts["divergence"] += TWO_63
    elif kind == "huge-shard":
        report["run"]["shard"] = {"index": 1, "count": 10 ** 12}
    elif kind == "huge-field":
        report["run"]["implementation"]["name"] = "x" * (50 * 1000 * 1000)
    elif kind == "foreign-reason":
        reasons = list(report["unsupported_reasons"])
        for cell in report["cells"]:
            reasons += cell["unsupported_reasons"]
        for reason in reasons:
            reason["reason"] = reason["reason"].replace(
                INT2_REASON, "the adapter does not declare the data type float64 ")
    with open(dest, "w") as f:
        json.dump(report, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
