#!/usr/bin/env python3
"""A healthy MPI job is not taken for a dead one while it starts (issue 27): a worker rank
building 256 Atari games (several seconds) under --peer-timeout 2 used to be aborted as "died or
hung"; its heartbeat now runs from the start, and the job trains to its budget and exits 0."""
import argparse
import os
import subprocess
import sys
import tempfile

from mpi_job import mpi_env


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mpirun", required=True, help="mpirun and its options")
    parser.add_argument("--binary", required=True)
    args = parser.parse_args()
    run_dir = os.path.join(tempfile.mkdtemp(prefix="ga3c_slow_start_"), "run")
    cmd = args.mpirun.split() + [
        "-n", "2", args.binary, "train", "--env", "ALE/Breakout-v5", "--num-ps", "1",
        "--workers", "1", "--agents", "256", "--peer-timeout", "2", "--max-frames", "20000",
        "--run-dir", run_dir, "--quiet", "--checkpoint-every", "0"]
    print(" ".join(cmd), flush=True)
    proc = subprocess.run(cmd, env=mpi_env(), capture_output=True, text=True, timeout=500)
    text = proc.stdout + proc.stderr
    if proc.returncode != 0 or "died or hung" in text:
        print(text[-3000:])
        print("FAIL: exit %d" % proc.returncode)
        return 1
    print("ok: the job started and finished under --peer-timeout 2")
    return 0


if __name__ == "__main__":
    sys.exit(main())
