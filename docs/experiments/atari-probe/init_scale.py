#!/usr/bin/env python3
"""Why LibTorch's default init lets the A3C CNN die on Breakout and orthogonal init does not:
the scale of each layer's signal at initialisation, on 256 frames of random play, averaged
over 10 draws of each init (a numpy model of both: LibTorch's Conv2d/Linear default draws
weights and biases from U(-1/sqrt(fan_in), 1/sqrt(fan_in)); orthogonal init as --init
orthogonal, gain sqrt(2), biases 0).

    python3 docs/experiments/atari-probe/init_scale.py [FRAMES.npy]

FRAMES.npy: uint8 [N, 4, 84, 84] (default: scripts/dead_units.py's 256 frames of random play)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                "scripts"))
import dead_units  # noqa: E402


def torch_default(rng, shape):
    bound = 1 / np.sqrt(np.prod(shape[1:]))
    return (rng.uniform(-bound, bound, shape).astype(np.float32),
            rng.uniform(-bound, bound, shape[0]).astype(np.float32))


def orthogonal(rng, shape, gain=np.sqrt(2)):
    rows, cols = shape[0], int(np.prod(shape[1:]))
    q, r = np.linalg.qr(rng.standard_normal((max(rows, cols), min(rows, cols))))
    q *= np.sign(np.diag(r))
    q = q.T if rows < cols else q
    return (gain * q).reshape(shape).astype(np.float32), np.zeros(rows, np.float32)


def conv_linear(x, weight, stride):
    """x [N, C, H, W] -> conv2d(x) without bias or ReLU, [N, F, H', W']."""
    return dead_units.conv_relu(x, weight, np.zeros(len(weight), np.float32), stride) - \
        dead_units.conv_relu(x, -weight, np.zeros(len(weight), np.float32), stride)


def main():
    frames = np.load(sys.argv[1]) if len(sys.argv) > 1 else dead_units.atari_frames()
    x = frames.astype(np.float32) / 255.0
    for name, init in (("torch", torch_default), ("orthogonal", orthogonal)):
        rows = []
        for seed in range(10):
            rng = np.random.default_rng(seed)
            (w1, b1), (w2, b2), (w3, b3) = (init(rng, s) for s in
                                            ((16, 4, 8, 8), (32, 16, 4, 4), (256, 2592)))
            h1 = dead_units.conv_relu(x, w1, b1, 4)
            z2 = conv_linear(h1, w2, 2)
            h2 = np.maximum(z2 + b2[:, None, None], 0)
            h3 = np.maximum(h2.reshape(len(x), -1) @ w3.T + b3, 0)
            rows.append((np.median(z2.std(axis=(0, 2, 3))), np.median(np.abs(b2)),
                         (h2.max(axis=(0, 2, 3)) > 0).sum(), (h3.max(0) > 0).sum(),
                         h1.mean(), h2.mean(), h3.mean(), w2.std(), w3.std()))
        m = np.mean(rows, axis=0)
        print(f"{name}: conv2's input signal, median std over frames and positions {m[0]:.4f} "
              f"against its bias {m[1]:.4f}; live conv2 {m[2]:.1f}/32, fc {m[3]:.1f}/256; mean "
              f"activation conv1 {m[4]:.4f}, conv2 {m[5]:.4f}, fc {m[6]:.4f}; weight std conv2 "
              f"{m[7]:.4f}, fc {m[8]:.4f}")


if __name__ == "__main__":
    main()
