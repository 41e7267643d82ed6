#!/usr/bin/env python3
"""Runs ga3c_env_trace and the reference implementation on the same commands and compares
every printed line exactly (observations, rewards, terminated and truncated flags).

CartPole-v1: each episode starts from a random state put into both implementations (the
reference seeds reset with a different generator), then random actions until the episode ends.
MinAtar/<Game>-v0 and -v1 (reference: the minatar package, sticky actions 0.1, ramping on): for
each of --env-seeds environment seeds, "seed S" then whole episodes ("reset", steps until
terminal) until that seed has played its share of --steps; actions are uniform random, or with
--policy heuristic a game-specific play on the observation mixed with random actions, which
reaches states random play rarely does (later waves, surfacing, difficulty ramps).
ALE/<Game>-v5 (reference: FrameStackObservation(AtariPreprocessing(gym.make(id, frameskip=1),
noop_max=30, frame_skip=4, screen_size=84, grayscale_obs=True), 4) of ale-py and gymnasium,
sticky actions 0.25; --frame-skip sets frame_skip on both sides): like MinAtar, --env-seeds
seeds playing --steps steps in all, actions uniform random or, with --policy heuristic, mostly
FIRE and moves (more scoring, life losses and game overs). An episode the reference truncates
ends there too. The observation is compared through its CRC-32 (the trace prints "lives L crc
C" for it), with lives.
Several --env may be given. Exit 0 when identical, 1 with the first differing line otherwise.
"""
import argparse
import subprocess
import sys
import zlib

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


MINATAR_MODULES = {
    "Asterix": "asterix",
    "Breakout": "breakout",
    "Freeway": "freeway",
    "Seaquest": "seaquest",
    "SpaceInvaders": "space_invaders",
}


def fmt_bool(state):
    """The C++ trace's %.9g of 0.0f and 1.0f, for a whole boolean array at once."""
    return " " + " ".join((state.reshape(-1).astype(np.uint8) + ord("0")).tobytes().decode())


class MinAtarDriver:
    """The reference minatar.Environment. 'seed S' builds a fresh one and calls its seed(S)
    (minatar 1.0.15's constructor takes no seed): the state our seed(S) promises, with the
    remembered sticky action back at no-op."""

    def __init__(self, env_id):
        game, version = env_id[len("MinAtar/"):].rsplit("-", 1)
        self.module = MINATAR_MODULES[game]
        self.minimal = version == "v1"
        self.env = None
        self.action_set = None
        self.state = None

    def run(self, command):
        words = command.split()
        if words[0] == "seed":
            from minatar import Environment

            self.env = Environment(self.module, sticky_action_prob=0.1, difficulty_ramping=True)
            self.env.seed(int(words[1]))
            self.action_set = (self.env.minimal_action_set() if self.minimal
                               else list(range(self.env.num_actions())))
            return None
        if words[0] == "reset":
            self.env.reset()
            self.state = self.env.state()
            return "obs" + fmt_bool(self.state)
        if words[0] == "step":
            reward, terminal = self.env.act(self.action_set[int(words[1])])
            self.state = self.env.state()
            return "step %.9g %d 0" % (reward, terminal) + fmt_bool(self.state)
        raise ValueError(command)


class AtariDriver:
    """Gymnasium's v5 environment with the A3C preprocessing. 'seed S' makes the next reset
    reset(seed=S), as ga3c's seed(S) does."""

    def __init__(self, env_id, max_episode_frames, full_action_space, frame_skip):
        import ale_py
        import gymnasium
        from gymnasium.wrappers import AtariPreprocessing, FrameStackObservation

        gymnasium.register_envs(ale_py)
        kwargs = {"full_action_space": full_action_space}
        if max_episode_frames is not None:
            kwargs["max_num_frames_per_episode"] = max_episode_frames
        self.env = FrameStackObservation(
            AtariPreprocessing(gymnasium.make(env_id, frameskip=1, **kwargs), noop_max=30,
                               frame_skip=frame_skip, screen_size=84, grayscale_obs=True), 4)
        self.action_set = list(range(self.env.action_space.n))
        self.pending_seed = None
        self.state = None

    @staticmethod
    def digest(obs, lives):
        # [4, 84, 84] uint8 -> ga3c's [84, 84, 4] float32 in [0, 1].
        values = np.ascontiguousarray(np.transpose(obs, (1, 2, 0))).astype(np.float32) / np.float32(255)
        return " lives %d crc %d" % (lives, zlib.crc32(values.astype("<f4").tobytes()))

    def run(self, command):
        words = command.split()
        if words[0] == "seed":
            self.pending_seed = int(words[1])
            return None
        if words[0] == "reset":
            obs, info = self.env.reset(seed=self.pending_seed)
            self.pending_seed = None
            self.state = obs
            return "obs" + self.digest(obs, self.env.unwrapped.ale.lives())
        if words[0] == "step":
            obs, reward, terminated, truncated, info = self.env.step(int(words[1]))
            self.state = obs
            return ("step %.9g %d %d" % (reward, terminated, truncated)
                    + self.digest(obs, info["lives"]))
        raise ValueError(command)


