# Sourced by the shell tests that compare a merged report with the single run's: every report form
# (report.json, report.xml, report.html, terminal.txt in a folder) once its times and run id are
# masked (harness/reports/REPORTS.md, "Shards and merging": the start, the duration, the per-cell
# seconds, JUnit's time attributes, and the run id, which is each run's own; and the last screen's
# "reports:" line, which names each run's own report folder).
#   mask FILE                 FILE with its times masked, on stdout
#   same_reports DIR_A DIR_B  every form equal once times are masked; names the first that differs
mask() {
  sed -E -e 's/"started_at": "[^"]*"/"started_at": "T"/' -e 's/"seconds": [-0-9.e+]+/"seconds": 0/' \
    -e 's/ time="[^"]*"/ time="0"/g' -e 's/name="started_at" value="[^"]*"/name="started_at" value="T"/' \
    -e 's|<th>started</th><td>[^<]*</td>|<th>started</th><td>T</td>|' \
    -e 's|<th>duration</th><td>[^<]*</td>|<th>duration</th><td>0</td>|' \
    -e 's/started [0-9TZ:-]+, [0-9.]+ s/started T, 0 s/' \
    -e 's/"run_id": "[^"]*"/"run_id": "R"/' -e 's/name="run_id" value="[^"]*"/name="run_id" value="R"/' \
    -e 's|<th>run id</th><td>[^<]*</td>|<th>run id</th><td>R</td>|' -e 's/^  run id  .*/  run id R/' \
    -e 's/^  reports: .*/  reports: P/' "$1"
}
same_reports() {
  local form
  for form in report.json report.xml report.html terminal.txt; do
    cmp -s <(mask "$1/$form") <(mask "$2/$form") || { echo "  $form differs"; return 1; }
  done
}
