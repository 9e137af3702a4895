#!/usr/bin/env python3
"""Tests of the Python adapter helper, the protocol schemas and the misbehaving adapter.

usage: test_cvc_adapter.py [--cvc PATH] [unittest arguments]
       test_cvc_adapter.py --fake-adapter     (serve as the fake adapter the tests talk to)

Plain unittest, exits non-zero on failure. The schema assertions need the `jsonschema` package;
without it they are skipped with a note. With --cvc PATH (default: build/cvc) and a `cvc adapter`
that answers hello, the misbehaving adapter is also run against the reference adapter.
"""
import copy
import json
import os
import queue
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
HELPER_DIR = ROOT / "harness" / "adapter_kit" / "python"
MISBEHAVING = ROOT / "tests" / "fixtures" / "misbehaving_adapter.py"
SCHEMAS = ROOT / "harness" / "protocol" / "schemas"
# PROTOCOL.md's chain request example.
CHAIN = {"cmd": "chain", "id": 23, "direction": "encode", "array_data_type": "float32", "fill_value": 0,
         "codecs": [{"name": "scale_offset", "configuration": {"scale": 100}},
                    {"name": "cast_value", "configuration": {"data_type": "uint8", "out_of_range": "clamp"}}],
         "count": 3, "elements": "0000803f0000c07f00004040"}
sys.path.insert(0, str(HELPER_DIR))
import cvc_adapter as cvc  # noqa: E402

try:
    import jsonschema
except ImportError:
    jsonschema = None

CVC = ROOT / "build" / "cvc"

# ---------------------------------------------------------------------------------------------
# The fake implementation and its adapter (also what the misbehaving adapter proxies to).

INTEGERS = [t for t in cvc.TYPES if t.startswith(("int", "uint"))]
STRAY = "stray print from the implementation"
STRAY_OUTPUT = False  # the fake prints on stdout only when it serves as an adapter process


def fake_cast(request):
    """Integer casts keeping the low bits; aborts the whole array on any input value > 100."""
    if STRAY_OUTPUT:
        print(STRAY)                           # Python-level stray output
        os.write(1, b"native stray output\n")  # fd-level stray output, as a C extension would
    if request.fill_value == 42:
        raise cvc.Rejected("fill value 42 is refused")
    if request.fill_value == 13:
        raise RuntimeError("the adapter broke")
    if "scalar_map" in request.configuration:
        raise cvc.Unsupported("no scalar_map")
    if any(p > 100 for p in request.inputs):
        raise cvc.CastFailed()
    return [p & ((1 << cvc.TYPES[request.output_type]) - 1) for p in request.inputs]


def fake_validate(request):
    if STRAY_OUTPUT:
        print(STRAY)
    if request.fill_value == 13:
        raise RuntimeError("the adapter broke")
    if not isinstance(request.codecs, list):
        raise cvc.Unsupported("codecs is not a list")
    name = cvc.data_type_name(request.array_data_type)  # any JSON: a name, {"name": ...}, ...
    if not isinstance(name, str) or name not in cvc.TYPES:
        raise cvc.Invalid(f"unknown data type {request.array_data_type!r}")


def serve_fake_adapter():
    global STRAY_OUTPUT
    STRAY_OUTPUT = True
    cvc.run(name="fake", version="0.0", language="python", data_types=INTEGERS,
            cast=fake_cast, validate=fake_validate, notes="test double")


FAKE_COMMAND = [sys.executable, str(Path(__file__).resolve()), "--fake-adapter"]

# ---------------------------------------------------------------------------------------------
# Helpers.


def cast_message(id_, elements, count=None, direction="encode", array="int16", target="int8",
                 fill_value=0, extra_config=None):
    config = {"data_type": target, "rounding": "towards-zero", **(extra_config or {})}
    width = cvc.storage_bytes(array if direction == "encode" else target)
    return {"cmd": "cast", "id": id_, "direction": direction, "array_data_type": array,
            "fill_value": fill_value, "codec": {"name": "cast_value", "configuration": config},
            "count": len(elements) // (2 * width) if count is None else count, "elements": elements}


def validate_message(id_, array="int8", fill_value=0, codecs=None):
    if codecs is None:
        codecs = [{"name": "cast_value", "configuration": {"data_type": "int4"}}, {"name": "bytes"}]
    return {"cmd": "validate", "id": id_, "array_data_type": array, "fill_value": fill_value,
            "codecs": codecs}


HELLO = {"cmd": "hello", "protocol": 1}


class Process:
    """A child speaking the protocol, with line reads that time out."""

    def __init__(self, command, env=None):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=env)
        self.lines = queue.Queue()
        self.stderr = []
        self.pumps = [threading.Thread(target=self._pump, args=(self.proc.stdout, self.lines.put), daemon=True),
                      threading.Thread(target=self._pump, args=(self.proc.stderr, self.stderr.append), daemon=True)]
        for pump in self.pumps:
            pump.start()

    @staticmethod
    def _pump(stream, sink):
        for line in iter(stream.readline, b""):
            sink(line.decode("utf-8", "replace"))
        sink(None)  # end of output

    def send(self, message):
        text = message if isinstance(message, str) else json.dumps(message)
        self.proc.stdin.write((text + "\n").encode())
        self.proc.stdin.flush()

    def read(self, timeout=10.0):
        """The next stdout line without its newline; None at end of output; raises on timeout."""
        line = self.lines.get(timeout=timeout)
        return None if line is None else line.rstrip("\n")

    def ask(self, message, timeout=10.0):
        self.send(message)
        return json.loads(self.read(timeout))

    def close(self, timeout=10.0):
        """Close stdin, wait for the exit and the end of its output; returns the exit status."""
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            status = self.proc.wait(timeout=timeout)
            for pump in self.pumps:
                pump.join(timeout)
            return status
        finally:
            self.kill()

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                stream.close()
            except OSError:
                pass


def load_schema(name):
    return json.loads((SCHEMAS / f"{name}.schema.json").read_text())


_notes = set()


def note_once(text):
    if text not in _notes:
        _notes.add(text)
        print(f"note: {text}", file=sys.stderr)


class SchemaMixin:
    def assertSchema(self, name, message, valid=True):
        if jsonschema is None:
            note_once("jsonschema is not importable: schema assertions skipped")
            return
        validator = jsonschema.Draft202012Validator(load_schema(name))
        errors = [e.message for e in validator.iter_errors(message)]
        if valid:
            self.assertEqual(errors, [], f"{name}: {message}")
        else:
            self.assertTrue(errors, f"{name} accepts {message}")

    def assertAnswer(self, request, answer):
        """An answer follows its schema and the rules the schema cannot say."""
        cmd = request["cmd"]
        self.assertSchema(f"{cmd}-answer" if cmd in ("hello", "cast", "validate") else "cast-answer", answer)
        if cmd == "hello":
            return
        self.assertEqual(answer["id"], request["id"])
        if cmd == "cast" and answer["status"] == "ok":
            output = request["codec"]["configuration"]["data_type"] if request["direction"] == "encode" \
                else request["array_data_type"]
            self.assertEqual(len(cvc.decode_elements(output, answer["elements"], "hex")),
                             cvc.storage_bytes(output) * request["count"])
            failed = answer["failed"]
            if failed and isinstance(failed[0], list):  # ranges: canonical (PROTOCOL.md)
                bounds = [bound for pair in failed for bound in pair]
                self.assertTrue(all(len(pair) == 2 and pair[0] < pair[1] for pair in failed), failed)
                self.assertTrue(all(a < b for a, b in zip(bounds[1::2], bounds[2::2])), failed)
                self.assertTrue(0 <= bounds[0] and bounds[-1] <= request["count"], failed)
                return
            self.assertEqual(failed, sorted(set(failed)))
            self.assertTrue(all(0 <= i < request["count"] for i in failed))


# ---------------------------------------------------------------------------------------------
# Tests.


