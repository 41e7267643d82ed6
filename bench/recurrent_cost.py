#!/usr/bin/env python3
"""What --recurrent lstm costs: training frames/s of train_throughput_bench with the LSTM policy
against the feed-forward one on the same environment, the two arms interleaved round by round
in this one script (a quiet machine, nothing else running), and their ratio. The bench runs
TrainConfig's defaults, not the environment's preset (no V-trace, for one).

  bench/recurrent_cost.py --bench build/bench/train_throughput_bench \\
      --env MinAtar/Breakout-v0 --frames 200000 --rounds 2 [-- extra train flags]
"""
import argparse
import re
import statistics
import subprocess
import sys


def frames_per_second(bench, env, frames, extra):
    out = subprocess.run([bench, "--env", env, "--frames", str(frames),
                          "--baseline-frames", "20000"] + extra,
                         capture_output=True, text=True, check=True).stdout
    match = re.search(r"training: (\d+) frames/s", out)
    if not match:
        sys.exit("no 'training: N frames/s' line in:\n" + out)
    return float(match.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bench", required=True, help="the train_throughput_bench binary")
    parser.add_argument("--env", required=True)
    parser.add_argument("--frames", type=int, required=True)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--lstm-size", type=int, default=256)
    parser.add_argument("extra", nargs="*", help="flags for both arms, after --")
    args = parser.parse_args()
    arms = {"feed-forward": ["--recurrent", "none"],
            "lstm": ["--recurrent", "lstm", "--lstm-size", str(args.lstm_size)]}
    fps = {arm: [] for arm in arms}
    for r in range(args.rounds):
        for arm, flags in arms.items():
            fps[arm].append(frames_per_second(args.bench, args.env, args.frames,
                                              flags + args.extra))
            print("round %d %s: %.0f frames/s" % (r + 1, arm, fps[arm][-1]), flush=True)
    ff, lstm = (statistics.mean(fps[a]) for a in arms)
    print("| %s | %s | %s | %.2f |" % (
        args.env, " / ".join("%.0f" % f for f in fps["feed-forward"]),
        " / ".join("%.0f" % f for f in fps["lstm"]), lstm / ff))
    print("lstm / feed-forward: %.2f (the LSTM costs %.0f%%)" % (lstm / ff, 100 * (1 - lstm / ff)))


if __name__ == "__main__":
    main()
