"""A pytest plugin that plants a bug in the reader (PLANTED_BUG): what agreement.sh must catch.
  drop-one: the first selected case of every batch is silently left out;
  nan: a NaN result does not match a NaN answer (even the same pattern)."""
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
