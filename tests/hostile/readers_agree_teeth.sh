#!/usr/bin/env bash
# The teeth of readers_agree.sh (issue 33): given a consumer that gets the verdicts wrong (the
# fake consumers of fake_verify.py), it must say FAIL, name the fault, and exit 1.
#
# usage: tests/hostile/readers_agree_teeth.sh CVC
#
# Runs readers_agree.sh on four kinds (repository, clean, fifo, manifest-array) with one fake
# consumer at a time (--only fake --consumer fake=...; CVC is not run) and checks its lines:
#   published   silent pass for clean, fifo and manifest-array, ok for repository: "1 passed, 3 failed"
#   hang        hang for fifo (--timeout 3)
#   traceback   crash for fifo
#   vague       unclear for fifo (a refusal naming no file)
#   refuse-all  wrong verdict for repository and clean, ok for fifo
# Exit 0 when every check holds, 1 otherwise (each failed check is printed).
set -uo pipefail
[ $# -eq 1 ] || { sed -n '5p' "$0" | sed 's/^# //' >&2; exit 2; }
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
python="$(python3 -c 'import sys; print(sys.executable)')"  # no shim layer (pyenv) in every call
version="$("$python" -c 'import json, sys; print(json.load(open(sys.argv[1]))["vectors_version"])' \
  "$root/vectors/manifest.json")"
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
bad=0

# expect MODE PATTERN...: runs readers_agree.sh with the fake in MODE; it must exit 1 and print a
# line matching each extended regular expression PATTERN.
expect() {
  local mode="$1" pattern rc failed=0
  shift
  "$here/readers_agree.sh" "$1" "$root" --only fake --timeout 3 --repository-timeout 3 \
    --kinds repository,clean,fifo,manifest-array \
    --consumer "fake=$python $here/fake_verify.py --mode $mode --version $version" >"$out" 2>&1
  rc=$?
  shift
  if [ "$rc" != 1 ]; then
    echo "FAIL $mode: readers_agree.sh exited $rc, not 1"; failed=1
  fi
  for pattern in "$@"; do
    grep -qE -- "$pattern" "$out" || { echo "FAIL $mode: no line matches: $pattern"; failed=1; }
  done
  if [ "$failed" = 0 ]; then
    echo "ok   $mode: readers_agree.sh failed it as it must"
  else
    sed 's/^/    | /' "$out"
    bad=1
  fi
}

cvc="$1"
expect published "$cvc" '^ok +repository +fake +published' '^FAIL clean +fake +silent pass' \
  '^FAIL fifo +fake +silent pass' '^FAIL manifest-array +fake +silent pass' '^1 passed, 3 failed$'
expect hang "$cvc" '^FAIL fifo +fake +hang: not ended within 3 s'
expect traceback "$cvc" '^FAIL fifo +fake +crash: raw exception text: Traceback'
expect vague "$cvc" '^FAIL fifo +fake +unclear: refused without naming cast/int2.json'
expect refuse-all "$cvc" '^FAIL repository +fake +wrong verdict' '^FAIL clean +fake +wrong verdict' \
  '^ok +fifo +fake +refused'
exit "$bad"
