# A ctest run and its tally, for scripts/test (sourced, not run; needs scripts/lib/progress.sh).
# Each run says where it is every CVC_STATUS_EVERY seconds (done of total, failures, the tests
# running and for how long), prints each failure with its output when it happens, and ends with
# its counts and every skipped test with its reason (the skip message of GTEST_SKIP(), or the
# last line a test that exited 77 printed, read back from ctest's log of the run). The counts are
# recorded per run for cvc_test_verdict: one line over every run.

declare -gA cvc_run_total=() cvc_run_passed=() cvc_run_skipped=() cvc_run_failed=() cvc_run_not_run=()
declare -ga cvc_run_labels=()
CVC_FAILURE_LINES=100  # lines of one failed test's output shown here (all in ctest's log)

# cvc_test_not_run LABEL WHY: records a run that could not start (its build failed).
cvc_test_not_run() {
  cvc_run_labels+=("$1")
  cvc_run_total[$1]=0 cvc_run_passed[$1]=0 cvc_run_skipped[$1]="" cvc_run_failed[$1]=""
  cvc_run_not_run[$1]="$2"
}

# cvc_test_run PREFIX LABEL BUILD CTEST_ARGUMENT...: runs the tests of BUILD that the arguments
# select (-L, -E, ...), both cores, failures with their output.
cvc_test_run() {
  local prefix="$1" label="$2" build="$3" status=0
  shift 3
  cvc_tr_prefix="$prefix" cvc_tr_label="$label" cvc_tr_start=$SECONDS cvc_tr_total=0 cvc_tr_done=0
  cvc_tr_passed=0 cvc_tr_skipped="" cvc_tr_failed="" cvc_tr_failure_lines=-1 cvc_tr_summary=""
  declare -gA cvc_tr_running=() cvc_tr_started=()
  cvc_say "$prefix: $label tests: running ($(cvc_shown_path "$build"), ctest $*)"
  cvc_follow cvc_test_line cvc_test_tick \
    ctest --test-dir "$build" --output-on-failure -j "$(nproc)" "$@" || status=$?
  cvc_test_flush_failure
  # A test ctest could not run at all is in its status lines too; a nonzero exit with no failure
  # seen is still a failure.
  if ((status != 0)) && [ -z "$cvc_tr_failed" ]; then cvc_tr_failed=$'\n'"(ctest exit $status)"; fi
  cvc_run_not_run[$label]=""
  ((cvc_tr_total > 0)) || cvc_run_not_run[$label]="ctest found no test"
  cvc_run_labels+=("$label")
  cvc_run_total[$label]=$cvc_tr_total cvc_run_passed[$label]=$cvc_tr_passed
  cvc_run_skipped[$label]="${cvc_tr_skipped#$'\n'}" cvc_run_failed[$label]="${cvc_tr_failed#$'\n'}"
  cvc_say "$prefix: $label tests: $(cvc_test_counts "$label") in $(cvc_duration $((SECONDS - cvc_tr_start)))"
  cvc_test_skip_reasons "$build" "${cvc_run_skipped[$label]}" | while IFS= read -r line; do
    cvc_say "  skipped: $line"
  done
  if [ -n "${cvc_run_failed[$label]}" ]; then
    while IFS= read -r line; do cvc_say "  failed: $line"; done <<<"${cvc_run_failed[$label]}"
  fi
}

cvc_test_line() {
  local line="$1" id name rest
  if [[ "$line" =~ ^\ *Start\ +([0-9]+):\ (.*)$ ]]; then
    cvc_test_flush_failure
    cvc_tr_running[${BASH_REMATCH[1]}]="${BASH_REMATCH[2]}"
    cvc_tr_started[${BASH_REMATCH[1]}]=$SECONDS
  elif [[ "$line" =~ ^\ *([0-9]+)/([0-9]+)\ +Test\ +#([0-9]+):\ (.*)$ ]]; then
    cvc_test_flush_failure
    cvc_tr_done=${BASH_REMATCH[1]} cvc_tr_total=${BASH_REMATCH[2]} id=${BASH_REMATCH[3]}
    rest="${BASH_REMATCH[4]}"
    name="${cvc_tr_running[$id]:-}"
    unset "cvc_tr_running[$id]" "cvc_tr_started[$id]"
    if [ -n "$name" ]; then rest="${rest#"$name"}"; else name="${rest%% .*}" rest="${rest#"$name"}"; fi
    [[ "$rest" =~ ^[\ .]*(\*\*\*)?(.*[^ ])\ +[0-9.]+\ sec$ ]] && rest="${BASH_REMATCH[2]}"
    case "$rest" in
      Passed) cvc_tr_passed=$((cvc_tr_passed + 1)) ;;
      Skipped) cvc_tr_skipped+=$'\n'"$name" ;;
      *)
        cvc_tr_failed+=$'\n'"$name ($rest)"
        cvc_say "$cvc_tr_prefix: $cvc_tr_label tests: FAILED $name ($rest); its output:"
        cvc_tr_failure_lines=0
        ;;
    esac
  elif [[ "$line" =~ ^[0-9]+%\ tests\ passed ]]; then
    cvc_tr_summary=yes  # ctest's own summary: replaced by the counts and lists of cvc_test_run
  elif ((cvc_tr_failure_lines >= 0)); then
    cvc_tr_failure_lines=$((cvc_tr_failure_lines + 1))
    ((cvc_tr_failure_lines > CVC_FAILURE_LINES)) || cvc_say "  | $line"
  elif [ -z "$cvc_tr_summary" ] && [ -n "$line" ] \
    && ! [[ "$line" =~ ^(Test\ project\ |Internal\ ctest\ changing\ into\ directory) ]]; then
    cvc_say "$line"  # anything else ctest says (an error, "No tests were found")
  fi
}

