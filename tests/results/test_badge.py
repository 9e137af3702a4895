#!/usr/bin/env python3
"""A badge (harness/results/badge.py) never says more than its report.

usage: test_badge.py REPOSITORY_ROOT

- 10^17 cases passed of 10^17 + 1: the shares are computed in integers, never rounded up to
  "100% pass" (a float quotient rounds 99.999...% to 100%), and the badge is not green;
- the report of an interrupted run whose counted cases all passed: never green, says
  "incomplete" (its counted cases are not its selection);
- a run that compared nothing (every case unsupported): red, "0% compared";
- the compared share is the compared cases of the selected ones, rounded down (808 of 252,209:
  "0.32% compared");
- a complete run whose every case passed: green, "100% pass, 100% compared".
Standard library only. Exit 0 when every expectation holds, 1 otherwise.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(sys.argv[1]) / "harness" / "results"))
from badge import badge  # noqa: E402

failures = []


def expect(condition: bool, what: str, made: dict) -> None:
    print(("ok    " if condition else "FAIL  ") + what + ("" if condition else f": {made}"))
    if not condition:
        failures.append(what)


def report(passed: int, unsupported: int = 0, complete: bool = True, selected=None,
           fail: int = 0) -> dict:
    cases = passed + unsupported + fail
    return {"run": {"implementation": {"version": "1.0"}, "vectors": {"version": "1.3.0"}},
            "complete": complete,
            "accounting": {"selected": cases if selected is None and complete else selected},
            "totals": {"cases": cases, "pass": passed, "divergence": 0, "fail": fail,
                       "unsupported": unsupported, "adapter_error": 0}}


made = badge(report(10**17, unsupported=1))
expect("100% pass" not in made["message"] and "99.99% pass" in made["message"],
       "10^17 passed of 10^17 + 1: 99.99% pass, not 100%", made)
expect("99.99% compared" in made["message"], "10^17 compared of 10^17 + 1: 99.99% compared", made)
expect(made["color"] != "brightgreen", "10^17 passed of 10^17 + 1: not green", made)

made = badge(report(500, complete=False, selected=None))
expect(made["color"] != "brightgreen", "an interrupted run whose counted cases passed: not green",
       made)
expect(made["message"].endswith(", incomplete"), "an interrupted run says incomplete", made)
made = badge(report(500, complete=False, selected=2000))
expect("25% compared" in made["message"] and made["color"] == "red",
       "an aborted run, 500 of 2,000 selected: 25% compared, red", made)

made = badge(report(0, unsupported=1000))
expect(made["color"] == "red" and "0% compared" in made["message"],
       "every case unsupported: red, 0% compared", made)

made = badge(report(808, unsupported=251401))
expect("0.32% compared" in made["message"], "808 of 252,209 compared: 0.32% compared", made)

made = badge(report(1000))
expect(made["color"] == "brightgreen" and made["message"] == "1.0, 100% pass, 100% compared",
       "every case passed: green, 100% pass, 100% compared", made)

print(f"{len(failures)} of the expectations failed" if failures else "every expectation holds")
sys.exit(1 if failures else 0)
