#!/usr/bin/env bash
# Every C++ source follows .clang-format: `clang-format --dry-run --Werror` over the tracked .cpp
# and .hpp files. Prints each file that differs and exits 1; `clang-format -i FILE` fixes one.
# Proves it has teeth: a copy of a source with its indentation broken must be reported.
#
# usage: tests/format_check.sh
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
command -v clang-format >/dev/null || { echo "format check: clang-format not found (scripts/setup installs it)"; exit 1; }
mapfile -t files < <(git ls-files '*.cpp' '*.hpp' 2>/dev/null || find oracle vector_format generators harness cli tests benchmarks -name '*.cpp' -o -name '*.hpp')
[ "${#files[@]}" -gt 0 ] || { echo "format check: no C++ source found"; exit 1; }
status=0
if ! clang-format --dry-run --Werror "${files[@]}" 2>/tmp/format-check.$$; then
  grep -o '^[^:]*\.\(cpp\|hpp\)' /tmp/format-check.$$ | sort -u | sed 's/^/differs from .clang-format: /'
  status=1
fi
rm -f /tmp/format-check.$$
# Teeth: a badly indented copy must be caught.
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
cp .clang-format "$tmp/"
sed 's/^  /      /' oracle/cast.cpp >"$tmp/broken.cpp"
if clang-format --dry-run --Werror "$tmp/broken.cpp" 2>/dev/null; then
  echo "format check: a badly indented file was not reported: the check has no teeth"; status=1
fi
[ "$status" -eq 0 ] && echo "${#files[@]} C++ files follow .clang-format"
exit "$status"
