#!/usr/bin/env bash
# The layering check has teeth: on a copy of the sources, a wrong-way include (the runner
# including a report writer, the oracle including the harness or a bug model, the oracle's I/O
# primitives including the oracle), a quoted include of a path in no
# component, and a layering with a cycle are each refused with the file and line named; the
# unchanged copy passes.
#
# usage: tests/layering/wrong_way_include.sh BUILD_DIR   (BUILD_DIR/layering.json, from CMake)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
layering="${1:?usage: wrong_way_include.sh BUILD_DIR}/layering.json"
check="$root/scripts/check-layering"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

copy="$tmp/src"
mkdir -p "$copy"
(cd "$root" && git ls-files '*.cpp' '*.hpp' | tar -cf - -T -) | tar -xf - -C "$copy"
"$check" --quiet --layering "$layering" "$copy" || fail "the unchanged sources do not pass"

# expect_refusal FILE LINE_TEXT EXPECTED_MESSAGE: FILE gets LINE_TEXT at its top; the check must
# exit 1 naming FILE:1 and EXPECTED_MESSAGE.
expect_refusal() {
  local file="$1" line="$2" expected="$3"
  cp "$copy/$file" "$tmp/saved"
  { echo "$line"; cat "$tmp/saved"; } >"$copy/$file"
  local status=0
  "$check" --quiet --layering "$layering" "$copy" 2>"$tmp/err" || status=$?
  cp "$tmp/saved" "$copy/$file"
  [ "$status" -eq 1 ] || fail "$file with '$line': exit $status, not 1"
  grep -qF "$file:1:" "$tmp/err" || fail "$file with '$line': the message does not name $file:1: $(cat "$tmp/err")"
  grep -qF "$expected" "$tmp/err" || fail "$file with '$line': no '$expected' in: $(cat "$tmp/err")"
}
expect_refusal harness/run/runner.cpp '#include "harness/reports/run_summary.hpp"' \
  'cvc_harness_run includes "harness/reports/run_summary.hpp" of cvc_harness_reports'
expect_refusal oracle/cast.cpp '#include "harness/protocol/adapter_client.hpp"' \
  'cvc_oracle includes "harness/protocol/adapter_client.hpp" of cvc_harness_protocol'
expect_refusal vector_format/vector_check.cpp '#include "generators/case_results.hpp"' \
  'cvc_vector_format includes "generators/case_results.hpp" of cvc_generators'
expect_refusal harness/stores/store_check.cpp '#include "harness/reference/reference_store.hpp"' \
  'of cvc_harness_reference'
expect_refusal generators/vector_set.cpp '#include "case_results.hpp"' 'in no component'
# The oracle holds only the arithmetic and the spec's rules: its I/O primitives are below it and
# know no rule, the known-bug models are above it.
expect_refusal oracle/io/input_file.cpp '#include "oracle/cast.hpp"' \
  'cvc_oracle_io includes "oracle/cast.hpp" of cvc_oracle'
expect_refusal oracle/cast.cpp '#include "harness/bug_models/bug_model.hpp"' \
  'cvc_oracle includes "harness/bug_models/bug_model.hpp" of cvc_harness_bug_models'

# A layering whose links form a cycle is refused as unreadable (exit 2).
python3 - "$layering" "$tmp/cycle.json" <<'PY'
import json, sys
layering = json.load(open(sys.argv[1]))
layering["cvc_oracle"]["uses"].append("cvc")
json.dump(layering, open(sys.argv[2], "w"))
PY
status=0
"$check" --quiet --layering "$tmp/cycle.json" "$copy" 2>"$tmp/err" || status=$?
[ "$status" -eq 2 ] || fail "a cycle: exit $status, not 2"
grep -q "cycle" "$tmp/err" || fail "a cycle: the message does not say so: $(cat "$tmp/err")"
echo "layering check: the sources pass; 7 wrong-way or unplaced includes and a cycle refused"