class PackingTest(unittest.TestCase):
    def test_types_table(self):
        self.assertEqual(len(cvc.TYPES), 26)
        header = (ROOT / "oracle" / "data_type.cpp").read_text()
        table = dict((name, int(bits)) for name, bits in re.findall(r'integer\("(\w+)", Family::\w+, (\d+)\)', header))
        table.update((name, int(bits)) for name, bits in re.findall(r'binary_float\("(\w+)", (\d+),', header))
        self.assertEqual(table, cvc.TYPES)
        self.assertEqual(list(table), list(cvc.TYPES))

    def test_round_trip_every_type(self):
        rng = random.Random(7)
        for name, bits in cvc.TYPES.items():
            with self.subTest(name):
                top = (1 << bits) - 1
                patterns = [0, 1, top, top >> 1, 1 << (bits - 1)] + [rng.getrandbits(bits) for _ in range(50)]
                text = cvc.pack(name, patterns)
                self.assertEqual(len(text), 2 * cvc.storage_bytes(name) * len(patterns))
                self.assertEqual(text, text.lower())
                self.assertEqual(cvc.unpack(name, text), patterns)
                self.assertEqual(cvc.pack(name, []), "")
                self.assertEqual(cvc.unpack(name, ""), [])
                with self.assertRaises(ValueError):
                    cvc.pack(name, [top + 1])
                with self.assertRaises(ValueError):
                    cvc.pack(name, [-1])
                if bits % 8:
                    with self.assertRaises(ValueError):
                        cvc.unpack(name, f"{1 << bits:02x}")  # a bit above the width
                if cvc.storage_bytes(name) > 1:
                    with self.assertRaises(ValueError):
                        cvc.unpack(name, "00" * (cvc.storage_bytes(name) + 1))  # a partial element
                with self.assertRaises(ValueError):
                    cvc.unpack(name, "0")  # odd number of hex digits

    def test_known_layouts(self):
        self.assertEqual(cvc.pack("float16", [0x3C00]), "003c")
        self.assertEqual(cvc.pack("float32", [0x3F800000, 0x7FC00000]), "0000803f0000c07f")
        self.assertEqual(cvc.pack("int4", [1, 0xF]), "010f")
        self.assertEqual(cvc.pack("int2", [3]), "03")
        self.assertEqual(cvc.pack("float6_e3m2fn", [0x3F]), "3f")
        self.assertEqual(cvc.pack("uint64", [1]), "0100000000000000")
        self.assertEqual(cvc.unpack("int16", "ff7f0080"), [0x7FFF, 0x8000])
        self.assertEqual({cvc.storage_bytes(t) for t in cvc.TYPES}, {1, 2, 4, 8})


class NumpyTest(unittest.TestCase):
    def setUp(self):
        try:
            import numpy
        except ImportError:
            self.skipTest("numpy is not importable")
        self.np = numpy

    def test_views(self):
        np = self.np
        array = cvc.to_numpy("float32", [0x3F800000, 0xC0000000], np.float32)
        self.assertEqual(array.tolist(), [1.0, -2.0])
        self.assertEqual(cvc.from_numpy("float32", array * 2), [0x40000000, 0xC0800000])
        self.assertEqual(cvc.to_numpy("int16", [0xFFFF], np.int16).tolist(), [-1])
        self.assertEqual(cvc.from_numpy("int16", np.array([-2], np.int16)), [0xFFFE])
        self.assertEqual(cvc.from_numpy("uint64", np.array([2**64 - 1], np.uint64)), [2**64 - 1])
        with self.assertRaises(ValueError):
            cvc.from_numpy("int8", np.array([1], np.int16))

    def test_ml_dtypes(self):
        try:
            import ml_dtypes
        except ImportError:
            self.skipTest("ml_dtypes is not importable")
        np = self.np
        int4 = cvc.to_numpy("int4", [0xF, 0x7, 0x8], ml_dtypes.int4)
        self.assertEqual(int4.astype(np.int8).tolist(), [-1, 7, -8])
        self.assertEqual(cvc.from_numpy("int4", np.array([-1, 7, -8], np.int8).astype(ml_dtypes.int4)), [0xF, 0x7, 0x8])
        e5m2 = cvc.to_numpy("float8_e5m2", [0x3C, 0xFC], ml_dtypes.float8_e5m2)
        self.assertEqual(e5m2.astype(np.float32).tolist(), [1.0, float("-inf")])
        self.assertEqual(cvc.from_numpy("float8_e5m2", e5m2), [0x3C, 0xFC])


class ExactJsonTest(unittest.TestCase):
    def test_numbers_keep_value_and_sign(self):
        text = '{"a": -0, "b": -0.0, "c": 1e400, "d": 0.1000000000000000000000000000000000000001, "e": 12}'
        value = cvc.loads(text)
        self.assertEqual(str(value["a"]), "-0")
        self.assertTrue(value["b"].is_signed() and value["b"] == 0)
        self.assertEqual(value["c"], cvc.decimal.Decimal("1e400"))
        self.assertEqual(str(value["d"]), "0.1000000000000000000000000000000000000001")
        self.assertIs(type(value["e"]), int)
        self.assertEqual(cvc.loads(cvc.dumps(value)), value)
        self.assertEqual(cvc.dumps(value), '{"a":-0,"b":-0.0,"c":1E+400,"d":0.1000000000000000000000000000000000000001,"e":12}')

    def test_raw_members(self):
        line = ' {"id": 3, "fill_value" : -0.0, "codecs":[{"x": 1e400}], "s": "a\\"b"}\n'
        self.assertEqual(cvc._raw_members(line),
                         {"id": "3", "fill_value": "-0.0", "codecs": '[{"x": 1e400}]', "s": '"a\\"b"'})

    def test_zarr_json(self):
        request = cvc.ValidateRequest(1, "float32", None, None, '"float32"', "-0.0", "[]")
        doc = json.loads(request.zarr_json(4))
        self.assertEqual((doc["zarr_format"], doc["shape"], doc["data_type"], doc["codecs"]), (3, [4], "float32", []))
        self.assertIn('"fill_value": -0.0', request.zarr_json())


class BisectionTest(unittest.TestCase):
    def run_case(self, inputs, bisect=True):
        calls = []

        def cast(request):
            calls.append(len(request.inputs))
            if any(p > 100 for p in request.inputs):
                raise cvc.CastFailed()
            return [p + 1 for p in request.inputs]

        request = cvc.CastRequest(1, "encode", "uint8", 0, {}, "uint8", "uint8", inputs)
        outputs, failed = cvc.cast_elements(cast, request, bisect)
        return outputs, failed, calls

    def test_finds_exactly_the_failing_indices(self):
        rng = random.Random(3)
        for n in (1, 2, 3, 7, 64, 1000):
            for k in (0, 1, 2, 5, n):
                k = min(k, n)
                bad = set(rng.sample(range(n), k))
                inputs = [rng.randrange(101, 256) if i in bad else rng.randrange(0, 101) for i in range(n)]
                outputs, failed, calls = self.run_case(inputs)
                self.assertEqual(failed, sorted(bad))
                for i in range(n):
                    if i not in bad:
                        self.assertEqual(outputs[i], inputs[i] + 1)
                self.assertEqual(len(outputs), n)
                if k == 0:
                    self.assertEqual(calls, [n])
                else:
                    self.assertLessEqual(len(calls), 1 + 2 * k * max(1, (n - 1).bit_length()))

    def test_without_bisection_everything_fails(self):
        outputs, failed, calls = self.run_case([1, 200, 3], bisect=False)
        self.assertEqual((failed, calls), ([0, 1, 2], [3]))

    def test_empty_and_none_entries(self):
        self.assertEqual(self.run_case([])[:2], ([], []))
        request = cvc.CastRequest(1, "encode", "uint8", 0, {}, "uint8", "uint8", [5, 6, 7])
        self.assertEqual(cvc.cast_elements(lambda r: [1, None, 3], request), ([1, 0, 3], [1]))

    def test_rejected_and_wrong_length_propagate(self):
        request = cvc.CastRequest(1, "encode", "uint8", 0, {}, "uint8", "uint8", [5, 200])

        def rejects_halves(r):
            if len(r.inputs) == 2:
                raise cvc.CastFailed()
            raise cvc.Rejected("no")
        with self.assertRaises(cvc.Rejected):
            cvc.cast_elements(rejects_halves, request)
        with self.assertRaises(ValueError):
            cvc.cast_elements(lambda r: [1], request)


