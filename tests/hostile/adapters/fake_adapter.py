#!/usr/bin/env python3
"""A hostile fake adapter for tests/hostile/reproducers.sh (issues 9 and 22).

usage: fake_adapter.py --mode MODE --tag TAG [--where W] [--types T,...] [--log PATH] [--mbytes N]
                       [--files N] [-- COMMAND...]

With `-- COMMAND` (a correct adapter, e.g. `build/cvc adapter`) the fake is a proxy: it starts
COMMAND, forwards every request to it and passes its answers back, misbehaving only as MODE says,
so that a harness which does not notice the misbehaviour passes the run. Without COMMAND it
answers the hello itself (the 26 types, or --types; encode, decode, validate) and every request
it does answer with status "error".

TAG is a unique string the suite passes so that it can find every process of this adapter with
`pgrep -f TAG` afterwards: it is in this process's arguments and in argv[0] of every sleep child
the adapter starts (`TAG-sleep SECONDS`). With --log, every start appends one line to PATH (the
suite counts restarts from it).

modes:
  deep-hello      the hello answer carries 30000 nested arrays (--where: environment, the default,
                  as the value of one environment key; data_types, as one more entry; notes)
  deep-answer     every answer carries 30000 nested arrays (--where: elements, the default, in
                  place of the elements; extra, in one more key)
  stop-reading    shrinks its stdin pipe to 4 KiB (F_SETPIPE_SZ; the kernel gives a user who
                  has used up the pipe quota pipes that small), answers the hello, then
                  `exec sleep 600` (never reads stdin again): the harness's first request
                  cannot be written whole
  orphan-hello    answers the hello, starts `sleep 299` in the background (it keeps stdin, stdout
                  and stderr, like `sleep 299 &` in sh), exits 0
  orphan-request  at the first request starts `sleep 299` in the background, exits 0 unanswered
  unknown-types   the hello declares only the type names "Int4" and "int99"
  crash-storm     exits with status 3 at every request, unanswered
  huge-line       answers the first request with one line of --mbytes MB (default 300)

  (issue 22, with -- COMMAND: a correct adapter answering the hello and the rest)
  write-nothing   answers every write_array "ok" without writing anything
  hang-stores     at the first store request (open_array, read_array, write_array) `exec sleep
                  600`: never answers
  huge-chunk      after the first write_array that the correct adapter answered ok, the first
                  chunk file it wrote becomes a sparse file of --mbytes MB (default 3072)
  stray-files     after the first write_array, also writes --files stray files (default 20000)
                  into the array's folder
  remove-array    at every read_array and write_array, removes the array's folder (the path of
                  the request) and answers "ok" (a write) or an error (a read)
  huge-reproduce  answers every reproduce request "ok" with a program of --mbytes MB (default 60:
                  under the 64 MiB line limit, beyond which the answer is malformed)
  repeated-pairs  the hello's capabilities.missing_pairs holds the same entry --files times
                  (default 100000)

  (issue 33, with -- COMMAND)
  twice           writes every answer after the hello twice: each second copy is read as the
                  answer to the next request (a wrong id), so incidents alternate with good
                  answers and never come five in a row

Python 3 standard library only.
"""
import argparse
import fcntl
import json
import os
import shutil
import subprocess
import sys

MODES = ("deep-hello", "deep-answer", "stop-reading", "orphan-hello", "orphan-request",
         "unknown-types", "crash-storm", "huge-line", "write-nothing", "hang-stores", "huge-chunk",
         "stray-files", "remove-array", "huge-reproduce", "repeated-pairs", "twice")
STORE_REQUESTS = ("open_array", "read_array", "write_array")

TYPES = ["int2", "int4", "int8", "int16", "int32", "int64",
         "uint2", "uint4", "uint8", "uint16", "uint32", "uint64",
         "float4_e2m1fn", "float6_e2m3fn", "float6_e3m2fn",
         "float8_e3m4", "float8_e4m3", "float8_e4m3b11fnuz", "float8_e4m3fnuz",
         "float8_e5m2", "float8_e5m2fnuz", "float8_e8m0fnu",
         "bfloat16", "float16", "float32", "float64"]

DEEP = "[" * 30000 + "]" * 30000


def own_hello(types) -> str:
    return json.dumps({"protocol": 1,
                       "implementation": {"name": "hostile-fake", "version": "0",
                                          "language": "python"},
                       "data_types": types, "operations": ["encode", "decode", "validate"]})


def splice(text: str, key: str, raw: str) -> str:
    """The JSON object text with key set to raw JSON text (too deep for the json module)."""
    obj = json.loads(text)
    obj.pop(key, None)
    rest = json.dumps(obj)
    return rest[:-1] + (", " if len(obj) else "") + json.dumps(key) + ": " + raw + "}"


