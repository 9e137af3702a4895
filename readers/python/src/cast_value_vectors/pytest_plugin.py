"""The pytest plugin (entry point `pytest11`): `--cast-value-vectors DIR`, the `cases` and
`batches` decorators' parametrization with stable ids as test ids, expected-failure lists keyed
by stable id, and a terminal summary (and `--cast-value-json PATH`) counting every case."""
from __future__ import annotations

from pathlib import Path

import pytest

from . import testing
from .reading import VectorSet, VectorsError
from .tally import Tally


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

    @property
    def vectors(self) -> VectorSet:
        if self._vectors is None:
            root = self.config.getoption("--cast-value-vectors") or testing.carried_vectors()
            if root is None:
                raise pytest.UsageError("cast-value-vectors: this installation carries no vectors "
                                        "(installed from a folder without ../../vectors?): give "
                                        "--cast-value-vectors DIR")
            try:
                self._vectors = VectorSet(root)
            except VectorsError as e:
                raise pytest.UsageError(f"cast-value-vectors: {e}") from None
            for path in self._listed_files:
                self.add_expected_failures(testing.read_id_list(path), path)
        return self._vectors

    def add_expected_failures(self, ids, where: str) -> None:
        """Listed ids, each checked to name a case of the vectors (else a usage error)."""
        key = f"{where}:{','.join(ids)}"
        if key in self.checked_lists:
            return
        self.checked_lists.add(key)
        unknown = testing.unknown_ids(self.vectors, ids)
        if unknown:
            raise pytest.UsageError(f"cast-value-vectors: {where}: {len(unknown)} expected-failure id(s) "
                                    f"match no case of the vectors {self.vectors.root} (version "
                                    f"{self.vectors.version}): {', '.join(unknown[:5])}")
        for stable_id in ids:
            self.expected_failures.setdefault(stable_id, where)

    def record(self, case, category: str, detail: str | None = None) -> None:
        nodeid = self.current.nodeid if self.current is not None else None
        seen = self.recorded.setdefault(nodeid, set())
        if case.stable_id in seen:
            return  # a case checked twice in one test counts once (its first verdict)
        seen.add(case.stable_id)
        self.tally.add(case, category, detail)

    # -- hooks ----------------------------------------------------------------------------------

    def pytest_generate_tests(self, metafunc):
        marker = metafunc.definition.get_closest_marker("cast_value_vectors")
        if marker is None:
            return
        kind, argname, selection, listed = marker.args
        if listed:
            ids = testing.read_id_list(listed) if isinstance(listed, (str, Path)) else list(listed)
            self.add_expected_failures(ids, str(listed) if isinstance(listed, (str, Path)) else
                                       f"{metafunc.definition.nodeid}: expected_failures")
        self.selections.append(str(selection))
        try:
            batches = list(self.vectors.batches(selection))
        except VectorsError as e:
            raise pytest.UsageError(f"cast-value-vectors: {e}") from None
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

    def pytest_terminal_summary(self, terminalreporter):
        if not self.item_cases and not self.tally.cases:
            return
        vectors = self._vectors
        terminalreporter.section("cast-value-vectors")
        if vectors is not None:
            terminalreporter.write_line(f"vectors {vectors.root}: version {vectors.version}, manifest SHA-256 "
                                        f"{vectors.manifest_sha256}")
        for line in self.tally.lines():
            terminalreporter.write_line(line)
        path = self.config.getoption("--cast-value-json")
        if path and vectors is not None:
            self.tally.write_json(path, vectors, self.selections)
            terminalreporter.write_line(f"counts written to {path}")


def pytest_configure(config):
    config.addinivalue_line("markers", "cast_value_vectors(kind, argname, selection, expected_failures): "
                                       "parametrized over cast_value vectors (cast_value_vectors.cases / .batches)")
    plugin = Plugin(config)
    config.pluginmanager.register(plugin, "cast-value-vectors-plugin")
    testing.activate(plugin)


def pytest_unconfigure(config):
    testing.activate(None)
