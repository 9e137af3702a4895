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

# cvc_did_you_mean NAME CANDIDATE...: ' (did you mean "X"?)' for the candidate nearest to NAME
# when near enough to be a slip, else nothing: the rule of cvc's own (cli/near_names.hpp): an
# edit distance (swaps of two neighbours one edit, case ignored) of at most a third of the
# candidate's length, at least 1 and at most 3; the first of equally near ones.
cvc_did_you_mean() {
  local name="$1"; shift
  printf '%s\n' "$@" | awk -v name="$name" '
    function distance(a, b,    i, j, n, m, d, cost, best) {
      a = tolower(a); b = tolower(b); n = length(a); m = length(b)
      for (i = 0; i <= n; i++) d[i, 0] = i
      for (j = 0; j <= m; j++) d[0, j] = j
      for (i = 1; i <= n; i++)
        for (j = 1; j <= m; j++) {
          cost = substr(a, i, 1) != substr(b, j, 1)
          best = d[i - 1, j] + 1
          if (d[i, j - 1] + 1 < best) best = d[i, j - 1] + 1
          if (d[i - 1, j - 1] + cost < best) best = d[i - 1, j - 1] + cost
          if (i > 1 && j > 1 && substr(a, i, 1) == substr(b, j - 1, 1) &&
              substr(a, i - 1, 1) == substr(b, j, 1) && d[i - 2, j - 2] + 1 < best)
            best = d[i - 2, j - 2] + 1
          d[i, j] = best
        }
      return d[n, m]
    }
    {
      limit = int(length($0) / 3); if (limit < 1) limit = 1; if (limit > 3) limit = 3
      k = distance(name, $0)
      if (k <= limit && (found == "" || k < nearest)) { found = $0; nearest = k }
    }
    END { if (found != "") printf " (did you mean \"%s\"?)", found }'
}

# cvc_unknown_adapter SCRIPT NAME NAMES...: the refusal of an unknown adapter name, on stderr:
# the name, the nearest one, and every name.
cvc_unknown_adapter() {
  local script="$1" name="$2"; shift 2
  echo "$script: no adapter named \"$name\"$(cvc_did_you_mean "$name" "$@"); the adapters: $*" >&2
}