def atari_policy(rng, state):
    """FIRE half the time (serves the ball, shoots), else a move: action indices 1..3 are FIRE
    and moves in most minimal action sets."""
    return 1 if rng.random() < 0.5 else int(rng.integers(2, 4))


# Heuristic players for --policy heuristic: observation (10x10xC bools) -> one of the six
# actions (0 noop, 1 left, 2 up, 3 right, 4 down, 5 fire). Not good players: enough to reach
# later waves, scoring, surfacing and difficulty ramps, which uniform random play rarely does.
def _column(state, channel):
    cols = np.nonzero(state[:, :, channel].any(axis=0))[0]
    return int(cols[0]) if len(cols) else None


def _toward(target, x):
    return 0 if target is None or target == x else (1 if target < x else 3)


def breakout_policy(rng, state):
    """Moves under where the falling ball will land (a wall holds it one step)."""
    (y,), (x,) = np.nonzero(state[:, :, 1])
    (ty,), (tx,) = np.nonzero(state[:, :, 2])
    if y > ty and x != tx:
        x = x + (x - tx) * (9 - y)
        x = -x - 1 if x < 0 else (19 - x if x > 9 else x)
    return _toward(int(x), _column(state, 0))


def space_invaders_policy(rng, state):
    """Steps aside from a falling bullet, else fires at the aliens above or goes under them."""
    x = _column(state, 0)
    if state[6:9, x, 5].any():
        return 1 if x > 0 and not state[6:9, x - 1, 5].any() else 3
    columns = np.nonzero(state[:, :, 1].any(axis=0))[0]
    if x in columns:
        return 5
    return _toward(int(columns[np.argmin(abs(columns - x))]), x)


def freeway_policy(rng, state):
    return 2 if rng.random() < 0.8 else 0


def asterix_policy(rng, state):
    y, x = (int(v[0]) for v in np.nonzero(state[:, :, 0]))
    moves = {0: (y, x), 1: (y, max(0, x - 1)), 2: (max(1, y - 1), x), 3: (y, min(9, x + 1)),
             4: (min(8, y + 1), x)}
    safe = [a for a, (ny, nx) in moves.items()
            if not state[ny, max(0, nx - 1):nx + 2, 1].any()]
    gold = [a for a in safe if state[moves[a][0], moves[a][1], 3]]
    return int(rng.choice(gold or safe or [0]))


def seaquest_policy(rng, state):
    ys, xs = np.nonzero(state[:, :, 0])
    y, x = int(ys[0]), int(xs[0])
    oxygen = int(state[9, :, 7].sum())
    divers = int(state[9, :, 8].sum())
    if divers and (oxygen <= 3 or divers == 6):
        return 2
    if y == 0 and not divers:
        return 4
    danger = state[y, max(0, x - 2):x + 3, 4:7].any()
    if danger:
        return 4 if y < 5 else 2
    diver_rows = np.nonzero(state[:, :, 9].any(axis=1))[0]
    if len(diver_rows) and rng.random() < 0.5:
        return 4 if diver_rows[0] > y else (2 if diver_rows[0] < y else int(rng.choice([1, 3])))
    return int(rng.choice([1, 3, 5, 5]))


POLICIES = {
    "Asterix": asterix_policy,
    "Breakout": breakout_policy,
    "Freeway": freeway_policy,
    "Seaquest": seaquest_policy,
    "SpaceInvaders": space_invaders_policy,
}


