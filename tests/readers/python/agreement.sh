#!/usr/bin/env bash
# The Python reader's agreement test (issue 24, item 4): zarr-python's codec run by pytest through
# the reader (test_zarr_python_chain.py) and by `cvc run` through its adapter, on the same
# selection (family chain), must give the same pass / divergence / fail / unsupported counts in
# every cell.
#
# usage: agreement.sh VECTORS [--planted BUG]
#   --planted BUG  run the reader with a planted bug (planted_bugs.py: drop-one, nan): exit 0 only
#                  when the comparison then finds the counts different (the test's teeth)
# Sets itself up: the zarr-python adapter's venv (its setup.sh), and a venv of our own under
# build/readers/python/ that sees that venv's packages and holds the reader and pytest.
# CVC (default build/cvc) is the harness; CVC_BUILD_DIR as the adapters' set-ups read it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
here="$root/tests/readers/python"
usage() { echo "usage: agreement.sh VECTORS [--planted drop-one|nan]" >&2; exit 2; }
[ $# -ge 1 ] || usage
vectors="$1"; shift
planted=""
if [ $# -gt 0 ]; then
  [ "$1" = --planted ] && [ $# -eq 2 ] || usage
  planted="$2"
fi
build="${CVC_BUILD_DIR:-$root/build}"
cvc="${CVC:-$build/cvc}"
[ -x "$cvc" ] || { echo "agreement.sh: no harness at $cvc (build it, or set CVC)" >&2; exit 3; }

"$root/harness/adapters/zarr-python/setup.sh"
"$here/setup_zarr_python_reader_venv.sh"
venv="$build/readers/python/zarr-python-venv"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
status=0
"$cvc" run --impl "$root/harness/adapters/zarr-python/run.sh" --vectors "$vectors" --family chain \
  --json "$work/cvc.json" >"$work/cvc.txt" 2>&1 || status=$?
if [ "$status" -gt 1 ]; then cat "$work/cvc.txt" >&2; echo "agreement.sh: cvc run failed (exit $status)" >&2; exit 3; fi
status=0
(cd "$work" && PLANTED_BUG="$planted" PYTHONPATH="$here" "$venv/bin/python" -m pytest -q -p no:cacheprovider \
  -p planted_bugs "$here/test_zarr_python_chain.py" --cast-value-vectors "$vectors" \
  --cast-value-json "$work/reader.json" >"$work/pytest.txt" 2>&1) || status=$?
if [ "$status" -gt 1 ]; then cat "$work/pytest.txt" >&2; echo "agreement.sh: pytest failed (exit $status)" >&2; exit 3; fi
sed -n '/= cast-value-vectors =/,/^counts written/p' "$work/pytest.txt"
status=0
"$here/compare_counts.py" "$work/cvc.json" "$work/reader.json" || status=$?
if [ -z "$planted" ]; then exit "$status"; fi
case "$status" in
  1) echo "planted bug $planted: the comparison caught it"; exit 0 ;;
  0) echo "planted bug $planted: NOT caught (the counts still agree)" >&2; exit 1 ;;
  *) exit "$status" ;;
esac
