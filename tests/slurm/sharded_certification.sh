#!/usr/bin/env bash
# A sharded certification under a real Slurm scheduler: starts a single-node Slurm cluster of its
# own (slurmctld, slurmd and munged from Debian's packages, installed with apt-get when missing and
# running as root; configured in a temporary folder, on ports of its own), submits with
# scripts/slurm/submit a `--live exhaustive --max-bits 8` certification of the reference adapter
# and of one mutant, each an array of 4 shards and a merge job that depends on it, and checks
# that each merged report is the single run's (every form, times masked: same counts, same
# verdict). Teeth: the reference's merged report differs from the mutant's single run; a merge
# job with a shard report missing fails naming the shard; a second submission into the reference's
# reports folder, one of whose tasks never runs, fails naming the missing shard instead of merging
# the first submission's shard report; submit refuses --shard, --jobs and unknown cvc run options
# after -- before submitting anything.
# Where the machine cannot start Slurm (not root and no Slurm, no package, the daemons do not come
# up) it says why and exits 77: skipped, never passed. Everything it started is stopped at the end,
# also on failure.
# usage: sharded_certification.sh CVC_BINARY
set -uo pipefail
cvc="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$root/tests/harness/adapters/test_lines.sh"
source "$root/tests/cli/report_forms.sh"
work="$(mktemp -d)"
chmod 700 "$work"  # munged refuses a key or socket in a folder that others can write
daemons=()         # pids of the daemons this test started, in the order started

