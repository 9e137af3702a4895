#!/usr/bin/env python3
"""Make a small damaged copy of the store-level vectors for tests/hostile/reproducers.sh (issue 22).

usage: damage_stores.py SRC DEST KIND

Copies from SRC (the repository's vectors/) four published arrays of stores/ (ARRAYS below: a
decode, an encode, an open array and a 2-d encode array; about 3 KB) into DEST/stores (DEST must
not exist), with a stores/index.json holding exactly their entries, applies the defect KIND, and
writes DEST/manifest.json (the published manifest's header) listing every file under DEST/stores
with its size and SHA-256 (from sha256sum), except files the defect adds (not listed) and files
the defect makes something other than a regular file (their original entry kept). The kinds
fifo-zarr, fifo-index, dev-zero-zarr and big-zarr get no manifest.json at all: check-store then
reads those files itself (the defect reaches its readers, not only the manifest check).

kinds:
  clean             no defect (the control: the reference adapter passes every array)
  leftover-chunks   each encode array's folder also holds its expected chunk files (not listed in
                    the manifest): an implementation that writes nothing leaves the right chunks
  fifo-zarr         the decode array's zarr.json is a FIFO
  fifo-index        stores/index.json is a FIFO
  huge-chunk-shape  the 2-d encode array's zarr.json says chunk_shape [2^32, 2^32] (2^64 elements,
                    0 modulo 2^64); index.json keeps [3, 4] (the index reader refuses 2^64); also
                    makes DEST-write (beside DEST), a copy of that array's folder, and in it
                    request.jsonl, the two lines the harness would send `cvc adapter` to write
                    it there: a hello (protocol 2, hex) and the write_array
  dev-zero-zarr     the decode array's zarr.json is a symlink to /dev/zero
  big-zarr          the decode array's zarr.json is a sparse file of 400 MB (zero bytes; the
                    manifest lists its true SHA-256)
  array-zarr        the decode array's zarr.json is [] (manifest updated)
  shape-mismatch    the decode array's zarr.json says shape [5], index.json [4] (manifest updated)
  fifo-in-array     a FIFO c/extra in the decode array's folder
  loop-in-array     a symlink loop c/loop -> loop in the decode array's folder
  symlinked-dir     c/linked in the decode array's folder is a symlink to a directory outside the
                    vectors (DEST/outside, holding one file)

Python 3 standard library only.
"""
import json
import os
import shutil
import sys

from damage_vectors import sha256  # the same digest, from sha256sum

DECODE = "decode/pair-int2-int4"
ENCODE = "encode/pair-int2-int4"
OPEN = "open/valid-nan-float16"
ENCODE_2D = "encode/sentinel-nan-float32-uint8"
ARRAYS = [DECODE, ENCODE, OPEN, ENCODE_2D]
KINDS = ("clean", "leftover-chunks", "fifo-zarr", "fifo-index", "huge-chunk-shape",
         "dev-zero-zarr", "big-zarr", "array-zarr", "shape-mismatch", "fifo-in-array",
         "loop-in-array", "symlinked-dir")