class AdapterInProcessTest(SchemaMixin, unittest.TestCase):
    def setUp(self):
        self.adapter = cvc.Adapter("fake", "0.0", "python", INTEGERS, ["encode", "decode", "validate"],
                                   fake_cast, fake_validate)

    def ask(self, request):
        answer = json.loads(self.adapter.handle(json.dumps(request)))
        self.assertAnswer(request, answer)
        return answer

    def test_hello(self):
        answer = self.ask(HELLO)
        self.assertEqual(answer["protocol"], 1)
        self.assertEqual(answer["data_types"], INTEGERS)
        self.assertNotIn("notes", answer)

    def test_statuses(self):
        ok = self.ask(cast_message(1, cvc.pack("int16", [1, 200, 0xFFFF, 100])))
        self.assertEqual((ok["status"], ok["failed"]), ("ok", [1, 2]))
        self.assertEqual(cvc.unpack("int8", ok["elements"])[::3], [1, 100])
        self.assertEqual(self.ask(cast_message(2, "0100", fill_value=42))["status"], "rejected")
        error = self.ask(cast_message(3, "0100", fill_value=13))
        self.assertEqual(error["status"], "error")
        self.assertIn("Traceback", error["message"])
        self.assertIn("the adapter broke", error["message"])
        self.assertEqual(self.ask(cast_message(4, "0100", extra_config={"scalar_map": {}}))["status"], "unsupported")
        self.assertEqual(self.ask(cast_message(5, "00000000", array="float32"))["status"], "unsupported")
        self.assertEqual(self.ask(cast_message(6, "0100", count=2))["status"], "error")  # count mismatch
        decoded = self.ask(cast_message(7, "05", direction="decode", array="int16", target="int8"))
        self.assertEqual(decoded["elements"], "0500")
        self.assertEqual(self.ask(validate_message(8))["status"], "valid")
        self.assertEqual(self.ask(validate_message(9, array="complex64"))["status"], "invalid")
        self.assertEqual(self.ask(validate_message(10, codecs={"not": "a list"}))["status"], "unsupported")
        self.assertEqual(self.ask(validate_message(11, fill_value=13))["status"], "error")
        self.assertEqual(self.ask({"cmd": "frobnicate", "id": 12})["status"], "error")
        self.assertIsNone(self.adapter.handle('{"cmd": "bye"}'))

    def test_environment(self):
        adapter = cvc.Adapter("x", "1", "python", INTEGERS, ["encode"], fake_cast,
                              environment=cvc.python_environment())
        answer = json.loads(adapter.handle(json.dumps(HELLO)))
        self.assertAnswer(HELLO, answer)
        self.assertEqual(answer["environment"], {"python": ".".join(map(str, sys.version_info[:3]))})
        self.assertNotIn("environment", self.ask(HELLO))

    def test_undeclared_operations(self):
        adapter = cvc.Adapter("fake", "0.0", "python", INTEGERS, ["decode"], fake_cast)
        for request in (cast_message(1, "0100"), validate_message(2)):
            answer = json.loads(adapter.handle(json.dumps(request)))
            self.assertAnswer(request, answer)
            self.assertEqual(answer["status"], "unsupported")
        with self.assertRaises(ValueError):
            cvc.Adapter("x", "1", "python", ["int9"], ["encode"], fake_cast)
        with self.assertRaises(ValueError):
            cvc.Adapter("x", "1", "python", INTEGERS, ["validate"], fake_cast)

    def test_exact_texts_reach_the_callback(self):
        seen = []
        adapter = cvc.Adapter("x", "1", "python", ["float32", "int8"], ["encode", "validate"],
                              lambda r: seen.append(r) or [0] * len(r.inputs), lambda r: seen.append(r))
        line = ('{"cmd": "cast", "id": 1, "direction": "encode", "array_data_type": "float32", '
                '"fill_value": -0.0, "codec": {"name": "cast_value", "configuration": {"data_type": "int8", '
                '"scalar_map": {"encode": [[1e400, 1]]}}}, "count": 1, "elements": "0000803f"}')
        adapter.handle(line)
        request = seen[0]
        self.assertEqual((request.input_type, request.output_type, request.inputs), ("float32", "int8", [0x3F800000]))
        self.assertEqual(request.fill_value_json, "-0.0")
        self.assertIn("1e400", request.codec_json)
        self.assertEqual(str(request.configuration["scalar_map"]["encode"][0][0]), "1E+400")
        self.assertEqual(json.loads(request.zarr_json())["codecs"][1]["name"], "bytes")
        adapter.handle('{"cmd": "validate", "id": 2, "array_data_type": {"name": "float32"}, '
                       '"fill_value": 1.0, "codecs": [1, 2.50]}')
        self.assertEqual((seen[1].array_data_type_json, seen[1].fill_value_json, seen[1].codecs_json),
                         ('{"name": "float32"}', "1.0", "[1, 2.50]"))

    def test_validate_passes_any_array_metadata(self):
        """array_data_type reaches the callback exactly as sent, whatever JSON it is: names
        outside the 26, the object form, malformed values; the zarr.json carries the raw text."""
        seen = []
        adapter = cvc.Adapter("x", "1", "python", ["float32", "int8", "uint16", "float16"], ["validate"],
                              validate=lambda r: seen.append(r))
        cases = [('"bool"', "false", "bool"),
                 ('"complex64"', "[0.0, 0.0]", "complex64"),
                 ('"r16"', "[0, 0]", "r16"),
                 ('"float8"', "0", "float8"),
                 ('{"name": "float32"}', "0", {"name": "float32"}),
                 ('{"name": "float32", "configuration": {}}', "0", {"name": "float32", "configuration": {}}),
                 ('{"name": ["float32"]}', "0", {"name": ["float32"]}),
                 ('{"nom": "float32"}', "0", {"nom": "float32"}),
                 ("null", "0", None), ("7", "0", 7), ('["float32"]', "0", ["float32"])]
        for id_, (type_json, fill_json, parsed) in enumerate(cases):
            with self.subTest(array_data_type=type_json):
                line = ('{"cmd": "validate", "id": %d, "array_data_type": %s, "fill_value": %s, '
                        '"codecs": [{"name": "cast_value", "configuration": {"data_type": "int8"}}, '
                        '{"name": "bytes"}]}' % (id_, type_json, fill_json))
                request = json.loads(line)
                answer = json.loads(adapter.handle(line))
                self.assertAnswer(request, answer)
                self.assertEqual(answer["status"], "valid")
                got = seen[-1]
                self.assertEqual(got.id, id_)
                self.assertEqual(got.array_data_type, parsed)
                self.assertEqual(got.array_data_type_json, type_json)
                self.assertEqual(got.fill_value_json, fill_json)
                document = got.zarr_json()
                self.assertIn('"data_type": %s,' % type_json, document)
                self.assertEqual(json.loads(document)["data_type"], parsed)
        self.assertEqual(len(seen), len(cases))

    def test_validate_undeclared_types_of_the_26(self):
        """The helper answers unsupported only for a type of the 26 that is not declared, in the
        array's data_type (name or object form) or in a cast_value codec's data_type."""
        seen = []
        adapter = cvc.Adapter("x", "1", "python", ["float32", "int8"], ["validate"],
                              validate=lambda r: seen.append(r))

        def status(array, codecs):
            request = {"cmd": "validate", "id": 1, "array_data_type": array, "fill_value": 0, "codecs": codecs}
            answer = json.loads(adapter.handle(json.dumps(request)))
            self.assertAnswer(request, answer)
            return answer["status"], answer.get("message", "")

        chain = lambda data_type: [{"name": "cast_value", "configuration": {"data_type": data_type}},
                                   {"name": "bytes"}]
        self.assertEqual(status("int4", chain("int8")), ("unsupported", "int4 is not supported"))
        self.assertEqual(status({"name": "bfloat16"}, chain("int8")), ("unsupported", "bfloat16 is not supported"))
        self.assertEqual(status("float32", chain("uint2")), ("unsupported", "uint2 is not supported"))
        self.assertEqual(status("float32", chain({"name": "float8_e5m2"})),
                         ("unsupported", "float8_e5m2 is not supported"))
        self.assertEqual(seen, [])
        # Declared types, names outside the 26 and malformed chains all reach the callback.
        for array, codecs in [("float32", chain("int8")), ({"name": "float32"}, chain({"name": "int8"})),
                              ("bool", chain("int8")), ("float32", chain("int3")), ("float32", chain(None)),
                              ("float32", {"not": "a list"}), ("float32", [{"name": "cast_value"}]),
                              ("float32", [{"name": "cast_value", "configuration": [1]}]),
                              ("float32", ["cast_value", 3, None]),
                              ("float32", [{"name": "bytes", "configuration": {"data_type": "int4"}}]),
                              ({"name": ["int4"]}, chain([{"name": "int4"}]))]:
            with self.subTest(array=array, codecs=codecs):
                self.assertEqual(status(array, codecs), ("valid", ""))
        self.assertEqual(len(seen), 11)

    def test_data_type_names(self):
        self.assertEqual(cvc.data_type_name("float32"), "float32")
        self.assertEqual(cvc.data_type_name({"name": "float32"}), "float32")
        self.assertEqual(cvc.data_type_name({"nom": "float32"}), None)
        self.assertEqual(cvc.data_type_name([1]), [1])
        self.assertEqual(cvc.metadata_type_names({"name": "bool"}, [
            {"name": "cast_value", "configuration": {"data_type": {"name": "int4"}}}, {"name": "bytes"},
            {"name": "cast_value", "configuration": {"data_type": "uint2"}}, "cast_value",
            {"name": "cast_value", "configuration": {"data_type": 5}}]), ["bool", "int4", "uint2"])
        self.assertEqual(cvc.metadata_type_names(None, {"a": 1}), [])


