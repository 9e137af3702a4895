#!/usr/bin/env python3
"""A slow adapter for tests/cli/killed_parent.sh: a proxy of a correct adapter that waits.

usage: slow_adapter.py SECONDS [--log PATH] COMMAND...

Starts COMMAND (e.g. `build/cvc adapter`), answers the hello through it at once, and every other
request through it after waiting SECONDS, so that a run is still under way when the test kills it;
a long wait (30) stands for an adapter that hangs and would not notice its stdin closing. COMMAND
is this process's child: the run's adapter has a process of its own below it. With --log, the
"cmd" of every request is appended to PATH as it arrives (before the wait): the event a test
waits for instead of a fixed time.
"""
import json
import subprocess
import sys
import time


def main() -> None:
    delay = float(sys.argv[1])
    command = sys.argv[2:]
    log = None
    if command[:1] == ["--log"]:
        log, command = command[1], command[2:]
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    for line in sys.stdin:
        if log:
            with open(log, "a") as out:
                out.write(json.loads(line).get("cmd", "?") + "\n")
        if '"hello"' not in line:
            time.sleep(delay)
        child.stdin.write(line)
        child.stdin.flush()
        sys.stdout.write(child.stdout.readline())
        sys.stdout.flush()


if __name__ == "__main__":
    main()
