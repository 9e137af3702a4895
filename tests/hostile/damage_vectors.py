#!/usr/bin/env python3
"""Make a small damaged copy of a vector folder: the hostile vector corpus (issues 9, 22 and 33).

usage: damage_vectors.py SRC DEST KIND
       damage_vectors.py --kinds          (every KIND, one a line)

Copies from SRC (the repository's vectors/) only schema/, CHANGELOG.md, cast/int2.json,
scalar_map.json and metadata.json (about 130 KB in all) into DEST (which must not exist), applies
the defect KIND, and writes a manifest.json that lists exactly those files with their size and
SHA-256 (computed by sha256sum), except where the defect is the manifest itself. The two kinds
that link out of the folder (link-identical, cast-dir-link) also write the link's target beside
it, in DEST.target/. tests/hostile/vector_defects.tsv gives each kind the verdict every consumer
must reach (docs/input-contract.md); tests/hostile/readers_agree.sh checks them.

kinds:
{kinds}
Python 3 standard library only. FIFOs, links, sockets and sparse files are made here, at test
time, because none of them can be committed.
"""
import json
import os
import re
import shutil
import socket
import subprocess
import sys

FILES = ["cast/int2.json", "scalar_map.json", "metadata.json"]
INT2 = "cast/int2.json"
SMAP = "scalar_map.json"
META = "metadata.json"

# A case line's "stable_id", which follows its "id" since vectors 1.3.0.
STABLE_ID = r'(?:"stable_id":"[^"]*",)?'
FILL = r'"fill_value":[^,]*,'
GIB = 1 << 30
# The size limit of docs/input-contract.md rule 2 (cvc's --max-file-bytes default).
FILE_LIMIT = 64 << 20

KINDS = {}  # name -> the function that applies the defect (its docstring says what it is)


def kind(function):
    """Register a defect under its function's name, underscores written as hyphens."""
    KINDS[function.__name__.replace("_", "-")] = function
    return function


def sub_once(pattern: str, replacement: str, text: str) -> str:
    """Replace the first match of pattern; fail loudly when there is none."""
    new, n = re.subn(pattern, lambda m: m.expand(replacement), text, count=1)
    if n != 1:
        sys.exit("damage_vectors.py: pattern not found: " + pattern)
    return new


def insert_once(data: bytes, after: bytes, inserted: bytes) -> bytes:
    """Insert bytes after the first occurrence of a marker; fail loudly when there is none."""
    if after not in data:
        sys.exit("damage_vectors.py: marker not found: %r" % after)
    return data.replace(after, after + inserted, 1)


def sha256(path: str) -> str:
    out = subprocess.run(["sha256sum", path], check=True, capture_output=True, text=True).stdout
    return out.split()[0]


class Folder:
    """The copy being damaged: its files, the published manifest, and how to write the new one."""

    def __init__(self, src: str, dest: str):
        self.src, self.dest = src, dest
        os.makedirs(os.path.join(dest, "cast"))
        shutil.copytree(os.path.join(src, "schema"), os.path.join(dest, "schema"))
        shutil.copy(os.path.join(src, "CHANGELOG.md"), dest)
        with open(os.path.join(src, "manifest.json")) as f:
            self.manifest = json.load(f)
        self.original = {e["path"]: e for e in self.manifest["files"]}
        for path in FILES:
            shutil.copy(os.path.join(src, path), self.path(path))
        self.keep_old = set()      # paths whose manifest entry stays the original one
        self.edit_entries = None   # entries -> entries, applied to the manifest's "files"
        self.manifest_text = None  # bytes written as manifest.json instead of the JSON
        self.after = []            # callables run once manifest.json is written

    def path(self, relative: str) -> str:
        return os.path.join(self.dest, relative)

    def target(self) -> str:
        """DEST.target/, outside the folder: where a link out of it points."""
        outside = self.dest.rstrip("/") + ".target"
        os.makedirs(outside, exist_ok=True)
        return outside

    def edit(self, relative: str, fn):
        with open(self.path(relative)) as f:
            text = f.read()
        with open(self.path(relative), "w") as f:
            f.write(fn(text))

    def edit_bytes(self, relative: str, fn):
        with open(self.path(relative), "rb") as f:
            data = f.read()
        with open(self.path(relative), "wb") as f:
            f.write(fn(data))

    def replace(self, relative: str, make):
        """Remove a file and make something else at its path (make gets the path)."""
        os.remove(self.path(relative))
        make(self.path(relative))

    def entries(self) -> list:
        files = []
        for path in FILES:
            full = self.path(path)
            if not os.path.lexists(full):
                continue
            if path in self.keep_old:
                files.append(dict(self.original[path]))
            else:
                files.append({"bytes": os.path.getsize(full), "path": path, "sha256": sha256(full)})
        return self.edit_entries(files) if self.edit_entries else files

    def write_manifest(self):
        self.manifest["files"] = self.entries()
        text = self.manifest_text
        if text is None:
            text = (json.dumps(self.manifest, indent=0) + "\n").encode()
        with open(self.path("manifest.json"), "wb") as f:
            f.write(text)
        for step in self.after:
            step()


