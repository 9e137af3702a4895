#!/usr/bin/env python3
"""Make a small damaged copy of a vector folder, for tests/hostile/reproducers.sh (issue 9).

usage: damage_vectors.py SRC DEST KIND

Copies from SRC (the repository's vectors/) only schema/, CHANGELOG.md, cast/int2.json,
scalar_map.json and metadata.json (about 130 KB in all) into DEST (which must not exist), applies
the defect KIND, and writes a manifest.json that lists exactly those files with their size and
SHA-256 (computed by sha256sum), except where the defect is the manifest itself.

kinds:
  clean           no defect (the control: verify-vectors and run must pass)
  deep-fill       cast/int2.json: the first group's fill_value is --depth 30000 nested arrays
  flip            cast/int2.json: one expected result flipped; the manifest keeps the old SHA-256
  zzz-fill        cast/int2.json: the first group's fill_value is "zzz" (manifest updated)
  zero-cases      scalar_map.json: the last group has no cases (number_of_cases adjusted)
  zero-groups     scalar_map.json: "groups": [] and number_of_cases 0
  wrong-count     cast/int2.json: number_of_cases one more than the cases hold
  unknown-family  cast/int2.json: "family": "bogus"
  empty-manifest  no vector file; the manifest's "files" is []
  big-id          cast/int2.json: the first case's id is 10^30
  bad-alt-index   cast/int2.json: an alternatives index "x" instead of a configuration index
  wrong-type      metadata.json: the first case's "result" is the number 5, not a string
  missing-groups  metadata.json: no "groups" key
  string-case     metadata.json: the first case is the string "x", not an object
  dev-zero        cast/int2.json is a symlink to /dev/zero (manifest keeps the real entry)
  fifo            cast/int2.json is a FIFO (manifest keeps the real entry)
  nest-50mb       cast/int2.json is 50 MB of nested arrays (25M "[" then 25M "]")
  digits-fill     cast/int2.json: the first group's fill_value is a number of 10^6 digits
  only-int2       only cast/int2.json (no scalar_map.json, no metadata.json), the manifest listing
                  exactly it with its true SHA-256 and the published vectors_version: a consistent
                  set that is not a published one (issue 22: the set's identity is self-declared)

Python 3 standard library only.
"""
import json
import os
import re
import shutil
import subprocess
import sys

FILES = ["cast/int2.json", "scalar_map.json", "metadata.json"]
KINDS = ["clean", "deep-fill", "flip", "zzz-fill", "zero-cases", "zero-groups", "wrong-count",
         "unknown-family", "empty-manifest", "big-id", "bad-alt-index", "wrong-type",
         "missing-groups", "string-case", "dev-zero", "fifo", "nest-50mb", "digits-fill",
         "only-int2"]

# A case line's "stable_id", which follows its "id" since vectors 1.3.0.
STABLE_ID = r'(?:"stable_id":"[^"]*",)?'


def sub_once(pattern: str, replacement: str, text: str) -> str:
    """Replace the first match of pattern; fail loudly when there is none."""
    new, n = re.subn(pattern, lambda m: m.expand(replacement), text, count=1)
    if n != 1:
        sys.exit("damage_vectors.py: pattern not found: " + pattern)
    return new


def sha256(path: str) -> str:
    out = subprocess.run(["sha256sum", path], check=True, capture_output=True, text=True).stdout
    return out.split()[0]


