#!/usr/bin/env bash
# The JavaScript reader's own tests (readers/js/test, node:test) on the system's Node.js, which
# must be 20 or later (the package's "engines"); 77 (skipped) when there is none.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
node="${CVC_JS_NODE:-$(command -v node)}"
if [ -z "$node" ]; then echo "readers.js.unit: skipped: no node on PATH (Node.js 20 or later needed)"; exit 77; fi
major="$("$node" -p 'process.versions.node.split(".")[0]')"
if [ "$major" -lt 20 ]; then echo "readers.js.unit: skipped: $node is Node.js $major, 20 or later needed"; exit 77; fi
cd "$root/readers/js" && exec "$node" --test test/
