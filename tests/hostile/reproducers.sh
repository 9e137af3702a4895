#!/usr/bin/env bash
# The hostile-input reproducers of issues 9, 22 and 33, run against one cvc binary.
#
# usage: tests/hostile/reproducers.sh CVC_BINARY [--table] [--strict]
#
# Every reproducer class of issue 9 (1-10: deep nesting, an adapter that stops reading, orphaned
# adapter processes, corrupted vectors, structural defects, unknown type names, raw exceptions,
# unbounded input, a crash storm, parse error messages) and of issue 22 (11-15, the surfaces added
# since: check-store, merge-reports, replay, drafts, shards: silent passes, hangs, crashes and
# unbounded memory, lost work, wrong verdicts and exit codes) and of issue 33 (16: incidents
# that alternate with good answers, a replay of 10 M elements) is run as one or more invocations
# of CVC_BINARY, each under a time limit (--timeout + 10 s for runs with an adapter, 30 s otherwise;
# then SIGTERM, and SIGKILL 5 s later), a memory guard (SIGKILL above HOSTILE_MEM_GUARD_MB, default
# 1024 MB resident) and GNU time (peak RSS of the cvc process), with a private TMPDIR. Each
# invocation is exactly one of:
#   handled clearly  a documented exit code (1, 2 or 3; most invocations name the one the issue
#                    asks for) with a message naming what is wrong (the file, the case, the field,
#                    the adapter fault), no raw library exception text, peak RSS under 512 MB; for
#                    adapter faults report.json records the incident (or the abort and its reason);
#                    and whatever else the invocation checks (a bounded output, a written report)
#   crash            killed by a signal or exit >= 128 (also when killed by the memory guard)
#   hang             did not end within its limit
#   silent pass      exit 0 on defective input, a run that compared nothing reported PASS, or a
#                    corrupted vector file blamed on the (reference) implementation as a FAIL
#   not clear        none of these: it ended with an error, but not a clear one
# and, separately, leftovers: processes of the run (the adapter and its children, shards) still
# alive after the run ended, found by a per-invocation tag in their arguments (pgrep -f) and in
# their environment (HOSTILE_TAG; the suite kills them after counting them); cvc-* temporary
# folders left in the invocation's TMPDIR; an earlier output the invocation destroyed.
#
# Without --table: one ok/FAIL line per invocation; exit 1 if any invocation crashed, hung, passed
# silently or left something behind (with --strict also when one was not handled clearly).
# With --table: a Markdown table per class, then the exact commands and their outcomes.
# Damaged inputs are made at run time in a mktemp directory from a few small files of vectors/:
# vector folders (damage_vectors.py), store-level vectors (damage_stores.py), shard reports (made
# by CVC_BINARY, damaged by damage_reports.py); the fake adapters are adapters/fake_adapter.py,
# the fake store command line adapters/fake_store_cli.py.
# Environment: HOSTILE_ONLY="2 9" runs only those classes; HOSTILE_KEEP=1 keeps the temp directory.
set -uo pipefail

usage() { sed -n '2,4p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }
cvc_arg=""
table=0
strict=0
for arg in "$@"; do
  case "$arg" in
    --table) table=1 ;;
    --strict) strict=1 ;;
    -h|--help) usage ;;
    -*) echo "reproducers.sh: unknown option $arg" >&2; usage ;;
    *) [ -z "$cvc_arg" ] || usage; cvc_arg="$arg" ;;
  esac
done
[ -n "$cvc_arg" ] || usage
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
here="$root/tests/hostile"
cvc="$(cd "$(dirname "$cvc_arg")" && pwd)/$(basename "$cvc_arg")"
[ -x "$cvc" ] || { echo "reproducers.sh: $cvc_arg is not an executable" >&2; exit 2; }

if [ ! -x /usr/bin/time ]; then  # GNU time, for the peak RSS
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    timeout 300 apt-get install -y -qq time >/dev/null 2>&1 ||
      { timeout 300 apt-get update -qq >/dev/null 2>&1 &&
        timeout 300 apt-get install -y -qq time >/dev/null 2>&1; }
  fi
  [ -x /usr/bin/time ] ||
    { echo "reproducers.sh: needs GNU time as /usr/bin/time (apt-get install time)" >&2; exit 3; }
fi
python="$(command -v python3)" || { echo "reproducers.sh: needs python3" >&2; exit 3; }
python="$("$python" -c 'import sys; print(sys.executable)')"  # no shim layer in adapter restarts

to=5                  # --timeout of the runs with an adapter (class 2 excepted)
plain_limit=30        # the hang limit of the invocations without an adapter
rss_limit_mb=512      # handled clearly needs a peak RSS under this
guard_mb="${HOSTILE_MEM_GUARD_MB:-1024}"
max_restarts=100      # crash storm: it must end "well before a thousand" restarts

