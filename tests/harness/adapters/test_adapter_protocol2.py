#!/usr/bin/env python3
"""Tests of protocol 2 in the Python adapter helper (harness/adapter_kit/python/cvc_adapter.py):
the hello negotiation, the capabilities (validated at start-up, declared in the hello, enforced
on every cast request) and the `reproduce` operation.

usage: test_adapter_protocol2.py [unittest arguments]   (standard library only; plain unittest,
exits non-zero on failure)
"""
import json
import subprocess
import sys
import textwrap
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
HELPER_DIR = ROOT / "harness" / "adapter_kit" / "python"
sys.path.insert(0, str(HELPER_DIR))
import cvc_adapter as cvc  # noqa: E402

TYPES = ["int8", "int16", "uint8", "float32"]
OLD_HELLO = {"cmd": "hello", "protocol": 1}
NEW_HELLO = {"cmd": "hello", "protocol": 1, "max_protocol": 2}


def cast_message(id_=1, direction="encode", array="int16", config=None, elements="0100ff00", fill="0"):
    config = {"data_type": "int8", **(config or {})}
    width = cvc.storage_bytes(array if direction == "encode" else config["data_type"])
    return ('{"cmd": "cast", "id": %s, "direction": "%s", "array_data_type": "%s", "fill_value": %s, '
            '"codec": {"name": "cast_value", "configuration": %s}, "count": %d, "elements": "%s"}'
            % (json.dumps(id_), direction, array, fill, json.dumps(config), len(elements) // (2 * width),
               elements))


def inner(message_text):
    """A request line without its id, as reproduce carries it."""
    message = json.loads(message_text)
    del message["id"]
    return message


class Fake:
    """Callbacks that record what reached them."""

    def __init__(self):
        self.casts, self.reproduced = [], []

    def cast(self, request):
        self.casts.append(request)
        return [p & 0xFF for p in request.inputs]

    def validate(self, request):
        if request.fill_value == 42:
            raise cvc.Invalid("42 is refused")

    def reproduce(self, request):
        self.reproduced.append(request)
        if isinstance(request, cvc.CastRequest) and request.fill_value == 13:
            raise cvc.Unsupported("no reproducer for 13")
        if isinstance(request, cvc.CastRequest) and request.fill_value == 14:
            return None
        return f"print({request.id!r})\n"


def adapter(capabilities=None, reproduce=True, operations=("encode", "decode", "validate"), fake=None):
    fake = fake or Fake()
    return cvc.Adapter("fake", "1.0", "python", list(TYPES), list(operations), fake.cast, fake.validate,
                       capabilities=capabilities, reproduce=fake.reproduce if reproduce else None), fake


def ask(adapter_, message):
    text = message if isinstance(message, str) else json.dumps(message)
    return json.loads(adapter_.handle(text))


EVERYTHING = {"encode": cvc.direction_capabilities(), "decode": cvc.direction_capabilities()}


