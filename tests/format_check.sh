#!/usr/bin/env bash
# Every C++ source follows .clang-format: `scripts/format --check` (`clang-format --dry-run
# --Werror` over the tracked .cpp and .hpp files). Prints each file that differs and exits 1;
# `scripts/format` (or `clang-format -i FILE`) fixes them.
# Proves it has teeth: a copy of a source with its indentation broken must be reported.
#
# usage: tests/format_check.sh
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
"$root/scripts/format" --check
status=$?
[ "$status" -le 1 ] || exit 1
# Teeth: a badly indented copy must be caught.
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
cp .clang-format "$tmp/"
sed 's/^  /      /' oracle/cast.cpp >"$tmp/broken.cpp"
if clang-format --dry-run --Werror "$tmp/broken.cpp" 2>/dev/null; then
  echo "format check: a badly indented file was not reported: the check has no teeth"; status=1
fi
exit "$status"