T="$(mktemp -d "${TMPDIR:-/tmp}/cvc-hostile.XXXXXX")"
TAG="hostile-$$-$RANDOM"
cleanup() {
  local p
  for p in $(pgrep -f -- "$TAG" 2>/dev/null); do
    [ "$p" = "$$" ] || kill -KILL "$p" 2>/dev/null
  done
  if [ -n "${HOSTILE_KEEP:-}" ]; then echo "reproducers.sh: kept $T" >&2; else rm -rf "$T"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

DEEP="$("$python" -c "print('[' * 30000 + ']' * 30000)")"
DIGITS="0.$("$python" -c "print('1' * 130990)")"  # one argument holds at most 128 KiB (Linux)
fake="$here/adapters/fake_adapter.py"
fake_cli="$here/adapters/fake_store_cli.py"
# The damaged folders are vector sets of the suite's own, never published ones: a binary that
# tells them apart (issue 22) verifies them only with --allow-modified.
verify_opts=(--quiet)
"$cvc" verify-vectors --help 2>&1 | grep -q -- --allow-modified && verify_opts+=(--allow-modified)
ref_impl="$(printf '%q' "$cvc") adapter"

folder() {  # folder KIND: the damaged vector folder $T/v/KIND, made on first use
  if [ ! -e "$T/v/$1" ]; then
    mkdir -p "$T/v"
    timeout 120 "$python" "$here/damage_vectors.py" "$root/vectors" "$T/v/$1" "$1" >&2 ||
      { echo "reproducers.sh: could not make the vector folder $1" >&2; exit 3; }
  fi
  printf '%s' "$T/v/$1"
}
rep() { printf '%s' "$T/r/$1"; }  # a report directory
# fake_impl MODE [ARGS [PROXY]]: the fake adapter's command; the modes whose adapter answers
# requests proxy the reference adapter, or PROXY (a harness that misses the fault then passes)
fake_impl() {
  local proxy=""
  case "$1" in
    deep-*|unknown-types|huge-line|write-nothing|hang-stores|huge-chunk|stray-files|remove-array|\
    huge-reproduce|repeated-pairs|twice) proxy=" -- ${3:-$ref_impl}" ;;
  esac
  printf '%q %q --mode %s --tag @TAG@%s%s' "$python" "$fake" "$1" "${2:+ $2}" "$proxy"
}
stores() {  # stores KIND: the damaged store-level vector folder $T/s/KIND, made on first use
  if [ ! -e "$T/s/$1" ]; then
    mkdir -p "$T/s"
    timeout 120 "$python" "$here/damage_stores.py" "$root/vectors" "$T/s/$1" "$1" >&2 ||
      { echo "reproducers.sh: could not make the store folder $1" >&2; exit 3; }
  fi
  printf '%s' "$T/s/$1"
}
# shard_report NAME: a shard report of $T/reports, made on first use by the binary under test:
# ok1, ok2 (the reference, shards 1/2 and 2/2), bug1, bug2 (the mutant ties-away), full1,
# reduced1, reduced2 (the reference behind one --impl command whose hello declares every data type
# or, from the environment, all but int2: as on two nodes with different libraries; of ok's run
# id), stale2 (ok2 of another run id: a stale shard of an earlier run with the same options), or
# KIND-NAME, the report NAME damaged by damage_reports.py KIND
all_types='"int2", "int4", "int8", "int16", "int32", "int64", "uint2", "uint4", "uint8", "uint16", "uint32", "uint64", "float4_e2m1fn", "float6_e2m3fn", "float6_e3m2fn", "float8_e3m4", "float8_e4m3", "float8_e4m3b11fnuz", "float8_e4m3fnuz", "float8_e5m2", "float8_e5m2fnuz", "float8_e8m0fnu", "bfloat16", "float16", "float32", "float64"'
shard_report() {
  local path="$T/reports/$1.json" kind base k run_id types="[$all_types]"
  if [ ! -e "$path" ]; then
    mkdir -p "$T/reports"
    case "$1" in
      ok[12]|bug[12]|full1|reduced[12]|stale2)
        k="${1: -1}"; base="$ref_impl"; run_id="reproducers-ok"
        [ "${1%?}" != bug ] || { base="$ref_impl --mutant ties-away"; run_id="reproducers-bug"; }
        [ "${1%?}" != stale ] || run_id="reproducers-earlier"
        if [ "${1%?}" = full ] || [ "${1%?}" = reduced ]; then
          # The same command text for every shard; the hello it gives depends on the environment.
          base="$(printf '%q %q' "$python" "$root/tests/fixtures/misbehaving_adapter.py")"
          base+=' --mode hello_patch --set "data_types=$CVC_HOSTILE_TYPES" -- '"$ref_impl"
          [ "${1%?}" = full ] || types="[${all_types/\"int2\", /}]"
        fi
        # The two shards of one run share its id (merges refuse shards of another run).
        CVC_HOSTILE_TYPES="$types" timeout 120 "$cvc" run --impl "$base" --live exhaustive \
          --max-bits 4 --shard "$k/2" --run-id "$run_id" --timeout 30 --json "$path" \
          >/dev/null 2>&1
        [ -s "$path" ] ||
          { echo "reproducers.sh: could not make the shard report $1" >&2; exit 3; } ;;
      *-*)
        kind="${1%-*}"
        timeout 120 "$python" "$here/damage_reports.py" "$(shard_report "${1##*-}")" "$path" \
          "$kind" >&2 || { echo "reproducers.sh: could not make the report $1" >&2; exit 3; } ;;
    esac
  fi
  printf '%s' "$path"
}

names() {  # $1 with this machine's paths and the long arguments by name
  local s="${1//"$DEEP"/\$DEEP}"
  s="${s//"$DIGITS"/\$DIGITS}"
  s="${s//"$(printf '%q' "$cvc")"/\$CVC}"
  s="${s//"$cvc"/\$CVC}"
  s="${s//"$python"/python3}"
  s="${s//"$T"/\$T}"
  s="${s//"$root/"/}"
  s="${s//"$TAG"/\$TAG}"
  printf '%s' "${s//@TAG@/\$TAG}"
}
show() {  # the command as text: this machine's paths and the long arguments by name
  local a s out=""
  for a in "$@"; do
    s="$(names "$a")"
    if [[ "$s" =~ ^[A-Za-z0-9_./=:,+@%-]+$ ]] || [[ "$s" =~ ^\$[A-Z]+[A-Za-z0-9_./-]*$ ]]; then
      out+="$s "
    else
      s="${s//\\/\\\\}"; s="${s//\"/\\\"}"; s="${s//\`/\\\`}"
      out+="\"$s\" "
    fi
  done
  printf '%s' "${out% }"
}

tag_pids() {  # the live processes of invocation tag $1: by argument and by environment
  local p pids state rest
  pids="$(pgrep -f -- "$1" 2>/dev/null)"
  for p in $(grep -las -- "HOSTILE_TAG=$1" /proc/[0-9]*/environ 2>/dev/null | cut -d/ -f3); do
    pids+=$'\n'"$p"
  done
  for p in $(printf '%s\n' "$pids" | grep -v "^$$\$" | grep . | sort -un); do
    # a zombie is dead already (an init that does not reap may keep it): not counted
    read -r _ _ state rest 2>/dev/null <"/proc/$p/stat" || continue
    [ "$state" = Z ] || echo "$p"
  done
}

# lingering_pids TAG SECONDS: the processes of tag TAG still live once none is left (the event)
# or SECONDS have passed, whichever comes first.
lingering_pids() {
  local left end=$(( ${EPOCHREALTIME/./} + ${2%.*} * 1000000 ))
  left="$(tag_pids "$1")"
  while [ -n "$left" ] && [ "${EPOCHREALTIME/./}" -lt "$end" ]; do
    sleep 0.2
    left="$(tag_pids "$1")"
  done
  printf '%s' "$left"
}