def minatar_commands(rng, steps, env_seeds, first_seed, policy, driver):
    """Yields (command, reference line or None), asking the driver for each step so episodes
    end where the reference ends them."""
    per_seed = -(-steps // env_seeds)
    for k in range(env_seeds):
        command = "seed %d" % (first_seed + k)
        yield command, driver.run(command)
        n = len(driver.action_set)
        played = 0
        while played < per_seed:
            line = driver.run("reset")
            yield "reset", line
            while True:
                action = rng.integers(0, n)
                if policy and rng.random() > 0.1:
                    wanted = policy(rng, driver.state)
                    if wanted in driver.action_set:
                        action = driver.action_set.index(wanted)
                command = "step %d" % action
                line = driver.run(command)
                yield command, line
                played += 1
                if line.split()[2] == "1" or line.split()[3] == "1":
                    break


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
    parser.add_argument("--env", required=True, action="append")
    parser.add_argument("--episodes", type=int, default=100, help="CartPole-v1 episodes")
    parser.add_argument("--steps", type=int, default=10000, help="MinAtar steps per --env")
    parser.add_argument("--env-seeds", type=int, default=4, help="MinAtar seeds per --env")
    parser.add_argument("--policy", choices=["random", "heuristic"], default="random",
                        help="MinAtar actions")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-episode-frames", type=int,
                        help="Atari: truncate episodes after this many emulator frames")
    parser.add_argument("--full-action-space", action="store_true", help="Atari: 18 actions")
    parser.add_argument("--frame-skip", type=int, default=4,
                        help="Atari: emulator frames per step (max-pooled over the last two)")
    args = parser.parse_args()

    for env_id in args.env:
        rng = np.random.default_rng(args.seed)
        if env_id == "CartPole-v1":
            pairs = list(cartpole_commands(rng, args.episodes, GymnasiumDriver(env_id)))
        elif env_id.startswith("MinAtar/") and env_id.rsplit("-", 1)[0][8:] in MINATAR_MODULES:
            game = env_id[len("MinAtar/"):].rsplit("-", 1)[0]
            policy = POLICIES[game] if args.policy == "heuristic" else None
            pairs = list(minatar_commands(rng, args.steps, args.env_seeds, args.seed * 1000,
                                          policy, MinAtarDriver(env_id)))
        elif env_id.startswith("ALE/"):
            policy = atari_policy if args.policy == "heuristic" else None
            driver = AtariDriver(env_id, args.max_episode_frames, args.full_action_space,
                                 args.frame_skip)
            pairs = list(minatar_commands(rng, args.steps, args.env_seeds, args.seed * 1000,
                                          policy, driver))
            options = []
            if args.max_episode_frames is not None:
                options += ["--max-episode-frames", str(args.max_episode_frames)]
            if args.full_action_space:
                options.append("--full-action-space")
            if args.frame_skip != 4:
                options += ["--frame-skip", str(args.frame_skip)]
            status = compare(args.binary, env_id, pairs, options)
            if status:
                return status
            continue
        else:
            print("compare_env_trace: no reference driver for " + env_id, file=sys.stderr)
            return 2
        status = compare(args.binary, env_id, pairs)
        if status:
            return status
    return 0


def compare(binary, env_id, pairs, options=()):
    """Feeds the commands to the binary and compares its lines with the reference's."""
    commands = "\n".join(c for c, _ in pairs) + "\n"
    expected = [(c, e) for c, e in pairs if e is not None]
    out = subprocess.run([binary, env_id, *options], input=commands, capture_output=True,
                         text=True, check=True).stdout.splitlines()
    for i, ((command, want), got) in enumerate(zip(expected, out)):
        if want != got:
            print("%s: line %d differs\n command:   %s\n reference: %s\n ga3c:      %s"
                  % (env_id, i, command, want, got))
            return 1
    if len(out) != len(expected):
        print("%s: ga3c printed %d lines, the reference %d" % (env_id, len(out), len(expected)))
        return 1
    steps = sum(1 for c, _ in expected if c.startswith("step"))
    episodes = sum(1 for c, _ in expected if c in ("reset",) or c.startswith("state"))
    summary = "%s: %d lines identical (%d steps, %d episodes" % (env_id, len(expected), steps,
                                                                 episodes)
    if options:
        summary += ", " + " ".join(options)
    ended = [e.split() for c, e in expected if c.startswith("step")]
    truncated = sum(1 for w in ended if w[3] == "1")
    lives = [int(w[w.index("lives") + 1]) for w in ended if "lives" in w]
    if lives:
        lost = sum(1 for a, b in zip(lives, lives[1:]) if b < a)
        summary += ", %d truncated, %d lives lost" % (truncated, lost)
    print(summary + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
