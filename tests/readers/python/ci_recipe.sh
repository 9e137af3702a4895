#!/usr/bin/env bash
# CI here runs the CI recipe's script (readers/ci/run-vector-tests) on the numpy example, in the
# reader's test venv (build/readers/python/zarr-python-venv: numpy 2.5.5), and checks its counts:
# numpy's astype on the int8 cast file, encode, nearest-even: int8 into the wider integer and
# float types is exact (pass), negative values into unsigned types wrap where the spec says out of
# range (fail), and the 15 types numpy lacks are unsupported, each counted.
# usage: ci_recipe.sh VECTORS
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
[ $# -eq 1 ] || { echo "usage: ci_recipe.sh VECTORS" >&2; exit 2; }
python="$("$root/tests/readers/python/setup_zarr_python_reader_venv.sh")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
status=0
(cd "$work" && "$root/readers/ci/run-vector-tests" --python "$python" \
  --vectors "$1" -- -q "$root/readers/python/examples/test_numpy_astype.py" --cast-value-json "$work/counts.json") \
  >"$work/out.txt" 2>&1 || status=$?
sed -n '/= cast-value-vectors =/,/^counts written/p' "$work/out.txt"
[ "$status" -le 1 ] || { cat "$work/out.txt" >&2; echo "ci_recipe.sh: run-vector-tests exit $status" >&2; exit 3; }
python3 - "$work/counts.json" <<'PY'
import json, sys
totals = json.load(open(sys.argv[1]))["totals"]
want = {"cases": 16384, "pass": 6656, "divergence": 0, "fail": 1024, "unsupported": 8704, "xfail": 0, "xpass": 0, "not_checked": 0}
got = {k: totals[k] for k in want}
print("numpy astype counts:", got)
sys.exit(0 if got == want else f"expected {want}")
PY
