"""`python3 -m cast_value_vectors verify DIR`: the reader's whole-folder check (docs/input-contract.md,
"The verify command of each consumer"). Every listed file, every line and the stable ids across the
set are checked; exit 0 with the set's identity as the last line (`published X`, or `modified: ...`
with what it lacks), or exit 2 with one message on stderr naming the file and what is wrong."""
from __future__ import annotations

import sys

from .errors import VectorsError
from .reading import VectorSet

USAGE = "usage: python3 -m cast_value_vectors verify DIR"


def main(argv: list[str]) -> int:
    if argv in (["--help"], ["-h"]):
        print(__doc__.strip())
        return 0
    if len(argv) != 2 or argv[0] != "verify":
        print(USAGE, file=sys.stderr)
        return 2
    try:
        vectors = VectorSet(argv[1])
        cases = vectors.verify()
    except VectorsError as e:
        print(f"cast_value_vectors verify: {e}", file=sys.stderr)
        return 2
    except Exception as e:  # a defect of the reader, not of the folder (exit 3: internal)
        print(f"cast_value_vectors verify: internal error: {type(e).__name__}: {str(e)[:300]}", file=sys.stderr)
        return 3
    print(f"{len(vectors.listed)} listed files, {cases} cases: every file and line checked")
    print(vectors.identity.verdict())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
