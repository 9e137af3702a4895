"""Counting outcomes per case: the totals, divergences by flag, unsupported cases by reason, and
per cell (operation, input type, output type) as `cvc run` reports them."""
from __future__ import annotations

import collections
import json

# pass, divergence and fail as `cvc run`; unsupported: skipped with a reason; xfail: a failure
# listed as expected; xpass: listed as an expected failure but it passed (a stale entry: the
# test fails); not_checked: a case the test never compared (the test fails).
CATEGORIES = ("pass", "divergence", "fail", "unsupported", "xfail", "xpass", "not_checked")
COMPARED = ("pass", "divergence", "fail", "xfail", "xpass")  # an answer was compared with the vectors


def share(part: int, whole: int) -> str:
    """part of whole as a percentage with one decimal, computed in integers and rounded down: never
    "100%" unless part == whole (10^17 of 10^17 + 1 is 99.9%)."""
    if whole <= 0:
        return "0%"
    if part == whole:
        return "100%"
    tenths = part * 1000 // whole
    return f"{tenths // 10}.{tenths % 10}%"


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

    @property
    def compared(self) -> int:
        return sum(self.totals[c] for c in COMPARED)

    def coverage(self, selected: int) -> dict:
        """How much of the selection was compared (docs/input-contract.md, rule 13)."""
        not_run = max(selected - self.cases, 0)
        return {"selected": selected, "compared": self.compared, "unsupported": self.totals["unsupported"],
                "not_checked": self.totals["not_checked"], "not_run": not_run, "complete": not_run == 0}

    def coverage_line(self, selected: int) -> str:
        """"808 of 252209 selected cases compared (0.3%), 251401 unsupported"."""
        c = self.coverage(selected)
        line = (f"{c['compared']} of {selected} selected cases compared ({share(c['compared'], selected)}), "
                f"{c['unsupported']} unsupported")
        if c["not_checked"]:
            line += f", {c['not_checked']} never compared by their test"
        if c["not_run"]:
            line += f", {c['not_run']} not run (an incomplete run)"
        return line

    def lines(self) -> list[str]:
        counts = ", ".join(f"{self.totals[c]} {c.replace('_', ' ')}" for c in CATEGORIES
                           if self.totals[c] or c in ("pass", "divergence", "fail"))
        lines = [f"{self.cases} cases: {counts}"]
        lines += [f"  divergence {flag}: {n}" for flag, n in sorted(self.flags.items())]
        lines += [f"  unsupported {n}: {reason}" for reason, n in self.reasons.most_common()]
        return lines

    def to_json(self, vectors, selection_texts, selected: int) -> dict:
        return {
            "vectors": vectors.identity.to_json(),
            "selections": sorted(set(selection_texts)),
            "coverage": self.coverage(selected),
            "totals": {"cases": self.cases, **{c: self.totals[c] for c in CATEGORIES}},
            "divergence_flags": dict(sorted(self.flags.items())),
            "unsupported_reasons": dict(self.reasons.most_common()),
            "cells": [{"operation": cell[0], "input_type": cell[1], "output_type": cell[2],
                       "counts": {"cases": sum(counts.values()), **{c: counts[c] for c in CATEGORIES}}}
                      for cell, counts in sorted(self.cells.items())],
        }

    def write_json(self, path, vectors, selection_texts, selected: int) -> None:
        with open(path, "w", encoding="utf-8") as f:
            json.dump(self.to_json(vectors, selection_texts, selected), f, indent=1)
            f.write("\n")
