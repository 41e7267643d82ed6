#!/usr/bin/env python3
"""Atari frames per second per core: ga3c's ALE/<Game>-v5 against ale-py 0.12.1 and Gymnasium
1.4 on the same machine in one run, the whole script pinned to one CPU (os.sched_setaffinity),
each rate counted per CPU-second of its process (all its threads), so that every figure is
per core and time the machine gave to other work does not count.

Rows, each with uniform random actions over the minimal set and sticky actions 0.25:
- raw: ALE's act(), one emulator frame a call, the screen never read (ga3c: the C++ library;
  ale-py: ALEInterface.act from Python);
- preprocessed: frame skip 4, max-pool of the last two frames, greyscale, 84x84 INTER_AREA,
  4-frame stack (ga3c: AtariEnv.step, observation written as float32; Gymnasium:
  FrameStackObservation(AtariPreprocessing(gym.make(id, frameskip=1)), 4); ale-py:
  AtariVectorEnv with 1 and 2 environments, its C++ threads on the same core; EnvPool 0.8.4,
  its own ALE build, with 1 and 8 environments on one thread, in the venv of
  bench/peers/setup.sh, since it needs gym 0.26 beside gymnasium).
Frames are emulator frames (steps x 4 where preprocessed). Each figure is the best of --repeat
interleaved measurements: on a shared machine the least disturbed one is the closest to the
code's own speed.

Usage: bench/atari_speed.py [--binary build/bench/atari_steps_bench] [--seconds 3] [--repeat 3]
                            [--envpool-python PYTHON] [GAME...]
Prints a Markdown table.
"""
import argparse
import os
import subprocess
import sys
import time

import numpy as np


def timed(step, seconds):
    """Calls step() (which returns frames done) in batches for `seconds` of wall time; frames
    per CPU-second of this process."""
    frames = 0
    cpu_start = time.process_time()
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        for _ in range(64):
            frames += step()
    return frames / (time.process_time() - cpu_start)


def ale_py_raw(game, seconds):
    import ale_py
    from ale_py import roms

    ale = ale_py.ALEInterface()
    ale.setLoggerMode(ale_py.LoggerMode.Error)
    ale.setFloat("repeat_action_probability", 0.25)
    ale.setInt("random_seed", 1)
    ale.loadROM(roms.get_rom_path(game))
    actions = ale.getMinimalActionSet()
    rng = np.random.default_rng(7)
    picks = [actions[i] for i in rng.integers(0, len(actions), size=1 << 16)]
    i = [0]

    def step():
        ale.act(picks[i[0] & 0xFFFF])
        i[0] += 1
        if ale.game_over():
            ale.reset_game()
        return 1

    return timed(step, seconds)


def gymnasium_preprocessed(env_id, seconds):
    import ale_py
    import gymnasium
    from gymnasium.wrappers import AtariPreprocessing, FrameStackObservation

    gymnasium.register_envs(ale_py)
    env = FrameStackObservation(AtariPreprocessing(gymnasium.make(env_id, frameskip=1),
                                                   noop_max=30, frame_skip=4, screen_size=84,
                                                   grayscale_obs=True), 4)
    env.reset(seed=1)
    rng = np.random.default_rng(7)
    picks = rng.integers(0, env.action_space.n, size=1 << 16).tolist()
    i = [0]

    def step():
        _, _, terminated, truncated, _ = env.step(picks[i[0] & 0xFFFF])
        i[0] += 1
        if terminated or truncated:
            env.reset()
        return 4

    return timed(step, seconds)


def vector_preprocessed(game, num_envs, seconds):
    from ale_py.vector_env import AtariVectorEnv

    env = AtariVectorEnv(game, num_envs, num_threads=num_envs, repeat_action_probability=0.25,
                         reward_clipping=False, use_fire_reset=False)
    env.reset(seed=1)
    rng = np.random.default_rng(7)
    n = env.single_action_space.n
    picks = rng.integers(0, n, size=(1 << 12, num_envs))
    i = [0]

    def step():
        env.step(picks[i[0] & 0xFFF])
        i[0] += 1
        return 4 * num_envs

    rate = timed(step, seconds)
    env.close()
    return rate


