#!/usr/bin/env bash
# cvc check-store and the reference adapter's store operations against hostile input (issue 22):
# an implementation that writes nothing, a FIFO, a 3 GiB file, a symbolic link or 20,000 stray
# files where chunks belong, an implementation that removes its array folder, hangs, or answers
# (through --cli) a line longer than the limit; SIGTERM with an array in flight; vector folders
# holding chunk files an encode array must not have, a symbolic link or a FIFO; a chunk_shape
# whose product passes 64 bits; report paths that cannot be written. Each ends in bounded time and
# memory with the verdict and exit code the README gives, the path named, the report written.
# usage: check_store_hostile.sh CVC_BINARY
set -uo pipefail
cvc="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$root/tests/harness/adapters/test_lines.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 "$root/tests/fixtures/stores/make_fixtures.py" "$cvc" "$work/vectors" || exit 1
hostile="python3 $root/tests/fixtures/stores/hostile_store_adapter.py"

run() {  # run NAME ARGS...: cvc check-store, its reports in $work/NAME.*, peak RSS in NAME.rss
  local name="$1"; shift
  /usr/bin/time -f "%M" -o "$work/$name.rss" "$cvc" check-store --json "$work/$name.json" \
    --junit "$work/$name.xml" "$@" > "$work/$name.txt" 2> "$work/$name.err"
  echo $? > "$work/$name.status"
}
status() { cat "$work/$1.status"; }
source "$root/tests/cli/store_report_fields.sh"
small_rss() { test "$(tail -1 "$work/$1.rss")" -lt 524288; }  # under 512 MB
encode_arrays=$(grep -c '"kind": "encode"' "$work/vectors/stores/index.json")

# 1. Silent pass: chunk files left in an encode array's folder are bad vectors (refused by the
# vectors' reader or by check-store's copy: they would be handed to the implementation), and an implementation that writes nothing fails every array
# whose chunks it had to write.
cp -r "$work/vectors" "$work/stray-vectors"
printf '\x07\x02' > "$work/stray-vectors/stores/encode/partial-edge/c0-left-behind"
mkdir -p "$work/stray-vectors/stores/encode/partial-edge/c"
printf '\x07\x02' > "$work/stray-vectors/stores/encode/partial-edge/c/0"
run strayvec --vectors "$work/stray-vectors" --impl "$hostile writes-nothing -- $cvc adapter"
check "chunk files in an encode array's folder: bad vectors (exit 2)" test "$(status strayvec)" -eq 2
check "chunk files in an encode array's folder: the path is named" \
  grep -q "encode/partial-edge/c.*\(holds its zarr.json alone\|only zarr.json belongs\)" \
  "$work/strayvec.err"
run nothing --vectors "$work/vectors" --kind encode --impl "$hostile writes-nothing -- $cvc adapter"
check "an implementation that writes nothing: exit 1" test "$(status nothing)" -eq 1
check "writes nothing: every encode array fails" test "$(total nothing fail)" -eq "$encode_arrays"
check "writes nothing: the partial edge write names its chunks" \
  grep -q "expected chunks not written (3): c/0, c/1, c/2" "$work/nothing.json"

# 2. A FIFO or a 3 GiB file where the implementation's chunk belongs: that array fails, named,
# the run goes on (every array counted), in bounded memory.
run fifo --vectors "$work/vectors" --kind encode --impl "$hostile fifo-chunk -- $cvc adapter" --timeout 20
check "a FIFO chunk: exit 1, every array counted" \
  test "$(status fifo)" -eq 1 -a "$(total fifo arrays)" -eq "$encode_arrays"
check "a FIFO chunk: the array fails naming it" \
  bash -c "grep -q 'c/0 is a FIFO, device or socket (never opened)' '$work/fifo.json'"
run huge --vectors "$work/vectors" --kind encode --impl "$hostile huge-chunk -- $cvc adapter"
check "a 3 GiB chunk: exit 1 with a report, every array counted" \
  test "$(status huge)" -eq 1 -a "$(total huge arrays)" -eq "$encode_arrays"
