"""stable-baselines3 A2C on ga3c's network, 64 environments in a DummyVecEnv (one process, one
torch thread), for bench/peers/run.py. Runs in the peers-sb3 venv (setup.sh).

Settings: rl-zoo's A2C settings (n_steps 5, gamma 0.99, RMSprop; on MinAtar and Atari its
Atari ones: ent_coef 0.01, vf_coef 0.25, TF-like RMSprop eps 1e-5; on CartPole its CartPole
ones: ent_coef 0), lr 7e-4, with 64 environments instead of zoo's 16 (Atari) or 8 (CartPole).
Prints one JSON line (common.report).
"""
import logging

logging.getLogger().setLevel(logging.ERROR)  # minatar's warning that rendering is unavailable

import gymnasium as gym  # noqa: E402
from stable_baselines3 import A2C  # noqa: E402
from stable_baselines3.common.sb2_compat.rmsprop_tf_like import RMSpropTFLike  # noqa: E402
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor  # noqa: E402
from stable_baselines3.common.vec_env import DummyVecEnv  # noqa: E402

import common  # noqa: E402


class Trunk(BaseFeaturesExtractor):
    def __init__(self, observation_space: gym.spaces.Box):
        trunk = common.make_trunk(observation_space.shape)
        super().__init__(observation_space, features_dim=trunk.out_features)
        self.trunk = trunk

    def forward(self, obs):
        return self.trunk(obs)


def main():
    args = common.peer_parser(__doc__).parse_args()
    common.one_torch_thread()

    venv = DummyVecEnv([lambda: common.make_env(args.env) for _ in range(args.envs)])
    atari_settings = not args.env.startswith("CartPole")  # MinAtar and Atari
    policy_kwargs = dict(features_extractor_class=Trunk, net_arch=[], share_features_extractor=True)
    if atari_settings:
        policy_kwargs.update(optimizer_class=RMSpropTFLike, optimizer_kwargs=dict(eps=1e-5))
    model = A2C(
        "MlpPolicy",
        venv,
        n_steps=5,
        ent_coef=0.01 if atari_settings else 0.0,
        vf_coef=0.25 if atari_settings else 0.5,
        policy_kwargs=policy_kwargs,
        device="cpu",
        seed=args.seed,
        verbose=0,
    )
    model.learn(total_timesteps=args.frames // common.frames_per_step(args.env))
    common.report("sb3-a2c", args.env, common.parameter_count(model.policy), layout="DummyVecEnv")


if __name__ == "__main__":
    main()
