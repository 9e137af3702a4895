#!/bin/sh
# Probe (shared contract with the other adapters, tests/harness/adapters/adapters_probe.sh): one
# JSON line per type of the 26 that the handshake does not declare, each GDAL's
# ZarrV3CodecCastValue::InitFromConfiguration asked to cast a uint8 array to it, and its refusal.
# Exits 0 when it ran. Run setup.sh first.
exec "$(cd "$(dirname "$0")" && pwd)/run.sh" --probe
