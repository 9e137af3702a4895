#!/usr/bin/env bash
# cvc chain (issue 34, part 3): elements through a codec chain, step by step, under any reading.
# The expected results are read from the published vectors (vectors/chain.json), never written
# here: for cases that list an alternative of ScaleOffsetRounding, `--reading
# ScaleOffsetRounding=ALT` must give that alternative and name the default's result, and no
# reading the case's result; for refused cases, the kind and the codec path. Then the sharded and
# alias forms (paths inside a shard; the alias's two steps), the metadata check first (invalid:
# exit 1; a codec it does not follow: exit 4), and the arguments refused with exit 2 naming what
# ("did you mean" for a type, codec, flag, alternative or direction). The checker's own teeth: a
# flipped expectation must be reported as a mismatch.
# usage: chain_command.sh CVC_BINARY PYTHON
set -uo pipefail
cvc="$1"
python="${2:-python3}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$root/tests/harness/adapters/test_lines.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# --- Against the vectors -------------------------------------------------------------------
# chain_vs_vectors.py runs cvc chain --json on cases of vectors/chain.json and compares; it prints
# one line per comparison group and exits 1 on any mismatch.
cat >"$work/chain_vs_vectors.py" <<'PY'
import json, subprocess, sys

cvc, vectors, mode = sys.argv[1], sys.argv[2], sys.argv[3]
groups = json.load(open(vectors))["groups"]
PER_GROUP = 8  # cases per group and reading: enough to cover each group's flagged inputs