class StoreCallbacksTest(SchemaMixin, unittest.TestCase):
    """StoreCallbacks: the store operations (PROTOCOL.md, "Store operations") declared under
    protocol 2 only, each answer of its schema, refusals mapped to invalid / refused."""

    def setUp(self):
        self.written = []

        def open_array(path):
            if path == "bad":
                raise cvc.Invalid("the library refuses this zarr.json")

        def read_array(path, data_type):
            raise cvc.Rejected("cannot decode") if path == "bad" else cvc.Unsupported("no reads here")

        def write_array(path, metadata, data_type, selection, data):
            if path == "bad":
                raise cvc.Rejected("out of range")
            self.written.append((path, metadata, data_type, selection, data))

        self.adapter = cvc.Adapter("fake", "0.0", "python", INTEGERS, ["encode"], fake_cast,
                                   stores=cvc.StoreCallbacks(open_array, read_array, write_array))

    def ask(self, request):
        answer = json.loads(self.adapter.handle(json.dumps(request)))
        self.assertSchema(f"{request['cmd']}-answer", answer)
        return answer

    def test_declared_under_protocol_2_only(self):
        self.assertNotIn("read_array", self.ask(HELLO)["operations"])
        self.assertEqual(self.ask(dict(HELLO, max_protocol=2))["operations"],
                         ["encode", "open_array", "read_array", "write_array"])

    def test_answers(self):
        self.ask(dict(HELLO, max_protocol=2, encodings=["hex"]))
        self.assertEqual(self.ask({"cmd": "open_array", "id": 1, "path": "good"})["status"], "valid")
        self.assertEqual(self.ask({"cmd": "open_array", "id": 2, "path": "bad"})["status"], "invalid")
        read = {"cmd": "read_array", "id": 3, "path": "bad", "data_type": "int8", "count": 1}
        self.assertEqual(self.ask(read)["status"], "refused")
        self.assertEqual(self.ask(dict(read, path="other"))["status"], "unsupported")
        self.assertEqual(self.ask(dict(read, data_type="float32"))["status"], "unsupported")
        write = {"cmd": "write_array", "id": 4, "path": "good", "metadata": {"zarr_format": 3},
                 "data_type": "int16", "selection": [[1, 3]], "count": 2, "elements": "0100ff7f"}
        self.assertEqual(self.ask(write)["status"], "ok")
        self.assertEqual(self.written, [("good", {"zarr_format": 3}, "int16", [[1, 3]],
                                         bytes.fromhex("0100ff7f"))])
        self.assertEqual(self.ask(dict(write, path="bad"))["status"], "refused")
        self.assertEqual(self.ask(dict(write, elements="01"))["status"], "error")


class ChainRequestTest(SchemaMixin, unittest.TestCase):
    """Chain requests (PROTOCOL.md, "Chain"): declared under protocol 2 only with the chain
    callback, the callback sees a ChainRequest whose zarr.json holds the whole chain, and what
    capabilities.chain or the types leave out is answered unsupported without calling it."""

    def setUp(self):
        self.seen = []

        def chain(request):
            self.seen.append(request)
            return [x + 1 for x in request.inputs]  # a stand-in: not a real chain

        self.adapter = cvc.Adapter("fake", "0.0", "python", ["float32", "uint8"], ["encode"],
                                   fake_cast, chain=chain,
                                   chain_capabilities={"codecs": ["scale_offset", "cast_value"],
                                                       "directions": ["decode"]})

    def ask(self, request):
        answer = json.loads(self.adapter.handle(json.dumps(request)))
        self.assertSchema(f"{request['cmd']}-answer" if request["cmd"] != "hello" else "hello-answer",
                          answer)
        return answer

    def test_declared_under_protocol_2_only(self):
        self.assertNotIn("chain", self.ask(HELLO)["operations"])
        hello = self.ask(dict(HELLO, max_protocol=2))
        self.assertIn("chain", hello["operations"])
        self.assertEqual(hello["capabilities"]["chain"],
                         {"codecs": ["scale_offset", "cast_value"], "directions": ["decode"]})

    def test_a_chain_request_reaches_the_callback(self):
        self.ask(dict(HELLO, max_protocol=2, encodings=["hex"]))
        answer = self.ask(dict(CHAIN, direction="decode", count=2, elements="6401"))
        # The callback's outputs as patterns of the chain's output type (float32 on decode).
        self.assertEqual(answer, {"id": 23, "status": "ok", "elements": "6500000002000000", "failed": []})
        request = self.seen[-1]
        self.assertIsInstance(request, cvc.ChainRequest)
        self.assertEqual((request.input_type, request.output_type), ("uint8", "float32"))
        self.assertEqual(request.inputs, [0x64, 0x01])
        zarr_json = json.loads(request.zarr_json())
        self.assertEqual([c["name"] for c in zarr_json["codecs"]], ["scale_offset", "cast_value", "bytes"])
        self.assertEqual(zarr_json["data_type"], "float32")

    def test_outside_the_declaration_is_unsupported(self):
        self.ask(dict(HELLO, max_protocol=2, encodings=["hex"]))
        encode = self.ask(CHAIN)
        self.assertEqual(encode["status"], "unsupported")
        self.assertIn("capabilities.chain.directions", encode["message"])
        transpose = dict(CHAIN, direction="decode", count=1, elements="64",
                         codecs=[{"name": "transpose", "configuration": {"order": [0]}}] + CHAIN["codecs"])
        self.assertIn("capabilities.chain.codecs", self.ask(transpose)["message"])
        wider = dict(CHAIN, direction="decode", count=1, elements="6400",
                     codecs=[CHAIN["codecs"][0], {"name": "cast_value", "configuration": {"data_type": "uint16"}}])
        self.assertEqual(self.ask(wider)["message"], "uint16 is not supported")
        self.assertEqual(self.seen, [])

    def test_capabilities_are_checked(self):
        with self.assertRaisesRegex(ValueError, "capabilities.chain.codecs"):
            cvc.Adapter("x", "1", "python", ["float32"], ["encode"], fake_cast, chain=fake_cast,
                        chain_capabilities={"codecs": ["bitround"]})
        with self.assertRaisesRegex(ValueError, "without a chain callback"):
            cvc.Adapter("x", "1", "python", ["float32"], ["encode"], fake_cast,
                        chain_capabilities={"directions": ["decode"]})


class ProbeTest(unittest.TestCase):
    """cvc.probe: one JSON line per undeclared type of the 26 (adapters_probe.sh reads them)."""

    def test_lines_for_undeclared_types_only(self):
        import io
        declared = [t for t in cvc.TYPES if t not in ("int4", "bfloat16", "float8_e5m2")]
        out = io.StringIO()
        status = cvc.probe(declared, lambda name: (f"lib.cast({name})", f"TypeError: no {name}",
                                                   name == "bfloat16"), out=out)
        self.assertEqual(status, 0)
        lines = [json.loads(line) for line in out.getvalue().splitlines()]
        self.assertEqual(lines, [
            {"data_type": "int4", "accepted": False, "call": "lib.cast(int4)", "result": "TypeError: no int4"},
            {"data_type": "float8_e5m2", "accepted": False, "call": "lib.cast(float8_e5m2)",
             "result": "TypeError: no float8_e5m2"},
            {"data_type": "bfloat16", "accepted": True, "call": "lib.cast(bfloat16)", "result": "TypeError: no bfloat16"}])
        out = io.StringIO()
        self.assertEqual(cvc.probe(cvc.TYPES, lambda name: 1 / 0, out=out), 0)
        self.assertEqual(out.getvalue(), "")

    def test_a_probe_that_breaks_fails(self):
        import contextlib
        import io
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stderr(err):
            status = cvc.probe(["int8"], lambda name: 1 / 0, out=out)
        self.assertEqual(status, 1)
        self.assertEqual(out.getvalue(), "")
        self.assertIn("probing int2 failed", err.getvalue())
        self.assertIn("ZeroDivisionError", err.getvalue())
        self.assertEqual(cvc.describe(ValueError("bad")), "ValueError: bad")


