#!/usr/bin/env python3
"""Every copy-paste example of the users' READMEs, run exactly as written from a fresh folder.

A README marks each of its code blocks that has a language (```sh, ```js, ...) with an HTML comment
on the line before it (invisible once rendered):

    <!-- example: run -->                 run the block in bash (exit 0 wanted)
    <!-- example: run, exit N -->         the same, exit N wanted (a test that is meant to fail)
    <!-- example: run as: COMMAND -->     a long example: run COMMAND instead, the smaller form the
                                          README states beside it
    <!-- example: file PATH -->           write the block, byte for byte, to PATH
    <!-- example: append PATH -->         append it to PATH (a section of a Cargo.toml)
    <!-- example: not run: REASON -->     not an example to run (an outline, a CI workflow)

A block without a marker fails the check, so that no example can be added unrun. Blocks without a
language are output, not examples. The blocks of one README run in order in one bash session (a
`cd` or an activated venv carries on, as in the terminal a reader pastes them into), started in a
new empty folder that holds only `cast-value-conformance/`, a copy of the repository's files
(tracked and not ignored, no build folder): the folder a user has after cloning.

usage: readme_examples.py --check ROOT             every README's blocks marked (fast, offline)
       readme_examples.py --run ROOT README [BUILD] run one README's examples (network: PyPI, npm,
                                                  crates.io, as a user's installation needs); with
                                                  BUILD, the copy's build/ is that folder (a clone
                                                  after scripts/setup: build/cvc is there)
       readme_examples.py --teeth ROOT             a README with an unmarked block and one with a
                                                  failing example must be refused
Exit 0 passed, 1 an example failed or a block is unmarked or holds a placeholder, 2 bad arguments, 77 a tool the README
needs (node, cargo) is missing.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# The users' READMEs whose examples are run (the top README's are those of the suite itself).
READMES = [
    "README.md",
    "readers/python/README.md",
    "readers/js/README.md",
    "readers/rust/README.md",
    "readers/ci/README.md",
    "harness/adapter_kit/python/README.md",
    "harness/adapter_kit/java/README.md",
]
MARKER = re.compile(r"^<!-- example: (.*) -->\s*$")
FENCE = re.compile(r"^```([A-Za-z0-9_+-]*)\s*$")
ACTION = re.compile(r"^(run(?:, exit (\d+))?|run as: (.+)|file (\S+)|append (\S+)|not run: .+)$")
TOOLS = {"node": "node", "npm": "npm", "cargo": "cargo", "javac": "javac", "java": "java"}
# A placeholder a reader would have to replace before the example works: OWNER/..., YOUR_...,
# <your ...>. (A value the reader sets, such as a CI variable, is named for what it is instead.)
PLACEHOLDER = re.compile(r"\bOWNER\b|\bYOUR_[A-Z_]+|<your[ -][^>]*>", re.IGNORECASE)


class Block:
    def __init__(self, readme, line, language, marker, text):
        self.readme, self.line, self.language, self.marker, self.text = readme, line, language, marker, text

    def where(self):
        return f"{self.readme}:{self.line}"


def blocks(readme_path, shown):
    """The fenced blocks of a README, each with the marker on the line before it (or None)."""
    lines = readme_path.read_text(encoding="utf-8").split("\n")
    found, i = [], 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        start = i
        end = next((j for j in range(i + 1, len(lines)) if lines[j].rstrip() == "```"), None)
        if end is None:
            raise SystemExit(f"{shown}:{start + 1}: a code block that is never closed")
        marker = MARKER.match(lines[start - 1]) if start > 0 else None
        text = "\n".join(lines[start + 1:end]) + "\n"
        found.append(Block(shown, start + 1, m.group(1), marker.group(1) if marker else None, text))
        i = end + 1
    return found


def check(root, readmes):
    """The problems of the READMEs' markers: a block with a language and no marker, a bad marker."""
    problems = []
    for readme in readmes:
        for block in blocks(root / readme, readme):
            if not block.language:
                if block.marker is not None:
                    problems.append(f"{block.where()}: a marker on a block without a language")
                continue
            if block.marker is None:
                problems.append(f"{block.where()}: a ```{block.language} block with no example marker "
                                "(<!-- example: run | file PATH | not run: REASON -->, tests/docs/readme_examples.py)")
            elif not ACTION.match(block.marker):
                problems.append(f"{block.where()}: an unknown example marker \"{block.marker}\"")
            placeholder = PLACEHOLDER.search(block.text)
            if placeholder:
                problems.append(f"{block.where()}: a placeholder \"{placeholder.group(0)}\" in an example "
                                "(a copy-paste example must work as written)")
    return problems


def copy_repository(root, dest):
    """The repository's files as a clone has them: tracked and not ignored, present in the tree."""
    listed = subprocess.run(["git", "-C", str(root), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            check=True, capture_output=True).stdout.split(b"\0")
    for name in filter(None, (os.fsdecode(n) for n in listed)):
        source = root / name
        if not os.path.lexists(source) or source.is_dir():
            continue
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target, follow_symlinks=False)