def main() -> int:
    if len(sys.argv) != 4 or sys.argv[3] not in KINDS:
        sys.exit(__doc__)
    src, dest, kind = sys.argv[1:]
    os.makedirs(os.path.join(dest, "cast"))
    shutil.copytree(os.path.join(src, "schema"), os.path.join(dest, "schema"))
    shutil.copy(os.path.join(src, "CHANGELOG.md"), dest)
    with open(os.path.join(src, "manifest.json")) as f:
        manifest = json.load(f)
    original = {e["path"]: e for e in manifest["files"]}
    for path in FILES:
        shutil.copy(os.path.join(src, path), os.path.join(dest, path))

    int2 = os.path.join(dest, "cast/int2.json")
    smap = os.path.join(dest, "scalar_map.json")
    meta = os.path.join(dest, "metadata.json")
    keep_old = set()  # paths whose manifest entry stays the original one

    def edit(path, fn):
        with open(path) as f:
            text = f.read()
        with open(path, "w") as f:
            f.write(fn(text))

    fill = r'"fill_value":[^,]*,'
    if kind == "deep-fill":
        edit(int2, lambda t: sub_once(fill, '"fill_value":' + "[" * 30000 + "]" * 30000 + ",", t))
    elif kind == "flip":
        edit(int2, lambda t: sub_once(r'(\{"id":2,' + STABLE_ID + r'"input":"0x01","results":\[)"0x01"',
                                      r'\1"0x00"', t))
        keep_old.add("cast/int2.json")
    elif kind == "zzz-fill":
        edit(int2, lambda t: sub_once(fill, '"fill_value":"zzz",', t))
    elif kind == "zero-cases":
        def empty_last_group(t):
            lines = t.split("\n")
            last = max(i for i, l in enumerate(lines) if l.startswith('{"array_data_type"'))
            cases = [l for l in lines[last + 1:] if l.startswith('{"id"')]
            t = "\n".join(lines[:last + 1] + ["]}]}", ""])
            count = int(re.search(r'"number_of_cases":(\d+)', t).group(1))
            return sub_once(r'"number_of_cases":\d+',
                            '"number_of_cases":%d' % (count - len(cases)), t)
        edit(smap, empty_last_group)
    elif kind == "zero-groups":
        edit(smap, lambda t: sub_once(r'"number_of_cases":\d+', '"number_of_cases":0',
                                      t[:t.index(',\n"groups":')] + ',\n"groups":[]}\n'))
    elif kind == "wrong-count":
        edit(int2, lambda t: re.sub(r'"number_of_cases":(\d+)',
                                    lambda m: '"number_of_cases":%d' % (int(m.group(1)) + 1), t,
                                    count=1))
    elif kind == "unknown-family":
        edit(int2, lambda t: sub_once(r'"family":"cast"', '"family":"bogus"', t))
    elif kind == "empty-manifest":
        for path in FILES:
            os.remove(os.path.join(dest, path))
    elif kind == "big-id":
        edit(int2, lambda t: sub_once(r'\{"id":1,', '{"id":1000000000000000000000000000000,', t))
    elif kind == "bad-alt-index":
        edit(int2, lambda t: sub_once(r'("alternatives":\{"[^"]+":\{)"\d+":', r'\1"x":', t))
    elif kind == "wrong-type":
        edit(meta, lambda t: sub_once(r'(\{"id":1,' + STABLE_ID + r'"result":)"valid"', r'\g<1>5', t))
    elif kind == "missing-groups":
        edit(meta, lambda t: t[:t.index(',\n"groups":')] + "}\n")
    elif kind == "string-case":
        edit(meta, lambda t: sub_once(r'\{"id":1,[^\n]*\},\n', '"x",\n', t))
    elif kind == "dev-zero":
        os.remove(int2)
        os.symlink("/dev/zero", int2)
        keep_old.add("cast/int2.json")
    elif kind == "fifo":
        os.remove(int2)
        os.mkfifo(int2)
        keep_old.add("cast/int2.json")
    elif kind == "nest-50mb":
        with open(int2, "w") as f:
            for _ in range(25):
                f.write("[" * 1000000)
            for _ in range(25):
                f.write("]" * 1000000)
    elif kind == "digits-fill":
        edit(int2, lambda t: sub_once(fill, '"fill_value":1' + "0" * 999999 + ",", t))
    elif kind == "only-int2":
        os.remove(smap)
        os.remove(meta)

    files = []
    if kind != "empty-manifest":
        for path in FILES:
            if not os.path.exists(os.path.join(dest, path)):
                continue
            if path in keep_old:
                files.append(original[path])
            else:
                full = os.path.join(dest, path)
                files.append({"bytes": os.path.getsize(full), "path": path, "sha256": sha256(full)})
    manifest["files"] = files
    with open(os.path.join(dest, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=0)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
