#!/usr/bin/env python3
"""A fake consumer of the vectors for readers_agree_teeth.sh: a verify command that gets the
verdicts wrong in one way, so that readers_agree.sh must report it.

usage: fake_verify.py --mode MODE [--version V] DIR

modes:
  published   says "published V" of every folder (a silent pass of every damaged one)
  hang        never ends (sleeps; readers_agree.sh's time limit must end it)
  traceback   lets a TypeError through (a raw crash)
  vague       refuses every folder (exit 2) with a message that names no file
  refuse-all  refuses every folder (exit 2), naming manifest.json and cast/int2.json (wrong for
              the published set)
"""
import argparse
import sys
import time


def main() -> int:
    parser = argparse.ArgumentParser(usage=__doc__)
    parser.add_argument("--mode", required=True,
                        choices=["published", "hang", "traceback", "vague", "refuse-all"])
    parser.add_argument("--version", default="0.0.0")
    parser.add_argument("dir")
    args = parser.parse_args()
    if args.mode == "published":
        print("published " + args.version)
        return 0
    if args.mode == "hang":
        time.sleep(3600)
    if args.mode == "traceback":
        return len(None)
    if args.mode == "vague":
        print("error: the folder is not good", file=sys.stderr)
        return 2
    print("refused: manifest.json and cast/int2.json", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
