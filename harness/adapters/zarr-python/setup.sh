#!/usr/bin/env bash
# Idempotent set-up of the zarr-python adapter: a venv under build/adapters/zarr-python/venv with the exact
# packages of requirements.txt (harness/adapter_kit/python/setup_venv.sh does the work).
exec "$(dirname "${BASH_SOURCE[0]}")/../../adapter_kit/python/setup_venv.sh" zarr-python 'import zarr, cast_value_rs, numpy'
