"""The comparison rules, exactly as `cvc run` applies them (harness/run/runner.cpp):
- a bits result must match bit for bit, except that any NaN matches any NaN (in the output type);
- an expected error (or `invalid`) matches an answer that is an error; its kind is informative;
- a case whose expected result differs from the answer but one of whose alternatives (FLAG=ALT,
  tried in name order) gives the answer is a DIVERGENCE named by that flag;
- anything else is a FAIL, and so is a configuration the implementation rejected.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass

from .model import Case
from .results import BITS, INVALID, VALID, Result


class Verdict(enum.Enum):
    PASS = "pass"
    DIVERGENCE = "divergence"
    FAIL = "fail"


@dataclass(frozen=True)
class Answer:
    """What the implementation gave: bits, an error (its kind optional), a metadata verdict
    (valid / invalid), or the refusal of the configuration itself (rejected)."""

    kind: str  # "bits", "error", "valid", "invalid", "rejected"
    bits: int | None = None
    message: str = ""

    def __str__(self) -> str:
        if self.kind == BITS:
            return hex(self.bits)
        return self.kind + (f": {self.message}" if self.message else "")


ERROR = Answer("error")
VALID_ANSWER = Answer(VALID)
INVALID_ANSWER = Answer(INVALID)


def error(message: str = "") -> Answer:
    return Answer("error", message=message)


def rejected(message: str = "") -> Answer:
    """The implementation refused the configuration or metadata (not one element): a failure."""
    return Answer("rejected", message=message)


def bits(value: int) -> Answer:
    return Answer(BITS, bits=value)


def as_answer(value) -> Answer:
    """An Answer from what a test has: an Answer, an int (the bits), a pattern "0x...", the
    strings "valid" / "invalid" / "error", or an exception (an error)."""
    if isinstance(value, Answer):
        return value
    if isinstance(value, bool) or value is None:
        raise TypeError(f"{value!r} is not an answer (give bits, a pattern, ERROR or an exception)")
    if isinstance(value, int):
        return bits(value)
    if isinstance(value, BaseException):
        return error(f"{type(value).__name__}: {value}")
    if isinstance(value, str):
        if value.startswith("0x"):
            return bits(int(value, 16))
        if value in (VALID, INVALID):
            return Answer(value)
        if value == "error" or value.startswith("error:"):
            return error(value[len("error:"):])
    raise TypeError(f"{value!r} is not an answer (give bits, a pattern, ERROR or an exception)")


def result_matches(case: Case, expected: Result, answer: Answer) -> bool:
    if answer.kind == "rejected":
        return False
    if expected.is_error:
        return answer.kind in ("error", INVALID)
    if expected.kind == VALID:
        return answer.kind == VALID
    if answer.kind != BITS:
        return False
    if expected.bits == answer.bits:
        return True
    output = case.output
    return output is not None and output.has_nan and output.is_nan(expected.bits) and output.is_nan(answer.bits)


@dataclass(frozen=True)
class Outcome:
    case: Case
    answer: Answer
    verdict: Verdict
    flag: str | None = None  # DIVERGENCE: the FLAG=ALTERNATIVE whose result the answer is

    def __str__(self) -> str:
        said = f"{self.case.stable_id}: {self.verdict.value}"
        if self.flag:
            said += f" ({self.flag})"
        if self.verdict is not Verdict.PASS:
            said += f": expected {self.case.expected}, got {self.answer}"
        return said


def compare(case: Case, answer) -> Outcome:
    """The verdict on one case's answer (see the module's rules)."""
    answer = as_answer(answer)
    if result_matches(case, case.expected, answer):
        return Outcome(case, answer, Verdict.PASS)
    if answer.kind != "rejected":
        for name, result in case.alternatives.items():  # sorted by name when read
            if result_matches(case, result, answer):
                return Outcome(case, answer, Verdict.DIVERGENCE, name)
    return Outcome(case, answer, Verdict.FAIL)
