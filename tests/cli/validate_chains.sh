#!/usr/bin/env bash
# cvc validate on the chains issue 21 names: the seed's two cases inside shards (../shared/seeds/
# zarr-python-fill-value-round-trip.txt, test_fill_value_checked_inside_shards: "accepted"; "raises"),
# the three scale_offset examples (../shared/spec/scale_offset.md, "Examples": valid; the first
# has no fill value in the spec, 5 is the one offset 5 maps to 0), the alias's conversion example
# ("a float32 array with a fill_value of 10.0 ... a uint8 array with a fill_value of 0"), and a
# codec the oracle does not follow (exit 4, "cannot decide", never "invalid"). Each verdict's exit
# code, its first word, and the round trip printed (one line per value computed).
# usage: validate_chains.sh CVC_BINARY
set -uo pipefail
cvc="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$root/tests/harness/adapters/test_lines.sh"
out="$(mktemp)"
trap 'rm -f "$out"' EXIT

# expect LABEL EXIT WORD STEPS TYPE FILL CODECS: exit code, first word of the verdict line, and the
# number of "  ..." lines of the round trip.
expect() {
  local label="$1" code="$2" word="$3" steps="$4"
  "$cvc" validate --array-type "$5" --fill-value "$6" --codecs "$7" >"$out" 2>&1
  local got=$?
  check "$label: exit $code" [ "$got" -eq "$code" ]
  check "$label: says $word" grep -q "^$word: " "$out"
  check "$label: prints $steps values" [ "$(grep -c '^  ' "$out")" -eq "$steps" ]
}

shard() {  # shard INNER_CODECS: a sharding_indexed codec around them
  printf '[{"name": "sharding_indexed", "configuration": {"chunk_shape": [2], "codecs": [%s, "bytes"], "index_codecs": ["bytes"]}}]' "$1"
}
expect "seed: ScaleOffset(offset=100) then uint16 clamp in shards, fill 100.0" 0 valid 4 float32 100.0 \
  "$(shard '{"name": "scale_offset", "configuration": {"offset": 100}}, {"name": "cast_value", "configuration": {"data_type": "uint16", "out_of_range": "clamp"}}')"
expect "seed: int8 clamp in shards, fill 1000.0" 1 invalid 3 float32 1000.0 \
  "$(shard '{"name": "cast_value", "configuration": {"data_type": "int8", "out_of_range": "clamp"}}')"
check "seed: the message names the codec inside the shard" \
  grep -q 'codecs\[0\].configuration.codecs\[0\]' "$out"
expect "spec: float32 offset 5 scale 0.1, fill 5" 0 valid 2 float32 5 \
  '[{"name": "scale_offset", "configuration": {"offset": 5, "scale": 0.1}}, "bytes"]'
expect "spec: uint16 range reduction, fill 1000" 0 valid 4 uint16 1000 \
  '[{"name": "scale_offset", "configuration": {"offset": 1000}}, {"name": "cast_value", "configuration": {"data_type": "uint8"}}, "bytes"]'
expect "spec: float64 to uint8 with NaN preservation, fill NaN" 0 valid 4 float64 '"NaN"' \
  '[{"name": "scale_offset", "configuration": {"offset": -10, "scale": 0.1}}, {"name": "cast_value", "configuration": {"data_type": "uint8", "rounding": "nearest-even", "scalar_map": {"encode": [["NaN", 0]], "decode": [[0, "NaN"]]}}}, "bytes"]'
expect "spec: numcodecs.fixedscaleoffset conversion example, fill 10.0" 0 valid 4 float32 10.0 \
  '[{"name": "numcodecs.fixedscaleoffset", "configuration": {"astype": "uint8", "dtype": "float32", "scale": 0.1, "offset": 10}}, "bytes"]'
check "spec: the alias's uint8 fill value is 0" grep -q 'uint8 0x00 (0)' "$out"
expect "an unknown array -> array codec" 4 "cannot decide" 0 float32 0 \
  '[{"name": "numcodecs.bitround", "configuration": {"keepbits": 3}}, "bytes"]'
finish
