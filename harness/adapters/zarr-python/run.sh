#!/bin/sh
# Launcher of the zarr-python adapter (harness/adapter_kit/python/run_adapter.sh). Run setup.sh once first.
exec "$(dirname "$0")/../../adapter_kit/python/run_adapter.sh" zarr-python "$@"