class HelloTest(unittest.TestCase):
    def test_old_harness_gets_protocol_1(self):
        a, _ = adapter(capabilities=EVERYTHING)
        hello = ask(a, OLD_HELLO)
        self.assertEqual(hello["protocol"], 1)
        self.assertNotIn("capabilities", hello)
        self.assertEqual(hello["operations"], ["encode", "decode", "validate"])
        self.assertEqual(sorted(hello), ["data_types", "implementation", "operations", "protocol"])

    def test_protocol_2(self):
        caps = {"encode": {"rounding": ["nearest-even", "towards-zero"]},
                "missing_pairs": [("decode", "int8", "float32")]}
        a, _ = adapter(capabilities=caps)
        hello = ask(a, NEW_HELLO)
        self.assertEqual(hello["protocol"], 2)
        self.assertEqual(hello["operations"], ["encode", "decode", "validate", "reproduce"])
        self.assertEqual(hello["capabilities"], {
            "encode": {"rounding": ["nearest-even", "towards-zero"]},
            "missing_pairs": [{"direction": "decode", "input": "int8", "output": "float32"}]})
        # The declaration stays the adapter's: the answer is a copy.
        hello["capabilities"]["encode"]["rounding"].append("nearest-away")
        self.assertEqual(ask(a, NEW_HELLO)["capabilities"]["encode"]["rounding"],
                         ["nearest-even", "towards-zero"])

    def test_negotiation(self):
        a, _ = adapter(capabilities=EVERYTHING)
        for max_protocol, expected in ((1, 1), (2, 2), (3, 2), (True, 1), ("2", 1), (None, 1)):
            with self.subTest(max_protocol=max_protocol):
                hello = ask(a, dict(OLD_HELLO, max_protocol=max_protocol))
                self.assertEqual(hello["protocol"], expected)
                self.assertEqual("capabilities" in hello, expected == 2)
                self.assertEqual("reproduce" in hello["operations"], expected == 2)
        # Renegotiated on every hello (the harness restarts adapters, but may say hello again).
        self.assertEqual(ask(a, OLD_HELLO)["protocol"], 1)

    def test_nothing_declared(self):
        a, _ = adapter(reproduce=False)
        hello = ask(a, NEW_HELLO)
        self.assertEqual(hello["protocol"], 2)
        self.assertNotIn("capabilities", hello)
        self.assertEqual(hello["operations"], ["encode", "decode", "validate"])

    def test_reproduce_in_operations_is_tolerated(self):
        fake = Fake()
        a = cvc.Adapter("f", "1", "python", TYPES, ["encode", "reproduce"], fake.cast, reproduce=fake.reproduce)
        self.assertEqual(ask(a, OLD_HELLO)["operations"], ["encode"])
        self.assertEqual(ask(a, NEW_HELLO)["operations"], ["encode", "reproduce"])


class CapabilitiesCheckTest(unittest.TestCase):
    def check(self, capabilities, operations=("encode", "decode")):
        return cvc.check_capabilities(capabilities, TYPES, operations)

    def test_accepted_and_normalised(self):
        self.assertIsNone(self.check(None))
        self.assertEqual(self.check({}), {})
        caps = self.check({"decode": {"rounding": ("nearest-even",), "out_of_range": ["absent"],
                                      "scalar_map": False},
                           "missing_pairs": [("encode", "int8", "uint8"),
                                             {"direction": "decode", "input": "float32", "output": "int16"}]})
        self.assertEqual(caps, {"decode": {"rounding": ["nearest-even"], "out_of_range": ["absent"],
                                           "scalar_map": False},
                                "missing_pairs": [{"direction": "encode", "input": "int8", "output": "uint8"},
                                                  {"direction": "decode", "input": "float32", "output": "int16"}]})
        self.assertEqual(self.check(EVERYTHING), EVERYTHING)
        self.assertEqual(cvc.direction_capabilities(), {"rounding": list(cvc.ROUNDINGS),
                                                        "out_of_range": ["absent", "clamp", "wrap"],
                                                        "scalar_map": True})

    def test_refused(self):
        bad = [
            ([], "must be an object"),
            ({"encdoe": {}}, "unknown key"),
            ({"validate": {}}, "unknown key"),
            ({"encode": []}, "must be an object"),
            ({"encode": {"roundings": ["nearest-even"]}}, "unknown key"),
            ({"encode": {"rounding": ["nearest"]}}, "unknown name"),
            ({"encode": {"rounding": "nearest-even"}}, "list of names"),
            ({"encode": {"rounding": ["towards-zero", "towards-zero"]}}, "listed twice"),
            ({"encode": {"rounding": []}}, "is empty"),
            ({"encode": {"out_of_range": ["saturate"]}}, "unknown name"),
            ({"encode": {"out_of_range": [None]}}, "unknown name"),
            ({"encode": {"scalar_map": 1}}, "true or false"),
            ({"missing_pairs": [("encode", "int8")]}, "is not"),
            ({"missing_pairs": [{"direction": "encode", "input": "int8", "output": "int16", "x": 1}]}, "is not"),
            ({"missing_pairs": [("validate", "int8", "int16")]}, "direction"),
            ({"missing_pairs": [("encode", "int4", "int16")]}, "not a declared data type"),
            ({"missing_pairs": [("encode", "int8", "int16"), ("encode", "int8", "int16")]}, "listed twice"),
        ]
        for capabilities, message in bad:
            with self.subTest(capabilities=capabilities):
                with self.assertRaisesRegex(ValueError, message):
                    self.check(capabilities)
        with self.assertRaisesRegex(ValueError, "not among the operations"):
            self.check({"encode": {}}, operations=["decode"])
        with self.assertRaisesRegex(ValueError, "direction"):
            self.check({"missing_pairs": [("encode", "int8", "int16")]}, operations=["decode"])

    def test_checked_at_start_up(self):
        with self.assertRaisesRegex(ValueError, "unknown name"):
            adapter(capabilities={"encode": {"rounding": ["round-half-up"]}})
        # run() builds the Adapter before serving: the process stops with the message.
        script = textwrap.dedent("""
            import cvc_adapter as cvc
            cvc.run(name="x", version="1", data_types=["int8"], cast=lambda r: r.inputs,
                    capabilities={"encode": {"out_of_range": ["saturate"]}})
        """)
        done = subprocess.run([sys.executable, "-c", script], input=b"", capture_output=True, timeout=60,
                              env={"PYTHONPATH": str(HELPER_DIR), "PATH": "/usr/bin:/bin"})
        self.assertNotEqual(done.returncode, 0)
        self.assertIn(b"saturate", done.stderr)
        self.assertEqual(done.stdout, b"")


