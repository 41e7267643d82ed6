#!/usr/bin/env python3
"""Counts the live ReLU units of an A3C-CNN checkpoint (ALE/<Game>-v5's network) and says whether
its policy still depends on the observation: the diagnosis behind atari.md's "The network
dies". A unit is live when it is positive for some observation of a batch of real frames (a
conv unit: at some position); noise would overstate the live units of a network trained on
mostly black, static screens.

  python3 scripts/dead_units.py RUN/checkpoints/ckpt-<frames>-ps0.ga3c [--obs O.npy]

O.npy: uint8 frames [N, 4, 84, 84]; without it, 256 observations of random play of
ALE/Breakout-v5 with the A3C preprocessing (gymnasium and ale-py, as scripts/install-deps.sh
installs them; seed 1). Needs numpy, protobuf's Python package and protoc (Debian:
python3-numpy, python3-protobuf, protobuf-compiler); one shard (--num-ps 1) only."""
import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

PROTO_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "checkpoint",
                         "proto")
HEADER_BYTES = 28  # src/checkpoint/checkpoint_file.h kHeaderSize
# src/model/actor_critic.cc's A3cCnn, in parameters() order.
LAYERS = [("conv1.weight", (16, 4, 8, 8)), ("conv1.bias", (16,)),
          ("conv2.weight", (32, 16, 4, 4)), ("conv2.bias", (32,)),
          ("fc.weight", (256, 2592)), ("fc.bias", (256,)),
          ("policy.weight", (None, 256)), ("policy.bias", (None,)),
          ("value.weight", (1, 256)), ("value.bias", (1,))]


def load_params(path):
    with tempfile.TemporaryDirectory() as out:
        subprocess.run(["protoc", "--proto_path", PROTO_DIR, "--python_out", out,
                        "checkpoint.proto"], check=True)
        sys.path.insert(0, out)
        import checkpoint_pb2
        message = checkpoint_pb2.Checkpoint()
        with open(path, "rb") as f:
            message.ParseFromString(f.read()[HEADER_BYTES:])
    if len(message.shards) != 1:
        sys.exit("dead_units: %d shards in %s; only one-shard checkpoints" %
                 (len(message.shards), path))
    flat = np.array(message.shards[0].params, dtype=np.float32)
    actions = message.signature.num_actions
    params, offset = {}, 0
    for name, shape in LAYERS:
        shape = tuple(actions if s is None else s for s in shape)
        size = int(np.prod(shape))
        params[name] = flat[offset:offset + size].reshape(shape)
        offset += size
    if offset != flat.size:
        sys.exit("dead_units: %d parameters, not the A3C CNN's %d" % (flat.size, offset))
    return params


def conv_relu(x, weight, bias, stride):
    """x [N, C, H, W] -> relu(conv2d(x)) [N, F, H', W'], no padding."""
    f, c, k, _ = weight.shape
    n, _, h, w = x.shape
    oh, ow = (h - k) // stride + 1, (w - k) // stride + 1
    patches = np.lib.stride_tricks.as_strided(
        x, shape=(n, c, oh, ow, k, k),
        strides=(x.strides[0], x.strides[1], x.strides[2] * stride, x.strides[3] * stride,
                 x.strides[2], x.strides[3]))
    out = np.einsum("ncijkl,fckl->nfij", patches, weight, optimize=True) + bias[:, None, None]
    return np.maximum(out, 0.0)


def atari_frames(env_id="ALE/Breakout-v5", count=256, seed=1):
    """uint8 [count, 4, 84, 84]: every 4th observation of uniformly random play, as ga3c's
    environment gives them (Gymnasium's v5 with the A3C preprocessing, frames stacked)."""
    import ale_py
    import gymnasium as gym
    from gymnasium.wrappers import AtariPreprocessing, FrameStackObservation
    gym.register_envs(ale_py)
    env = FrameStackObservation(AtariPreprocessing(
        gym.make(env_id, frameskip=1), noop_max=30, frame_skip=4, screen_size=84,
        grayscale_obs=True), 4)
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    frames, step = [], 0
    while len(frames) < count:
        if step % 4 == 0:
            frames.append(np.asarray(obs, dtype=np.uint8))
        obs, _, terminated, truncated, _ = env.step(int(rng.integers(env.action_space.n)))
        step += 1
        if terminated or truncated:
            obs, _ = env.reset()
    env.close()
    return np.stack(frames)


def count_live(params, frames):
    """Live units of conv1, conv2 and fc on frames (uint8 [N, 4, 84, 84]), and the policy's
    largest standard deviation over them (below 1e-6: the same policy for every frame)."""
    x = frames.astype(np.float32) / 255.0
    h1 = conv_relu(x, params["conv1.weight"], params["conv1.bias"], 4)
    h2 = conv_relu(h1, params["conv2.weight"], params["conv2.bias"], 2)
    h3 = np.maximum(h2.reshape(len(x), -1) @ params["fc.weight"].T + params["fc.bias"], 0.0)
    logits = h3 @ params["policy.weight"].T + params["policy.bias"]
    pi = np.exp(logits - logits.max(1, keepdims=True))
    pi /= pi.sum(1, keepdims=True)
    live = {name: int((h.max(axis=tuple(i for i in range(h.ndim) if i != 1)) > 0).sum())
            for name, h in (("conv1", h1), ("conv2", h2), ("fc", h3))}
    return live, float(pi.std(0).max())


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("checkpoint")
    parser.add_argument("--obs", help="uint8 [N, 4, 84, 84] frames (.npy)")
    args = parser.parse_args()
    params = load_params(args.checkpoint)
    frames = np.load(args.obs) if args.obs else atari_frames()
    live, spread = count_live(params, frames)
    print("live units: conv1 %d/16, conv2 %d/32, fc %d/256; policy's largest std over %d "
          "observations %.2g (%s)" % (live["conv1"], live["conv2"], live["fc"], len(frames),
                                      spread, "dead: the same policy for every observation"
                                      if spread < 1e-6 else "live"))


if __name__ == "__main__":
    main()
