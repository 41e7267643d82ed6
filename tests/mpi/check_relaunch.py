#!/usr/bin/env python3
"""Restart after a crash without a scheduler (issue 31): scripts/relaunch.sh --max-restarts 1
runs an MPI training (1 server + 2 workers) with --resume auto; kill -9 of a worker rank after
the first checkpoint ends that launch, the script relaunches it once, the relaunch goes on from
the newest checkpoint and ends at --max-frames: exit 0, one restart, episodes.csv's frames never
going back, and the final checkpoint complete."""
import argparse
import csv
import glob
import os
import re
import signal
import sys
import tempfile
import time

from mpi_job import MpiJob, mpi_env

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from expectations import FAILURES, expect  # noqa: E402


def checkpoint_frames(run_dir):
    names = glob.glob(os.path.join(run_dir, "checkpoints", "ckpt-*-ps0.ga3c"))
    return sorted(int(re.search(r"ckpt-(\d+)-", n).group(1)) for n in names)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mpirun", required=True, help="mpirun and its options")
    parser.add_argument("--binary", required=True)
    parser.add_argument("--relaunch", required=True, help="scripts/relaunch.sh")
    args = parser.parse_args()
    run_dir = os.path.join(tempfile.mkdtemp(prefix="ga3c_relaunch_"), "run")
    budget = 600000
    job = MpiJob([args.relaunch, "--max-restarts", "1", "--"] + args.mpirun.split() +
                 ["-n", "3", args.binary, "train", "--num-ps", "1", "--workers", "2",
                  "--env", "CartPole-v1", "--agents", "8", "--max-frames", str(budget),
                  "--checkpoint-every", "1", "--peer-timeout", "10", "--status-interval", "1",
                  "--resume", "auto", "--run-dir", run_dir], env=mpi_env())
    try:
        deadline = time.time() + 120
        while not checkpoint_frames(run_dir) and time.time() < deadline:
            time.sleep(0.2)
        pids = job.rank_pids()
        if not expect(checkpoint_frames(run_dir) and sorted(pids) == [0, 1, 2],
                      "no checkpoint or rank pids: %s %s" % (checkpoint_frames(run_dir), pids)):
            return 1
        killed_at = checkpoint_frames(run_dir)[-1]
        print("kill -9 of rank 2 (pid %d) after the checkpoint at %d frames" % (pids[2], killed_at),
              flush=True)
        os.kill(pids[2], signal.SIGKILL)
        code = job.wait(400)
        out = job.output()
        expect(code == 0, "relaunch.sh exited %s" % code)
        expect(out.count("relaunch.sh: the command exited") == 1 and "restart 1 of 1" in out,
               "not exactly one restart")
        expect("holds a run; going on from its newest checkpoint" in out and "resumed from" in out,
               "the relaunch did not resume")
        frames = checkpoint_frames(run_dir)
        expect(frames and frames[-1] >= budget, "final checkpoint frames %s" % frames)
        with open(os.path.join(run_dir, "episodes.csv")) as f:
            episodes = [int(r["frames"]) for r in csv.DictReader(f)]
        expect(episodes == sorted(episodes) and episodes[-1] > killed_at,
               "episodes.csv's frames go back or stop early")
    finally:
        job.kill()
    print("%d failures" % len(FAILURES))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