def manifest_json(folder: Folder) -> str:
    """The manifest the folder would get, as text (for kinds that edit it as text)."""
    folder.manifest["files"] = folder.entries()
    return json.dumps(folder.manifest, indent=0) + "\n"


def replace_manifest(folder: Folder, make):
    """After the manifest is written, remove it and make something else at its path."""
    folder.after.append(lambda: folder.replace("manifest.json", make))


def sparse(size: int):
    def make(path):
        with open(path, "wb") as f:
            f.truncate(size)
    return make


def make_socket(path: str):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(path)
    s.close()


def with_entry(fn):
    """An edit_entries that changes the entry of cast/int2.json (fn gets and returns it)."""
    return lambda entries: [fn(dict(e)) if e["path"] == INT2 else e for e in entries]


def last_group_line(lines: list) -> int:
    return max(i for i, line in enumerate(lines) if line.startswith('{"array_data_type"'))


# ---- The existing kinds of issues 9 and 22 (tests/hostile/reproducers.sh uses them) ----

@kind
def clean(f):
    """no defect: a consistent 3-file copy, which is not the published set (a modified set)"""


@kind
def deep_fill(f):
    """cast/int2.json: the first group's fill_value is 30000 nested arrays"""
    f.edit(INT2, lambda t: sub_once(FILL, '"fill_value":' + "[" * 30000 + "]" * 30000 + ",", t))


@kind
def flip(f):
    """cast/int2.json: one expected result flipped; the manifest keeps the old SHA-256"""
    f.edit(INT2, lambda t: sub_once(r'(\{"id":2,' + STABLE_ID + r'"input":"0x01","results":\[)"0x01"',
                                    r'\1"0x00"', t))
    f.keep_old.add(INT2)


@kind
def zzz_fill(f):
    """cast/int2.json: the first group's fill_value is "zzz" (manifest updated)"""
    f.edit(INT2, lambda t: sub_once(FILL, '"fill_value":"zzz",', t))


@kind
def zero_cases(f):
    """scalar_map.json: the last group has no cases (number_of_cases adjusted)"""
    def empty_last_group(t):
        lines = t.split("\n")
        last = last_group_line(lines)
        cases = [line for line in lines[last + 1:] if line.startswith('{"id"')]
        t = "\n".join(lines[:last + 1] + ["]}]}", ""])
        count = int(re.search(r'"number_of_cases":(\d+)', t).group(1))
        return sub_once(r'"number_of_cases":\d+', '"number_of_cases":%d' % (count - len(cases)), t)
    f.edit(SMAP, empty_last_group)


@kind
def zero_groups(f):
    """scalar_map.json: "groups": [] and number_of_cases 0"""
    f.edit(SMAP, lambda t: sub_once(r'"number_of_cases":\d+', '"number_of_cases":0',
                                    t[:t.index(',\n"groups":')] + ',\n"groups":[]}\n'))


@kind
def wrong_count(f):
    """cast/int2.json: number_of_cases one more than the cases hold"""
    f.edit(INT2, lambda t: re.sub(r'"number_of_cases":(\d+)',
                                  lambda m: '"number_of_cases":%d' % (int(m.group(1)) + 1), t,
                                  count=1))


@kind
def unknown_family(f):
    """cast/int2.json: "family": "bogus\""""
    f.edit(INT2, lambda t: sub_once(r'"family":"cast"', '"family":"bogus"', t))


@kind
def empty_manifest(f):
    """no vector file; the manifest's "files" is []"""
    for path in FILES:
        os.remove(f.path(path))


