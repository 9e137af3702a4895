# What the scripts say while they work (sourced, not run): one line per step, a status line at
# least every CVC_STATUS_EVERY seconds of a long step (the log of a run with its output in a file
# shows progress at least every 30 s), and no line over CVC_LINE_MAX characters.

CVC_LINE_MAX=300
CVC_STATUS_EVERY="${CVC_STATUS_EVERY:-20}"  # (tests/scripts/test_verdict.sh makes it 1)
cvc_last_said=$SECONDS

# cvc_duration SECONDS: "45 s", "3 min 5 s", "1 h 2 min".
cvc_duration() {
  local s="$1"
  if ((s < 60)); then
    printf '%d s\n' "$s"
  elif ((s < 3600)); then
    printf '%d min %d s\n' $((s / 60)) $((s % 60))
  else
    printf '%d h %d min\n' $((s / 3600)) $((s % 3600 / 60))
  fi
}

# cvc_say TEXT: one line on stderr, cut to CVC_LINE_MAX characters (saying how many were cut).
cvc_say() {
  local line="$*"
  if ((${#line} > CVC_LINE_MAX)); then
    local cut=$((${#line} - CVC_LINE_MAX + 40))
    line="${line:0:CVC_LINE_MAX-40} [... $cut more characters]"
  fi
  printf '%s\n' "$line" >&2
  cvc_last_said=$SECONDS
}

# cvc_shown_path PATH: PATH relative to the source root when inside it (no machine path in logs
# that may be shared).
cvc_shown_path() {
  local root
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
  case "$1" in
    "$root") printf '.\n' ;;
    "$root"/*) printf '%s/\n' "${1#"$root"/}" ;;
    *) printf '%s\n' "$1" ;;
  esac
}

# cvc_status_due: whether a long step should say where it is (CVC_STATUS_EVERY seconds since the
# last line said).
cvc_status_due() {
  ((SECONDS - cvc_last_said >= CVC_STATUS_EVERY))
}

# cvc_follow ON_LINE ON_TICK COMMAND...: runs COMMAND, its stdout and stderr together, calling the
# function ON_LINE with each line of its output as it comes and ON_TICK after each line and each
# second of silence (to print a status line when cvc_status_due). Returns COMMAND's exit status.
# The handlers run in this shell: what they record is there afterwards.
cvc_follow() {
  local on_line="$1" on_tick="$2" line partial="" status
  shift 2
  shopt -s lastpipe
  "$@" 2>&1 | while :; do
    if IFS= read -r -t 1 line; then
      "$on_line" "$partial$line"
      partial=""
    else
      status=$?
      if ((status <= 128)); then  # end of output (a last line without its newline included)
        [ -z "$partial$line" ] || "$on_line" "$partial$line"
        break
      fi
      partial+="$line"  # a timeout keeps what it read of an unfinished line
    fi
    "$on_tick"
  done
  return "${PIPESTATUS[0]}"
}

# cvc_quietly_with_status PREFIX WHAT COMMAND...: a step whose own output matters only when it
# fails (package installation, pip, cmake's configure): says "PREFIX: WHAT", runs COMMAND with a
# status line every CVC_STATUS_EVERY seconds, and on failure prints its last 40 lines. Returns
# COMMAND's exit status.
cvc_quietly_with_status() {
  local prefix="$1" what="$2" status=0
  shift 2
  cvc_quiet_prefix="$prefix" cvc_quiet_what="$what" cvc_quiet_start=$SECONDS cvc_quiet_log=()
  cvc_say "$prefix: $what"
  cvc_follow cvc_quiet_line cvc_quiet_tick "$@" || status=$?
  if ((status != 0)); then
    local line
    for line in "${cvc_quiet_log[@]: -40}"; do cvc_say "  $line"; done
    cvc_say "$prefix: $what: failed (exit $status)"
  fi
  return "$status"
}
cvc_quiet_line() { cvc_quiet_log+=("$1"); }
cvc_quiet_tick() {
  cvc_status_due || return 0
  cvc_say "$cvc_quiet_prefix: $cvc_quiet_what: still at it, $(cvc_duration $((SECONDS - cvc_quiet_start)))"
}