check "a 3 GiB chunk: the array fails with its size and the bound" \
  grep -q "c/0 holds 3221225472 bytes, more than the 2 bytes any chunk of this array can take" \
  "$work/huge.json"
check "a 3 GiB chunk: peak RSS under 512 MB" small_rss huge

# 3. A hanging adapter: after --max-incidents-in-a-row arrays in a row (5 by default), the check
# stops, the rest counted not reached, and the report says why. --timeout 5, not 1: it is also the
# time the hello has, and a Python proxy starting its adapter took more than 1 s under load (the
# check then could not start, exit 2); 2 timeouts of 5 s, well under the 10 of a check that does
# not stop.
SECONDS=0
run hang --vectors "$work/vectors" --timeout 5 --max-incidents-in-a-row 2 \
  --impl "$hostile hang -- $cvc adapter"
check "a hanging adapter: aborted after 2 arrays, well before one timeout per array" test "$SECONDS" -lt 40
check "a hanging adapter: exit 1" test "$(status hang)" -eq 1
check "a hanging adapter: 2 adapter errors, the rest not reached" \
  test "$(total hang adapter_error)" -eq 2 -a "$(total hang not_reached)" -eq $(( $(total hang arrays) - 2 ))
check "a hanging adapter: the terminal report says why it stopped" \
  grep -q "ABORTED: 2 arrays in a row ended in an adapter incident" "$work/hang.txt"
check "a hanging adapter: the JSON report too" python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))
sys.exit(not (r["aborted"] and "--max-incidents-in-a-row" in r["abort_reason"]))' "$work/hang.json"
run zero --vectors "$work/vectors" --max-incidents-in-a-row 0 --impl "$cvc adapter"
check "--max-incidents-in-a-row 0: refused (exit 2)" test "$(status zero)" -eq 2

# 4. The implementation removing its own array folder: that array fails, the run goes on.
run removed --vectors "$work/vectors" --kind encode --impl "$hostile remove-array -- $cvc adapter"
check "the array folder removed: exit 1, the report written" \
  test "$(status removed)" -eq 1 -a "$(total removed arrays)" -eq "$encode_arrays"
check "the array folder removed: the failure says so, and only that" \
  grep -q '"detail": "the array folder <scratch>/[0-9]*/array is gone: the implementation removed it"' \
  "$work/removed.json"

# 5. SIGTERM with an array in flight: that array is not reached, not an adapter error.
for interface in adapter cli; do
  if [ $interface = adapter ]; then impl=(--impl "$hostile hang -- $cvc adapter")
  else impl=(--cli --impl "sleep 1000; :"); fi
  mkdir -p "$work/tmp-$interface"
  TMPDIR="$work/tmp-$interface" "$cvc" check-store --vectors "$work/vectors" \
    --json "$work/term-$interface.json" "${impl[@]}" > "$work/term-$interface.txt" 2>&1 &
  pid=$!
  # In flight: the first array's scratch copy made (an event, not a fixed time).
  until compgen -G "$work/tmp-$interface/cvc-stores-*/*/array" > /dev/null; do
    kill -0 $pid 2>/dev/null || break
    sleep 0.05
  done
  kill -TERM $pid
  wait $pid
  echo $? > "$work/term-$interface.status"
  check "SIGTERM ($interface): exit 1" test "$(status term-$interface)" -eq 1
  check "SIGTERM ($interface): no adapter error, every array not reached" \
    test "$(total term-$interface adapter_error)" -eq 0 -a \
    "$(total term-$interface not_reached)" -eq "$(total term-$interface arrays)"
done

# 6. An over-long --cli answer line: said so, with the limit.
printf 'import sys\nsys.stdout.write("x" * (70 << 20) + "\\n")\n' > "$work/long_line.py"
run longline --vectors "$work/vectors" --kind open --cli --impl "python3 $work/long_line.py"
check "an over-long --cli line: exit 1" test "$(status longline)" -eq 1
check "an over-long --cli line: said to be longer than the limit" \
  grep -q "the line on stdout is longer than the limit of 67108864 bytes: more than that was read" \
  "$work/longline.json"
check "an over-long --cli line: not blamed on a signal" \
  bash -c "! grep -q 'signal 9' '$work/longline.json'"

