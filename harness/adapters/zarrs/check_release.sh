#!/usr/bin/env bash
# Re-checks whether the newest PUBLISHED zarrs release contains the cast_value codec.
# Not an adapter: see README.md. Fetches the newest zarrs crate (all optional features on)
# into a scratch project under build/adapters/zarrs/probe and searches its source and that of
# its zarrs_* dependencies for cast_value.
# Exit 0 and one line when the codec is still absent; exit 3 when a release has it (time to
# write the adapter); exit 1 with a message on any other failure.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
probe="${CVC_ADAPTERS_BUILD:-$root/build/adapters}/zarrs/probe"
fail() { echo "zarrs check: $*" >&2; exit 1; }
command -v cargo >/dev/null 2>&1 || fail "cargo not found"

version="${1:-$(cargo info zarrs 2>/dev/null | sed -n 's/^version: *\([^ ]*\).*/\1/p' | head -1)}"
[ -n "$version" ] || fail "could not learn the newest zarrs version (cargo info zarrs)"

mkdir -p "$probe/src"
cat > "$probe/Cargo.toml" <<TOML
[package]
name = "zarrs-cast-value-probe"
version = "0.0.0"
edition = "2021"
publish = false
[dependencies]
zarrs = { version = "=$version", features = ["float8", "microfloat", "bitround", "fletcher32", "sharding"] }
TOML
echo 'fn main() {}' > "$probe/src/main.rs"
( cd "$probe" && cargo fetch --quiet ) || fail "cargo fetch of zarrs $version failed"
dirs="$(cd "$probe" && cargo metadata --format-version 1 --quiet | python3 -c '
import json, os, sys
for p in json.load(sys.stdin)["packages"]:
    if p["name"].startswith("zarrs"):
        print(p["name"] + "@" + p["version"] + "=" + os.path.dirname(p["manifest_path"]))
')"
codec_hits=""; metadata_hits=""
while IFS='=' read -r name dir; do
  for f in $(grep -rl 'cast_value' "$dir/src" 2>/dev/null || true); do
    case "$name" in
      zarrs_metadata_ext@*) metadata_hits="$metadata_hits ${name}:${f#"$dir"/}" ;;
      *) codec_hits="$codec_hits ${name}:${f#"$dir"/}" ;;
    esac
  done
done <<< "$dirs"
if [ -n "$codec_hits" ]; then
  echo "zarrs $version mentions cast_value outside its metadata types:$codec_hits"
  echo "a published release may implement the codec: write the adapter (README.md)"
  exit 3
fi
echo "zarrs $version: no cast_value codec (metadata types only:${metadata_hits:- none})"
