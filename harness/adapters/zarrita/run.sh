#!/bin/sh
# Launches the zarrita adapter (harness/PROTOCOL.md). Run setup.sh first.
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
modules="${CVC_ADAPTERS_BUILD:-$root/build/adapters}/zarrita/node_modules"
if [ ! -f "$modules/zarrita/package.json" ]; then
  echo "zarrita adapter: $modules has no zarrita; run harness/adapters/zarrita/setup.sh" >&2
  exit 1
fi
CVC_ZARRITA_MODULES="$modules" exec node "$here/adapter.mjs"