# The end of a failed test's output: says how much of it was left out.
cvc_test_flush_failure() {
  if ((cvc_tr_failure_lines > CVC_FAILURE_LINES)); then
    cvc_say "  | [... $((cvc_tr_failure_lines - CVC_FAILURE_LINES)) more lines: Testing/Temporary/LastTest.log of the build]"
  fi
  cvc_tr_failure_lines=-1
}

cvc_test_tick() {
  cvc_status_due || return 0
  local running="" id failures=0
  [ -z "$cvc_tr_failed" ] || failures=$(($(printf '%s' "$cvc_tr_failed" | wc -l)))
  for id in "${!cvc_tr_running[@]}"; do
    running+=", ${cvc_tr_running[$id]} ($(cvc_duration $((SECONDS - cvc_tr_started[$id]))))"
  done
  cvc_say "$cvc_tr_prefix: $cvc_tr_label tests: $cvc_tr_done of $cvc_tr_total done ($failures failed)," \
    "$(cvc_duration $((SECONDS - cvc_tr_start)))${running:+; running: ${running#, }}"
}

# cvc_test_counts LABEL: "860 passed, 13 skipped, 0 failed of 873", or "not run (why)".
cvc_test_counts() {
  if [ -n "${cvc_run_not_run[$1]}" ]; then
    printf 'not run (%s)\n' "${cvc_run_not_run[$1]}"
    return
  fi
  local skipped=0 failed=0
  [ -z "${cvc_run_skipped[$1]}" ] || skipped=$(printf '%s\n' "${cvc_run_skipped[$1]}" | wc -l)
  [ -z "${cvc_run_failed[$1]}" ] || failed=$(printf '%s\n' "${cvc_run_failed[$1]}" | wc -l)
  printf '%s passed, %s skipped, %s failed of %s\n' "${cvc_run_passed[$1]}" "$skipped" "$failed" \
    "${cvc_run_total[$1]}"
}

# cvc_test_skip_reasons BUILD NAMES: "NAME: reason" for each skipped test (NAMES one a line), from
# the output ctest logged: what follows gtest's "file:line: Skipped" up to "[  SKIPPED ]", or the
# last line the test printed.
cvc_test_skip_reasons() {
  [ -n "$2" ] || return 0
  local log="$1/Testing/Temporary/LastTest.log"
  awk -v names="$2" '
    BEGIN { n = split(names, list, "\n"); for (i = 1; i <= n; i++) wanted[list[i]] = 1 }
    /^[0-9]+\/[0-9]+ Test: / { name = $0; sub(/^[0-9]+\/[0-9]+ Test: /, "", name); next }
    /^Output:$/ { out = 0; reason = ""; last = ""; taking = 0; next }
    /^-+$/ && out == 0 { out = 1; next }
    /^<end of output>$/ {
      if (name in wanted) { print name ": " (reason != "" ? reason : (last != "" ? last : "(no message)")); delete wanted[name] }
      out = -1; next
    }
    out == 1 {
      if ($0 ~ /^\[  SKIPPED \]/) { taking = 0; next }
      if (taking && $0 != "") reason = reason (reason == "" ? "" : " ") $0
      if ($0 ~ /: Skipped$/) taking = 1
      if ($0 != "") last = $0
    }
    END { for (n in wanted) print n ": (its output is not in " FILENAME ")" }
  ' "$log" 2>/dev/null || printf '%s\n' "$2" | sed 's/$/: (no ctest log to read the reason from)/'
}

# cvc_test_verdict PREFIX SECONDS: the one line over every run recorded, e.g.
# "PREFIX: PASS (release: 860 passed, 13 skipped, 0 failed of 873; ...; skip reasons above;
# 19 min 12 s)", or FAIL naming the failed tests (the first few; all are listed above).
# Returns 0 for PASS, 1 for FAIL.
cvc_test_verdict() {
  local prefix="$1" elapsed="$2" label parts="" failed_names="" any_skipped="" not_run="" n=0 more=0
  for label in "${cvc_run_labels[@]}"; do
    parts+="; $label: $(cvc_test_counts "$label")"
    [ -z "${cvc_run_skipped[$label]}" ] || any_skipped=yes
    [ -z "${cvc_run_not_run[$label]}" ] || not_run+=", $label"
    if [ -n "${cvc_run_failed[$label]}" ]; then
      while IFS= read -r name; do
        n=$((n + 1))
        if ((n <= 5)); then failed_names+=", $label ${name}"; else more=$((more + 1)); fi
      done <<<"${cvc_run_failed[$label]}"
    fi
  done
  ((${#cvc_run_labels[@]} > 0)) || not_run=", every run"
  parts="${parts#; }${any_skipped:+; skip reasons above}; $(cvc_duration "$elapsed")"
  if [ -z "$failed_names$not_run" ]; then
    cvc_say "$prefix: PASS ($parts)"
    return 0
  fi
  ((more == 0)) || failed_names+=" and $more more (above)"
  local why="${failed_names:+failed: ${failed_names#, }}"
  [ -z "$not_run" ] || why+="${why:+; }not run: ${not_run#, }"
  cvc_say "$prefix: FAIL ($why; $parts)"
  return 1
}