def run(group, inputs, reading=None):
    command = [cvc, "chain", "--json", "--array-type", group["array_data_type"],
               "--fill-value", json.dumps(group["fill_value"]),
               "--codecs", json.dumps(group["codecs"]), "--direction", group["direction"]]
    if reading:
        command += ["--reading", reading]
    done = subprocess.run(command + inputs, capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        sys.exit(f"exit {done.returncode}: {' '.join(command)}\n{done.stderr}")
    return json.loads(done.stdout)["elements"]


def flip(result):  # a wrong expectation: the checker must call it a mismatch
    if result.startswith("error:"):
        return "0x00"
    return result[:-1] + ("1" if result[-1] != "1" else "0")


mismatches = compared = 0
def expect(what, got, want):
    global mismatches, compared
    compared += 1
    if mode == "flipped":
        want = flip(want)
    if got != want:
        mismatches += 1
        if mode != "flipped":
            print(f"MISMATCH {what}: got {got}, vectors say {want}")

alternatives = set()
for group in groups:
    name = f'{group["array_data_type"]} {group["direction"]} {json.dumps(group["codecs"])}'
    by_reading = {}
    for case in group["cases"]:
        for pair in case.get("alternatives", {}):
            if pair.startswith("ScaleOffsetRounding="):
                by_reading.setdefault(pair, []).append(case)
    for pair, cases in sorted(by_reading.items()):
        cases = cases[:PER_GROUP]
        alternatives.add(pair)
        got = run(group, [c["input"] for c in cases], pair)
        plain = run(group, [c["input"] for c in cases])
        for case, element, default in zip(cases, got, plain):
            expect(f"{name} {case['input']} under {pair}", element["result"],
                   case["alternatives"][pair])
            expect(f"{name} {case['input']} default named under {pair}",
                   element.get("default_result", element["result"]), case["result"])
            expect(f"{name} {case['input']} default", default["result"], case["result"])
    refused = [c for c in group["cases"] if c["result"].startswith("error:")][:PER_GROUP]
    if refused:
        got = run(group, [c["input"] for c in refused])
        for case, element in zip(refused, got):
            expect(f"{name} {case['input']} kind", element["result"], case["result"])
            expect(f"{name} {case['input']} at", element["error_at"], case["error_at"])
print(f"{compared} comparisons, {mismatches} mismatches; alternatives: {' '.join(sorted(alternatives))}")
if mode == "flipped":
    sys.exit(0 if mismatches == compared and compared > 0 else 1)
sys.exit(0 if mismatches == 0 and len(alternatives) >= 2 else 1)
PY
exits_seconds=600
check "vectors: cvc chain gives each listed ScaleOffsetRounding alternative, the default and the refusals" \
  exits 0 "$python" "$work/chain_vs_vectors.py" "$cvc" "$root/vectors/chain.json" plain
tail -1 "$work/out"
check "vectors: the checker reports every flipped expectation as a mismatch (its teeth)" \
  exits 0 "$python" "$work/chain_vs_vectors.py" "$cvc" "$root/vectors/chain.json" flipped
exits_seconds=30

# --- The text form: the spec's first example (scale_offset.md, "Examples": offset 5, scale 0.1) --
spec='[{"name": "scale_offset", "configuration": {"offset": 5, "scale": 0.1}}]'
check "text: valid metadata said first" exits 0 "$cvc" chain --array-type float32 --fill-value 5 --codecs "$spec" 12.5
check "text: metadata line" says '^metadata: valid: fill value 5.0 (float32)'
check "text: the chain's step with its operands" says '^  codecs\[0\]: scale_offset on float32: subtract offset 5.0, then multiply by scale 0.1'
check "text: the element's line" says '^element 0x41480000 (12.5) -> 0x'
check "text: the subtraction, exact" says '^    subtract offset 5.0: exact 7.5, exact in float32 -> 7.5'
check "text: the product, exact value and rounding" says '^    multiply by scale 0.1: exact 0.7500000111758708953857421875, rounded to nearest, ties to even, onto float32 -> '
check "text: a hex ELEMENT is the same element" exits 0 "$cvc" chain --array-type float32 --fill-value 5 --codecs "$spec" 0x41480000
check "text: ... with the same result" says '^element 0x41480000 (12.5) -> 0x'
check "text: round-once keeps the difference exact" exits 0 "$cvc" chain --array-type float32 --fill-value 5 --codecs "$spec" --reading ScaleOffsetRounding=round-once 12.5
check "text: ... and says the reading" says '^reading: ScaleOffsetRounding=round-once'
check "text: ... in the operation's line" says 'kept exact (reading ScaleOffsetRounding round-once)'

# The spec's float64 example: NaN through scale_offset, then the scalar_map of cast_value.
nan_chain='[{"name": "scale_offset", "configuration": {"offset": -10, "scale": 0.1}}, {"name": "cast_value", "configuration": {"data_type": "uint8", "rounding": "nearest-even", "scalar_map": {"encode": [["NaN", 0]], "decode": [[0, "NaN"]]}}}]'
check "NaN example: computed" exits 0 "$cvc" chain --array-type float64 --fill-value '"NaN"' --codecs "$nan_chain" NaN 1e300
check "NaN example: scale_offset passes NaN" says 'NaN (IEEE 754: a NaN operand gives NaN)'
check "NaN example: cast_value's explanation" says '^  codecs\[1\] cast_value encode: .*scalar_map'
check "NaN example: 1e300 refused at codecs[1], named" says '^element 0x7e37e43c8800759c (1e+300) -> error:out_of_range at codecs\[1\]'
check "decode: runs the codecs in reverse" exits 0 "$cvc" chain --array-type float64 --fill-value '"NaN"' --codecs "$nan_chain" --direction decode 0x00 0x05
check "decode: codecs[1] first, then codecs[0]" \
  "$python" -c 'import sys; t=open(sys.argv[1]).read(); i=t.index("  codecs[1] cast_value decode"); j=t.index("  codecs[0] scale_offset decode"); sys.exit(0 if i < j else 1)' "$work/out"
check "decode: an integral operand divides" says '^    divide by scale 0.1: exact'

# --- Shards and the alias ----------------------------------------------------------------
inner='{"name": "scale_offset", "configuration": {"offset": 100}}, {"name": "cast_value", "configuration": {"data_type": "uint16", "out_of_range": "clamp"}}'
sharded="[{\"name\": \"sharding_indexed\", \"configuration\": {\"chunk_shape\": [2], \"codecs\": [$inner, \"bytes\"], \"index_codecs\": [\"bytes\"]}}]"
check "shard: computed through the inner codecs" exits 0 "$cvc" chain --array-type float32 --fill-value 100.0 --codecs "$sharded" 150.5 50
check "shard: paths inside the shard" says '^  codecs\[0\].configuration.codecs\[1\] cast_value encode'
check "shard: the same results as the codecs unsharded" \
  bash -c "diff <(grep '^element' '$work/out') <('$cvc' chain --array-type float32 --fill-value 100.0 --codecs '[$inner]' 150.5 50 | grep '^element')"
alias='[{"name": "numcodecs.fixedscaleoffset", "configuration": {"astype": "uint8", "dtype": "float32", "scale": 0.1, "offset": 10}}]'
check "alias: the spec's conversion example" exits 0 "$cvc" chain --array-type float32 --fill-value 10.0 --codecs "$alias" 20 2000
check "alias: as scale_offset" says '^  codecs\[0\]: numcodecs.fixedscaleoffset as scale_offset on float32'
check "alias: as cast_value with wrap" says '^  codecs\[0\]: numcodecs.fixedscaleoffset as cast_value float32 -> uint8: .*out_of_range wrap'
echo "$alias" >"$work/codecs.json"
check "@FILE: the codecs from a file" exits 0 "$cvc" chain --array-type float32 --fill-value 10.0 --codecs "@$work/codecs.json" --json 20
check "@FILE: one JSON document" "$python" -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if d["elements"][0]["steps"][0]["path"] == "codecs[0]" and d["metadata"]["verdict"] == "valid" else 1)' "$work/out"

