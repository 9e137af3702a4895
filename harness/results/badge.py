"""The shields.io endpoint badge of one published result (results/badges/<implementation>-<version>.json,
named as the row's page).

A badge says no more than its report: the share of all the report's cases that passed, the share
of its selected cases that were compared with the oracle (pass, divergence or fail: an unsupported
case or an adapter error is not compared), then every count that is not a pass, and the vectors
version in its label; a report of an incomplete run (interrupted, aborted) says "incomplete".
Shares are computed in integers and rounded down, so that 100% means every case: 10^17 passed of
10^17 + 1 is "99.99%". Its colour: brightgreen only when the run completed and every case passed;
red when any case failed or met an adapter error, the run is incomplete or it compared nothing;
yellow otherwise (divergences or unsupported cases only).
Format: https://shields.io/badges/endpoint-badge (schemaVersion 1, label, message, color).
"""


def share_text(part: int, whole: int) -> str:
    """part / whole as a percentage with two decimals, rounded down, in integers ("0%" of none)."""
    if whole == 0:
        return "0%"
    hundredths = part * 10000 // whole
    return f"{hundredths // 100}.{hundredths % 100:02d}%".replace(".00%", "%")


def compared(totals: dict) -> int:
    """The cases compared with the oracle: pass, divergence and fail."""
    return totals["pass"] + totals["divergence"] + totals["fail"]


def selected(report: dict) -> int:
    """The cases the run selected (accounting.selected); the cases counted when it is not known
    (an interrupted run that did not count the rest of its selection)."""
    known = report["accounting"].get("selected")
    return known if isinstance(known, int) else report["totals"]["cases"]


def badge(report: dict) -> dict:
    totals = report["totals"]
    implementation = report["run"]["implementation"]
    complete = report["complete"] is True
    parts = [implementation["version"], f"{share_text(totals['pass'], totals['cases'])} pass",
             f"{share_text(compared(totals), selected(report))} compared"]
    for key, word in (("fail", "fail"), ("adapter_error", "adapter error"),
                      ("divergence", "divergence"), ("unsupported", "unsupported")):
        if totals[key]:
            parts.append(f"{totals[key]:,} {word}")
    if not complete:
        parts.append("incomplete")
    if complete and totals["pass"] == totals["cases"] > 0:
        color = "brightgreen"
    elif totals["fail"] or totals["adapter_error"] or not complete or compared(totals) == 0:
        color = "red"
    else:
        color = "yellow"
    return {"schemaVersion": 1,
            "label": f"cast_value vectors {report['run']['vectors']['version']}",
            "message": ", ".join(parts),
            "color": color}