class EnforcementTest(unittest.TestCase):
    def setUp(self):
        self.caps = {"encode": {"rounding": ["nearest-even", "towards-zero"], "out_of_range": ["absent", "clamp"],
                                "scalar_map": False},
                     "missing_pairs": [("decode", "int8", "float32")]}
        self.adapter, self.fake = adapter(capabilities=self.caps)

    def status(self, **kwargs):
        return ask(self.adapter, cast_message(**kwargs))

    def test_inside_is_sent(self):
        for config in ({}, {"rounding": "towards-zero"}, {"out_of_range": "clamp"},
                       {"scalar_map": {"decode": [[1, 2]]}}, {"scalar_map": {"encode": []}}):
            with self.subTest(config=config):
                self.assertEqual(self.status(config=config)["status"], "ok")
        self.assertEqual(len(self.fake.casts), 5)
        # decode has no declaration: everything; int16 -> float32... only int8 -> float32 is missing.
        self.assertEqual(self.status(direction="decode", array="float32", config={"data_type": "int16",
                                     "rounding": "towards-negative", "out_of_range": "wrap"},
                                     elements="0100")["status"], "ok")

    def test_outside_is_unsupported_without_calling_cast(self):
        cases = [({"rounding": "nearest-away"}, "encode rounding 'nearest-away' is not declared "
                                                "(capabilities.encode.rounding: [\"nearest-even\",\"towards-zero\"])"),
                 ({"out_of_range": "wrap"}, "encode out_of_range 'wrap' is not declared"),
                 ({"scalar_map": {"encode": [[1, 2]]}}, "encode scalar_map is not declared "
                                                        "(capabilities.encode.scalar_map: false)")]
        for config, message in cases:
            with self.subTest(config=config):
                answer = self.status(config=config)
                self.assertEqual(answer["status"], "unsupported")
                self.assertIn("outside the declared capabilities: " + message, answer["message"])
        answer = self.status(direction="decode", array="float32", elements="01")
        self.assertEqual(answer["status"], "unsupported")
        self.assertIn('decode int8 -> float32 is declared missing (capabilities.missing_pairs: '
                      '{"direction":"decode","input":"int8","output":"float32"})', answer["message"])
        self.assertEqual(self.fake.casts, [])

    def test_enforced_whatever_the_protocol(self):
        ask(self.adapter, OLD_HELLO)  # an old harness sends anything: still answered unsupported
        self.assertEqual(self.status(config={"rounding": "towards-positive"})["status"], "unsupported")

    def test_cast_rule(self):
        self.assertEqual(cvc.cast_rule("encode", {"data_type": "int8"}), ("nearest-even", "absent", False))
        self.assertEqual(cvc.cast_rule("decode", {"data_type": "int8", "rounding": "towards-zero",
                                                  "out_of_range": "wrap", "scalar_map": {"decode": [[1, 2]]}}),
                         ("towards-zero", "wrap", True))
        self.assertEqual(cvc.cast_rule("encode", {"scalar_map": {"decode": [[1, 2]]}})[2], False)


