"""Unit tests of the reader: manifest check, malformed files named with their position, the
comparison rules, selections, stable ids. VECTORS (environment) is the vector folder."""
import contextlib
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import cast_value_vectors as cvv
from cast_value_vectors import tally
from cast_value_vectors.compare import ERROR, Verdict, bits, compare, rejected

VECTORS = os.environ["VECTORS"]
READER = Path(__file__).resolve().parents[3] / "readers" / "python"  # its setup.py
# The few files of VECTORS the tests read (cast/int2.json: the int2 casts, also those into and
# from int8): a small vector folder of them is read and copied in a fraction of the whole set's
# time (a cast file of an 8-bit type holds 130 000 cases), and pytest's collections of garbage
# between tests stay short.
SMALL = ("cast/int2.json", "chain.json", "scalars.json")


@pytest.fixture(scope="module")
def small_root(tmp_path_factory):
    """A vector folder of the SMALL files of VECTORS, its manifest the entries of VECTORS' for them."""
    root = tmp_path_factory.mktemp("small") / "v"
    manifest = json.loads(open(os.path.join(VECTORS, "manifest.json"), encoding="utf-8").read())
    manifest["files"] = [entry for entry in manifest["files"] if entry["path"] in SMALL]
    assert sorted(entry["path"] for entry in manifest["files"]) == sorted(SMALL)
    for relative in SMALL:
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(os.path.join(VECTORS, relative), root / relative)
    (root / "manifest.json").write_text(json.dumps(manifest))
    return root


@pytest.fixture(scope="module")
def vectors(small_root):
    return cvv.open_vectors(small_root)


@pytest.fixture
def copy(small_root, tmp_path):
    """A copy of the small folder, to edit."""
    root = tmp_path / "v"
    shutil.copytree(small_root, root)
    return root


def copy_with(root, relative, edit):
    """Edit file `relative` of the folder `root` and update its manifest to match."""
    path = root / relative
    data = edit(path.read_bytes())
    path.write_bytes(data)
    manifest = json.loads((root / "manifest.json").read_text())
    for entry in manifest["files"]:
        if entry["path"] == relative:
            entry["bytes"], entry["sha256"] = len(data), hashlib.sha256(data).hexdigest()
    (root / "manifest.json").write_text(json.dumps(manifest))
    return root


def test_the_whole_vector_set_is_read():
    vectors = cvv.open_vectors(VECTORS)  # the manifest and the folder checked
    assert vectors.version and len(vectors.paths()) == len(vectors.paths("cast")) + 4
    chosen = list(vectors.cases(cvv.Selection.of(family="scalars")))
    assert len(chosen) == vectors.file("scalars.json").number_of_cases
    assert set(vectors._files) == {"scalars.json"}  # a family selection opens only its files


def test_manifest_refuses_a_changed_byte(copy):
    path = copy / "scalars.json"
    data = bytearray(path.read_bytes())
    data[-3] ^= 1
    path.write_bytes(bytes(data))
    with pytest.raises(cvv.VectorsError, match="scalars.json has SHA-256"):
        list(cvv.open_vectors(copy).cases(cvv.Selection.of(family="scalars")))


def test_manifest_refuses_an_unlisted_file(copy):
    (copy / "cast" / "extra.json").write_text("{}")
    with pytest.raises(cvv.VectorsError, match="cast/extra.json is not listed"):
        cvv.open_vectors(copy)


def test_malformed_json_names_file_and_line(copy):
    copy_with(copy, "scalars.json", lambda d: d.replace(b'"result":', b'"result" ', 1))
    with pytest.raises(cvv.VectorsError, match=r"scalars.json: line \d+, column \d+: not valid JSON"):
        list(cvv.open_vectors(copy).cases(cvv.Selection.of(family="scalars")))


def test_malformed_case_names_group_and_case(copy):
    copy_with(copy, "chain.json", lambda d: d.replace(b'"input":"0x', b'"input":"0X', 1))
    with pytest.raises(cvv.VectorsError, match=r"chain.json: groups\[0\].cases\[0\] \(case id 1\): "):
        list(cvv.open_vectors(copy).cases(cvv.Selection.of(family="chain")))


