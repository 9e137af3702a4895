#!/usr/bin/env bash
# Issue 38's done-when: an adapter that ignores the rounding mode is diagnosed as such, with at most
# 1% of its failures unexplained, in `cvc run` and in `cvc replay`. The adapter is the reference
# adapter's mutant `rounding-ignored-nearest-even` (every mode rounds to nearest-even) on the
# vectors' cast family; the diagnosis must credit its largest group, and at least 99% of its
# failures, to that model, and `cvc replay` of that group's simplest line must name it.
# Teeth: the same check on the mutant `float-to-int-truncates` (rounding ignored only into
# integers, and as truncation) must fail: the model explains none of its failures.
# usage: rounding_ignored_diagnosed.sh CVC_BINARY
set -uo pipefail
cvc="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$root/tests/harness/adapters/test_lines.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
model=rounding-ignored-nearest-even

# diagnosed MUTANT NAME [cvc run selection...]: runs the mutant, then checks that the diagnosis
# names $model for its largest group and explains all but at most 1% of its failures as it, and
# that replaying that group's simplest case names $model. Prints what it saw; exit 0 when all hold.
diagnosed() {
  local mutant="$1" name="$2"
  shift 2
  "$cvc" run --impl "$cvc adapter --mutant $mutant" --vectors "$root/vectors" --family cast "$@" \
    --json "$work/$name.json" > "$work/$name.txt" 2>&1
  local status=$?
  [ "$status" -eq 1 ] || { echo "$name: cvc run exit $status, not 1"; return 1; }
  local line
  line="$(python3 - "$work/$name.json" "$model" <<'EOF'
import json, sys
diagnosis = json.load(open(sys.argv[1]))["diagnosis"]
model = sys.argv[2]
failures = diagnosis["failures"]
groups = diagnosis["groups"]
credited = sum(g["cases"] for g in groups if g["id"] == model)
unexplained = failures - diagnosis["explained"]
largest = max(groups, key=lambda g: g["cases"])
print(f"failures {failures}, credited to {model} {credited}, unexplained {unexplained}, "
      f"largest group {largest['id']}", file=sys.stderr)
ok = largest["id"] == model and credited * 100 >= failures * 99 and unexplained * 100 <= failures
if not ok:
    sys.exit(1)
print(next(g for g in groups if g["id"] == model)["minimal"]["replay"])
EOF
)" || { echo "$name: the diagnosis does not name $model for 99% of the failures"; return 1; }
  "$cvc" replay --impl "$cvc adapter --mutant $mutant" "$line" > "$work/$name-replay.txt"
  status=$?
  [ "$status" -eq 1 ] || { echo "$name: cvc replay exit $status, not 1"; return 1; }
  grep -q "known-bug models reproducing it:.*\b$model\b" "$work/$name-replay.txt" ||
    { echo "$name: cvc replay does not name $model"; cat "$work/$name-replay.txt"; return 1; }
}

diagnosed "$model" subject
check "cvc run and cvc replay diagnose the rounding mode ignored (cast family)" test $? -eq 0
diagnosed float-to-int-truncates teeth --type float32
check "teeth: a mutant that truncates into integers is not diagnosed as $model" test $? -ne 0
finish
