"""The pytest plugin (entry point `pytest11`): `--cast-value-vectors DIR`, the `cases` and
`batches` decorators' parametrization with stable ids as test ids, expected-failure lists keyed
by stable id, and a terminal summary (and `--cast-value-json PATH`) counting every case.

Every option is checked when pytest starts (docs/input-contract.md, rule 12), a selection that
matches no case is a usage error naming it, and a run that compared nothing of what it selected
(every case unsupported) fails (rule 11); the summary says how much of the selection was compared
and which vectors, published or modified, it was compared with (rules 10 and 13)."""
from __future__ import annotations

import collections
from pathlib import Path

import pytest

from . import testing
from .bounded_files import check_output_path
from .errors import VectorsError
from .reading import VectorSet
from .tally import COMPARED, Tally


def pytest_addoption(parser):
    group = parser.getgroup("cast-value-vectors", "cast_value conformance vectors")
    group.addoption("--cast-value-vectors", metavar="DIR", default=None,
                    help="the vector folder (default: the vectors this package carries)")
    group.addoption("--cast-value-xfail", metavar="FILE", action="append", default=[],
                    help="expected failures: a file of stable case ids, one a line, # comments "
                         "(repeatable); an id that matches no case of the vectors is an error")
    group.addoption("--cast-value-json", metavar="PATH", default=None,
                    help="write the case counts (totals, by flag, by reason, per cell) as JSON")
    group.addoption("--cast-value-strict", action="store_true", default=False,
                    help="divergences (results of an alternative reading) fail their test")


