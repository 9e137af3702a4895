#!/usr/bin/env bash
# Smoke test of a real implementation's adapter with the harness: set the adapter up (its own
# setup.sh, from PyPI when its venv is missing), run `cvc run` over a small subset of the vectors,
# and check the run itself, not the implementation's score:
#   - the run completed (not aborted, not interrupted; exit code 0 or 1 both fine),
#   - report.json names the implementation and version of the adapter's handshake,
#   - every operation the adapter declares was exercised (answered for at least one case),
#   - the report files exist and are non-empty (report.json, report.xml, report.html from
#     --report-dir, and the terminal report captured from stdout).
#
# usage: tests/harness/adapters/adapters_smoke.sh [CVC_BINARY]   (default: build/cvc)
# CVC_SMOKE_ADAPTER picks the adapter under harness/adapters/ (default cast-value-rs;
# scripts/smoke-adapter NAME runs this for any). Exits 77, printing its set-up's line, when the
# adapter cannot be set up on this machine (its setup.sh exits 77: zarrs without a source tree);
# its reproducers are run only when its adapter.conf does not say "reproduce no".
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cvc="${1:-$root/build/cvc}"
adapter="${CVC_SMOKE_ADAPTER:-cast-value-rs}"
dir="$root/harness/adapters/$adapter"
python="$(command -v python3)"
# check LABEL COMMAND... and finish: the shared test lines.
source "$root/tests/harness/adapters/test_lines.sh"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

"$dir/setup.sh" >"$tmp/setup.log" 2>&1
status=$?
# 77: the adapter cannot be set up on this machine (zarrs without a source tree): skipped, saying why.
if [ "$status" -eq 77 ]; then cat "$tmp/setup.log"; exit 77; fi
check "$adapter: setup.sh succeeds (exit $status)" test "$status" -eq 0
[ "$status" -eq 0 ] || tail -20 "$tmp/setup.log"
check "$adapter: setup.sh is quiet the second time" \
  bash -c '[ -z "$("$1" 2>&1)" ]' _ "$dir/setup.sh"
[ "$failed" -eq 0 ] || finish

# The handshake, straight from the adapter: what it declares.
printf '{"cmd":"hello","protocol":1}\n{"cmd":"bye"}\n' | "$dir/run.sh" >"$tmp/hello.json" 2>"$tmp/hello.err"
printf '{"cmd":"hello","protocol":1,"max_protocol":2}\n{"cmd":"bye"}\n' | "$dir/run.sh" >"$tmp/hello2.json" 2>/dev/null
check "$adapter: answers the handshake" \
  "$python" -c 'import json, sys; h = json.load(open(sys.argv[1])); assert h["protocol"] == 1' "$tmp/hello.json"
[ "$failed" -eq 0 ] || { cat "$tmp/hello.err"; finish; }

# Protocol 2: the helper's unit test (hello negotiation, capabilities, reproduce), then the
# adapter's reproducers run for real against its own answers (adapters_reproduce.py; it checks
# the protocol 1 and protocol 2 handshakes too).
# (With a Python adapter's venv the unit test also runs a numpy reproducer; else it skips that.)
unit_python="${CVC_BUILD_DIR:-$root/build}/adapters/$adapter/venv/bin/python"
[ -x "$unit_python" ] || unit_python="$python"
check "the Python helper's protocol 2 (tests/harness/adapters/test_adapter_protocol2.py)" \
  bash -c '"$1" "$2" >"$3" 2>&1 || { tail -30 "$3"; false; }' _ "$unit_python" \
  "$root/tests/harness/adapters/test_adapter_protocol2.py" "$tmp/protocol2.log"
source "$root/scripts/lib/adapters.sh"
if [ "$(cvc_adapter_conf "$root" "$adapter" reproduce yes)" = yes ]; then
  "$python" "$root/tests/harness/adapters/adapters_reproduce.py" "$adapter" >"$tmp/reproduce.txt" 2>&1
  status=$?
  grep -v '^[0-9]* passed, [0-9]* failed$' "$tmp/reproduce.txt"
  passed=$((passed + $(grep -c '^ok ' "$tmp/reproduce.txt")))
  failed=$((failed + $(grep -c '^FAIL ' "$tmp/reproduce.txt")))
  if [ "$status" -ne 0 ] && ! grep -q '^FAIL ' "$tmp/reproduce.txt"; then
    failed=$((failed + 1)); echo "FAIL adapters_reproduce.py $adapter exited $status"
  fi
else
  echo "($adapter answers no reproduce, its adapter.conf says: its reproducers are not run)"
fi

# A small subset: cases involving int8 (every real adapter here supports it) in the three
# families that have protocol operations.
"$cvc" run --impl "$dir/run.sh" --vectors "$root/vectors" --type int8 \
  --family cast --family scalar_map --family metadata --family chain --timeout 120 \
  --report-dir "$tmp/report" >"$tmp/terminal.txt" 2>"$tmp/stderr.txt"
status=$?
check "cvc run exits 0 or 1 (got $status)" test "$status" -le 1
if [ "$status" -gt 1 ]; then tail -20 "$tmp/stderr.txt"; fi

for file in report.json report.xml report.html; do
  check "$file exists and is non-empty" test -s "$tmp/report/$file"
done
check "terminal report (stdout) is non-empty" test -s "$tmp/terminal.txt"

if [ -s "$tmp/report/report.json" ]; then
  "$python" - "$tmp/hello.json" "$tmp/report/report.json" "$tmp/hello2.json" >"$tmp/checks.txt" <<'EOF'
import json, sys
hello = json.load(open(sys.argv[1]))
report = json.load(open(sys.argv[2]))
hello2 = json.load(open(sys.argv[3]))
def line(ok, name):
    print(("ok   " if ok else "FAIL ") + name)
line(report["complete"] and not report["aborted"] and not report["interrupted"],
     "the run completed (not aborted: %r, not interrupted)" % report.get("abort_reason", ""))
impl = report["run"]["implementation"]
line(impl["name"] == hello["implementation"]["name"] and
     impl["version"] == hello["implementation"]["version"],
     "report.json names the handshake's implementation %s %s (got %s %s)" % (
         hello["implementation"]["name"], hello["implementation"]["version"],
         impl["name"], impl["version"]))
for op in hello["operations"]:
    answered = sum(c["counts"]["pass"] + c["counts"]["divergence"] + c["counts"]["fail"]
                   for c in report["cells"] if c["operation"] == op)
    line(answered > 0, "declared operation %s was exercised (%d cases answered)" % (op, answered))
if "chain" in hello2.get("operations", []):
    answered = sum(c["counts"]["pass"] + c["counts"]["divergence"] + c["counts"]["fail"]
                   for c in report["cells"] if c["operation"].startswith("chain "))
    line(answered > 0, "declared operation chain (protocol 2) was exercised (%d cases answered)"
         % answered)
line(report["incidents"]["count"] == 0,
     "no adapter incident (crash, timeout, malformed answer): %d" % report["incidents"]["count"])
EOF
  [ $? -eq 0 ] || echo "FAIL report.json could not be checked (see the traceback above)" >>"$tmp/checks.txt"
  cat "$tmp/checks.txt"
  passed=$((passed + $(grep -c '^ok ' "$tmp/checks.txt")))
  failed=$((failed + $(grep -c '^FAIL ' "$tmp/checks.txt")))
  if grep -q '^FAIL' "$tmp/checks.txt"; then tail -20 "$tmp/stderr.txt"; fi
else
  failed=$((failed + 1)); echo "FAIL report.json missing: no further checks"
fi
finish
