# The real adapters, for the scripts (sourced, not run): every folder of harness/adapters/ with a
# run.sh is one (CONTRIBUTING.md, "An adapter"); CMakeLists.txt finds them the same way for the
# tests. What the tests need to know beyond that is in the folder's adapter.conf.

# cvc_adapters ROOT: the adapters' names, one a line, sorted (C locale).
cvc_adapters() {
  local run
  for run in "$1"/harness/adapters/*/run.sh; do
    [ -f "$run" ] || continue
    run="${run%/run.sh}"
    printf '%s\n' "${run##*/}"
  done | LC_ALL=C sort
}

# cvc_adapters_line ROOT: the same names on one line, separated by spaces.
cvc_adapters_line() {
  cvc_adapters "$1" | paste -sd ' ' -
}

# cvc_is_adapter ROOT NAME: whether NAME is one of them.
cvc_is_adapter() {
  case "$2" in */* | "" | . | ..) return 1 ;; esac
  [ -f "$1/harness/adapters/$2/run.sh" ]
}

# cvc_adapter_conf ROOT NAME KEY DEFAULT: the value of KEY in the adapter's adapter.conf ("key
# value" lines, "#" to the end of a line a comment), DEFAULT when the file or the key is absent.
cvc_adapter_conf() {
  local conf="$1/harness/adapters/$2/adapter.conf" value=""
  [ -f "$conf" ] && value="$(sed 's/#.*//' "$conf" | awk -v key="$3" '$1 == key {print $2; exit}')"
  printf '%s\n' "${value:-$4}"
}
