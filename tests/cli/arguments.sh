#!/usr/bin/env bash
# Every argument checked before the work starts (issue 33): a numeric option out of its range
# (past 2^64, or past what the option means: --max-bits 4294967304 was truncated to 8 and passed),
# and a filter value that names nothing the run could select (--family chian ended in exit 1
# "NOTHING COMPARED"), each refused with exit 2 naming the option, its range or its names and the
# nearest one; then --max-incidents: an adapter that writes every answer twice, whose incidents
# alternate with good answers and never come 5 in a row, stops at the limit of incidents in all
# with its reason in the report (it was restarted once per request before).
# usage: arguments.sh CVC_BINARY
set -uo pipefail
cvc="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$root/tests/harness/adapters/test_lines.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
impl="$cvc adapter"
live=(--impl "$impl" --live exhaustive --max-bits 4)

# refused LABEL TEXT COMMAND...: exit 2 within 30 s, naming TEXT (a fixed string), no run.
refused() {
  local label="$1" text="$2"; shift 2
  check "$label: exit 2" exits 2 "$@"
  check "$label: says \"$text\"" grep -qF -- "$text" "$work/out"
  check "$label: before any work" not_says "Result:"
}

# --- numbers: out of range, past 2^64, not digits -----------------------------------------------
refused "run --max-bits 2^32 + 8" '--max-bits takes a whole number from 1 to 64, not "4294967304"' \
  "$cvc" run --impl "$impl" --live exhaustive --max-bits 4294967304
refused "run --max-bits 0" '--max-bits takes a whole number from 1 to 64' \
  "$cvc" run --impl "$impl" --live exhaustive --max-bits 0
refused "run --seed 2^64" '--seed takes a whole number from 0 to 18446744073709551615' \
  "$cvc" run --impl "$impl" --live random --seed 18446744073709551616
refused "run --count 0" '--count takes a whole number from 1' \
  "$cvc" run --impl "$impl" --live random --count 0
refused "run --jobs 257" '--jobs takes a whole number from 1 to 256' "$cvc" run "${live[@]}" --jobs 257
refused "run --timeout -1" '--timeout takes a whole number from 1 to 86400, not "-1"' \
  "$cvc" run "${live[@]}" --timeout -1
refused "run --max-incidents 0" '--max-incidents takes a whole number from 1 to 1000000' \
  "$cvc" run "${live[@]}" --max-incidents 0
refused "run --examples 1e3" '--examples takes a whole number' "$cvc" run "${live[@]}" --examples 1e3
refused "run --failures +3" '--failures takes a whole number' "$cvc" run "${live[@]}" --failures +3
refused "fuzz --max-elements 4097" '--max-elements takes a whole number from 1 to 4096' \
  "$cvc" fuzz --impl "$impl" --max-elements 4097
refused "fuzz --cases 0" '--cases takes a whole number from 1' "$cvc" fuzz --impl "$impl" --cases 0
# 0 is a value of its own there: no completeness sample (its --help; the hostile corpus runs it).
refused "verify-vectors --completeness-sample -1" '--completeness-sample takes a whole number from 0' \
  "$cvc" verify-vectors --completeness-sample -1 "$root/vectors"
refused "check-store --max-incidents 2^64" '--max-incidents takes a whole number from 1 to 1000000' \
  "$cvc" check-store --impl "$impl" --max-incidents 18446744073709551616

# --- names: every filter value is one the run can select ----------------------------------------
refused "run --family chian" '--family takes cast, scalar_map, metadata or chain, not "chian" (did you mean "chain"?)' \
  "$cvc" run --impl "$impl" --vectors "$root/vectors" --family chian
refused "run --vectors --family live" '--family live selects the cases of --live runs' \
  "$cvc" run --impl "$impl" --vectors "$root/vectors" --family live
refused "run --live --family cast" '--family cast selects cases of the vector files' \
  "$cvc" run "${live[@]}" --family cast
refused "run --live --family lvie" '--family takes live, not "lvie" (did you mean "live"?)' \
  "$cvc" run "${live[@]}" --family lvie
refused "run --direction decoe" '--direction takes encode, decode or validate, not "decoe" (did you mean "decode"?)' \
  "$cvc" run "${live[@]}" --direction decoe
refused "fuzz --direction valdate" '(did you mean "validate"?)' \
  "$cvc" fuzz --impl "$impl" --direction valdate
refused "check-store --kind decod" '--kind takes decode, encode or open, not "decod" (did you mean "decode"?)' \
  "$cvc" check-store --impl "$impl" --kind decod
refused "adapter --only-rounding nearest-evn" 'unknown name "nearest-evn" (did you mean "nearest-even"?)' \
  "$cvc" adapter --only-rounding nearest-evn
check "run --live --family live: still runs (exit 0)" exits 0 "$cvc" run "${live[@]}" --family live

# --- --max-incidents: incidents that alternate with good answers -------------------------------
twice="python3 $root/tests/hostile/adapters/fake_adapter.py --mode twice --tag cvc-arguments-$$ -- $impl"
exits_seconds=120 exits 1 "$cvc" run --impl "$twice" --live random --type int8 --count 20000 \
  --max-incidents 10 --json "$work/twice.json"
check "an adapter writing each answer twice: the run ends (exit 1)" test $? -eq 0
check "its report: aborted at the limit of --max-incidents" python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
assert r['aborted'] and '(the limit of --max-incidents)' in r['abort_reason'], r['abort_reason']
assert r['abort_reason'].startswith('10 requests ended in an adapter incident'), r['abort_reason']
assert r['totals']['adapter_error'] > 0, r['totals']" "$work/twice.json"
finish