def after_write(mode: str, path: str, mbytes: int, files: int) -> None:
    """huge-chunk and stray-files: what the implementation leaves behind after its first good
    write."""
    if mode == "huge-chunk":
        chunks = sorted(os.path.join(folder, name) for folder, _, names in os.walk(path)
                        for name in names if name != "zarr.json")
        if chunks:
            os.truncate(chunks[0], mbytes << 20)
    elif mode == "stray-files":
        stray = os.path.join(path, "stray")
        os.makedirs(stray, exist_ok=True)
        for i in range(files):
            with open(os.path.join(stray, "%05d" % i), "w"):
                pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", required=True, choices=MODES)
    parser.add_argument("--tag", required=True)
    parser.add_argument("--where")
    parser.add_argument("--types", help="comma-separated data types of the fake's own hello")
    parser.add_argument("--log")
    parser.add_argument("--mbytes", type=int)
    parser.add_argument("--files", type=int)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    mbytes = args.mbytes or {"huge-chunk": 3072, "huge-reproduce": 60}.get(args.mode, 300)
    sleep = shutil.which("sleep") or "/bin/sleep"
    out = sys.stdout

    if args.log:
        with open(args.log, "a") as log:
            log.write("start %d\n" % os.getpid())

    child = None
    if command:
        child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 text=True, encoding="utf-8", bufsize=1)

    def ask(line: str) -> str:
        """The correct adapter's answer to a request line, or a generic error answer."""
        if child is None:
            request = json.loads(line)
            if request.get("cmd") == "hello":
                return own_hello(args.types.split(",") if args.types else TYPES)
            return json.dumps({"id": request.get("id", 0), "status": "error",
                               "message": "hostile fake adapter"})
        child.stdin.write(line if line.endswith("\n") else line + "\n")
        child.stdin.flush()
        return child.stdout.readline().rstrip("\n")

    def send(text: str) -> None:
        out.write(text + "\n")
        out.flush()

    def orphan() -> None:
        subprocess.Popen([args.tag + "-sleep", "299"], executable=sleep)

    try:
        line = sys.stdin.readline()
        if not line:
            return 0
        hello = ask(line)
        if args.mode == "stop-reading":
            try:
                fcntl.fcntl(0, getattr(fcntl, "F_SETPIPE_SZ", 1031), 4096)
            except OSError:
                pass
        if args.mode == "deep-hello":
            where = args.where or "environment"
            if where == "environment":
                hello = splice(hello, "environment", '{"deep": ' + DEEP + "}")
            elif where == "data_types":
                types = json.loads(hello)["data_types"]
                hello = splice(hello, "data_types", json.dumps(types)[:-1] + ", " + DEEP + "]")
            else:
                hello = splice(hello, "notes", DEEP)
        elif args.mode == "unknown-types":
            hello = splice(hello, "data_types", '["Int4", "int99"]')
        elif args.mode == "repeated-pairs":
            declared = json.loads(hello)
            pair = {"direction": "encode", "input": "float64", "output": "int2"}
            declared.setdefault("capabilities", {})["missing_pairs"] = [pair] * (args.files or
                                                                                100000)
            hello = json.dumps(declared)
        send(hello)
        if args.mode == "stop-reading":
            os.execv(sleep, [args.tag + "-sleep", "600"])
        if args.mode == "orphan-hello":
            orphan()
            return 0
        first = True
        for line in sys.stdin:
            request = json.loads(line)
            if request.get("cmd") == "bye":
                break
            if args.mode == "crash-storm":
                return 3
            if args.mode == "orphan-request":
                orphan()
                return 0
            if args.mode == "huge-line" and first:
                first = False
                chunk = "a" * (1 << 20)
                out.write('{"id": %d, "status": "error", "message": "' % request.get("id", 0))
                for _ in range(mbytes):
                    out.write(chunk)
                out.write('"}\n')
                out.flush()
                continue
            cmd = request.get("cmd")
            if args.mode == "hang-stores" and cmd in STORE_REQUESTS:
                os.execv(sleep, [args.tag + "-sleep", "600"])
            if args.mode == "write-nothing" and cmd == "write_array":
                send(json.dumps({"id": request.get("id", 0), "status": "ok"}))
                continue
            if args.mode == "remove-array" and cmd in ("read_array", "write_array"):
                shutil.rmtree(request["path"], ignore_errors=True)
                send(json.dumps({"id": request.get("id", 0), "status": "ok"} if
                                cmd == "write_array" else
                                {"id": request.get("id", 0), "status": "error",
                                 "message": "the array is gone"}))
                continue
            if args.mode == "huge-reproduce" and cmd == "reproduce":
                out.write('{"id": %d, "status": "ok", "language": "python", "code": "'
                          % request.get("id", 0))
                chunk = "#" * (1 << 20)
                for _ in range(mbytes):
                    out.write(chunk)
                out.write('"}\n')
                out.flush()
                continue
            answer = ask(line)
            if cmd == "write_array" and json.loads(answer).get("status") == "ok" and first:
                first = False
                after_write(args.mode, request["path"], mbytes, args.files or 20000)
            if args.mode == "deep-answer":
                answer = splice(answer, "extra" if args.where == "extra" else "elements", DEEP)
            send(answer)
            if args.mode == "twice":
                send(answer)
    except (BrokenPipeError, KeyboardInterrupt):
        try:
            sys.stdout = None  # no second BrokenPipeError at exit
        except Exception:
            pass
        return 0
    finally:
        if child is not None:
            try:
                child.stdin.close()
            except OSError:
                pass
            child.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
