#!/usr/bin/env bash
# scripts/test's reporting on small ready-made ctest folders (no build: CVC_SETUP=true): one
# verdict line last, over both runs, exit 0 only when both passed; every skipped test listed with
# its reason (a GTEST_SKIP() message, a test that exits 77); failures named, with their output cut
# to 300 characters a line; the sanitized run leaves out the tests of
# scripts/lib/sanitized-exclusions; a run whose set-up fails is a FAIL; a status line names a test
# that runs for a while.
# usage: tests/scripts/test_verdict.sh
set -uo pipefail
# What a surrounding run may have set (scripts/test --sanitize under CVC_NO_SANITIZE=1, ...).
unset CVC_NO_SANITIZE CVC_PRESET CVC_SETUP_PREFIX CVC_BUILD_DIR CVC_DEV_BUILD_DIR
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$root/tests/harness/adapters/test_lines.sh"  # check LABEL COMMAND..., finish
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# fake DIR TEST_LINES: a ctest folder DIR/build whose tests are the CMake lines given.
fake() {
  mkdir -p "$1"
  printf 'cmake_minimum_required(VERSION 3.20)\nproject(fake NONE)\nenable_testing()\n%s\n' "$2" \
    >"$1/CMakeLists.txt"
  cmake -S "$1" -B "$1/build" >/dev/null || { echo "cmake failed on $1"; exit 1; }
}
gtest_skip='add_test(NAME EveryMutant_like.Skips COMMAND sh -c "printf %s \"[ RUN      ] A.B\nfile.cpp:12: Skipped\nthe-model: no vector case tells it from the oracle\n\n[  SKIPPED ] A.B (0 ms)\n\"")
set_tests_properties(EveryMutant_like.Skips PROPERTIES SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]")'
skip77='add_test(NAME adapter.skips COMMAND sh -c "echo setting up; echo \"zarrs adapter: skipped: no zarrs source (CVC_ZARRS_SOURCE)\"; exit 77")
set_tests_properties(adapter.skips PROPERTIES SKIP_RETURN_CODE 77)'
fake "$tmp/release" "add_test(NAME one.passes COMMAND true)
add_test(NAME takes.a.while COMMAND sleep 3)
$gtest_skip
$skip77"
# The sanitized folder holds a failing test that scripts/lib/sanitized-exclusions leaves out.
fake "$tmp/sanitized" "add_test(NAME two.passes COMMAND true)
add_test(NAME vectors.verify COMMAND false)
add_test(NAME Sources/Sweep.X/int8 COMMAND false)"
fake "$tmp/failing" "add_test(NAME three.passes COMMAND true)
add_test(NAME three.fails COMMAND sh -c \"echo first line of the failure; printf %01000d 0; echo; exit 1\")"

run() {  # run LOG RELEASE SANITIZED [SETUP]: scripts/test on the fake folders, its exit status in LOG.status
  local status=0
  CVC_SETUP="${4:-true}" CVC_BUILD_DIR="$2" CVC_DEV_BUILD_DIR="$3" CVC_STATUS_EVERY=1 \
    "$root/scripts/test" >"$1" 2>&1 || status=$?
  echo "$status" >"$1.status"
}

# expect_end LABEL LOG STATUS LINE: scripts/test's exit status, and its last line (a regular expression).
expect_end() {
  check "$1: exit $3" test "$(cat "$2.status")" = "$3"
  check "$1: the last line is the verdict ($(tail -1 "$2"))" grep -qx "$4" <(tail -1 "$2")
}

run "$tmp/pass.log" "$tmp/release/build" "$tmp/sanitized/build"
expect_end "passing runs" "$tmp/pass.log" 0 \
  'scripts/test: PASS (release: 2 passed, 2 skipped, 0 failed of 4; sanitized: 1 passed, 0 skipped, 0 failed of 1; skip reasons above; [0-9]* s)'
check "the GTEST_SKIP() message is the reason" grep -qx \
  '  skipped: EveryMutant_like.Skips: the-model: no vector case tells it from the oracle' "$tmp/pass.log"
check "the last line of a test that exited 77 is the reason" grep -qx \
  '  skipped: adapter.skips: zarrs adapter: skipped: no zarrs source (CVC_ZARRS_SOURCE)' "$tmp/pass.log"
check "a status line names the test that takes a while" grep -q \
  'release tests: .* done (0 failed), .*; running: takes.a.while' "$tmp/pass.log"
check "the sanitized run left out vectors.* and Sources/* (scripts/lib/sanitized-exclusions)" \
  bash -c "! grep -q 'vectors.verify\|Sources/Sweep' '$tmp/pass.log'"

run "$tmp/fail.log" "$tmp/release/build" "$tmp/failing/build"
expect_end "a failing run" "$tmp/fail.log" 1 \
  'scripts/test: FAIL (failed: sanitized three.fails (Failed); release: 2 passed, 2 skipped, 0 failed of 4; sanitized: 1 passed, 0 skipped, 1 failed of 2; skip reasons above; [0-9]* s)'
check "a failing test's output is shown" grep -qx '  | first line of the failure' "$tmp/fail.log"
check "no line over 300 characters (the failure's 1000-character line cut)" \
  test "$(awk 'length > 300' "$tmp/fail.log" | wc -l)" = 0
check "the cut line says so" grep -q '\[\.\.\. [0-9]* more characters\]$' "$tmp/fail.log"

run "$tmp/setup.log" "$tmp/release/build" "$tmp/sanitized/build" false
expect_end "a failed set-up" "$tmp/setup.log" 1 \
  'scripts/test: FAIL (not run: release, sanitized; release: not run (its set-up or build failed, above); sanitized: not run (its set-up or build failed, above); [0-9]* s)'
fake "$tmp/empty" ""
run "$tmp/empty.log" "$tmp/release/build" "$tmp/empty/build"
expect_end "a run with no test" "$tmp/empty.log" 1 \
  'scripts/test: FAIL (not run: sanitized; release: .*; sanitized: not run (ctest found no test); .*)'
finish