@kind
def big_id(f):
    """cast/int2.json: the first case's id is 10^30"""
    f.edit(INT2, lambda t: sub_once(r'\{"id":1,', '{"id":1000000000000000000000000000000,', t))


@kind
def bad_alt_index(f):
    """cast/int2.json: an alternatives index "x" instead of a configuration index"""
    f.edit(INT2, lambda t: sub_once(r'("alternatives":\{"[^"]+":\{)"\d+":', r'\1"x":', t))


@kind
def wrong_type(f):
    """metadata.json: the first case's "result" is the number 5, not a string"""
    f.edit(META, lambda t: sub_once(r'(\{"id":1,' + STABLE_ID + r'"result":)"valid"', r'\g<1>5', t))


@kind
def missing_groups(f):
    """metadata.json: no "groups" key"""
    f.edit(META, lambda t: t[:t.index(',\n"groups":')] + "}\n")


@kind
def string_case(f):
    """metadata.json: the first case is the string "x", not an object"""
    f.edit(META, lambda t: sub_once(r'\{"id":1,[^\n]*\},\n', '"x",\n', t))


@kind
def dev_zero(f):
    """cast/int2.json is a symlink to /dev/zero (manifest keeps the real entry)"""
    f.replace(INT2, lambda p: os.symlink("/dev/zero", p))
    f.keep_old.add(INT2)


@kind
def fifo(f):
    """cast/int2.json is a FIFO (manifest keeps the real entry)"""
    f.replace(INT2, os.mkfifo)
    f.keep_old.add(INT2)


@kind
def nest_50mb(f):
    """cast/int2.json is 50 MB of nested arrays (25M "[" then 25M "]")"""
    with open(f.path(INT2), "w") as out:
        for bracket in "[]":
            for _ in range(25):
                out.write(bracket * 1000000)


@kind
def digits_fill(f):
    """cast/int2.json: the first group's fill_value is a number of 10^6 digits"""
    f.edit(INT2, lambda t: sub_once(FILL, '"fill_value":1' + "0" * 999999 + ",", t))


@kind
def only_int2(f):
    """only cast/int2.json, the manifest listing exactly it with its true SHA-256 and the published
    vectors_version: a consistent set that is not a published one (issue 22: the set's identity is
    self-declared)"""
    os.remove(f.path(SMAP))
    os.remove(f.path(META))


# ---- manifest.json itself (docs/input-contract.md rules 1, 3 and 7) ----

@kind
def manifest_missing(f):
    """no manifest.json at all"""
    f.after.append(lambda: os.remove(f.path("manifest.json")))


@kind
def manifest_array(f):
    """manifest.json is a JSON array holding the manifest object"""
    f.manifest_text = ("[" + manifest_json(f) + "]\n").encode()


@kind
def manifest_files_number(f):
    """manifest.json: "files": 5"""
    f.edit_entries = lambda entries: 5


@kind
def manifest_no_sha256(f):
    """manifest.json: the entry of cast/int2.json has no "sha256\""""
    f.edit_entries = with_entry(lambda e: {k: v for k, v in e.items() if k != "sha256"})


@kind
def manifest_upper_sha256(f):
    """manifest.json: the SHA-256 of cast/int2.json in upper-case hex digits"""
    f.edit_entries = with_entry(lambda e: dict(e, sha256=e["sha256"].upper()))


@kind
def manifest_negative_bytes(f):
    """manifest.json: "bytes": -1 for cast/int2.json"""
    f.edit_entries = with_entry(lambda e: dict(e, bytes=-1))


@kind
def manifest_wrong_schema(f):
    """manifest.json: "schema": "cast-value-vectors" (a vector file's, not a manifest's)"""
    f.manifest["schema"] = "cast-value-vectors"


@kind
def manifest_non_utf8(f):
    """manifest.json: a byte 0xFF inside its spec_revision string"""
    text = manifest_json(f).encode()
    f.manifest_text = insert_once(text, b'"spec_revision": "', b"\xff")


@kind
def manifest_deep(f):
    """manifest.json: an extra key whose value is 100000 nested arrays"""
    text = manifest_json(f)
    f.manifest_text = ('{"deep":' + "[" * 100000 + "]" * 100000 + "," + text[1:]).encode()


@kind
def manifest_repeated_key(f):
    """manifest.json: "files" twice, first [] then the real list (a reader taking the last passes)"""
    text = manifest_json(f)
    f.manifest_text = ('{"files":[],' + text[1:]).encode()


