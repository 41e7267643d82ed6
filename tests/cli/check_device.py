#!/usr/bin/env python3
"""`--device` of `ga3c train` and `ga3c eval`: a GPU that cannot be had (a LibTorch without
CUDA, no GPU or driver, an index out of range) is one exact line on stderr and exit code 2
before anything is written; the run's config.toml holds `device`, and a resumed run may
change it. Runs on any machine: --torch-version and --cuda-built say what the binary was
built against, and nvidia-smi (when present) how many GPUs there are."""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

from gpus import gpu_count


def expected_error(name, torch_version, cuda_built, gpus):
    """The one line `--device name` must fail with here, or None when it must work."""
    if name == "cpu":
        return None
    if not cuda_built:
        return (f"--device {name}: this ga3c is built against LibTorch {torch_version} without "
                "CUDA; use --device cpu, or build ga3c against a CUDA LibTorch (README: "
                "Training on a GPU)")
    if gpus == 0:
        return (f"--device {name}: LibTorch finds no usable CUDA GPU (no GPU, or no NVIDIA "
                "driver); use --device cpu, or run where nvidia-smi lists a GPU")
    index = int(name.split(":")[1]) if ":" in name else 0
    if index >= gpus:
        return (f"--device {name}: this machine has {gpus} CUDA GPU(s), cuda:0 to "
                f"cuda:{gpus - 1}; use one of those, or --device cuda")
    return None


def run(binary, args):
    return subprocess.run([binary] + args, capture_output=True, text=True, timeout=600)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--torch-version", required=True)
    parser.add_argument("--cuda-built", required=True, choices=["0", "1"])
    args = parser.parse_args()
    cuda_built = args.cuda_built == "1"
    gpus = gpu_count()
    print(f"LibTorch {args.torch_version}, CUDA built {cuda_built}, {gpus} GPU(s)")
    tmp = tempfile.mkdtemp(prefix="ga3c_device_")
    failures = []

    def check(cond, what):
        if not cond:
            failures.append(what)
            print("FAIL:", what)

    try:
        short = ["--env", "CartPole-v1", "--max-frames", "2000", "--quiet", "--agents", "4",
                 "--checkpoint-every", "0"]
        for name in ["cuda", "cuda:0", "cuda:99"]:
            error = expected_error(name, args.torch_version, cuda_built, gpus)
            if error is None:
                continue
            run_dir = os.path.join(tmp, "r-" + name.replace(":", "_"))
            r = run(args.binary, ["train", "--run-dir", run_dir, "--device", name] + short)
            check(r.returncode == 2, f"train --device {name}: exit {r.returncode}, not 2")
            check(r.stderr == f"ga3c train: error: {error}\n",
                  f"train --device {name}: stderr {r.stderr!r}")
            check(not os.path.exists(run_dir), f"train --device {name} made {run_dir}")

        r = run(args.binary, ["train", "--run-dir", os.path.join(tmp, "gpu"), "--device", "gpu"]
                + short)
        check(r.returncode == 2 and r.stderr ==
              "ga3c train: error: unknown --device 'gpu'; use cpu, cuda or cuda:N\n",
              f"train --device gpu: exit {r.returncode}, stderr {r.stderr!r}")

        # A CPU run writes device = "cpu"; its resume with an unusable GPU changes nothing.
        run_dir = os.path.join(tmp, "cpu-run")
        r = run(args.binary, ["train", "--run-dir", run_dir, "--device", "cpu"] + short)
        check(r.returncode == 0, f"train --device cpu: exit {r.returncode}: {r.stderr[-500:]}")
        config = os.path.join(run_dir, "config.toml")
        with open(config) as f:
            text = f.read()
        check('device = "cpu"\n' in text, "config.toml lacks device = \"cpu\"")
        unusable = "cuda:99"
        error = expected_error(unusable, args.torch_version, cuda_built, gpus)
        if error is not None:
            before = sorted(os.listdir(run_dir))
            r = run(args.binary, ["train", "--resume", run_dir, "--device", unusable,
                                  "--max-frames", "4000"])
            check(r.returncode == 2 and r.stderr == f"ga3c train: error: {error}\n",
                  f"resume --device {unusable}: exit {r.returncode}, stderr {r.stderr!r}")
            check(sorted(os.listdir(run_dir)) == before, "the refused resume wrote files")
            with open(config) as f:
                check(f.read() == text, "the refused resume changed config.toml")
            r = run(args.binary, ["eval", "--checkpoint", run_dir, "--episodes", "1",
                                  "--device", unusable])
            check(r.returncode == 2 and r.stderr == f"ga3c eval: error: {error}\n",
                  f"eval --device {unusable}: exit {r.returncode}, stderr {r.stderr!r}")
        r = run(args.binary, ["eval", "--checkpoint", run_dir, "--episodes", "1",
                              "--device", "cpu"])
        check(r.returncode == 0, f"eval --device cpu: exit {r.returncode}: {r.stderr[-500:]}")
    finally:
        shutil.rmtree(tmp)
    print(f"{len(failures)} device check(s) failed" if failures else "all device checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
