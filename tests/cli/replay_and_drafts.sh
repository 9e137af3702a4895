#!/usr/bin/env bash
# cvc replay and cvc run --issue-drafts, end to end with the reference adapter and a mutant:
# the oracle's answer matches (exit 0), the mutant's does not and is named (exit 1), a malformed
# request is refused naming the field (exit 2); a mutant's run writes one draft per diagnosis
# group naming its model, and the oracle's run writes none.
# usage: replay_and_drafts.sh CVC_BINARY
set -uo pipefail
cvc="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$root/tests/harness/adapters/test_lines.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# 2.5 (float32) into int8 under nearest-even: a tie, 2 by the spec, 3 when ties go away from zero.
line='{"cmd":"cast","id":1,"direction":"encode","array_data_type":"float32","fill_value":0,"codec":{"name":"cast_value","configuration":{"data_type":"int8"}},"count":1,"elements":"00002040"}'

"$cvc" replay --impl "$cvc adapter" "$line" > "$work/oracle.txt"; status=$?
check "replay: the oracle matches (exit 0)" test "$status" -eq 0
check "replay: says match" grep -q "^  match" "$work/oracle.txt"
"$cvc" replay --impl "$cvc adapter --mutant ties-away" "$line" > "$work/mutant.txt"; status=$?
check "replay: a mutant mismatches (exit 1)" test "$status" -eq 1
check "replay: the mutant's model is named" grep -q "MISMATCH; known-bug models reproducing it: ties-away" "$work/mutant.txt"
echo "$line" > "$work/request.json"
"$cvc" replay --impl "$cvc adapter --mutant ties-away" "@$work/request.json" > /dev/null; status=$?
check "replay: @FILE reads the request" test "$status" -eq 1
"$cvc" replay --impl "$cvc adapter" "${line/00002040/0000204}" > /dev/null 2> "$work/bad.txt"; status=$?
check "replay: odd hex is bad input (exit 2)" test "$status" -eq 2
check "replay: the error names elements" grep -q "elements is not lowercase hex" "$work/bad.txt"
"$cvc" replay --impl "$cvc adapter" '{"cmd":"cast","id":1}' > /dev/null 2> "$work/bad.txt"; status=$?
check "replay: a missing field is named" grep -q 'has no "direction"' "$work/bad.txt"

"$cvc" run --impl "$cvc adapter --mutant ties-away" --vectors "$root/vectors" --type int8 \
  --family cast --issue-drafts "$work/drafts" > "$work/run.txt" 2>&1; status=$?
check "drafts: the mutant's run fails (exit 1)" test "$status" -eq 1
check "drafts: one draft, named by the model" test -f "$work/drafts/01-ties-away.md"
check "drafts: no other draft" test "$(ls "$work/drafts" | wc -l)" -eq 1
check "drafts: the draft has the sections of a bug report" \
  grep -q "^## Minimal reproducer" "$work/drafts/01-ties-away.md"
check "drafts: the draft quotes the spec" grep -q "roundTiesToEven" "$work/drafts/01-ties-away.md"
check "drafts: the terminal report diagnoses it" grep -q "\[ties-away\]" "$work/run.txt"
"$cvc" run --impl "$cvc adapter" --vectors "$root/vectors" --type int8 --family cast \
  --issue-drafts "$work/drafts" > /dev/null 2>&1; status=$?
check "drafts: the oracle passes (exit 0)" test "$status" -eq 0
check "drafts: an earlier run's drafts are replaced" test "$(ls "$work/drafts" | wc -l)" -eq 0

# A chain failure (issue 34): the draft and the replay point at cvc chain, and that command runs.
"$cvc" run --impl "$cvc adapter --mutant fixed-scale-offset-non-finite-zero" --vectors "$root/vectors" \
  --family chain --issue-drafts "$work/chain-drafts" > "$work/chain-run.txt" 2>&1; status=$?
check "chain drafts: the mutant's run fails (exit 1)" test "$status" -eq 1
draft="$work/chain-drafts/01-fixed-scale-offset-non-finite-zero.md"
check "chain drafts: one draft, named by the model" test -f "$draft"
explain="$(grep -m1 '^cvc chain --array-type ' "$draft")"
check "chain drafts: the draft explains with cvc chain" test -n "$explain"
check "chain drafts: so does the terminal report" grep -q "explain.*cvc chain --array-type" "$work/chain-run.txt"
eval "\"\$cvc\" ${explain#cvc }" > "$work/chain-explained.txt" 2>&1; status=$?
check "chain drafts: the command runs (exit 0)" test "$status" -eq 0
check "chain drafts: ... and explains the element step by step" grep -q '^element 0x' "$work/chain-explained.txt"
line="$(grep -m1 '^cvc replay --impl ' "$draft" | sed "s/^cvc replay --impl '[^']*' '//; s/'\$//")"
"$cvc" replay --impl "$cvc adapter --mutant fixed-scale-offset-non-finite-zero" "$line" > "$work/chain-replay.txt"; status=$?
check "chain replay: the mutant mismatches (exit 1)" test "$status" -eq 1
check "chain replay: points at cvc chain" grep -q "^  explain: cvc chain --array-type" "$work/chain-replay.txt"
finish
