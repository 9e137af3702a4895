#!/bin/sh
# Probe (shared contract with the other adapters, tests/harness/adapters/adapters_probe.sh): one
# JSON line per type of the 26 that the handshake does not declare. The released zarrs has all 26
# data types (its cast_value requests are answered unsupported, naming the release), so it prints
# nothing. Exits 0 when it ran. Run setup.sh first.
exec "$(cd "$(dirname "$0")" && pwd)/run.sh" --probe
