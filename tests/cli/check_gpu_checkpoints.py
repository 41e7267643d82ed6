#!/usr/bin/env python3
"""Label gpu: checkpoints do not depend on the device. A run trained with --device cuda is
evaluated on the CPU and on the GPU (greedy, one seed: the same returns), resumed on the CPU,
then resumed on the GPU again; config.toml follows the device of each leg. Exit 77 (ctest:
skipped) where the binary has no CUDA or the machine no GPU."""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

from gpus import gpu_count

SKIP = 77


def run(binary, args):
    r = subprocess.run([binary] + args, capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        sys.exit(f"FAIL: ga3c {' '.join(args)}: exit {r.returncode}\n{r.stderr[-2000:]}")
    return r


def summary(line):
    """The numbers of an eval summary line after the seed (mean, sd, min, max, length...)."""
    return re.sub(r"^.*seed \d+: ", "", line.strip())


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--cuda-built", required=True, choices=["0", "1"])
    args = parser.parse_args()
    if args.cuda_built == "0" or gpu_count() == 0:
        print("skipped: no CUDA LibTorch or no GPU here")
        return SKIP
    tmp = tempfile.mkdtemp(prefix="ga3c_gpu_ckpt_")
    try:
        run_dir = os.path.join(tmp, "run")
        common = ["--quiet", "--checkpoint-every", "0"]
        run(args.binary, ["train", "--env", "MinAtar/Breakout-v0", "--run-dir", run_dir,
                          "--device", "cuda", "--max-frames", "30000", "--seed", "3"] + common)
        config = os.path.join(run_dir, "config.toml")

        def device_in_config():
            with open(config) as f:
                return re.search(r'^device = "(.*)"$', f.read(), re.M).group(1)

        assert device_in_config() == "cuda", device_in_config()
        evals = {}
        for device in ["cpu", "cuda"]:
            r = run(args.binary, ["eval", "--checkpoint", run_dir, "--episodes", "5",
                                  "--greedy", "--seed", "9", "--device", device])
            evals[device] = summary(r.stdout.splitlines()[0])
            print(f"eval --device {device}: {evals[device]}")
        assert evals["cpu"] == evals["cuda"], evals
        run(args.binary, ["train", "--resume", run_dir, "--device", "cpu",
                          "--max-frames", "45000"] + common)
        assert device_in_config() == "cpu", device_in_config()
        run(args.binary, ["train", "--resume", run_dir, "--device", "cuda:0",
                          "--max-frames", "60000"] + common)
        assert device_in_config() == "cuda:0", device_in_config()
        checkpoints = sorted(os.listdir(os.path.join(run_dir, "checkpoints")))
        print("checkpoints:", checkpoints)
        assert any("ckpt-6" in c for c in checkpoints), checkpoints
        r = run(args.binary, ["eval", "--checkpoint", run_dir, "--episodes", "2", "--device",
                              "cpu"])
        print(r.stdout.strip())
    finally:
        shutil.rmtree(tmp)
    print("gpu checkpoint checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
