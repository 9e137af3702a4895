#!/bin/sh
# Launcher of the numpy-baseline adapter: the venv's python on adapter.py with the cvc_adapter
# helper on PYTHONPATH. Run setup.sh once first.
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
venv="${CVC_BUILD_DIR:-$root/build}/adapters/numpy-baseline/venv"
if [ ! -x "$venv/bin/python" ]; then
  echo "numpy-baseline/run.sh: no venv at $venv: run $here/setup.sh first" >&2
  exit 1
fi
PYTHONPATH="$root/harness/adapters/python${PYTHONPATH:+:$PYTHONPATH}" exec "$venv/bin/python" "$here/adapter.py" "$@"
