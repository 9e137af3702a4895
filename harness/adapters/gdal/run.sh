#!/bin/sh
# Launches the GDAL adapter (harness/protocol/PROTOCOL.md): the binary setup.sh built into
# build/adapters/gdal/ (or $CVC_ADAPTERS_BUILD/gdal/). Run setup.sh first (with CVC_GDAL_SOURCE).
# Arguments are passed to the adapter (`--probe`: see probe.sh; `--help`).
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
binary="${CVC_ADAPTERS_BUILD:-$root/build/adapters}/gdal/cvc-gdal-adapter"
if [ ! -x "$binary" ]; then
  echo "gdal adapter: no adapter binary at $binary; run harness/adapters/gdal/setup.sh with CVC_GDAL_SOURCE=<GDAL files>" >&2
  exit 2
fi
exec "$binary" "$@"
