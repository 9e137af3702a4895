#!/bin/sh
# Probe (shared contract with the other adapters): for every one of the 26 types that the
# adapter's handshake does not declare, call zarrita once through the adapter's own decode path
# and print one JSON line:
#   {"data_type": "...", "accepted": false, "call": "<what was called>", "result": "<zarrita's error>"}
# ("accepted": true if zarrita did not refuse). Exits 0 when it ran. Run setup.sh first.
exec "$(cd "$(dirname "$0")" && pwd)/run.sh" --probe
