#!/usr/bin/env bash
# Idempotent set-up of the adapter of the RELEASED zarrs: the zarrs adapter (../zarrs/src/main.rs,
# built by ../zarrs/setup.sh) against the zarrs release named in VERSION (0.23.14), from crates.io, into
# build/adapters/zarrs-release/ (or $CVC_ADAPTERS_BUILD/zarrs-release/), beside the build of
# zarrs main (build/adapters/zarrs/), so that both stay cached. A cold build fetches zarrs and its
# dependencies with cargo and compiles them (minutes); a second run is quiet and immediate.
# CVC_ZARRS_SOURCE is ignored here (it selects a checkout for harness/adapters/zarrs).
# Exit 0 built, 3 the fetch or the build failed (no network, no registry), 77 no cargo
# (`build/cvc help exit-codes`).
set -euo pipefail
[ "${1:-}" != -h ] && [ "${1:-}" != --help ] || { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0; }
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# The release certified (results/zarrs-<version>.*): the newest published zarrs, checked
# 2026-12-02 with `cargo info zarrs`.
version="$(cat "$here/VERSION")"
# (sharding_indexed is the feature "sharding" in this release, on by default; the adapter turns
# default features off)
exec env -u CVC_ZARRS_SOURCE CVC_ZARRS_CRATE_VERSION="$version" CVC_ZARRS_BUILD_NAME=zarrs-release \
  CVC_ZARRS_EXTRA_FEATURES=sharding \
  "$here/../zarrs/setup.sh"
