"""A pytest plugin that plants a bug in the reader (PLANTED_BUG): what agreement.sh must catch.
  drop-one: the first selected case of every batch is silently left out;
  nan: a NaN result does not match a NaN answer (even the same pattern).
PLANTED_TYPE (a data type name) narrows the run to the batches that involve that type: whole
cells, which compare_counts.py --type compares with the same cells of a full `cvc run`."""
import importlib
import os

# (the package exports a function `compare`, which hides the module of that name as an attribute)
compare = importlib.import_module("cast_value_vectors.compare")
reading = importlib.import_module("cast_value_vectors.reading")

BUG = os.environ.get("PLANTED_BUG", "")

if BUG == "drop-one":
    original_batches = reading.VectorSet.batches

    def batches(self, selection=reading.Selection()):
        for batch in original_batches(self, selection):
            batch.cases = batch.cases[1:]
            if batch.cases:
                yield batch

    reading.VectorSet.batches = batches
elif BUG == "nan":
    original_matches = compare.result_matches

    def result_matches(case, expected, answer):
        output = case.output
        if expected.kind == "bits" and output is not None and output.is_nan(expected.bits):
            return False
        return original_matches(case, expected, answer)

    compare.result_matches = result_matches
elif BUG:
    raise SystemExit(f"planted_bugs: unknown PLANTED_BUG {BUG!r} (drop-one, nan)")

TYPE = os.environ.get("PLANTED_TYPE", "")


def pytest_collection_modifyitems(config, items):
    if not TYPE:
        return
    kept, dropped = [], []
    for item in items:
        batch = getattr(item, "callspec", None) and item.callspec.params.get("batch")
        involved = batch is not None and TYPE in (batch.group.input_type, batch.group.output_type)
        (kept if involved else dropped).append(item)
    if not kept:
        raise SystemExit(f"planted_bugs: no batch involves PLANTED_TYPE {TYPE!r}")
    config.hook.pytest_deselected(items=dropped)
    items[:] = kept
