# How readers_agree.sh runs one consumer on one folder and judges what it did, and its table.
# Sourced by readers_agree.sh (which sets T, root, python, here, limit, mem_mb, published_version,
# defects, consumers, skipped, broken, passed, failed).

# Raw exception text: a consumer that prints any of these let an exception or a panic through
# instead of its own error (Python, JavaScript, Rust, and cvc's JSON library and std::).
raw_text='Traceback \(most recent|(Type|Recursion|Attribute|Key|Index|Value|Memory|UnicodeDecode|Range|Syntax)Error\b|panicked at|Maximum call stack|RUST_BACKTRACE|node:internal|^\s+at .+:[0-9]+:[0-9]+\)?$|json\.exception|std::|stack overflow'

# check_corpus_lists: every kind of damage_vectors.py has a row in vector_defects.tsv and back.
check_corpus_lists() {
  local missing
  missing="$(comm -3 <(tail -n +2 "$defects" | cut -f1 | grep -vx repository | sort) \
                     <("$python" "$here/damage_vectors.py" --kinds | sort) | tr -d '\t' | paste -sd ' ')"
  if [ -n "$missing" ]; then
    echo "FAIL corpus: kinds not in both damage_vectors.py --kinds and vector_defects.tsv: $missing"
    failed=$((failed + 1))
  fi
}

# run_kind KIND VERDICT PATH RULE DESCRIPTION: makes the folder, runs and judges every consumer.
run_kind() {
  local kind="$1" dir="$T/v/$1" name
  if [ "$kind" = repository ]; then
    dir="$root/vectors"
  elif ! timeout 300 "$python" "$here/damage_vectors.py" "$root/vectors" "$dir" "$kind" >"$T/make.log" 2>&1; then
    echo "FAIL $kind: damage_vectors.py could not make it: $(tail -1 "$T/make.log")"
    failed=$((failed + 1))
    return
  fi
  for name in "${consumers[@]}"; do
    [ -z "${skipped[$name]:-}" ] || continue
    judge_one "$name" "$kind" "$dir" "$2" "$3" "$4"
  done
  [ "$kind" = repository ] || rm -rf "$dir" "$dir.target"
}

# run_one NAME DIR LIMIT: runs NAME's verify command under the limits; sets rc, hung, seconds and
# leaves its output in $T/out and $T/err.
run_one() {
  local start=$SECONDS
  rm -rf "$T/run" "$T/tmp" && mkdir -p "$T/run" "$T/tmp"
  local argv=()
  consumer_argv "$1" "$2"
  (
    cd "$T/run" || exit 3
    ulimit -v $((mem_mb * 1024))
    export TMPDIR="$T/tmp"
    exec timeout --verbose -k 5 "$3" "${argv[@]}"
  ) </dev/null >"$T/out" 2>"$T/err"
  rc=$?
  seconds=$((SECONDS - start))
  hung=0
  if grep -q '^timeout: sending signal' "$T/err"; then hung=1; fi
}

# verdict_of NAME: the verdict NAME gave ($rc, $T/out): "published X", "modified", "refused" or
# "none (...)".
verdict_of() {
  local line
  if [ "$rc" = 0 ]; then
    if is_cvc "$1"; then
      line="$(grep -m1 '^vector set: ' "$T/out" | sed -e 's/^vector set: vectors version \([^ ]*\).*/published \1/' \
              -e 's/^vector set: a modified vector set.*/modified/')"
    else
      line="$(grep -v '^[[:space:]]*$' "$T/out" | tail -1 | sed -e 's/^\(published [^ ]*\).*/\1/' -e 's/^modified.*/modified/')"
    fi
    case "$line" in
      published\ *|modified) echo "$line" ;;
      *) echo "none (exit 0 without a verdict line)" ;;
    esac
  elif [ "$rc" = 2 ] || { [ "$rc" = 1 ] && is_cvc "$1"; }; then
    echo refused
  else
    echo "none (exit $rc)"
  fi
}

# names_path NAME PATHS: whether NAME's message names one of PATHS ("a|b"), as a whole path (not
# a part of a longer name): on stderr, for cvc on stdout or stderr.
names_path() {
  local files=("$T/err")
  is_cvc "$1" && files+=("$T/out")
  "$python" - "$2" "${files[@]}" <<'EOF'
import re, sys
text = "".join(open(p, encoding="utf-8", errors="replace").read() for p in sys.argv[2:])
found = any(re.search(r"(?<![A-Za-z0-9_.-])" + re.escape(p) + r"(?![A-Za-z0-9_/-]|\.[A-Za-z0-9])", text)
            for p in sys.argv[1].split("|"))
sys.exit(0 if found else 1)
EOF
}

