#!/usr/bin/env python3
"""Counts the live ReLU units of an A3C-CNN checkpoint (ALE/<Game>-v5's network) and says whether
its policy still depends on the observation: the diagnosis behind atari.md's "The network
dies". A unit is live when it is positive for some input of a batch of observations.

  python3 docs/results/atari/dead_units.py RUN/checkpoints/ckpt-<frames>-ps0.ga3c [--obs O.npy]

O.npy: uint8 frames [N, 4, 84, 84] (e.g. envpool's Breakout-v5 observations); without it,
uniform noise in [0, 1] stands in, which separates a dead network from a live one as well.
Needs numpy, protobuf's Python package and protoc (Debian: python3-numpy, python3-protobuf,
protobuf-compiler); one shard (--num-ps 1) only."""
import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

PROTO_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "src",
                         "checkpoint", "proto")
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


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("checkpoint")
    parser.add_argument("--obs", help="uint8 [N, 4, 84, 84] frames (.npy)")
    args = parser.parse_args()
    p = load_params(args.checkpoint)
    if args.obs:
        x = np.load(args.obs).astype(np.float32) / 255.0
    else:
        x = np.random.default_rng(1).random((64, 4, 84, 84), dtype=np.float32)
    h1 = conv_relu(x, p["conv1.weight"], p["conv1.bias"], 4)
    h2 = conv_relu(h1, p["conv2.weight"], p["conv2.bias"], 2)
    h3 = np.maximum(h2.reshape(len(x), -1) @ p["fc.weight"].T + p["fc.bias"], 0.0)
    logits = h3 @ p["policy.weight"].T + p["policy.bias"]
    pi = np.exp(logits - logits.max(1, keepdims=True))
    pi /= pi.sum(1, keepdims=True)
    live = [int((h.max(axis=tuple(i for i in range(h.ndim) if i != 1)) > 0).sum())
            for h in (h1, h2, h3)]
    spread = float(pi.std(0).max())
    print("live units: conv1 %d/16, conv2 %d/32, fc %d/256; policy's largest std over %d "
          "observations %.2g (%s)" % (live[0], live[1], live[2], len(x), spread,
                                      "dead: the same policy for every observation"
                                      if spread < 1e-6 else "live"))


if __name__ == "__main__":
    main()
