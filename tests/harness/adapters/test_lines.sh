# Sourced by the adapters' shell tests: one "ok"/"FAIL" line per check, and the summary line.
#   check LABEL COMMAND...   runs COMMAND; prints "ok   LABEL" or "FAIL LABEL" and counts it
#   finish                   prints "N passed, M failed" and exits 0 only when nothing failed
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
