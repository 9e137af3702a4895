#!/usr/bin/env bash
# The exit-code table (`cvc help exit-codes`, cli/exit_codes.hpp, the README's table) run row by
# row: each code at least once for every command where it can happen, and each script's skip and
# unknown name, checking the code and the message. Also: an implementation that cannot be started
# (not found, not executable, exits before its hello, no hello within the timeout, a hello that is
# not the protocol) is said once, before any case, by run, check-store, fuzz and replay, with exit 2
# and no incident or report; unknown commands, options, data types, reading flags, mutants and
# adapter names are answered with the nearest known name ("did you mean").
#
# usage: tests/cli/exit_codes.sh CVC_BINARY
set -uo pipefail
cvc="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$root/tests/harness/adapters/test_lines.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
vectors="$root/vectors"
adapter="$cvc adapter"

exits_seconds=120  # of each command (test_lines.sh's exits)
says_once() {
  local n; n="$(grep -c -- "$1" "$work/out")"
  [ "$n" -eq 1 ] || { echo "  \"$1\" $n times in:"; head -5 "$work/out"; return 1; }
}
# row CODE LABEL MESSAGE COMMAND...: COMMAND exits CODE and its output says MESSAGE.
row() {
  local code="$1" label="$2" message="$3"; shift 3
  check "$code: $label" exits "$code" "$@"
  [ -z "$message" ] || check "$code: $label: says \"$message\"" says "$message"
}

# --- The table: one place, printed, and docs/commands.md's copy of it --------------------------------
row 0 "cvc help exit-codes" "" "$cvc" help exit-codes
for code in 0 1 2 3 4 77; do
  check "cvc help exit-codes has the row $code" grep -Eq "^ +$code  [a-z]" "$work/out"
done
# docs/commands.md's table holds the same meanings (the help text wraps them: compared joined).
help_rows="$(awk '/^ +[0-9]+  / {if (row) print row; row = $0; next} /^     / {sub(/^ +/, ""); row = row " " $0} END {print row}' "$work/out" |
  sed -E 's/^ +([0-9]+)  /\1 /')"
readme_rows="$(sed -n -E 's/^\| ([0-9]+) \| (.*) \|$/\1 \2/p' "$root/docs/commands.md")"
check "docs/commands.md's exit-code table is the one of cvc help exit-codes" test "$help_rows" = "$readme_rows"
[ "$help_rows" = "$readme_rows" ] || diff <(echo "$help_rows") <(echo "$readme_rows")

# --- cvc itself --------------------------------------------------------------------------------
row 0 "bare cvc prints the usage" "usage: cvc COMMAND" "$cvc"
row 0 "cvc --help" "usage: cvc COMMAND" "$cvc" --help
row 2 "an unknown command" 'unknown command "runn" (did you mean "run"?)' "$cvc" runn
row 2 "an unknown command, far from any" 'unknown command "frobnicate"; `cvc --help` lists' "$cvc" frobnicate
row 2 "cvc help of an unknown command" 'did you mean "replay"?' "$cvc" help replya
# Every command refuses an option it does not have (before any work).
commands=$("$cvc" --help | sed -n '/^commands:/,/^$/p' | awk 'NF > 1 && $1 != "commands:" {print $1}')
for command in $commands; do
  row 2 "cvc $command --no-such-option" "" "$cvc" "$command" --no-such-option
done

# --- 0, 1, 2 and 4 for each command ------------------------------------------------------------
config='{"data_type": "int8", "rounding": "towards-zero"}'
row 0 "cast" "" "$cvc" cast --from float64 --config "$config" 127.6
row 2 "cast: a near data type" 'unknown data type "flaot16" (did you mean "float16"?); cvc types lists' \
  "$cvc" cast --from flaot16 --config "$config" 1
row 2 "cast: an unknown reading flag" '--reading Bogus=x: unknown flag "Bogus"; cvc readings lists' \
  "$cvc" cast --from float64 --config "$config" --reading Bogus=x 1
flag="$("$cvc" readings | sed -n '1s/:.*//p')"
slip="${flag:0:1}${flag:2:1}${flag:1:1}${flag:3}"  # two neighbours swapped
row 2 "cast: a near reading flag" "unknown flag \"$slip\" (did you mean \"$flag\"?)" \
  "$cvc" cast --from float64 --config "$config" --reading "$slip=x" 1
row 2 "cast: a near required option" 'missing required option --config (--confg is not an option: did you mean "--config"?)' \
  "$cvc" cast --from float64 --confg "$config" 1
