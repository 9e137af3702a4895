#!/usr/bin/env bash
# The JavaScript reader's own tests (readers/js/test, node:test) and its README's example
# (readers/js/examples/fround.test.mjs, on VECTORS_DIR) on the system's Node.js, which must be 20 or
# later (the package's "engines"); 77 (skipped, saying why) when there is none.
# usage: tests/readers/js/unit.sh [VECTORS_DIR]   (default: the repository's vectors/)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
vectors="$(cd "${1:-$root/vectors}" && pwd)"
node="${CVC_JS_NODE:-$(command -v node || true)}"
if [ -z "$node" ]; then echo "readers.js.unit: skipped: no node on PATH (Node.js 20 or later needed)"; exit 77; fi
major="$("$node" -p 'process.versions.node.split(".")[0]')"
if [ "$major" -lt 20 ]; then echo "readers.js.unit: skipped: $node is Node.js $major, 20 or later needed"; exit 77; fi
cd "$root/readers/js"
# CAST_VALUE_VECTORS: the tests that need a published set (cli.js verify) run on it.
CAST_VALUE_VECTORS="$vectors" "$node" --test test/*.test.js
counts="$(mktemp)"
trap 'rm -f "$counts"' EXIT
CAST_VALUE_VECTORS="$vectors" COUNTS="$counts" "$node" --test examples/fround.test.mjs
# The example's cases were all counted: none failed, and some passed.
"$node" -e '
const t = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).totals;
if (!(t.pass > 0 && t.fail === 0 && t.error === 0)) { console.error("the README example:", JSON.stringify(t)); process.exit(1); }
console.log("the README example:", JSON.stringify(t));' "$counts"
