#!/usr/bin/env python3
"""--lr-worker-scaling through the real binary: the lr that each worker's own optimizer steps
with (train.csv's lr column). With local optimizer state the workers' deltas add up on the
server, so the scaling divides each worker's lr: 0.004 with 4 workers is 0.001 (inverse) and
0.002 (inverse-sqrt). With shared state it scales the server's optimizer instead, and the
workers' own steps keep the unscaled lr."""
import argparse
import csv
import os
import subprocess
import sys
import tempfile


def worker_lrs(binary, run_dir, state, scaling):
    cmd = [binary, "train", "--quiet", "--log-level", "warn", "--checkpoint-every", "0",
           "--env", "CartPole-v1", "--workers", "4", "--agents", "8", "--lr", "0.004",
           "--lr-schedule", "constant", "--max-frames", "6000", "--seed", "1",
           "--optimizer-state", state, "--lr-worker-scaling", scaling, "--run-dir", run_dir]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=240)
    assert p.returncode == 0, p.stderr
    with open(os.path.join(run_dir, "train.csv"), newline="") as f:
        return {float(row["lr"]) for row in csv.DictReader(f)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    binary = os.path.abspath(ap.parse_args().binary)
    with tempfile.TemporaryDirectory() as tmp:
        expected = [("local", "none", 0.004), ("local", "inverse", 0.001),
                    ("local", "inverse-sqrt", 0.002), ("shared", "inverse", 0.004)]
        for state, scaling, lr in expected:
            lrs = worker_lrs(binary, os.path.join(tmp, f"{state}-{scaling}"), state, scaling)
            assert lrs and all(abs(x - lr) < 1e-9 for x in lrs), (state, scaling, lrs)
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
