"""What the peer runners share: ga3c's environments and networks rebuilt in torch, and the
frame and episode count every runner reports the same way.

The networks are src/model/actor_critic.cc's trunks (the peers add their own policy and value
heads, Linear(hidden, actions) and Linear(hidden, 1), as ga3c does), so the parameter counts
match ga3c's: 132,695 on MinAtar Breakout (6 actions), 17,539 on CartPole, 677,429 on Atari
Breakout (the A3C CNN, 4 actions).
"""
import argparse
import json
import time

import gymnasium as gym
import numpy as np
import torch
from torch import nn

ENVS = ("MinAtar/Breakout-v0", "CartPole-v1", "ALE/Breakout-v5")
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

    def __init__(self, env, frames_per_step=1):
        super().__init__(env)
        self._return = 0.0
        self._frames_per_step = frames_per_step

    def reset(self, **kwargs):
        self._return = 0.0
        return self.env.reset(**kwargs)

    def step(self, action):
        if Counter.first_step is None:
            Counter.first_step = time.perf_counter()
        obs, reward, terminated, truncated, info = self.env.step(action)
        Counter.frames += self._frames_per_step
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
    elif env_id == "ALE/Breakout-v5":
        # ale-py's own registration of ALE/<Game>-v5 imports its vector environment, which needs
        # gymnasium >= 1.1 (SB3 2.4 pins 1.0), so the v5 environment is built from its class
        # with v5's settings (ale_py/registration.py) and frame skip 1 for the preprocessing.
        from ale_py.env import AtariEnv

        # The reference stack of ga3c's Atari environments (README, Atari): v5's sticky actions
        # 0.25, 30 no-op starts, frame skip 4 with max-pooling, grey 84x84, 4 frames stacked.
        # uint8 [4, 84, 84] (channels first), scaled to [0, 1] by the peer's policy, as SB3 does
        # for images; the episode is the whole game, so returns are raw game scores as ga3c's.
        env = AtariEnv(game="breakout", repeat_action_probability=0.25, full_action_space=False,
                       frameskip=1, max_num_frames_per_episode=108_000)
        env = gym.wrappers.AtariPreprocessing(env, noop_max=30, frame_skip=4, screen_size=84,
                                              grayscale_obs=True)
        env = gym.wrappers.FrameStackObservation(env, 4)
        # Rewards clipped to [-1, 1] for learning, outside the counter that logs raw scores.
        return gym.wrappers.ClipReward(Counter(env, frames_per_step(env_id)), -1.0, 1.0)
    else:
        raise SystemExit(f"unknown env {env_id!r}; choose one of {', '.join(ENVS)}")
    return Counter(env)


class MinAtarTrunk(nn.Module):
    """ga3c's MinAtarCnn without its heads: conv 16@3x3 on [N, 10, 10, C] (NHWC, permuted as
    ga3c does), ReLU, fc 1024 -> 128, ReLU."""

    out_features = HIDDEN

    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv2d(channels, 16, 3)
        self.fc = nn.Linear(16 * 8 * 8, HIDDEN)

    def forward(self, obs):
        h = torch.relu(self.conv(obs.permute(0, 3, 1, 2)))
        return torch.relu(self.fc(h.flatten(1)))


class A3cTrunk(nn.Module):
    """ga3c's A3cCnn without its heads: conv 16@8x8/4, ReLU, conv 32@4x4/2, ReLU, fc 2592 -> 256,
    ReLU, on channels-first frames (ga3c permutes its channels-last ones to this)."""

    out_features = 256

    def __init__(self, channels):
        super().__init__()
        self.conv1 = nn.Conv2d(channels, 16, 8, stride=4)
        self.conv2 = nn.Conv2d(16, 32, 4, stride=2)
        self.fc = nn.Linear(32 * 9 * 9, self.out_features)

    def forward(self, obs):
        h = torch.relu(self.conv2(torch.relu(self.conv1(obs))))
        return torch.relu(self.fc(h.flatten(1)))


class MlpTrunk(nn.Module):
    """ga3c's Mlp without its heads: fc inputs -> 128, ReLU, fc 128 -> 128, ReLU."""

    out_features = HIDDEN

    def __init__(self, inputs):
        super().__init__()
        self.fc1 = nn.Linear(inputs, HIDDEN)
        self.fc2 = nn.Linear(HIDDEN, HIDDEN)

    def forward(self, obs):
        return torch.relu(self.fc2(torch.relu(self.fc1(obs.flatten(1)))))


def make_trunk(observation_shape):
    """The trunk for these observations; its out_features is the width the heads take."""
    if len(observation_shape) == 3 and observation_shape[1:] == (84, 84):
        return A3cTrunk(observation_shape[0])
    if len(observation_shape) == 3:
        return MinAtarTrunk(observation_shape[2])
    return MlpTrunk(int(np.prod(observation_shape)))


def frames_per_step(env_id):
    """Atari frames are emulator frames, 4 a step at frame skip 4, as ga3c counts them."""
    return 4 if env_id.startswith("ALE/") else 1


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
