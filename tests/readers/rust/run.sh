#!/usr/bin/env bash
# The Rust reader's tests, as CI runs them (tests/cmake/rust-reader.cmake):
#   run.sh CVC VECTORS [TARGET_DIR]
# 1. the crate's own tests (readers/rust);
# 2. the agreement test (tests/readers/rust): half's f16::from_f64 judged through the crate gives
#    exactly the counts `CVC run` gives it through the adapter src/bin/half-adapter.rs, on the
#    same selection of VECTORS, and readers with a planted bug (a dropped case, NaN matching no
#    other NaN) do not agree.
# Cargo builds into TARGET_DIR (default: build/readers/rust), with the committed Cargo.lock files.
# Exit 77 (skipped, with the reason) without cargo, or for vectors without stable ids (before
# 1.3.0: the crate needs them); otherwise cargo's verdict.
set -euo pipefail
case "${1:-}" in
  -h|--help)
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    exit 0 ;;
esac
[ $# -ge 2 ] || { echo "usage: run.sh CVC VECTORS [TARGET_DIR] (--help)" >&2; exit 2; }
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
[ -f "$1" ] && [ -x "$1" ] || { echo "rust reader: $1 is not an executable cvc" >&2; exit 2; }
[ -f "$2/manifest.json" ] || { echo "rust reader: $2 holds no manifest.json (a vector folder)" >&2; exit 2; }
cvc="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
vectors="$(cd "$2" && pwd)"
target="${3:-$root/build/readers/rust}"
command -v cargo >/dev/null 2>&1 || { echo "rust reader: skipped: cargo is not installed"; exit 77; }
if ! grep -q '"stable_id"' "$vectors/cast/int8.json" 2>/dev/null; then
  echo "rust reader: skipped: the vectors at $2 have no stable ids (vectors before 1.3.0); the crate needs them"
  exit 77
fi
mkdir -p "$target"
export CARGO_TARGET_DIR="$target"
# One build for both packages (the agreement package's profile), so that serde and serde_json
# are compiled once: the crate is tested as a package of the agreement test's dependency graph.
# Clippy (both packages are clippy-clean: readers/rust/README.md) is left to development: in CI
# its separate build would cost more than this test's budget.
CVC="$cvc" CVC_VECTORS="$vectors" cargo test --locked --quiet --manifest-path "$here/Cargo.toml" \
  -p cast-value-vectors -p cast-value-vectors-agreement -- --nocapture
