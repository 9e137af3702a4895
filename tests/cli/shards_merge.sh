#!/usr/bin/env bash
# cvc run --shard K/N, cvc merge-reports and cvc run --jobs N, end to end with a mutant of the
# reference adapter (failures, examples, divergences and a diagnosis in every report): 2 and 3
# shards of a vector slice and of a live exhaustive slice merge into the single run's terminal,
# JSON, JUnit and HTML reports byte for byte once times are masked; --jobs 2 gives them too; a
# perturbed shard does not; merges of a missing, repeated or foreign shard (another run id: a stale
# shard of an earlier run with the same options), or of a file that is not a report, are refused
# naming why (exit 2); so are bad --run-id values; Ctrl-C of --jobs writes a merged partial
# report.
# usage: shards_merge.sh CVC_BINARY
set -uo pipefail
cvc="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$root/tests/harness/adapters/test_lines.sh"
source "$root/tests/cli/report_forms.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
impl="$cvc adapter --mutant clamp-instead-of-error"

single_run() {  # NAME ARGS...: the unsharded run into $work/NAME
  local name="$1"; shift
  "$cvc" run --impl "$impl" "$@" --report-dir "$work/$name" > "$work/$name/terminal.txt" 2>/dev/null
}
shards_merged() {  # NAME COUNT ARGS...: COUNT shard runs of the run id NAME, merged into $work/NAME
  local name="$1" count="$2" k files=(); shift 2
  mkdir -p "$work/$name"
  for ((k = 1; k <= count; k++)); do
    "$cvc" run --impl "$impl" "$@" --shard "$k/$count" --run-id "$name" \
      --json "$work/$name/shard-$k.json" > /dev/null 2>&1
    files+=("$work/$name/shard-$k.json")
  done
  "$cvc" merge-reports --report-dir "$work/$name" "${files[@]}" > "$work/$name/terminal.txt" \
    2>/dev/null
}

slices=("vectors --vectors $root/vectors --type int8"
        "live --live exhaustive --max-bits 8 --type int8")
for slice in "${slices[@]}"; do
  read -r name args <<< "$slice"
  mkdir -p "$work/$name-single"
  single_run "$name-single" $args; status=$?
  check "$name: the mutant's single run fails (exit 1)" test "$status" -eq 1
  check "$name: the run has failures, divergences and a diagnosis" python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
assert r['totals']['fail'] > 0 and r['totals']['divergence'] > 0, r['totals']
assert r['diagnosis']['buckets'] and r['failure_groups']['groups']" "$work/$name-single/report.json"
  for count in 2 3; do
    shards_merged "$name-$count" "$count" $args; status=$?
    check "$name: merge-reports of $count shards exits as the single run (1)" test "$status" -eq 1
    check "$name: $count shards merge into the single run's reports" \
      same_reports "$work/$name-single" "$work/$name-$count"
  done
  mkdir -p "$work/$name-jobs"
  "$cvc" run --impl "$impl" $args --jobs 2 --report-dir "$work/$name-jobs" \
    > "$work/$name-jobs/terminal.txt" 2>/dev/null; status=$?
  check "$name: --jobs 2 exits as the single run (1)" test "$status" -eq 1
  check "$name: --jobs 2 gives the single run's reports" \
    same_reports "$work/$name-single" "$work/$name-jobs"
done

# Teeth: a shard with one pass more (its cell, a rule, a family, the totals and the derived fields kept
# consistent, so that the merge accepts it) merges into another run.
python3 - "$work/live-2/shard-2.json" "$work/perturbed.json" <<'EOF'
import json, sys
report = json.load(open(sys.argv[1]))
for counts in (report["cells"][0]["counts"], report["rules"][0]["counts"], report["families"][0]["counts"],
               report["totals"]):
    counts["pass"] += 1
    counts["cases"] += 1
cell = report["cells"][0]
cell["passed_percent"] = cell["counts"]["pass"] * 100 // cell["counts"]["cases"]
accounting = report["accounting"]


