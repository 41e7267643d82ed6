"""Sample Factory APPO on ga3c's network, 64 environments on one rollout worker in serial mode
(everything in one process, one torch thread), for bench/peers/run.py. Runs in the peers-sf venv
(setup.sh).

Settings: Sample Factory 2.1.1's defaults (batch 1024, one epoch, Adam lr 1e-4,
returns normalised) except what makes the comparison fair: rollout 16 (64 x 16 = one batch, as
its synchronous mode needs), no RNN core, no input
normalisation, no decoder layers (so the network is ga3c's: the trunk of common.py, then
Sample Factory's own Linear(128, actions) and Linear(128, 1) heads), the CPU, and no random
decorrelation steps before training (they would count as frames).
Prints one JSON line (common.report); Sample Factory's own log goes to --train-dir.
"""
import functools
import logging
import tempfile

logging.getLogger().setLevel(logging.ERROR)  # minatar's warning that rendering is unavailable

import gymnasium as gym  # noqa: E402
from sample_factory.algo.utils.context import global_model_factory  # noqa: E402
from sample_factory.cfg.arguments import parse_full_cfg, parse_sf_args  # noqa: E402
from sample_factory.envs.env_utils import register_env  # noqa: E402
from sample_factory.model.actor_critic import create_actor_critic  # noqa: E402
from sample_factory.model.encoder import Encoder  # noqa: E402
from sample_factory.train import run_rl  # noqa: E402

import common  # noqa: E402

SF_NAMES = {"MinAtar/Breakout-v0": "peers_minatar_breakout", "CartPole-v1": "peers_cartpole"}


class Trunk(Encoder):
    def __init__(self, cfg, obs_space):
        super().__init__(cfg)
        self.trunk = common.make_trunk(obs_space["obs"].shape)

    def forward(self, obs_dict):
        return self.trunk(obs_dict["obs"])

    def get_out_size(self):
        return self.trunk.out_features


def make_env(env_id, full_env_name, cfg=None, env_config=None, render_mode=None):
    """Module level: Sample Factory pickles its factories into a spawned process."""
    return common.make_env(env_id)


def main():
    parser = common.peer_parser(__doc__)
    parser.add_argument("--train-dir", default=None, help="Sample Factory's output (default: a temporary folder)")
    args = parser.parse_args()
    common.one_torch_thread()

    if args.env not in SF_NAMES:
        parser.error(f"Sample Factory runs {', '.join(SF_NAMES)} here, not {args.env}")
    name = SF_NAMES[args.env]
    register_env(name, functools.partial(make_env, args.env))
    global_model_factory().register_encoder_factory(Trunk)
    train_dir = args.train_dir or tempfile.mkdtemp(prefix="ga3c-peers-sf-")
    argv = [
        "--algo=APPO", f"--env={name}", "--experiment=peers", f"--train_dir={train_dir}",
        "--restart_behavior=overwrite", "--device=cpu", f"--seed={args.seed}",
        "--serial_mode=True", "--async_rl=False", "--num_workers=1",
        f"--num_envs_per_worker={args.envs}", "--worker_num_splits=1",
        "--rollout=16", "--batch_size=1024", "--use_rnn=False", "--normalize_input=False", "--decorrelate_envs_on_one_worker=False",
        "--set_workers_cpu_affinity=False", f"--train_for_env_steps={args.frames}",
        "--save_every_sec=100000", "--save_best_every_sec=100000",
    ]
    sf_parser, _ = parse_sf_args(argv)
    cfg = parse_full_cfg(sf_parser, argv)

    probe = common.make_env(args.env)
    model = create_actor_critic(cfg, gym.spaces.Dict(obs=probe.observation_space), probe.action_space)
    parameters = common.parameter_count(model)
    probe.close()

    logging.getLogger().setLevel(logging.ERROR)
    if run_rl(cfg) != 0:
        raise SystemExit(f"Sample Factory failed; its log is in {train_dir}")
    common.report("sf-appo", args.env, parameters, layout="serial", train_dir=train_dir)


if __name__ == "__main__":
    main()
