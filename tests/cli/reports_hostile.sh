#!/usr/bin/env bash
# Hostile input on the report surfaces (issue 22), end to end: shard reports whose failures were
# relabelled as passes, or whose counts wrap past 2^64, are refused (exit 2, naming the file and
# the disagreement), never merged to PASS; a shard count of 10^12 is refused in bounded memory; a
# 50 MB field is never quoted whole; a refused merge leaves the earlier output file untouched; a
# FIFO as a merge input or a --json path is refused at once; `cvc replay` of a request that
# selects nothing, or that the oracle refuses, is bad input (exit 2), not a pass or the adapter's
# fault; every output of `cvc run` is checked before the run starts (a file as --issue-drafts, a
# symlinked drafts folder or report folder); a 10 MB reproducer is cut in the issue draft.
# Each of these fails against a binary from before issue 22 (main at 1fa3e73).
# usage: reports_hostile.sh CVC_BINARY
set -uo pipefail
cvc="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$root/tests/harness/adapters/test_lines.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
impl="$cvc adapter --mutant clamp-instead-of-error"
run=("$cvc" run --impl "$impl" --live exhaustive --max-bits 4 --type int4)

# Peak RSS in KB of the last `measured` command (GNU time when present, else 0).
measured() {  # OUT ERR ARGS...: runs ARGS with a 60 s limit, stdout to OUT, stderr to ERR
  local out="$1" err="$2"; shift 2
  if [ -x /usr/bin/time ]; then
    timeout 60 /usr/bin/time -o "$work/rss" -f "%M" "$@" > "$out" 2> "$err"; status=$?
  else
    timeout 60 "$@" > "$out" 2> "$err"; status=$?; echo 0 > "$work/rss"
  fi
  rss=$(tail -1 "$work/rss" 2>/dev/null | tr -dc 0-9); rss=${rss:-0}
}

for k in 1 2; do
  "${run[@]}" --shard "$k/2" --run-id hostile --json "$work/shard-$k.json" > /dev/null 2>&1
done
check "setup: two shard reports" test -s "$work/shard-1.json" -a -s "$work/shard-2.json"

# 1. Failures relabelled as passes in the counts (cells, rules, groups, totals), not in the diagnosis.
damage() {  # IN OUT PYTHON-STATEMENTS (on r, the report, with counts(c) the relabelling)
  python3 - "$1" "$2" "$3" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
def each_counts():
    yield r["totals"]
    for item in r["cells"] + r["rules"] + r["failure_groups"]["groups"]:
        yield item["counts"]
def relabel(c):
    c["pass"] += c["fail"] + c["adapter_error"]; c["fail"] = 0; c["adapter_error"] = 0
def wrap(c):
    if c["fail"] or c["adapter_error"]:
        c["pass"] += c["fail"] + c["adapter_error"]; c["fail"] = 2**63; c["adapter_error"] = 2**63
exec(sys.argv[3])
json.dump(r, open(sys.argv[2], "w"))
EOF
}
for k in 1 2; do
  damage "$work/shard-$k.json" "$work/relabelled-$k.json" \
    'for c in each_counts(): relabel(c)
r["exit_code"] = 0'
  damage "$work/shard-$k.json" "$work/wrapped-$k.json" 'for c in each_counts(): wrap(c)'
done
measured "$work/out" "$work/err" "$cvc" merge-reports "$work/relabelled-1.json" "$work/relabelled-2.json"
check "relabelled: refused (exit 2), not PASS" test "$status" -eq 2
check "relabelled: never prints PASS" bash -c "! grep -q 'Result: PASS' '$work/out'"
check "relabelled: names the file and the disagreement" \
  grep -q "relabelled-1.json: the report: its parts disagree: diagnosis: .* failures, but the totals count 0 fail" "$work/err"
measured "$work/out" "$work/err" "$cvc" merge-reports "$work/wrapped-1.json" "$work/wrapped-2.json"
check "2^63 counts: refused (exit 2)" test "$status" -eq 2
check "2^63 counts: the sum past 2^64 is named" grep -q "more than 2^64 - 1" "$work/err"
# Relabelled in the cells only: the failure groups disagree.
damage "$work/shard-1.json" "$work/cells-only.json" 'for x in r["cells"]: relabel(x["counts"])'
"$cvc" merge-reports "$work/cells-only.json" "$work/shard-2.json" > /dev/null 2> "$work/err"
check "relabelled cells: refused (exit 2)" test $? -eq 2
check "relabelled cells: names the cell totals" grep -q "cells.*counts\|sum of the cells" "$work/err"

# 2. A shard count of 10^12: refused, in bounded memory, naming a few missing shards.
"${run[@]}" --type int2 --shard 1/1000000000000 --json "$work/huge-count.json" > /dev/null 2>&1
measured "$work/out" "$work/err" "$cvc" merge-reports "$work/huge-count.json"
check "shard 1/10^12: refused (exit 2)" test "$status" -eq 2
check "shard 1/10^12: says how many are missing" grep -q "and 999999999979 more" "$work/err"
check "shard 1/10^12: under 512 MB (peak $rss KB)" test "$rss" -lt 524288

# 3. A 50 MB field is quoted bounded in the message.
damage "$work/shard-2.json" "$work/huge-field.json" 'r["run"]["command"] = "x" * (50 << 20)'
measured "$work/out" "$work/err" "$cvc" merge-reports "$work/shard-1.json" "$work/huge-field.json"
check "50 MB command: refused (exit 2)" test "$status" -eq 2
check "50 MB command: the message is short and says the size" \
  bash -c "test \$(wc -c < '$work/err') -lt 4096 && grep -q '52428800 bytes in all' '$work/err'"

