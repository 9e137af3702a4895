#!/usr/bin/env python3
"""A misbehaving adapter, for the harness's robustness tests.

usage: misbehaving_adapter.py --mode MODE [--after N] [--once-file PATH] -- COMMAND [ARGS...]

It starts COMMAND (a correct adapter, e.g. `build/cvc adapter`) as a child process, forwards
each request line to it and its answer back, and misbehaves as MODE says. N (default 1) counts
the requests after the handshake: request 1 is the first one after hello. Each misbehaviour
happens once per process lifetime unless stated; with --once-file, once per run: the first
process to misbehave creates PATH, and processes that find it (the restarted adapters) behave.

modes:
  crash         exit with status 3 when request N arrives (unanswered)
  hang          stop answering at request N and sleep forever
  garbage       answer request N with a line that is not JSON
  malformed     answer request N with JSON that violates the answer schema (no "status")
  wrong_count   drop the last element from the first ok cast answer at or after request N
                (an ok cast answer with at least one element)
  wrong_id      answer request N with another id (its id + 1)
  early_exit    exit with status 1 when hello arrives, unanswered, every time (no child is started)
  stray_stdout  print a log line on stdout before the answer to request N
  liar          flip the lowest bit of every output element of every ok cast answer (a wrong
                implementation: the harness must count failures, not incidents)

Stdlib only; stderr of the child passes through.
"""
import argparse
import json
import subprocess
import sys
import time

MODES = ("crash", "hang", "garbage", "malformed", "wrong_count", "wrong_id", "early_exit",
         "stray_stdout", "liar")

WIDTH_BITS = {
    "int2": 2, "int4": 4, "int8": 8, "int16": 16, "int32": 32, "int64": 64,
    "uint2": 2, "uint4": 4, "uint8": 8, "uint16": 16, "uint32": 32, "uint64": 64,
    "float4_e2m1fn": 4, "float6_e2m3fn": 6, "float6_e3m2fn": 6,
    "float8_e3m4": 8, "float8_e4m3": 8, "float8_e4m3b11fnuz": 8, "float8_e4m3fnuz": 8,
    "float8_e5m2": 8, "float8_e5m2fnuz": 8, "float8_e8m0fnu": 8,
    "bfloat16": 16, "float16": 16, "float32": 32, "float64": 64,
}


def output_width(request: dict) -> int:
    """Storage bytes of one output element of a cast request."""
    if request["direction"] == "encode":
        name = request["codec"]["configuration"]["data_type"]
        name = name.get("name") if isinstance(name, dict) else name
    else:
        name = request["array_data_type"]
    return (WIDTH_BITS[name] + 7) // 8


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", required=True, choices=MODES)
    parser.add_argument("--after", type=int, default=1, metavar="N",
                        help="misbehave at the Nth request after the handshake (default 1)")
    parser.add_argument("--once-file", metavar="PATH",
                        help="misbehave only if PATH does not exist yet, and create it")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- COMMAND ARGS...")
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command and args.mode != "early_exit":
        parser.error("give the correct adapter's command after --")

    out = sys.stdout

    def send(text: str) -> None:
        out.write(text + "\n")
        out.flush()

    child = None
    if args.mode != "early_exit":
        child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 text=True, encoding="utf-8", bufsize=1)

    def finish(status: int) -> int:
        if child is not None:
            try:
                child.stdin.close()
            except OSError:
                pass
            try:
                child.wait(timeout=5)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
        return status

    def forward(line: str) -> str:
        child.stdin.write(line)
        child.stdin.flush()
        answer = child.stdout.readline()
        if not answer:  # the correct adapter died: pass the crash on
            code = child.wait()
            print(f"misbehaving_adapter: child exited with {code}", file=sys.stderr)
            sys.exit(code if code > 0 else 1)
        return answer.rstrip("\n")

    number = 0  # requests after the handshake
    done = False  # the one-time misbehaviour happened
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        cmd = request.get("cmd")
        if cmd == "hello":
            if args.mode == "early_exit":
                return 1
            send(forward(line))
            continue
        if cmd == "bye":
            child.stdin.write(line)
            child.stdin.flush()
            return finish(0)
        number += 1
        now = not done and number >= args.after
        if now and args.once_file and args.mode != "liar":
            try:  # atomically claim the one misbehaviour of the run
                open(args.once_file, "x").close()
            except FileExistsError:
                now, done = False, True
        mode = args.mode
        if now and mode == "crash":
            child.kill()
            child.wait()
            return 3
        if now and mode == "hang":
            while True:
                time.sleep(3600)
        answer = forward(line)
        if mode == "liar":
            message = json.loads(answer)
            if cmd == "cast" and message.get("status") == "ok":
                data = bytearray.fromhex(message["elements"])
                for i in range(0, len(data), output_width(request)):
                    data[i] ^= 1
                message["elements"] = data.hex()
                answer = json.dumps(message)
        elif now and mode == "garbage":
            answer, done = "this is not JSON {", True
        elif now and mode == "malformed":
            message = json.loads(answer)
            message.pop("status", None)
            answer, done = json.dumps(message), True
        elif now and mode == "wrong_id":
            message = json.loads(answer)
            message["id"] = message.get("id", 0) + 1
            answer, done = json.dumps(message), True
        elif now and mode == "stray_stdout":
            send("INFO: a stray log line on stdout")
            done = True
        elif now and mode == "wrong_count" and cmd == "cast":
            message = json.loads(answer)
            if message.get("status") == "ok" and message["elements"]:
                width = output_width(request)
                message["elements"] = message["elements"][:-2 * width]
                answer, done = json.dumps(message), True
        send(answer)
    return finish(0)


if __name__ == "__main__":
    sys.exit(main())