# invoke CLASS LABEL [options] -- COMMAND...   (@TAG@ in COMMAND: the invocation's tag)
#   --adapter S      a run with an adapter and --timeout S: limit S + 10 s (default: 30 s)
#   --limit S        limit S seconds
#   --codes "C..."   the exit codes that count as handled clearly (default "1 2 3")
#   --need ERE       stdout + stderr must match ERE, case-insensitive (repeatable)
#   --avoid ERE      stdout + stderr must not match ERE (raw library exception texts)
#   --blame          exit 1 with a FAIL in the output is a silent pass (corrupted vectors)
#   --nopass         "Result: PASS" in the output is a silent pass (a run that compared nothing)
#   --report DIR     DIR/report.json must record an incident or the abort with its reason
#   --log FILE       the adapter's start log: restarts = lines - 1, at most $max_restarts
#   --zero-ok        exit 0 may be handled clearly (when every --need matches; else a silent pass)
#   --stdin FILE     the command's standard input (default /dev/null)
#   --signal SIG S   send SIG to cvc S seconds after the start (exit 128 + SIG is then expected)
#   --settle S       at most S seconds after the end for the run's processes to go before the
#                    ones still there are counted as leftovers (default 30; the wait ends as soon
#                    as none is left, so a clean run costs nothing and a loaded machine is waited for)
#   --keep FILE      an earlier output: FILE holds a known text before the run and must hold it
#                    after (otherwise a leftover: an earlier output destroyed)
#   --max-output N   stdout + stderr must be under N bytes (a bounded terminal report)
#   --max-tree DIR N the files under DIR must hold under N bytes in all (bounded drafts)
#   --assert TEXT CMD  the bash command CMD (eval'ed after the run) must succeed; TEXT says what
#                    it checks
# Every invocation gets a private TMPDIR ($T/i/N/tmp): a cvc-* entry left in it is a leftover.
n=0
declare -a R_CLASS R_LABEL R_CMD R_OUT R_ORPH R_RSS R_NOTE
invoke() {
  local class="$1" label="$2"; shift 2
  local limit=$plain_limit codes="1 2 3" blame=0 nopass=0 report="" log="" zero_ok=0
  local stdin=/dev/null signal="" signal_after=0 settle=30 keep="" max_output="" tree=""
  local tree_max=""
  local -a need=() avoid=() asserts=()
  while [ "$1" != "--" ]; do
    case "$1" in
      --adapter) limit=$(($2 + 10)); shift 2 ;;
      --limit) limit=$2; shift 2 ;;
      --codes) codes="$2"; shift 2 ;;
      --need) need+=("$2"); shift 2 ;;
      --avoid) avoid+=("$2"); shift 2 ;;
      --blame) blame=1; shift ;;
      --nopass) nopass=1; shift ;;
      --report) report="$2"; shift 2 ;;
      --log) log="$2"; shift 2 ;;
      --zero-ok) zero_ok=1; shift ;;
      --stdin) stdin="$2"; shift 2 ;;
      --signal) signal="$2"; signal_after="$3"; shift 3 ;;
      --settle) settle="$2"; shift 2 ;;
      --keep) keep="$2"; shift 2 ;;
      --max-output) max_output="$2"; shift 2 ;;
      --max-tree) tree="$2"; tree_max="$3"; shift 3 ;;
      --assert) asserts+=("$2" "$3"); shift 3 ;;
      *) echo "invoke: bad option $1" >&2; exit 3 ;;
    esac
  done
  shift
  if [ -n "${HOSTILE_ONLY:-}" ] && [[ " $HOSTILE_ONLY " != *" $class "* ]]; then return 0; fi
  n=$((n + 1))
  local itag="${TAG}-n${n}x" dir="$T/i/$n" cmd a
  mkdir -p "$dir/tmp"
  cmd="$(show "$@")"
  [ "$stdin" = /dev/null ] || cmd+=" < $(names "$stdin")"
  local -a argv=()
  for a in "$@"; do argv+=("${a//@TAG@/$itag}"); done
  local earlier="an earlier output of invocation $n, to be kept"
  if [ -n "$keep" ]; then mkdir -p "$(dirname "$keep")"; printf '%s\n' "$earlier" >"$keep"; fi

  # The run: GNU time's child is cvc; an 8 GB address space limit backs up the memory guard.
  ( ulimit -v $((8 * 1024 * 1024))
    exec env HOSTILE_TAG="$itag" TMPDIR="$dir/tmp" /usr/bin/time -f %M -o "$dir/time" \
      "${argv[@]}" ) >"$dir/out" 2>"$dir/err" <"$stdin" &
  local tp=$! child="" start=${EPOCHREALTIME/./} now hung=0 guarded=0 termed=0 k v rest rss_now
  local signalled=0
  while kill -0 "$tp" 2>/dev/null; do
    [ -n "$child" ] || child="$(pgrep -P "$tp" | head -1)"
    now=${EPOCHREALTIME/./}
    if [ -n "$signal" ] && [ "$signalled" -eq 0 ] && [ -n "$child" ] &&
       [ $((now - start)) -gt $((signal_after * 1000000)) ]; then
      signalled=1; kill -"$signal" "$child" 2>/dev/null
    fi
    if [ -n "$child" ] && [ "$hung" -eq 0 ] && [ "$guarded" -eq 0 ]; then
      rss_now=0
      while read -r k v rest; do
        [ "$k" = "VmRSS:" ] && rss_now=$v
      done 2>/dev/null <"/proc/$child/status"
      if [ "$rss_now" -gt $((guard_mb * 1024)) ]; then
        guarded=1; kill -KILL "$child" 2>/dev/null
      fi
    fi
    if [ "$hung" -eq 0 ] && [ $((now - start)) -gt $((limit * 1000000)) ]; then
      hung=1; termed=$now
      kill -TERM "${child:-$tp}" 2>/dev/null
    fi
    if [ "$hung" -eq 1 ] && [ $((now - termed)) -gt 5000000 ]; then
      hung=2
      kill -KILL "${child:-$tp}" 2>/dev/null
    fi
    sleep 0.1
  done
  wait "$tp"
  local rc=$?
  local seconds=$(( (${EPOCHREALTIME/./} - start) / 100000 ))
  seconds="$((seconds / 10)).$((seconds % 10))"
  local rss_kb
  rss_kb="$(tail -1 "$dir/time" 2>/dev/null)"
  [[ "$rss_kb" =~ ^[0-9]+$ ]] || rss_kb=0
  local rss_mb=$(( (rss_kb + 1023) / 1024 ))

  # Leftovers: processes of the run, temporary folders of the run, an earlier output destroyed.
  # The run's processes are waited for (the event: none left), at most --settle seconds: a shard
  # or adapter whose parent was killed goes on its PR_SET_PDEATHSIG, which a loaded machine may
  # deliver seconds late (a fixed 2 s wait failed a fresh-clone CI run beside a CPU-heavy job).
  local left orphans=0 p left_args="" temps=0 destroyed=0
  left="$(lingering_pids "$itag" "$settle")"
  if [ -n "$left" ]; then
    orphans=$(printf '%s\n' "$left" | wc -l)
    left_args="$(ps -o args= -p "$(printf '%s' "$left" | tr '\n' ',')" 2>/dev/null |
      while IFS= read -r a; do names "$a" | cut -c1-60; done | sort | uniq -c | sed 's/^ *//' |
      head -3 | tr '\n' ';')"
    for p in $left; do kill -KILL "$p" 2>/dev/null; done
  fi
  temps=$(find "$dir/tmp" -mindepth 1 -maxdepth 1 -name 'cvc-*' 2>/dev/null | wc -l)
  if [ -n "$keep" ] && [ "$(cat "$keep" 2>/dev/null)" != "$earlier" ]; then destroyed=1; fi
  local leftovers=$((orphans + temps + destroyed))

  local all="$dir/all" outcome="" why="" note="exit $rc, ${seconds} s" re
  cat "$dir/out" "$dir/err" >"$all"
  if [ "$hung" -ge 1 ]; then
    outcome=hang
    if [ "$hung" -eq 2 ]; then note="no end after ${limit} s, SIGTERM ignored: SIGKILL"
    else note="no end after ${limit} s; ended on SIGTERM (exit $rc)"; fi
  elif [ "$guarded" -eq 1 ]; then
    outcome=crash; note="killed by the suite's memory guard above ${guard_mb} MB, ${seconds} s"
  elif [ "$rc" -ge 128 ] && [ "$signal" != KILL ]; then
    outcome=crash; note="exit $rc (signal $((rc - 128))), ${seconds} s"
  elif [ "$rc" -eq 0 ] && [ "$zero_ok" -eq 0 ]; then
    outcome=silent
  elif [ "$blame" -eq 1 ] && [ "$rc" -eq 1 ] && grep -Eq 'FAIL|^ +fail ' "$all"; then
    outcome=silent; why="blames the implementation (FAIL)"
  elif [ "$nopass" -eq 1 ] && grep -Eq '^(Result: )?PASS( |,|:|$)' "$all"; then
    outcome=silent; why="reports PASS"
  else
    [ "$signal" != KILL ] || codes=137
    [[ " $codes " == *" $rc "* ]] || why+="exit $rc is not ${codes// / or }; "
    for re in ${need[@]+"${need[@]}"}; do
      grep -Eqi -- "$re" "$all" || why+="no message matching /$re/; "
    done
    # exit 0 where it may be right still needs every message it must say: else a silent pass
    if [ "$rc" -eq 0 ] && [ -n "$why" ]; then outcome=silent; fi
    if [ -n "$max_output" ]; then
      local bytes
      bytes=$(wc -c <"$all")
      [ "$bytes" -lt "$max_output" ] || why+="said $bytes bytes (not under $max_output); "
    fi
    if [ -n "$tree" ]; then
      local tree_bytes
      tree_bytes=$(find "$tree" -type f -printf '%s\n' 2>/dev/null |
        awk '{s += $1} END {print s + 0}')
      [ "$tree_bytes" -lt "$tree_max" ] ||
        why+="$(names "$tree") holds $tree_bytes bytes (not under $tree_max); "
    fi
    local ai
    for ((ai = 0; ai < ${#asserts[@]}; ai += 2)); do
      eval "${asserts[ai + 1]}" >/dev/null 2>&1 </dev/null || why+="not so: ${asserts[ai]}; "
    done
    for re in ${avoid[@]+"${avoid[@]}"}; do
      grep -Eq -- "$re" "$all" && why+="raw text /$(grep -Eo -- "$re" "$all" | head -1)/; "
    done
    [ "$rss_mb" -lt "$rss_limit_mb" ] || why+="peak RSS ${rss_mb} MB; "
    if [ -n "$report" ]; then
      local verdict
      verdict="$("$python" - "$report/report.json" 2>/dev/null <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
count = r.get("incidents", {}).get("count", 0)
ok = count > 0 or (r.get("aborted") and r.get("abort_reason"))
print(("yes" if ok else "no") + " incidents %d, aborted %s" % (count, bool(r.get("aborted"))))
EOF
)"
      case "$verdict" in
        yes*) note+=", report: ${verdict#yes }" ;;
        no*) why+="report.json records no incident and no abort; " ;;
        *) why+="no readable report.json; " ;;
      esac
    fi
    if [ -n "$outcome" ]; then :; elif [ -z "$why" ]; then outcome=clear; else outcome=unclear; fi
  fi
  if [ -n "$log" ]; then
    local starts=0 restarts
    [ -f "$log" ] && starts=$(wc -l <"$log")
    restarts=$((starts > 0 ? starts - 1 : 0))
    note+=", $restarts restarts"
    if [ "$outcome" = clear ] && [ "$restarts" -gt "$max_restarts" ]; then
      outcome=unclear; why+="$restarts restarts (more than $max_restarts); "
    fi
  fi
  [ "$orphans" -eq 0 ] || note+=", $orphans process(es) left running: ${left_args%;}"
  [ "$temps" -eq 0 ] || note+=", $temps temporary folder(s) left in its TMPDIR"
  [ "$destroyed" -eq 0 ] || note+=", the earlier output $(names "$keep") destroyed"
  [ -z "$signal" ] || note+=", SIG$signal after $signal_after s"
  [ -z "$why" ] || note+="; ${why%; }"
  local said  # a short quote of what it said
  # the first line of these that says something: an error of cvc, the verdict line, any line
  said="$(sed -E 's#[0-9]+/[0-9]+ arrays##g' "$dir/err" | grep -E '^cvc [a-z-]+:' | head -1 |
    cut -c1-100000)"
  for re in '^Result|^[0-9]+ arrays:' 'abort|error|problem'; do
    [ -n "$said" ] || said="$(grep -E "$re" "$dir/out" | head -1 | cut -c1-100000)"
  done
  [ -n "$said" ] ||
    said="$(sed -E 's#[0-9]+/[0-9]+ arrays##g' "$dir/err" | grep -Ev '^\s*$' | head -1 |
      cut -c1-100000)"
  said="$(names "$said" | cut -c1-160)"
  R_CLASS[n]="$class"; R_LABEL[n]="$label"; R_CMD[n]="$cmd"; R_OUT[n]="$outcome"
  R_ORPH[n]="$leftovers"; R_RSS[n]="$rss_mb"; R_NOTE[n]="$note${said:+; says: \"$said\"}"
  if [ "$table" -eq 0 ]; then
    local bad=0 word="$outcome"
    case "$outcome" in crash|hang|silent) bad=1 ;; unclear) [ "$strict" -eq 0 ] || bad=1 ;; esac
    [ "$leftovers" -eq 0 ] || bad=1
    case "$outcome" in
      clear) word="handled clearly" ;; silent) word="silent pass" ;; unclear) word="not clear" ;;
    esac
    if [ "$bad" -eq 0 ]; then echo "ok   [$class] $label: $word ($note)"
    else echo "FAIL [$class] $label: $word ($note)"; fi
  else
    echo "[$class] $label: $outcome" >&2
  fi
}

