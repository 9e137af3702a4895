#!/usr/bin/env bash
# cvc check-store end to end on the fixture arrays (tests/fixtures/stores/make_fixtures.py): the
# reference adapter passes every array, through its adapter and through the store command line;
# each store-level bug of the reference (`--store-bug`) and an element-level mutant fail exactly
# the arrays that show them (exit 1); an adapter without store operations gets every array counted
# unsupported (exit 1), none dropped; malformed vectors and bad arguments exit 2. When the
# published store vectors exist (vectors/stores/index.json), the reference passes all of them,
# the store bug scale-offset-ignored fails their scale_offset arrays and only those, and an adapter
# that declares no array -> array codec beyond cast_value gets those counted unsupported.
# Every JSON report written validates against harness/stores/store-report.schema.json (PYTHON:
# one with jsonschema, by default the build's venv), and a broken copy does not.
# usage: check_store.sh CVC_BINARY [PYTHON]
set -uo pipefail
cvc="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
python="${2:-$root/build/venv/bin/python}"
source "$root/tests/harness/adapters/test_lines.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 "$root/tests/fixtures/stores/make_fixtures.py" "$cvc" "$work/vectors" || exit 1
arrays=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["arrays"]))' \
  "$work/vectors/stores/index.json")

run() {  # run NAME ARGS...: cvc check-store with the fixtures, reports in $work/NAME.*
  local name="$1"; shift
  "$cvc" check-store --vectors "$work/vectors" --json "$work/$name.json" \
    --junit "$work/$name.xml" "$@" > "$work/$name.txt" 2> "$work/$name.err"
  echo $? > "$work/$name.status"
}
status() { cat "$work/$1.status"; }
valid() {  # valid REPORT: it validates against the store-report schema
  "$python" -c 'import json, sys, jsonschema
jsonschema.validate(json.load(open(sys.argv[2])), json.load(open(sys.argv[1])),
                    cls=jsonschema.Draft202012Validator)' \
    "$root/harness/stores/store-report.schema.json" "$1" 2> "$1.schema-errors"
}
not() { ! "$@"; }
source "$root/tests/cli/store_report_fields.sh"

run oracle --impl "$cvc adapter"
check "the reference passes every array (exit 0)" test "$(status oracle)" -eq 0
check "the reference: every array counted and passed" test "$(total oracle pass)" -eq "$arrays"
check "the terminal report says PASS" grep -q "^PASS" "$work/oracle.txt"
check "JUnit: one testcase per array" test "$(grep -c "<testcase" "$work/oracle.xml")" -eq "$arrays"
check "no scratch path in the report" bash -c "! grep -q cvc-stores- '$work/oracle.json'"

run cli --cli --name reference-cli --impl "python3 '$root/tests/fixtures/stores/reference_cli.py' '$cvc' --"
check "the store command line: the reference passes every array" test "$(total cli pass)" -eq "$arrays"
check "the store command line names the implementation" grep -q "reference-cli" "$work/cli.txt"

# Each store-level bug fails the arrays that show it, and only with exit 1.
run zero --impl "$cvc adapter --store-bug missing-chunk-zero"
check "missing-chunk-zero: caught (exit 1)" test "$(status zero)" -eq 1
check "missing-chunk-zero: the missing chunk's array fails" test "$(verdict zero decode/missing-chunk-fill)" = fail
check "missing-chunk-zero: the empty inner chunk's array fails" test "$(verdict zero decode/sharded-empty-inner)" = fail
run endian --impl "$cvc adapter --store-bug ignore-big-endian"
check "ignore-big-endian: caught (exit 1)" test "$(status endian)" -eq 1
check "ignore-big-endian: the big-endian read fails" test "$(verdict endian decode/big-endian-edge)" = fail
check "ignore-big-endian: the big-endian write fails" test "$(verdict endian encode/big-endian-edge)" = fail
check "ignore-big-endian: little-endian arrays still pass" test "$(verdict endian decode/missing-chunk-fill)" = pass
run padding --impl "$cvc adapter --store-bug edge-not-fill-padded"
check "edge-not-fill-padded: caught (exit 1)" test "$(status padding)" -eq 1
check "edge-not-fill-padded: the partial edge write fails" test "$(verdict padding encode/partial-edge)" = fail
check "edge-not-fill-padded: the failure names the chunk" grep -q "c/2" "$work/padding.txt"
check "edge-not-fill-padded: the failure lies only in the padding, and says so" \
  grep -q "only in the padding beyond the array's edge" "$work/padding.json"
run ties --impl "$cvc adapter --mutant ties-away"
check "an element-level mutant fails a store array too" test "$(verdict ties encode/big-endian-edge)" = fail

# No store operations declared: every array is counted, unsupported, and the run does not pass.
run none --impl "$cvc adapter --no-stores"
check "no store operations: exit 1" test "$(status none)" -eq 1
check "no store operations: every array counted unsupported" test "$(total none unsupported)" -eq "$arrays"
check "no store operations: the report quotes the hello" grep -q "does not declare the operation read_array" "$work/none.json"