def coverage(compared, selected):  # as harness/reports/verdict_text.hpp says it
    tenths = compared * 1000 // selected
    share = f"{tenths // 10}.{tenths % 10}%" if 0 < compared < selected else (
        "100%" if compared else "0%")
    return f"{compared:,} of {selected:,} selected cases compared ({share})", share


before, _ = coverage(accounting["compared"], accounting["selected"])
accounting["counted"] += 1
accounting["selected"] += 1
accounting["compared"] += 1
after, accounting["compared_share"] = coverage(accounting["compared"], accounting["selected"])
report["result"] = report["result"].replace(before, after)
json.dump(report, open(sys.argv[2], "w"), indent=1)
EOF
mkdir -p "$work/perturbed-merge"
"$cvc" merge-reports --report-dir "$work/perturbed-merge" "$work/live-2/shard-1.json" \
  "$work/perturbed.json" > "$work/perturbed-merge/terminal.txt" 2>/dev/null
differs() { ! same_reports "$@" > /dev/null; }
check "teeth: the perturbed shard is accepted" test -s "$work/perturbed-merge/report.json"
check "teeth: a perturbed shard no longer merges into the single run" \
  differs "$work/live-single" "$work/perturbed-merge"

# Refused merges: exit 2 and the reason.
refused() {  # LABEL EXPECTED_TEXT REPORTS...
  local label="$1" expected="$2"; shift 2
  "$cvc" merge-reports "$@" > /dev/null 2> "$work/refused.txt"; local status=$?
  check "refused: $label (exit 2)" test "$status" -eq 2
  check "refused: $label names why" grep -qF "$expected" "$work/refused.txt"
}
s3=("$work/live-3/shard-1.json" "$work/live-3/shard-2.json" "$work/live-3/shard-3.json")
refused "a missing shard" "shards missing: 2/3" "${s3[0]}" "${s3[2]}"
refused "a repeated shard" "shard 1/3 is given twice" "${s3[0]}" "${s3[0]}" "${s3[1]}" "${s3[2]}"
refused "shards of another split" "is shard 2/2 but" "${s3[0]}" "$work/live-2/shard-2.json"
refused "a shard of another selection and run" "run.run_id is" "$work/vectors-2/shard-1.json" \
  "$work/live-2/shard-2.json"
# A stale shard: shard 2/2 of another run with the same options (as a second submission into the
# same reports folder finds the first one's): refused naming its file and the run id.
"$cvc" run --impl "$impl" --live exhaustive --max-bits 8 --type int8 --shard 2/2 \
  --run-id an-earlier-run --json "$work/stale-shard-2.json" > /dev/null 2>&1
refused "a shard of another run with the same options" \
  "stale-shard-2.json is not from the same run as $work/live-2/shard-1.json: run.run_id is \"an-earlier-run\"" \
  "$work/live-2/shard-1.json" "$work/stale-shard-2.json"
refused "merge-reports --run-id of another run" "is not of the run asked for: run.run_id is \"live-2\"" \
  --run-id live-3 "$work/live-2/shard-1.json" "$work/live-2/shard-2.json"
"$cvc" merge-reports --run-id live-2 "$work/live-2/shard-1.json" "$work/live-2/shard-2.json" \
  > /dev/null 2>&1; status=$?
check "merge-reports --run-id of the shards' run merges (exit 1, the mutant's verdict)" \
  test "$status" -eq 1
for bad in "" "a b" "x/y" "$(printf 'x%.0s' {1..129})"; do
  "$cvc" run --impl "$impl" --live exhaustive --max-bits 4 --run-id "$bad" > /dev/null \
    2> "$work/bad.txt"; status=$?
  check "--run-id \"${bad:0:20}\" is refused (exit 2)" test "$status" -eq 2
  check "--run-id \"${bad:0:20}\": the error names the option" grep -q -- "--run-id" "$work/bad.txt"