# 7. A symbolic link or a FIFO in the vectors' array folder: bad vectors, the path named, never
# followed; a symbolic link the implementation leaves: that array fails, named.
cp -r "$work/vectors" "$work/linked"
mv "$work/linked/stores/decode/big-endian-edge/c" "$work/outside-c"
ln -s "$work/outside-c" "$work/linked/stores/decode/big-endian-edge/c"
run linked --vectors "$work/linked" --impl "$cvc adapter"
check "a symlinked folder in the vectors: exit 2" test "$(status linked)" -eq 2
check "a symlinked folder in the vectors: the path is named" \
  grep -q "decode/big-endian-edge/c: a symbolic link (never followed)" "$work/linked.err"
cp -r "$work/vectors" "$work/fifo-vectors"
mkfifo "$work/fifo-vectors/stores/decode/big-endian-edge/c/0/2"
run fifovec --vectors "$work/fifo-vectors" --impl "$cvc adapter"
check "a FIFO in the vectors: exit 2, the path named" test "$(status fifovec)" -eq 2 -a \
  "$(grep -c "decode/big-endian-edge/c/0/2: a FIFO, device or socket" "$work/fifovec.err")" -eq 1
run symlink --vectors "$work/vectors" --kind encode --impl "$hostile symlink-chunk -- $cvc adapter"
check "a symbolic link the implementation leaves: exit 1" test "$(status symlink)" -eq 1
check "a symbolic link the implementation leaves: the array fails naming it" \
  grep -q '"detail": "c is a symbolic link (never followed), not a chunk file; expected chunks not written (3)' \
  "$work/symlink.json"

# 8. 20,000 stray files: listed 20 at a time in every report form, with the count.
run stray --vectors "$work/vectors" --kind encode --feature partial-chunk \
  --impl "$hostile stray-files -- $cvc adapter"
check "20,000 stray files: exit 1" test "$(status stray)" -eq 1
for form in txt json xml; do
  check "20,000 stray files: the $form report is bounded" test "$(wc -c < "$work/stray.$form")" -lt 20000
  check "20,000 stray files: the $form report counts them" \
    grep -q "files written that no expected chunk key names (20000): stray/file-00000, .*… and 19980 more" \
    "$work/stray.$form"
done

# 9. chunk_shape [2^32, 2^32] (its product wraps to 0): the reference adapter refuses the array at
# every operation, and check-store refuses such an array in the vectors (exit 2).
big="$work/big"
mkdir -p "$big"
metadata='{"zarr_format":3,"node_type":"array","shape":[4,4],"data_type":"float32","chunk_grid":{"name":"regular","configuration":{"chunk_shape":[4294967296,4294967296]}},"chunk_key_encoding":{"name":"default","configuration":{"separator":"/"}},"fill_value":0.0,"codecs":[{"name":"cast_value","configuration":{"data_type":"int8"}},{"name":"bytes","configuration":{"endian":"little"}}],"attributes":{}}'
printf '%s\n' "$metadata" > "$big/zarr.json"
{
  echo '{"cmd":"hello","protocol":1,"max_protocol":2,"encodings":["hex"]}'
  echo "{\"cmd\":\"write_array\",\"id\":1,\"path\":\"$big\",\"metadata\":$metadata,\"data_type\":\"float32\",\"selection\":[[0,4],[0,4]],\"count\":16,\"elements\":\"$(printf '00000000%.0s' $(seq 16))\"}"
  echo "{\"cmd\":\"read_array\",\"id\":2,\"path\":\"$big\",\"data_type\":\"float32\",\"count\":16}"
  echo "{\"cmd\":\"open_array\",\"id\":3,\"path\":\"$big\"}"
  echo "{\"cmd\":\"write_array\",\"id\":4,\"path\":\"$big\",\"metadata\":$metadata,\"data_type\":\"float32\",\"selection\":[[0,4294967296],[0,4294967296]],\"count\":0,\"elements\":\"\"}"
} > "$work/big.requests"
"$cvc" adapter < "$work/big.requests" > "$work/big.answers" 2> "$work/big.err"
check "chunk_shape [2^32, 2^32] to cvc adapter: it exits normally" test $? -eq 0
check "chunk_shape [2^32, 2^32]: write, read and open refused, naming the limit" \
  test "$(grep -c 'chunk_shape \[4294967296,4294967296\] holds more than 2^24 elements.*"status":"\(refused\|invalid\)"' "$work/big.answers")" -eq 3