def main() -> int:
    if len(sys.argv) != 4 or sys.argv[3] not in KINDS:
        sys.exit(__doc__)
    src, dest, kind = sys.argv[1:]
    stores = os.path.join(dest, "stores")
    os.makedirs(stores)
    with open(os.path.join(src, "stores/index.json")) as f:
        index = json.load(f)
    entries = {a["id"]: a for a in index["arrays"]}
    index["arrays"] = [entries[i] for i in ARRAYS]
    index["number_of_arrays"] = len(ARRAYS)
    for i in ARRAYS:
        shutil.copytree(os.path.join(src, "stores", i), os.path.join(stores, i))
    with open(os.path.join(src, "manifest.json")) as f:
        manifest = json.load(f)

    unlisted = set()  # files the defect adds
    keep = set()      # files whose original entry stays (no longer regular files)
    decode_zarr = os.path.join(stores, DECODE, "zarr.json")
    decode_key = "stores/%s/zarr.json" % DECODE

    def set_zarr(array_id, fn):
        path = os.path.join(stores, array_id, "zarr.json")
        with open(path) as f:
            metadata = json.load(f)
        with open(path, "w") as f:
            json.dump(fn(metadata), f, indent=2)

    if kind == "leftover-chunks":
        for array_id in (ENCODE, ENCODE_2D):
            for key, hex_bytes in entries[array_id]["expected_chunks"].items():
                path = os.path.join(stores, array_id, key)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "wb") as f:
                    f.write(bytes.fromhex(hex_bytes))
                unlisted.add("stores/%s/%s" % (array_id, key))
    elif kind == "fifo-zarr":
        os.remove(decode_zarr)
        os.mkfifo(decode_zarr)
        keep.add(decode_key)
    elif kind == "fifo-index":
        keep.add("stores/index.json")
    elif kind == "huge-chunk-shape":
        huge = [1 << 32, 1 << 32]

        def chunked(metadata):
            metadata["chunk_grid"]["configuration"]["chunk_shape"] = huge
            return metadata
        set_zarr(ENCODE_2D, chunked)
        entry = entries[ENCODE_2D]
        with open(os.path.join(stores, ENCODE_2D, "zarr.json")) as f:
            metadata = json.load(f)
        width = 4  # float32, the array's data type
        elements = "".join(int(v, 16).to_bytes(width, "little").hex()
                           for v in entry["write"]["values"])
        scratch = dest.rstrip("/") + "-write"  # the adapter writes here, outside the vectors
        os.makedirs(scratch)
        shutil.copy(os.path.join(stores, ENCODE_2D, "zarr.json"), scratch)
        request = {"cmd": "write_array", "id": 1, "path": os.path.abspath(scratch),
                   "metadata": metadata, "data_type": entry["data_type"],
                   "selection": entry["write"]["selection"],
                   "count": len(entry["write"]["values"]), "elements": elements}
        hello = {"cmd": "hello", "protocol": 1, "max_protocol": 2, "encodings": ["hex"]}
        with open(os.path.join(scratch, "request.jsonl"), "w") as f:
            f.write(json.dumps(hello) + "\n" + json.dumps(request) + "\n")
    elif kind == "dev-zero-zarr":
        os.remove(decode_zarr)
        os.symlink("/dev/zero", decode_zarr)
        keep.add(decode_key)
    elif kind == "big-zarr":
        os.truncate(decode_zarr, 400 * 1000 * 1000)
    elif kind == "array-zarr":
        with open(decode_zarr, "w") as f:
            f.write("[]\n")
    elif kind == "shape-mismatch":
        def reshaped(metadata):
            metadata["shape"] = [5]
            return metadata
        set_zarr(DECODE, reshaped)
    elif kind == "fifo-in-array":
        os.mkfifo(os.path.join(stores, DECODE, "c/extra"))
        unlisted.add("stores/%s/c/extra" % DECODE)
    elif kind == "loop-in-array":
        os.symlink("loop", os.path.join(stores, DECODE, "c/loop"))
        unlisted.add("stores/%s/c/loop" % DECODE)
    elif kind == "symlinked-dir":
        outside = os.path.join(dest, "outside")
        os.makedirs(outside)
        with open(os.path.join(outside, "secret"), "w") as f:
            f.write("not part of the vectors\n")
        os.symlink(os.path.abspath(outside), os.path.join(stores, DECODE, "c/linked"))
        unlisted.add("stores/%s/c/linked" % DECODE)

    index_path = os.path.join(stores, "index.json")
    with open(index_path, "w") as f:
        json.dump(index, f, indent=0)
        f.write("\n")
    original = {e["path"]: e for e in manifest["files"]}
    files = []
    for folder, dirs, names in os.walk(stores):
        for name in dirs + names:
            full = os.path.join(folder, name)
            rel = os.path.relpath(full, dest)
            if rel in unlisted or (name in dirs and not os.path.islink(full)):
                continue
            if rel in keep:
                files.append(original.get(rel) or {"bytes": 0, "path": rel, "sha256": "0" * 64})
            else:
                files.append({"bytes": os.path.getsize(full), "path": rel, "sha256": sha256(full)})
    if kind == "fifo-index":
        os.remove(index_path)
        os.mkfifo(index_path)
    if kind in ("fifo-zarr", "fifo-index", "dev-zero-zarr", "big-zarr"):
        return 0
    manifest["files"] = sorted(files, key=lambda e: e["path"])
    with open(os.path.join(dest, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=0)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
