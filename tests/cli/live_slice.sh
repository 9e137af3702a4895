#!/usr/bin/env bash
# cvc run --live slice: one cell of the exhaustive run alone (every input of one type, one output
# type, one direction, one configuration). Against the reference adapter every case passes and is
# counted (2^16 for an int16 input, the live exhaustive run's own count of that cell), all under
# the configuration asked (the rules table); a mutant
# whose bug is in that cell fails it; --jobs 2 counts the same; a wrong --cast, --cast without
# --live slice, and a filter beside it are refused (exit 2) naming what is wrong.
# usage: live_slice.sh CVC_BINARY
set -uo pipefail
cvc="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$root/tests/harness/adapters/test_lines.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

slice=(--live slice --cast encode:int16:float16:towards-zero)
check "reference adapter: every int16 input passes" exits 0 "$cvc" run --impl "$cvc adapter" "${slice[@]}"
check "  and is counted" says "^Totals: 65536 cases: 65536 pass, 0 divergence, 0 fail"
check "  the mode names the cell" says "live slice (every input of encode int16 -> float16, towards-zero / absent)"
check "  every case under that configuration" says "^  towards-zero / absent *65536 *65536 "
check "  and no other" not_says "^  nearest-even / absent"
check "--jobs 2 counts the same" exits 0 "$cvc" run --impl "$cvc adapter" "${slice[@]}" --jobs 2
check "  cases" says "^Totals: 65536 cases: 65536 pass, 0 divergence, 0 fail"
check "a mutant of that cell fails" exits 1 "$cvc" run --impl "$cvc adapter --mutant int-to-float-nearest-even" "${slice[@]}"
check "  with failures counted" says "^Totals: 65536 cases: [0-9]* pass, 0 divergence, [1-9][0-9]* fail"
check "an out_of_range the pair does not take" exits 2 "$cvc" run --impl "$cvc adapter" --live slice --cast encode:int16:float16:towards-zero:wrap
check "  is named" says "out_of_range wrap is not valid for data_type float16"
check "--cast without --live slice" exits 2 "$cvc" run --impl "$cvc adapter" --live exhaustive --cast encode:int16:float16:towards-zero
check "  is refused" says "goes with --live slice"
check "a filter beside --cast" exits 2 "$cvc" run --impl "$cvc adapter" "${slice[@]}" --type int8
check "  is refused" says "takes its cases from --cast alone"
finish
