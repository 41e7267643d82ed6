#!/usr/bin/env bash
# Relaunches a crashed training, as torchrun's --max-restarts does: runs COMMAND, and when it
# ends with a failure (a rank killed, a node lost, an MPI abort) runs it again, up to N times.
# COMMAND must train with `--resume auto --run-dir DIR`, so that each relaunch goes on from the
# newest complete checkpoint in DIR instead of starting over. Not relaunched: exit 0 (done),
# 2 (bad input: the same command fails the same way), 3 (the network died: see
# --stop-on-dead-network), and a stop asked of this script (SIGINT or SIGTERM, forwarded to
# COMMAND, which then saves a checkpoint and exits).
#   scripts/relaunch.sh --max-restarts N -- mpirun -n 3 ga3c train --resume auto --run-dir DIR ...
# Exits with COMMAND's last code.
set -uo pipefail

usage() {
  echo "relaunch.sh: $1; usage: relaunch.sh --max-restarts N -- COMMAND (with --resume auto" \
    "--run-dir DIR)" >&2
  exit 2
}

max_restarts=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  case "$1" in
    --max-restarts) [ $# -ge 2 ] || usage "--max-restarts needs a count"; max_restarts="$2"; shift 2 ;;
    *) usage "unknown option '$1'" ;;
  esac
done
[ $# -gt 0 ] || usage "no '--' before the command"
shift
[[ "$max_restarts" =~ ^[0-9]+$ ]] || usage "--max-restarts takes a whole number, got '$max_restarts'"
[ $# -gt 0 ] || usage "no command after '--'"
case " $* " in
  *" --resume auto "*) ;;
  *) usage "the command does not hold '--resume auto', so a relaunch would start over" ;;
esac
case " $* " in
  *" --run-dir "*) ;;
  *) usage "the command does not hold '--run-dir DIR', the folder a relaunch goes on in" ;;
esac

child=0
stopping=0
stop() {
  stopping=1
  [ "$child" -gt 0 ] && kill -s "$1" "$child" 2>/dev/null
}
trap 'stop TERM' TERM
trap 'stop INT' INT

restarts=0
while true; do
  "$@" &
  child=$!
  # wait returns early when a trapped signal arrives: wait again until the command has ended.
  while true; do
    wait "$child"
    code=$?
    kill -0 "$child" 2>/dev/null || break
  done
  child=0
  case "$code" in
    0 | 2 | 3) exit "$code" ;;
  esac
  if [ "$stopping" -eq 1 ]; then
    exit "$code"
  fi
  if [ "$restarts" -ge "$max_restarts" ]; then
    echo "relaunch.sh: the command exited $code after $restarts restarts (--max-restarts" \
      "$max_restarts); giving up" >&2
    exit "$code"
  fi
  restarts=$((restarts + 1))
  echo "relaunch.sh: the command exited $code; restart $restarts of $max_restarts, from the" \
    "newest checkpoint" >&2
done
