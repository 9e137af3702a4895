#!/bin/sh
# Launches the zarrs adapter (harness/protocol/PROTOCOL.md): the binary setup.sh built into
# build/adapters/zarrs/target/release (or $CVC_ADAPTERS_BUILD/zarrs/...; CVC_ZARRS_BUILD_NAME
# names another folder there, as ../zarrs-release/run.sh does). Run setup.sh first.
# Arguments are passed to the adapter (`--probe`: see probe.sh).
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
name="${CVC_ZARRS_BUILD_NAME:-zarrs}"
binary="${CVC_ADAPTERS_BUILD:-$root/build/adapters}/$name/target/release/cvc-zarrs-adapter"
if [ ! -x "$binary" ]; then
  echo "$name adapter: no adapter binary at $binary; run harness/adapters/$name/setup.sh (zarrs: with CVC_ZARRS_SOURCE=<a zarrs checkout>)" >&2
  exit 2
fi
exec "$binary" "$@"
