#!/usr/bin/env bash
# Idempotent set-up of the zarrita adapter: installs the pinned zarrita (package.json and
# package-lock.json beside this script) into build/adapters/zarrita/ with `npm ci`.
# Quiet when everything is already in place; a clear message and exit 1 on failure.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
dest="${CVC_ADAPTERS_BUILD:-$root/build/adapters}/zarrita"

fail() { echo "zarrita adapter setup: $*" >&2; exit 1; }

command -v node >/dev/null 2>&1 || fail "node not found (Node.js 20 or newer is needed)"
command -v npm >/dev/null 2>&1 || fail "npm not found"
major="$(node -p 'process.versions.node.split(".")[0]')"
[ "$major" -ge 20 ] || fail "Node.js $(node --version) is too old (20 or newer is needed)"

stamp="$dest/.installed"
want="$(cat "$here/package.json" "$here/package-lock.json" | sha256sum | cut -d' ' -f1)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -f "$dest/node_modules/zarrita/package.json" ]; then
  exit 0
fi

mkdir -p "$dest"
cp "$here/package.json" "$here/package-lock.json" "$dest/"
if ! log="$(cd "$dest" && npm ci --no-audit --no-fund --loglevel=error 2>&1)"; then
  printf '%s\n' "$log" | tail -30 >&2
  fail "npm ci failed in $dest"
fi
version="$(node -p "require('$dest/node_modules/zarrita/package.json').version")"
pinned="$(node -p "require('$here/package.json').dependencies.zarrita")"
[ "$version" = "$pinned" ] || fail "installed zarrita $version, expected $pinned"
grep -q '"cast_value"' "$dest/node_modules/zarrita/dist/src/codecs.js" \
  || fail "zarrita $version has no cast_value codec in its registry"
echo "$want" > "$stamp"