# Filters, bad arguments and malformed vectors.
run decode --impl "$cvc adapter" --kind decode
check "--kind decode selects only decode arrays" test "$(total decode arrays)" -eq "$(grep -c '"kind": "decode"' "$work/vectors/stores/index.json")"
run badkind --impl "$cvc adapter" --kind write
check "--kind write is refused (exit 2)" test "$(status badkind)" -eq 2
cp -r "$work/vectors" "$work/broken"
sed -i 's/"kind": "open"/"kind": "opne"/' "$work/broken/stores/index.json"
"$cvc" check-store --vectors "$work/broken" --impl "$cvc adapter" > /dev/null 2> "$work/broken.err"
check "malformed vectors: exit 2" test $? -eq 2
check "malformed vectors: the array and field are named" grep -q "open/valid).kind" "$work/broken.err"

if [ -f "$root/vectors/stores/index.json" ]; then
  "$cvc" check-store --vectors "$root/vectors" --impl "$cvc adapter" --json "$work/published.json" \
    > "$work/published.txt" 2>&1
  check "the published store vectors: the reference passes every array" test $? -eq 0
  # A changed byte in a chunk file of the published vectors fails their manifest: exit 2.
  cp -r "$root/vectors" "$work/altered"
  chunk=$(find "$work/altered/stores/decode" -path "*/c/*" -type f | sort | head -1)
  printf '\x55' | dd of="$chunk" bs=1 seek=0 conv=notrunc status=none
  "$cvc" check-store --vectors "$work/altered" --impl "$cvc adapter" > /dev/null 2> "$work/altered.err"
  check "an altered chunk file of the published vectors: exit 2" test $? -eq 2
  check "an altered chunk file: the manifest check names it" grep -q "stores/decode/" "$work/altered.err"
  check "the published store vectors' report validates against its schema" valid "$work/published.json"
  # scale_offset in the chain (vectors 1.2.0): a reference that ignores scale_offset's offset and
  # scale fails the arrays that hold it (all but the write that must fail, which fails anyway, and
  # the alias's open array, whose fill 10.0 survives uint8 unscaled too), and only those; an
  # adapter that declares no array -> array codec beyond cast_value gets them counted
  # unsupported, with the reason.
  pub() {  # pub NAME ARGS...: cvc check-store on the published vectors, report $work/NAME.json
    local name="$1"; shift
    "$cvc" check-store --vectors "$root/vectors" --json "$work/$name.json" "$@" \
      > "$work/$name.txt" 2>&1
    echo $? > "$work/$name.status"
  }
  pub ignored --impl "$cvc adapter --store-bug scale-offset-ignored"
  check "scale-offset-ignored: caught (exit 1)" test "$(status ignored)" -eq 1
  for id in encode/scale-offset-float32-uint16 decode/scale-offset-float32-uint16 \
            encode/shard-scale-offset-float32-uint16 decode/shard-scale-offset-float32-uint16 \
            decode/scale-offset-nan-float64-uint8 encode/scale-offset-nan-float64-uint8 \
            decode/fixedscaleoffset-float32-uint8 open/invalid-scale-offset-fill-uint16; do
    check "scale-offset-ignored: $id fails" test "$(verdict ignored "$id")" = fail
  done
  check "scale-offset-ignored: every array without scale_offset passes" python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))
sys.exit(any(a["verdict"] != "pass" for a in r["arrays"]
             if "scale-offset" not in a["features"] and "offset" not in a["id"]))' "$work/ignored.json"
  pub nochain --impl "python3 '$root/tests/fixtures/stores/without_chain_codecs.py' -- $cvc adapter"
  check "no chain codecs declared: every scale_offset array unsupported, the others pass" \
    python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))
def needs(a):
    return "scale-offset" in a["features"] or "offset" in a["id"]
bad = [a["id"] for a in r["arrays"] if (a["verdict"] == "unsupported") != needs(a)
       or (not needs(a) and a["verdict"] != "pass")]
sys.exit(bool(bad) or r["totals"]["unsupported"] < 12)' "$work/nochain.json"
  check "no chain codecs declared: the reason quotes the hello" \
    grep -q "does not declare the codec scale_offset (hello: neither capabilities.chain.codecs" \
    "$work/nochain.json"
  pub nochains --impl "$cvc adapter --no-chains"
  check "without chain requests the reference declares its store codecs and passes every array" \
    test "$(status nochains)" -eq 0 -a "$(python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["totals"]; print(t["pass"] == t["arrays"])' "$work/nochains.json")" = True
  check "the scale_offset reports validate against store-report.schema.json" valid "$work/ignored.json"
fi

# The JSON reports against harness/stores/store-report.schema.json: every one written above, and
# (teeth) copies broken in one field each, which must not validate.
for name in oracle cli zero endian padding ties none decode; do
  check "the $name report validates against store-report.schema.json" valid "$work/$name.json"
done
broken() {  # broken NAME PYTHON-STATEMENT: a copy of the oracle report changed by the statement
  python3 -c 'import json, sys
report = json.load(open(sys.argv[1]))
exec(sys.argv[2])
json.dump(report, open(sys.argv[3], "w"))' "$work/oracle.json" "$2" "$work/broken-$1.json" || return 1
  not valid "$work/broken-$1.json" && grep -q ValidationError "$work/broken-$1.json.schema-errors"
}
check "a report with an unknown verdict does not validate" broken verdict 'report["arrays"][0]["verdict"] = "passed"'
check "a report without a count does not validate" broken count 'del report["totals"]["not_reached"]'
check "a report with an unknown key does not validate" broken key 'report["seconds"] = 1.0'
check "a report with an unknown feature does not validate" broken feature 'report["by_feature"]["shiny"] = report["totals"]'
finish
