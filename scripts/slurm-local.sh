#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for the tests (label slurm) and for trying the
# examples/slurm scripts: munged, slurmctld and slurmd of Debian 12's packages (munge,
# slurmctld, slurmd, slurm-client: scripts/install-deps.sh --slurm installs them), every file
# under STATE (default /tmp/ga3c-slurm): its own munge key and socket, a slurm.conf it writes,
# spool, state, pid and log files, and ports 16817-16818, so nothing under /etc is changed and
# a real cluster's daemons on this host are not disturbed.
#   scripts/slurm-local.sh start [STATE]   # then: export SLURM_CONF=STATE/slurm.conf
#   scripts/slurm-local.sh stop [STATE]
# The node offers 16 CPUs whatever this machine has (SlurmdParameters=config_overrides), so a
# job of 1 server + several worker ranks fits on a small machine, as --oversubscribe lets
# mpirun do, and a requeued job may start again after 10 s (cred_expire; Slurm's default is
# 120 s). Runs as root (SlurmUser=root): for a test machine, not a shared one.
set -euo pipefail
cmd="${1:-}"
state="$(realpath -m "${2:-/tmp/ga3c-slurm}")"
conf="$state/slurm.conf"

fail() {
  echo "slurm-local.sh: $1" >&2
  exit 2
}

pid_alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

stop() {
  for daemon in slurmd slurmctld munged; do
    pidfile="$state/$daemon.pid"
    if pid_alive "$pidfile"; then
      pid="$(cat "$pidfile")"
      kill "$pid"
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
      kill -9 "$pid" 2>/dev/null || true
    fi
    rm -f "$pidfile"
  done
}

start() {
  for tool in munged slurmctld slurmd sinfo; do
    command -v "$tool" >/dev/null ||
      fail "$tool not found; install Debian's munge, slurmctld, slurmd and slurm-client (scripts/install-deps.sh --slurm)"
  done
  [ "$(id -u)" -eq 0 ] || fail "run it as root (the daemons run as root here)"
  stop
  mkdir -p "$state/ctld" "$state/spool" "$state/munge"
  chmod 0700 "$state/munge"
  if [ ! -f "$state/munge/munge.key" ]; then
    dd if=/dev/urandom of="$state/munge/munge.key" bs=1024 count=1 status=none
    chmod 0400 "$state/munge/munge.key"
  fi
  munged --force --key-file="$state/munge/munge.key" --socket="$state/munge/munge.socket" \
    --pid-file="$state/munged.pid" --log-file="$state/munged.log" \
    --seed-file="$state/munge/munge.seed"
  local host
  host="$(hostname -s)"
  cat > "$conf" <<CONF
# Written by scripts/slurm-local.sh: a one-node cluster for ga3c's tests.
ClusterName=ga3c-local
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$state/munge/munge.socket,cred_expire=10
CredType=cred/munge
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/spool
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
SlurmdParameters=config_overrides
ReturnToService=2
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
JobRequeue=1
KillWait=30
MinJobAge=600
NodeName=$host NodeAddr=127.0.0.1 CPUs=16 State=UNKNOWN
PartitionName=local Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
  SLURM_CONF="$conf" slurmctld -f "$conf"
  SLURM_CONF="$conf" slurmd -f "$conf"
  for _ in $(seq 100); do
    if SLURM_CONF="$conf" sinfo -h -o %T 2>/dev/null | grep -qx "idle"; then
      echo "slurm-local.sh: up; export SLURM_CONF=$conf"
      return 0
    fi
    sleep 0.2
  done
  fail "the node did not become idle in 20 s; see $state/slurmctld.log and $state/slurmd.log"
}

case "$cmd" in
  start) start ;;
  stop) stop ;;
  *) fail "usage: slurm-local.sh start|stop [STATE]" ;;
esac
