"""Unit tests of the reader: manifest check, malformed files named with their position, the
comparison rules, selections, stable ids. VECTORS (environment) is the vector folder."""
import hashlib
import json
import os
import shutil

import pytest

import cast_value_vectors as cvv
from cast_value_vectors.compare import ERROR, Verdict, bits, compare, rejected

VECTORS = os.environ["VECTORS"]
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
    last = b'"input":"0x'
    copy_with(copy, "chain.json", lambda d: d[:d.rindex(last)] + b'"input":"0X' + d[d.rindex(last) + len(last):])
    vectors = cvv.open_vectors(copy)
    assert next(vectors.cases(cvv.Selection.of(family="chain")))  # the first group is well formed
    # (the input's error, or with vectors 1.3.0 its stable_id's, which the input defines)
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
