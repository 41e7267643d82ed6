#!/usr/bin/env python3
"""Pong's conv1 at orthogonal init (gain sqrt(2), zero biases, as src/model/actor_critic.cc):
how many of its 16 units are live on real frames, and how far each filter's response to the
plain background (grey level 87 of 255) lies from 0: what a drift of the filter's weights
must cover to switch a unit off.

  python3 docs/experiments/atari-probe-games/conv1_at_init.py FRAMES.npy

FRAMES.npy: uint8 [N, 4, 84, 84], e.g. the probe's runs/probe/atari-games/frames.npy (256
frames of random play of ALE/Pong-v5, seed 1). numpy only."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../scripts"))
import dead_units  # noqa: E402

BACKGROUND = 87  # Pong's playfield in the greyscale frame
DRAWS = 10


def orthogonal_conv1(rng):
    q, r = np.linalg.qr(rng.standard_normal((4 * 8 * 8, 16)))
    return ((q * np.sign(np.diag(r))).T * np.sqrt(2.0)).reshape(16, 4, 8, 8).astype(np.float32)


def main():
    raw = np.load(sys.argv[1])
    frames = raw.astype(np.float32) / 255.0
    print(f"{len(raw)} frames, {np.mean(raw == BACKGROUND):.0%} of pixels at {BACKGROUND}")
    rng = np.random.default_rng(0)
    live, response = [], []
    for _ in range(DRAWS):
        w = orthogonal_conv1(rng)
        out = dead_units.conv_relu(frames, w, np.zeros(16, np.float32), 4)
        live.append(int((out.reshape(len(frames), 16, -1).max(axis=(0, 2)) > 0).sum()))
        response.append(np.abs(w.sum(axis=(1, 2, 3))) * BACKGROUND / 255.0)
    print(f"live conv1 units at init, {DRAWS} draws: {live}")
    print(f"|response to the background| per unit: median {np.median(response):.2f}, "
          f"90th percentile {np.percentile(response, 90):.2f}")


if __name__ == "__main__":
    main()
