#!/usr/bin/env python3
"""How far from uniform must a policy be to see any reward in Enduro (issue 33)? Plays
ALE/Enduro-v5 (v5's sticky actions 0.25, frame skip 4, to game over) with a policy that picks
one of the three accelerating actions (FIRE, RIGHTFIRE, LEFTFIRE) with probability p and one
of the other six otherwise, both uniformly; p = 1/3 is the uniform policy an actor-critic
agent starts from. Per p: the games (of --games, seeds 0..) with any nonzero reward, how many
nonzero rewards in all, and the returns. Gymnasium and ale-py (pip); about a minute.

    docs/results/atari/seven-games/enduro_accelerate.py > enduro_accelerate.txt
"""
import argparse

import ale_py
import gymnasium as gym
import numpy as np

ACCELERATE = ["FIRE", "RIGHTFIRE", "LEFTFIRE"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    args = parser.parse_args()
    gym.register_envs(ale_py)
    env = gym.make("ALE/Enduro-v5")
    meanings = env.unwrapped.get_action_meanings()
    accelerate = [i for i, m in enumerate(meanings) if m in ACCELERATE]
    other = [i for i in range(len(meanings)) if i not in accelerate]
    print("p_accelerate,games_with_a_reward,nonzero_rewards,returns")
    for p in [1 / 3, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0]:
        seen, nonzero, returns = 0, 0, []
        for seed in range(args.games):
            rng = np.random.default_rng(seed)
            env.reset(seed=seed)
            total, rewarded, done = 0.0, False, False
            while not done:
                action = rng.choice(accelerate) if rng.random() < p else rng.choice(other)
                _, reward, terminated, truncated, _ = env.step(int(action))
                total += reward
                nonzero += reward != 0
                rewarded = rewarded or reward != 0
                done = terminated or truncated
            seen += rewarded
            returns.append(total)
        print("%.2f,%d/%d,%d,%s" % (p, seen, args.games, nonzero,
                                    " ".join("%g" % r for r in returns)), flush=True)


if __name__ == "__main__":
    main()
