"""What a test calls: the `cases` / `batches` decorators, `check` / `check_batch`, and
`unsupported`. Outside pytest, check() and check_batch() only compare."""
from __future__ import annotations

from importlib import resources
from pathlib import Path

from .bounded_files import read_regular_file
from .compare import Outcome, Verdict, compare
from .errors import VectorsError
from .reading import Batch, VectorSet
from .selection import Selection

_plugin = None  # the pytest plugin of the running session, if any


def activate(plugin) -> None:
    global _plugin
    _plugin = plugin


def carried_vectors() -> Path | None:
    """The vector folder installed with the package (a wheel built from the repository), if any."""
    folder = resources.files("cast_value_vectors") / "vectors"
    path = Path(str(folder))
    return path if (path / "manifest.json").is_file() else None


def read_id_list(path) -> list[str]:
    """Stable ids, one a line; blank lines and text after '#' are ignored. The file is read as the
    input contract reads a vector file (a regular file, never a FIFO, of bounded size, UTF-8):
    VectorsError naming it otherwise."""
    data = read_regular_file(path, follow_link=True)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise VectorsError(f"{path}: byte {e.start}: not UTF-8") from None
    ids = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            ids.append(line)
    return ids


def unknown_ids(vectors: VectorSet, ids) -> list[str]:
    """The ids that name no case of the vectors (each id's file is read to know)."""
    by_file: dict[str | None, list[str]] = {}
    for stable_id in ids:
        path = vectors.case_file(stable_id)
        by_file.setdefault(path if path in vectors.paths() else None, []).append(stable_id)
    unknown = list(by_file.pop(None, []))
    for path, wanted in by_file.items():
        present = {case.stable_id for batch in vectors.batches(Selection(files=(path,))) for case in batch.cases}
        unknown += [i for i in wanted if i not in present]
    return unknown


def skip_reason(report) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2]).removeprefix("Skipped: ")
    return str(longrepr)


def _decorator(kind: str, argname: str, expected_failures, selection: dict):
    import pytest

    chosen = Selection.of(**selection)
    return pytest.mark.cast_value_vectors(kind, argname, chosen, expected_failures)


def cases(argname: str = "case", expected_failures=None, **selection):
    """Parametrize a test over the selected cases, one test per case, its stable id as test id.
    selection: family=, type=, direction=, rounding=, file= (a name or a list of names each).
    expected_failures: a list of stable ids or the path of a file of them."""
    return _decorator("cases", argname, expected_failures, selection)


def batches(argname: str = "batch", expected_failures=None, **selection):
    """Parametrize a test over the selected batches (a group under one configuration: one array
    write); the counts stay per case. The test calls check_batch(batch, answers)."""
    return _decorator("batches", argname, expected_failures, selection)


def _category(outcome: Outcome, listed: bool, strict: bool) -> str:
    bad = outcome.verdict is Verdict.FAIL or (strict and outcome.verdict is Verdict.DIVERGENCE)
    if listed:
        return "xfail" if bad else "xpass"
    return "fail" if bad else outcome.verdict.value


def _judge(outcomes: list[Outcome]) -> tuple[list[Outcome], list[Outcome], list[Outcome]]:
    """Record the outcomes in the running session; (failures, xfails, xpasses)."""
    plugin = _plugin
    listed = plugin.expected_failures if plugin is not None else {}
    strict = plugin.strict if plugin is not None else False
    groups = {"fail": [], "xfail": [], "xpass": []}
    for outcome in outcomes:
        category = _category(outcome, outcome.case.stable_id in listed, strict)
        if plugin is not None:
            plugin.record(outcome.case, category, outcome.flag)
        if category in groups:
            groups[category].append(outcome)
    return groups["fail"], groups["xfail"], groups["xpass"]


def _raise(failures, xfails, xpasses) -> None:
    if failures or xpasses:
        lines = [str(o) for o in failures[:10]]
        lines += [f"{o.case.stable_id}: listed as an expected failure but {o.verdict.value}: remove it "
                  "from the list" for o in xpasses[:10]]
        more = len(failures) + len(xpasses) - len(lines)
        raise AssertionError("\n".join(lines + ([f"... and {more} more"] if more > 0 else [])))
    if xfails:
        import pytest

        pytest.xfail(f"{len(xfails)} listed expected failure(s): {xfails[0]}")


def check(case, answer) -> Outcome:
    """Compare one case's answer (bits, a pattern, ERROR, an exception, ...), count it, and fail
    the test on a failure (a listed expected failure: xfail; with --cast-value-strict also on a
    divergence)."""
    outcome = compare(case, answer)
    _raise(*_judge([outcome]))
    return outcome


def check_batch(batch: Batch, answers) -> list[Outcome]:
    """Compare a batch's answers (one per case, in order), count each case, then fail the test if
    any case failed (listing the first), xfail it if only listed cases failed."""
    answers = list(answers)
    if len(answers) != len(batch.cases):
        raise ValueError(f"{batch.id}: {len(answers)} answers for {len(batch.cases)} cases")
    outcomes = [compare(case, answer) for case, answer in zip(batch.cases, answers)]
    _raise(*_judge(outcomes))
    return outcomes


def unsupported(reason: str):
    """Skip the running test's cases as unsupported, counted under `reason`."""
    import pytest

    pytest.skip(reason)
