#!/usr/bin/env bash
# The zarrs adapter's set-up when zarrs cannot be built (docs/zarrs.md, "CI"): with no cargo, or
# with no zarrs source and no release that has the codec, harness/adapters/zarrs/setup.sh must
# print ONE line "zarrs adapter: skipped: <why>" and exit 77 (the code ctest reports as skipped);
# a CVC_ZARRS_SOURCE that names no zarrs checkout is a mistake of the caller, exit 2 (bad input)
# naming it.
# Needs no network and no Rust toolchain: cargo is hidden or replaced by a stub.
#
# usage: tests/harness/adapters/zarrs_setup_skip.sh
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
setup="$root/harness/adapters/zarrs/setup.sh"
source "$root/tests/harness/adapters/test_lines.sh"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
export CVC_ADAPTERS_BUILD="$tmp/build"
mkdir -p "$tmp/bin" "$tmp/stub"
# A PATH with the tools the script uses but no cargo.
for tool in bash sh env sed grep head tail cat dirname mkdir rm cut sha256sum git printf; do
  found="$(command -v "$tool")" && ln -sf "$found" "$tmp/bin/$tool"
done
# (the interpreter itself: a version manager's shim would need its own tools on the PATH)
ln -sf "$(python3 -c 'import sys; print(sys.executable)')" "$tmp/bin/python3"
# A cargo that answers like a registry whose newest zarrs has no cast_value codec.
cat >"$tmp/stub/cargo" <<'STUB'
#!/bin/sh
case "$1" in
  info) echo "version: 0.0.1" ;;
  fetch) exit 0 ;;
  metadata) echo '{"packages": []}' ;;
  *) echo "stub cargo: $*" >&2; exit 1 ;;
esac
STUB
chmod +x "$tmp/stub/cargo"

# run NAME ENV...: runs setup.sh with ENV, keeping its stdout, stderr and exit status.
run() {
  local name="$1"; shift
  env -u CVC_ZARRS_SOURCE "$@" "$setup" >"$tmp/$name.out" 2>"$tmp/$name.err"
  echo $? >"$tmp/$name.status"
}
one_skip_line() {
  [ "$(cat "$tmp/$1.status")" -eq 77 ] && [ "$(wc -l <"$tmp/$1.out")" -eq 1 ] \
    && grep -q '^zarrs adapter: skipped: .' "$tmp/$1.out" && [ ! -s "$tmp/$1.err" ]
}

run nocargo PATH="$tmp/bin"
check "no cargo: exit 77 and one line 'zarrs adapter: skipped: ...' ($(cat "$tmp/nocargo.out"))" one_skip_line nocargo
grep -q 'cargo is not installed' "$tmp/nocargo.out"
check "no cargo: the line says cargo is missing" test $? -eq 0

run norelease PATH="$tmp/stub:$tmp/bin"
check "no source, no release with the codec: exit 77 and one skip line ($(cat "$tmp/norelease.out"))" one_skip_line norelease
grep -q 'CVC_ZARRS_SOURCE is not set' "$tmp/norelease.out"
check "no source: the line names CVC_ZARRS_SOURCE" test $? -eq 0

run badsource PATH="$tmp/stub:$tmp/bin" CVC_ZARRS_SOURCE="$tmp/no-such-checkout"
check "CVC_ZARRS_SOURCE naming no directory: exit 2 (got $(cat "$tmp/badsource.status"))" \
  test "$(cat "$tmp/badsource.status")" -eq 2
grep -q 'CVC_ZARRS_SOURCE=.*is not a directory' "$tmp/badsource.err"
check "CVC_ZARRS_SOURCE naming no directory: the message names it" test $? -eq 0

mkdir -p "$tmp/not-zarrs"
run notzarrs PATH="$tmp/stub:$tmp/bin" CVC_ZARRS_SOURCE="$tmp/not-zarrs"
check "CVC_ZARRS_SOURCE without a zarrs crate: exit 2 (got $(cat "$tmp/notzarrs.status"))" \
  test "$(cat "$tmp/notzarrs.status")" -eq 2
finish