# classify NAME EXPECTED PATHS LIMIT: sets outcome (ok, silent pass, hang, crash, wrong verdict,
# unclear) and why, from what run_one left.
classify() {
  local got raw
  got="$(verdict_of "$1")"
  raw="$(cat "$T/out" "$T/err" | grep -m1 -oP -- "$raw_text" | head -c 80)"
  if [ "$hung" = 1 ]; then outcome=hang why="not ended within $4 s"
  elif [ "$rc" -ge 128 ]; then outcome=crash why="exit $rc (signal $((rc - 128)))"
  elif [ -n "$raw" ] && [ "$got" = refused ]; then outcome=unclear why="refused, quoting raw exception text: $raw"
  elif [ -n "$raw" ]; then outcome=crash why="raw exception text: $raw"
  elif [ "$2" = refused ] && [[ "$got" == published* || "$got" == modified ]]; then
    outcome="silent pass" why="$got, where a refusal naming $3 is expected"
  elif [ "$2" = modified ] && [[ "$got" == published* ]]; then
    outcome="silent pass" why="$got for a modified set"
  elif [ "$2" = refused ] && [ "$got" = refused ]; then
    if names_path "$1" "$3"; then outcome=ok why="refused"; else outcome=unclear why="refused without naming $3"; fi
  elif [[ "$got" == none* ]] && [ "$2" = refused ]; then outcome=unclear why="$got"
  elif [ "$2" = published ] && [ "$got" = "published $published_version" ]; then outcome=ok why="$got"
  elif [ "$2" = modified ] && [ "$got" = modified ]; then outcome=ok why="$got"
  else outcome="wrong verdict" why="$got, where $2 is expected"
  fi
}

# quote NAME: the consumer's message, one line: its first "problem:" line (cvc) or its stderr's
# first line, the temporary directory written $T.
quote() {
  { grep -m1 '^problem: ' "$T/out"; grep -v -e '^verify-vectors: ' -e '^timeout: ' "$T/err"; } 2>/dev/null \
    | grep -m1 -v '^[[:space:]]*$' | sed -e "s|$T|\$T|g" -e "s|$root|\$ROOT|g" | cut -c1-160
}

# judge_one NAME KIND DIR EXPECTED PATHS RULE: runs, judges, prints the line, counts.
judge_one() {
  local name="$1" kind="$2" said
  if [ -n "${broken[$name]:-}" ]; then
    outcome=unclear why="cannot run: ${broken[$name]}" said="" rc="-" seconds=0
  else
    local run_limit="$limit"
    [ "$kind" != repository ] || run_limit="$repository_limit"
    run_one "$name" "$3" "$run_limit"
    classify "$name" "$4" "$5" "$run_limit"
    said="$(quote "$name")"
  fi
  if [ "$outcome" = ok ]; then
    passed=$((passed + 1))
    printf 'ok   %-28s %-7s %s (exit %s, %s s)%s\n' "$kind" "$name" "$why" "$rc" "$seconds" "${said:+: $said}"
  else
    failed=$((failed + 1))
    printf 'FAIL %-28s %-7s %s: %s (exit %s, %s s)%s\n' "$kind" "$name" "$outcome" "$why" "$rc" "$seconds" "${said:+: $said}"
  fi
  printf '%s\t%s\t%s\n' "$6" "$name" "$outcome" >>"$T/results"
}

# print_table: tried, handled clearly, silent pass, hang, crash and other per rule and consumer.
print_table() {
  echo
  echo "| class (docs/input-contract.md rule) | surface | tried | handled clearly | silent pass | hang | crash | other |"
  echo "|---|---|---|---|---|---|---|---|"
  awk -F'\t' '
    BEGIN { split("1. links never followed|2. regular files, size before reading|3. manifest.json|4. manifest entries unique and inside|5. exactly the listed files|6. UTF-8, JSON, nesting|7. repeated keys|8. counts|9. stable ids|10. identity", names, "|") }
    { key = $1 "\t" $2; if (!(key in tried)) order[++n] = key; tried[key]++; count[key, $3]++ }
    END {
      for (i = 1; i <= n; i++) {
        split(order[i], part, "\t")
        class = (part[1] == 99) ? "-. the vector format (vectors/schema/)" : names[part[1]]
        other = tried[order[i]] - count[order[i], "ok"] - count[order[i], "silent pass"] - count[order[i], "hang"] - count[order[i], "crash"]
        printf "| %s | %s | %d | %d | %d | %d | %d | %d |\n", class, part[2], tried[order[i]], count[order[i], "ok"],
               count[order[i], "silent pass"], count[order[i], "hang"], count[order[i], "crash"], other
      }
    }' < <(sed 's/^-\t/99\t/' "$T/results" | sort -t$'\t' -k1,1n -s)
}
