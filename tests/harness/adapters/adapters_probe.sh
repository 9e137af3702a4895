#!/usr/bin/env bash
# The probe test of a real implementation's adapter: an adapter may leave a type of the 26 out of
# its handshake only where the library itself refuses it. Sets the adapter up (its own setup.sh),
# reads what its handshake declares, runs its probe.sh (one JSON line per undeclared type:
# {"data_type", "accepted", "call", "result"}) and fails, naming the type and the evidence, when
#   - an undeclared type is missing from the probe's output, or appears more than once,
#   - the library accepted an undeclared type ("accepted": true),
#   - the probe printed a line that is not such an object, or one for a declared or unknown type,
#   - setup.sh, the handshake or probe.sh itself fails.
#
# usage: tests/harness/adapters/adapters_probe.sh NAME [CVC_BINARY]   (NAME: a folder of harness/adapters/;
#        CVC_BINARY, default build/cvc, gives the 26 types through `cvc types`)
# CVC_PROBE_ADAPTERS_DIR replaces harness/adapters/ and CVC_PROBE_SCRIPT the adapter's probe.sh
# (tests/harness/adapters/adapters_probe_teeth.sh uses them to check that this test fails when it must).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: adapters_probe.sh NAME [CVC_BINARY]" >&2; exit 2; }
name="$1"
cvc="${2:-$root/build/cvc}"
dir="${CVC_PROBE_ADAPTERS_DIR:-$root/harness/adapters}/$name"
probe="${CVC_PROBE_SCRIPT:-$dir/probe.sh}"
python="$(command -v python3)"
# check LABEL COMMAND... and finish: the shared test lines.
source "$root/tests/harness/adapters/test_lines.sh"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

check "$name: the adapter folder exists" test -d "$dir"
[ "$failed" -eq 0 ] || finish
"$cvc" types >"$tmp/types.txt" 2>"$tmp/types.err"
sed -n 's/^\([a-z0-9_]*\): .*/\1/p' "$tmp/types.txt" >"$tmp/types"
check "cvc types lists the 26 types ($cvc)" test "$(wc -l <"$tmp/types")" -eq 26
[ "$failed" -eq 0 ] || { cat "$tmp/types.err"; finish; }

"$dir/setup.sh" >"$tmp/setup.log" 2>&1
status=$?
# 77: the adapter cannot be set up on this machine (zarrs without a source tree): skipped, saying why.
if [ "$status" -eq 77 ]; then cat "$tmp/setup.log"; exit 77; fi
check "$name: setup.sh succeeds" test "$status" -eq 0
[ "$failed" -eq 0 ] || { tail -20 "$tmp/setup.log"; finish; }

# The handshake, straight from the adapter: what it declares.
printf '{"cmd":"hello","protocol":1}\n{"cmd":"bye"}\n' | "$dir/run.sh" >"$tmp/hello.json" 2>"$tmp/hello.err"
check "$name: answers the handshake" \
  "$python" -c 'import json, sys; h = json.load(open(sys.argv[1])); assert h["protocol"] == 1 and isinstance(h["data_types"], list)' "$tmp/hello.json"
[ "$failed" -eq 0 ] || { tail -20 "$tmp/hello.err"; finish; }

"$probe" >"$tmp/probe.out" 2>"$tmp/probe.err"
status=$?
check "$name: probe.sh exits 0 (got $status)" test "$status" -eq 0
[ "$status" -eq 0 ] || tail -20 "$tmp/probe.err"

"$python" - "$name" "$tmp/types" "$tmp/hello.json" "$tmp/probe.out" >"$tmp/checks.txt" <<'EOF'
import json, sys
name, types_path, hello_path, probe_path = sys.argv[1:]
types = open(types_path).read().split()
declared = json.load(open(hello_path))["data_types"]
def line(ok, text):
    print(("ok   " if ok else "FAIL ") + f"{name}: {text}")
def short(text, limit=400):
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit] + "..."
unknown = [t for t in declared if t not in types]
line(not unknown, "declares only types of the 26" + (f" (unknown: {unknown})" if unknown else ""))
undeclared = [t for t in types if t not in declared]
probed = {}
for number, text in enumerate(open(probe_path, encoding="utf-8", errors="replace").read().splitlines(), 1):
    if not text.strip():
        continue
    try:
        entry = json.loads(text)
        ok = (isinstance(entry, dict) and isinstance(entry.get("data_type"), str)
              and isinstance(entry.get("accepted"), bool) and isinstance(entry.get("call"), str)
              and isinstance(entry.get("result"), str))
    except ValueError:
        ok = False
    if not ok:
        line(False, f"probe output line {number} is not a probe line "
                    f'{{"data_type", "accepted", "call", "result"}}: {short(text)}')
        continue
    probed.setdefault(entry["data_type"], []).append(entry)
for t in probed:
    if t not in types:
        line(False, f"probe printed {t!r}, which is not one of the 26 types")
    elif t in declared:
        line(False, f"probe printed {t}, which the handshake declares (only undeclared types are probed)")
if not undeclared:
    line(True, "declares all 26 types: nothing to probe")
for t in undeclared:
    entries = probed.get(t, [])
    if not entries:
        line(False, f"{t} is not declared and the probe did not call the library with it")
    elif len(entries) > 1:
        line(False, f"{t} probed {len(entries)} times (one line per type): "
                    + " | ".join(short(e["result"], 120) for e in entries))
    elif entries[0]["accepted"]:
        line(False, f"{t} is not declared but the library accepted it: "
                    f"{short(entries[0]['call'])} -> {short(entries[0]['result'])}")
    else:
        line(True, f"{t} refused: {short(entries[0]['call'], 160)} -> {short(entries[0]['result'], 200)}")
EOF
[ $? -eq 0 ] || echo "FAIL $name: the probe output could not be checked (see the traceback above)" >>"$tmp/checks.txt"
cat "$tmp/checks.txt"
passed=$((passed + $(grep -c '^ok ' "$tmp/checks.txt")))
failed=$((failed + $(grep -c '^FAIL ' "$tmp/checks.txt")))
finish
