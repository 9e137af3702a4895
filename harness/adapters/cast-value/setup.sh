#!/usr/bin/env bash
# Idempotent set-up of the cast-value adapter: a venv under build/adapters/cast-value/venv with the exact
# packages of requirements.txt (harness/adapter_kit/python/setup_venv.sh does the work).
exec "$(dirname "${BASH_SOURCE[0]}")/../../adapter_kit/python/setup_venv.sh" cast-value 'import cast_value, zarr, numpy, ml_dtypes'
