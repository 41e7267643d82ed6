#!/usr/bin/env python3
"""Environment steps per second per core: ga3c's built-in MinAtar games against the reference
package minatar 1.0.15, on the same machine in one run.

Both play uniform random actions over all six actions with sticky actions 0.1 and ramping on,
reset when an episode ends, and produce the observation each step (ga3c: step() writes it;
reference: act() then state(), as an agent needs both). One thread each.

Usage: bench/env_speed.py [--binary build/bench/env_steps_bench] [--seconds 2]
Prints a Markdown table: game, ga3c steps/s, reference steps/s, ratio.
"""
import argparse
import logging
import os
import subprocess
import sys
import time

import numpy as np

GAMES = [("Breakout", "breakout"), ("SpaceInvaders", "space_invaders"), ("Freeway", "freeway"),
         ("Asterix", "asterix"), ("Seaquest", "seaquest")]


def reference_steps_per_second(module, seconds):
    logging.disable(logging.WARNING)  # minatar warns that it cannot render without matplotlib
    from minatar import Environment

    env = Environment(module, sticky_action_prob=0.1, difficulty_ramping=True)
    env.seed(1)
    env.reset()
    actions = np.random.default_rng(7).integers(0, 6, size=1 << 16).tolist()
    steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(256):
            _, terminal = env.act(actions[steps & 0xFFFF])
            env.state()
            steps += 1
            if terminal:
                env.reset()
        if time.perf_counter() >= deadline:
            break
    return steps / (time.perf_counter() - start)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(here, "..", "build", "bench",
                                                         "env_steps_bench"))
    parser.add_argument("--seconds", type=float, default=2.0, help="per game and implementation")
    args = parser.parse_args()

    ids = ["MinAtar/%s-v0" % game for game, _ in GAMES]
    out = subprocess.run([args.binary, "--seconds", str(args.seconds)] + ids,
                         capture_output=True, text=True, check=True).stdout
    ours = dict((line.split()[0], float(line.split()[1])) for line in out.splitlines())

    print("| game | ga3c steps/s | minatar 1.0.15 steps/s | ratio |")
    print("|---|---:|---:|---:|")
    for (game, module), env_id in zip(GAMES, ids):
        theirs = reference_steps_per_second(module, args.seconds)
        print("| %s | %s | %s | %.0fx |" % (game, format(round(ours[env_id]), ","),
                                            format(round(theirs), ","), ours[env_id] / theirs))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
