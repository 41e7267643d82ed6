#!/usr/bin/env python3
"""Learning check: runs `ga3c train` as a user would (presets included) with a fixed seed and a
frame budget, then reads episodes.csv and requires that some 100 consecutive episodes reach a
mean raw return of at least --bar before --frames environment frames. No time limit.

--launcher runs it under MPI (e.g. --launcher "mpirun -n 3 --oversubscribe"); server rank 0
writes the job's episodes.csv (every worker's episodes, in the order it received them, with
the job's frame count), so the check reads the same file."""
import argparse
import csv
import os
import subprocess
import sys
import tempfile
import time


def episodes(run_dir):
    """episodes.csv's complete rows while the run writes it (its last row may be cut short)."""
    path = os.path.join(run_dir, "episodes.csv")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [r for r in csv.DictReader(f) if None not in r.values() and r["return"]]


def progress(run_dir, window):
    rows = episodes(run_dir)
    if not rows:
        return "no episode yet"
    last = [float(r["return"]) for r in rows[-window:]]
    return "%s frames, %d episodes, mean return of the last %d %.2f" % (
        rows[-1]["frames"], len(rows), len(last), sum(last) / len(last))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--bar", type=float, required=True)
    parser.add_argument("--frames", type=int, required=True)
    parser.add_argument("--window", type=int, default=100)
    parser.add_argument("--launcher", default="",
                        help="command line to start ga3c under, e.g. 'mpirun -n 3'")
    parser.add_argument("train_args", nargs=argparse.REMAINDER,
                        help="after --: arguments for ga3c train")
    args = parser.parse_args()
    train_args = [a for a in args.train_args if a != "--"]
    run_dir = os.path.join(tempfile.mkdtemp(prefix="ga3c_learning_"), "run")
    cmd = args.launcher.split() + [
        args.binary, "train", "--run-dir", run_dir, "--max-frames", str(args.frames),
        "--target-return", str(args.bar), "--status-interval", "30"] + train_args
    print(" ".join(cmd), flush=True)
    proc = subprocess.Popen(cmd)
    # A line a minute from episodes.csv, so that the log of a run ctest stops at its timeout
    # tells a hang (frames stand still) from slow learning.
    started = time.time()
    while True:
        try:
            proc.wait(timeout=60)
            break
        except subprocess.TimeoutExpired:
            print("%4.0f s: %s" % (time.time() - started, progress(run_dir, args.window)),
                  flush=True)
    if proc.returncode != 0:
        print("FAIL: ga3c train exited with %d" % proc.returncode)
        return 1

    # The finished run's file whole: a malformed row fails here rather than being skipped.
    with open(os.path.join(run_dir, "episodes.csv")) as f:
        rows = list(csv.DictReader(f))
    returns = [float(r["return"]) for r in rows]
    best, best_at = float("-inf"), None
    for end in range(args.window, len(returns) + 1):
        mean = sum(returns[end - args.window:end]) / args.window
        if mean > best:
            best, best_at = mean, int(rows[end - 1]["frames"])
        if mean >= args.bar:
            print("mean return %.2f over episodes %d-%d, reached by frame %d"
                  % (mean, end - args.window + 1, end, best_at))
            if best_at > args.frames:
                print("FAIL: reached after the budget of %d frames" % args.frames)
                return 1
            return 0
    print("FAIL: best mean return over %d episodes %.2f (frame %s) < %.1f within %d frames"
          % (args.window, best, best_at, args.bar, args.frames))
    return 1


if __name__ == "__main__":
    sys.exit(main())