RAW='stoull|stoul|json\.exception|type_error|out_of_range\.[0-9]|key .[a-z_]+. not found'
RAW+='|cannot use at\(\)|std::|basic_string|what\(\)'

# ---- control: the clean copy verifies and the reference adapter passes it ----------------------
clean="$(folder clean)"
control_ok=1
timeout 60 "$cvc" verify-vectors "${verify_opts[@]}" "$clean" >"$T/control.txt" 2>&1 || control_ok=0
timeout 60 "$cvc" run --impl "$ref_impl" --vectors "$clean" --timeout $to \
  >>"$T/control.txt" 2>&1 || control_ok=0
if [ "$table" -eq 0 ]; then
  if [ "$control_ok" -eq 1 ]; then
    echo "ok   [control] the clean copy of the vectors verifies and the reference adapter passes it"
  else
    echo "FAIL [control] the clean copy of the vectors does not verify or pass:"
    tail -5 "$T/control.txt"
  fi
fi

# ---- control: the leftover count sees a process that stays, and not one that has gone ----------
# (its teeth: without it a leftover check that never finds anything would pass every invocation)
env HOSTILE_TAG="${TAG}-control-stays" sleep 60 &
stays=$!
env HOSTILE_TAG="${TAG}-control-goes" sleep 1 &
if [ "$(lingering_pids "${TAG}-control-stays" 1)" = "$stays" ] &&
   [ -z "$(lingering_pids "${TAG}-control-goes" 30)" ]; then
  [ "$table" -eq 1 ] || echo "ok   [control] a process left running is counted; one that ends is waited for"
else
  control_ok=0
  echo "FAIL [control] the leftover count missed a process left running, or counted one that ended"
fi
kill "$stays" 2>/dev/null
wait

live=(--live random --type int8 --count 10 --timeout $to)

# ---- 1. deep nesting ---------------------------------------------------------------------------
invoke 1 "cvc cast --config: a scalar_map of 30000 nested arrays" --codes 2 \
  --need 'config|scalar_map' --need 'nest|depth|deep' -- \
  "$cvc" cast --from int8 --config "{\"data_type\":\"int8\",\"scalar_map\":$DEEP}" 1
d="$(folder deep-fill)"
invoke 1 "verify-vectors: a group fill_value of 30000 nested arrays" --codes "1 2" \
  --need 'int2\.json' --need 'nest|depth|deep|fill' --avoid "$RAW" -- \
  "$cvc" verify-vectors "${verify_opts[@]}" "$d"
invoke 1 "run --vectors: a group fill_value of 30000 nested arrays" --adapter $to --codes 2 \
  --need 'int2\.json' --need 'nest|depth|deep|fill' --avoid "$RAW" -- \
  "$cvc" run --impl "$ref_impl" --vectors "$d" --timeout $to --report-dir "$(rep 1c)"
for where in environment notes; do
  # An adapter whose hello is refused cannot be started: said once, exit 2, no report.
  invoke 1 "run: the adapter's hello carries 30000 nested arrays (in $where)" --adapter $to \
    --codes 2 --need 'cannot start the implementation' --need 'nest|depth|deep' -- \
    "$cvc" run --impl "$(fake_impl deep-hello "--where $where")" "${live[@]}" \
    --report-dir "$(rep "1$where")"
