#!/bin/sh
# Launcher of the cast-value-rs adapter (harness/adapter_kit/python/run_adapter.sh). Run setup.sh once first.
exec "$(dirname "$0")/../../adapter_kit/python/run_adapter.sh" cast-value-rs "$@"
