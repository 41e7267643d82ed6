#!/usr/bin/env python3
"""Bad input to `ga3c train` gets one line on stderr naming the problem, exit code 2, and
nothing written: no run directory appears and an existing run is left as it was."""
import argparse
import os
import subprocess
import sys
import tempfile


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="ga3c_bad_input_")
    existing = os.path.join(tmp, "existing")
    os.makedirs(existing)
    with open(os.path.join(existing, "episodes.csv"), "w") as f:
        f.write("old run\n")
    blocker = os.path.join(tmp, "a_file")
    with open(blocker, "w") as f:
        f.write("x")
    bad_config = os.path.join(tmp, "bad.toml")
    with open(bad_config, "w") as f:
        f.write("[train]\nlearning_rate = 0.1\n")
    wrong_type = os.path.join(tmp, "wrong_type.toml")
    with open(wrong_type, "w") as f:
        f.write("[train]\nagents = \"many\"\n")

    fresh = os.path.join(tmp, "fresh")
    cases = [
        (["--env", "CartPole-v9"], ["unknown environment 'CartPole-v9'", "CartPole-v1"]),
        (["--agents", "0"], ["--agents must be > 0"]),
        (["--workers", "-1"], ["--workers must be > 0"]),
        (["--trainers", "0"], ["--trainers must be > 0"]),
        (["--sync-freq", "0"], ["--sync-freq must be > 0"]),
        (["--lr", "0"], ["--lr must be > 0"]),
        (["--lr", "-0.001"], ["--lr must be > 0"]),
        (["--max-frames", "0"], ["--max-frames must be > 0"]),
        (["--optimizer", "adagrad"], ["unknown optimizer 'adagrad'", "rmsprop"]),
        (["--optimizer-state", "global"], ["--optimizer-state", "shared or local"]),
        (["--agents", "many"], ["--agents"]),
        (["--min-batch", "500"], ["--min-batch 500", "--max-queue"]),
        (["--network", "resnet"], ["unknown network 'resnet'"]),
        (["--deterministic", "--workers", "2", "--agents", "1"],
         ["--deterministic", "not --workers 2", "pass --workers 1 --agents 1"]),
        (["--deterministic", "--agents", "4"],
         ["--deterministic", "--agents 4", "pass --workers 1 --agents 1"]),
        (["--deterministic", "--agents", "1", "--sync-overlap"],
         ["--deterministic", "drop --sync-overlap"]),
        (["--no-such-flag"], ["--no-such-flag"]),
        (["--config", os.path.join(tmp, "missing.toml")], ["missing.toml"]),
        (["--config", bad_config], ["learning_rate", "[train]"]),
        (["--config", wrong_type], ["agents", "many"]),
    ]
    failures = []
    for extra, needles in cases:
        run_dir = fresh if "--run-dir" not in extra else None
        cmd = [args.binary, "train", "--run-dir", run_dir] + extra
        failures += check(cmd, needles, must_not_exist=fresh)
    failures += check([args.binary, "train", "--run-dir", existing], ["already holds a run"])
    with open(os.path.join(existing, "episodes.csv")) as f:
        if f.read() != "old run\n":
            failures.append("the existing run's episodes.csv was overwritten")
    failures += check([args.binary, "train", "--run-dir", os.path.join(blocker, "run")],
                      ["cannot create run directory", "--run-dir"])
    for failure in failures:
        print("FAIL: " + failure)
    print("%d passed, %d failed" % (len(cases) + 2 - len(failures), len(failures)))
    return 1 if failures else 0


def check(cmd, needles, must_not_exist=None):
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    name = " ".join(cmd[2:])
    lines = [l for l in proc.stderr.splitlines() + proc.stdout.splitlines() if l.strip()]
    problems = []
    if proc.returncode != 2:
        problems.append("%s: exit code %d, expected 2" % (name, proc.returncode))
    if len(lines) != 1:
        problems.append("%s: %d lines of output, expected 1: %r" % (name, len(lines), lines))
    text = "\n".join(lines)
    for needle in needles:
        if needle not in text:
            problems.append("%s: output does not mention %r: %r" % (name, needle, text))
    if must_not_exist and os.path.exists(must_not_exist):
        problems.append("%s: created %s" % (name, must_not_exist))
    return problems


if __name__ == "__main__":
    sys.exit(main())
