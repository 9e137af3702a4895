"""The shields.io endpoint badge of one published result (results/badges/<implementation>.json).

A badge says no more than its report: the share of all the report's cases that passed (rounded
down, so that 100% means every case passed), then every count that is not a pass, and the
vectors version in its label. Its colour: brightgreen only when every case passed, red when any
failed or met an adapter error, yellow otherwise (divergences or unsupported cases only).
Format: https://shields.io/badges/endpoint-badge (schemaVersion 1, label, message, color).
"""
import math


def share_text(part: int, whole: int) -> str:
    """part / whole as a percentage with two decimals, rounded down."""
    if whole == 0:
        return "0%"
    hundredths = math.floor(part * 10000 / whole)
    return f"{hundredths // 100}.{hundredths % 100:02d}%".replace(".00%", "%")


def badge(report: dict) -> dict:
    totals = report["totals"]
    implementation = report["run"]["implementation"]
    parts = [implementation["version"], f"{share_text(totals['pass'], totals['cases'])} pass"]
    for key, word in (("fail", "fail"), ("adapter_error", "adapter error"),
                      ("divergence", "divergence"), ("unsupported", "unsupported")):
        if totals[key]:
            parts.append(f"{totals[key]:,} {word}")
    if totals["pass"] == totals["cases"] and totals["cases"] > 0:
        color = "brightgreen"
    elif totals["fail"] or totals["adapter_error"]:
        color = "red"
    else:
        color = "yellow"
    return {"schemaVersion": 1,
            "label": f"cast_value vectors {report['run']['vectors']['version']}",
            "message": ", ".join(parts),
            "color": color}