class Plugin:
    def __init__(self, config):
        self.config = config
        self.tally = Tally()
        self.strict = config.getoption("--cast-value-strict")
        self._vectors: VectorSet | None = None
        self._listed_files: list[str] = config.getoption("--cast-value-xfail")
        self.expected_failures: dict[str, str] = {}  # stable id -> where it is listed
        self.checked_lists: set[str] = set()
        self.selections: list[str] = []
        self.item_cases: dict[str, list] = {}  # nodeid -> its cases
        self.recorded: dict[str, set[str]] = {}  # nodeid -> the stable ids it counted
        self.current = None
        self.selected = 0  # the cases of the collected tests (after deselection)
        # Per decorated test (a selection): "path::test (selection ...)" -> cases selected, compared.
        self.item_selection: dict[str, str] = {}  # nodeid -> its selection's label
        self.selected_by: collections.Counter = collections.Counter()
        self.compared_by: collections.Counter = collections.Counter()
        self.uncompared: list[str] = []  # the selections that compared none of their cases
        self.json_written: str | None = None
        self._id_lists = self._checked_options()

    def _checked_options(self) -> list[tuple[str, list[str]]]:
        """Every option checked before a test is collected: the report path, the expected-failure
        files (read now), the vector folder (opened now when given); a usage error otherwise."""
        json_path = self.config.getoption("--cast-value-json")
        try:
            if json_path:
                check_output_path(json_path, "--cast-value-json")
        except VectorsError as e:
            raise pytest.UsageError(f"cast-value-vectors: {e}") from None
        try:
            id_lists = [(path, testing.read_id_list(path)) for path in self._listed_files]
        except VectorsError as e:
            raise pytest.UsageError(f"cast-value-vectors: --cast-value-xfail {e}") from None
        if self.config.getoption("--cast-value-vectors") is not None:
            self._open_vectors(id_lists)
        return id_lists

    def _open_vectors(self, id_lists) -> VectorSet:
        root = self.config.getoption("--cast-value-vectors") or testing.carried_vectors()
        if root is None:
            raise pytest.UsageError("cast-value-vectors: this installation carries no vectors "
                                    "(installed from a folder without ../../vectors?): give "
                                    "--cast-value-vectors DIR")
        try:
            self._vectors = VectorSet(root)
        except VectorsError as e:
            raise pytest.UsageError(f"cast-value-vectors: --cast-value-vectors: {e}") from None
        for path, ids in id_lists:
            self.add_expected_failures(ids, path)
        return self._vectors

    @property
    def vectors(self) -> VectorSet:
        return self._vectors if self._vectors is not None else self._open_vectors(self._id_lists)

    def add_expected_failures(self, ids, where: str) -> None:
        """Listed ids, each checked to name a case of the vectors (else a usage error)."""
        key = f"{where}:{','.join(ids)}"
        if key in self.checked_lists:
            return
        self.checked_lists.add(key)
        try:
            unknown = testing.unknown_ids(self.vectors, ids)
        except VectorsError as e:
            raise pytest.UsageError(f"cast-value-vectors: {e}") from None
        if unknown:
            raise pytest.UsageError(f"cast-value-vectors: {where}: {len(unknown)} expected-failure id(s) "
                                    f"match no case of the vectors {self.vectors.root} (version "
                                    f"{self.vectors.version}): {', '.join(unknown[:5])[:500]}")
        for stable_id in ids:
            self.expected_failures.setdefault(stable_id, where)

    def record(self, case, category: str, detail: str | None = None) -> None:
        nodeid = self.current.nodeid if self.current is not None else None
        seen = self.recorded.setdefault(nodeid, set())
        if case.stable_id in seen:
            return  # a case checked twice in one test counts once (its first verdict)
        seen.add(case.stable_id)
        self.tally.add(case, category, detail)
        if category in COMPARED:
            self.compared_by[self.item_selection.get(nodeid)] += 1

    # -- hooks ----------------------------------------------------------------------------------

    def pytest_generate_tests(self, metafunc):
        marker = metafunc.definition.get_closest_marker("cast_value_vectors")
        if marker is None:
            return
        kind, argname, selection, listed = marker.args
        where = f"cast-value-vectors: {metafunc.definition.nodeid}"
        if listed:
            problem = None  # failed outside the except block: the message alone, no chained traceback
            try:
                ids = testing.read_id_list(listed) if isinstance(listed, (str, Path)) else list(listed)
            except VectorsError as e:
                problem = f"{where}: expected_failures: {e}"
            if problem:
                _collection_error(problem)
            self.add_expected_failures(ids, str(listed) if isinstance(listed, (str, Path)) else
                                       f"{metafunc.definition.nodeid}: expected_failures")
        self.selections.append(str(selection))
        problem = None
        try:
            batches = list(self.vectors.batches(selection))
        except VectorsError as e:
            batches, problem = [], f"{where}: the vectors {self.vectors.root}: {e}"
        if not batches:
            _collection_error(problem or f"{where}: the selection ({selection}) matches no case of the vectors "
                                         f"{self.vectors.root} ({self.vectors.version}): nothing to compare")
        if kind == "cases":
            values = [case for batch in batches for case in batch.cases]
        else:
            values = batches
        metafunc.parametrize(argname, values, ids=[v.stable_id if kind == "cases" else v.id for v in values])

    def pytest_collection_modifyitems(self, items):
        for item in items:
            callspec = getattr(item, "callspec", None)
            marker = item.get_closest_marker("cast_value_vectors")
            if callspec is None or marker is None:
                continue
            value = callspec.params.get(marker.args[1])
            self.item_cases[item.nodeid] = [value] if marker.args[0] == "cases" else list(value.cases)
            self.item_selection[item.nodeid] = f"{item.nodeid.split('[', 1)[0]} (selection {marker.args[2]})"

    def pytest_collection_finish(self, session):
        for item in session.items:
            cases = len(self.item_cases.get(item.nodeid, ()))
            self.selected += cases
            if cases:
                self.selected_by[self.item_selection[item.nodeid]] += cases

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item):
        self.current = item
        try:
            yield
        finally:
            self.current = None

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item, call):
        outcome = yield
        report = outcome.get_result()
        cases = self.item_cases.get(item.nodeid)
        if cases is None or (report.when != "call" and not (report.when == "setup" and not report.passed)):
            return
        seen = self.recorded.setdefault(item.nodeid, set())
        left = [c for c in cases if c.stable_id not in seen]
        if not left:
            return
        self.current = item
        try:
            if report.skipped and not hasattr(report, "wasxfail"):
                reason = testing.skip_reason(report)
                for case in left:
                    self.record(case, "unsupported", reason)
            elif report.passed:
                for case in left:
                    self.record(case, "not_checked")
                report.outcome = "failed"
                report.longrepr = (f"{len(left)} case(s) of this test were never compared (call "
                                   f"cast_value_vectors.check for each): {', '.join(c.stable_id for c in left[:3])}")
            else:
                for case in left:
                    self.record(case, "fail")
        finally:
            self.current = None

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionfinish(self, session):
        # A selection whose every case went unsupported (or never ran) compared nothing: never a pass.
        self.uncompared = [label for label in self.selected_by if not self.compared_by[label]]
        if self.uncompared and session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED
        path = self.config.getoption("--cast-value-json")
        if path and self._vectors is not None and (self.item_cases or self.tally.cases):
            try:
                self.tally.write_json(path, self._vectors, self.selections, self.selected)
                self.json_written = path
            except OSError as e:  # checked when pytest started: the path changed meanwhile
                self.json_written = f"NOT written: {path}: {e.strerror}"
                session.exitstatus = pytest.ExitCode.USAGE_ERROR

    def pytest_terminal_summary(self, terminalreporter):
        if not self.item_cases and not self.tally.cases:
            return
        vectors = self._vectors
        terminalreporter.section("cast-value-vectors")
        if vectors is not None:
            terminalreporter.write_line(f"vectors {vectors.root}: {vectors.identity.description()}; manifest "
                                        f"SHA-256 {vectors.manifest_sha256}")
        terminalreporter.write_line(self.tally.coverage_line(self.selected))
        for line in self.tally.lines():
            terminalreporter.write_line(line)
        for label in self.uncompared:
            terminalreporter.write_line(f"NOTHING COMPARED by {label}: none of its {self.selected_by[label]} "
                                        "selected cases was compared: not a pass", red=True)
        if self.json_written:
            terminalreporter.write_line(f"counts written to {self.json_written}")


def _collection_error(message: str):
    """Fail the collection of a test (the run fails, exit 2) with `message` and no traceback."""
    pytest.fail(message, pytrace=False)


def pytest_configure(config):
    config.addinivalue_line("markers", "cast_value_vectors(kind, argname, selection, expected_failures): "
                                       "parametrized over cast_value vectors (cast_value_vectors.cases / .batches)")
    plugin = Plugin(config)
    config.pluginmanager.register(plugin, "cast-value-vectors-plugin")
    testing.activate(plugin)


def pytest_unconfigure(config):
    testing.activate(None)
