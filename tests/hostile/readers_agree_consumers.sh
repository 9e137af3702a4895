# The consumers of readers_agree.sh: which are chosen, how each is made ready, and the verify
# command each runs (docs/input-contract.md, its last table). Sourced by readers_agree.sh, which
# sets root, python, cvc_bin, rust_target, only, custom_names/custom_commands, T and me.

declare -A skipped=()  # consumer -> why it was not run (its toolchain is missing)
declare -A broken=()   # consumer -> why it cannot run at all (every row fails with this)
consumers=()

# select_consumers: fills consumers (the chosen ones, in order), skipped and broken.
select_consumers() {
  local all=(cvc python js rust "${custom_names[@]}") name wanted
  if [ -n "$only" ]; then
    for wanted in ${only//,/ }; do
      [[ " ${all[*]} " == *" $wanted "* ]] ||
        die "--only: unknown consumer \"$wanted\" (known: ${all[*]})"
    done
  fi
  for name in "${all[@]}"; do
    [ -z "$only" ] || [[ ",$only," == *",$name,"* ]] || continue
    consumers+=("$name")
    prepare_consumer "$name"
  done
}

prepare_consumer() {
  case "$1" in
    cvc) [ -f "$cvc_bin" ] && [ -x "$cvc_bin" ] || broken[cvc]="$cvc_bin is not an executable" ;;
    python) [ -f "$root/readers/python/src/cast_value_vectors/__init__.py" ] ||
              broken[python]="no readers/python/src/cast_value_vectors in $root" ;;
    js) if ! command -v node >/dev/null 2>&1; then skipped[js]="node is not installed"
        elif [ ! -f "$root/readers/js/src/cli.js" ]; then broken[js]="no readers/js/src/cli.js in $root"
        fi ;;
    rust) prepare_rust ;;
  esac
}

# prepare_rust: builds the example "verify" once (cargo, the committed Cargo.lock).
prepare_rust() {
  if ! command -v cargo >/dev/null 2>&1; then
    skipped[rust]="cargo is not installed"
    return
  fi
  mkdir -p "$rust_target"
  echo "$me: building the Rust reader's example verify into $rust_target" >&2
  if ! CARGO_TARGET_DIR="$rust_target" timeout 1200 cargo build --locked --quiet --example verify \
      --manifest-path "$root/readers/rust/Cargo.toml" >"$T/cargo.log" 2>&1; then
    broken[rust]="cargo build --example verify failed: $(grep -m1 -E '^error' "$T/cargo.log" || tail -1 "$T/cargo.log")"
  fi
}

# consumer_argv NAME DIR: sets argv to NAME's verify command on DIR.
consumer_argv() {
  local i
  case "$1" in
    cvc) argv=("$cvc_bin" verify-vectors --completeness-sample 0 --allow-modified "$2"); return ;;
    python) argv=(env "PYTHONPATH=$root/readers/python/src" PYTHONDONTWRITEBYTECODE=1 "$python" -m cast_value_vectors verify "$2"); return ;;
    js) argv=(node "$root/readers/js/src/cli.js" verify "$2"); return ;;
    rust) argv=("$rust_target/debug/examples/verify" "$2"); return ;;
  esac
  for i in "${!custom_names[@]}"; do
    [ "${custom_names[$i]}" != "$1" ] || argv=(bash -c "${custom_commands[$i]} \"\$1\"" consumer "$2")
  done
}

# is_cvc NAME: whether NAME is judged as cvc (exit 1 or 2 a refusal, the verdict on a stdout line
# "vector set: ...") rather than as a reader (exit 2 a refusal, the verdict on the last line).
is_cvc() { [ "$1" = cvc ]; }
