#!/usr/bin/env python3
"""Every link of the repository works in a clone: each relative link of a tracked Markdown file
names a file or folder that exists inside the repository, and no tracked file points outside it
through the development machine's folder beside the repository (a path into "../" + "shared").
The parts of docs/findings.md in docs/findings/ link as that page does (from docs/); the pages of
results/, which scripts/publish-results writes, are checked as any other (a results page once linked
an issue-drafts folder that a run without failures never writes). Prints each offender with its file
and line; exit 0 none, 1 some.

usage: links_inside.py ROOT
"""
import re
import subprocess
import sys
from pathlib import Path

LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
OUTSIDE = "../" + "shared"  # spelt in two pieces so that this file does not name it


def tracked(root):
    out = subprocess.run(["git", "-C", str(root), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                         check=True, capture_output=True).stdout
    return [root / n for n in out.decode().split("\0") if n and (root / n).is_file()]


def problems(root):
    found = []
    root = root.resolve()
    for path in tracked(root):
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        shown = path.relative_to(root)
        for number, line in enumerate(text.split("\n"), 1):
            if OUTSIDE in line:
                found.append(f"{shown}:{number}: a path outside the repository: {line.strip()[:120]}")
            if path.suffix != ".md":
                continue
            for target in LINK.findall(line):
                if re.match(r"^[a-z]+:", target) or target.startswith("#"):
                    continue
                base = root / "docs" if shown.parts[:2] == ("docs", "findings") else path.parent
                where = (base / target.split("#")[0]).resolve()
                if not where.is_relative_to(root):
                    found.append(f"{shown}:{number}: a link outside the repository: {target}")
                elif not where.exists():
                    found.append(f"{shown}:{number}: a link to nothing: {target}")
    return found


def main(argv):
    if len(argv) != 2 or argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0 if len(argv) == 2 else 2
    found = problems(Path(argv[1]))
    print("\n".join(found) if found else "every relative link of the Markdown files works in a clone")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