# 4. A refused merge leaves the earlier output untouched; FIFOs are refused at once.
echo "the earlier report" > "$work/earlier.json"
"$cvc" merge-reports --json "$work/earlier.json" "$work/shard-1.json" > /dev/null 2>&1
check "refused merge: exit 2" test $? -eq 2
check "refused merge: the earlier file is untouched" grep -q "the earlier report" "$work/earlier.json"
check "refused merge: no temporary file left" \
  bash -c "! ls '$work' | grep -q partial"
mkfifo "$work/fifo"
measured "$work/out" "$work/err" "$cvc" merge-reports "$work/fifo" "$work/shard-2.json"
check "FIFO input: refused (exit 2), not waited on" test "$status" -eq 2
check "FIFO input: names it" grep -q "fifo.*not a regular file" "$work/err"
measured "$work/out" "$work/err" "$cvc" merge-reports --json "$work/fifo" "$work/shard-1.json" "$work/shard-2.json"
check "FIFO --json: refused (exit 2), not waited on" test "$status" -eq 2
check "FIFO --json: names it" grep -q "a FIFO" "$work/err"

# 5. replay: count 0 selects nothing (exit 2); an invalid fill value is bad input, not the adapter's.
line='{"cmd":"cast","id":1,"direction":"encode","array_data_type":"float32","fill_value":0,"codec":{"name":"cast_value","configuration":{"data_type":"int8"}},"count":0,"elements":""}'
"$cvc" replay --impl "$cvc adapter --mutant ties-away" "$line" > "$work/out" 2> "$work/err"
check "replay count 0: exit 2, not 0" test $? -eq 2
check "replay count 0: says nothing would be compared" grep -q "nothing would be compared" "$work/err"
line='{"cmd":"cast","id":1,"direction":"encode","array_data_type":"float32","fill_value":"banana","codec":{"name":"cast_value","configuration":{"data_type":"int8"}},"count":1,"elements":"00002040"}'
"$cvc" replay --impl "$cvc adapter --mutant ties-away" "$line" > "$work/out" 2> "$work/err"
check "replay invalid fill value: exit 2" test $? -eq 2
check "replay invalid fill value: names fill_value" grep -q "REQUEST: fill_value: invalid float32" "$work/err"
check "replay invalid fill value: never sent to the adapter" bash -c "! grep -q adapter: '$work/out'"

# 6. Every output of cvc run checked before the run starts.
echo "a file" > "$work/a-file"
measured "$work/out" "$work/err" "${run[@]}" --issue-drafts "$work/a-file"
check "--issue-drafts FILE: exit 2" test "$status" -eq 2
check "--issue-drafts FILE: refused before the run" bash -c "! grep -q Result: '$work/out'"
check "--issue-drafts FILE: names it" grep -q "issue-drafts: .*a-file: exists and is not a folder" "$work/err"
mkdir "$work/real-drafts"; ln -s "$work/real-drafts" "$work/linked-drafts"
"${run[@]}" --issue-drafts "$work/linked-drafts" > "$work/out" 2> "$work/err"
check "symlinked drafts folder: exit 2" test $? -eq 2
check "symlinked drafts folder: nothing written through it" test -z "$(ls "$work/real-drafts")"
mkdir "$work/real-reports"; ln -s "$work/real-reports" "$work/linked-reports"
"${run[@]}" --report-dir "$work/linked-reports" > "$work/out" 2> "$work/err"
check "symlinked --report-dir: exit 2" test $? -eq 2
check "symlinked --report-dir: nothing written through it" test -z "$(ls "$work/real-reports")"
"${run[@]}" --json "$work/real-reports" > "$work/out" 2> "$work/err"; status=$?
check "--json FOLDER: exit 2" test "$status" -eq 2
check "--json FOLDER: refused before the run, naming it" \
  bash -c "grep -q 'a folder' '$work/err' && ! grep -q Result: '$work/out'"

# 3b. A 10 MB reproducer is cut in the issue draft (a proxy declaring `reproduce`).
cat > "$work/proxy.py" <<'EOF'
import json, subprocess, sys
child = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
for line in sys.stdin:
    request = json.loads(line)
    if request.get("cmd") == "reproduce":
        print(json.dumps({"id": request["id"], "status": "ok", "language": "python",
                          "code": "print(1)\n" * ((10 << 20) // 9)}), flush=True)
        continue
    child.stdin.write(line); child.stdin.flush()
    answer = child.stdout.readline()
    if request.get("cmd") == "hello":
        hello = json.loads(answer); hello["protocol"] = 2
        hello["operations"] = hello["operations"] + ["reproduce"]
        answer = json.dumps(hello) + "\n"
    sys.stdout.write(answer); sys.stdout.flush()
EOF
"$cvc" run --impl "python3 $work/proxy.py $cvc adapter --mutant ties-away" --live exhaustive \
  --max-bits 8 --type int8 --issue-drafts "$work/drafts" > /dev/null 2>&1
check "huge reproducer: a draft is written" test -f "$work/drafts/01-ties-away.md"
check "huge reproducer: cut, saying its size" grep -q "bytes in all" "$work/drafts/01-ties-away.md"
check "huge reproducer: the draft stays under 100 KB" \
  test "$(wc -c < "$work/drafts/01-ties-away.md")" -lt 102400
finish
