#!/usr/bin/env bash
# A cvc process killed with SIGKILL (nothing of it runs to clean up) leaves no process and no
# temporary folder behind: `cvc run --jobs 2` (its two shards, their adapters, its cvc-jobs-*
# folder), a plain `cvc run` (its adapter) and `cvc check-store` (its adapter, its cvc-stores-*
# scratch folder); a `cvc run --jobs 2` that ends normally leaves neither either. Each run is
# tagged through its environment (CVC_LIFETIME_TAG, inherited by every process it starts) and
# given a private, empty TMPDIR; it is killed once its adapters run and have received requests
# (events, never a fixed time), and 10 s later no tagged process may be left and its TMPDIR must
# be empty. The adapter is slow_adapter.py, a proxy of
# `cvc adapter` that waits before each request (0.2 s; 30 s for a hung adapter, which does not
# notice its stdin closing: only the parent-death signal ends it).
# usage: killed_parent.sh CVC_BINARY
set -uo pipefail
cvc="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$root/tests/harness/adapters/test_lines.sh"
work="$(mktemp -d)"
tag="cvc-lifetime-$$-$RANDOM"
tagged() {  # the processes whose environment holds CVC_LIFETIME_TAG=TAG
  grep -lasxz -- "CVC_LIFETIME_TAG=$1" /proc/[0-9]*/environ 2>/dev/null | cut -d/ -f3
}
cleanup() {  # whatever the binary under test left running is killed, its folders removed
  local p
  for p in $(grep -lasz -- "CVC_LIFETIME_TAG=$tag" /proc/[0-9]*/environ 2>/dev/null |
             cut -d/ -f3); do
    kill -KILL "$p" 2>/dev/null
  done
  rm -rf "$work"
}
trap cleanup EXIT
slow="python3 $root/tests/cli/slow_adapter.py"

adapters_running() {  # TAG COUNT: at least COUNT `cvc adapter` processes of the run
  local p n=0
  for p in $(tagged "$1"); do
    tr '\0' ' ' 2> /dev/null < "/proc/$p/cmdline" | grep -q " adapter $" && n=$((n + 1))
  done
  [ "$n" -ge "$2" ]
}
none_left() { [ -z "$(tagged "$1")" ]; }
empty() { [ -z "$(ls -A "$1")" ]; }
within() {  # SECONDS COMMAND...: COMMAND succeeds within SECONDS
  local end=$((SECONDS + $1)); shift
  until "$@"; do
    [ "$SECONDS" -lt "$end" ] || return 1
    sleep 0.2
  done
}
left() {  # TAG: what is left, for the log
  local p
  for p in $(tagged "$1"); do
    echo "  left running: $(tr "\\0" " " 2> /dev/null < "/proc/$p/cmdline")"
  done
}

requests_under_way() {  # LOG COUNT: the slow adapters received COUNT requests after their hellos
  [ "$(grep -cv '^hello$' "$1" 2>/dev/null)" -ge "$2" ]
}

# killed NAME ADAPTERS COMMAND...: COMMAND tagged, SIGKILLed once ADAPTERS adapters run and have
# received requests ($log is the slow adapters' log: COMMAND names it).
killed() {
  local name="$1" adapters="$2"; shift 2
  local tmp="$work/tmp-${name// /-}" run_tag="$tag-${name// /-}"
  mkdir -p "$tmp"
  env CVC_LIFETIME_TAG="$run_tag" TMPDIR="$tmp" "$@" > /dev/null 2> "$work/${name// /-}.err" &
  local pid=$!
  check "$name: its adapters run" within 60 adapters_running "$run_tag" "$adapters"
  check "$name: requests under way" within 60 requests_under_way "$log" "$adapters"
  kill -KILL "$pid"
  wait "$pid" 2> /dev/null
  check "$name: no process of it left 10 s after its SIGKILL" within 10 none_left "$run_tag"
  left "$run_tag"
  check "$name: no temporary folder of it left" within 5 empty "$tmp"
  ls -A "$tmp" | sed 's/^/  left in TMPDIR: /'
}

log="$work/jobs.log"
killed "run --jobs 2" 2 "$cvc" run --jobs 2 --impl "$slow 0.2 --log $log $cvc adapter" \
  --vectors "$root/vectors" --type int8
# `exec`: the hung adapter is the process cvc started, the one its parent-death signal reaches.
log="$work/run.log"
killed "run" 1 "$cvc" run --impl "exec $slow 30 --log $log $cvc adapter" \
  --vectors "$root/vectors" --type int8
log="$work/check-store.log"
killed "check-store" 1 "$cvc" check-store --impl "exec $slow 30 --log $log $cvc adapter" \
  --vectors "$root/vectors"

# A --jobs run that ends normally: its shards, their adapters and the folder's remover all ended.
mkdir -p "$work/normal.tmp"
env CVC_LIFETIME_TAG="$tag-normal" TMPDIR="$work/normal.tmp" "$cvc" run --jobs 2 \
  --impl "$cvc adapter" --live exhaustive --max-bits 8 --type int8 > /dev/null 2>&1
status=$?
check "run --jobs 2 to its end: exit 0" test "$status" -eq 0
check "run --jobs 2 to its end: no process of it left" none_left "$tag-normal"
left "$tag-normal"
check "run --jobs 2 to its end: no temporary folder left" empty "$work/normal.tmp"
finish
