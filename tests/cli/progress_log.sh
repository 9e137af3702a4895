#!/usr/bin/env bash
# Progress in a log (stderr a file or a pipe, not a terminal): `cvc run` (a live run through an
# adapter slowed down, long enough for several lines), `cvc generate`, `cvc verify-vectors` and
# `cvc check-store` write whole plain lines, no "\r" and no escape code, none over 300 characters; the run's lines
# name its total, the first comes within a few seconds and the others at most ~12 s apart, and a
# last one says what the step took.
# usage: progress_log.sh CVC_BINARY
set -uo pipefail
cvc="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# Runs COMMAND... with stderr through a pipe that stamps each line with the seconds since the
# start; the stamped lines go to $work/NAME.log, the raw stderr to $work/NAME.err.
logged() {
  local name="$1"; shift
  local start="$EPOCHREALTIME"
  "$@" > "$work/$name.out" 2> >(tee "$work/$name.err" | while IFS= read -r line; do
    printf '%s %s\n' "$(awk -v now="$EPOCHREALTIME" -v start="$start" 'BEGIN { printf "%.2f", now - start }')" "$line"
  done > "$work/$name.log")
  local code=$?
  wait
  return $code
}

show() { head -40 "$work/$1.log" | cut -c1-300; }  # NAME: the stamped log, bounded

plain_lines() {  # NAME: no "\r", no escape code, no line over 300 characters
  local name="$1"
  if grep -q $'\r' "$work/$name.err"; then fail "$name: a \\r in the log"; fi
  if grep -q $'\x1b' "$work/$name.err"; then fail "$name: an escape code in the log"; fi
  local longest
  longest=$(awk '{ if (length($0) > n) n = length($0) } END { print n + 0 }' "$work/$name.err")
  if ((longest > 300)); then fail "$name: a line of $longest characters"; fi
}

# --- cvc run: ~20 s through an adapter that waits 25 ms per request ---------------------------
impl="python3 $root/tests/cli/slow_adapter.py 0.025 $cvc adapter"
logged run "$cvc" run --impl "$impl" --live random --count 64 --type int8 --direction decode
echo "cvc run exited $?"
plain_lines run
show run
if ! grep -Eq '^[0-9.]+ cases [0-9,]+ of [0-9,]+ \([0-9.]+%\)' "$work/run.log"; then
  fail "run: no line naming the total"
fi
if ! tail -1 "$work/run.log" | grep -q ', took '; then fail "run: no last line saying what it took"; fi
# The first line is held to the same bound as every later gap (a line at least every 10 s, 2.5 s
# of slack): the clock starts at the test's launch, so the adapter's start and the sanitizers'
# start-up count too, and a tighter bound failed at 5.05 s on a loaded machine (run's report
# starts its 2 s timer only once the adapter has answered its hello).
awk -v failures=0 '
  { at = $1 + 0 }
  NR == 1 && at > 12.5 { print "FAIL: run: the first line after " at " s"; failures++ }
  NR > 1 && at - last > 12.5 { print "FAIL: run: " at - last " s between two lines"; failures++ }
  { last = at }
  END { exit failures > 0 }' "$work/run.log" || failures=$((failures + 1))
lines=$(wc -l < "$work/run.log")
if ((lines < 2)); then fail "run: $lines progress lines for a run of more than 12 s"; fi

# --- cvc run --jobs 2: the shards' progress summed by the parent, up to the whole total -------
logged jobs "$cvc" run --impl "python3 $root/tests/cli/slow_adapter.py 0.01 $cvc adapter" \
  --live random --count 64 --type int8 --direction decode --jobs 2
echo "cvc run --jobs 2 exited $?"
plain_lines jobs
show jobs
if ! tail -1 "$work/jobs.log" | grep -Eq ' cases ([0-9,]+) of \1 \(100\.0%\), .*took .*: 2 shard processes$'; then
  fail "run --jobs 2: the last line does not reach the total"
fi

# --- cvc generate and cvc verify-vectors ------------------------------------------------------
logged generate "$cvc" generate --out "$work/vectors" --jobs 1
echo "cvc generate exited $?"
plain_lines generate
show generate
if ! grep -Eq ' files [0-9,]+ of [0-9,]+ ' "$work/generate.log"; then
  fail "generate: no line naming the total (it lasted $(tail -1 "$work/generate.log" | cut -d' ' -f1) s)"
fi
# A few files of the set, verified: long enough for a line.
mkdir -p "$work/some/cast"
cp -r "$root/vectors/schema" "$work/some/"
for type in int8 uint8 int16 uint16 int32 float16 float32; do cp "$work/vectors/cast/$type.json" "$work/some/cast/"; done
python3 - "$work/some" <<'EOF'
import hashlib, json, os, sys
root = sys.argv[1]
files = []
for name in sorted(os.listdir(os.path.join(root, "cast"))):
    data = open(os.path.join(root, "cast", name), "rb").read()
    files.append({"bytes": len(data), "path": "cast/" + name, "sha256": hashlib.sha256(data).hexdigest()})
json.dump({"schema": "cast-value-vectors-manifest", "schema_version": 1, "vectors_version": "1.2.0",
           "spec_revision": "test", "files": files}, open(os.path.join(root, "manifest.json"), "w"))
EOF
logged verify "$cvc" verify-vectors --allow-modified "$work/some"
echo "cvc verify-vectors exited $?"
plain_lines verify
show verify
if ! grep -Eq ' files [0-9,]+ of 7 ' "$work/verify.log"; then fail "verify-vectors: no line naming the total"; fi

# cvc check-store: a few seconds; its lines plain too.
logged check_store "$cvc" check-store --impl "$cvc adapter" --vectors "$root/vectors"
echo "cvc check-store exited $?"
plain_lines check_store
show check_store

if ((failures)); then echo "$failures failures"; exit 1; fi
echo "progress in a log: plain lines, the total named, at most ~12 s apart"
