# The cvc binary for the scripts (sourced, not run).

# cvc_build_cvc ROOT: builds the cvc target in CVC_BUILD_DIR (default ROOT/build), configuring
# it first with scripts/setup when it is not configured; quiet when up to date. Prints the path
# of the binary; on a failed build, the log's last lines on stderr, and returns 3.
cvc_build_cvc() {
  local build="${CVC_BUILD_DIR:-$1/build}" log
  if [ ! -f "$build/CMakeCache.txt" ]; then
    "$1/scripts/setup" >&2 || return 3
  fi
  if ! log="$(cmake --build "$build" --target cvc -j "$(nproc)" 2>&1)"; then
    printf '%s\n' "$log" | grep -v '^\[' | tail -40 >&2
    echo "the build of cvc failed ($build)" >&2
    return 3
  fi
  printf '%s\n' "$build/cvc"
}
