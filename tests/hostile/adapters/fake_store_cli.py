#!/usr/bin/env python3
"""A hostile store command line (harness/protocol/PROTOCOL.md, "The store command line") for
tests/hostile/reproducers.sh (issue 22): `cvc check-store --cli --impl "fake_store_cli.py ..."`.

usage: fake_store_cli.py --mode MODE --tag TAG [--mbytes N] -- open DIR | read DIR | write DIR REQ

TAG is the suite's per-invocation tag (in this process's arguments, for `pgrep -f`).

modes:
  long-line   answers every operation with one line of --mbytes MB (default 100): a JSON error
              answer whose message is that long

Python 3 standard library only.
"""
import argparse
import sys


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", required=True, choices=("long-line",))
    parser.add_argument("--tag", required=True)
    parser.add_argument("--mbytes", type=int, default=100)
    parser.add_argument("operation", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    out = sys.stdout
    try:
        out.write('{"error": "')
        chunk = "e" * (1 << 20)
        for _ in range(args.mbytes):
            out.write(chunk)
        out.write('"}\n')
        out.flush()
    except BrokenPipeError:
        sys.stdout = None
    return 0


if __name__ == "__main__":
    sys.exit(main())
