#!/usr/bin/env bash
# The Python reader's agreement test (issue 24, item 4): zarr-python's codec run by pytest through
# the reader (test_zarr_python_chain.py) and by `cvc run` through its adapter, on the same
# selection (family chain), must give the same pass / divergence / fail / unsupported counts in
# every cell. Then its teeth: the pytest run with each planted reader bug (planted_bugs.py:
# drop-one, nan) on the batches of one data type must give counts different from cvc run's cells
# of that type (which the same run without a bug gives).
#
# usage: agreement.sh VECTORS [--no-teeth]
# Sets itself up: the zarr-python adapter's venv (its setup.sh), and a venv of our own under
# build/readers/python/ that sees that venv's packages and holds the reader and pytest.
# CVC (default build/cvc) is the harness; CVC_BUILD_DIR as the adapters' set-ups read it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
here="$root/tests/readers/python"
usage() { echo "usage: agreement.sh VECTORS [--no-teeth]" >&2; exit 2; }
[ $# -ge 1 ] && [ $# -le 2 ] || usage
vectors="$1"
bugs="drop-one nan"
if [ $# -eq 2 ]; then [ "$2" = --no-teeth ] || usage; bugs=""; fi
build="${CVC_BUILD_DIR:-$root/build}"
cvc="${CVC:-$build/cvc}"
[ -x "$cvc" ] || { echo "agreement.sh: no harness at $cvc (build it, or set CVC)" >&2; exit 3; }

python="$("$here/setup_zarr_python_reader_venv.sh")"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
status=0
SECONDS=0
"$cvc" run --impl "$root/harness/adapters/zarr-python/run.sh" --vectors "$vectors" --family chain \
  --json "$work/cvc.json" >"$work/cvc.txt" 2>&1 || status=$?
if [ "$status" -gt 1 ]; then cat "$work/cvc.txt" >&2; echo "agreement.sh: cvc run failed (exit $status)" >&2; exit 3; fi
echo "cvc run --family chain: ${SECONDS} s"

# reader_counts BUG [TYPE]: the pytest run (with planted bug BUG, or none; on the batches of data
# type TYPE only, or all), its counts compared with cvc run's (with TYPE: its cells only); the
# comparison's exit status (0 the same, 1 different).
reader_counts() {
  local status=0
  SECONDS=0
  (cd "$work" && PLANTED_BUG="$1" PLANTED_TYPE="${2:-}" PYTHONPATH="$here" "$python" -m pytest -q \
    -p no:cacheprovider -p planted_bugs "$here/test_zarr_python_chain.py" --cast-value-vectors "$vectors" \
    --cast-value-json "$work/reader.json" >"$work/pytest.txt" 2>&1) || status=$?
  if [ "$status" -gt 1 ]; then cat "$work/pytest.txt" >&2; echo "agreement.sh: pytest failed (exit $status)" >&2; exit 3; fi
  echo "pytest through the reader${1:+ with planted bug $1}${2:+ on the batches of $2}: ${SECONDS} s"
  sed -n '/= cast-value-vectors =/,/^counts written/p' "$work/pytest.txt" | grep -v '^counts written'
  status=0
  "$here/compare_counts.py" "$work/cvc.json" "$work/reader.json" ${2:+--type "$2"} || status=$?
  [ "$status" -le 1 ] || exit 3
  return "$status"
}

reader_counts "" || { echo "agreement.sh: the reader's counts differ from cvc run's" >&2; exit 1; }
# The planted bugs run on the batches of one type (whole cells: int16 holds NaN results, errors
# and passes, and takes a fifth of the time); first without a bug, so that only the bug can make
# the counts differ.
teeth_type=int16
if [ -n "$bugs" ]; then
  reader_counts "" "$teeth_type" || { echo "agreement.sh: the reader's counts of $teeth_type differ from cvc run's" >&2; exit 1; }
fi
for bug in $bugs; do
  if reader_counts "$bug" "$teeth_type"; then
    echo "agreement.sh: planted bug $bug NOT caught (the counts still agree)" >&2; exit 1
  fi
  echo "planted bug $bug: caught"
done
