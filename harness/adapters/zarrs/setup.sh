#!/usr/bin/env bash
# Idempotent set-up of the zarrs adapter: builds the Rust binary of src/main.rs (release mode)
# into build/adapters/zarrs/ (or $CVC_ADAPTERS_BUILD/zarrs/) against, in this order:
#   1. the zarrs source tree named by CVC_ZARRS_SOURCE (a checkout of github.com/zarrs/zarrs,
#      e.g. its main branch), as a Cargo path dependency; the checkout's commit (git rev-parse,
#      "-dirty" when it has local changes) is built into the adapter, which reports it in its
#      handshake and so in every result;
#   2. the zarrs release CVC_ZARRS_CRATE_VERSION from crates.io (harness/adapters/zarrs-release
#      sets it: the released crate, certified in CI), built into build/adapters/$CVC_ZARRS_BUILD_NAME;
#   3. otherwise the newest zarrs on crates.io, when scripts/check-zarrs-release finds that it
#      has the cast_value codec.
# The array -> array codecs the chosen zarrs registers (cast_value, scale_offset, the alias
# numcodecs.fixedscaleoffset, transpose) are read from its source files and built into the
# adapter, which declares exactly those (a zarrs without cast_value answers its cases unsupported).
# The Cargo.toml is written at set-up time (it names this machine's paths); Cargo.lock beside
# this script pins every other crate (half, microfloat, ...) and is used as the starting lock.
# When neither source is available it prints ONE line "zarrs adapter: skipped: <why>" and exits
# 77 (the skip code ctest is told about): no zarrs, no failure.
# Quiet when the build is already up to date; a clear message and exit 2 for a CVC_ZARRS_SOURCE that
# is no zarrs checkout, 3 for a build that failed (`build/cvc help exit-codes`).
set -euo pipefail
case "${1:-}" in
  -h|--help)
    sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'
    exit 0 ;;
esac
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
build="${CVC_ADAPTERS_BUILD:-$root/build/adapters}/${CVC_ZARRS_BUILD_NAME:-zarrs}"
readonly skip_code=77

fail() { echo "zarrs adapter setup: $*" >&2; exit 3; }
bad_source() { echo "zarrs adapter setup: $*" >&2; exit 2; }
skip() { echo "zarrs adapter: skipped: $*"; exit "$skip_code"; }
# The features the adapter needs: microfloat (the float4/6/8 types' cast_value traits), the
# codecs the metadata vectors name besides cast_value and bytes (crc32c, transpose; sharding is
# always built), and filesystem (zarrs' own directory store, for the store operations).
# CVC_ZARRS_EXTRA_FEATURES adds features a given release needs (zarrs 0.23.14: "sharding", a
# feature there and always built on main).
extra_features=""
for feature in ${CVC_ZARRS_EXTRA_FEATURES:-}; do extra_features="$extra_features, \"$feature\""; done
features="default-features = false, features = [\"microfloat\", \"crc32c\", \"transpose\", \"filesystem\"$extra_features]"

command -v cargo >/dev/null 2>&1 || skip "cargo is not installed (needed to build the Rust adapter)"

if [ -n "${CVC_ZARRS_SOURCE:-}" ]; then
  source_dir="$(cd "$CVC_ZARRS_SOURCE" 2>/dev/null && pwd)" \
    || bad_source "CVC_ZARRS_SOURCE=$CVC_ZARRS_SOURCE is not a directory"
  # The workspace root of a zarrs checkout, or its zarrs/ crate folder.
  [ -f "$source_dir/zarrs/Cargo.toml" ] && source_dir="$source_dir/zarrs"
  grep -q '^name = "zarrs"$' "$source_dir/Cargo.toml" 2>/dev/null \
    || bad_source "CVC_ZARRS_SOURCE=$CVC_ZARRS_SOURCE holds no zarrs crate (zarrs/Cargo.toml)"
  commit="$(git -C "$source_dir" rev-parse HEAD 2>/dev/null)" \
    || bad_source "CVC_ZARRS_SOURCE=$CVC_ZARRS_SOURCE is not a git checkout (the results must name its commit)"
  [ -z "$(git -C "$source_dir" status --porcelain --untracked-files=no 2>/dev/null)" ] || commit="$commit-dirty"
  # The version the results are named by: branch and short commit (main-85b26a34).
  branch="$(git -C "$source_dir" rev-parse --abbrev-ref HEAD 2>/dev/null || true)"
  [ -n "$branch" ] && [ "$branch" != HEAD ] || branch=git
  label="$branch-${commit:0:8}${commit#"${commit%-dirty}"}"
  release="unreleased: git checkout, $branch branch, commit $commit"
  dependency="zarrs = { path = \"$source_dir\", $features }"
elif [ -n "${CVC_ZARRS_CRATE_VERSION:-}" ]; then
  # A given release from crates.io, whatever codecs it has.
  version="$CVC_ZARRS_CRATE_VERSION"
  commit=""
  label="$version"
  release="released: crates.io $version"
  dependency="zarrs = { version = \"=$version\", $features }"
