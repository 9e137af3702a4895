#!/usr/bin/env bash
# Idempotent: build/readers/python/zarr-python-venv, a venv on the zarr-python adapter's Python
# that sees the adapter venv's packages (zarr, numpy: a .pth file) and holds pytest and the reader
# (readers/python, installed from this checkout) and setuptools (test_reader.py runs the reader's
# setup.py). Runs the adapter's set-up first
# (harness/adapters/zarr-python/setup.sh, idempotent too). Prints the venv's python on stdout
# (all else goes to stderr).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
"$root/harness/adapters/zarr-python/setup.sh" >&2
build="${CVC_BUILD_DIR:-$root/build}"
adapter_venv="$build/adapters/zarr-python/venv"
venv="$build/readers/python/zarr-python-venv"
fail() { echo "setup_zarr_python_reader_venv.sh: $*" >&2; exit 3; }
[ -x "$adapter_venv/bin/python" ] || fail "no zarr-python venv at $adapter_venv (run harness/adapters/zarr-python/setup.sh)"
stamp="$venv/cvc-reader-sources"
sources="$(cd "$root/readers/python" && find pyproject.toml setup.py src -name '*.py' -o -name '*.toml' | sort | xargs sha256sum | sha256sum)"
if [ -x "$venv/bin/python" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$sources" ] \
   && "$venv/bin/python" -c 'import zarr, pytest, setuptools, cast_value_vectors' 2>/dev/null; then
  echo "$venv/bin/python"
  exit 0
fi
rm -rf "$venv"
mkdir -p "$(dirname "$venv")"
"$adapter_venv/bin/python" -m venv "$venv" || fail "python -m venv failed"
site() { "$1" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])'; }
site "$adapter_venv/bin/python" >"$(site "$venv/bin/python")/zarr-python-adapter.pth"
CAST_VALUE_VECTORS_SOURCE=/nonexistent "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
  "$root/readers/python" pytest setuptools >"$venv.log" 2>&1 || { cat "$venv.log" >&2; fail "pip install failed"; }
"$venv/bin/python" -c 'import zarr, pytest, cast_value_vectors' || fail "the venv does not import zarr, pytest and the reader"
echo "$sources" >"$stamp"
echo "$venv/bin/python"
