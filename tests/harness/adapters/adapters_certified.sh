#!/usr/bin/env bash
# The certification of a real implementation, re-made: its adapter is set up (its setup.sh), `cvc
# run` runs it on the published vectors as scripts/publish-results does, and the report must give
# its published row (results/<implementation>-<version>.json: the same implementation and
# libraries, totals, unsupported reasons, and counts of every cell and rule;
# tests/harness/adapters/published_row.py). A changed library, adapter, harness or vector set that
# moves one case fails here, naming the cell; the fix is to publish the row again
# (scripts/publish-results ADAPTER). Registered for the adapters whose adapter.conf says
# "certified yes" (CMakeLists.txt), e.g. zarrs-release, the released zarrs from crates.io.
# Also checks that the comparison has teeth: the published row with one cell's pass count moved
# by one must be found different.
#
# usage: tests/harness/adapters/adapters_certified.sh ADAPTER CVC_BINARY
set -uo pipefail
[ $# -eq 2 ] || { echo "usage: adapters_certified.sh ADAPTER CVC_BINARY" >&2; exit 2; }
adapter="$1"
cvc="$2"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
source "$root/tests/harness/adapters/test_lines.sh"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
dir="$root/harness/adapters/$adapter"
compare="$root/tests/harness/adapters/published_row.py"

start=$(date +%s)
"$dir/setup.sh" >"$tmp/setup.log" 2>&1
status=$?
check "$adapter: setup.sh succeeds (exit $status, $(($(date +%s) - start)) s)" test "$status" -eq 0
[ "$failed" -eq 0 ] || { tail -20 "$tmp/setup.log"; finish; }

# As scripts/main runs it for scripts/publish-results (relative paths from the repository root).
start=$(date +%s)
(cd "$root" && "$cvc" run --impl "harness/adapters/$adapter/run.sh" --vectors vectors \
  --report-dir "$tmp/report" >"$tmp/run.txt" 2>"$tmp/run.err")
status=$?
check "$adapter: cvc run completed (exit 0 or 1, got $status, $(($(date +%s) - start)) s)" test "$status" -le 1
[ "$failed" -eq 0 ] || { tail -20 "$tmp/run.err"; finish; }

python3 "$compare" "$tmp/report/report.json" "$root/results" >"$tmp/compare.txt" 2>&1
status=$?
cat "$tmp/compare.txt"
check "$adapter: the run gives its published row (results/)" test "$status" -eq 0

# Teeth: the published row with one cell's pass count moved by one differs.
mkdir -p "$tmp/moved"
python3 - "$tmp/report/report.json" "$root/results" "$tmp/moved" <<'PY'
import json, re, shutil, sys
from pathlib import Path
implementation = json.load(open(sys.argv[1]))["run"]["implementation"]
name = re.sub(r"[^A-Za-z0-9._-]+", "-", implementation["name"] + "-" + implementation["version"]).strip("-")
published = json.loads((Path(sys.argv[2]) / f"{name}.json").read_text())
cell = next(c for c in published["cells"] if c["counts"]["pass"] > 0)
cell["counts"]["pass"] -= 1
(Path(sys.argv[3]) / f"{name}.json").write_text(json.dumps(published))
PY
python3 "$compare" "$tmp/report/report.json" "$tmp/moved" >"$tmp/moved.txt" 2>&1
status=$?
check "$adapter: a published row with one cell moved is found different (exit $status)" test "$status" -eq 1
check "$adapter: ... naming the cell" grep -q '^cell ' "$tmp/moved.txt"
finish
