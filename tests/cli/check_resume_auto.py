#!/usr/bin/env python3
"""`ga3c train --resume auto --run-dir DIR` (issue 31), the command a requeued job runs again
unchanged: an absent or empty DIR starts a run there; a DIR holding the run goes on from its
newest complete checkpoint, its episodes.csv's frames never going back and its mean and best of
100 returns counting the episodes before the resume, and once that checkpoint has reached
--max-frames exits 0 with nothing to train (a job requeued after its end); a DIR that holds a
run but no complete checkpoint (none saved, or the only one damaged), a DIR of another
environment, and auto without --run-dir are refused with one line and exit 2, every file as it
was."""
import argparse
import csv
import glob
import hashlib
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from expectations import FAILURES, expect  # noqa: E402

QUICK = ["--env", "CartPole-v1", "--agents", "4", "--quiet", "--checkpoint-every", "0"]


def train(binary, *args, separate=False):
    proc = subprocess.run([binary, "train"] + list(args), capture_output=True, text=True,
                          timeout=300)
    if separate:
        return proc.returncode, proc.stdout, proc.stderr
    return proc.returncode, proc.stdout + proc.stderr


def snapshot(folder):
    """{relative path: sha256} of every file under folder."""
    found = {}
    for root, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                found[os.path.relpath(path, folder)] = hashlib.sha256(f.read()).hexdigest()
    return found


def episode_frames(run_dir):
    with open(os.path.join(run_dir, "episodes.csv")) as f:
        return [int(row["frames"]) for row in csv.DictReader(f)]


def newest_checkpoint_frames(run_dir):
    names = glob.glob(os.path.join(run_dir, "checkpoints", "ckpt-*-ps0.ga3c"))
    return max(int(os.path.basename(n).split("-")[1]) for n in names) if names else 0


def check_window_goes_on(run_dir, out):
    """The resumed run's closing mean and best of 100 returns are those of the whole
    episodes.csv, the stopped run's episodes included, as if it had never stopped."""
    with open(os.path.join(run_dir, "episodes.csv")) as f:
        returns = [float(row["return"]) for row in csv.DictReader(f)]
    means = [sum(returns[i - 100:i]) / 100 for i in range(100, len(returns) + 1)]
    found = re.search(r"mean return of the last 100 episodes (-?[0-9.]+), best (-?[0-9.]+)", out)
    expect(found and means and abs(float(found.group(1)) - means[-1]) < 0.006 and
           abs(float(found.group(2)) - max(means)) < 0.006,
           "after the resume: %r; episodes.csv's last 100 %.2f, best %.2f" %
           (found and found.group(0), means[-1] if means else 0, max(means or [0])))


def refused(binary, name, folder, *args):
    """One line and exit 2, nothing under folder changed."""
    before = snapshot(folder) if folder else {}
    code, _, err = train(binary, *args, separate=True)
    lines = [l for l in err.splitlines() if l.strip()]
    expect(code == 2 and len(lines) == 1, "%s: exit %s, lines %r" % (name, code, lines))
    if folder:
        expect(snapshot(folder) == before, "%s: the folder changed" % name)
    return lines[0] if lines else ""


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    binary = parser.parse_args().binary
    tmp = tempfile.mkdtemp(prefix="ga3c_resume_auto_")

    run_dir = os.path.join(tmp, "job")
    code, out = train(binary, "--resume", "auto", "--run-dir", run_dir, "--max-frames", "20000",
                      *QUICK)
    expect(code == 0 and "holds no run; starting it" in out, "absent folder: exit %s" % code)
    expect(newest_checkpoint_frames(run_dir) >= 20000, "absent folder: no final checkpoint")

    code, out = train(binary, "--resume", "auto", "--run-dir", run_dir, "--max-frames", "40000",
                      *QUICK)
    expect(code == 0 and "going on from its newest checkpoint" in out and "resumed from" in out,
           "the run's folder: exit %s" % code)
    expect(newest_checkpoint_frames(run_dir) >= 40000, "the run's folder: no checkpoint at 40k")
    frames = episode_frames(run_dir)
    expect(frames == sorted(frames) and frames[-1] >= 20000,
           "episodes.csv's frames after the resume: %s" % frames[-5:])
    # 1,000 frames more are fewer than 100 episodes: the window must hold the earlier ones.
    code, out = train(binary, "--resume", run_dir, "--max-frames", "41000", *QUICK)
    expect(code == 0, "resume for 1,000 frames: exit %s" % code)
    check_window_goes_on(run_dir, out)

    before = snapshot(run_dir)
    code, out = train(binary, "--resume", "auto", "--run-dir", run_dir, "--max-frames", "40000",
                      *QUICK)
    expect(code == 0 and "nothing to train" in out and snapshot(run_dir) == before,
           "a finished run (a job requeued after its end): exit %s, %s" % (code, out[-300:]))

    empty = os.path.join(tmp, "empty")
    os.makedirs(empty)
    code, out = train(binary, "--resume", "auto", "--run-dir", empty, "--max-frames", "10000",
                      *QUICK)
    expect(code == 0 and "holds no run" in out and newest_checkpoint_frames(empty) >= 10000,
           "empty folder: exit %s" % code)

    line = refused(binary, "no --run-dir", None, "--resume", "auto", *QUICK)
    expect("--run-dir" in line, "no --run-dir: %r" % line)

    line = refused(binary, "another environment", run_dir, "--resume", "auto", "--run-dir",
                   run_dir, "--env", "MinAtar/Breakout-v0", "--quiet")
    expect("CartPole-v1" in line, "another environment: %r" % line)

    unsaved = os.path.join(tmp, "unsaved")
    os.makedirs(unsaved)
    with open(os.path.join(run_dir, "config.toml")) as f, \
            open(os.path.join(unsaved, "config.toml"), "w") as g:
        g.write(f.read())
    line = refused(binary, "a run without a checkpoint", unsaved, "--resume", "auto",
                   "--run-dir", unsaved, *QUICK)
    expect("no complete checkpoint" in line, "a run without a checkpoint: %r" % line)

    damaged = os.path.join(tmp, "damaged")
    code, _ = train(binary, "--run-dir", damaged, "--max-frames", "10000", *QUICK)
    for path in glob.glob(os.path.join(damaged, "checkpoints", "ckpt-*.ga3c")):
        with open(path, "r+b") as f:
            f.truncate(os.path.getsize(path) // 2)
    line = refused(binary, "a damaged only checkpoint", damaged, "--resume", "auto",
                   "--run-dir", damaged, *QUICK)
    expect("no complete checkpoint" in line, "a damaged only checkpoint: %r" % line)

    print("%d failures" % len(FAILURES))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
