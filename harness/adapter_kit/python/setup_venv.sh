#!/usr/bin/env bash
# Idempotent set-up of a Python adapter: a venv under build/adapters/NAME/venv with the exact
# packages of harness/adapters/NAME/requirements.txt (binary wheels from PyPI), then CHECK (Python
# code that imports them). Quiet when already done; exit 3 with a message on failure.
# CVC_BUILD_DIR overrides build/, CVC_PYTHON the interpreter (default: python3.12, found on PATH or
# under pyenv).
#
# usage: setup_venv.sh NAME CHECK   (each adapter's setup.sh calls it)
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: setup_venv.sh NAME CHECK" >&2; exit 2; }
name="$1"
check="$2"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
here="$root/harness/adapters/$name"
venv="${CVC_BUILD_DIR:-$root/build}/adapters/$name/venv"
req="$here/requirements.txt"
stamp="$venv/cvc-requirements.txt"
fail() { echo "$name/setup.sh: $*" >&2; exit 3; }

if [ -x "$venv/bin/python" ] && cmp -s "$req" "$stamp" && "$venv/bin/python" -c "$check" 2>/dev/null; then
  exit 0
fi

find_python() {
  local candidate
  for candidate in "${CVC_PYTHON:-}" python3.12 "${PYENV_ROOT:-${HOME:-}/.pyenv}"/versions/3.12*/bin/python3.12 /usr/bin/python3.12; do
    [ -n "$candidate" ] || continue
    if "$candidate" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 12))' 2>/dev/null; then
      echo "$candidate"; return 0
    fi
  done
  return 1
}
python="$(find_python)" || fail "no Python 3.12 found (tried \$CVC_PYTHON, python3.12, ${PYENV_ROOT:-~/.pyenv}/versions/3.12*, /usr/bin/python3.12); set CVC_PYTHON"

source "$root/scripts/lib/progress.sh"  # a status line every 20 s of a long step (a log shows progress)
rm -rf "$venv"
mkdir -p "$(dirname "$venv")"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
cvc_quietly_with_status "$name/setup.sh" "creating $(cvc_shown_path "$venv")" "$python" -m venv "$venv" \
  || fail "python -m venv failed"
cvc_quietly_with_status "$name/setup.sh" "installing ${req#"$root"/} from PyPI" \
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --only-binary=:all: -r "$req" \
  || fail "pip install -r $req failed (is PyPI reachable?)"
"$venv/bin/python" -c "$check" >"$log" 2>&1 || { cat "$log" >&2; fail "the installed packages do not import"; }
cp "$req" "$stamp"
