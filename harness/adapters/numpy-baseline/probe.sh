#!/bin/sh
# The probe (tests/harness/adapters/adapters_probe.sh): for every one of the 26 types that the adapter's
# handshake does not declare, call the library once with that type, the way the adapter would,
# and print one JSON line per type:
#   {"data_type": "...", "accepted": false, "call": "<the call>", "result": "<the library's refusal>"}
# ("accepted": true when the library did not refuse). Exits 0 when it ran. Run setup.sh first.
exec "$(cd "$(dirname "$0")" && pwd)/run.sh" --probe
