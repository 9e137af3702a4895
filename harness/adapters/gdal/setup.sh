#!/usr/bin/env bash
# Idempotent set-up of the GDAL adapter: compiles GDAL master's own Zarr codec files with a
# GDAL-free stand-in of the GDAL core types they use (standin/) and the adapter (src/) into
# build/adapters/gdal/cvc-gdal-adapter (or $CVC_ADAPTERS_BUILD/gdal/).
# The GDAL files come from the folder named by CVC_GDAL_SOURCE, laid out as GDAL's tree:
#   frmts/zarr/zarr_v3_codec.h, zarr_v3_codec.cpp, zarr_v3_codec_cast_value.cpp,
#   zarr_v3_codec_scale_offset.cpp
# and the commit they are of comes from, in this order: a file GDAL_FILES at the folder's root
# ("path commit" lines, one per file: scripts/fetch-gdal-codecs writes it), or the folder's git
# checkout (git rev-parse HEAD, "-dirty" with local changes). A GDAL checkout's root works as is.
# Only those four files are copied (into build/adapters/gdal/gdal-files/) and compiled, so the
# driver's real zarr.h is never picked up; nothing of GDAL is committed to this repository.
# Without CVC_GDAL_SOURCE it prints ONE line "gdal adapter: skipped: <why>" and exits 77.
# Exit 2 for a CVC_GDAL_SOURCE without the files or their commit, 3 for a failed compilation
# (`build/cvc help exit-codes`). CXX chooses the compiler (default g++).
set -euo pipefail
case "${1:-}" in
  -h|--help)
    sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
    exit 0 ;;
esac
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
build="${CVC_ADAPTERS_BUILD:-$root/build/adapters}/gdal"
readonly skip_code=77
files=(frmts/zarr/zarr_v3_codec.h frmts/zarr/zarr_v3_codec.cpp
       frmts/zarr/zarr_v3_codec_cast_value.cpp frmts/zarr/zarr_v3_codec_scale_offset.cpp)

fail() { echo "gdal adapter setup: $*" >&2; exit 3; }
bad_source() { echo "gdal adapter setup: $*" >&2; exit 2; }
skip() { echo "gdal adapter: skipped: $*"; exit "$skip_code"; }

[ -n "${CVC_GDAL_SOURCE:-}" ] || skip "CVC_GDAL_SOURCE is not set (a GDAL checkout, or a folder scripts/fetch-gdal-codecs assembled, with GDAL master's frmts/zarr codec files)"
cxx="${CXX:-g++}"
command -v "$cxx" >/dev/null 2>&1 || skip "no C++ compiler ($cxx) to build the adapter"
source_dir="$(cd "$CVC_GDAL_SOURCE" 2>/dev/null && pwd)" \
  || bad_source "CVC_GDAL_SOURCE=$CVC_GDAL_SOURCE is not a directory"
for file in "${files[@]}"; do
  [ -f "$source_dir/$file" ] || bad_source "CVC_GDAL_SOURCE=$CVC_GDAL_SOURCE has no $file (GDAL master's Zarr codec files are needed)"
done
# The commit of each file: GDAL_FILES, else the checkout's HEAD for all.
file_commits=""
if [ -f "$source_dir/GDAL_FILES" ]; then
  for file in "${files[@]}"; do
    commit="$(awk -v f="$file" '$1 == f { print $2 }' "$source_dir/GDAL_FILES")"
    [[ "$commit" =~ ^[0-9a-f]{40}$ ]] || bad_source "$source_dir/GDAL_FILES names no 40-digit commit for $file"
    file_commits="$file_commits ${file##*/}@${commit:0:8}"
  done
  # The results are named by the commit of the cast_value file (the codec certified).
  commit="$(awk '$1 == "frmts/zarr/zarr_v3_codec_cast_value.cpp" { print $2 }' "$source_dir/GDAL_FILES")"
else
  commit="$(git -C "$source_dir" rev-parse HEAD 2>/dev/null)" \
    || bad_source "CVC_GDAL_SOURCE=$CVC_GDAL_SOURCE has neither GDAL_FILES nor a git checkout (the results must name the commit)"
  [ -z "$(git -C "$source_dir" status --porcelain --untracked-files=no -- frmts/zarr 2>/dev/null)" ] || commit="$commit-dirty"
  file_commits=" all@${commit:0:8}"
fi
file_commits="${file_commits# }"
compiler="$("$cxx" --version | head -1)"
sources=("$here"/standin/*.cpp "$here"/src/*.cpp)
want="$( { printf '%s\n%s\n%s\n' "$commit" "$file_commits" "$compiler"
          for file in "${files[@]}"; do cat "$source_dir/$file"; done
          cat "$here"/standin/* "$here"/src/*; } | sha256sum | cut -d' ' -f1)"
binary="$build/cvc-gdal-adapter"
if [ -x "$binary" ] && [ -f "$build/.installed" ] && [ "$(cat "$build/.installed")" = "$want" ]; then
  exit 0
fi
rm -f "$build/.installed"
mkdir -p "$build/gdal-files" "$build/obj"
rm -f "$build"/gdal-files/* "$build"/obj/*
for file in "${files[@]}"; do cp "$source_dir/$file" "$build/gdal-files/"; done
flags=(-std=c++17 -O2 -Wall -Wextra -I"$here/standin" -I"$build/gdal-files"
       -DCVC_GDAL_COMMIT="\"$commit\"" -DCVC_GDAL_FILES="\"$file_commits\""
       -DCVC_GDAL_COMPILER="\"$compiler\"")
log="$build/build.log"
: > "$log"
objects=()
for source in "$build"/gdal-files/*.cpp "${sources[@]}"; do
  object="$build/obj/$(basename "$source" .cpp).o"
  nice "$cxx" "${flags[@]}" -c "$source" -o "$object" >>"$log" 2>&1 \
    || { tail -30 "$log" >&2; fail "compiling $(basename "$source") failed (full log: $log)"; }
  objects+=("$object")
done
nice "$cxx" "${objects[@]}" -o "$binary" >>"$log" 2>&1 \
  || { tail -30 "$log" >&2; fail "linking failed (full log: $log)"; }
echo "$want" > "$build/.installed"