def test_verify_finds_a_malformed_case_no_selection_took(copy):
    last = b'"result":"0x'  # a result: checked when its group is built (an input would be at opening)
    copy_with(copy, "chain.json", lambda d: d[:d.rindex(last)] + b'"result":"0X' + d[d.rindex(last) + len(last):])
    vectors = cvv.open_vectors(copy)
    assert next(vectors.cases(cvv.Selection.of(family="chain")))  # the first group is well formed
    with pytest.raises(cvv.VectorsError, match=r"chain.json: groups\[[1-9]\d*\].cases\[\d+\] \(case id \d+\): "):
        vectors.verify()


def test_every_cast_case_of_a_file_is_read(vectors):
    cases = list(vectors.cases(cvv.Selection.of(file="cast/int2.json")))
    assert len(cases) == vectors.file("cast/int2.json").number_of_cases
    assert len({c.stable_id for c in cases}) == len(cases)


def first(vectors, predicate, **selection):
    return next(c for c in vectors.cases(cvv.Selection.of(**selection)) if predicate(c))


def test_nan_matches_any_nan(vectors):
    case = first(vectors, lambda c: c.expected.kind == "bits" and c.expected.bits == 0x7FC00000,
                 family="chain", type="float32")
    assert compare(case, 0x7FC00000).verdict is Verdict.PASS
    assert compare(case, 0xFFC00001).verdict is Verdict.PASS  # another NaN
    assert compare(case, 0x7F800000).verdict is Verdict.FAIL  # infinity is no NaN
    assert compare(case, ERROR).verdict is Verdict.FAIL
    assert compare(case, rejected("no")).verdict is Verdict.FAIL


def test_error_matches_error_and_alternative_is_divergence(vectors):
    case = first(vectors, lambda c: c.expected.is_error and any(r.kind == "bits" for r in c.alternatives.values()),
                 family="chain")
    assert compare(case, ValueError("refused")).verdict is Verdict.PASS
    name, alternative = next((n, r) for n, r in case.alternatives.items() if r.kind == "bits")
    outcome = compare(case, bits(alternative.bits))
    assert outcome.verdict is Verdict.DIVERGENCE and outcome.flag == name
    assert compare(case, bits(alternative.bits ^ 1)).verdict is Verdict.FAIL


def test_selection_by_type_direction_rounding(vectors):
    chosen = list(vectors.cases(cvv.Selection.of(family="cast", type="int8", direction="decode",
                                                 rounding="towards-zero")))
    assert chosen and all("int8" in c.types and c.direction == "decode" and c.configuration.rounding == "towards-zero"
                          for c in chosen)
    with pytest.raises(ValueError, match="unknown data type"):
        cvv.Selection.of(type="int7")


def test_cast_ids_are_line_id_and_configuration(vectors):
    case = next(vectors.cases(cvv.Selection.of(file="cast/int2.json")))
    assert case.stable_id == f"{case.raw.get('stable_id', case.stable_id.rsplit('/', 1)[0])}/{case.configuration.label}"


def test_an_unknown_expected_failure_id_is_an_error(tmp_path, small_root):
    (tmp_path / "test_x.py").write_text(
        "import cast_value_vectors as cvv\n"
        "@cvv.cases(family='scalars', type='int2')\n"
        "def test_x(case):\n    cvv.check(case, case.expected.text if not case.expected.is_error else cvv.ERROR)\n")
    (tmp_path / "known.txt").write_text("scalars/int2/000000000000\n")
    result = pytest.main([str(tmp_path / "test_x.py"), "-q", "-p", "no:cacheprovider",
                          "--cast-value-vectors", str(small_root), "--cast-value-xfail", str(tmp_path / "known.txt")])
    # raised while parametrizing: pytest reports it as a collection error (exit 2) or usage error (4)
    assert result in (pytest.ExitCode.USAGE_ERROR, pytest.ExitCode.INTERRUPTED)


def test_an_unchecked_case_fails_its_test(tmp_path, small_root):
    (tmp_path / "test_y.py").write_text(
        "import cast_value_vectors as cvv\n"
        "@cvv.batches(family='scalars', type='int2')\n"
        "def test_y(batch):\n    pass\n")
    result = pytest.main([str(tmp_path / "test_y.py"), "-q", "-p", "no:cacheprovider",
                          "--cast-value-vectors", str(small_root)])
    assert result == pytest.ExitCode.TESTS_FAILED


# -- The input contract (docs/input-contract.md): one test per class of defect -----------------


