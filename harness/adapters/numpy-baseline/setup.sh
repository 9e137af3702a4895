#!/usr/bin/env bash
# Idempotent set-up of the numpy-baseline adapter: a venv under build/adapters/numpy-baseline/venv with the exact
# packages of requirements.txt (harness/adapter_kit/python/setup_venv.sh does the work).
exec "$(dirname "${BASH_SOURCE[0]}")/../../adapter_kit/python/setup_venv.sh" numpy-baseline 'import ml_dtypes, numpy'
