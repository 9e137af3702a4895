#!/usr/bin/env bash
# CONTRIBUTING.md quotes the list of tests the sanitized run leaves out (scripts/lib/sanitized-exclusions,
# which scripts/test reads) between its sanitized-exclusions markers: the two must be the same,
# line for line. Prints the difference when they are not.
# usage: tests/scripts/sanitized_exclusions_quoted.sh [SOURCE_ROOT]
set -uo pipefail
root="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
list="$(grep -v '^#' "$root/scripts/lib/sanitized-exclusions" | sed '/^[[:space:]]*$/d')"
quoted="$(sed -n '/<!-- sanitized-exclusions:begin -->/,/<!-- sanitized-exclusions:end -->/p' "$root/CONTRIBUTING.md" \
  | sed -e '/<!-- sanitized-exclusions:/d' -e '/^```/d' -e '/^[[:space:]]*$/d')"
[ -n "$list" ] || { echo "FAIL: scripts/lib/sanitized-exclusions lists no test"; exit 1; }
if [ "$list" != "$quoted" ]; then
  echo "FAIL: CONTRIBUTING.md's sanitized-exclusions block is not scripts/lib/sanitized-exclusions (< the list, > CONTRIBUTING.md):"
  diff <(printf '%s\n' "$list") <(printf '%s\n' "$quoted")
  exit 1
fi
echo "ok: CONTRIBUTING.md quotes the $(printf '%s\n' "$list" | wc -l) entries of scripts/lib/sanitized-exclusions"
