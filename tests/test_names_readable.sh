#!/usr/bin/env bash
# Test names read as names: in each gtest binary's list, no parameter is printed as an address
# ("# GetParam() = 0x55adbb833668": a pointer parameter without a PrintTo) and no parameterized
# test is numbered ("IsRecordedAndTheRunGoesOn/0": an INSTANTIATE_TEST_SUITE_P without a name
# generator). Empty arguments are ignored (a binary the build leaves out). With --ctest-dir, the
# names ctest gives the gtest tests of that build folder carry no comment either ("#": CMake
# appends "  # GetParam() = VALUE" to a named parameterized test unless NO_PRETTY_VALUES), read
# from the files gtest_discover_tests writes there (not with ctest -N, which would rewrite the log
# of the ctest run this test is part of, where scripts/test reads the skip reasons).
# usage: tests/test_names_readable.sh [--ctest-dir BUILD] GTEST_BINARY...
set -uo pipefail
status=0 checked=0
if [ "${1:-}" = --ctest-dir ]; then
  names="$(cat "$2"/*_tests.cmake 2>/dev/null | sed -n 's/^add_test(\[\(=*\)\[\(.*\)\]\1\] .*/\2/p')"
  [ -n "$names" ] || { echo "FAIL: no test discovered in $2/*_tests.cmake"; exit 1; }
  shift 2
  bad="$(printf '%s\n' "$names" | grep -e '#' -e '0x[0-9a-fA-F]\{6,\}')"
  if [ -n "$bad" ]; then
    echo "FAIL: ctest: $(printf '%s\n' "$bad" | wc -l) of $(printf '%s\n' "$names" | wc -l) test names carry a comment or an address:"
    printf '%s\n' "$bad" | head -20 | sed 's/^/  /'
    status=1
  else
    echo "ok: ctest: $(printf '%s\n' "$names" | wc -l) test names, none with a comment or an address"
  fi
fi
for binary in "$@"; do
  [ -n "$binary" ] || continue
  if ! list="$("$binary" --gtest_list_tests)"; then
    echo "FAIL: $binary --gtest_list_tests failed"; status=1; continue
  fi
  checked=$((checked + 1))
  # "Suite.Name/param  # GetParam() = value" lines, with the suite of the line above them.
  bad="$(printf '%s\n' "$list" | awk '
    /^[^ ]/ { suite = $1; next }
    /# GetParam\(\) = .*0x[0-9a-fA-F]+/ { print "  " suite $1 ": its parameter printed as an address (" $NF ")"; next }
    $1 ~ /\/[0-9]+$/ && /GetParam/ { print "  " suite $1 ": numbered, no name generator" }')"
  tests="$(printf '%s\n' "$list" | grep -c '^  ')"
  if [ -n "$bad" ]; then
    echo "FAIL: ${binary##*/}: $(printf '%s\n' "$bad" | wc -l) of $tests test names do not read as names:"
    printf '%s\n' "$bad" | head -20
    status=1
  else
    echo "ok: ${binary##*/}: $tests test names, none with an address or a number for a parameter"
  fi
done
[ "$checked" -gt 0 ] || { echo "FAIL: no gtest binary given"; exit 1; }
exit "$status"