@kind
def manifest_fifo(f):
    """manifest.json is a FIFO"""
    replace_manifest(f, os.mkfifo)


@kind
def manifest_dev_zero(f):
    """manifest.json is a symlink to /dev/zero"""
    replace_manifest(f, lambda p: os.symlink("/dev/zero", p))


@kind
def manifest_link(f):
    """manifest.json is a symlink to the published manifest (SRC/manifest.json, absolute)"""
    published = os.path.abspath(os.path.join(f.src, "manifest.json"))
    replace_manifest(f, lambda p: os.symlink(published, p))


# ---- the manifest's entries (rule 4) ----

@kind
def listed_twice_different(f):
    """manifest.json lists cast/int2.json twice: its true SHA-256 first, then another"""
    def twice(entries):
        first = next(e for e in entries if e["path"] == INT2)
        return entries + [dict(first, sha256="0" * 64)]
    f.edit_entries = twice


@kind
def listed_twice_same(f):
    """manifest.json lists cast/int2.json twice, the same entry both times"""
    f.edit_entries = lambda entries: entries + [e for e in entries if e["path"] == INT2]


def listed_as(path_of):
    """An edit_entries that lists cast/int2.json under another path (path_of(folder) gives it)."""
    return lambda f: setattr(f, "edit_entries", with_entry(lambda e: dict(e, path=path_of(f))))


def define_path_kinds():
    for name, doc, path_of in [
            ("path-parent", "manifest.json lists ../../../x.json (with cast/int2.json's size and "
             "SHA-256) instead of cast/int2.json", lambda f: "../../../x.json"),
            ("path-absolute", "manifest.json lists cast/int2.json by its absolute path",
             lambda f: os.path.abspath(f.path(INT2))),
            ("path-dot", "manifest.json lists ./cast/int2.json", lambda f: "./" + INT2),
            ("path-backslash", "manifest.json lists cast\\int2.json", lambda f: "cast\\int2.json"),
            ("path-empty-component", "manifest.json lists cast//int2.json",
             lambda f: "cast//int2.json")]:
        apply = listed_as(path_of)
        apply.__doc__ = doc
        KINDS[name] = apply


define_path_kinds()


@kind
def path_lists_doc(f):
    """manifest.json also lists CHANGELOG.md (the documentation), with its size and SHA-256"""
    changelog = f.path("CHANGELOG.md")
    entry = {"bytes": os.path.getsize(changelog), "path": "CHANGELOG.md", "sha256": sha256(changelog)}
    f.edit_entries = lambda entries: entries + [entry]


# ---- links, FIFOs, sockets, sizes (rules 1 and 2) ----

@kind
def link_identical(f):
    """cast/int2.json is a symlink to an identical copy (DEST.target/int2.json); true entry"""
    copy = os.path.join(f.target(), "int2.json")
    shutil.copy(f.path(INT2), copy)
    f.replace(INT2, lambda p: os.symlink(os.path.abspath(copy), p))


@kind
def cast_dir_link(f):
    """cast/ is a symlink to an identical folder (DEST.target/cast/); true entries"""
    copy = os.path.join(f.target(), "cast")
    shutil.copytree(f.path("cast"), copy)
    shutil.rmtree(f.path("cast"))
    os.symlink(os.path.abspath(copy), f.path("cast"))


@kind
def link_loop(f):
    """cast/loop.json, unlisted, is a symlink to itself"""
    os.symlink("loop.json", f.path("cast/loop.json"))


@kind
def extra_fifo(f):
    """cast/extra.json, unlisted, is a FIFO"""
    os.mkfifo(f.path("cast/extra.json"))


@kind
def socket_file(f):
    """cast/int2.json is a UNIX socket (manifest keeps the real entry)"""
    f.replace(INT2, make_socket)
    f.keep_old.add(INT2)


@kind
def huge_sparse(f):
    """cast/int2.json is 5 GiB of zeros, sparse (no disk used), listed with its true size and the
    original SHA-256: refused for its size, before any reading or hashing"""
    f.replace(INT2, sparse(5 * GIB))
    f.edit_entries = with_entry(lambda e: dict(e, bytes=5 * GIB))