def edit_manifest(root, edit):
    manifest = json.loads((root / "manifest.json").read_text())
    edit(manifest)
    (root / "manifest.json").write_text(json.dumps(manifest))


def test_identity_is_the_published_manifest_not_the_declared_version(small_root):
    published = cvv.open_vectors(VECTORS)
    assert published.identity.is_published and published.version == published.declared_version
    subset = cvv.open_vectors(small_root)  # VECTORS' own entries for 3 files, VECTORS' version declared
    assert subset.declared_version == published.declared_version
    assert not subset.identity.is_published
    assert subset.version == f"modified (based on {published.declared_version})"
    assert subset.identity.verdict().startswith(f"modified: based on {published.declared_version}, against the "
                                                f"published {published.declared_version}")
    assert "cast/int8.json" in subset.identity.missing and not subset.identity.changed


def test_a_stable_id_shared_by_two_groups_is_refused(copy):
    def duplicate_first_group(data):
        document = json.loads(data)
        document["groups"].append(document["groups"][0])
        document["number_of_cases"] += len(document["groups"][0]["cases"])
        return json.dumps(document).encode()
    copy_with(copy, "chain.json", duplicate_first_group)
    with pytest.raises(cvv.VectorsError, match=r"chain.json: groups\[\d+\].cases\[0\]: stable id .* not unique"):
        cvv.open_vectors(copy).file("chain.json")


def test_a_stable_id_shared_by_two_files_is_refused(copy):
    shutil.copyfile(copy / "cast" / "int2.json", copy / "cast" / "int2copy.json")
    edit_manifest(copy, lambda m: m["files"].append({**next(e for e in m["files"] if e["path"] == "cast/int2.json"),
                                                     "path": "cast/int2copy.json"}))
    pattern = r"cast/int2(copy)?.json: groups\[0\].cases\[0\]: stable id .* is also the id of a case of"
    with pytest.raises(cvv.VectorsError, match=pattern):
        cvv.open_vectors(copy).verify()
    with pytest.raises(cvv.VectorsError, match=pattern):  # a modified set: before its first file is used
        cvv.open_vectors(copy).file("scalars.json")


def test_a_file_listed_twice_is_refused(copy):
    edit_manifest(copy, lambda m: m["files"].append({**m["files"][0], "sha256": "0" * 64}))
    with pytest.raises(cvv.VectorsError, match=r"manifest.json: files\[3\]: .* is listed twice"):
        cvv.open_vectors(copy)


@pytest.mark.parametrize("path", ["../../../x.json", "/etc/passwd", "./chain.json", "cast//int2.json",
                                  "cast\\int2.json", "", "README.md", "schema/x.json"])
def test_a_listed_path_outside_the_folder_or_misspelt_is_refused(copy, path):
    edit_manifest(copy, lambda m: m["files"][0].update(path=path))
    with pytest.raises(cvv.VectorsError, match=r"manifest.json: files\[0\]: path "):
        cvv.open_vectors(copy)


def test_a_repeated_key_is_refused(copy):
    copy_with(copy, "cast/int2.json", lambda d: d.replace(b'"results":', b'"results":[],"results":', 1))
    with pytest.raises(cvv.VectorsError, match=r'cast/int2.json: an object holds the key "results" twice'):
        cvv.open_vectors(copy).file("cast/int2.json")


@pytest.mark.parametrize("damage", ["fifo", "dev-zero"])
def test_a_manifest_that_is_no_regular_file_is_refused_without_reading(copy, damage):
    (copy / "manifest.json").unlink()
    if damage == "fifo":
        os.mkfifo(copy / "manifest.json")  # opened without blocking: never waited on
    else:
        os.symlink("/dev/zero", copy / "manifest.json")
    with pytest.raises(cvv.VectorsError, match=r"manifest.json: is (a FIFO|a symbolic link)"):
        cvv.open_vectors(copy)


def test_a_file_over_the_size_limit_is_refused_before_reading(copy):
    big = cvv.MAX_FILE_BYTES + 1
    with open(copy / "scalars.json", "r+b") as f:
        f.truncate(big)  # sparse: nothing is written, and nothing must be read
    edit_manifest(copy, lambda m: [e.update(bytes=big) for e in m["files"] if e["path"] == "scalars.json"])
    with pytest.raises(cvv.VectorsError, match=f"scalars.json: {big} bytes, more than the limit of {big - 1}"):
        cvv.open_vectors(copy).file("scalars.json")
    with pytest.raises(cvv.VectorsError, match=r"\.json: \d+ bytes, more than the limit of 1000"):
        cvv.open_vectors(copy, max_file_bytes=1000).file("chain.json")


