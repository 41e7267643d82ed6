#!/usr/bin/env python3
"""Checkpoints of an MPI job (2 server ranks, 1 worker): server 0 orders every save, so each
frame count has one file per server rank; --resume goes on from them under mpirun and in one
process; --resume auto goes on in a folder that holds the run and starts an absent one; SIGTERM
to every rank (as Slurm sends it) stops the job with exit 0 and a final, complete checkpoint."""
import argparse
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


def saves(run_dir):
    """{frames: sorted ranks} of the run's checkpoint files."""
    found = {}
    for path in glob.glob(os.path.join(run_dir, "checkpoints", "ckpt-*-ps*.ga3c")):
        m = re.search(r"ckpt-(\d+)-ps(\d+)\.ga3c$", path)
        found.setdefault(int(m.group(1)), []).append(int(m.group(2)))
    return {f: sorted(r) for f, r in found.items()}


def run_job(cmd, timeout=300):
    job = MpiJob(cmd, env=mpi_env())
    code = job.wait(timeout)
    job.kill()
    return code, job.output()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mpirun", required=True, help="mpirun and its options")
    parser.add_argument("--binary", required=True)
    args = parser.parse_args()
    mpirun = args.mpirun.split()
    tmp = tempfile.mkdtemp(prefix="ga3c_mpi_checkpoints_")
    run_dir = os.path.join(tmp, "run")
    job = mpirun + ["-n", "3", args.binary, "train"]
    quick = ["--env", "CartPole-v1", "--agents", "8", "--quiet"]

    code, out = run_job(job + ["--num-ps", "2", "--workers", "1", "--max-frames", "30000",
                               "--checkpoint-every", "0.2", "--keep-checkpoints", "3",
                               "--run-dir", run_dir] + quick)
    expect(code == 0, "first job exited %s" % code)
    found = saves(run_dir)
    expect(found and all(ranks == [0, 1] for ranks in found.values()),
           "every save must have both server ranks' files: %s" % found)
    expect(found and max(found) >= 30000, "no final checkpoint at >= 30000 frames: %s" % found)
    expect(1 <= len(found) <= 3, "--keep-checkpoints 3 kept %d saves" % len(found))

    code, out = run_job(job + ["--resume", run_dir, "--max-frames", "60000"])
    expect(code == 0 and "resumed from" in out, "resumed job exited %s" % code)
    found = saves(run_dir)
    expect(found and max(found) >= 60000 and found[max(found)] == [0, 1],
           "after the resume: %s" % found)

    # The same checkpoint goes on in one process, its two shards in one parameter server.
    code, out = run_job([args.binary, "train", "--resume", run_dir, "--max-frames", "70000"])
    expect(code == 0 and max(saves(run_dir)) >= 70000,
           "in one process: exit %s, saves %s" % (code, saves(run_dir)))

    # --resume auto, as a requeued job runs it: rank 0's look at the folder decides for all.
    code, out = run_job(job + ["--resume", "auto", "--run-dir", run_dir, "--max-frames", "80000"])
    expect(code == 0 and "holds a run; going on" in out and max(saves(run_dir)) >= 80000,
           "--resume auto of the run: exit %s, saves %s" % (code, saves(run_dir)))
    auto_dir = os.path.join(tmp, "auto")
    code, out = run_job(job + ["--resume", "auto", "--run-dir", auto_dir, "--num-ps", "2",
                               "--workers", "1", "--max-frames", "20000"] + quick)
    expect(code == 0 and "holds no run; starting it" in out and saves(auto_dir)
           and max(saves(auto_dir)) >= 20000,
           "--resume auto of an absent folder: exit %s, saves %s" % (code, saves(auto_dir)))

    # SIGTERM to every rank, as Slurm does before it kills a job.
    term_dir = os.path.join(tmp, "term")
    live = MpiJob(job + ["--num-ps", "2", "--workers", "1", "--max-frames", "1000000000",
                         "--checkpoint-every", "0", "--run-dir", term_dir, "--env",
                         "CartPole-v1", "--agents", "8", "--status-interval", "0.5"],
                  env=mpi_env())
    expect(live.wait_for(r"frames \S+ fps", 120) is not None, "the job never trained")
    pids = live.rank_pids()
    expect(sorted(pids) == [0, 1, 2], "rank pids: %s" % pids)
    for pid in pids.values():
        os.kill(pid, signal.SIGTERM)
    code = live.wait(120)
    live.kill()
    expect(code == 0, "after SIGTERM the job exited %s" % code)
    found = saves(term_dir)
    expect(len(found) == 1 and list(found.values())[0] == [0, 1],
           "after SIGTERM: expected one final save from both ranks, found %s" % found)

    print("%d failures" % len(FAILURES))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
