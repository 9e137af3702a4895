"""Counting outcomes per case: the totals, divergences by flag, unsupported cases by reason, and
per cell (operation, input type, output type) as `cvc run` reports them."""
from __future__ import annotations

import collections
import json

# pass, divergence and fail as `cvc run`; unsupported: skipped with a reason; xfail: a failure
# listed as expected; xpass: listed as an expected failure but it passed (a stale entry: the
# test fails); not_checked: a case the test never compared (the test fails).
CATEGORIES = ("pass", "divergence", "fail", "unsupported", "xfail", "xpass", "not_checked")


class Tally:
    def __init__(self):
        self.totals = collections.Counter()
        self.flags = collections.Counter()
        self.reasons = collections.Counter()
        self.cells: dict[tuple, collections.Counter] = collections.defaultdict(collections.Counter)

    def add(self, case, category: str, detail: str | None = None) -> None:
        if category not in CATEGORIES:
            raise ValueError(f"unknown category {category!r}")
        self.totals[category] += 1
        self.cells[case.cell][category] += 1
        if category == "divergence":
            self.flags[detail] += 1
        elif category == "unsupported":
            self.reasons[detail or "skipped"] += 1

    @property
    def cases(self) -> int:
        return sum(self.totals.values())

    def lines(self) -> list[str]:
        counts = ", ".join(f"{self.totals[c]} {c.replace('_', ' ')}" for c in CATEGORIES
                           if self.totals[c] or c in ("pass", "divergence", "fail"))
        lines = [f"{self.cases} cases: {counts}"]
        lines += [f"  divergence {flag}: {n}" for flag, n in sorted(self.flags.items())]
        lines += [f"  unsupported {n}: {reason}" for reason, n in self.reasons.most_common()]
        return lines

    def to_json(self, vectors, selection_texts) -> dict:
        return {
            "vectors": {"version": vectors.version, "manifest_sha256": vectors.manifest_sha256},
            "selections": sorted(set(selection_texts)),
            "totals": {"cases": self.cases, **{c: self.totals[c] for c in CATEGORIES}},
            "divergence_flags": dict(sorted(self.flags.items())),
            "unsupported_reasons": dict(self.reasons.most_common()),
            "cells": [{"operation": cell[0], "input_type": cell[1], "output_type": cell[2],
                       "counts": {"cases": sum(counts.values()), **{c: counts[c] for c in CATEGORIES}}}
                      for cell, counts in sorted(self.cells.items())],
        }

    def write_json(self, path, vectors, selection_texts) -> None:
        with open(path, "w", encoding="utf-8") as f:
            json.dump(self.to_json(vectors, selection_texts), f, indent=1)
            f.write("\n")
