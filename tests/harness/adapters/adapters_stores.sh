#!/usr/bin/env bash
# The store operations of a real adapter (harness/protocol/PROTOCOL.md, "Store operations") on the fixture
# arrays of tests/fixtures/stores/make_fixtures.py: the adapter is set up (its setup.sh), then
# `cvc check-store` runs every array, and the run itself is checked, not the library's score:
#   - it completed (exit 0 or 1), every array was counted, none ended in an adapter error;
#   - every store operation the adapter declares was exercised (an array of its kind was not
#     counted unsupported), and the arrays of an undeclared operation were counted unsupported.
# usage: tests/harness/adapters/adapters_stores.sh ADAPTER CVC_BINARY
set -uo pipefail
adapter="$1"
cvc="$2"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
source "$root/tests/harness/adapters/test_lines.sh"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
dir="$root/harness/adapters/$adapter"
"$dir/setup.sh" > "$tmp/setup.log" 2>&1
status=$?
# 77: the adapter cannot be set up on this machine (zarrs without a source tree): skipped, saying why.
if [ "$status" -eq 77 ]; then cat "$tmp/setup.log"; exit 77; fi
check "$adapter: setup.sh succeeds (exit $status)" test "$status" -eq 0
[ "$failed" -eq 0 ] || { tail -20 "$tmp/setup.log"; finish; }
python3 "$root/tests/fixtures/stores/make_fixtures.py" "$cvc" "$tmp/vectors" || exit 1
"$cvc" check-store --vectors "$tmp/vectors" --impl "$dir/run.sh" --json "$tmp/stores.json" \
  > "$tmp/stores.txt" 2>&1
status=$?
check "$adapter: check-store completed (exit 0 or 1)" test "$status" -le 1
check "$adapter: every array counted, no adapter error" python3 - "$tmp/stores.json" \
  "$tmp/vectors/stores/index.json" <<'PY'
import json, sys
report, index = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
totals = report["totals"]
ok = totals["arrays"] == len(index["arrays"]) and totals["adapter_error"] == 0 and totals["not_reached"] == 0
print(json.dumps(totals)) if not ok else None
sys.exit(0 if ok else 1)
PY
hello=$(echo '{"cmd":"hello","protocol":1,"max_protocol":2,"encodings":["hex"]}' | "$dir/run.sh" 2>/dev/null | head -1)
for pair in decode:read_array encode:write_array open:open_array; do
  kind="${pair%%:*}" operation="${pair##*:}"
  if echo "$hello" | grep -q "\"$operation\""; then
    check "$adapter: $operation declared and exercised" python3 -c '
import json, sys
arrays = [a for a in json.load(open(sys.argv[1]))["arrays"] if a["kind"] == sys.argv[2]]
sys.exit(0 if arrays and all(a["verdict"] != "unsupported" or "data type" in a.get("detail", "") for a in arrays) else 1)' \
      "$tmp/stores.json" "$kind"
  else
    check "$adapter: $operation undeclared, its arrays unsupported" grep -q "does not declare the operation $operation" "$tmp/stores.json"
  fi
done
finish
