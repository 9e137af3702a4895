#!/usr/bin/env bash
# cvc validate on the chains issue 21 names: the seed's two cases inside shards (zarr-python's
# fill value round-trip change, test_fill_value_checked_inside_shards: "accepted"; "raises"),
# the three scale_offset examples (the scale_offset spec, docs/specs.md, "Examples": valid; the first
# has no fill value in the spec, 5 is the one offset 5 maps to 0), the alias's conversion example
# ("a float32 array with a fill_value of 10.0 ... a uint8 array with a fill_value of 0"), and a
# codec the oracle does not follow (exit 4, "cannot decide", never "invalid"). Each verdict's exit
# code, its first word, and the round trip printed (one line per value computed). Then the
# chain's structure as the core spec gives it (zarr-specs docs/v3/core/index.rst, "Codecs": array
# -> array codecs, exactly one array -> bytes codec, bytes -> bytes codecs) and sharding_indexed's
# configuration as sharding-indexed.rst gives it (issue 33: each of these was called valid).
# usage: validate_chains.sh CVC_BINARY
set -uo pipefail
cvc="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$root/tests/harness/adapters/test_lines.sh"
out="$(mktemp)"
zarr="$(mktemp)"
trap 'rm -f "$out" "$zarr"' EXIT

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

# --- The chain's structure (issue 33) -------------------------------------------------------------
# refuse LABEL TYPE CODECS TEXT: invalid (exit 1), the message holding TEXT (a fixed string).
refuse() {
  "$cvc" validate --array-type "$2" --fill-value 0 --codecs "$3" >"$out" 2>&1
  local got=$?
  check "$1: invalid (exit 1)" [ "$got" -eq 1 ]
  check "$1: says why" grep -qF -- "$4" "$out"
}
refuse "two array -> bytes codecs" float32 '["bytes", "bytes"]' \
  'codecs[1]: bytes is an array -> bytes codec and cannot follow the array -> bytes codec codecs[0]'
refuse "bytes then sharding_indexed" float32 \
  '["bytes", {"name": "sharding_indexed", "configuration": {"chunk_shape": [2], "codecs": ["bytes"], "index_codecs": ["bytes"]}}]' \
  'cannot follow the array -> bytes codec codecs[0]'
refuse "no codec at all" float32 '[]' 'codecs: no array -> bytes codec'
refuse "cast_value alone, no array -> bytes codec" float32 \
  '[{"name": "cast_value", "configuration": {"data_type": "int8"}}]' 'no array -> bytes codec'
expect "bytes then a bytes -> bytes codec" 0 valid 1 float32 0 '["bytes", {"name": "gzip"}]'

# sharding_indexed's configuration
sharded() {  # sharded CONFIGURATION_KEYS: a sharding codec with them
  printf '[{"name": "sharding_indexed", "configuration": {%s}}]' "$1"
}
inner='"codecs": [{"name": "cast_value", "configuration": {"data_type": "int8"}}, "bytes"]'
refuse "index_location middle" float32 \
  "$(sharded "\"chunk_shape\": [2], $inner, \"index_codecs\": [\"bytes\"], \"index_location\": \"middle\"")" \
  'index_location: must be "start" or "end"'
expect "index_location start" 0 valid 3 float32 0 \
  "$(sharded "\"chunk_shape\": [2], $inner, \"index_codecs\": [\"bytes\"], \"index_location\": \"start\"")"
refuse "empty codecs in a shard" float32 \
  "$(sharded '"chunk_shape": [2], "codecs": [], "index_codecs": ["bytes"]')" \
  'codecs[0].configuration.codecs: no array -> bytes codec'
refuse "no array -> bytes codec in a shard" float32 \
  "$(sharded '"chunk_shape": [2], "codecs": [{"name": "cast_value", "configuration": {"data_type": "int8"}}], "index_codecs": ["bytes"]')" \
  'codecs[0].configuration.codecs: no array -> bytes codec'
refuse "two array -> bytes codecs among the index codecs" float32 \
  "$(sharded "\"chunk_shape\": [2], $inner, \"index_codecs\": [\"bytes\", \"bytes\"]")" \
  'codecs[0].configuration.index_codecs[1]: bytes is an array -> bytes codec'
refuse "a compressor among the index codecs" float32 \
  "$(sharded "\"chunk_shape\": [2], $inner, \"index_codecs\": [\"bytes\", {\"name\": \"gzip\"}]")" \
  'codecs[0].configuration.index_codecs[1]: "gzip" is a compressor'
expect "crc32c among the index codecs" 0 valid 3 float32 0 \
  "$(sharded "\"chunk_shape\": [2], $inner, \"index_codecs\": [\"bytes\", {\"name\": \"crc32c\"}]")"
check "--codecs: says the chunk_shape against the shard shape is not checked" \
  grep -q '^not checked: codecs\[0\].configuration.chunk_shape' "$out"
# A shard inside a shard: the outer chunk_shape is the inner codec's shard shape.
nested() {  # nested INNER_CHUNK_SHAPE: a shard of [4] holding a shard of that chunk shape
  printf '[{"name": "sharding_indexed", "configuration": {"chunk_shape": [4], "codecs": [%s], "index_codecs": ["bytes"]}}]' \
    "$(sharded "\"chunk_shape\": $1, $inner, \"index_codecs\": [\"bytes\"]" | sed 's/^\[//; s/\]$//')"
}
refuse "a nested shard's chunk_shape [3] of a shard of [4]" float32 "$(nested '[3]')" \
  'codecs[0].configuration.codecs[0].configuration.chunk_shape: [3] does not divide the shard shape [4]'
refuse "a nested shard's chunk_shape [2, 2] of a shard of [4]" float32 "$(nested '[2, 2]')" \
  'has 2 dimensions, the shard shape [4] 1'
expect "a nested shard's chunk_shape [2] of a shard of [4]" 0 valid 3 float32 0 "$(nested '[2]')"

# zarr.json: the array's regular chunk_grid is the shard shape.
from_zarr() {  # from_zarr ARRAY_CHUNK_SHAPE SHARD_CHUNK_SHAPE: exit code, output in $out
  printf '{"zarr_format": 3, "node_type": "array", "shape": [8, 8], "data_type": "float32", "fill_value": 0, "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": %s}}, "chunk_key_encoding": {"name": "default"}, "codecs": %s}' \
    "$1" "$(sharded "\"chunk_shape\": $2, $inner, \"index_codecs\": [\"bytes\"]")" >"$zarr"
  "$cvc" validate "$zarr" >"$out" 2>&1
}
from_zarr '[4, 4]' '[2, 2]'; got=$?
check "zarr.json: chunk_shape [2, 2] divides [4, 4] (exit 0)" [ "$got" -eq 0 ]
check "zarr.json: nothing left unchecked" bash -c "! grep -q '^not checked' '$out'"
from_zarr '[4, 4]' '[3, 2]'; got=$?
check "zarr.json: chunk_shape [3, 2] of [4, 4] is invalid (exit 1)" [ "$got" -eq 1 ]
check "zarr.json: says it does not divide" grep -qF '[3, 2] does not divide the shard shape [4, 4]' "$out"
from_zarr '[4, 4]' '[2]'; got=$?
check "zarr.json: chunk_shape [2] of [4, 4] is invalid (exit 1)" [ "$got" -eq 1 ]
check "zarr.json: says the ranks differ" grep -qF 'has 1 dimensions, the shard shape [4, 4] 2' "$out"
finish