row 2 "cast: a near option" 'unknown option --readng (did you mean "--reading"?); see cvc cast --help' \
  "$cvc" cast --from float64 --config "$config" --readng InfClamp=default 1
row 2 "cast: a misspelt configuration key" 'unknown key "roundng" in the configuration (did you mean "rounding"?); its keys: data_type, rounding, out_of_range, scalar_map' \
  "$cvc" cast --from float64 --config '{"data_type": "int8", "roundng": "towards-zero"}' 1
row 2 "cast: a misspelt key of the whole codec's configuration" 'unknown key "out_of_rang" in the configuration (did you mean "out_of_range"?)' \
  "$cvc" cast --from float64 --config '{"name": "cast_value", "configuration": {"data_type": "int8", "out_of_rang": "clamp"}}' 1
row 2 "cast: a misspelt scalar_map key" 'unknown key "encdoe" in scalar_map (did you mean "encode"?)' \
  "$cvc" cast --from float64 --config '{"data_type": "int8", "scalar_map": {"encdoe": []}}' 1
row 2 "cast: a key far from every known one is the parser's refusal" 'unknown key in the cast_value configuration (allowed: data_type, rounding, out_of_range, scalar_map' \
  "$cvc" cast --from float64 --config '{"data_type": "int8", "colour": "red"}' 1

codecs='[{"name": "cast_value", "configuration": {"data_type": "float16"}}, "bytes"]'
row 0 "validate: valid" "" "$cvc" validate --array-type float32 --fill-value 0.5 --codecs "$codecs"
row 1 "validate: invalid" "" "$cvc" validate --array-type float32 --fill-value 0.1 \
  --codecs '[{"name": "cast_value", "configuration": {"data_type": "float17"}}]'
row 4 "validate: a codec the oracle does not follow" "" "$cvc" validate --array-type float32 \
  --fill-value 0 --codecs '[{"name": "no-such-codec"}, {"name": "cast_value", "configuration": {"data_type": "float16"}}]'
row 2 "validate: a near data type" 'did you mean "float32"?' "$cvc" validate --array-type flaot32 \
  --fill-value 0 --codecs "$codecs"

chain='[{"name": "scale_offset", "configuration": {"offset": 5, "scale": 0.1}}]'
row 0 "chain: computed" "" "$cvc" chain --array-type float32 --fill-value 5 --codecs "$chain" 12.5
row 1 "chain: invalid metadata" "" "$cvc" chain --array-type float32 --fill-value 1000.0 \
  --codecs '[{"name": "cast_value", "configuration": {"data_type": "int8"}}]' 1
row 4 "chain: a codec the oracle does not follow" "" "$cvc" chain --array-type float32 \
  --fill-value 0 --codecs '[{"name": "no-such-codec"}]' 1
row 2 "chain: a near codec name" 'unknown codec "scale_ofset" (did you mean "scale_offset"?)' \
  "$cvc" chain --array-type float32 --fill-value 0 --codecs '[{"name": "scale_ofset"}]' 1
row 2 "chain: a near reading flag" "unknown flag \"$slip\" (did you mean \"$flag\"?)" \
  "$cvc" chain --array-type float32 --fill-value 5 --codecs "$chain" --reading "$slip=x" 1

row 0 "types" "" "$cvc" types
row 0 "readings" "" "$cvc" readings
row 0 "bug-models" "" "$cvc" bug-models
row 2 "adapter: a near mutant" 'unknown mutant "ties-awy" (did you mean "ties-away"?); cvc adapter --help lists them' \
  "$cvc" adapter --mutant ties-awy

row 2 "verify-vectors: a missing folder" "no such file" "$cvc" verify-vectors --quiet "$work/no-such-folder"
row 2 "generate: an output that is a file" "" "$cvc" generate --out "$root/README.md/x"

row 0 "run: the oracle" "" "$cvc" run --impl "$adapter" --vectors "$vectors" --type int2
row 1 "run: a mutant" "" "$cvc" run --impl "$adapter --mutant ties-away" --vectors "$vectors" --type int4
row 2 "run: a missing vector folder" "" "$cvc" run --impl "$adapter" --vectors "$work/no-such-folder"
row 2 "run: a near data type" 'did you mean "float16"?' "$cvc" run --impl "$adapter" --vectors "$vectors" --type flaot16
row 2 "run: a near option" 'unknown option --vectros (did you mean "--vectors"?)' "$cvc" run --impl "$adapter" --vectros "$vectors"

