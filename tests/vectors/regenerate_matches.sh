#!/usr/bin/env bash
# The committed vectors are exactly what `cvc generate` writes (byte for byte).
# usage: regenerate_matches.sh CVC VECTORS_DIR
set -euo pipefail
cvc="$1"; committed="$2"
fresh="$(mktemp -d)"; trap 'rm -rf "$fresh"' EXIT
"$cvc" generate --out "$fresh" --quiet >/dev/null
# The hand-written files of the vector folder and changes/ (scripts/vector-changes), the only ones
# cvc generate does not write (a file of
# the committed folder that is neither these nor generated is a difference: "Only in").
hand_written=(README.md CHANGELOG.md STORES.md schema changes)
if ! diff -r -q "${hand_written[@]/#/-x}" "$committed" "$fresh"; then
  echo "the committed vectors differ from a fresh generation: run 'build/cvc generate --out vectors'"
  exit 1
fi
echo "regenerated $(ls -R "$fresh" | grep -c '\.json$') files: identical to $committed"