class ProtocolLoopTest(SchemaMixin, unittest.TestCase):
    def test_failed_ranges_when_the_harness_offers_them(self):
        # int16 -> int8 towards-zero without out_of_range: 300, 0x8000 and 301 fail.
        inputs = [7, 300, 0x8000, 5, 301]
        hello = dict(HELLO, max_protocol=2, encodings=["hex"], failed_forms=["indices", "ranges"])
        for offered, form, failed in ((hello, "ranges", [[1, 3], [4, 5]]), (HELLO, None, [1, 2, 4]),
                                      (dict(hello, failed_forms=["indices"]), None, [1, 2, 4])):
            process = Process(FAKE_COMMAND)
            try:
                request = cast_message(1, cvc.pack("int16", inputs))
                answers = [process.ask(offered), process.ask(request)]
                self.assertEqual(answers[0].get("failed_form"), form)
                self.assertAnswer(request, answers[1])
                self.assertEqual(answers[1]["failed"], failed)
                process.send({"cmd": "bye"})
                self.assertEqual(process.close(), 0)
            finally:
                process.kill()

    def test_failed_text_forms(self):
        self.assertEqual(cvc.failed_text([], "ranges"), "[]")
        self.assertEqual(cvc.failed_text([0, 1, 2, 5, 7, 8], "ranges"), "[[0,3],[5,6],[7,9]]")
        self.assertEqual(cvc.failed_text([0, 1, 2, 5], "indices"), "[0,1,2,5]")

    def test_session(self):
        process = Process(FAKE_COMMAND)
        try:
            requests = [HELLO,
                        cast_message(1, cvc.pack("int16", [7, 300, 0x8000, 5])),
                        cast_message(2, "0100", fill_value=42),
                        cast_message(3, "0100", fill_value=13),
                        cast_message(4, "0000", array="float16"),
                        validate_message(5),
                        validate_message(6, array="bool"),
                        validate_message(7, array={"name": "int8"}),
                        validate_message(8, array="float32")]
            answers = [process.ask(r) for r in requests]
            for request, answer in zip(requests, answers):
                self.assertAnswer(request, answer)
            self.assertEqual(answers[0]["implementation"], {"name": "fake", "version": "0.0", "language": "python"})
            self.assertEqual(answers[0]["notes"], "test double")
            self.assertEqual(answers[1]["failed"], [1, 2])
            self.assertEqual(cvc.unpack("int8", answers[1]["elements"])[::3], [7, 5])
            self.assertEqual([a["status"] for a in answers[2:]],
                             ["rejected", "error", "unsupported", "valid", "invalid", "valid", "unsupported"])
            process.send({"cmd": "bye"})
            self.assertIsNone(process.read())  # bye is not answered
            self.assertEqual(process.close(), 0)
            stderr = "".join(line for line in process.stderr if line)
            self.assertIn(STRAY, stderr)
            self.assertIn("native stray output", stderr)
        finally:
            process.kill()

    def test_end_of_input_exits_zero(self):
        process = Process(FAKE_COMMAND)
        try:
            process.ask(HELLO)
            self.assertEqual(process.close(), 0)
        finally:
            process.kill()

    def test_not_a_request_exits_two(self):
        process = Process(FAKE_COMMAND)
        try:
            process.send("this is not json")
            self.assertIsNone(process.read())
            self.assertEqual(process.close(), 2)
        finally:
            process.kill()

    def test_readme_example(self):
        readme = (HELPER_DIR / "README.md").read_text()
        code = re.search(r"```python\n(#!/usr/bin/env python3\n.*?)```", readme, re.S).group(1)
        with tempfile.TemporaryDirectory() as folder:
            script = Path(folder) / "toy_adapter.py"
            script.write_text(code)
            env = dict(os.environ, PYTHONPATH=str(HELPER_DIR))
            process = Process([sys.executable, str(script)], env=env)
            try:
                requests = [HELLO,
                            cast_message(1, cvc.pack("int16", [1, 200, 0xFFFF, 0xFF00])),
                            cast_message(2, cvc.pack("int16", [1, 200, 0xFFFF, 0xFF00]),
                                         extra_config={"out_of_range": "clamp"}),
                            cast_message(3, cvc.pack("int16", [1, 200]), extra_config={"out_of_range": "wrap"}),
                            validate_message(4), validate_message(5, array="float32"),
                            validate_message(6, array="bool", fill_value=False),
                            validate_message(7, array={"name": "int8"})]
                answers = [process.ask(r) for r in requests]
                for request, answer in zip(requests, answers):
                    self.assertAnswer(request, answer)
                self.assertEqual(answers[1]["failed"], [1, 3])
                self.assertEqual(cvc.unpack("int8", answers[1]["elements"])[::2], [1, 0xFF])
                self.assertEqual(answers[2]["elements"], "017fff80")
                self.assertEqual(answers[3]["elements"], "01c8")
                # float32: one of the 26 the toy does not declare (the helper answers); bool:
                # outside the 26, the toy itself refuses it; the object form names int8.
                self.assertEqual([a["status"] for a in answers[4:]],
                                 ["valid", "unsupported", "invalid", "valid"])
                process.send({"cmd": "bye"})
                self.assertEqual(process.close(), 0)
            finally:
                process.kill()