row 0 "check-store: the oracle" "" "$cvc" check-store --impl "$adapter" --vectors "$vectors" --type int8
row 1 "check-store: a store bug" "" "$cvc" check-store --impl "$adapter --store-bug missing-chunk-zero" --vectors "$vectors" --type int8
row 2 "check-store: a missing vector folder" "" "$cvc" check-store --impl "$adapter" --vectors "$work/no-such-folder"
row 2 "check-store: a near data type" 'did you mean "int8"?' "$cvc" check-store --impl "$adapter" --vectors "$vectors" --type itn8

row 0 "fuzz: the oracle" "" "$cvc" fuzz --impl "$adapter" --cases 50
row 1 "fuzz: a mutant" "" "$cvc" fuzz --impl "$adapter --mutant ties-away" --cases 200 --max-findings 1
row 2 "fuzz: a near data type" 'did you mean "float16"?' "$cvc" fuzz --impl "$adapter" --cases 5 --type flaot16

request='{"cmd":"cast","id":1,"direction":"encode","array_data_type":"float32","fill_value":0,"codec":{"name":"cast_value","configuration":{"data_type":"int8"}},"count":1,"elements":"00002040"}'
row 0 "replay: the oracle" "" "$cvc" replay --impl "$adapter" "$request"
row 1 "replay: a mutant" "" "$cvc" replay --impl "$adapter --mutant ties-away" "$request"
row 2 "replay: a malformed request" "" "$cvc" replay --impl "$adapter" '{"cmd": "cast"}'

# --- 2: an implementation that cannot be started -----------------------------------------------
printf '#!/bin/sh\necho hi\n' >"$work/not-executable" && chmod -x "$work/not-executable"
printf 'import sys\nsys.stderr.write("adapter: no config\\n")\nsys.exit(5)\n' >"$work/exits.py"
cannot_start() {  # cannot_start LABEL WHY IMPL [OPTIONS...]: every command says it once, exit 2
  local label="$1" why="$2" impl="$3"; shift 3
  local command
  for command in run check-store fuzz replay; do
    local arguments=()
    case "$command" in
      run) arguments=(--vectors "$vectors" --type int2 --json "$work/report.json") ;;
      check-store) arguments=(--vectors "$vectors" --type int8 --json "$work/report.json") ;;
      fuzz) arguments=(--cases 5 --json "$work/report.json") ;;
      replay) arguments=("$request") ;;
    esac
    rm -f "$work/report.json"
    check "2: $command, $label" exits 2 "$cvc" "$command" --impl "$impl" "${arguments[@]}" "$@"
    check "2: $command, $label: says it once" says_once "cvc $command: cannot start the implementation \"$impl\": $why"
    check "2: $command, $label: no incident, no verdict" not_says "ncident\|INCOMPLETE\|Result:\|aborted"
    check "2: $command, $label: no report" test ! -e "$work/report.json"
  done
}
cannot_start "a command not found" "command not found (exit status 127) (its stderr: sh: 1: no-such-adapter-cmd: not found)" \
  no-such-adapter-cmd
cannot_start "a file not executable" "not executable (exit status 126)" "$work/not-executable"
cannot_start "an exit before the hello" \
  "it exited before its hello answer: .*(exit status 5) (its stderr: adapter: no config)" "python3 $work/exits.py"
cannot_start "no hello within the timeout" "no hello answer within the timeout (--timeout)" "sleep 30" --timeout 1
# --start-timeout bounds the hello alone: 1 s of it ends the wait that --timeout 60 would not.
cannot_start "no hello within the start timeout" "no hello answer within the timeout (--timeout): no answer within 1.0" "sleep 30" --timeout 60 --start-timeout 1
cannot_start "a hello that is not JSON" 'its hello answer is not JSON: it wrote "hello"' "echo hello; cat"
cannot_start "a hello of another protocol" "its hello answer is not the adapter protocol (harness/protocol/PROTOCOL.md): protocol is 7" \
  "echo '{\"protocol\": 7}'; cat"
cannot_start "an adapter not set up" "it exited before its hello answer: .*(exit status 2) (its stderr: zarr-python/run.sh: no venv at" \
  "CVC_BUILD_DIR=$work/no-build $root/harness/adapters/zarr-python/run.sh"

# --- The scripts: bad names, skips, set-ups that fail ------------------------------------------
row 2 "scripts/main: an unknown adapter lists the adapters" "the adapters: .*zarr-python.*oracle" \
  "$root/scripts/main" --adapter bogus
