#!/usr/bin/env python3
"""The results dashboard (results/index.html) as a browser shows it: rendered by headless Chromium
at 1366 x 900, it must raise no script error and have no horizontal overflow, and every link of it
must resolve to a file of the repository. A screenshot is kept with the test's output.

The checks have teeth: three broken pages (a table wider than the window, a link to nothing, a
script that throws) must each be refused for its own fault.

usage: dashboard_render.py ROOT OUTPUT_DIR
Exit 0 passed, 1 a check failed, 2 bad arguments, 77 no chromium on PATH (scripts/test installs
Debian's chromium).
"""
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

WIDTH, HEIGHT = 1366, 900
# Collects script errors from the first moment (put first in <head>), and reports what the page
# looks like once it is laid out (put last in <body>; reading scrollWidth forces the layout).
COLLECTOR = "<script>window.__errors=[];window.addEventListener('error',function(e){window.__errors.push(String(e.message))});</script>"
PROBE = ("<script>window.addEventListener('load',function(){var d=document.documentElement;"
         "document.body.setAttribute('data-probe',JSON.stringify({overflow:d.scrollWidth-window.innerWidth,"
         "errors:window.__errors}));});</script>")
LINK = re.compile(r"""(?:href|src)="([^"#]+)(?:#[^"]*)?\"""")


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    return None


def browser(binary: str, page: Path, *extra: str) -> subprocess.CompletedProcess:
    # --virtual-time-budget: the page's own timers run in virtual time, so the dump waits for the
    # load event, never for a fixed wall-clock time.
    return subprocess.run([binary, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                           f"--window-size={WIDTH},{HEIGHT}", "--virtual-time-budget=5000", *extra,
                           page.as_uri()], capture_output=True, text=True, timeout=300)


def problems(binary: str, page: Path, scratch: Path) -> list[str]:
    """What is wrong with the page: broken links, script errors, overflow at 1366 px."""
    found = []
    text = page.read_text(encoding="utf-8")
    for target in sorted(set(LINK.findall(text))):
        if re.match(r"^[a-z]+:", target):
            found.append(f"a link out of the repository: {target}")
        elif not (page.parent / target).exists():
            found.append(f"a link to nothing: {target}")
    probe = scratch / ("probe-" + page.name)
    probe.write_text(text.replace("<head>", "<head>" + COLLECTOR, 1).replace("</body>", PROBE + "</body>", 1),
                     encoding="utf-8")
    dumped = browser(binary, probe, "--dump-dom")
    match = re.search(r'data-probe="([^"]*)"', dumped.stdout)
    if match is None:
        return found + [f"the page did not finish loading (chromium exit {dumped.returncode}): "
                        f"{dumped.stderr.strip()[-300:]}"]
    seen = json.loads(match.group(1).replace("&quot;", '"').replace("&amp;", "&"))
    found += [f"a script error: {e}" for e in seen["errors"]]
    if seen["overflow"] > 0:
        found.append(f"horizontal overflow at {WIDTH} px: {seen['overflow']} px wider than the window")
    return found


def teeth(binary: str, scratch: Path) -> list[str]:
    """Each broken page must be refused for its own fault."""
    head = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body>"
    pages = {
        "overflow": (head + "<table><tr><td>" + "unbreakable" * 60 + "</td></tr></table></body></html>",
                     "horizontal overflow"),
        "broken link": (head + "<a href=\"no-such-page.md\">x</a></body></html>", "a link to nothing"),
        "script error": (head + "<script>undefinedFunction();</script></body></html>", "a script error"),
    }
    failures = []
    for name, (text, wanted) in pages.items():
        page = scratch / f"broken-{name.replace(' ', '-')}.html"
        page.write_text(text, encoding="utf-8")
        found = problems(binary, page, scratch)
        if not any(f.startswith(wanted) for f in found):
            failures.append(f"the page with a {name} was not refused for it (found: {found})")
    return failures


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0 if len(argv) == 2 else 2
    root, output = Path(argv[1]).resolve(), Path(argv[2]).resolve()
    binary = chromium()
    if binary is None:
        print("dashboard_render: skipped: no chromium on PATH (scripts/test installs Debian's chromium)")
        return 77
    page = root / "results" / "index.html"
    if not page.is_file():
        print(f"dashboard_render: {page} is missing (scripts/publish-results writes it)")
        return 1
    output.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="dashboard-") as scratch_name:
        scratch = Path(scratch_name)
        found = problems(binary, page, scratch)
        shot = output / "dashboard-1366.png"
        browser(binary, page, f"--screenshot={shot}")
        found += [f"teeth: {t}" for t in teeth(binary, scratch)]
    for f in found:
        print(f"dashboard_render: {f}")
    rows = len(re.findall(r"<tr><th><a href=", page.read_text(encoding="utf-8")))
    print(f"dashboard_render: {'FAIL' if found else 'ok'}: results/index.html, {rows} rows of cells, "
          f"screenshot {shot.name} in {output.name}/ ({shot.stat().st_size if shot.exists() else 0} bytes); "
          "the three broken pages refused" + ("" if not any(f.startswith("teeth") for f in found) else ": NOT all"))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