done
for where in elements extra; do
  invoke 1 "run: the adapter's answers carry 30000 nested arrays (in $where)" --adapter $to \
    --need 'malformed|nest|depth|deep' --report "$(rep "1$where")" -- \
    "$cvc" run --impl "$(fake_impl deep-answer "--where $where")" "${live[@]}" \
    --report-dir "$(rep "1$where")"
done

# ---- 2. an adapter that stops reading ----------------------------------------------------------
# Every request to this adapter costs a whole --timeout (then it is killed and restarted), and a
# run aborts after 5 incidents in a row (the default of the fixed binary's
# --max-incidents-in-a-row): so --timeout 1, not the issue's 5 (each start, a Python adapter's,
# is waited for as an event: --start-timeout 600), and a limit of
# 5 x (--timeout + 1) + 20 s = 30 s (about 11 s alone; the margin is for a loaded machine: 2 cores
# under ctest -j2 and a long test beside it took more than 20 s once).
invoke 2 "run: the adapter answers the hello, then exec sleep 600 (--count 8192 float64)" \
  --limit 30 --need 'timeout|timed out|write|stopped reading|abort' --report "$(rep 2a)" -- \
  "$cvc" run --impl "$(fake_impl stop-reading)" --live random --count 8192 --type float64 \
  --timeout 1 --start-timeout 600 --report-dir "$(rep 2a)"

# ---- 3. orphaned adapter processes -------------------------------------------------------------
invoke 3 "run: after the hello the adapter starts sleep 299 in the background and exits 0" \
  --adapter $to --need 'crash|exit|handshake|abort' --report "$(rep 3a)" -- \
  "$cvc" run --impl "$(fake_impl orphan-hello)" "${live[@]}" --report-dir "$(rep 3a)"
invoke 3 "run: at the first request the adapter starts sleep 299 in the background, exits 0" \
  --adapter $to --need 'crash|exit|abort' --report "$(rep 3b)" -- \
  "$cvc" run --impl "$(fake_impl orphan-request)" "${live[@]}" --report-dir "$(rep 3b)"

# ---- 4. corrupted vectors ----------------------------------------------------------------------
invoke 4 "run --vectors: one expected result flipped (the manifest's SHA-256 no longer matches)" \
  --adapter $to --codes 2 --need 'int2\.json' --blame --avoid "$RAW" -- \
  "$cvc" run --impl "$ref_impl" --vectors "$(folder flip)" --timeout $to --report-dir "$(rep 4a)"
d="$(folder zzz-fill)"
invoke 4 "verify-vectors: a group fill_value \"zzz\"" --codes "1 2" --need 'int2\.json' \
  --avoid "$RAW" -- \
  "$cvc" verify-vectors "${verify_opts[@]}" "$d"
invoke 4 "run --vectors: a group fill_value \"zzz\"" --adapter $to --codes 2 --need 'int2\.json' \
  --blame --avoid "$RAW" -- \
  "$cvc" run --impl "$ref_impl" --vectors "$d" --timeout $to --report-dir "$(rep 4c)"

# ---- 5. structural defects ---------------------------------------------------------------------
invoke 5 "verify-vectors: a group with 0 cases" --codes "1 2" --need 'scalar_map\.json' \
  --avoid "$RAW" -- \
  "$cvc" verify-vectors "${verify_opts[@]}" "$(folder zero-cases)"
invoke 5 "verify-vectors: a file with 0 groups" --codes "1 2" --need 'scalar_map\.json' \
  --avoid "$RAW" -- \
  "$cvc" verify-vectors "${verify_opts[@]}" "$(folder zero-groups)"
invoke 5 "verify-vectors: a wrong number_of_cases in a cast file" --codes "1 2" \
  --need 'int2\.json' --avoid "$RAW" -- \
  "$cvc" verify-vectors "${verify_opts[@]}" "$(folder wrong-count)"
invoke 5 "verify-vectors: an unknown family" --codes "1 2" --need 'int2\.json' --avoid "$RAW" -- \
  "$cvc" verify-vectors "${verify_opts[@]}" "$(folder unknown-family)"
invoke 5 "verify-vectors: an empty manifest (\"files\": [])" --codes "1 2" --need 'manifest' \
  --avoid "$RAW" -- \
  "$cvc" verify-vectors "${verify_opts[@]}" "$(folder empty-manifest)"
invoke 5 "run --vectors: an empty manifest" --adapter $to --codes "1 2" --nopass \
  --need 'manifest|no (vector )?files|nothing|no cases|0 cases' --avoid "$RAW" -- \
  "$cvc" run --impl "$ref_impl" --vectors "$(folder empty-manifest)" --timeout $to \
  --report-dir "$(rep 5f)"

# ---- 6. unknown type names in the hello --------------------------------------------------------
# A hello that is refused: the adapter cannot be started, said once, exit 2, no report.
invoke 6 "run: the hello declares only \"Int4\" and \"int99\"" --adapter $to --codes 2 \
  --need 'cannot start the implementation' --need 'Int4|int99' -- \
  "$cvc" run --impl "$(fake_impl unknown-types)" "${live[@]}" --report-dir "$(rep 6a)"

# ---- 7. raw exceptions -------------------------------------------------------------------------
for kind in big-id bad-alt-index wrong-type missing-groups string-case; do
  case "$kind" in
    big-id) file='int2\.json'; what="a case id of 10^30" ;;
    bad-alt-index) file='int2\.json'; what="an alternatives index \"x\"" ;;
    wrong-type) file='metadata\.json'; what="a number where a string is expected (\"result\": 5)" ;;
    missing-groups) file='metadata\.json'; what="no \"groups\" key" ;;
    string-case) file='metadata\.json'; what="a case that is a string" ;;
  esac
  d="$(folder "$kind")"
  invoke 7 "verify-vectors: $what" --need "$file" --avoid "$RAW" -- \
    "$cvc" verify-vectors "${verify_opts[@]}" "$d"
  invoke 7 "run --vectors: $what" --adapter $to --need "$file" --blame --avoid "$RAW" -- \
    "$cvc" run --impl "$ref_impl" --vectors "$d" --timeout $to --report-dir "$(rep "7$kind")"
done

# ---- 8. unbounded input ------------------------------------------------------------------------
for kind in dev-zero fifo nest-50mb digits-fill; do
  case "$kind" in
    dev-zero) what="cast/int2.json is a symlink to /dev/zero" ;;
    fifo) what="cast/int2.json is a FIFO" ;;
    nest-50mb) what="cast/int2.json is 50 MB of nested arrays" ;;
    digits-fill) what="a group fill_value of 10^6 digits" ;;
  esac
  d="$(folder "$kind")"
  invoke 8 "verify-vectors: $what" --need 'int2\.json' --avoid "$RAW" -- \
    "$cvc" verify-vectors "${verify_opts[@]}" "$d"
  invoke 8 "run --vectors: $what" --adapter $to --need 'int2\.json' --blame --avoid "$RAW" -- \
    "$cvc" run --impl "$ref_impl" --vectors "$d" --timeout $to --report-dir "$(rep "8$kind")"
done
invoke 8 "cvc cast: a VALUE of 130990 digits (the longest single argument Linux passes)" \
  --codes 2 --need 'digit|long|limit' -- \
  "$cvc" cast --from float64 --config '{"data_type":"float32"}' "$DIGITS"
invoke 8 "run: the adapter answers the first request with one line of 300 MB" --adapter $to \
  --need 'line|long|exceed|limit|malformed|abort' --report "$(rep 8h)" -- \
  "$cvc" run --impl "$(fake_impl huge-line)" "${live[@]}" --report-dir "$(rep 8h)"

