"""What the peer runners share: ga3c's environments and networks rebuilt in torch, and the
frame and episode count every runner reports the same way.

The networks are src/model/actor_critic.cc's trunks (the peers add their own policy and value
heads, Linear(128, actions) and Linear(128, 1), as ga3c does), so the parameter counts match
ga3c's: 132,695 on MinAtar Breakout (6 actions), 17,539 on CartPole.
"""
import argparse
import json
import time

import gymnasium as gym
import numpy as np
import torch
from torch import nn

ENVS = ("MinAtar/Breakout-v0", "CartPole-v1")
HIDDEN = 128
# ga3c's --max-episode-frames default for MinAtar; gymnasium's CartPole-v1 already stops at 500.
MINATAR_MAX_EPISODE_FRAMES = 27000


class Counter(gym.Wrapper):
    """Counts frames and finished episodes' raw returns over every environment of the process
    (the peers run them all in one process: DummyVecEnv, Sample Factory's serial mode). The clock
    runs from the first step to the last, so start-up costs count for no one."""

    frames = 0
    returns = []
    first_step = None
    last_step = None

    def __init__(self, env):
        super().__init__(env)
        self._return = 0.0

    def reset(self, **kwargs):
        self._return = 0.0
        return self.env.reset(**kwargs)

    def step(self, action):
        if Counter.first_step is None:
            Counter.first_step = time.perf_counter()
        obs, reward, terminated, truncated, info = self.env.step(action)
        Counter.frames += 1
        self._return += float(reward)
        if terminated or truncated:
            Counter.returns.append(self._return)
        Counter.last_step = time.perf_counter()
        return obs, reward, terminated, truncated, info


class FloatObservation(gym.ObservationWrapper):
    """MinAtar's bool [10, 10, C] state as float32, as ga3c's MinAtar environments write it."""

    def __init__(self, env):
        super().__init__(env)
        self.observation_space = gym.spaces.Box(0.0, 1.0, env.observation_space.shape, np.float32)

    def observation(self, observation):
        return observation.astype(np.float32)


def make_env(env_id):
    if env_id == "MinAtar/Breakout-v0":
        from minatar.gym import BaseEnv

        # v0: all 6 actions, sticky actions 0.1 and difficulty ramping (minatar's defaults), as
        # ga3c's MinAtar/Breakout-v0.
        env = BaseEnv("breakout", use_minimal_action_set=False)
        env = gym.wrappers.TimeLimit(FloatObservation(env), MINATAR_MAX_EPISODE_FRAMES)
    elif env_id == "CartPole-v1":
        env = gym.make("CartPole-v1")
    else:
        raise SystemExit(f"unknown env {env_id!r}; choose one of {', '.join(ENVS)}")
    return Counter(env)


class MinAtarTrunk(nn.Module):
    """ga3c's MinAtarCnn without its heads: conv 16@3x3 on [N, 10, 10, C] (NHWC, permuted as
    ga3c does), ReLU, fc 1024 -> 128, ReLU."""

    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv2d(channels, 16, 3)
        self.fc = nn.Linear(16 * 8 * 8, HIDDEN)

    def forward(self, obs):
        h = torch.relu(self.conv(obs.permute(0, 3, 1, 2)))
        return torch.relu(self.fc(h.flatten(1)))


class MlpTrunk(nn.Module):
    """ga3c's Mlp without its heads: fc inputs -> 128, ReLU, fc 128 -> 128, ReLU."""

    def __init__(self, inputs):
        super().__init__()
        self.fc1 = nn.Linear(inputs, HIDDEN)
        self.fc2 = nn.Linear(HIDDEN, HIDDEN)

    def forward(self, obs):
        return torch.relu(self.fc2(torch.relu(self.fc1(obs.flatten(1)))))


def make_trunk(observation_shape):
    if len(observation_shape) == 3:
        return MinAtarTrunk(observation_shape[2])
    return MlpTrunk(int(np.prod(observation_shape)))


def parameter_count(module):
    return sum(p.numel() for p in module.parameters())


def peer_parser(doc):
    """The command line every peer runner takes; a runner adds its own flags to it."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--env", choices=ENVS, required=True)
    parser.add_argument("--frames", type=int, required=True)
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--seed", type=int, default=1)
    return parser


def one_torch_thread():
    """The peers' best layout on 2 cores: the environments and the learner share the process,
    so more intra-op threads only compete with them."""
    torch.set_num_threads(1)
    torch.set_num_interop_threads(1)


def report(peer, env_id, parameters, **extra):
    """The one JSON line run.py reads: frames, seconds from first to last step, frames/s and the
    mean raw return of the last 100 episodes."""
    seconds = Counter.last_step - Counter.first_step
    last = Counter.returns[-100:]
    print(json.dumps({
        "peer": peer,
        "env": env_id,
        "parameters": parameters,
        "frames": Counter.frames,
        "seconds": round(seconds, 3),
        "fps": round(Counter.frames / seconds, 1),
        "episodes": len(Counter.returns),
        "mean_return_100": round(float(np.mean(last)), 3) if last else float("nan"),
        **extra,
    }), flush=True)
