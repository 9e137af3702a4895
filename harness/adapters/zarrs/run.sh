#!/bin/sh
# Launches the zarrs adapter (harness/protocol/PROTOCOL.md): the binary setup.sh built into
# build/adapters/zarrs/target/release (or $CVC_ADAPTERS_BUILD/zarrs/...). Run setup.sh first.
# Arguments are passed to the adapter (`--probe`: see probe.sh).
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
binary="${CVC_ADAPTERS_BUILD:-$root/build/adapters}/zarrs/target/release/cvc-zarrs-adapter"
if [ ! -x "$binary" ]; then
  echo "zarrs adapter: no adapter binary at $binary; run harness/adapters/zarrs/setup.sh (with CVC_ZARRS_SOURCE=<a zarrs checkout>)" >&2
  exit 2
fi
exec "$binary" "$@"
