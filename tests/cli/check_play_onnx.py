#!/usr/bin/env python3
"""examples/play_onnx.py against `ga3c eval`: a CartPole-v1 and a MinAtar Breakout-v1 policy,
each trained briefly and exported as ONNX, score in the reference environments (Gymnasium,
the minatar package, played with numpy and ONNX Runtime only) what they score in ga3c's own:
over 100 episodes each, sampling from pi, the two means lie within 4 standard errors of their
difference (a false alarm about once in 16,000 runs).

    check_play_onnx.py --binary build/ga3c
"""
import argparse
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EPISODES = 100
# (environment, training frames): enough to leave random play (CartPole about 22, Breakout
# about 0.5) without a long training.
CASES = [("CartPole-v1", 60000), ("MinAtar/Breakout-v1", 300000)]
EVAL = re.compile(r"return mean (?P<mean>-?[\d.]+) std (?P<std>[\d.]+) .* over (?P<n>\d+) ")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True)
    args = parser.parse_args()
    failures = []
    tmp = tempfile.mkdtemp(prefix="ga3c_play_onnx_")
    try:
        for env, frames in CASES:
            run_dir = os.path.join(tmp, env.replace("/", "-"))
            subprocess.run([args.binary, "train", "--env", env, "--seed", "1", "--max-frames",
                            str(frames), "--checkpoint-every", "0", "--quiet", "--run-dir",
                            run_dir], check=True, capture_output=True, timeout=900)
            model = run_dir + ".onnx"
            subprocess.run([args.binary, "export", "--checkpoint", run_dir, "--out", model],
                           check=True, capture_output=True, timeout=300)
            ours = subprocess.run([args.binary, "eval", "--checkpoint", run_dir, "--episodes",
                                   str(EPISODES), "--seed", "1"], check=True,
                                  capture_output=True, text=True, timeout=900).stdout
            match = EVAL.search(ours)
            played = subprocess.run([sys.executable, os.path.join(REPO, "examples",
                                                                  "play_onnx.py"),
                                     model, "--episodes", str(EPISODES), "--seed", "2",
                                     "--json"], check=True, capture_output=True, text=True,
                                    timeout=900).stdout.splitlines()
            returns = json.loads(played[-1])
            mean = sum(returns) / len(returns)
            std = math.sqrt(sum((r - mean) ** 2 for r in returns) / len(returns))
            ga3c_mean, ga3c_std = float(match["mean"]), float(match["std"])
            spread = math.sqrt((std ** 2 + ga3c_std ** 2) / EPISODES)
            z = abs(mean - ga3c_mean) / spread if spread > 0 else abs(mean - ga3c_mean) * 1e9
            line = ("%s after %d frames: ga3c eval %.2f (std %.2f), play_onnx.py %.2f (std "
                    "%.2f), %.2f standard errors apart" %
                    (env, frames, ga3c_mean, ga3c_std, mean, std, z))
            print(line)
            if z > 4:
                failures.append(line)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