stop_everything() {
  # The jobs of this cluster first (their steps end with them), then the daemons, last first.
  if [ -f "$work/slurm.conf" ] && [ ${#daemons[@]} -ge 2 ]; then
    SLURM_CONF="$work/slurm.conf" timeout 10 scancel --quiet --full --user="$(id -un)" \
      > /dev/null 2>&1 || true
  fi
  local i
  for ((i = ${#daemons[@]} - 1; i >= 0; i--)); do
    kill "${daemons[i]}" 2> /dev/null
    for _ in $(seq 1 50); do kill -0 "${daemons[i]}" 2> /dev/null || break; sleep 0.1; done
    kill -KILL "${daemons[i]}" 2> /dev/null
    wait "${daemons[i]}" 2> /dev/null
  done
  rm -rf "$work"
}
trap stop_everything EXIT

skip() {
  echo "SKIPPED: $1"
  exit 77
}

# ---- Slurm and munge, from Debian's packages -------------------------------------------------
commands=(munged slurmctld slurmd sbatch squeue sinfo scontrol scancel)
missing() {
  local c
  for c in "${commands[@]}"; do command -v "$c" > /dev/null || echo "$c"; done
}
if [ -n "$(missing)" ]; then
  [ "$(id -u)" -eq 0 ] || skip "Slurm is not installed ($(missing | paste -sd' ') missing) and this is not root, so it cannot be installed (apt-get install slurmctld slurmd slurm-client munge)"
  command -v apt-get > /dev/null || skip "Slurm is not installed and there is no apt-get to install it"
  packages=(slurmctld slurmd slurm-client munge)
  echo "installing ${packages[*]} with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt=(apt-get -o DPkg::Lock::Timeout=120 install -y --no-install-recommends "${packages[@]}")
  if ! "${apt[@]}" > "$work/apt.log" 2>&1; then
    # An old or missing package list: read it once, then try again.
    apt-get update >> "$work/apt.log" 2>&1
    "${apt[@]}" >> "$work/apt.log" 2>&1 ||
      skip "apt-get could not install ${packages[*]}: $(tail -2 "$work/apt.log" | paste -sd' ')"
  fi
  [ -z "$(missing)" ] || skip "after apt-get, still missing: $(missing | paste -sd' ')"
fi

# ---- a single-node cluster in $work ------------------------------------------------------------
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
mkdir -p "$work/state" "$work/spool" "$work/log"
dd if=/dev/urandom of="$work/munge.key" bs=1024 count=1 2> /dev/null
chmod 400 "$work/munge.key"
socket="$work/munge.socket"
munged --foreground --force --socket="$socket" --key-file="$work/munge.key" \
  --log-file="$work/log/munged.log" --pid-file="$work/munged.pid" --seed-file="$work/munged.seed" \
  > "$work/log/munged.out" 2>&1 &
daemons+=($!)
for _ in $(seq 1 50); do [ -S "$socket" ] && break; sleep 0.1; done
[ -S "$socket" ] || skip "munged did not start: $(tail -3 "$work/log/munged.out" | paste -sd' ')"

host="$(hostname -s)"
user="$(id -un)"
cat > "$work/slurm.conf" << EOF
ClusterName=cvctest
SlurmctldHost=$host(127.0.0.1)
SlurmUser=$user
SlurmdUser=$user
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
ReturnToService=2
MinJobAge=600
NodeName=cvcnode NodeAddr=127.0.0.1 NodeHostname=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=cvc Nodes=cvcnode Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$work/slurm.conf"
slurmctld -D -i -f "$SLURM_CONF" > "$work/log/slurmctld.out" 2>&1 &
daemons+=($!)
slurmd -D -N cvcnode -f "$SLURM_CONF" > "$work/log/slurmd.out" 2>&1 &
daemons+=($!)
state=""
for _ in $(seq 1 120); do
  state="$(sinfo -h -N -n cvcnode -o %T 2> /dev/null)"
  [ "$state" = idle ] && break
  sleep 0.5
done
[ "$state" = idle ] || skip "the Slurm node did not become idle within 60 s (state \"$state\"): slurmctld: $(tail -2 "$work/log/slurmctld.log" "$work/log/slurmctld.out" 2> /dev/null | paste -sd' '); slurmd: $(tail -2 "$work/log/slurmd.log" "$work/log/slurmd.out" 2> /dev/null | paste -sd' ')"
echo "slurm: node cvcnode idle ($(nproc) CPUs), $(sinfo -V)"

# ---- the runs ----------------------------------------------------------------------------------
args=(--live exhaustive --max-bits 8)
declare -A impl=([reference]="$cvc adapter" [mutant]="$cvc adapter --mutant clamp-instead-of-error")
declare -A array_job merge_job run_id
names=(reference mutant)
for name in "${names[@]}"; do
  read -r _ array_job[$name] _ merge_job[$name] _ run_id[$name] < <("$root/scripts/slurm/submit" \
    --shards 4 --reports "$work/$name-slurm" --cvc "$cvc" -- --impl "${impl[$name]}" "${args[@]}")
  echo "$name: submitted the array ${array_job[$name]} (4 shards) and its merge ${merge_job[$name]}, run ${run_id[$name]}"
done
# The single runs meanwhile, on this machine.
for name in "${names[@]}"; do
  mkdir -p "$work/$name-single"
  "$cvc" run --impl "${impl[$name]}" "${args[@]}" --report-dir "$work/$name-single" \
    > "$work/$name-single/terminal.txt" 2> /dev/null
done
ended=0
for _ in $(seq 1 600); do
  [ -z "$(squeue -h -o %i 2> /dev/null)" ] && squeue > /dev/null 2>&1 && { ended=1; break; }
  sleep 0.5
done
check "the Slurm jobs ended within 300 s" test "$ended" -eq 1

# A job's state as scontrol says it: one "STATE EXITCODE" line per job (an array: per task).
job_states() { scontrol -o show job "$1" | grep -oE 'JobState=[A-Z_]+|ExitCode=[0-9:]+' | paste -d' ' - -; }
counts() {  # REPORT.json: the counts and the verdict, one line
  python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
print('exit_code', r['exit_code'], 'complete', r['complete'], 'totals', json.dumps(r['totals'], sort_keys=True), 'accounting', json.dumps({k: r['accounting'][k] for k in ('counted', 'not_reached', 'selected')}, sort_keys=True))" "$1"
}
for name in "${names[@]}"; do
  slurm="$work/$name-slurm/${run_id[$name]}"
  check "$name: the submission has a run id of its own" test -n "${run_id[$name]}"
  check "$name: its shard reports carry it" \
    grep -q "\"run_id\": \"${run_id[$name]}\"" "$slurm/shard-1.json"
  check "$name: the array's 4 tasks completed" \
    test "$(job_states "${array_job[$name]}" | grep -c 'JobState=COMPLETED ExitCode=0:0')" -eq 4
  check "$name: each task wrote its shard's report (shard-1.json .. shard-4.json)" \
    test -s "$slurm/shard-1.json" -a -s "$slurm/shard-2.json" -a -s "$slurm/shard-3.json" -a -s "$slurm/shard-4.json"
  check "$name: each task ran its own shard K/4 under Slurm" \
    bash -c "for k in 1 2 3 4; do grep -q \"^shard \$k/4 on .*(job ${array_job[$name]}, task \$k, run ${run_id[$name]})\" '$slurm/logs/shard-'\$k.log || exit 1; done"
  check "$name: the merge job ran after the array and completed" \
    test "$(job_states "${merge_job[$name]}")" = "JobState=COMPLETED ExitCode=0:0"
  echo "  single run: $(counts "$work/$name-single/report.json")"
  echo "  Slurm, 4 shards merged: $(counts "$slurm/merged/report.json")"
  check "$name: same counts and verdict as the single run" \
    test "$(counts "$work/$name-single/report.json")" = "$(counts "$slurm/merged/report.json")"
  check "$name: the merged reports are the single run's (every form, times masked)" \
    same_reports "$work/$name-single" "$slurm/merged"
done
reference_run="$work/reference-slurm/${run_id[reference]}"
mutant_run="$work/mutant-slurm/${run_id[mutant]}"
check "the reference passes (exit_code 0)" grep -q '"exit_code": 0' "$reference_run/merged/report.json"
check "the mutant fails (exit_code 1)" grep -q '"exit_code": 1' "$mutant_run/merged/report.json"

# ---- teeth ----------------------------------------------------------------------------------------
differs() { ! same_reports "$@" > /dev/null; }
check "teeth: the reference's merged report is not the mutant's single run" \
  differs "$work/mutant-single" "$reference_run/merged"
# A merge job with shard 3 missing fails (exit 2, the job FAILED) naming it.
partial="$work/partial"
mkdir -p "$partial"
cp "$mutant_run/shard-1.json" "$mutant_run/shard-2.json" "$mutant_run/shard-4.json" "$partial/"
sbatch --wait --quiet --output="$partial/merge.log" "$root/scripts/slurm/merge.sbatch" "$partial" \
  "$partial/merged" "$cvc" "${run_id[mutant]}" > /dev/null 2>&1
status=$?
check "teeth: a merge job with shard 3 missing fails (sbatch --wait: exit 2)" test "$status" -eq 2
check "teeth: and names the missing shard" grep -q "shards missing: 3/4" "$partial/merge.log"
check "teeth: and writes no merged report" test ! -e "$partial/merged/report.json"
# A stale shard report of another run among this run's (copied in): refused naming it.
cp "$reference_run/shard-3.json" "$partial/"
sbatch --wait --quiet --output="$partial/merge-stale.log" "$root/scripts/slurm/merge.sbatch" \
  "$partial" "$partial/merged" "$cvc" "${run_id[mutant]}" > /dev/null 2>&1
status=$?
check "teeth: a merge job given a shard of another run fails (exit 2)" test "$status" -eq 2
check "teeth: and names that shard's file and the run id" \
  grep -q "shard-3.json is not from the same run as .*run.run_id" "$partial/merge-stale.log"

# A second submission into the reference's reports folder whose task 2 never runs (held, then
# cancelled): its merge refuses naming the missing shard, never merging the first submission's.
read -r _ second_array _ second_merge _ second_id < <("$root/scripts/slurm/submit" --shards 4 \
  --reports "$work/reference-slurm" --cvc "$cvc" --sbatch --hold -- \
  --impl "${impl[reference]}" "${args[@]}")
check "second submission: a run id of its own" \
  test -n "$second_id" -a "$second_id" != "${run_id[reference]}"
scancel "${second_array}_2"
scontrol release "$second_array" "$second_merge" > /dev/null 2>&1
ended=0
for _ in $(seq 1 600); do
  [ -z "$(squeue -h -o %i 2> /dev/null)" ] && { ended=1; break; }
  sleep 0.5
done
check "second submission: its jobs ended within 300 s" test "$ended" -eq 1
second_run="$work/reference-slurm/$second_id"
check "second submission: task 2 never ran (no shard-2.json of its own)" test ! -e "$second_run/shard-2.json"
check "second submission: its merge job failed (exit 2)" \
  test "$(job_states "$second_merge")" = "JobState=FAILED ExitCode=2:0"
check "second submission: and names the missing shard" grep -q "shards missing: 2/4" "$second_run/logs/merge.log"
check "second submission: no merged report, never the first submission's shards merged" \
  test ! -e "$second_run/merged/report.json"

# submit checks the cvc run arguments before submitting anything.
for bad in "--shard 1/2" "--jobs 2" "--run-id x" "--json x.json" "--no-such-option" "--max-bits"; do
  "$root/scripts/slurm/submit" --shards 2 --reports "$work/bad-submit" --cvc "$cvc" -- \
    --impl "$cvc adapter" "${args[@]}" $bad > /dev/null 2> "$work/bad-submit.txt"
  status=$?
  check "submit -- ... $bad: refused (exit 2)" test "$status" -eq 2
  check "submit -- ... $bad: names it" grep -q -- "${bad%% *}" "$work/bad-submit.txt"
done
check "submit: nothing submitted for refused arguments" test ! -e "$work/bad-submit"
finish
