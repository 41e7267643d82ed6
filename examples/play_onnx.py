#!/usr/bin/env python3
"""Plays a policy exported by `ga3c export` in its reference environment, with numpy and
ONNX Runtime only, and prints the mean score.

    python3 examples/play_onnx.py policy.onnx [--episodes 10] [--seed 1] [--greedy]

The environment comes from the model's metadata: ALE/<Game>-v5 through Gymnasium and ale-py
(AtariPreprocessing + FrameStackObservation, the frames uint8 as they come), MinAtar through
the minatar package (env.state() as it comes), CartPole-v1 through Gymnasium. Actions are
drawn from pi = softmax(logits) (or its argmax with --greedy); a recurrent policy's state
starts at zero in each episode and is passed from step to step. Needs: numpy, onnxruntime,
gymnasium (and ale-py for Atari, minatar for MinAtar). Returns are raw (unclipped), episodes
whole games, as `ga3c eval` reports them.
"""
import argparse
import json
import sys

import numpy as np
import onnxruntime as ort


class Reference:
    """One episode at a time of the environment the metadata names: reset(seed) and step(a)
    give (observation as the model takes it, reward, done)."""

    def __init__(self, meta):
        env_id = meta["env_id"]
        self.limit = int(meta["max_episode_frames"])
        self.minatar = None
        self.mask_velocity = env_id == "CartPoleNoVel-v1"
        if env_id.startswith("MinAtar/"):
            import minatar
            game = env_id.split("/")[1].rsplit("-", 1)[0]  # SpaceInvaders -> space_invaders
            name = "".join("_" + c.lower() if c.isupper() and i else c.lower()
                           for i, c in enumerate(game))
            self.minatar = minatar.Environment(
                name, sticky_action_prob=float(meta["sticky_action_prob"]))
            self.actions = (self.minatar.minimal_action_set() if env_id.endswith("-v1")
                            else list(range(6)))
            return
        import gymnasium as gym
        if env_id.startswith("ALE/"):
            import ale_py
            gym.register_envs(ale_py)
            env = gym.make(env_id, frameskip=1,
                           repeat_action_probability=float(meta["sticky_action_prob"]),
                           full_action_space=meta["full_action_space"] == "true",
                           max_num_frames_per_episode=self.limit)
            env = gym.wrappers.AtariPreprocessing(env, noop_max=int(meta["noop_max"]),
                                                  frame_skip=int(meta["frame_skip"]),
                                                  screen_size=84, grayscale_obs=True)
            self.gym = gym.wrappers.FrameStackObservation(env, 4)
        else:
            self.gym = gym.make("CartPole-v1" if self.mask_velocity else env_id,
                               max_episode_steps=self.limit)

    def reset(self, seed):
        if self.minatar:
            if seed is not None:
                self.minatar.seed(seed)
            self.minatar.reset()
            self.steps = 0
            return self.minatar.state()
        observation, _ = self.gym.reset(seed=seed)
        return self.observe(observation)

    def step(self, action):
        if self.minatar:
            reward, terminated = self.minatar.act(self.actions[action])
            self.steps += 1
            return self.minatar.state(), reward, terminated or self.steps >= self.limit
        observation, reward, terminated, truncated, _ = self.gym.step(action)
        return self.observe(observation), reward, terminated or truncated

    def observe(self, observation):
        observation = np.asarray(observation)
        if self.mask_velocity:
            observation = observation.copy()
            observation[[1, 3]] = 0.0
        return observation


def play(model_path, episodes, seed, greedy):
    """The raw return of each of `episodes` episodes."""
    session = ort.InferenceSession(model_path, providers=["CPUExecutionProvider"])
    meta = session.get_modelmeta().custom_metadata_map
    env = Reference(meta)
    state_size = int(meta["recurrent_state_size"])
    dtype = {"uint8": np.uint8, "bool": np.bool_, "float32": np.float32}[meta["observation_dtype"]]
    rng = np.random.default_rng(seed)
    returns = []
    for episode in range(episodes):
        observation = env.reset(seed if episode == 0 else None)
        state = np.zeros((1, state_size), np.float32)
        total, done = 0.0, False
        while not done:
            feeds = {"observation": np.asarray(observation, dtype)[None]}
            if state_size:
                feeds["state_in"] = state
            outputs = session.run(None, feeds)
            logits = outputs[0][0].astype(np.float64)
            if state_size:
                state = outputs[2]
            if greedy:
                action = int(np.argmax(logits))
            else:
                pi = np.exp(logits - logits.max())
                action = int(rng.choice(len(pi), p=pi / pi.sum()))
            observation, reward, done = env.step(action)
            total += reward
        returns.append(total)
    return returns


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model", help="a .onnx file written by ga3c export")
    parser.add_argument("--episodes", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--greedy", action="store_true", help="argmax of the logits")
    parser.add_argument("--json", action="store_true", help="also print the returns as JSON")
    args = parser.parse_args()
    if args.episodes < 1:
        parser.error("--episodes must be >= 1")
    returns = play(args.model, args.episodes, args.seed, args.greedy)
    print("return mean %.4g std %.4g min %g max %g over %d episodes" %
          (np.mean(returns), np.std(returns), min(returns), max(returns), len(returns)))
    if args.json:
        print(json.dumps(returns))
    return 0


if __name__ == "__main__":
    sys.exit(main())
