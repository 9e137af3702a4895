#!/usr/bin/env bash
# The reader's unit tests (test_reader.py) in the reader's test venv. usage: unit_tests.sh VECTORS
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
[ $# -eq 1 ] || { echo "usage: unit_tests.sh VECTORS" >&2; exit 2; }
build="${CVC_BUILD_DIR:-$root/build}"
"$root/harness/adapters/zarr-python/setup.sh"
"$root/tests/readers/python/setup_zarr_python_reader_venv.sh"
cd "$(mktemp -d)"
VECTORS="$1" exec "$build/readers/python/zarr-python-venv/bin/python" -m pytest -q -p no:cacheprovider \
  -p pytester "$root/tests/readers/python/test_reader.py"
