#!/bin/sh
# Launches the adapter of the released zarrs (harness/protocol/PROTOCOL.md): ../zarrs/run.sh on the
# binary setup.sh built into build/adapters/zarrs-release/target/release (or
# $CVC_ADAPTERS_BUILD/zarrs-release/...). Run setup.sh first. Arguments are passed to the adapter.
CVC_ZARRS_BUILD_NAME=zarrs-release exec "$(cd "$(dirname "$0")" && pwd)/../zarrs/run.sh" "$@"
