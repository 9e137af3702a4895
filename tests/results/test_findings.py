#!/usr/bin/env python3
"""The check of docs/findings.md has teeth: scripts/findings --check (harness/results/findings.py) fails
when the page no longer follows the published results or the notes.

usage: test_findings.py REPOSITORY_ROOT

On a copy of results/*.json, docs/findings/ and docs/findings.md in a temporary directory:
- the unaltered copy passes --check, and writing the page twice gives the same bytes;
- one count changed in one result: --check exits 1 and says the page differs;
- a note for a model no run shows (a stray note): --check exits 2 and names the note;
- a note for a model only the NumPy baseline shows (when there is one): exits 2 and says so;
- a note linking to an anchor the page does not have: exits 2 and names the anchor.
Standard library only. Exit 0 when every expectation holds, 1 otherwise.
"""
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

failures: list[str] = []


def expect(condition: bool, what: str, result: subprocess.CompletedProcess | None = None) -> None:
    detail = ""
    if not condition and result is not None:
        detail = f" (exit {result.returncode}: {result.stderr.strip()[:300]})"
    print(("ok    " if condition else "FAIL  ") + what + detail)
    if not condition:
        failures.append(what)


def run(generator: Path, root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(generator), *args, str(root)],
                          capture_output=True, text=True, check=False)


def copy_inputs(repo: Path, work: Path) -> None:
    (work / "results").mkdir(parents=True)
    for path in sorted((repo / "results").glob("*.json")):
        shutil.copy2(path, work / "results" / path.name)
    shutil.copytree(repo / "docs" / "findings", work / "docs" / "findings")
    shutil.copy2(repo / "docs" / "findings.md", work / "docs" / "findings.md")


def reports(work: Path) -> list[tuple[Path, dict]]:
    return [(path, json.loads(path.read_text()))
            for path in sorted((work / "results").glob("*.json"))]


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__.strip())
        return 1
    repo = Path(sys.argv[1]).resolve()
    generator = repo / "harness" / "results" / "findings.py"
    with tempfile.TemporaryDirectory() as temp:
        work = Path(temp) / "repo"
        copy_inputs(repo, work)
        page = work / "docs" / "findings.md"
        notes = work / "docs" / "findings"

        result = run(generator, work, "--check")
        expect(result.returncode == 0, "the unaltered copy passes --check", result)
        run(generator, work)
        first = page.read_bytes()
        run(generator, work)
        expect(page.read_bytes() == first, "writing the page twice gives the same bytes")

        # One count changed in one result: the smallest report with an explained group.
        candidates = [(path, report) for path, report in reports(work)
                      if report.get("diagnosis", {}).get("groups")
                      and "numpy-astype-baseline" not in path.name]
        path, report = min(candidates, key=lambda item: item[0].stat().st_size)
        original = path.read_text()
        group = next(g for g in report["diagnosis"]["groups"] if g["model"] is not None)
        group["cases"] += 1
        path.write_text(json.dumps(report))
        result = run(generator, work, "--check")
        expect(result.returncode == 1 and "differs" in result.stderr,
               f"one count changed ({path.name}, {group['id']}): --check exits 1", result)
        path.write_text(original)
        expect(run(generator, work, "--check").returncode == 0, "restored: --check passes again")

        # A stray note: a model that no run shows.
        stray = notes / "no-such-model.md"
        stray.write_text("A note for a model that does not exist.\n")
        result = run(generator, work, "--check")
        expect(result.returncode == 2 and "no-such-model.md" in result.stderr,
               "a stray note: --check exits 2 and names it", result)
        result = run(generator, work)
        expect(result.returncode == 2 and page.read_bytes() == first,
               "a stray note: the page is not written", result)
        stray.unlink()

        # A note for a model that only the NumPy baseline shows.
        shown, baseline = set(), set()
        for path, report in reports(work):
            ids = {g["model"]["id"] for g in report.get("diagnosis", {}).get("groups", [])
                   if g["model"] is not None}
            (baseline if "numpy-astype-baseline" in path.name else shown).update(ids)
        only_baseline = sorted(baseline - shown)
        if only_baseline:
            note = notes / f"{only_baseline[0]}.md"
            note.write_text("A note for a model only the baseline shows.\n")
            result = run(generator, work, "--check")
            expect(result.returncode == 2 and "only by the NumPy baseline" in result.stderr,
                   f"a note for {only_baseline[0]} (baseline only): --check exits 2, says so",
                   result)
            note.unlink()
        else:
            print("skip  no model is shown only by the NumPy baseline")

        # A note linking to an anchor the page does not have.
        intro = notes / "intro.md"
        text = intro.read_text()
        intro.write_text(text + "\nSee [finding 99](#finding-99).\n")
        result = run(generator, work, "--check")
        expect(result.returncode == 2 and "#finding-99" in result.stderr,
               "a link to no anchor: --check exits 2 and names it", result)
        intro.write_text(text)
        expect(run(generator, work, "--check").returncode == 0, "restored: --check passes again")
    if failures:
        print(f"{len(failures)} expectation(s) failed", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
