"""A group's case lines checked and built into cases when a selection first takes the group (a
cast file holds some 130 000 cases: a selection builds only its own): each line's input, results
and alternatives. The lines' stable ids were checked when the file was opened (vector_file.py)."""
from __future__ import annotations

from .data_types import DATA_TYPES, data_type
from .model import Case, Configuration, Group
from .results import Result, parse_result
from .vector_file import fail as _fail


# The parsed batches of a group are kept on it: (configuration or None, its cases), in order.
def group_batches(group: Group) -> list[tuple[Configuration | None, list[Case]]]:
    cached = group.__dict__.get("_batches")
    if cached is None:
        cached = group.__dict__["_batches"] = list(_build_batches(group))
    return cached


def _build_batches(group: Group):
    family = group.family
    output_bytes = data_type(group.output_type).storage_bytes if group.output_type in DATA_TYPES else None
    input_bytes = data_type(group.input_type).storage_bytes if group.input_type in DATA_TYPES else None
    configurations = group.configurations
    per_configuration: list[list[Case]] = [[] for _ in configurations] if configurations else [[]]
    for position, (raw, line_id) in enumerate(zip(group.raw["cases"], group.line_ids)):
        where = f"{group.where}.cases[{position}]"
        if "id" in raw:
            where += f" (case id {str(raw['id'])[:40]})"
        if family in ("cast", "scalar_map", "chain"):
            _pattern(raw.get("input"), input_bytes, where, "input")
        alternatives = raw.get("alternatives", {})
        if not isinstance(alternatives, dict):
            _fail(where, "\"alternatives\" is not an object")
        if family == "cast":
            for k, case in enumerate(_cast_cases(group, raw, line_id, alternatives, output_bytes, where)):
                per_configuration[k].append(case)
        else:
            per_configuration[0].append(_single_case(group, raw, line_id, alternatives, output_bytes, where))
    return list(zip(configurations or [None], per_configuration))


def _cast_cases(group: Group, raw: dict, line_id: str, alternatives: dict, output_bytes, where: str):
    """A cast line's cases, one per configuration: its results (one per configuration, or one per
    rule when the rounding modes agree) and the alternatives listed by configuration index."""
    configurations = group.configurations
    results = raw.get("results")
    n, rules = len(configurations), len(configurations) // 5
    if not isinstance(results, list) or len(results) not in (n, rules):
        _fail(where, f"\"results\" must be a list of {n} or {rules} results")
    cases = []
    for k, configuration in enumerate(configurations):
        text = results[k] if len(results) == n else results[k % rules]
        own = {}
        for name, by_index in alternatives.items():
            if not isinstance(by_index, dict):
                _fail(where, f"alternatives[{name!r}] is not an object of configuration indices")
            if str(k) in by_index:
                own[name] = _result(by_index[str(k)], output_bytes, where, f"alternative {name}")
        cases.append(Case(f"{line_id}/{configuration.label}", group, raw.get("id"), raw,
                          _result(text, output_bytes, where, f"results[{k}]"),
                          dict(sorted(own.items())), configuration))
    for name, by_index in alternatives.items():
        for index in by_index:
            if not index.isdigit() or int(index) >= n:
                _fail(where, f"alternatives[{name!r}] names configuration {index!r} of {n}")
    return cases


def _single_case(group: Group, raw: dict, line_id: str, alternatives: dict, output_bytes, where: str):
    """The one case of a scalar_map, metadata, scalars or chain line."""
    family = group.family
    key = "results" if family == "scalar_map" else "result"
    text = raw.get(key)
    if family == "scalar_map":
        if not isinstance(text, list) or len(text) != 1:
            _fail(where, "\"results\" must be a list of one result (one configuration)")
        text = text[0]
    bytes_ = output_bytes if family != "metadata" else None
    own = {}
    for name, value in alternatives.items():
        if family == "scalar_map":  # by configuration index, as in cast: its one configuration
            if not isinstance(value, dict) or set(value) - {"0"}:
                _fail(where, f"alternatives[{name!r}] must map configuration \"0\" to a result")
            if "0" not in value:
                continue
            value = value["0"]
        own[name] = _result(value, bytes_, where, f"alternative {name}")
    configuration = group.configurations[0] if group.configurations else None
    return Case(line_id, group, raw.get("id"), raw, _result(text, bytes_, where, key),
                dict(sorted(own.items())), configuration)


def _pattern(text, storage_bytes, where, what):
    result = _result(text, storage_bytes, where, what)
    if result.kind != "bits":
        _fail(where, f"{what} {text!r} is not a bit pattern")
    return result


def _result(text, storage_bytes, where, what) -> Result:
    try:
        return parse_result(text, storage_bytes)
    except ValueError as e:
        _fail(where, f"{what}: {e}")