class SchemaTest(SchemaMixin, unittest.TestCase):
    NAMES = ["hello", "hello-answer", "cast", "cast-answer", "validate", "validate-answer", "bye",
             "reproduce", "reproduce-answer", "open_array", "open_array-answer", "read_array",
             "read_array-answer", "write_array", "write_array-answer", "chain", "chain-answer"]

    def setUp(self):
        if jsonschema is None:
            self.skipTest("jsonschema is not importable")

    def test_schemas_are_valid(self):
        self.assertEqual(sorted(p.name for p in SCHEMAS.glob("*.schema.json")),
                         sorted(f"{n}.schema.json" for n in self.NAMES))
        for name in self.NAMES:
            jsonschema.Draft202012Validator.check_schema(load_schema(name))

    def test_protocol_examples(self):
        """The examples of PROTOCOL.md (with "..." replaced by real values)."""
        hello_answer = {"protocol": 1,
                        "implementation": {"name": "zarr-python", "version": "3.1.3", "language": "python"},
                        "data_types": ["int8", "float16"], "operations": ["encode", "decode", "validate"]}
        cast = {"cmd": "cast", "id": 17, "direction": "encode", "array_data_type": "float32", "fill_value": 0,
                "codec": {"name": "cast_value", "configuration": {"data_type": "int8", "rounding": "towards-zero"}},
                "count": 3, "elements": "0000803f0000c07f00000000"}
        validate = {"cmd": "validate", "id": 18, "array_data_type": "float32", "fill_value": -0.0,
                    "codecs": [{"name": "cast_value", "configuration": {"data_type": "int8"}}, {"name": "bytes"}]}
        capabilities = {"encode": {"rounding": ["nearest-even", "towards-zero"],
                                   "out_of_range": ["absent", "clamp"], "scalar_map": False},
                        "decode": {"rounding": ["nearest-even"]},
                        "missing_pairs": [{"direction": "encode", "input": "float64", "output": "int2"}]}
        hello_answer_2 = dict(hello_answer, protocol=2, operations=["encode", "decode", "reproduce"],
                              capabilities=capabilities)
        request = {k: v for k, v in cast.items() if k != "id"}
        valid = [("hello", HELLO), ("hello-answer", hello_answer),
                 ("hello", dict(HELLO, max_protocol=2)), ("hello-answer", hello_answer_2),
                 ("hello-answer", dict(hello_answer, protocol=2)),
                 ("hello-answer", dict(hello_answer, protocol=2, capabilities={})),
                 ("reproduce", {"cmd": "reproduce", "id": 19, "request": request}),
                 ("reproduce-answer", {"id": 19, "status": "ok", "language": "python", "code": "print(1)"}),
                 ("reproduce-answer", {"id": 19, "status": "unsupported", "message": "no reproducer"}),
                 ("hello-answer", dict(hello_answer, notes="decode only")),
                 # Store operations (PROTOCOL.md, "Store operations").
                 ("hello-answer", dict(hello_answer_2, operations=["decode", "open_array", "read_array"])),
                 ("open_array", {"cmd": "open_array", "id": 20, "path": "/tmp/s/3/array"}),
                 ("open_array-answer", {"id": 20, "status": "valid"}),
                 ("open_array-answer", {"id": 20, "status": "invalid", "message": "ValueError"}),
                 ("read_array", {"cmd": "read_array", "id": 21, "path": "/tmp/s/4/array",
                                 "data_type": "float32", "count": 12}),
                 ("read_array-answer", {"id": 21, "status": "ok", "elements": "0000803f"}),
                 ("read_array-answer", {"id": 21, "status": "refused", "message": "out of range"}),
                 ("write_array", {"cmd": "write_array", "id": 22, "path": "/tmp/s/5/array",
                                  "metadata": {"zarr_format": 3}, "data_type": "float32",
                                  "selection": [[0, 3], [1, 2]], "count": 3, "elements": "0000c07f"}),
                 ("write_array-answer", {"id": 22, "status": "ok"}),
                 ("write_array-answer", {"id": 22, "status": "refused", "message": "NaN into int8"}),
                 # Chain requests (PROTOCOL.md, "Chain").
                 ("chain", CHAIN), ("chain", dict(CHAIN, direction="decode", elements="64ff")),
                 ("chain-answer", {"id": 23, "status": "ok", "elements": "6400ff", "failed": [1]}),
                 ("chain-answer", {"id": 23, "status": "rejected", "message": "ValueError"}),
                 ("hello-answer", dict(hello_answer_2, operations=["decode", "validate", "chain"],
                                       capabilities={"decode": {"rounding": ["nearest-even"]},
                                                     "chain": {"codecs": ["cast_value", "scale_offset",
                                                                          "transpose"],
                                                               "directions": ["decode"]}})),
                 ("cast", cast), ("validate", validate), ("bye", {"cmd": "bye"}),
                 ("cast-answer", {"id": 17, "status": "ok", "elements": "00007f", "failed": [1]}),
                 ("cast-answer", {"id": 17, "status": "ok", "elements": "", "failed": []}),
                 # The ranges form of "failed" (PROTOCOL.md, "Failed ranges").
                 ("cast-answer", {"id": 17, "status": "ok", "elements": "00007f", "failed": [[0, 2]]}),
                 ("chain-answer", {"id": 23, "status": "ok", "elements": "6400ff",
                                   "failed": [[0, 1], [2, 3]]}),
                 ("hello-answer", dict(hello_answer_2, failed_form="ranges")),
                 ("hello", {"cmd": "hello", "protocol": 1, "max_protocol": 2,
                            "encodings": ["hex", "base64"], "failed_forms": ["indices", "ranges"]}),
                 ("cast-answer", {"id": 17, "status": "rejected", "message": "ValueError: fill value cannot be cast"}),
                 ("cast-answer", {"id": 17, "status": "unsupported", "message": "float8_e8m0fnu is not available"}),
                 ("cast-answer", {"id": 17, "status": "error", "message": "Traceback ..."}),
                 ("validate-answer", {"id": 18, "status": "valid"}),
                 ("validate-answer", {"id": 18, "status": "invalid", "message": "..."}),
                 ("validate-answer", {"id": 18, "status": "unsupported", "message": "..."}),
                 ("validate-answer", {"id": 18, "status": "error", "message": "..."}),
                 ("validate", dict(validate, codecs={"a": 1}, fill_value=None)),
                 ("validate", dict(validate, array_data_type="bool", fill_value=False)),
                 ("validate", dict(validate, array_data_type="complex64", fill_value=[0.0, 0.0])),
                 ("validate", dict(validate, array_data_type="r16", fill_value=[0, 0])),
                 ("validate", dict(validate, array_data_type="float8")),
                 ("validate", dict(validate, array_data_type={"name": "float32"})),
                 ("validate", dict(validate, array_data_type=None)),
                 ("cast", dict(cast, fill_value="NaN")),
                 ("cast", dict(cast, codec={"name": "cast_value", "configuration": {
                     "data_type": "int8", "out_of_range": "wrap",
                     "scalar_map": {"encode": [["NaN", 0], [1.5, "0x7f"]], "decode": []}}}))]
        for name, message in valid:
            with self.subTest(name=name, message=message):
                self.assertSchema(name, message)

    def test_violations_are_caught(self):
        ok = {"id": 1, "status": "ok", "elements": "00ff", "failed": [0]}
        hello_answer = {"protocol": 1, "implementation": {"name": "n", "version": "1", "language": "c"},
                        "data_types": ["int8"], "operations": ["encode"]}
        cast = cast_message(1, "0100")
        hello_answer_2 = dict(hello_answer, protocol=2)
        request = {k: v for k, v in cast.items() if k != "id"}
        invalid = [("hello", {"cmd": "hello"}), ("hello", {"cmd": "hello", "protocol": 2}),
                   ("hello", {"cmd": "hello", "protocol": 1, "max_protocol": 0}),
                   ("hello-answer", dict(hello_answer, protocol=3)),
                   ("hello-answer", dict(hello_answer, capabilities={})),
                   ("hello-answer", dict(hello_answer, operations=["encode", "reproduce"])),
                   ("hello-answer", dict(hello_answer_2, capabilities={"encode": {"roundings": []}})),
                   ("hello-answer", dict(hello_answer_2, capabilities={"rounding": []})),
                   ("hello-answer", dict(hello_answer_2, capabilities={"decode": {"rounding": ["nearest-odd"]}})),
                   ("hello-answer", dict(hello_answer_2, capabilities={"decode": {"out_of_range": ["saturate"]}})),
                   ("hello-answer", dict(hello_answer_2, capabilities={"decode": {"scalar_map": "no"}})),
                   ("hello-answer", dict(hello_answer_2, capabilities={"missing_pairs": [
                       {"direction": "encode", "input": "int99", "output": "int8"}]})),
                   ("hello-answer", dict(hello_answer_2, capabilities={"missing_pairs": [
                       {"direction": "both", "input": "int4", "output": "int8"}]})),
                   ("reproduce", {"cmd": "reproduce", "id": 19, "request": cast}),
                   ("hello-answer", dict(hello_answer, operations=["decode", "chain"])),
                   ("hello-answer", dict(hello_answer_2, capabilities={"chain": {"codec": []}})),
                   ("hello-answer", dict(hello_answer_2, capabilities={"chain": {"codecs": ["bitround"]}})),
                   ("hello-answer", dict(hello_answer_2, capabilities={"chain": {"directions": ["both"]}})),
                   ("chain", {k: v for k, v in CHAIN.items() if k != "codecs"}),
                   ("chain", dict(CHAIN, codec=CHAIN["codecs"][1])),
                   ("chain", dict(CHAIN, codecs=[])),
                   ("chain", dict(CHAIN, codecs=[{"name": "bytes"}])),
                   ("chain-answer", {"id": 23, "status": "ok", "elements": "6400ff"}),
                   ("reproduce", {"cmd": "reproduce", "id": 19, "request": {"cmd": "bye"}}),
                   ("reproduce", {"cmd": "reproduce", "id": 19}),
                   ("reproduce-answer", {"id": 19, "status": "ok", "language": "python"}),
                   ("reproduce-answer", {"id": 19, "status": "ok", "language": "python", "code": "x",
                                         "message": "m"}),
                   ("hello-answer", dict(hello_answer, data_types=["int8", "int9"])),
                   ("hello-answer", dict(hello_answer, data_types=["int8", "int8"])),
                   ("hello-answer", dict(hello_answer, operations=["cast"])),
                   ("hello-answer", dict(hello_answer, extra=1)),
                   ("hello-answer", {k: v for k, v in hello_answer.items() if k != "implementation"}),
                   ("hello-answer", dict(hello_answer, implementation={"name": "n", "version": "1"})),
                   ("cast-answer", {k: v for k, v in ok.items() if k != "status"}),
                   ("cast-answer", {k: v for k, v in ok.items() if k != "failed"}),
                   ("cast-answer", {k: v for k, v in ok.items() if k != "id"}),
                   ("cast-answer", dict(ok, elements="00F!")), ("cast-answer", dict(ok, elements="00f")),
                   ("cast-answer", dict(ok, failed=[1, 1])), ("cast-answer", dict(ok, failed=[-1])),
                   ("cast-answer", dict(ok, failed=[0.5])), ("cast-answer", dict(ok, status="fine")),
                   ("cast-answer", dict(ok, failed=[[0, 1, 2]])), ("cast-answer", dict(ok, failed=[[0]])),
                   ("cast-answer", dict(ok, failed=[[-1, 1]])), ("cast-answer", dict(ok, failed=[[0, 0.5]])),
                   ("hello-answer", dict(hello_answer_2, failed_form="bitmap")),
                   ("hello-answer", dict(hello_answer, failed_form="ranges")),  # a protocol 2 key
                   ("hello", {"cmd": "hello", "protocol": 1, "failed_forms": ["bitmap"]}),
                   ("cast-answer", dict(ok, message="x")), ("cast-answer", dict(ok, id="1")),
                   ("cast-answer", {"id": 1, "status": "rejected"}),
                   ("cast-answer", {"id": 1, "status": "rejected", "message": "m", "elements": ""}),
                   ("validate-answer", {"id": 1, "status": "ok"}),
                   ("validate-answer", {"id": 1, "status": "invalid"}),
                   ("validate-answer", {"id": 1, "status": "valid", "message": "m"}),
                   ("cast", dict(cast, direction="sideways")), ("cast", dict(cast, array_data_type="bool")),
                   ("cast", dict(cast, elements="0G")), ("cast", dict(cast, count=-1)),
                   ("cast", dict(cast, extra=1)), ("cast", {k: v for k, v in cast.items() if k != "count"}),
                   ("cast", dict(cast, codec={"name": "bytes"})),
                   ("cast", dict(cast, codec={"name": "cast_value", "configuration": {"data_type": "int8", "x": 1}})),
                   ("cast", dict(cast, codec={"name": "cast_value", "configuration": {"rounding": "towards-zero"}})),
                   ("cast", dict(cast, fill_value=None)),
                   ("validate", {k: v for k, v in validate_message(1).items() if k != "codecs"}),
                   ("validate", dict(validate_message(1), extra=1)),
                   ("bye", {"cmd": "bye", "id": 1}), ("bye", {"cmd": "hello"}),
                   ("hello-answer", dict(hello_answer, operations=["decode", "read_array"])),
                   ("open_array", {"cmd": "open_array", "id": 20}),
                   ("open_array-answer", {"id": 20, "status": "ok"}),
                   ("read_array", {"cmd": "read_array", "id": 21, "path": "p", "data_type": "bool",
                                   "count": 1}),
                   ("read_array-answer", {"id": 21, "status": "ok"}),
                   ("read_array-answer", {"id": 21, "status": "rejected", "message": "m"}),
                   ("write_array", {"cmd": "write_array", "id": 22, "path": "p", "metadata": {},
                                    "data_type": "int8", "selection": [[1]], "count": 1,
                                    "elements": "00"}),
                   ("write_array-answer", {"id": 22, "status": "ok", "elements": "00"})]
        for name, message in invalid:
            with self.subTest(name=name, message=message):
                self.assertSchema(name, message, valid=False)


