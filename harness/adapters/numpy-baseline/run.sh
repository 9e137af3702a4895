#!/bin/sh
# Launcher of the numpy-baseline adapter (harness/adapters/python/run_adapter.sh). Run setup.sh once first.
exec "$(dirname "$0")/../python/run_adapter.sh" numpy-baseline "$@"
