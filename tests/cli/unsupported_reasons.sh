#!/usr/bin/env bash
# Every unsupported case carries its reason, in every report form (harness/reports/REPORTS.md):
# the reference adapter with a reduced hello (four data types, two rounding modes, no scalar_map)
# has its unsupported cases counted under reasons that quote the hello, and the reasons add up to
# the unsupported count in the terminal, JSON, JUnit and HTML reports, also merged from shards; an
# adapter that answers unsupported itself (protocol 1) has its answer as the reason; a JSON report
# whose reasons do not add up is refused by merge-reports (exit 2).
# usage: unsupported_reasons.sh CVC_BINARY [PYTHON_WITH_JSONSCHEMA]
set -uo pipefail
cvc="$1"
python="${2:-python3}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$root/tests/harness/adapters/test_lines.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

reduced="python3 $root/tests/fixtures/misbehaving_adapter.py --mode hello_patch"
reduced+=" --set 'data_types=[\"int8\", \"uint8\", \"float16\", \"float32\"]' --"
reduced+=" $cvc adapter --only-rounding nearest-even,towards-zero --no-scalar-map"

run_into() {  # DIR ARGS...: cvc run into DIR (every form), its terminal report in DIR/terminal.txt
  local dir="$1"; shift
  mkdir -p "$dir"
  "$cvc" run "$@" --report-dir "$dir" > "$dir/terminal.txt" 2> "$dir/stderr.txt"
}

# Every form of the reports in DIR counts the unsupported cases by reason, adding up to the JSON
# totals; REASON... must each be among them (a substring of one).
reasons_add_up() {
  local dir="$1"; shift
  "$python" - "$dir" "$root/harness/reports/report.schema.json" "$@" <<'EOF'
import json, re, sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
folder, schema_path, wanted = sys.argv[1], sys.argv[2], sys.argv[3:]
report = json.load(open(f"{folder}/report.json"))
unsupported = report["totals"]["unsupported"]
assert unsupported > 0, "the run has no unsupported case"
# JSON: the run's reasons, and each cell's, add up.
reasons = report["unsupported_reasons"]
assert sum(r["cases"] for r in reasons) == unsupported, (reasons, unsupported)
for cell in report["cells"]:
    assert sum(r["cases"] for r in cell["unsupported_reasons"]) == cell["counts"]["unsupported"], cell
for text in wanted:
    assert any(text in r["reason"] for r in reasons), f"no reason has {text!r}"
try:
    import jsonschema
    jsonschema.validate(report, json.load(open(schema_path)))
except ImportError:
    pass
# Terminal: "Unsupported: N cases, by reason", one line per reason (all listed up to 30).
terminal = open(f"{folder}/terminal.txt").read()
match = re.search(r"^Unsupported: (\d+) cases, by reason .*\n((?:  .*\n)+)", terminal, re.M)
assert match, "no Unsupported section in the terminal report"
assert int(match.group(1)) == unsupported
lines = match.group(2).splitlines()
assert len(reasons) <= 30 and len(lines) == len(reasons), lines
assert sum(int(line.split()[0]) for line in lines) == unsupported
assert all(len(line) <= 300 for line in terminal.splitlines()), "a terminal line over 300 chars"
# JUnit: each skip says how many cases and why.
skipped = 0
for case in ET.parse(f"{folder}/report.xml").iter("testcase"):
    for skip in case.iter("skipped"):
        message = skip.get("message")
        count = re.match(r"(?:all )?(\d+) (?:of \d+ )?cases unsupported", message)
        assert count and ("the adapter does not declare" in message), message
        skipped += int(count.group(1))
assert skipped == unsupported, (skipped, unsupported)
# HTML: every cell with unsupported cases says why in its tooltip; the table counts every reason.
class Cells(HTMLParser):
    def __init__(self):
        super().__init__()
        self.grey, self.explained, self.table, self.row = 0, 0, [], None
    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "td" and attrs.get("id", "").startswith("m-"):
            title = attrs.get("title", "")
            if re.search(r", [1-9]\d* unsupported,", title):
                self.grey += 1
                self.explained += "; unsupported: " in title and "does not declare" in title
        if tag == "tr":
            self.row = []
    def handle_data(self, data):
        if self.row is not None:
            self.row.append(data)
    def handle_endtag(self, tag):
        if tag == "tr" and self.row and any("the adapter does not declare" in d for d in self.row):
            self.table.append(self.row)
        if tag == "tr":
            self.row = None
page = open(f"{folder}/report.html").read()
assert f"Unsupported: {unsupported} cases, by reason" in page
cells = Cells()
cells.feed(page)
assert cells.grey > 0 and cells.explained == cells.grey, (cells.grey, cells.explained)
assert sum(int(row[1]) for row in cells.table) == unsupported, cells.table[:3]
EOF
}