done
refused "an unsharded report" "is not a shard" "$work/live-single/report.json"
echo '{"name": "x"}' > "$work/other.json"
refused "a JSON file that is not a report" "not a cvc run report" "$work/other.json"
echo 'not json' > "$work/text.json"
refused "a file that is not JSON" "not JSON" "$work/text.json"
refused "a missing file" "nowhere.json: no such file" "$work/nowhere.json"

# --shard and --jobs arguments.
for bad in 0/2 3/2 2 a/b; do
  "$cvc" run --impl "$impl" --live exhaustive --max-bits 4 --shard "$bad" > /dev/null \
    2> "$work/bad.txt"; status=$?
  check "--shard $bad is refused (exit 2)" test "$status" -eq 2
  check "--shard $bad: the error says the form" grep -q "shards are numbered from 1" "$work/bad.txt"
done
"$cvc" run --impl "$impl" --live exhaustive --jobs 2 --shard 1/2 > /dev/null 2>&1; status=$?
check "--jobs with --shard is refused (exit 2)" test "$status" -eq 2
"$cvc" run --impl "$impl" --vectors "$work/nowhere" --jobs 2 > /dev/null 2> "$work/bad.txt"
status=$?
check "--jobs: a shard's bad input is the run's (exit 2)" test "$status" -eq 2
# Whichever shard fails first is the one quoted (the other is then stopped).
check "--jobs: its error is passed on" grep -qE "shard [12]/2: cvc run: --vectors" "$work/bad.txt"

# Ctrl-C (SIGINT to cvc run --jobs alone): the shards are stopped, their partial reports merged.
# Its shards' folder is under a TMPDIR of this test's own, so that the check for processes left
# over matches this run's shards and never another checkout's running on the same machine.
mkdir -p "$work/tmp"
TMPDIR="$work/tmp" "$cvc" run --impl "$cvc adapter" --live exhaustive --max-bits 16 --jobs 2 \
  --json "$work/interrupted.json" > /dev/null 2> "$work/interrupted.progress" &
parent=$!
# Interrupted once cases have been compared: its first progress line with a count above zero (the
# live source counts its total first, a second or two in release, many more under the sanitizers;
# no fixed time: on a loaded machine it came late, and a shard not yet started was then killed by
# the stop, its report missing). A run that ends first fails the checks below.
until grep -qE '^cases [1-9]' "$work/interrupted.progress" 2>/dev/null; do
  kill -0 "$parent" 2>/dev/null || break
  sleep 0.1
done
kill -INT "$parent"
wait "$parent"; status=$?
check "interrupted --jobs: exit 1" test "$status" -eq 1
check "interrupted --jobs: the merged report says interrupted" python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
assert r['interrupted'] and not r['complete'] and r['totals']['cases'] > 0, r['totals']" \
  "$work/interrupted.json"
check "interrupted --jobs: no shard process left" \
  bash -c "! pgrep -f -- '--shard [12]/2 --json $work/tmp/cvc-jobs' > /dev/null"

# Stopped at its first moment: SIGTERM already pending when the parent starts (blocked, then
# sent, then exec: the way --jobs starts its shards), before it or any shard has installed a
# handler or started an adapter. The run still ends interrupted, with its merged report (the
# shards are stopped at once, each still writing its report); the signal was lost before, and
# the run ran to its end.
python3 - "$cvc" run --impl "$cvc adapter" --live exhaustive --max-bits 8 --jobs 2 \
  --json "$work/stopped.json" > /dev/null 2>&1 <<'EOF'
import os, signal, sys
signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
os.kill(os.getpid(), signal.SIGTERM)  # pending across exec
os.execv(sys.argv[1], sys.argv[1:])
EOF
status=$?
check "SIGTERM at the first moment: exit 1" test "$status" -eq 1
check "SIGTERM at the first moment: the merged report says interrupted" python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
assert r['interrupted'] and not r['complete'], r['totals']" "$work/stopped.json"
finish
