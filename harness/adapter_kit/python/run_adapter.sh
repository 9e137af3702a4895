#!/bin/sh
# Launcher of a Python adapter: the venv's python (made by setup_venv.sh) on
# harness/adapters/NAME/adapter.py, with the cvc_adapter helper on PYTHONPATH.
#
# usage: run_adapter.sh NAME [ARGS...]   (each adapter's run.sh calls it)
[ $# -ge 1 ] || { echo "usage: run_adapter.sh NAME [ARGS...]" >&2; exit 2; }
name="$1"; shift
root="$(cd "$(dirname "$0")/../../.." && pwd)"
here="$root/harness/adapters/$name"
venv="${CVC_BUILD_DIR:-$root/build}/adapters/$name/venv"
if [ ! -x "$venv/bin/python" ]; then
  echo "$name/run.sh: no venv at $venv: run $here/setup.sh first" >&2
  exit 2
fi
PYTHONPATH="$root/harness/adapter_kit/python${PYTHONPATH:+:$PYTHONPATH}" exec "$venv/bin/python" "$here/adapter.py" "$@"