def script_of(readme_blocks, folder):
    """One bash script running the README's blocks in order; each block's text in a file of its own
    (sourced, so that it runs exactly as written)."""
    parts = ["set -eo pipefail", f"cd {shell_quote(str(folder / 'work'))}"]
    for n, block in enumerate(readme_blocks):
        action = ACTION.match(block.marker or "")
        if action is None or block.marker.startswith("not run"):
            continue
        text = action.group(3) + "\n" if action.group(3) else block.text
        saved = folder / "blocks" / f"{n}"
        saved.write_text(text, encoding="utf-8")
        say = f"echo {shell_quote('== ' + block.where() + ': ' + block.marker)} >&2"
        if action.group(4) or action.group(5):
            path = shell_quote(action.group(4) or action.group(5))
            verb = "cp" if action.group(4) else "cat >>"
            copy = f"cp {shell_quote(str(saved))} {path}" if verb == "cp" else f"cat {shell_quote(str(saved))} >> {path}"
            parts += [say, f"mkdir -p \"$(dirname {path})\"", copy]
        elif action.group(2):
            want = action.group(2)
            parts += [say, "set +e", f"source {shell_quote(str(saved))}", "status=$?", "set -e",
                      f"[ \"$status\" -eq {want} ] || {{ echo {shell_quote(block.where())}\": exit $status, {want} expected\" >&2; exit 1; }}"]
        else:
            parts += [say, f"source {shell_quote(str(saved))}"]
    parts.append("echo '== every example ran as expected' >&2")
    return "\n".join(parts) + "\n"


def shell_quote(text):
    return "'" + text.replace("'", "'\\''") + "'"


def run(root, readme, build=None):
    readme_blocks = blocks(root / readme, readme)
    problems = check(root, [readme])
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    needed = {tool for tool in TOOLS for b in readme_blocks
              if b.marker and b.marker.startswith("run") and re.search(rf"\b{tool}\b", b.text)}
    missing = sorted(t for t in needed if shutil.which(t) is None)
    if missing:
        print(f"{readme}: skipped: {', '.join(missing)} not on PATH", file=sys.stderr)
        return 77
    with tempfile.TemporaryDirectory(prefix="readme-examples-") as scratch:
        folder = Path(scratch)
        (folder / "blocks").mkdir()
        (folder / "work").mkdir()
        copy_repository(root, folder / "work" / "cast-value-conformance")
        if build is not None:
            (folder / "work" / "cast-value-conformance" / "build").symlink_to(Path(build).resolve())
        (folder / "run.sh").write_text(script_of(readme_blocks, folder), encoding="utf-8")
        environment = {k: v for k, v in os.environ.items()
                       if not k.startswith(("CAST_VALUE_", "CVC_", "VIRTUAL_ENV", "PYTHON"))}
        status = subprocess.run(["bash", str(folder / "run.sh")], env=environment).returncode
    if status != 0:
        print(f"{readme}: an example failed (exit {status}, above)", file=sys.stderr)
        return 1
    return 0


def teeth(root):
    """The check and the run refuse what they must: an unmarked block, a failing example, an
    example whose exit is not the one its marker says, a placeholder left in an example."""
    cases = {
        "unmarked": "```sh\ntrue\n```\n",
        "failing": "<!-- example: run -->\n```sh\nls cast-value-conformance/no-such-file\n```\n",
        "wrong exit": "<!-- example: run, exit 1 -->\n```sh\ntrue\n```\n",
        "placeholder": "<!-- example: not run: a workflow -->\n```yaml\nrepository: OWNER/suite\n```\n",
        "file not run": "<!-- example: file x.sh -->\n```sh\nexit 3\n```\n<!-- example: run -->\n```sh\nbash x.sh\n```\n",
    }
    failures = []
    with tempfile.TemporaryDirectory(prefix="readme-teeth-") as scratch:
        fake = Path(scratch) / "repo"
        fake.mkdir()
        subprocess.run(["git", "init", "-q", str(fake)], check=True)
        (fake / "README.md").write_text("<!-- example: run -->\n```sh\ntest -d cast-value-conformance\n```\n")
        if run(fake, "README.md") != 0:
            failures.append("a passing README was refused")
        for name, text in cases.items():
            (fake / "README.md").write_text(text)
            if run(fake, "README.md") == 0:
                failures.append(f"the README \"{name}\" passed")
    for f in failures:
        print(f"teeth: {f}", file=sys.stderr)
    print("teeth: " + ("FAIL" if failures else f"every one of the {len(cases)} broken READMEs refused"))
    return 1 if failures else 0


def main(argv):
    if len(argv) >= 2 and argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0
    if len(argv) == 3 and argv[1] == "--check":
        problems = check(Path(argv[2]), READMES)
        print("\n".join(problems) if problems else f"every code block of {len(READMES)} READMEs is marked")
        return 1 if problems else 0
    if len(argv) in (4, 5) and argv[1] == "--run":
        return run(Path(argv[2]).resolve(), argv[3], argv[4] if len(argv) == 5 else None)
    if len(argv) == 3 and argv[1] == "--teeth":
        return teeth(Path(argv[2]))
    print(__doc__.split("usage: ")[1].split("Exit")[0], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