@pytest.mark.parametrize("manifest, message", [
    (b"[]", "not a cast-value-vectors manifest"),
    (b'{"schema":"cast-value-vectors-manifest","files":5}', r'"files" is not an array'),
    (b'{"schema":"cast-value-vectors-manifest","files":[{"path":"chain.json","bytes":-1,"sha256":"x"}]}',
     r'"bytes" is not a non-negative integer'),
    (b'{"schema":"cast-value-vectors-manifest","files":[{"path":"chain.json","bytes":1,"sha256":"AB"}]}',
     r'"sha256" is not 64 lower-case hex digits'),
    (b'{"schema":"cast-value-vectors-manifest","files":[7]}', "not an object with path, bytes and sha256"),
    (b'{"schema":"cast-value-vectors-manifest\xff"}', "byte 38: not UTF-8"),
    (b"[" * 100000 + b"]" * 100000, "nested deeper than 256 levels"),
])
def test_a_malformed_manifest_is_a_vectors_error(copy, manifest, message):
    (copy / "manifest.json").write_bytes(manifest)
    with pytest.raises(cvv.VectorsError, match=f"manifest.json: .*{message}"):
        cvv.open_vectors(copy)


def test_deep_nesting_in_a_vector_file_is_a_vectors_error(copy):
    copy_with(copy, "chain.json", lambda d: d.replace(b'"fill_value":', b'"x":' + b"[" * 30000 + b"]" * 30000 +
                                                      b',"fill_value":', 1))
    with pytest.raises(cvv.VectorsError, match="chain.json: nested deeper than 256 levels"):
        cvv.open_vectors(copy).file("chain.json")


def test_the_verify_command(copy, small_root):
    def verify(root):
        return subprocess.run([sys.executable, "-m", "cast_value_vectors", "verify", str(root)],
                              capture_output=True, text=True)
    result = verify(small_root)
    assert result.returncode == 0 and result.stdout.splitlines()[-1].startswith("modified: based on ")
    copy_with(copy, "chain.json", lambda d: d.replace(b'"input":"0x', b'"input":"0X', 1))
    result = verify(copy)
    assert result.returncode == 2 and not result.stdout
    assert re.fullmatch(r"cast_value_vectors verify: chain.json: groups\[0\].cases\[0\] .*\n", result.stderr)


def run_pytest(tmp_path, body, *options):
    """pytest.main on a test file of `body` (after the import); its exit code and output. The file is
    named after its body: pytest.main in one process imports a module of one name once."""
    test = tmp_path / f"test_{hashlib.sha256(body.encode()).hexdigest()[:12]}.py"
    test.write_text("import cast_value_vectors as cvv\n" + body)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = pytest.main([str(test), "-q", "-p", "no:cacheprovider", *options])
    return code, out.getvalue()


CHECKED = ("@cvv.cases(family='scalars', type={type!r})\n"
           "def test_z(case):\n"
           "    if case.output_type != 'int2': cvv.unsupported('only int2 here')\n"
           "    cvv.check(case, case.expected.text if not case.expected.is_error else cvv.ERROR)\n")


def test_a_selection_matching_nothing_fails_naming_it(tmp_path, small_root):
    code, out = run_pytest(tmp_path, CHECKED.format(type="int2").replace("type=", "direction='decode', type="),
                           "--cast-value-vectors", str(small_root))
    assert code == pytest.ExitCode.INTERRUPTED  # a collection error, not an INTERNALERROR
    assert "the selection (family scalars; type int2; direction decode) matches no case" in out


