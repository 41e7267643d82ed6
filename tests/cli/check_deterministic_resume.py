#!/usr/bin/env python3
"""`ga3c train --deterministic` through the real binary: 1,000 frames, stop, `--resume` for
1,000 more gives checkpoints at exactly 1,000 and 2,000 frames, and the final one holds the
same parameters, optimizer slots, counters and worker state, float for float, as a run of
2,000 frames that never stopped (the resume keeps --deterministic from the saved settings).
Resuming a plain run's checkpoint with --deterministic is one line and exit code 2. With
--lstm-size N the runs train an LSTM policy, whose agents' states the checkpoints carry."""
import argparse
import os
import subprocess
import sys
import tempfile

# Fields that differ between two runs of the same state: when and where they ran.
RUN_FIELDS = ("wall_time_unix_s", "elapsed_s", "config_toml")


def train(binary, *args):
    cmd = [binary, "train", "--quiet", "--log-level", "warn", "--checkpoint-every", "0"]
    return subprocess.run(cmd + list(args), capture_output=True, text=True, timeout=100)


def checkpoints(run_dir):
    return sorted(os.listdir(os.path.join(run_dir, "checkpoints")))


def decoded_state(path, proto_root):
    """The checkpoint's payload as protoc prints it (every float in full), less RUN_FIELDS."""
    with open(path, "rb") as f:
        payload = f.read()[28:]
    proto = os.path.join(proto_root, "checkpoint", "proto", "checkpoint.proto")
    text = subprocess.run(
        ["protoc", "--decode=ga3c.checkpoint.proto.Checkpoint", "-I", proto_root, proto],
        input=payload, capture_output=True, check=True).stdout.decode()
    return [l for l in text.splitlines() if not l.strip().startswith(RUN_FIELDS)]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--proto-root", required=True, help="the source tree's src/")
    parser.add_argument("--env", default="CartPole-v1",
                        help="e.g. ALE/Breakout-v5: its replay rebuilds the emulator too")
    parser.add_argument("--lstm-size", type=int, default=0, help="train --recurrent lstm")
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="ga3c_deterministic_")
    straight, stopped, plain = (os.path.join(tmp, n) for n in ("straight", "stopped", "plain"))
    # CartPole's preset anneals to 0 at --max-frames; a constant rate is the same schedule
    # for both halves.
    common = ["--env", args.env, "--deterministic", "--workers", "1", "--agents", "1",
              "--seed", "5", "--lr-schedule", "constant"]
    if args.lstm_size:
        common += ["--recurrent", "lstm", "--lstm-size", str(args.lstm_size)]
    failures = []

    def ran(proc, what):
        if proc.returncode != 0:
            failures.append("%s: exit code %d: %s" % (what, proc.returncode, proc.stderr))

    ran(train(args.binary, *common, "--max-frames", "2000", "--run-dir", straight), "straight")
    ran(train(args.binary, *common, "--max-frames", "1000", "--run-dir", stopped), "first half")
    ran(train(args.binary, "--resume", stopped, "--max-frames", "2000"), "resume")
    if failures:
        return report(failures)
    if checkpoints(stopped) != ["ckpt-000000001000-ps0.ga3c", "ckpt-000000002000-ps0.ga3c"]:
        failures.append("resumed run's checkpoints: %r" % checkpoints(stopped))
    if checkpoints(straight) != ["ckpt-000000002000-ps0.ga3c"]:
        failures.append("straight run's checkpoints: %r" % checkpoints(straight))
    final = "checkpoints/ckpt-000000002000-ps0.ga3c"
    a = decoded_state(os.path.join(straight, final), args.proto_root)
    b = decoded_state(os.path.join(stopped, final), args.proto_root)
    if not any(l.strip().startswith("workers {") for l in a):
        failures.append("the final checkpoint holds no worker state")
    if args.lstm_size and sum(l.strip().startswith("recurrent_state:") for l in a) != 2 * args.lstm_size:
        failures.append("the final checkpoint holds no agent's recurrent state of %d floats" %
                        (2 * args.lstm_size))
    if a != b:
        diff = next(i for i, (x, y) in enumerate(zip(a + [""], b + [""])) if x != y)
        failures.append("final states differ at decoded line %d: %r vs %r" %
                        (diff, a[diff:diff + 1], b[diff:diff + 1]))

    ran(train(args.binary, "--env", args.env, "--agents", "2", "--min-batch", "5",
              "--max-frames", "500", "--run-dir", plain), "plain run")
    proc = train(args.binary, "--resume", plain, "--deterministic", "--agents", "1",
                 "--max-frames", "1000")
    lines = [l for l in (proc.stdout + proc.stderr).splitlines() if l.strip()]
    if proc.returncode != 2 or len(lines) != 1 or "holds no worker state" not in lines[0]:
        failures.append("deterministic resume of a plain run: exit %d, %r" %
                        (proc.returncode, lines))
    return report(failures)


def report(failures):
    for failure in failures:
        print("FAIL: " + failure)
    print("ok" if not failures else "%d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