class ReproduceTest(unittest.TestCase):
    def setUp(self):
        self.adapter, self.fake = adapter(capabilities={"encode": {"rounding": ["nearest-even"]}})
        ask(self.adapter, NEW_HELLO)

    def reproduce(self, request, id_=7):
        return ask(self.adapter, {"cmd": "reproduce", "id": id_, "request": request})

    def test_cast(self):
        line = cast_message(fill="-0.0", config={"scalar_map": {"encode": [[1, 1.5]]}}).replace("1.5", "1.50")
        text = '{"cmd": "reproduce", "id": 9, "request": %s}' % line.replace('"id": 1, ', "")
        answer = json.loads(self.adapter.handle(text))
        self.assertEqual(answer, {"id": 9, "status": "ok", "language": "python", "code": "print(9)\n"})
        request = self.fake.reproduced[0]
        self.assertIsInstance(request, cvc.CastRequest)
        self.assertEqual((request.id, request.direction, request.input_type, request.output_type, request.inputs),
                         (9, "encode", "int16", "int8", [1, 255]))
        self.assertEqual(request.fill_value_json, "-0.0")          # the exact texts of the inner request
        self.assertIn("1.50", request.codec_json)
        self.assertEqual(self.fake.casts, [])                      # reproducing casts nothing

    def test_exact_texts_survive_any_spacing(self):
        text = ('{"cmd":"reproduce" , "id":3,"request" : {"cmd":"validate","array_data_type":{"name":"float32"},'
                '"fill_value": 1e400 ,"codecs":[{"name":"cast_value","configuration":{"data_type":"int8"}}]}}')
        answer = json.loads(self.adapter.handle(text))
        self.assertEqual(answer["status"], "ok")
        request = self.fake.reproduced[0]
        self.assertIsInstance(request, cvc.ValidateRequest)
        self.assertEqual((request.array_data_type_json, request.fill_value_json), ('{"name":"float32"}', "1e400"))

    def test_unsupported(self):
        # outside the declaration, an undeclared type or operation, the callback's own refusal
        for request in (inner(cast_message(config={"rounding": "towards-zero"})),
                        inner(cast_message(array="float64")),
                        inner(cast_message(fill="13"))):
            with self.subTest(request=request):
                self.assertEqual(self.reproduce(request)["status"], "unsupported")
        no_validate, _ = adapter(operations=["encode", "decode"])
        answer = ask(no_validate, {"cmd": "reproduce", "id": 1, "request": {
            "cmd": "validate", "array_data_type": "int8", "fill_value": 0, "codecs": []}})
        self.assertEqual(answer["status"], "unsupported")
        without, _ = adapter(reproduce=False)
        answer = ask(without, {"cmd": "reproduce", "id": 1, "request": inner(cast_message())})
        self.assertEqual((answer["status"], answer["message"]), ("unsupported", "this adapter has no reproducer"))

    def test_errors(self):
        for request in ({"cmd": "bye"}, "not an object", None):
            with self.subTest(request=request):
                self.assertEqual(self.reproduce(request)["status"], "error")
        answer = self.reproduce(inner(cast_message(fill="14")))  # the callback returned None
        self.assertEqual(answer["status"], "error")
        self.assertIn("not program text", answer["message"])