# Run by the EnvPool venv's Python, on the caller's CPU: prints frames per CPU-second.
ENVPOOL_RATE = """
import sys, time
import numpy as np
import envpool
game, num_envs, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
env = envpool.make(game + "-v5", env_type="gymnasium", num_envs=num_envs, num_threads=1, seed=1,
                   repeat_action_probability=0.25, noop_max=30, img_height=84, img_width=84,
                   stack_num=4, gray_scale=True, frame_skip=4, episodic_life=False,
                   reward_clip=False)
env.reset()
picks = np.random.default_rng(7).integers(0, env.action_space.n, size=(1 << 12, num_envs))
frames, i = 0, 0
cpu_start = time.process_time()
deadline = time.perf_counter() + seconds
while time.perf_counter() < deadline:
    env.step(picks[i & 0xFFF])
    i += 1
    frames += 4 * num_envs
print(frames / (time.process_time() - cpu_start))
"""


def envpool_preprocessed(python, game, num_envs, seconds):
    if not python:
        return float("nan")
    out = subprocess.run([python, "-W", "ignore", "-c", ENVPOOL_RATE, game, str(num_envs),
                          str(seconds)], capture_output=True, text=True, check=True).stdout
    return float(out.split()[-1])


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default_envpool = os.path.join(os.environ.get("GA3C_PEERS_PREFIX", "/work/venvs"),
                                   "peers-envpool", "bin", "python")
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(here, "..", "build", "bench",
                                                         "atari_steps_bench"))
    parser.add_argument("--seconds", type=float, default=3.0, help="per measurement")
    parser.add_argument("--cpu", type=int, default=0, help="the CPU everything runs on")
    parser.add_argument("--repeat", type=int, default=3, help="measurements per figure (best)")
    parser.add_argument("--envpool-python", default=default_envpool,
                        help="Python of the venv with EnvPool (bench/peers/setup.sh); its columns "
                        "stay empty where it does not exist (default %(default)s)")
    parser.add_argument("games", nargs="*", default=["Breakout", "Pong"])
    args = parser.parse_args()
    if not os.path.exists(args.envpool_python):
        print(f"atari_speed.py: no {args.envpool_python}, so no EnvPool figures; "
              "bench/peers/setup.sh makes it", file=sys.stderr)
        args.envpool_python = None
    os.sched_setaffinity(0, {args.cpu})

    def fmt(rate):
        return "" if rate != rate else format(round(rate), ",")

    print("| game | ga3c raw | ale-py raw | ga3c preprocessed | Gymnasium + AtariPreprocessing "
          "| AtariVectorEnv 1 env | AtariVectorEnv 2 envs | EnvPool 1 env | EnvPool 8 envs "
          "| preprocessing cost (ga3c) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for game in args.games:
        env_id = "ALE/%s-v5" % game
        rom = "".join("_" + c.lower() if c.isupper() else c for c in game).lstrip("_")
        best = [float("nan")] * 8
        for _ in range(args.repeat):
            out = subprocess.run([args.binary, "--seconds", str(args.seconds), game],
                                 capture_output=True, text=True, check=True).stdout
            ours = {line.split()[1]: float(line.split()[2]) for line in out.splitlines()}
            rates = [ours["raw"], ale_py_raw(rom, args.seconds), ours["preprocessed"],
                     gymnasium_preprocessed(env_id, args.seconds),
                     vector_preprocessed(rom, 1, args.seconds),
                     vector_preprocessed(rom, 2, args.seconds),
                     envpool_preprocessed(args.envpool_python, game, 1, args.seconds),
                     envpool_preprocessed(args.envpool_python, game, 8, args.seconds)]
            # max(b, nan) is b: a figure that was not measured stays empty.
            best = [r if b != b else max(b, r) for b, r in zip(best, rates)]
        row = [fmt(r) for r in best] + ["%.0f%%" % (100.0 * (best[0] / best[2] - 1.0))]
        print("| %s | %s |" % (game, " | ".join(row)))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