row 2 "scripts/main: a near adapter name" 'no adapter named "zarr-pyton" (did you mean "zarr-python"?)' \
  "$root/scripts/main" --adapter zarr-pyton
row 2 "scripts/publish-results: a near adapter name" 'no adapter named "zarita" (did you mean "zarrita"?); the adapters: oracle' \
  "$root/scripts/publish-results" zarita
row 2 "scripts/smoke-adapter: a near adapter name" 'no adapter named "zarita" (did you mean "zarrita"?)' \
  "$root/scripts/smoke-adapter" zarita
# What scripts/main makes of its adapter's set-up, in a copy of the scripts with a scripts/setup
# that builds nothing and adapters whose setup.sh exits 77 (skipped, one line why), 2 or 3.
mkdir -p "$work/tree/scripts" "$work/tree/harness/adapters"
cp -r "$root/scripts/main" "$root/scripts/lib" "$work/tree/scripts/"
printf '#!/bin/sh\nexit 0\n' >"$work/tree/scripts/setup"
for status in 77 2 3; do
  mkdir -p "$work/tree/harness/adapters/setup-$status"
  printf '#!/bin/sh\necho "setup-%s adapter: skipped: no such library here"\nexit %s\n' "$status" "$status" \
    >"$work/tree/harness/adapters/setup-$status/setup.sh"
  printf '#!/bin/sh\nexit 9\n' >"$work/tree/harness/adapters/setup-$status/run.sh"
  chmod +x "$work/tree/scripts/setup" "$work/tree/harness/adapters/setup-$status/"*.sh
done
row 77 "scripts/main: an adapter that cannot be set up here" \
  "scripts/main: skipped: setup-77 cannot be set up on this machine (the line above says why); no verdict" \
  "$work/tree/scripts/main" --adapter setup-77
check "77: scripts/main: the set-up's one line is kept" says "setup-77 adapter: skipped: no such library here"
check "77: scripts/main: no run" not_says "Result:"
row 2 "scripts/main: a set-up given bad input" "" "$work/tree/scripts/main" --adapter setup-2
row 3 "scripts/main: a set-up that fails" "scripts/main: the set-up of setup-3 failed (exit 3)" \
  "$work/tree/scripts/main" --adapter setup-3
# A cargo that fails every call: no zarrs release can be checked.
mkdir -p "$work/stub"
printf '#!/bin/sh\necho "stub cargo: $*" >&2\nexit 1\n' >"$work/stub/cargo" && chmod +x "$work/stub/cargo"
row 3 "scripts/check-zarrs-release: a check that fails" "zarrs check: could not learn the newest zarrs version" \
  env PATH="$work/stub:$PATH" CVC_ADAPTERS_BUILD="$work/adapters" "$root/scripts/check-zarrs-release"
mkdir -p "$work/bin"
for tool in bash sh env sed grep head tail cat dirname mkdir rm; do
  found="$(command -v "$tool")" && ln -sf "$found" "$work/bin/$tool"
done
row 77 "scripts/check-zarrs-release without cargo" "zarrs check: skipped: cargo not found" \
  env PATH="$work/bin" "$root/scripts/check-zarrs-release"
row 77 "scripts/check-zarr-java-release without mvn" "zarr-java check: skipped: mvn not found" \
  env PATH="$work/bin" "$root/scripts/check-zarr-java-release"
row 2 "harness/adapters/zarrs/setup.sh: a CVC_ZARRS_SOURCE that is no checkout" "is not a directory" \
  env CVC_ZARRS_SOURCE="$work/no-such-checkout" CVC_ADAPTERS_BUILD="$work/adapters" "$root/harness/adapters/zarrs/setup.sh"
# A Python 3.12 (so it says) whose venv module fails: the set-up fails at once, touching no registry.
printf '#!/bin/sh\n[ "$1" = -c ] && exit 0\necho "fake python: $*" >&2\nexit 1\n' >"$work/stub/python3.12"
chmod +x "$work/stub/python3.12"
row 3 "a Python adapter's setup.sh that fails" "zarr-python/setup.sh: python -m venv failed" \
  env CVC_BUILD_DIR="$work/setup-build" CVC_PYTHON="$work/stub/python3.12" "$root/harness/adapters/zarr-python/setup.sh"
for name in zarr-python zarrita zarrs; do
  row 2 "harness/adapters/$name/run.sh not set up" "setup.sh" \
    env CVC_BUILD_DIR="$work/no-build" CVC_ADAPTERS_BUILD="$work/no-build/adapters" "$root/harness/adapters/$name/run.sh"
done
finish