@kind
def over_limit(f):
    """cast/int2.json is 64 MiB + 1 byte of zeros, sparse, listed with its true size: one byte over
    the limit of rule 2"""
    f.replace(INT2, sparse(FILE_LIMIT + 1))
    f.edit_entries = with_entry(lambda e: dict(e, bytes=FILE_LIMIT + 1))


# ---- exactly the listed files (rule 5) ----

@kind
def unlisted_file(f):
    """cast/extra.json, a copy of cast/int2.json, is not listed"""
    shutil.copy(f.path(INT2), f.path("cast/extra.json"))


@kind
def missing_file(f):
    """scalar_map.json is listed (its true entry) but absent"""
    f.keep_old.add(SMAP)
    f.after.append(lambda: os.remove(f.path(SMAP)))


@kind
def wrong_bytes(f):
    """manifest.json gives cast/int2.json one byte more than it has (the SHA-256 is true)"""
    f.edit_entries = with_entry(lambda e: dict(e, bytes=e["bytes"] + 1))


@kind
def published_manifest_partial(f):
    """the published manifest, byte for byte, over the 3-file copy: every other listed file missing"""
    with open(os.path.join(f.src, "manifest.json"), "rb") as published:
        f.manifest_text = published.read()


# ---- the vector files (rules 6 to 9) ----

@kind
def vector_non_utf8(f):
    """cast/int2.json: a byte 0xFF inside its "spec" string (manifest updated)"""
    f.edit_bytes(INT2, lambda b: insert_once(b, b'"spec":"', b"\xff"))


@kind
def vector_truncated(f):
    """cast/int2.json: cut in the middle of a case line, not JSON (manifest updated)"""
    f.edit_bytes(INT2, lambda b: b[:len(b) // 2])


@kind
def repeated_key_case(f):
    """cast/int2.json: a case line with "results" twice (the first flipped; manifest updated)"""
    def repeat(t):
        line = re.search(r'\{"id":2,' + STABLE_ID + r'"input":"0x01",("results":\[[^\]]*\])', t)
        results = line.group(1)
        flipped = results.replace('"0x01"', '"0x00"', 1)
        return t[:line.start(1)] + flipped + "," + results + t[line.end(1):]
    f.edit(INT2, repeat)


@kind
def repeated_key_header(f):
    """cast/int2.json: the header's "number_of_cases" twice, first 1 (manifest updated)"""
    f.edit(INT2, lambda t: sub_once(r'"number_of_cases":', '"number_of_cases":1,\n"number_of_cases":', t))


@kind
def deleted_case_stale(f):
    """cast/int2.json: a case line of the last group deleted, number_of_cases left (manifest
    updated): no small selection touches that group"""
    def delete(t):
        lines = t.split("\n")
        return "\n".join(lines[:last_group_line(lines) + 1] + lines[last_group_line(lines) + 2:])
    f.edit(INT2, delete)


def first_stable_id(text: str) -> str:
    return re.search(r'"stable_id":"([^"]*)"', text).group(1)


@kind
def shared_stable_id(f):
    """cast/int2.json: the last case (in the last group) takes the first case's stable_id
    (manifest updated: only the uniqueness of stable ids catches it)"""
    def share(t):
        ids = re.findall(r'"stable_id":"[^"]*"', t)
        head, _, tail = t.rpartition(ids[-1])
        return head + ids[0] + tail
    f.edit(INT2, share)


@kind
def shared_stable_id_files(f):
    """scalar_map.json: the first case takes the stable_id of cast/int2.json's first case
    (manifest updated)"""
    with open(f.path(INT2)) as int2:
        taken = first_stable_id(int2.read())
    f.edit(SMAP, lambda t: sub_once(r'"stable_id":"[^"]*"', '"stable_id":"%s"' % taken, t))


def usage() -> str:
    lines = []
    for name, function in KINDS.items():
        doc = " ".join(function.__doc__.split())
        lines.append("  %-26s %s" % (name, doc))
    return __doc__.format(kinds="\n".join(lines))


def main() -> int:
    if sys.argv[1:] == ["--kinds"]:
        print("\n".join(KINDS))
        return 0
    if len(sys.argv) != 4 or sys.argv[3] not in KINDS:
        sys.exit(usage())
    src, dest, name = sys.argv[1:]
    folder = Folder(src, dest)
    KINDS[name](folder)
    folder.write_manifest()
    return 0


if __name__ == "__main__":
    sys.exit(main())
