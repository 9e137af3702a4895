#!/usr/bin/env bash
# tests/harness/adapters/published_row.py, the comparison harness.adapters_certified.NAME makes,
# without building an adapter: a published report compared with itself is the same (exit 0); with
# one cell's pass count, one total, one unsupported reason or the library version moved it differs
# (exit 1) naming what moved; a report of an implementation with no published row, or a file that
# is no run report, is bad input (exit 2).
# usage: tests/harness/adapters/published_row_teeth.sh
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
source "$root/tests/harness/adapters/test_lines.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
compare="$root/tests/harness/adapters/published_row.py"
row="zarrs-0.23.14.json"
mkdir -p "$work/results"
cp "$root/results/$row" "$work/results/$row"

check "a published report is its own row" exits 0 python3 "$compare" "$root/results/$row" "$work/results"
# moved WHAT PYTHON-STATEMENT: the row with one thing changed by the statement (on `r`).
moved() {
  python3 - "$root/results/$row" "$work/results/$row" "$2" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
exec(sys.argv[3])
json.dump(r, open(sys.argv[2], "w"))
PY
  exits 1 python3 "$compare" "$root/results/$row" "$work/results"
}
check "a cell's pass count moved: differs" moved cell 'next(c for c in r["cells"] if c["counts"]["pass"])["counts"]["pass"] -= 1'
check "... naming the cell" says '^cell '
check "a total moved: differs" moved totals 'r["totals"]["fail"] += 1'
check "... naming the totals" says '^totals: '
check "an unsupported reason reworded: differs" moved reason 'r["unsupported_reasons"][0]["reason"] += "!"'
check "... naming the reason" says '^unsupported reason '
check "the library version moved: differs" moved environment 'r["run"]["environment"]["zarrs"] = "0.0.0"'
check "... naming the environment" says '^environment: '
cp "$root/results/$row" "$work/results/$row"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); r["run"]["environment"]["rustc"]="0.0.0"; json.dump(r,open(sys.argv[2],"w"))' \
  "$root/results/$row" "$work/results/$row"
check "the compiler version moved: still the same row" exits 0 python3 "$compare" "$root/results/$row" "$work/results"
rm "$work/results/$row"
check "no published row: bad input (exit 2)" exits 2 python3 "$compare" "$root/results/$row" "$work/results"
check "... naming the missing row" says 'no published row'
echo '{"report": "cvc-check-store"}' >"$work/store.json"
check "not a run report: bad input (exit 2)" exits 2 python3 "$compare" "$work/store.json" "$root/results"
check "... saying so" says 'not a cvc run report'
finish
