# Building, for the scripts (sourced, not run; needs scripts/lib/progress.sh, sourced here).
source "$(dirname "${BASH_SOURCE[0]}")/progress.sh"

# cvc_build PREFIX BUILD [TARGET...]: builds TARGETs (default all) in BUILD. Quiet when nothing is
# to compile or link; otherwise says "PREFIX: building DIR" and then, every CVC_STATUS_EVERY
# seconds, how many of the build's steps are done (ninja: "N of M steps", make: "N%") and the
# step it is on; and when done, how long it took. On failure, the compiler's and the linker's
# messages (the last 60 lines that are not step lines). Returns the build's exit status.
cvc_build() {
  local prefix="$1" build="$2" status=0
  shift 2
  local targets=()
  (($# == 0)) || targets=(--target "$@")
  cvc_build_prefix="$prefix" cvc_build_shown="$(cvc_shown_path "$build")" cvc_build_start=$SECONDS
  cvc_build_said="" cvc_build_done="" cvc_build_step="" cvc_build_messages=()
  NINJA_STATUS="[%f/%t] " cvc_follow cvc_build_line cvc_build_tick \
    cmake --build "$build" "${targets[@]}" -j "$(nproc)" || status=$?
  if ((status != 0)); then
    local line
    for line in "${cvc_build_messages[@]: -60}"; do cvc_say "$line"; done
    cvc_say "$prefix: the build of $cvc_build_shown failed (exit $status)"
  elif [ -n "$cvc_build_said" ]; then
    cvc_say "$prefix: built $cvc_build_shown in $(cvc_duration $((SECONDS - cvc_build_start)))"
  fi
  return "$status"
}
cvc_build_line() {
  local line="$1"
  if [[ "$line" =~ ^\[([0-9]+)/([0-9]+)\]\ (.*)$ ]]; then  # ninja: [finished/total] step
    cvc_build_done="${BASH_REMATCH[1]} of ${BASH_REMATCH[2]} steps" cvc_build_step="${BASH_REMATCH[3]}"
  elif [[ "$line" =~ ^\[\ *([0-9]+)%\]\ (.*)$ ]]; then  # make: [ share%] step
    cvc_build_done="${BASH_REMATCH[1]}%" cvc_build_step="${BASH_REMATCH[2]}"
  else
    cvc_build_messages+=("$line")
    return 0
  fi
  # The layering check runs on every build: only a compile or a link is work to speak of.
  if [ -z "$cvc_build_said" ] && [[ "$cvc_build_step" =~ ^(Building|Linking) ]]; then
    cvc_say "$cvc_build_prefix: building $cvc_build_shown"
    cvc_build_said=yes
  fi
}
cvc_build_tick() {
  # Ninja names a step when it ends: a build still running after 5 s is work to speak of too.
  if [ -z "$cvc_build_said" ] && ((SECONDS - cvc_build_start >= 5)); then
    cvc_say "$cvc_build_prefix: building $cvc_build_shown"
    cvc_build_said=yes
  fi
  [ -n "$cvc_build_said" ] && cvc_status_due || return 0
  local step="${cvc_build_step#Building CXX object }"
  cvc_say "$cvc_build_prefix: building $cvc_build_shown: $cvc_build_done done," \
    "$(cvc_duration $((SECONDS - cvc_build_start))); latest: ${step#CMakeFiles/}"
}

# cvc_build_cvc ROOT: builds the cvc target in CVC_BUILD_DIR (default ROOT/build), configuring
# it first with scripts/setup when it is not configured; quiet when up to date. Prints the path
# of the binary; on a failed build, the compiler's messages on stderr, and returns 3.
cvc_build_cvc() {
  local build="${CVC_BUILD_DIR:-$1/build}"
  if [ ! -f "$build/CMakeCache.txt" ]; then
    "$1/scripts/setup" >&2 || return 3
  fi
  cvc_build "${0##*/}" "$build" cvc || return 3
  printf '%s\n' "$build/cvc"
}