# ---- 9. a crash storm --------------------------------------------------------------------------
invoke 9 "run --live random --type int8: the adapter crashes at every request" --adapter $to \
  --need 'abort|consecutive|in a row' --report "$(rep 9a)" --log "$T/storm.log" -- \
  "$cvc" run --impl "$(fake_impl crash-storm "--log $(printf '%q' "$T/storm.log")")" \
  --live random --type int8 --timeout $to --report-dir "$(rep 9a)"

# ---- 10. a parse error message -----------------------------------------------------------------
invoke 10 "cvc cast --config with a malformed token after a number" --codes 2 \
  --need '12345 x' --avoid '0     x' -- \
  "$cvc" cast --from int8 --config '{"data_type":"int8","x":[12345 x]}' 1

# ---- issue 22: the new surfaces (check-store, merge-reports, replay, drafts, shards) -----------
# Store-level vectors: damage_stores.py (four published arrays of vectors/stores); shard reports:
# `cvc run --live exhaustive --max-bits 4 --shard K/2 --json` by the binary under test, then
# damage_reports.py. $T/out holds the outputs an invocation is asked to write.
output_path() { mkdir -p "$T/out"; printf '%s' "$T/out/$1"; }
cast_request() {  # cast_request FILL COUNT ELEMENTS: a float32 -> int8 encode request line
  printf '{"cmd":"cast","direction":"encode","array_data_type":"float32","fill_value":%s,' "$1"
  printf '"codec":{"name":"cast_value","configuration":{"data_type":"int8"}},'
  printf '"count":%s,"elements":"%s"}' "$2" "$3"
}
bug_impl="$ref_impl --mutant ties-away"
report_says() {  # report_says FILE PYTHON-EXPRESSION: the JSON report r makes it true
  "$python" -c 'import json, sys
r = json.load(open(sys.argv[1]))
sys.exit(0 if eval(sys.argv[2]) else 1)' "$1" "$2"
}

# ---- 11. silent passes -------------------------------------------------------------------------
invoke 11 "check-store: an adapter that writes nothing; each encode folder holds its chunks" \
  --adapter $to --codes "1 2" --nopass --need 'c/[01]|chunk|not listed|unlisted' --avoid "$RAW" -- \
  "$cvc" check-store --impl "$(fake_impl write-nothing)" --vectors "$(stores leftover-chunks)" \
  --timeout $to
invoke 11 "merge-reports: shard reports whose failures were relabelled as passes" --codes 2 \
  --nopass --need 'diagnos|failure' --avoid "$RAW" -- \
  "$cvc" merge-reports "$(shard_report relabel-bug1)" "$(shard_report relabel-bug2)"
invoke 11 "merge-reports: counts of 2^63 that add up modulo 2^64" --codes 2 --nopass \
  --need 'overflow|2\^6[34]|too large|exceed|beyond|out of range' --avoid "$RAW" -- \
  "$cvc" merge-reports "$(shard_report wrap-ok1)" "$(shard_report ok2)"
# Issue 33: shards that are not of one run, or whose reasons cannot apply, never merge to PASS.
invoke 11 "merge-reports: shards whose adapters declared different data types in their hellos" \
  --codes 2 --nopass --need 'declaration' --avoid "$RAW" -- \
  "$cvc" merge-reports "$(shard_report full1)" "$(shard_report reduced2)"
invoke 11 "merge-reports: a stale shard of an earlier run with the same options" --codes 2 \
  --nopass --need 'stale2\.json.*run_id' --avoid "$RAW" -- \
  "$cvc" merge-reports "$(shard_report ok1)" "$(shard_report stale2)"
invoke 11 "merge-reports: an unsupported reason that cannot apply to its cell" --codes 2 \
  --nopass --need 'cannot be a reason' --avoid "$RAW" -- \
  "$cvc" merge-reports "$(shard_report reduced1)" "$(shard_report foreign-reason-reduced2)"
invoke 11 "replay: a cast request of \"count\": 0 to a known-buggy mutant" --adapter $to \
  --codes "1 2" --need 'count|no element|nothing|0 elements|empty' --avoid "$RAW" -- \
  "$cvc" replay --impl "$bug_impl" --timeout $to "$(cast_request 0 0 '')"
invoke 11 "run --vectors: only cast/int2.json, a matching manifest (a set never published)" \
  --adapter $to --zero-ok --codes "0 1 2" --need 'modified|not (a |the )?published|unpublished' \
  --avoid "$RAW" -- \
  "$cvc" run --impl "$ref_impl --mutant low-word-dropped" --vectors "$(folder only-int2)" \
  --timeout $to

# ---- 12. hangs ---------------------------------------------------------------------------------
invoke 12 "check-store: the decode array's zarr.json is a FIFO (no manifest)" --adapter $to \
  --codes 2 --need 'zarr\.json' --avoid "$RAW" -- \
  "$cvc" check-store --impl "$ref_impl" --vectors "$(stores fifo-zarr)" --timeout $to
invoke 12 "check-store: stores/index.json is a FIFO (no manifest)" --adapter $to --codes 2 \
  --need 'index\.json' --avoid "$RAW" -- \
  "$cvc" check-store --impl "$ref_impl" --vectors "$(stores fifo-index)" --timeout $to
fifo_report="$(output_path fifo-shard.json)"
[ -p "$fifo_report" ] || mkfifo "$fifo_report"
invoke 12 "merge-reports: a merge input is a FIFO" --codes 2 --need 'fifo-shard\.json' \
  --avoid "$RAW" -- \
  "$cvc" merge-reports "$(shard_report ok1)" "$fifo_report"
fifo_codecs="$(output_path fifo-codecs.json)"
[ -p "$fifo_codecs" ] || mkfifo "$fifo_codecs"
invoke 12 "chain: the --codecs @FILE is a FIFO" --codes 2 --need 'fifo-codecs\.json' \
  --avoid "$RAW" -- \
  "$cvc" chain --array-type float32 --fill-value 0 --codecs "@$fifo_codecs" 1
invoke 12 "chain: the --codecs @FILE is /dev/zero" --codes 2 --need '/dev/zero' -- \
  "$cvc" chain --array-type float32 --fill-value 0 --codecs "@/dev/zero" 1
fifo_json="$(output_path fifo-report.json)"
[ -p "$fifo_json" ] || mkfifo "$fifo_json"
invoke 12 "run: the --json report path is a FIFO" --adapter $to --codes 2 \
  --need 'fifo-report\.json' --avoid "$RAW" -- \
  "$cvc" run --impl "$ref_impl" "${live[@]}" --json "$fifo_json"
# Each array costs a whole --timeout (then the adapter is killed and restarted): the published
# store vectors' 147 arrays cost minutes without an incident limit, 5 x (1 + 1) s with one.
invoke 12 "check-store: the adapter never answers a store request (147 arrays, --timeout 1)" \
  --limit 30 --codes 1 --need 'abort|in a row|incident' --avoid "$RAW" \
  --assert "the report is written" 'test -s "$(rep 12e)/stores.json"' -- \
  "$cvc" check-store --impl "$(fake_impl hang-stores)" --vectors "$root/vectors" --timeout 1 \
  --report-dir "$(rep 12e)"

# ---- 13. crashes and unbounded memory ----------------------------------------------------------
d="$(stores huge-chunk-shape)"
invoke 13 "cvc adapter: write_array of an array with chunk_shape [2^32, 2^32]" --zero-ok --codes 0 \
  --need 'chunk' --stdin "$d-write/request.jsonl" \
  --assert "the write_array answer is not ok" \
  '! grep -q "\"id\":1,\"status\":\"ok\"" "$dir/out"' -- \
  "$cvc" adapter
