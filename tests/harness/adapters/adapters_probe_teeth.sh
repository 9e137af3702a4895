#!/usr/bin/env bash
# The test of the probe test: tests/harness/adapters/adapters_probe.sh must pass a correct probe and fail,
# naming the type and the evidence, on every kind of bad one. Runs it on a fake adapter (no
# network, no library): its handshake leaves out int4, float8_e5m2 and bfloat16, and each case
# swaps in a probe (CVC_PROBE_SCRIPT) that misbehaves in one way.
#
# usage: tests/harness/adapters/adapters_probe_teeth.sh [CVC_BINARY]   (default: build/cvc)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cvc="${1:-$root/build/cvc}"
probe_test="$root/tests/harness/adapters/adapters_probe.sh"
passed=0
failed=0

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# A fake adapter folder: setup.sh does nothing, run.sh answers the handshake.
make_adapter() {  # make_adapter NAME SETUP_STATUS
  local dir="$tmp/adapters/$1"
  mkdir -p "$dir"
  printf '#!/bin/sh\nexit %s\n' "$2" >"$dir/setup.sh"
  cat >"$dir/run.sh" <<'EOF'
#!/bin/sh
read -r line
echo '{"protocol":1,"implementation":{"name":"fake","version":"0","language":"sh"},"data_types":["int2","int8","int16","int32","int64","uint2","uint4","uint8","uint16","uint32","uint64","float4_e2m1fn","float6_e2m3fn","float6_e3m2fn","float8_e3m4","float8_e4m3","float8_e4m3b11fnuz","float8_e4m3fnuz","float8_e5m2fnuz","float8_e8m0fnu","float16","float32","float64"],"operations":["encode","decode"]}'
cat >/dev/null
EOF
  chmod +x "$dir/setup.sh" "$dir/run.sh"
}
make_adapter fake 0
make_adapter broken 1

line() {  # line TYPE ACCEPTED: one probe line
  printf '{"data_type": "%s", "accepted": %s, "call": "lib.cast(np.zeros(1), %s)", "result": "TypeError: no %s"}\n' \
    "$1" "$2" "$1" "$1"
}
make_probe() {  # make_probe NAME EXIT_STATUS < lines
  local path="$tmp/probes/$1"
  mkdir -p "$tmp/probes"
  cat >"$path.out"
  printf '#!/bin/sh\ncat "%s"\nexit %s\n' "$path.out" "$2" >"$path"
  chmod +x "$path"
}
{ line int4 false; line float8_e5m2 false; line bfloat16 false; } | make_probe good 0
{ line int4 false; line float8_e5m2 false; line bfloat16 true; } | make_probe accepted 0
{ line int4 false; line float8_e5m2 false; } | make_probe missing 0
{ line int4 false; line int4 false; line float8_e5m2 false; line bfloat16 false; } | make_probe twice 0
{ line int4 false; line float8_e5m2 false; line bfloat16 false; line int8 false; } | make_probe declared 0
{ line int4 false; line float8_e5m2 false; line bfloat16 false; line int3 false; } | make_probe unknown 0
{ line int4 false; echo 'Traceback (most recent call last):'; line float8_e5m2 false; line bfloat16 false; } | make_probe garbage 0
{ line int4 false; echo '{"data_type": "float8_e5m2", "accepted": "no", "call": "c", "result": "r"}'; line bfloat16 false; } | make_probe wrong_field 0
{ line int4 false; line float8_e5m2 false; line bfloat16 false; } | make_probe exits_3 3
: | make_probe silent 0

# case NAME ADAPTER PROBE EXPECTED_EXIT [PATTERN...]: run the probe test, check its exit status
# and that each PATTERN (grep -E) is in its output.
case_() {
  local label="$1" adapter="$2" probe="$3" expected="$4"; shift 4
  local out="$tmp/out.$label" status ok=1 pattern
  CVC_PROBE_ADAPTERS_DIR="$tmp/adapters" CVC_PROBE_SCRIPT="$tmp/probes/$probe" \
    "$probe_test" "$adapter" "$cvc" >"$out" 2>&1
  status=$?
  [ "$status" -eq "$expected" ] || ok=0
  for pattern in "$@"; do
    grep -Eq -- "$pattern" "$out" || { ok=0; echo "     (missing: $pattern)"; }
  done
  if [ "$ok" -eq 1 ]; then
    echo "ok   $label (exit $status)"; passed=$((passed + 1))
  else
    echo "FAIL $label (exit $status, expected $expected); its output:"; sed 's/^/     | /' "$out"
    failed=$((failed + 1))
  fi
}

case_ "a correct probe passes" fake good 0 \
  '^ok   fake: int4 refused: lib\.cast\(np\.zeros\(1\), int4\) -> TypeError: no int4' \
  '^ok   fake: bfloat16 refused' '^[0-9]+ passed, 0 failed$'
case_ "an accepted type fails, with the call and the result" fake accepted 1 \
  '^FAIL fake: bfloat16 is not declared but the library accepted it: lib\.cast\(np\.zeros\(1\), bfloat16\) -> TypeError: no bfloat16'
case_ "an undeclared type missing from the probe fails" fake missing 1 \
  '^FAIL fake: bfloat16 is not declared and the probe did not call the library with it'
case_ "a type probed twice fails" fake twice 1 '^FAIL fake: int4 probed 2 times'
case_ "a declared type in the probe fails" fake declared 1 '^FAIL fake: probe printed int8, which the handshake declares'
case_ "a name outside the 26 in the probe fails" fake unknown 1 "^FAIL fake: probe printed 'int3'"
case_ "a line that is not JSON fails" fake garbage 1 '^FAIL fake: probe output line 2 is not a probe line'
case_ "a line with a wrong field fails" fake wrong_field 1 '^FAIL fake: probe output line 2 is not a probe line'
case_ "a probe exiting non-zero fails" fake exits_3 1 '^FAIL fake: probe.sh exits 0 \(got 3\)'
case_ "a silent probe fails for every undeclared type" fake silent 1 \
  '^FAIL fake: int4 is not declared' '^FAIL fake: float8_e5m2 is not declared' '^FAIL fake: bfloat16 is not declared'
case_ "a failing setup.sh fails" broken good 1 '^FAIL broken: setup.sh succeeds'
case_ "a missing adapter folder fails" nowhere good 1 '^FAIL nowhere: the adapter folder exists'

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