class ReproducerBlocksTest(unittest.TestCase):
    def test_numpy_array_code(self):
        self.assertEqual(cvc.numpy_array_code("float32", [0x3F800000]),
                         "np.array([0x3f800000], dtype=np.uint32).view(np.float32)")
        self.assertEqual(cvc.numpy_array_code("int4", [0x1, 0xF]),
                         "np.array([0x01, 0xff], dtype=np.uint8).view(ml_dtypes.int4)")
        self.assertEqual(cvc.numpy_dtype_code("bfloat16"), "ml_dtypes.bfloat16")

    def test_python_float_code(self):
        for value in (1.5, -0.0, float("nan"), float("inf"), float("-inf"), 1e-310):
            code = cvc.python_float_code(value)
            back = eval(code)
            self.assertEqual(repr(back), repr(value))

    def test_numpy_cast_program_is_self_contained(self):
        line = cast_message(config={"rounding": "nearest-even"})
        message = json.loads(line)
        request = cvc.CastRequest(1, "encode", "int16", 0, message["codec"], "int16", "int8", [1, 0x1FF, 0x8000],
                                  "0", json.dumps(message["codec"]), message)
        code = cvc.numpy_cast_program(request, install="pip install numpy", imports="import math\n",
                                      cast_def="def cast(x):\n    if (x > 255).any():\n"
                                               "        raise ValueError('too big')\n"
                                               "    return x.astype(np.int8)\n")
        self.assertIn("# Set-up: pip install numpy", code)
        self.assertNotIn("cvc", code.replace("cast_value conformance", ""))
        try:
            import numpy  # noqa: F401
        except ImportError:
            self.skipTest("numpy is not importable: the program is not run")
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stdout.splitlines(), [
            "the whole array: ValueError: too big",
            "0: 0x0001 (1) -> 0x01 (1)",
            "1: 0x01ff (511) -> error: ValueError: too big",
            "2: 0x8000 (-32768) -> 0x00 (0)"])


class ServeTest(unittest.TestCase):
    def test_each_answer_is_flushed(self):
        """An answer arrives while the adapter still waits for the next request."""
        script = textwrap.dedent("""
            import cvc_adapter as cvc
            cvc.run(name="x", version="1", data_types=["int8"], cast=lambda r: r.inputs,
                    capabilities={"encode": cvc.direction_capabilities(rounding=["nearest-even"])},
                    reproduce=lambda r: "print(1)\\n")
        """)
        proc = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env={"PYTHONPATH": str(HELPER_DIR), "PATH": "/usr/bin:/bin"})
        try:
            requests = [json.dumps(NEW_HELLO),
                        cast_message(array="int8", elements="01"),
                        json.dumps({"cmd": "reproduce", "id": 2, "request": inner(cast_message(array="int8", elements="01"))}),
                        json.dumps({"cmd": "reproduce", "id": 3, "request": inner(
                            cast_message(array="int8", elements="01", config={"rounding": "towards-zero"}))})]
            answers = []
            for request in requests:  # one at a time: stdin stays open
                proc.stdin.write((request + "\n").encode())
                proc.stdin.flush()
                answers.append(json.loads(proc.stdout.readline()))
            self.assertEqual(answers[0]["protocol"], 2)
            self.assertEqual(answers[0]["capabilities"]["encode"]["rounding"], ["nearest-even"])
            self.assertEqual(answers[1]["status"], "ok")
            self.assertEqual((answers[2]["status"], answers[2]["code"]), ("ok", "print(1)\n"))
            self.assertEqual(answers[3]["status"], "unsupported")
        finally:
            proc.stdin.close()
            self.assertEqual(proc.wait(timeout=30), 0)
            proc.stdout.close()
            proc.stderr.close()


if __name__ == "__main__":
    unittest.main()
