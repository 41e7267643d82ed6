#!/usr/bin/env python3
"""Screens settings of the A3C-LSTM on Atari Breakout-v5 for the LSTM's saturation (issue 30):
each arm x seed trains alone (arms interleaved seed by seed) and is stopped by SIGINT at
--frames environment frames (the lr schedule stays the preset's 10M-frame one), then
the final checkpoint plays 1000 steps (build/src/run/ga3c_policy_outputs) and the LSTM's cell
state is read: a saturated LSTM's c grows by +-1 a step (its forget and input gates at 1) and
h = o * tanh(c) stops depending on the observation. One row per run in results.csv. The
feed-forward arm (the ALE/ preset as it is) has no cell state: its LSTM columns stay empty.

    docs/experiments/atari-lstm-screen/screen.py [--frames 300000] [--seeds 1,2] [--arms a,b]
        [--results results.csv] [--build build]
"""
import argparse
import csv
import os
import shutil
import signal
import subprocess
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
ARMS = {
    # The ALE/ preset as it is: torch-style RMSProp (eps 1e-5, lr 7e-4) in results.csv,
    # results-2m.csv and results-ln-scratch.csv; TF-style since 791da58 (results-tf-preset.csv).
    "preset": [],
    "lr1e-4": ["--lr", "1e-4"],
    "tf-rmsprop": ["--rmsprop-style", "tf", "--rmsprop-eps", "0.1"],  # GA3C's
    "adam1e-4": ["--optimizer", "adam", "--lr", "1e-4"],  # universe-starter-agent's
    # Larger eps ends the normalised step for small gradients (issue 26's Freeway finding):
    # a gate pushed into saturation gets ever smaller gradients, which eps 1e-5 scales back up.
    "eps1e-3": ["--rmsprop-eps", "1e-3"],
    # TorchBeast's (monobeast: torch-style RMSProp, lr 4.8e-4, eps 0.01, norm clip 40), whose
    # Atari network can carry an LSTM.
    "eps1e-2": ["--rmsprop-eps", "1e-2"],
    # The A3C paper's optimizer (eps 0.1 in TF's form) at the larger lr of its sampled range.
    "tf-rmsprop-lr3e-3": ["--rmsprop-style", "tf", "--rmsprop-eps", "0.1", "--lr", "3e-3"],
    # universe-starter-agent's rollout of 20 steps: truncated backpropagation over 20 steps
    # instead of the preset's 5.
    "t-max-20": ["--t-max", "20"],
    "feed-forward": ["--recurrent", "none"],
}
FIELDS = ["arm", "seed", "frames", "mean100", "policy_spread", "median_abs_c",
          "saturated_percent", "h_std_over_steps", "first_policy_spread", "lowest_policy_spread"]


def spreads(run_dir):
    """policy_spread of the run's health checks, in order (train.csv)."""
    with open(os.path.join(run_dir, "train.csv")) as f:
        return [float(r["policy_spread"]) for r in csv.DictReader(f) if r["policy_spread"]]


def mean100(run_dir):
    with open(os.path.join(run_dir, "episodes.csv")) as f:
        returns = [float(r["return"]) for r in csv.DictReader(f)]
    return sum(returns[-100:]) / max(1, len(returns[-100:]))


def lstm_state(build, run_dir, steps=1000):
    out = tempfile.mkdtemp()
    try:
        subprocess.run([os.path.join(build, "src", "run", "ga3c_policy_outputs"), run_dir,
                        str(steps), out], check=True)
        s = np.fromfile(os.path.join(out, "state_in.f32"), np.float32).reshape(steps, -1)
    finally:
        shutil.rmtree(out)
    h, c = np.split(s, 2, axis=1)
    return (float(np.median(np.abs(c))), 100.0 * float(np.mean(np.abs(np.tanh(c)) > 0.999)),
            float(h[100:].std(axis=0).mean()))


def frames_done(run_dir):
    try:
        with open(os.path.join(run_dir, "train.csv")) as f:
            last = f.readlines()[-1].split(",")
        return int(last[1])
    except (OSError, IndexError, ValueError):
        return 0


def train(build, run_dir, seed, flags, frames):
    if "--recurrent" not in flags:
        flags = ["--recurrent", "lstm"] + flags
    with open(run_dir.rstrip("/") + ".log", "w") as log:
        proc = subprocess.Popen([os.path.join(build, "ga3c"), "train", "--env",
                                 "ALE/Breakout-v5", "--seed", seed, "--checkpoint-every", "0",
                                 "--quiet", "--run-dir", run_dir] + flags, stderr=log)
        while proc.poll() is None and frames_done(run_dir) < frames:
            time.sleep(1)
        proc.send_signal(signal.SIGINT)
        proc.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300000)
    parser.add_argument("--seeds", default="1,2")
    parser.add_argument("--arms", default=",".join(ARMS), help="which arms, in this order")
    parser.add_argument("--out", default=os.path.join(REPO, "runs", "atari-lstm-screen"))
    parser.add_argument("--results", default="results.csv",
                        help="the table (beside this script) that the rows go to")
    parser.add_argument("--build", default=os.path.join(REPO, "build"),
                        help="the build directory whose ga3c and ga3c_policy_outputs run")
    args = parser.parse_args()
    results = os.path.join(HERE, args.results)
    done = set()
    if os.path.exists(results):
        with open(results) as f:
            done = {(r["arm"], r["seed"]) for r in csv.DictReader(f)}
    for seed in args.seeds.split(","):
        for arm in args.arms.split(","):
            flags = ARMS[arm]
            if (arm, seed) in done:
                continue
            run_dir = os.path.join(args.out, "%s-s%s" % (arm, seed))
            shutil.rmtree(run_dir, ignore_errors=True)
            os.makedirs(args.out, exist_ok=True)
            train(args.build, run_dir, seed, flags, args.frames)
            lstm = ["%.3g" % v for v in lstm_state(args.build, run_dir)] if arm != "feed-forward" else [""] * 3
            checks = spreads(run_dir) or [float("nan")]
            row = dict(zip(FIELDS, [arm, seed, frames_done(run_dir), round(mean100(run_dir), 2),
                                    "%.3g" % checks[-1]] + lstm +
                           ["%.3g" % checks[0], "%.3g" % min(checks)]))
            new = not os.path.exists(results)
            with open(results, "a", newline="") as f:
                writer = csv.DictWriter(f, FIELDS)
                if new:
                    writer.writeheader()
                writer.writerow(row)
            print(row, flush=True)


if __name__ == "__main__":
    main()
