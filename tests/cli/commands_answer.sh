#!/usr/bin/env bash
# What a newcomer types first must work: `cvc --help`, `cvc -h`, `cvc help`, `cvc --version`,
# `cvc help COMMAND` and `cvc COMMAND --help` for every command `cvc --help` lists (exit 0, some
# output, nothing on stderr), and --help of every command in scripts/; bare `cvc`, what a newcomer
# types first, prints the usage as `cvc --help` does and exits 0. An unknown command exits 2
# with a message naming it; scripts/main and scripts/smoke-adapter refuse an unknown adapter
# listing the adapters. Every `cvc COMMAND` that a help text or a document mentions must be a
# command.
#
# usage: tests/cli/commands_answer.sh [CVC_BINARY]   (default: build/cvc)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cvc="${1:-$root/build/cvc}"
passed=0
failed=0
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

answers() {  # answers DESCRIPTION COMMAND...: exit 0, stdout non-empty, stderr empty
  local name="$1"; shift
  "$@" >"$tmp/out" 2>"$tmp/err"
  local status=$?
  if [ "$status" -eq 0 ] && [ -s "$tmp/out" ] && [ ! -s "$tmp/err" ]; then
    passed=$((passed + 1))
  else
    echo "FAIL $name: exit $status, $(wc -c <"$tmp/out") bytes out, stderr: $(head -c 300 "$tmp/err")"
    failed=$((failed + 1))
  fi
}

refuses() {  # refuses DESCRIPTION PATTERN COMMAND...: exit 2 and stderr matching PATTERN
  local name="$1" pattern="$2"; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  local status=$?
  if [ "$status" -eq 2 ] && grep -q -- "$pattern" "$tmp/err"; then
    passed=$((passed + 1))
  else
    echo "FAIL $name: exit $status (want 2), stderr: $(head -c 300 "$tmp/err")"
    failed=$((failed + 1))
  fi
}

answers "cvc (no command: the usage)" "$cvc"
"$cvc" | grep -q "^usage: cvc COMMAND" || { echo "FAIL bare cvc prints no usage"; failed=$((failed + 1)); }
answers "cvc --help" "$cvc" --help
answers "cvc -h" "$cvc" -h
answers "cvc help" "$cvc" help
answers "cvc --version" "$cvc" --version
"$cvc" --version | grep -q "^vectors [0-9]" || { echo "FAIL cvc --version names no vectors version"; failed=$((failed + 1)); }
"$cvc" --version | grep -q "^adapter protocol [0-9]" || { echo "FAIL cvc --version names no protocol version"; failed=$((failed + 1)); }

commands=$("$cvc" --help | sed -n '/^commands:/,/^$/p' | awk 'NF > 1 && $1 != "commands:" {print $1}')
[ "$(echo "$commands" | wc -w)" -ge 8 ] || { echo "FAIL cvc --help lists only: $commands"; failed=$((failed + 1)); }
for command in $commands; do
  answers "cvc $command --help" "$cvc" "$command" --help
  answers "cvc $command -h" "$cvc" "$command" -h
  answers "cvc help $command" "$cvc" help "$command"
done
# Every command of scripts/ (each executable file there; the ones the README and CONTRIBUTING.md
# name for the dev tasks must be among them) answers --help.
scripts=$( { printf '%s\n' main test setup publish-results regenerate-vectors format smoke-adapter
             for script in "$root"/scripts/*; do
               [ -f "$script" ] && [ -x "$script" ] && basename "$script"
             done; } | LC_ALL=C sort -u)
for script in $scripts; do
  answers "scripts/$script --help" "$root/scripts/$script" --help
done
# An unknown adapter is refused with the list of the adapters (every folder of harness/adapters/
# with a run.sh, and for scripts/main the oracle); an unknown option of the dev-task commands too.
adapter_names=$(cd "$root/harness/adapters" && for run in */run.sh; do echo "${run%/run.sh}"; done)
lists_adapters() {  # lists_adapters DESCRIPTION NAME...: the refusal in $tmp/err names each NAME
  local name="$1" listed; shift
  listed=$(sed -n 's/.*the adapters: //p' "$tmp/err" | tr ' ' '\n')
  for adapter in "$@"; do
    if printf '%s\n' "$listed" | grep -qx -- "$adapter"; then
      passed=$((passed + 1))
    else
      echo "FAIL $name does not list the adapter $adapter: $(head -c 300 "$tmp/err")"
      failed=$((failed + 1))
    fi
  done
}
refuses "scripts/main --adapter of an unknown adapter" 'no adapter named "no-such-adapter"' \
  "$root/scripts/main" --adapter no-such-adapter
lists_adapters "scripts/main --adapter no-such-adapter" $adapter_names oracle
refuses "scripts/smoke-adapter of an unknown adapter" 'no adapter named "no-such-adapter"' \
  "$root/scripts/smoke-adapter" no-such-adapter
lists_adapters "scripts/smoke-adapter no-such-adapter" $adapter_names
for script in regenerate-vectors format; do
  refuses "scripts/$script --no-such-option" "--no-such-option" "$root/scripts/$script" --no-such-option
done

refuses "an unknown command" 'unknown command "no-such-command"' "$cvc" no-such-command
refuses "cvc help of an unknown command" 'unknown command "no-such-command"' "$cvc" help no-such-command
refuses "an unknown option" "--no-such-option" "$cvc" types --no-such-option

# Every `cvc WORD` in a help text or a document is a command (vector headers' "cvc oracle 0.1.0"
# and "cvc generate 0.1.0" name a version, not a command line, and are left out).
{
  for command in $commands; do "$cvc" help "$command"; done
  "$cvc" --help
  cat "$root"/README.md "$root"/docs/*.md "$root"/harness/*.md "$root"/vectors/README.md \
      "$root"/harness/adapters/*/README.md 2>/dev/null
} | grep -oE '(^|[^A-Za-z_/-])cvc [a-z][a-z-]*( <version>| [0-9])?' \
  | grep -vE '( <version>| [0-9])$' | sed -E 's/.*cvc //' | sort -u >"$tmp/mentioned"
while read -r word; do
  if ! printf '%s\nhelp\n' "$commands" | grep -qx -- "$word"; then
    echo "FAIL \"cvc $word\" is mentioned in a help text or document but is not a command"
    failed=$((failed + 1))
  else
    passed=$((passed + 1))
  fi
done <"$tmp/mentioned"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