class MisbehavingTest(SchemaMixin, unittest.TestCase):
    """Each mode misbehaves at request 2 (after the handshake) and only there."""

    def start(self, mode, command=None, after=2):
        process = Process([sys.executable, str(MISBEHAVING), "--mode", mode, "--after", str(after), "--"]
                          + (command or FAKE_COMMAND))
        self.addCleanup(process.kill)
        return process

    def requests(self):
        return [cast_message(1, cvc.pack("int16", [1, 2, 3])), cast_message(2, cvc.pack("int16", [4, 5])),
                validate_message(3), cast_message(4, cvc.pack("int16", [6]))]

    def session(self, mode):
        """hello, then request 1 (answered correctly), then request 2 sent; returns the process."""
        process = self.start(mode)
        hello = process.ask(HELLO)
        self.assertAnswer(HELLO, hello)
        first = self.requests()[0]
        answer = process.ask(first)
        self.assertAnswer(first, answer)
        if mode != "liar":
            self.assertEqual(answer["elements"], "010203")
        process.send(self.requests()[1])
        return process

    def finish_normally(self, process, start=2):
        for request in self.requests()[start:]:
            self.assertAnswer(request, process.ask(request))
        process.send({"cmd": "bye"})
        self.assertEqual(process.close(), 0)

    def test_passthrough_until_n(self):
        process = self.start("crash", after=99)
        self.assertAnswer(HELLO, process.ask(HELLO))
        for request in self.requests():
            answer = process.ask(request)
            self.assertAnswer(request, answer)
        self.assertEqual(process.close(), 0)

    def test_crash(self):
        process = self.session("crash")
        self.assertIsNone(process.read())
        self.assertEqual(process.proc.wait(timeout=10), 3)

    def test_hang(self):
        process = self.session("hang")
        with self.assertRaises(queue.Empty):
            process.read(timeout=1.0)
        self.assertIsNone(process.proc.poll())

    def test_garbage(self):
        process = self.session("garbage")
        with self.assertRaises(ValueError):
            json.loads(process.read())
        self.finish_normally(process)

    def test_malformed(self):
        process = self.session("malformed")
        answer = json.loads(process.read())
        self.assertNotIn("status", answer)
        self.assertSchema("cast-answer", answer, valid=False)
        self.finish_normally(process)

    def test_wrong_count(self):
        process = self.session("wrong_count")
        answer = json.loads(process.read())
        self.assertEqual((answer["status"], answer["elements"]), ("ok", "04"))
        self.finish_normally(process)

    def test_wrong_id(self):
        process = self.session("wrong_id")
        self.assertNotEqual(json.loads(process.read())["id"], 2)
        self.finish_normally(process)

    def test_stray_stdout(self):
        process = self.session("stray_stdout")
        with self.assertRaises(ValueError):
            json.loads(process.read())
        self.assertEqual(json.loads(process.read())["elements"], "0405")
        self.finish_normally(process)

    def test_early_exit_every_time(self):
        for _ in range(2):
            process = self.start("early_exit")
            process.send(HELLO)
            self.assertIsNone(process.read())
            self.assertEqual(process.proc.wait(timeout=10), 1)

    def test_liar(self):
        process = self.session("liar")
        answer = json.loads(process.read())
        self.assertEqual(answer["elements"], "0504")
        validate = validate_message(3)
        self.assertEqual(process.ask(validate)["status"], "valid")
        answer = process.ask(self.requests()[3])
        self.assertAnswer(self.requests()[3], answer)
        self.assertEqual(answer["elements"], "07")
        wide = cast_message(9, cvc.pack("int8", [1, 2]), array="int8", target="int16")
        answer = process.ask(wide)
        self.assertAnswer(wide, answer)
        self.assertEqual(answer["elements"], "00000300")
        process.send({"cmd": "bye"})
        self.assertEqual(process.close(), 0)

    def test_against_the_reference_adapter(self):
        if not os.access(CVC, os.X_OK):
            self.skipTest(f"{CVC} is not built")
        probe = Process([str(CVC), "adapter"])
        self.addCleanup(probe.kill)
        try:
            probe.send(HELLO)
            line = probe.read(timeout=10)
            if line is None:
                self.skipTest("`cvc adapter` is not available yet")
        except queue.Empty:
            self.skipTest("`cvc adapter` does not answer hello")
        process = self.start("liar", command=[str(CVC), "adapter"])
        hello = process.ask(HELLO)
        self.assertAnswer(HELLO, hello)
        request = cast_message(1, cvc.pack("float32", [0x3F800000, 0x40000000]), array="float32")
        answer = process.ask(request)
        self.assertAnswer(request, answer)
        self.assertEqual((answer["status"], answer["elements"]), ("ok", "0003"))  # 1 -> 0x01, 2 -> 0x02, lowest bits flipped
        process.send({"cmd": "bye"})
        self.assertEqual(process.close(), 0)


# ---------------------------------------------------------------------------------------------
# Protocol 2 elements in base64, and casts on numpy arrays (`prepare`).

