#!/usr/bin/env bash
# Hostile vector folders (issue 22) for verify-vectors, run --vectors and check-store: a folder of
# one file with a matching manifest that says 1.1.0 is a modified set, never "vectors version
# 1.1.0" (verify-vectors exit 1, 0 with --allow-modified; run names it modified in the terminal and
# the JSON report); a FIFO, a symlink loop, a symlinked folder inside an array and an unlisted file
# of any name are bad vectors, exit 2 naming the path; a zarr.json that is [] or contradicts
# index.json, or is a FIFO, /dev/zero or 400 MB, is bad vectors for check-store (exit 2, at once).
# usage: vector_folders.sh CVC_BINARY
set -uo pipefail
cvc="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$root/tests/harness/adapters/test_lines.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
vectors="$root/vectors"

manifest() {  # manifest DIR VERSION: a manifest of every file but the documentation
  python3 - "$1" "$2" <<'PY'
import hashlib, json, os, sys
root, version = sys.argv[1], sys.argv[2]
files = []
for d, dirs, names in os.walk(root):
    dirs.sort()
    for n in sorted(names):
        p = os.path.join(d, n); r = os.path.relpath(p, root)
        if r == "manifest.json" or r.startswith("schema/") or os.path.islink(p) or not os.path.isfile(p):
            continue
        b = open(p, "rb").read()
        files.append({"bytes": len(b), "path": r, "sha256": hashlib.sha256(b).hexdigest()})
json.dump({"schema": "cast-value-vectors-manifest", "schema_version": 1, "vectors_version": version,
           "spec_revision": "x", "changelog": "CHANGELOG.md", "license": "LICENSE", "files": files},
          open(os.path.join(root, "manifest.json"), "w"))
PY
}
# "${peak_rss_below[@]}" KB COMMAND...: runs COMMAND, exits with its code, or 125 when its peak
# resident set reached KB (getrusage of the child: unlike ulimit -v, it works under
# AddressSanitizer, which reserves terabytes of address space).
peak_rss_below=(python3 -c '
import resource, subprocess, sys
code = subprocess.call(sys.argv[2:])
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
if peak >= int(sys.argv[1]):
    print("peak RSS %d KB, not below %s KB" % (peak, sys.argv[1]))
    sys.exit(125)
sys.exit(code)')
adapter="$cvc adapter"

# --- 1. a modified set -------------------------------------------------------------------------
mkdir -p "$work/one/cast" && cp "$vectors/cast/int8.json" "$work/one/cast/" && manifest "$work/one" 1.1.0
check "verify-vectors: one file that says 1.1.0 is modified, exit 1" exits 1 "$cvc" verify-vectors --quiet "$work/one"
check "verify-vectors: it says what it lacks" says "a modified vector set, based on 1.1.0's format: its manifest is not one the suite published; against the published 1.1.0"
check "verify-vectors: lacks 332 files" says "lacks 332 (cast/bfloat16.json"
check "verify-vectors --allow-modified: exit 0" exits 0 "$cvc" verify-vectors --quiet --allow-modified "$work/one"
exits 0 "$cvc" run --vectors "$work/one" --impl "$cvc adapter --mutant nearest-away-floor-half" \
  --json "$work/one.json"
check "run: the terminal report names the set modified" says "vectors        version modified (based on 1.1.0)"
check "run: never vectors version 1.1.0" not_says "version 1.1.0,"
check "run: the JSON report's vectors.version" \
  python3 -c 'import json,sys; assert json.load(open(sys.argv[1]))["run"]["vectors"]["version"] == "modified (based on 1.1.0)"' "$work/one.json"
exits 0 "$cvc" run --vectors "$vectors" --impl "$adapter" --type int2 --direction decode
check "run: the published vectors are named by their version" \
  says "vectors        version $("$cvc" --version | sed -n 's/.*vectors \([0-9.]*\).*/\1/p'),"

# --- 2. everything in the folder listed, nothing but files and folders -------------------------
small() {  # small NAME: int2.json, schema/ and a manifest
  mkdir -p "$work/$1/cast" && cp "$vectors/cast/int2.json" "$work/$1/cast/" && cp -r "$vectors/schema" "$work/$1/"
}
small fifo && manifest "$work/fifo" 1.2.0 && mkfifo "$work/fifo/cast/extra.json"
small loop && manifest "$work/loop" 1.2.0 && ln -s loop.json "$work/loop/cast/loop.json"
small stray && manifest "$work/stray" 1.2.0 && echo x > "$work/stray/cast/stray.bin"
for case in fifo:"extra.json: a FIFO" loop:"loop.json: a symbolic link" stray:"stray.bin: not listed"; do
  name="${case%%:*}"; message="${case#*:}"
  check "verify-vectors: $name, exit 2" exits 2 "$cvc" verify-vectors --quiet "$work/$name"
  check "verify-vectors: $name named" says "$message"
  check "run: $name, exit 2" exits 2 "$cvc" run --vectors "$work/$name" --impl "$adapter"
  check "run: $name named" says "$message"
done
mkdir -p "$work/st" && cp -r "$vectors/stores" "$work/st/" && manifest "$work/st" 1.2.0
ln -s /tmp "$work/st/stores/decode/pair-int2-int4/linked"
check "verify-vectors: a symlinked folder inside an array, exit 2" exits 2 "$cvc" verify-vectors --quiet "$work/st"
check "verify-vectors: ... named" says "pair-int2-int4/linked: a symbolic link"
check "check-store: a symlinked folder inside an array, exit 2" exits 2 "$cvc" check-store --vectors "$work/st" --impl "$adapter"
check "check-store: ... named" says "pair-int2-int4/linked: a symbolic link"
rm "$work/st/stores/decode/pair-int2-int4/linked"
mkfifo "$work/st/stores/decode/pair-int2-int4/c/9"
check "check-store: a FIFO in an array's folder, exit 2" exits 2 "$cvc" check-store --vectors "$work/st" --impl "$adapter"
check "check-store: ... named" says "pair-int2-int4/c/9: a FIFO"
rm "$work/st/stores/decode/pair-int2-int4/c/9"
echo stray > "$work/st/stores/encode/pair-int2-int4/c0"
check "check-store: an unlisted file in an encode array's folder, exit 2" exits 2 "$cvc" check-store --vectors "$work/st" --impl "$adapter"
check "check-store: ... named" says "encode/pair-int2-int4/c0: not listed in the manifest"

# --- 3, 4. store arrays: malformed or hostile zarr.json (folders without a manifest) -----------
mkdir -p "$work/z" && cp -r "$vectors/stores" "$work/z/"
zarr="$work/z/stores/decode/pair-int2-int4/zarr.json"
cp "$zarr" "$work/zarr.json"
echo '[]' > "$zarr"
check "check-store: zarr.json [] is bad vectors, exit 2" exits 2 "$cvc" check-store --vectors "$work/z" --impl "$adapter" --kind decode
check "check-store: ... naming the file" says "(decode/pair-int2-int4): zarr.json: \[\] is not a JSON object"
sed 's/"chunk_shape":\[3\]/"chunk_shape":[4]/' "$work/zarr.json" > "$zarr"
check "check-store: zarr.json's chunk_shape against index.json's, exit 2" exits 2 "$cvc" check-store --vectors "$work/z" --impl "$adapter" --kind decode
check "check-store: ... naming the field" says "zarr.json.chunk_grid.configuration.chunk_shape is \[4\], index.json's \[3\]"
rm "$zarr" && mkfifo "$zarr"
check "check-store: a FIFO zarr.json, exit 2 at once" exits 2 "$cvc" check-store --vectors "$work/z" --impl "$adapter" --kind decode
check "check-store: ... named" says "zarr.json: a FIFO, not a regular file"
rm "$zarr" && ln -s /dev/zero "$zarr"
check "check-store: zarr.json linked to /dev/zero, exit 2" exits 2 "$cvc" check-store --vectors "$work/z" --impl "$adapter" --kind decode
rm "$zarr" && truncate -s 400000000 "$zarr"  # sparse: 400 MB to read, none on the disk
check "check-store: a 400 MB zarr.json, exit 2 unread (peak RSS under 300 MB)" exits 2 "${peak_rss_below[@]}" 300000 "$cvc" check-store --vectors "$work/z" --impl "$adapter" --kind decode
check "check-store: ... its size said" says "400000000 bytes, more than the limit"
finish
