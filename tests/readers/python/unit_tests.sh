#!/usr/bin/env bash
# The reader's unit tests (test_reader.py) in the reader's test venv. usage: unit_tests.sh VECTORS
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: unit_tests.sh VECTORS" >&2; exit 2; }
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
python="$("$here/setup_zarr_python_reader_venv.sh")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
VECTORS="$1" "$python" -m pytest -q -p no:cacheprovider -p pytester "$here/test_reader.py"