HELLO_2 = {"cmd": "hello", "protocol": 1, "max_protocol": 2, "encodings": ["hex", "base64"]}


def numpy_or_skip(test):
    try:
        import numpy
    except ImportError:
        test.skipTest("numpy is not importable")
    return numpy


class EncodingTest(unittest.TestCase):
    def test_base64_round_trip_every_type(self):
        rng = random.Random(11)
        for name, bits in cvc.TYPES.items():
            for count in range(5):  # every padding length
                with self.subTest(name=name, count=count):
                    patterns = [rng.getrandbits(bits) for _ in range(count)]
                    data = bytes.fromhex(cvc.pack(name, patterns))
                    text = cvc.encode_elements(data, "base64")
                    self.assertEqual(cvc.decode_elements(name, text, "base64"), data)
                    self.assertEqual(cvc.decode_elements(name, cvc.encode_elements(data, "hex"), "hex"), data)

    def test_malformed_elements_raise(self):
        for name, text, encoding in (("int8", "AQ-B", "base64"), ("int8", "AQE", "base64"),
                                     ("int16", "AQEB", "base64"), ("int4", "/w==", "base64"),
                                     ("int4", "10", "hex"), ("int8", "0", "hex"), ("int8", "", "base85")):
            with self.subTest(text=text, encoding=encoding):
                with self.assertRaises(ValueError):
                    cvc.decode_elements(name, text, encoding)

    def test_request_views_of_the_bytes(self):
        np = numpy_or_skip(self)
        request = cvc.CastRequest(1, "encode", "int4", 0, {}, "int4", "int8", bytes([0xF, 0x7, 0x8, 0x0]))
        self.assertEqual(request.count, 4)
        self.assertEqual(request.inputs, [0xF, 0x7, 0x8, 0x0])
        self.assertEqual(request.input_bits().tolist(), [0xF, 0x7, 0x8, 0x0])
        self.assertEqual(request.array(np.int8).tolist(), [-1, 7, -8, 0])  # sign-extended
        part = request.subset(1, 3)
        self.assertEqual((part.inputs, part.count, part.array(np.int8).tolist()), ([7, 8], 2, [7, -8]))
        self.assertEqual(request.count, 4)
        by_hand = cvc.CastRequest(1, "encode", "uint16", 0, {}, "uint16", "int8", [1, 0xFFFF])
        self.assertEqual((by_hand.input_bytes, by_hand.input_bits().tolist()), (b"\x01\x00\xff\xff", [1, 0xFFFF]))


def array_prepare(calls):
    """A `prepare` for uint8 -> uint8: +1, refusing any array holding a value over 100."""
    def prepare(request):
        if request.fill_value == 42:
            raise cvc.Rejected("fill value 42 is refused")
        calls.append("prepare")

        def cast(x):
            calls.append(len(x))
            if (x > 100).any():
                raise cvc.CastFailed()
            return x + 1
        return cvc.ArrayCast(request.array("uint8"), cast)
    return prepare


class ArrayCastTest(SchemaMixin, unittest.TestCase):
    def run_case(self, inputs, bisect=True):
        calls = []
        np = numpy_or_skip(self)
        request = cvc.CastRequest(1, "encode", "uint8", 0, {}, "uint8", "uint8", bytes(inputs))
        data, failed = cvc.array_cast_elements(array_prepare(calls)(request), "uint8", bisect)
        return list(np.frombuffer(data, np.uint8)), failed, calls[1:]

    def test_finds_exactly_the_failing_indices(self):
        rng = random.Random(5)
        for n in (1, 2, 3, 64, 482):
            for k in (0, 1, 5, n // 2, n):
                bad = set(rng.sample(range(n), min(k, n)))
                inputs = [rng.randrange(101, 256) if i in bad else rng.randrange(0, 101) for i in range(n)]
                outputs, failed, calls = self.run_case(inputs)
                self.assertEqual(failed, sorted(bad))
                self.assertEqual(outputs, [0 if i in bad else inputs[i] + 1 for i in range(n)])
                if not bad:
                    self.assertEqual(calls, [n])

    def test_dense_failures_cost_about_one_call_per_element(self):
        """Half the elements failing: plain halving needs about 2n calls, the splitter about n."""
        rng = random.Random(9)
        n = 482
        inputs = [200 if rng.random() < 0.5 else 1 for _ in range(n)]
        _, failed, calls = self.run_case(inputs)
        self.assertGreater(len(failed), n // 3)
        self.assertLess(len(calls), 1.3 * n)

    def test_rare_failures_cost_a_few_calls(self):
        inputs = [1] * 482
        inputs[300] = 200
        _, failed, calls = self.run_case(inputs)
        self.assertEqual(failed, [300])
        self.assertLessEqual(len(calls), 1 + 2 * 9)

    def test_without_bisection_everything_fails(self):
        outputs, failed, calls = self.run_case([1, 200, 3], bisect=False)
        self.assertEqual((failed, calls), ([0, 1, 2], [3]))

    def test_adapter_speaks_base64_with_prepare(self):
        numpy_or_skip(self)
        calls = []
        adapter = cvc.Adapter("x", "1", "python", ["uint8", "int16"], ["encode", "decode"],
                              prepare=array_prepare(calls))
        hello = json.loads(adapter.handle(json.dumps(HELLO_2)))
        self.assertSchema("hello-answer", hello)
        self.assertEqual((hello["protocol"], hello["encoding"]), (2, "base64"))
        request = cast_message(1, cvc.encode_elements(bytes([1, 200, 100, 7]), "base64"), count=4,
                               array="uint8", target="uint8")
        self.assertSchema("cast", request)
        answer = json.loads(adapter.handle(json.dumps(request)))
        self.assertSchema("cast-answer", answer)
        self.assertEqual((answer["status"], answer["failed"]), ("ok", [1]))
        self.assertEqual(cvc.decode_elements("uint8", answer["elements"], "base64"), bytes([2, 0, 101, 8]))
        self.assertEqual(calls.count("prepare"), 1)  # once per request, whatever the bisection
        rejected = json.loads(adapter.handle(json.dumps(dict(request, id=2, fill_value=42))))
        self.assertEqual(rejected["status"], "rejected")
        bad = json.loads(adapter.handle(json.dumps(dict(request, id=3, elements="AQ-B"))))
        self.assertEqual(bad["status"], "error")
        # A protocol 1 hello (or one without encodings) gets hex again.
        for hello_request in (HELLO, dict(HELLO_2, encodings=["hex"])):
            self.assertNotIn("encoding", json.loads(adapter.handle(json.dumps(hello_request))))
            hex_request = cast_message(4, "01c8", array="uint8", target="uint8")
            self.assertEqual(json.loads(adapter.handle(json.dumps(hex_request)))["elements"], "0200")

    def test_cast_may_return_a_numpy_array(self):
        np = numpy_or_skip(self)
        adapter = cvc.Adapter("x", "1", "python", ["int4", "int8"], ["encode"],
                              lambda r: r.array(np.int8) - 1)
        adapter.handle(json.dumps(HELLO_2))
        request = cast_message(1, cvc.encode_elements(bytes([0, 7]), "base64"), count=2,
                               array="int8", target="int4")
        answer = json.loads(adapter.handle(json.dumps(request)))
        self.assertEqual(cvc.decode_elements("int4", answer["elements"], "base64"), bytes([0xF, 0x6]))

    def test_exactly_one_of_cast_and_prepare(self):
        with self.assertRaises(ValueError):
            cvc.Adapter("x", "1", "python", ["uint8"], ["encode"], fake_cast, prepare=array_prepare([]))
        with self.assertRaises(ValueError):
            cvc.Adapter("x", "1", "python", ["uint8"], ["encode"])


def main():
    global CVC
    args = sys.argv[1:]
    if args[:1] == ["--fake-adapter"]:
        serve_fake_adapter()
    if args[:1] == ["--cvc"]:
        CVC = Path(args[1])
        args = args[2:]
    program = unittest.main(argv=[sys.argv[0]] + args, exit=False, verbosity=1)
    result = program.result
    failed = len(result.failures) + len(result.errors)
    print(f"{result.testsRun - failed - len(result.skipped)} passed, {failed} failed, {len(result.skipped)} skipped")
    sys.exit(1 if failed or not result.wasSuccessful() else 0)


if __name__ == "__main__":
    main()