invoke 13 "check-store: an encode array's zarr.json with chunk_shape [2^32, 2^32]" --adapter $to \
  --codes "1 2" --need 'chunk_shape' --avoid "$RAW" -- \
  "$cvc" check-store --impl "$ref_impl" --vectors "$d" --timeout $to
invoke 13 "check-store: the decode array's zarr.json is a symlink to /dev/zero (no manifest)" \
  --adapter $to --codes 2 --need 'zarr\.json' --avoid "$RAW" -- \
  "$cvc" check-store --impl "$ref_impl" --vectors "$(stores dev-zero-zarr)" --timeout $to
invoke 13 "check-store: the decode array's zarr.json is 400 MB (sparse; no manifest)" \
  --adapter $to --codes 2 --need 'zarr\.json' --avoid "$RAW" -- \
  "$cvc" check-store --impl "$ref_impl" --vectors "$(stores big-zarr)" --timeout $to
invoke 13 "check-store: the implementation writes a chunk of 3 GiB (sparse)" --adapter $to \
  --codes 1 --need 'c/[01]' --need 'large|bytes|size|limit|long' --avoid "$RAW" \
  --assert "the report is written" 'test -s "$(rep 13e)/stores.json"' -- \
  "$cvc" check-store --impl "$(fake_impl huge-chunk)" --vectors "$(stores clean)" \
  --timeout $to --report-dir "$(rep 13e)"
invoke 13 "merge-reports: a report of shard 1/1000000000000" --codes 2 --need 'shard' \
  --avoid "$RAW" -- \
  "$cvc" merge-reports "$(shard_report huge-shard-ok1)"
invoke 13 "merge-reports: a 50 MB implementation name in a report to merge" --codes 2 \
  --need 'implementation' --max-output 65536 --avoid "$RAW" -- \
  "$cvc" merge-reports "$(shard_report ok1)" "$(shard_report huge-field-ok2)"
mkdir -p "$(rep 13h)"
invoke 13 "run --issue-drafts: the adapter answers reproduce with a program of 60 MB" \
  --adapter $to --codes 1 --max-tree "$(rep 13h)/drafts" 1048576 --avoid "$RAW" \
  --assert "a draft is written" 'test -n "$(ls -A "$(rep 13h)/drafts")"' -- \
  "$cvc" run --impl "$(fake_impl huge-reproduce "" "$bug_impl")" --live exhaustive --max-bits 4 \
  --timeout $to --issue-drafts "$(rep 13h)/drafts" --json "$(rep 13h)/report.json"
# --timeout 30: writing 20,000 files took more than 5 s on a loaded machine
invoke 13 "check-store: the implementation leaves 20000 stray files in the first array written" \
  --adapter 30 --codes 1 --need 'stray' --max-output 65536 --avoid "$RAW" -- \
  "$cvc" check-store --impl "$(fake_impl stray-files)" --vectors "$(stores clean)" --timeout 30

# ---- 14. lost work -----------------------------------------------------------------------------
invoke 14 "merge-reports --json: a refused merge (shard 1/2 twice), an earlier report there" \
  --codes 2 --need 'twice|repeated|more than once' --keep "$(output_path merged.json)" \
  --avoid "$RAW" -- \
  "$cvc" merge-reports --json "$(output_path merged.json)" "$(shard_report bug1)" \
  "$(shard_report bug1)"
invoke 14 "check-store: the implementation removes its own array directory" --adapter $to \
  --codes 1 --avoid "$RAW" \
  --assert "the report is written" 'test -s "$(rep 14b)/stores.json"' -- \
  "$cvc" check-store --impl "$(fake_impl remove-array)" --vectors "$(stores clean)" \
  --timeout $to --report-dir "$(rep 14b)"
invoke 14 "run --jobs 2: SIGKILL of the parent after 3 s" --adapter $to --signal KILL 3 -- \
  "$cvc" run --impl "$ref_impl" --live exhaustive --jobs 2 --timeout $to

# ---- 15. wrong verdicts and exit codes ---------------------------------------------------------
invoke 15 "check-store: the decode array's zarr.json is [] (manifest updated)" --adapter $to \
  --codes 2 --need 'zarr\.json' --blame --avoid "$RAW" -- \
  "$cvc" check-store --impl "$ref_impl" --vectors "$(stores array-zarr)" --timeout $to
invoke 15 "check-store: zarr.json says shape [5], index.json [4]" --adapter $to --codes 2 \
  --need 'shape' --blame --avoid "$RAW" -- \
  "$cvc" check-store --impl "$ref_impl" --vectors "$(stores shape-mismatch)" --timeout $to
invoke 15 "run --timeout 0" --codes 2 --need 'timeout' -- \
  "$cvc" run --impl "$ref_impl" --live random --type int8 --count 10 --timeout 0
invoke 15 "check-store --timeout 0" --codes 2 --need 'timeout' -- \
  "$cvc" check-store --impl "$ref_impl" --vectors "$(stores clean)" --timeout 0
invoke 15 "replay: a request with the fill value \"zzz\"" --adapter $to --codes 2 \
  --need 'fill_value' --avoid "$RAW" -- \
  "$cvc" replay --impl "$ref_impl" --timeout $to "$(cast_request '"zzz"' 1 0000803f)"
invoke 15 "check-store: a FIFO c/extra in the decode array's folder" --adapter $to --codes 2 \
  --need 'c/extra' --avoid "$RAW" -- \
  "$cvc" check-store --impl "$ref_impl" --vectors "$(stores fifo-in-array)" --timeout $to
invoke 15 "check-store: a symlink loop c/loop in the decode array's folder" --adapter $to \
  --codes 2 --need 'c/loop' --avoid "$RAW" -- \
  "$cvc" check-store --impl "$ref_impl" --vectors "$(stores loop-in-array)" --timeout $to
# the adapter never answers the first array: after SIGTERM every array is not reached
in_flight_not_reached='r["totals"]["adapter_error"] == 0 and '
in_flight_not_reached+='r["totals"]["not_reached"] == r["totals"]["arrays"]'
invoke 15 "check-store: SIGTERM while the adapter works on the first array" --limit 40 \
  --signal TERM 3 --codes 1 \
  --assert "the report counts the array in flight not reached, not an adapter error" \
  'report_says "$(rep 15h)/stores.json" "$in_flight_not_reached"' -- \
  "$cvc" check-store --impl "$(fake_impl hang-stores)" --vectors "$(stores clean)" \
  --timeout 30 --report-dir "$(rep 15h)"
invoke 15 "check-store --cli: the program answers with one line of 100 MB" --adapter $to \
  --codes 1 --need 'line|long|limit|exceed|bytes' --avoid 'signal 9|SIGKILL' -- \
  "$cvc" check-store --cli \
  --impl "$(printf '%q %q --mode long-line --tag @TAG@ --' "$python" "$fake_cli")" \
  --vectors "$(stores clean)" --timeout $to
invoke 15 "run --issue-drafts FILE: a file where the drafts folder is expected" --adapter $to \
  --codes 2 --need 'issue-drafts|not-a-folder' --keep "$(output_path not-a-folder)" \
  --assert "refused before the run (no terminal report)" '! grep -q "^Result:" "$dir/out"' -- \
  "$cvc" run --impl "$bug_impl" --live exhaustive --max-bits 4 --timeout $to \
  --issue-drafts "$(output_path not-a-folder)"