check "chunk_shape [2^32, 2^32]: a selection of 2^64 elements is an error" \
  grep -q '"id":4,.*"status":"error"' "$work/big.answers"
cp -r "$work/vectors" "$work/big-vectors"
python3 - "$work/big-vectors/stores/encode/big-endian-edge/zarr.json" <<'EOF'
import json, sys
metadata = json.load(open(sys.argv[1]))
metadata["chunk_grid"]["configuration"]["chunk_shape"] = [65536, 65536]
json.dump(metadata, open(sys.argv[1], "w"))
EOF
run bigvec --vectors "$work/big-vectors" --impl "$cvc adapter"
check "a chunk of 2^32 elements in the vectors: exit 2 before any array runs" \
  test "$(status bigvec)" -eq 2 -a ! -s "$work/bigvec.txt"
# (Refused by the vectors' reader, which checks zarr.json against index.json, or by check-store's
# bound on the chunk files it reads: either way before any array runs, the array named.)
check "a chunk of 2^32 elements in the vectors: the array is named" \
  grep -q "encode/big-endian-edge.*\(a chunk of this array takes more than --max-file-bytes\|chunk_shape is \[65536,65536\]\)" \
  "$work/bigvec.err"
check "a chunk of 2^32 elements in the vectors: peak RSS under 512 MB" small_rss bigvec

# The reference adapter reads only a regular zarr.json or chunk file, never through a link.
mkdir -p "$work/devzero"
ln -s /dev/zero "$work/devzero/zarr.json"
printf '%s\n' '{"cmd":"hello","protocol":1,"max_protocol":2,"encodings":["hex"]}' \
  "{\"cmd\":\"open_array\",\"id\":1,\"path\":\"$work/devzero\"}" |
  timeout 20 "$cvc" adapter > "$work/devzero.answers"
check "zarr.json a link to /dev/zero: refused at once, naming it" \
  grep -q '"id":1,.*zarr.json cannot be read: .*a symbolic link' "$work/devzero.answers"

# Every argument checked before the run: report paths that cannot be written.
plain() {  # plain NAME ARGS...: cvc check-store with ARGS only, output in $work/NAME.*
  local name="$1"; shift
  timeout 60 "$cvc" check-store --vectors "$work/vectors" --impl "$cvc adapter" "$@" \
    > "$work/$name.txt" 2> "$work/$name.err"
  echo $? > "$work/$name.status"
}
plain feature --feature shiny
check "--feature naming no feature of the store vectors: exit 2" test "$(status feature)" -eq 2
mkdir -p "$work/a-folder"
plain jsondir --json "$work/a-folder"
check "--json naming a folder: exit 2 before the run" \
  test "$(status jsondir)" -eq 2 -a ! -s "$work/jsondir.txt"
mkfifo "$work/a-fifo"
plain fiforeport --junit "$work/a-fifo"
check "--junit naming a FIFO: exit 2 at once (no blocking)" test "$(status fiforeport)" -eq 2
plain samepath --json "$work/same" --junit "$work/same"
check "--json and --junit naming one file: exit 2" test "$(status samepath)" -eq 2
ln -s "$work/a-folder" "$work/linked-folder"
plain reportlink --report-dir "$work/linked-folder"
check "a symlinked --report-dir: exit 2, nothing written through it" \
  test "$(status reportlink)" -eq 2 -a -z "$(ls "$work/a-folder")"
echo keep > "$work/earlier.json"
"$cvc" check-store --vectors "$work/big-vectors" --impl "$cvc adapter" --json "$work/earlier.json" \
  > /dev/null 2>&1
echo $? > "$work/keep.status"
check "vectors refused after the arguments: an earlier report is untouched" \
  test "$(status keep)" -eq 2 -a "$(cat "$work/earlier.json")" = keep
finish