# --- The metadata first -----------------------------------------------------------------------
check "invalid metadata: exit 1, no element computed" exits 1 "$cvc" chain --array-type float32 --fill-value 1000.0 --codecs '[{"name": "cast_value", "configuration": {"data_type": "int8"}}]' 1
check "invalid metadata: said" says '^metadata: invalid: '
check "invalid metadata: no element line" not_says '^element'
check "a codec it does not follow: exit 4" exits 4 "$cvc" chain --array-type float32 --fill-value 0 --codecs '[{"name": "numcodecs.bitround", "configuration": {"keepbits": 3}}]' 1
check "... says cannot decide" says '^metadata: cannot decide: '
check "ScaleZero: scale 0 invalid by default" exits 1 "$cvc" chain --array-type float32 --fill-value 0 --codecs '[{"name": "scale_offset", "configuration": {"scale": 0}}]' 1
check "ScaleZero=valid: computed" exits 0 "$cvc" chain --array-type float32 --fill-value 0 --codecs '[{"name": "scale_offset", "configuration": {"scale": 0}}]' --reading ScaleZero=valid --direction decode 1
check "ScaleZero=valid: decode fails, named" says '^element 0x3f800000 (1.0) -> error:invalid_operation at codecs\[0\]'

# --- Arguments --------------------------------------------------------------------------------
ok='[{"name": "scale_offset", "configuration": {"offset": 1}}]'
check "unknown type: exit 2" exits 2 "$cvc" chain --array-type flaot32 --fill-value 0 --codecs "$ok" 1
check "... did you mean" says 'did you mean "float32"'
check "misspelt codec: exit 2" exits 2 "$cvc" chain --array-type float32 --fill-value 0 --codecs '[{"name": "scale_ofset"}]' 1
check "... names it and the nearest" says 'codecs\[0\]: unknown codec "scale_ofset" (did you mean "scale_offset"?)'
check "misspelt codec inside a shard: exit 2" exits 2 "$cvc" chain --array-type float32 --fill-value 0 --codecs '[{"name": "sharding_indexed", "configuration": {"chunk_shape": [2], "codecs": ["cast_valeu", "bytes"], "index_codecs": ["bytes"]}}]' 1
check "... with its path" says 'codecs\[0\].configuration.codecs\[0\]: unknown codec "cast_valeu"'
check "unknown flag: exit 2" exits 2 "$cvc" chain --array-type float32 --fill-value 0 --codecs "$ok" --reading ScaleOffsetRoundin=round-once 1
check "... did you mean" says 'did you mean "ScaleOffsetRounding"'
check "unknown alternative: exit 2" exits 2 "$cvc" chain --array-type float32 --fill-value 0 --codecs "$ok" --reading ScaleOffsetRounding=round-onse 1
check "... did you mean" says 'did you mean "round-once"'
check "unknown direction: exit 2" exits 2 "$cvc" chain --array-type float32 --fill-value 0 --codecs "$ok" --direction decod 1
check "... did you mean" says 'did you mean "decode"'
check "an element that is no float32: exit 2" exits 2 "$cvc" chain --array-type float32 --fill-value 0 --codecs "$ok" abc
check "a pattern too wide: exit 2" exits 2 "$cvc" chain --array-type float32 --fill-value 0 --codecs "$ok" 0x1ffffffff
check "... names the width" says 'beyond the 32-bit width of float32'
check "codecs not JSON: exit 2" exits 2 "$cvc" chain --array-type float32 --fill-value 0 --codecs '[{' 1
check "... names --codecs" says '--codecs is not valid JSON'
check "codecs not an array: exit 2" exits 2 "$cvc" chain --array-type float32 --fill-value 0 --codecs '{}' 1
check "@FILE missing: exit 2" exits 2 "$cvc" chain --array-type float32 --fill-value 0 --codecs "@$work/none.json" 1
check "no element: exit 2" exits 2 "$cvc" chain --array-type float32 --fill-value 0 --codecs "$ok"
check "no --codecs: exit 2" exits 2 "$cvc" chain --array-type float32 --fill-value 0 1
check "unknown option: exit 2, did you mean" exits 2 "$cvc" chain --array-type float32 --fill-value 0 --codecs "$ok" --jsno 1
check "... did you mean" says 'did you mean "--json"'
check "--help: exit 0" exits 0 "$cvc" chain --help
check "--help: usage" says '^usage: cvc chain'
finish