else
  # A published release with the codec? scripts/check-zarrs-release exits 1 when it has one.
  status=0
  check="$("$root/scripts/check-zarrs-release" 2>&1)" || status=$?
  case "$status" in
    1) version="$(printf '%s\n' "$check" | sed -n 's/^zarrs \([^ ]*\) mentions cast_value.*/\1/p' | head -1)"
       [ -n "$version" ] || fail "could not read the version from scripts/check-zarrs-release: $check"
       commit=""
       label="$version"
       release="released: crates.io $version"
       dependency="zarrs = { version = \"=$version\", $features }" ;;
    0) skip "CVC_ZARRS_SOURCE is not set (a zarrs checkout with the cast_value codec) and ${check#zarrs check: }" ;;
    *) skip "CVC_ZARRS_SOURCE is not set and the crates.io check failed: $(printf '%s' "$check" | tail -1)" ;;
  esac
fi

crate="$build/crate"
mkdir -p "$crate"
manifest="[package]
name = \"cvc-zarrs-adapter\"
version = \"0.1.0\"
edition = \"2021\"
publish = false

[[bin]]
name = \"cvc-zarrs-adapter\"
path = \"$here/src/main.rs\"

[dependencies]
$dependency
# raw_value: the adapter copies the request's metadata texts into zarr.json untouched. (No
# arbitrary_precision: it would change how zarrs itself parses numbers.)
serde = \"1\"
serde_json = { version = \"1\", features = [\"raw_value\"] }
base64 = \"0.23\"
"
rustc_version="$(rustc --version 2>/dev/null | sed "s/^rustc //" || echo unknown)"
lock="$here/Cargo.lock"
want="$(printf '%s\n%s\n%s\n%s\n' "$manifest" "$release" "$label" "$rustc_version" | cat - "$here/src/main.rs" "$( [ -f "$lock" ] && echo "$lock" || echo /dev/null)" | sha256sum | cut -d' ' -f1)"
binary="$build/target/release/cvc-zarrs-adapter"
if [ -x "$binary" ] && [ -f "$build/.installed" ] && [ "$(cat "$build/.installed")" = "$want" ]; then
  exit 0
fi
rm -f "$build/.installed"
printf '%s' "$manifest" > "$crate/Cargo.toml"
# The committed lock is the starting point: cargo keeps its versions, adding only what the
# chosen zarrs needs beyond it (a newer checkout, a crates.io release).
if [ -f "$lock" ]; then cp "$lock" "$crate/Cargo.lock"; else rm -f "$crate/Cargo.lock"; fi
log="$build/build.log"
(cd "$crate" && cargo fetch --quiet >"$log" 2>&1) || { tail -30 "$log" >&2; fail "cargo fetch failed (full log: $log)"; }
# The array -> array codecs this zarrs registers, read from its sources (the crate's folder: the
# path dependency, or where cargo fetched the release): a file of the codec's own, and for the
# alias the name it registers.
zarrs_dir="$(cd "$crate" && cargo metadata --format-version 1 --quiet 2>>"$log" | python3 -c '
import json, os, sys
print(next(os.path.dirname(p["manifest_path"]) for p in json.load(sys.stdin)["packages"] if p["name"] == "zarrs"))
')" || { tail -30 "$log" >&2; fail "cargo metadata did not name the zarrs crate (full log: $log)"; }
codecs_dir="$zarrs_dir/src/array/codec/array_to_array"
codecs=""
for codec in cast_value scale_offset transpose; do
  [ -f "$codecs_dir/$codec.rs" ] && codecs="$codecs $codec"
done
grep -qs '"numcodecs.fixedscaleoffset"' "$codecs_dir/fixedscaleoffset.rs" && codecs="$codecs numcodecs.fixedscaleoffset"
codecs="${codecs# }"
# The crates zarrs' casts go through, as the lock pins them (reported in the handshake).
locked() { sed -n "/^name = \"$1\"\$/{n;s/^version = \"\\(.*\\)\"\$/$1=\\1/p;}" "$crate/Cargo.lock" | head -1; }
if ! (cd "$crate" && CARGO_TARGET_DIR="$build/target" CVC_ZARRS_COMMIT="$commit" CVC_ZARRS_VERSION_LABEL="$label" \
      CVC_ZARRS_RELEASE="$release" CVC_ZARRS_CODECS="$codecs" \
      CVC_RUSTC_VERSION="$rustc_version" CVC_LOCKED_VERSIONS="$(locked half) $(locked microfloat)" \
      nice cargo build --release --quiet -j "${CVC_ZARRS_JOBS:-2}" >"$log" 2>&1); then
  tail -30 "$log" >&2
  fail "cargo build failed (full log: $log)"
fi
echo "$want" > "$build/.installed"
