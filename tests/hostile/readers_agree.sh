#!/usr/bin/env bash
# The hostile vector corpus against every consumer of the vectors (issue 33): cvc and the three
# readers must each give every folder the verdict tests/hostile/vector_defects.tsv gives it.
#
# usage: tests/hostile/readers_agree.sh CVC REPO_ROOT [--only LIST] [--kinds LIST]
#            [--consumer NAME=COMMAND]... [--timeout S] [--repository-timeout S] [--mem-mb MB]
#            [--rust-target DIR] [--table]
#
# For each row of vector_defects.tsv (--kinds: only those), the folder is made in a private mktemp
# directory by damage_vectors.py from REPO_ROOT/vectors (the row "repository" is REPO_ROOT/vectors
# itself), and each consumer's verify command (docs/input-contract.md, its last table) is run on it:
#   cvc     CVC verify-vectors --completeness-sample 0 --allow-modified DIR
#   python  python3 -m cast_value_vectors verify DIR   (PYTHONPATH=REPO_ROOT/readers/python/src)
#   js      node REPO_ROOT/readers/js/src/cli.js verify DIR
#   rust    the example "verify" of REPO_ROOT/readers/rust, built once by cargo into --rust-target
#           (default REPO_ROOT/build/readers/rust), its binary run directly
#   NAME    --consumer NAME=COMMAND adds a consumer: COMMAND DIR, judged as a reader (the teeth
#           test's fake consumers)
# --only cvc,python chooses consumers (default: cvc, python, js, rust and every --consumer).
# Each run has a private working folder and TMPDIR, stdin /dev/null, a time limit (--timeout,
# default 60 s; for the whole repository set --repository-timeout, default 900 s, as a reader
# reads its 58 MB in 40 s of CPU, minutes on a loaded machine: then SIGTERM, SIGKILL 5 s later)
# and an address-space limit (ulimit -v, --mem-mb, default 2048). Its verdict: exit 0 and the
# last stdout line "published X" or "modified..." (cvc:
# a stdout line "vector set: vectors version X" or "vector set: a modified vector set..."); exit
# 2 refused (cvc: 1 or 2, its documented codes for a folder's contents and for its manifest). Each
# (kind, consumer) is one of:
#   ok             the expected verdict ("published" of REPO_ROOT's version), and a refusal names
#                  the expected path (on stderr; cvc: stdout or stderr)
#   silent pass    exit 0 (published or modified) where a refusal is expected, or "published"
#                  where "modified" is
#   hang           not ended within the time limit
#   crash          killed by a signal, exit >= 128, or raw exception text in its output (a
#                  Traceback, TypeError, RecursionError, a panic, "Maximum call stack", cvc's
#                  json.exception, ...) without the refusal's exit code
#   wrong verdict  another verdict (a refusal of a good set, "modified" for the published one)
#   unclear        the expected refusal, but a message that does not name the path or that quotes
#                  raw exception text; or an exit code that is no verdict
# Prints one ok/FAIL line per (kind, consumer); --table adds a Markdown table per contract rule
# and consumer. A consumer whose toolchain is missing (python3, node, cargo) is SKIPPED, saying
# why, never counted as passed. Ends with the line "N passed, N failed"; exit 0 when none failed,
# 1 otherwise, 2 for bad arguments. HOSTILE_KEEP=1 keeps the temporary directory.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
me="readers_agree.sh"
usage() { sed -n '5,7p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }
die() { echo "$me: $*" >&2; exit 2; }

positional=() only="" kinds="" table=0 limit=60 repository_limit=900 mem_mb=2048 rust_target=""
custom_names=() custom_commands=()
while [ $# -gt 0 ]; do
  case "$1" in
    --only) only="${2:?--only takes a list}"; shift ;;
    --kinds) kinds="${2:?--kinds takes a list}"; shift ;;
    --consumer)
      [[ "${2:-}" == ?*=?* ]] || die "--consumer takes NAME=COMMAND"
      custom_names+=("${2%%=*}"); custom_commands+=("${2#*=}"); shift ;;
    --timeout) limit="${2:?}"; shift ;;
    --repository-timeout) repository_limit="${2:?}"; shift ;;
    --mem-mb) mem_mb="${2:?}"; shift ;;
    --rust-target) rust_target="${2:?}"; shift ;;
    --table) table=1 ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "${BASH_SOURCE[0]}"; exit 0 ;;
    -*) echo "$me: unknown option $1" >&2; usage ;;
    *) positional+=("$1") ;;
  esac
  shift
done
[ ${#positional[@]} -eq 2 ] || usage
[[ "$limit" =~ ^[1-9][0-9]*$ ]] || die "--timeout takes a whole number of seconds, not \"$limit\""
[[ "$repository_limit" =~ ^[1-9][0-9]*$ ]] ||
  die "--repository-timeout takes a whole number of seconds, not \"$repository_limit\""
[[ "$mem_mb" =~ ^[1-9][0-9]*$ ]] || die "--mem-mb takes a whole number, not \"$mem_mb\""
root="$(cd "${positional[1]}" 2>/dev/null && pwd)" || die "REPO_ROOT ${positional[1]}: no such folder"
[ -f "$root/vectors/manifest.json" ] || die "REPO_ROOT $root: no vectors/manifest.json"
cvc_bin="${positional[0]}"
[[ "$cvc_bin" == /* ]] || cvc_bin="$PWD/$cvc_bin"
rust_target="${rust_target:-$root/build/readers/rust}"
[[ "$rust_target" == /* ]] || rust_target="$PWD/$rust_target"
python="$(command -v python3)" || die "needs python3 (the corpus is made by damage_vectors.py)"
python="$("$python" -c 'import sys; print(sys.executable)')"  # no shim layer (pyenv) in every call
defects="$here/vector_defects.tsv"
published_version="$("$python" -c 'import json, sys; print(json.load(open(sys.argv[1]))["vectors_version"])' \
  "$root/vectors/manifest.json")" || die "$root/vectors/manifest.json: no vectors_version"

T="$(mktemp -d "${TMPDIR:-/tmp}/cvc-readers-agree.XXXXXX")"
cleanup() { if [ -n "${HOSTILE_KEEP:-}" ]; then echo "$me: kept $T" >&2; else rm -rf "$T"; fi; }
trap cleanup EXIT
trap 'exit 130' INT TERM
mkdir -p "$T/v" "$T/run" "$T/tmp"

source "$here/readers_agree_consumers.sh"
source "$here/readers_agree_judge.sh"

select_consumers
passed=0 failed=0
: >"$T/results"
check_corpus_lists
while IFS=$'\t' read -r kind verdict path rule description; do
  [ "$kind" != kind ] || continue
  [ -z "$kinds" ] || [[ ",$kinds," == *",$kind,"* ]] || continue
  run_kind "$kind" "$verdict" "$path" "$rule" "$description"
done <"$defects"
[ "$table" = 0 ] || print_table
for name in "${!skipped[@]}"; do echo "SKIPPED $name: ${skipped[$name]}"; done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
