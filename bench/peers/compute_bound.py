#!/usr/bin/env python3
"""The compute bound of a ga3c training run: the network's FLOPs per frame (one forward pass at
acting, forward and backward at training) at the run's batch sizes, against what one core's
GEMM reaches at exactly those shapes, and the run's frames/s against that bound.

  python3 bench/peers/compute_bound.py --env MinAtar/Breakout-v0 --run-dir RUN [--cores 2]
  python3 bench/peers/compute_bound.py --env CartPole-v1 --fps 88000 --predict-batch 12.7 --train-batch 40.5

RUN is a finished `ga3c train` run directory: frames/s is its frames over wall_s and the batch
sizes its frames per prediction batch (fps / pps) and per training batch (fps / tps), from the
last row of system.csv. Needs torch (Debian's python3-torch, which bench/peers/setup.sh
installs: the same LibTorch and BLAS that ga3c links). One thread, as each of ga3c's
predictors and trainers runs.

The GEMMs of a layer y = x W^T ([n, k] x [k, m]): forward n*k*m multiply-adds; backward dx
(n*m*k, not for the first layer: the observations need no gradient) and dW (m*n*k). The conv
counts as its im2col GEMM ([n*positions, c*kh*kw] x [.., filters]). Biases, ReLUs, softmax and
the loss are left out (O(n*m), under 1% here); so is the optimizer's O(parameters) per batch.
"""
import argparse
import csv
import os
import time
from pathlib import Path

# One BLAS thread, as ga3c's math_threads.h sets it: torch.set_num_threads does not reach OpenBLAS.
os.environ["OPENBLAS_NUM_THREADS"] = "1"
os.environ["OMP_NUM_THREADS"] = "1"
import torch  # noqa: E402

# (name, rows per sample, k, m, first layer): src/model/actor_critic.cc's layers as GEMMs.
NETWORKS = {
    "MinAtar/Breakout-v0": [("conv 4->16 3x3 (im2col)", 64, 4 * 9, 16, True),
                            ("fc 1024->128", 1, 1024, 128, False),
                            ("policy 128->6", 1, 128, 6, False),
                            ("value 128->1", 1, 128, 1, False)],
    "CartPole-v1": [("fc1 4->128", 1, 4, 128, True),
                    ("fc2 128->128", 1, 128, 128, False),
                    ("policy 128->2", 1, 128, 2, False),
                    ("value 128->1", 1, 128, 1, False)],
}


def gemms(layers, n, train):
    """The (rows, k, m) GEMMs of one forward pass (train: and its backward) at batch n."""
    out = []
    for _, rows, k, m, first in layers:
        r = rows * n
        out.append((r, k, m))  # y = x W^T
        if train:
            out.append((m, r, k))  # dW = dy^T x
            if not first:
                out.append((r, m, k))  # dx = dy W
    return out


def flops(shapes):
    return sum(2 * a * b * c for a, b, c in shapes)


def seconds_per_call(shapes, min_seconds=0.3):
    """Time of one pass over the GEMMs (torch.mm into preallocated outputs), the Python call
    overhead measured on a 1x1x1 GEMM and taken off."""
    ops = []
    for a, b, c in shapes:
        ops.append((torch.rand(a, b), torch.rand(b, c), torch.empty(a, c)))
    tiny = [(torch.rand(1, 1), torch.rand(1, 1), torch.empty(1, 1))] * len(ops)

    def timed(calls):
        reps = 1
        while True:
            start = time.perf_counter()
            for _ in range(reps):
                for x, w, y in calls:
                    torch.mm(x, w, out=y)
            elapsed = time.perf_counter() - start
            if elapsed >= min_seconds:
                return elapsed / reps
            reps *= 2

    timed(ops)  # warm-up
    return max(min(timed(ops) for _ in range(3)) - min(timed(tiny) for _ in range(3)), 1e-12)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env", choices=NETWORKS, required=True)
    parser.add_argument("--run-dir", help="a finished ga3c run: frames/s and batch sizes from its system.csv")
    parser.add_argument("--fps", type=float, help="measured training frames/s (instead of --run-dir)")
    parser.add_argument("--predict-batch", type=float, help="frames per prediction batch")
    parser.add_argument("--train-batch", type=float, help="frames per training batch")
    parser.add_argument("--cores", type=int, default=2, help="cores the run had (default 2)")
    args = parser.parse_args()
    if args.run_dir:
        with open(Path(args.run_dir) / "system.csv") as f:
            last = list(csv.DictReader(f))[-1]
        fps = int(last["frames"]) / float(last["wall_s"])
        predict_batch = float(last["fps"]) / float(last["pps"])
        train_batch = float(last["fps"]) / float(last["tps"])
    elif None not in (args.fps, args.predict_batch, args.train_batch):
        fps, predict_batch, train_batch = args.fps, args.predict_batch, args.train_batch
    else:
        parser.error("give --run-dir, or --fps, --predict-batch and --train-batch")
    torch.set_num_threads(1)

    layers = NETWORKS[args.env]
    pb, tb = max(1, round(predict_batch)), max(1, round(train_batch))
    act, train = gemms(layers, pb, False), gemms(layers, tb, True)
    act_s, train_s = seconds_per_call(act), seconds_per_call(train)
    flop_per_frame = flops(act) / pb + flops(train) / tb
    gemm_s_per_frame = act_s / pb + train_s / tb
    bound = args.cores / gemm_s_per_frame
    print(f"{args.env}: prediction batch {predict_batch:.1f} frames, training batch {train_batch:.1f}")
    print(f"  FLOPs per frame: {flops(act) / pb / 1e3:,.1f} k acting + {flops(train) / tb / 1e3:,.1f} k "
          f"training = {flop_per_frame / 1e6:.3f} M")
    print(f"  one core's GEMM at these shapes: acting {flops(act) / act_s / 1e9:.1f} GFLOP/s "
          f"({act_s * 1e6:.1f} us a batch), training {flops(train) / train_s / 1e9:.1f} GFLOP/s "
          f"({train_s * 1e6:.1f} us a batch)")
    print(f"  measured {fps:,.0f} frames/s = {fps * flop_per_frame / 1e9:.1f} GFLOP/s in GEMMs")
    print(f"  compute bound on {args.cores} cores: {bound:,.0f} frames/s; measured / bound = "
          f"{fps / bound:.2f} (bound / measured = {bound / fps:.1f}x)")


if __name__ == "__main__":
    main()
