# Sourced by the shell tests: one "ok"/"FAIL" line per check, and the summary line.
#   check LABEL COMMAND...   runs COMMAND; prints "ok   LABEL" or "FAIL LABEL" and counts it
#   finish                   prints "N passed, M failed" and exits 0 only when nothing failed
# With $work (the test's scratch folder) set:
#   exits CODE COMMAND...    COMMAND exits with CODE within $exits_seconds (default 30) seconds,
#                            its output (stdout and stderr) in $work/out
#   says TEXT, not_says TEXT $work/out holds TEXT, or does not (grep -q: TEXT is a pattern)
passed=0
failed=0
check() {
  local label="$1"; shift
  if "$@"; then
    echo "ok   $label"; passed=$((passed + 1))
  else
    echo "FAIL $label"; failed=$((failed + 1))
  fi
}
finish() {
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit
}
exits() {
  local want="$1"; shift
  timeout "${exits_seconds:-30}" "$@" >"$work/out" 2>&1
  local got=$?
  [ "$got" -eq "$want" ] || { echo "  exit $got, not $want: $*"; tail -3 "$work/out"; return 1; }
}
says() { grep -q -- "$1" "$work/out" || { echo "  no \"$1\" in:"; tail -3 "$work/out"; return 1; }; }
not_says() { ! grep -q -- "$1" "$work/out" || { echo "  \"$1\" in:"; grep -m3 -- "$1" "$work/out"; return 1; }; }
