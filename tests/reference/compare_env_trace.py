#!/usr/bin/env python3
"""Runs ga3c_env_trace and the reference implementation on the same commands and compares
every printed line exactly (observations, rewards, terminated and truncated flags).

CartPole-v1: each episode starts from a random state put into both implementations (the
reference seeds reset with a different generator), then random actions until the episode ends.
Exit 0 when identical, 1 with the first differing line otherwise.
"""
import argparse
import subprocess
import sys

import numpy as np


def fmt(values):
    return "".join(" %.9g" % float(v) for v in values)


class GymnasiumDriver:
    def __init__(self, env_id):
        import gymnasium

        self.env = gymnasium.make(env_id)
        self.env.reset(seed=0)

    def run(self, command):
        words = command.split()
        if words[0] == "state":
            self.env.reset()
            self.env.unwrapped.state = np.array([float(w) for w in words[1:]], dtype=np.float64)
            return "obs" + fmt(np.array(self.env.unwrapped.state, dtype=np.float32))
        if words[0] == "step":
            obs, reward, terminated, truncated, _ = self.env.step(int(words[1]))
            return "step %.9g %d %d" % (reward, terminated, truncated) + fmt(obs)
        raise ValueError(command)


def cartpole_commands(rng, episodes, driver):
    """Yields commands, asking the driver for each step so episodes end where the reference
    ends them."""
    for _ in range(episodes):
        state = rng.uniform(-0.2, 0.2, size=4)
        command = "state " + " ".join(repr(float(v)) for v in state)
        yield command, driver.run(command)
        while True:
            command = "step %d" % rng.integers(0, 2)
            line = driver.run(command)
            yield command, line
            words = line.split()
            if words[2] == "1" or words[3] == "1":
                break


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--env", required=True)
    parser.add_argument("--episodes", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    if args.env != "CartPole-v1":
        print("compare_env_trace: no reference driver for " + args.env, file=sys.stderr)
        return 2
    pairs = list(cartpole_commands(rng, args.episodes, GymnasiumDriver(args.env)))
    commands = "\n".join(c for c, _ in pairs) + "\n"
    expected = [e for _, e in pairs]
    out = subprocess.run([args.binary, args.env], input=commands, capture_output=True,
                         text=True, check=True).stdout.splitlines()
    for i, (want, got) in enumerate(zip(expected, out)):
        if want != got:
            print("line %d differs\n command:   %s\n reference: %s\n ga3c:      %s"
                  % (i, pairs[i][0], want, got))
            return 1
    if len(out) != len(expected):
        print("ga3c printed %d lines, the reference %d" % (len(out), len(expected)))
        return 1
    print("%s: %d lines identical over %d episodes" % (args.env, len(expected), args.episodes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