run_into "$work/reduced" --impl "$reduced" --vectors "$root/vectors" --type int8; status=$?
check "reduced hello: the run passes what it compares (exit 0)" test "$status" -eq 0
check "reduced hello: every form counts the unsupported cases by reason, quoting the hello" \
  reasons_add_up "$work/reduced" \
  "the adapter does not declare the data type int2 (hello: data_types)" \
  "the adapter does not declare the rounding mode nearest-away for encode (hello: capabilities.encode.rounding" \
  "the adapter does not declare scalar_map for encode (hello: capabilities.encode.scalar_map = false)"

# Merged from shards (cvc run --jobs 2): the same reasons, the same counts.
run_into "$work/jobs" --impl "$reduced" --vectors "$root/vectors" --type int8 --jobs 2
check "--jobs 2: the merged reasons are the single run's" "$python" -c "
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
assert a['unsupported_reasons'] == b['unsupported_reasons']
assert [c['unsupported_reasons'] for c in a['cells']] == [c['unsupported_reasons'] for c in b['cells']]
" "$work/reduced/report.json" "$work/jobs/report.json"

# Protocol 1 cannot declare capabilities: the adapter answers unsupported itself, and its answer is
# the reason.
run_into "$work/answered" --impl "$cvc adapter --protocol 1 --only-rounding nearest-even" \
  --vectors "$root/vectors" --type int4
check "protocol 1: the adapter's own answer is the reason" "$python" -c "
import json, sys
r = json.load(open(sys.argv[1]))
reasons = r['unsupported_reasons']
assert reasons and all(x['reason'].startswith('the adapter answered unsupported: ') for x in reasons), reasons
assert sum(x['cases'] for x in reasons) == r['totals']['unsupported'] > 0
" "$work/answered/report.json"

# Tampered reports: a shard whose cell's reasons, or the run's, do not add up is refused.
for k in 1 2; do
  "$cvc" run --impl "$reduced" --vectors "$root/vectors" --type int8 --shard "$k/2" \
    --run-id reasons --json "$work/shard-$k.json" > /dev/null 2>&1
done
tamper() {  # NAME PYTHON_STATEMENT: shard 1's report, changed by the statement
  "$python" -c "
import json, sys
r = json.load(open(sys.argv[1]))
cell = next(c for c in r['cells'] if c['unsupported_reasons'])
$2
json.dump(r, open(sys.argv[2], 'w'))" "$work/shard-1.json" "$work/$1.json"
}
refused() {  # NAME TEXT: merge-reports of the tampered NAME exits 2 naming TEXT
  "$cvc" merge-reports --json "$work/merged-$1.json" "$work/$1.json" "$work/shard-2.json" \
    > /dev/null 2> "$work/$1.err"
  local status=$?
  [ "$status" -eq 2 ] && grep -qF "$2" "$work/$1.err" && [ ! -e "$work/merged-$1.json" ] ||
    { echo "  exit $status: $(head -c 300 "$work/$1.err")"; return 1; }
}
tamper cell-plus-one "cell['unsupported_reasons'][0]['cases'] += 1"
check "a cell's reasons counting one case more are refused (exit 2)" \
  refused cell-plus-one "unsupported_reasons: count "
tamper run-minus-one "r['unsupported_reasons'][0]['cases'] -= 1"
check "the run's reasons counting one case fewer are refused (exit 2)" \
  refused run-minus-one "unsupported_reasons: count "
tamper relabelled "r['unsupported_reasons'][0]['reason'] = 'supported after all'"
check "a relabelled reason is refused (exit 2)" refused relabelled "but the cells give"
tamper no-reasons "del r['unsupported_reasons']"
check "a version 6 report without reasons is refused (exit 2)" \
  refused no-reasons "has no \"unsupported_reasons\""
"$cvc" merge-reports --json "$work/merged.json" "$work/shard-1.json" "$work/shard-2.json" \
  > /dev/null 2>&1; status=$?
check "the untampered shards merge (exit 0)" test "$status" -eq 0
check "  ... the single run's reasons" "$python" -c "
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
assert a['unsupported_reasons'] == b['unsupported_reasons']" "$work/reduced/report.json" \
  "$work/merged.json"
finish
