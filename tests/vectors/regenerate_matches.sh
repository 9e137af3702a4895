#!/usr/bin/env bash
# The committed vectors are exactly what `cvc generate` writes (byte for byte).
# usage: regenerate_matches.sh CVC VECTORS_DIR
set -euo pipefail
cvc="$1"; committed="$2"
fresh="$(mktemp -d)"; trap 'rm -rf "$fresh"' EXIT
"$cvc" generate --out "$fresh" --quiet >/dev/null
if ! diff -r -q -x README.md -x CHANGELOG.md -x STORES.md -x schema "$committed" "$fresh"; then
  echo "the committed vectors differ from a fresh generation: run 'build/cvc generate --out vectors'"
  exit 1
fi
echo "regenerated $(ls -R "$fresh" | grep -c '\.json$') files: identical to $committed"