def test_a_run_that_compared_nothing_is_no_pass(tmp_path, small_root):
    code, out = run_pytest(tmp_path, CHECKED.format(type="int4"), "--cast-value-vectors", str(small_root))
    assert code == pytest.ExitCode.TESTS_FAILED and "NOTHING COMPARED by " in out
    one_of_two = CHECKED.format(type="int2") + CHECKED.format(type="int4").replace("test_z", "test_z4")
    code, out = run_pytest(tmp_path, one_of_two, "--cast-value-vectors", str(small_root))
    assert code == pytest.ExitCode.TESTS_FAILED, out  # another test's comparisons do not cover it
    assert re.search(r"NOTHING COMPARED by \S+::test_z4 \(selection family scalars; type int4\)", out), out
    code, out = run_pytest(tmp_path, CHECKED.format(type=["int2", "int4"]), "--cast-value-vectors", str(small_root),
                           "--cast-value-json", str(tmp_path / "counts.json"))
    assert (tmp_path / "counts.json").exists(), out
    counts = json.loads((tmp_path / "counts.json").read_text())
    compared = counts["coverage"]
    assert counts["vectors"]["version"].startswith("modified (based on ") and not counts["vectors"]["published"]
    assert code == pytest.ExitCode.OK and 0 < compared["compared"] < compared["selected"]
    assert (f"{compared['compared']} of {compared['selected']} selected cases compared "
            f"({tally.share(compared['compared'], compared['selected'])}), {compared['unsupported']} unsupported") in out
    assert "vectors " + str(small_root) + ": a modified vector set (based on " in out


def test_shares_are_integer_and_never_100_unless_all():
    assert tally.share(10**17, 10**17 + 1) == "99.9%" and tally.share(808, 252209) == "0.3%"
    assert tally.share(5, 5) == "100%" and tally.share(0, 5) == "0.0%"


@pytest.mark.parametrize("option", ["--cast-value-json", "--cast-value-xfail"])
def test_options_are_checked_before_the_run(tmp_path, small_root, option):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)  # --cast-value-xfail: never waited on
    for bad in ([str(tmp_path)] if option == "--cast-value-json" else []) + [str(fifo)]:
        code, out = run_pytest(tmp_path, CHECKED.format(type="int2"), "--cast-value-vectors", str(small_root),
                               option, bad)
        assert code == pytest.ExitCode.USAGE_ERROR, out


def test_building_the_package_refuses_a_path_outside_the_folder(copy, tmp_path):
    edit_manifest(copy, lambda m: m["files"][0].update(path="../../../x.json"))
    build = tmp_path / "build" / "a" / "b"
    build.mkdir(parents=True)
    result = subprocess.run([sys.executable, str(READER / "setup.py"), "-q", "build_py", "--build-lib", str(build)],
                            cwd=READER, capture_output=True, text=True,
                            env={**os.environ, "CAST_VALUE_VECTORS_SOURCE": str(copy)})
    assert result.returncode != 0 and "refusing to carry the vectors" in result.stderr
    assert "../../../x.json" in result.stderr and not (tmp_path / "x.json").exists()


def test_a_file_of_another_family_than_its_path_is_refused(copy):
    copy_with(copy, "scalars.json", lambda d: (copy / "chain.json").read_bytes())
    with pytest.raises(cvv.VectorsError, match="scalars.json: family 'chain', but its path is a file of family"):
        list(cvv.open_vectors(copy).cases(cvv.Selection.of(family="scalars")))


def test_the_verify_command_refuses_bad_arguments():
    for argv in ([], ["verify"], ["check", VECTORS], ["verify", VECTORS, VECTORS]):
        result = subprocess.run([sys.executable, "-m", "cast_value_vectors", *argv], capture_output=True, text=True)
        assert result.returncode == 2 and result.stderr.startswith("usage: "), argv


def test_nesting_is_bounded_at_256_levels_brackets_in_strings_aside():
    from cast_value_vectors import strict_json
    assert strict_json.parse(b"[" * 256 + b"]" * 256, "x") is not None
    with pytest.raises(cvv.VectorsError, match="x: nested deeper than 256 levels"):
        strict_json.parse(b"[" * 257 + b"]" * 257, "x")
    brackets_in_strings = b'{"a":"' + b"[{" * 300 + b'\\"' + b"[" * 300 + b'"}'
    assert strict_json.parse(brackets_in_strings, "x")["a"].startswith("[{")


def test_the_vector_folder_option_is_checked_before_the_run(tmp_path, copy):
    edit_manifest(copy, lambda m: m["files"].append(m["files"][0]))
    code, out = run_pytest(tmp_path, CHECKED.format(type="int2"), "--cast-value-vectors", str(copy))
    assert code == pytest.ExitCode.USAGE_ERROR  # before collection, not a collection error