mkdir -p "$(output_path real-drafts)"
[ -L "$(output_path drafts-link)" ] || ln -s real-drafts "$(output_path drafts-link)"
invoke 15 "run --issue-drafts LINK: a symlink to a folder" --adapter $to --codes 2 \
  --need 'drafts-link|symlink|link' \
  --assert "nothing written through the link" \
  'test -z "$(ls -A "$(output_path real-drafts)")"' -- \
  "$cvc" run --impl "$bug_impl" --live exhaustive --max-bits 4 --timeout $to \
  --issue-drafts "$(output_path drafts-link)"
d="$(stores symlinked-dir)"
invoke 15 "check-store: c/linked in the decode array's folder is a symlink to a directory" \
  --adapter $to --codes 2 --need 'c/linked' --avoid "$RAW" -- \
  "$cvc" check-store --impl "$ref_impl" --vectors "$d" --timeout $to
invoke 15 "verify-vectors: c/linked in a store array's folder is a symlink to a directory" \
  --codes "1 2" --need 'c/linked' --avoid "$RAW" -- \
  "$cvc" verify-vectors "${verify_opts[@]}" "$d"
invoke 15 "run: the hello's capabilities.missing_pairs repeats one entry 10^5 times" \
  --adapter $to --need 'missing_pairs' --need 'repeat|duplicate|twice|more than once|again' \
  --nopass --avoid "$RAW" -- \
  "$cvc" run --impl "$(fake_impl repeated-pairs)" "${live[@]}"

# ---- 16. issue 33: incidents that alternate, a long replay -------------------------------------
# Each second copy of an answer is read as the answer to the next request (a wrong id): the
# incidents alternate with good answers and never come 5 in a row; the run must end at the limit
# of incidents in all (--max-incidents, 50), not restart the adapter once per request. (Each
# incident also loses the requests in flight, so about 8 batches go per incident: --count 100000,
# some 2,400 batches, leaves the old binary restarting it hundreds of times.)
invoke 16 "run: the adapter writes every answer twice (incidents alternate with good answers)" \
  --limit 150 --need 'max-incidents' --nopass --report "$(rep 16a)" --log "$T/twice.log" -- \
  "$cvc" run --impl "$(fake_impl twice "--log $(printf '%q' "$T/twice.log")")" \
  --live random --type int8 --count 100000 --timeout $to --report-dir "$(rep 16a)"
# A request longer than 4096 elements is sent in parts; their answers (160 MB here) were left
# unread past 64 MiB while the rest was written, the adapter blocked writing them and the write
# timed out ("the adapter stopped reading its stdin"). 10 M elements: about 300 MB resident.
long_replay="$T/replay-10M.json"
"$python" - "$long_replay" <<'PY'
import sys
n = 10_000_000
with open(sys.argv[1], "w") as out:
    out.write('{"cmd":"cast","id":1,"direction":"encode","array_data_type":"int8",'
              '"fill_value":0,"codec":{"name":"cast_value","configuration":'
              '{"data_type":"int64"}},"count":%d,"elements":"' % n)
    out.write((bytes(range(256)) * (n // 256 + 1))[:n].hex())
    out.write('"}\n')
PY
invoke 16 "replay: one request of 10 M int8 -> int64 elements (20 MB, answers of 160 MB)" \
  --limit 90 --zero-ok --codes 0 --need '10000000 of 10000000 elements match' \
  --max-output 65536 -- \
  "$cvc" replay --impl "$ref_impl" --timeout $to "@$long_replay"

# ---- the verdict -------------------------------------------------------------------------------
declare -A NAME=([1]="deep nesting" [2]="adapter stops reading" [3]="orphaned adapter child"
  [4]="corrupted vectors" [5]="structural defects" [6]="unknown type names in the hello"
  [7]="raw exceptions" [8]="unbounded input" [9]="crash storm" [10]="parse error message"
  [11]="silent passes" [12]="hangs" [13]="crashes and unbounded memory" [14]="lost work"
  [15]="wrong verdicts and exit codes")
bad=0
clear_total=0
for i in $(seq 1 "$n"); do
  [ "${R_OUT[i]}" != clear ] || clear_total=$((clear_total + 1))
  case "${R_OUT[i]}" in
    crash|hang|silent) bad=$((bad + 1)); continue ;;
    unclear) if [ "$strict" -eq 1 ]; then bad=$((bad + 1)); continue; fi ;;
  esac
  [ "${R_ORPH[i]}" -eq 0 ] || bad=$((bad + 1))
done
[ "$control_ok" -eq 1 ] || bad=$((bad + 1))

if [ "$table" -eq 1 ]; then
  echo "| class | tried | handled clearly | crash | hang | silent pass | leftovers | peak RSS |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|"
  for c in $(seq 1 15); do
    tried=0 clear=0 crash=0 hang=0 silent=0 orph=0 rss=0
    for i in $(seq 1 "$n"); do
      [ "${R_CLASS[i]}" = "$c" ] || continue
      tried=$((tried + 1))
      case "${R_OUT[i]}" in
        clear) clear=$((clear + 1)) ;; crash) crash=$((crash + 1)) ;;
        hang) hang=$((hang + 1)) ;; silent) silent=$((silent + 1)) ;;
      esac
      orph=$((orph + R_ORPH[i]))
      [ "${R_RSS[i]}" -le "$rss" ] || rss=${R_RSS[i]}
    done
    [ "$tried" -eq 0 ] ||
      echo "| $c. ${NAME[$c]} | $tried | $clear | $crash | $hang | $silent | $orph | $rss MB |"
  done
  echo
  if [ "$control_ok" -eq 1 ]; then
    echo "Control: the clean copy of the vectors verifies and the reference adapter passes it."
  else
    echo "Control FAILED: the clean copy of the vectors does not verify or does not pass."
  fi
  cat <<EOF

Tried minus the next four columns: ended with an error, but not a clear one. Leftovers:
processes of the run still alive after it ended, cvc-* temporary folders left in its private
TMPDIR, and an earlier output destroyed (class 14). Peak RSS: the largest of the class, of the
cvc process (GNU time %M). Limits: --timeout + 10 s for runs with an adapter (--timeout $to;
class 2 and the hanging check-store adapter of class 12: --timeout 1, limit 30 s), $plain_limit s
otherwise, then SIGTERM and SIGKILL 5 s later; a memory guard kills cvc above $guard_mb MB
(counted as a crash). \$CVC is the binary under test, \$T the suite's mktemp directory (\$T/v/KIND
made by \`tests/hostile/damage_vectors.py vectors \$T/v/KIND KIND\`, \$T/s/KIND by
\`damage_stores.py vectors \$T/s/KIND KIND\`, \$T/reports/ok1.json and the others by \`\$CVC run
--impl "\$CVC adapter [--mutant ties-away]" --live exhaustive --max-bits 4 --shard K/2 --json\`,
\$T/reports/KIND-NAME.json by \`damage_reports.py \$T/reports/NAME.json ... KIND\`), \$TAG a tag
per invocation, \$DEEP \`python3 -c "print('[' * 30000 + ']' * 30000)"\`, \$DIGITS \`0.\` and
130990 ones.

<details><summary>commands and outcomes</summary>

EOF
  for i in $(seq 1 "$n"); do
    echo "- [${R_CLASS[i]}] ${R_LABEL[i]}: **${R_OUT[i]}**, ${R_RSS[i]} MB, leftovers ${R_ORPH[i]}"
    echo "  (${R_NOTE[i]//|/\\|})"
    echo "  \`${R_CMD[i]}\`"
  done
  echo
  echo "</details>"
else
  echo "$n invocations, $clear_total handled clearly; $bad failed"
fi
[ "$bad" -eq 0 ]
