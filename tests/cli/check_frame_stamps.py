#!/usr/bin/env python3
"""The frame stamps of a run's records, through the real binary.

A --deterministic run of CartPole-v1 (one worker, one agent, 300 frames): the frames column of
episodes.csv is exactly the running sum of the episodes' lengths, and every TensorBoard
episode/* point has the same step. A plain run with --workers 2 (200,000 frames, a
system.csv row every 20 ms: about 28 rows here, so a machine several times faster still
writes more than one): no file's frames column and no TensorBoard tag's steps ever go
backwards, and none passes the job's final frame count. Event files are read record by record with TensorBoard's own loader (PyPI
`tensorboard`), which keeps every event in file order."""
import argparse
import csv
import glob
import os
import subprocess
import sys
import tempfile

from tensorboard.backend.event_processing import event_file_loader


def train(binary, run_dir, *args):
    cmd = [binary, "train", "--quiet", "--log-level", "warn", "--checkpoint-every", "0",
           "--env", "CartPole-v1", "--run-dir", run_dir]
    return subprocess.run(cmd + list(args), capture_output=True, text=True, timeout=240)


def column(path, name):
    with open(path, newline="") as f:
        return [int(row[name]) for row in csv.DictReader(f)]


def tensorboard_steps(run_dir):
    """tag -> steps, in the order the event files hold them."""
    steps = {}
    for path in sorted(glob.glob(os.path.join(run_dir, "tensorboard", "*", "events.out.*"))):
        for event in event_file_loader.EventFileLoader(path).Load():
            for value in event.summary.value:
                steps.setdefault(value.tag, []).append(event.step)
    return steps


def backwards(values):
    return sum(1 for a, b in zip(values, values[1:]) if b < a)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="ga3c_stamps_")
    failures = []

    serial = os.path.join(tmp, "serial")
    proc = train(args.binary, serial, "--max-frames", "300", "--deterministic", "--workers", "1",
                 "--agents", "1")
    if proc.returncode != 0:
        failures.append("deterministic run: exit %d: %s" % (proc.returncode, proc.stderr))
    else:
        episodes = os.path.join(serial, "episodes.csv")
        frames, lengths = column(episodes, "frames"), column(episodes, "length")
        running = [sum(lengths[:i + 1]) for i in range(len(lengths))]
        if len(frames) < 5 or frames != running:
            failures.append("deterministic episodes.csv frames %r, running lengths %r" %
                            (frames[:8], running[:8]))
        tb = tensorboard_steps(serial)
        if tb.get("episode/return") != running or tb.get("episode/length") != running:
            failures.append("deterministic episode/return steps %r, running lengths %r" %
                            (tb.get("episode/return", [])[:8], running[:8]))
        for name in ("train", "sync"):
            stamps = column(os.path.join(serial, name + ".csv"), "frames")
            if not stamps or backwards(stamps) or stamps[-1] > 300:
                failures.append("deterministic %s.csv frames %r" % (name, stamps[:8]))

    parallel = os.path.join(tmp, "parallel")
    proc = train(args.binary, parallel, "--max-frames", "200000", "--workers", "2", "--seed", "3",
                 "--status-interval", "0.02")
    if proc.returncode != 0:
        failures.append("--workers 2 run: exit %d: %s" % (proc.returncode, proc.stderr))
    else:
        # The final checkpoint is named after the job's frames: ckpt-<frames>-ps0.ga3c.
        final = max(int(n.split("-")[1])
                    for n in os.listdir(os.path.join(parallel, "checkpoints")))
        for name in ("episodes", "train", "sync", "system"):
            stamps = column(os.path.join(parallel, name + ".csv"), "frames")
            if len(stamps) < 2 or backwards(stamps):
                failures.append("--workers 2 %s.csv: %d of %d rows go backwards" %
                                (name, backwards(stamps), len(stamps)))
            elif stamps[-1] > final:
                failures.append("--workers 2 %s.csv ends at %d, past the job's %d frames" %
                                (name, stamps[-1], final))
        for tag, steps in sorted(tensorboard_steps(parallel).items()):
            if backwards(steps):
                failures.append("--workers 2 TensorBoard %s: %d of %d steps go backwards" %
                                (tag, backwards(steps), len(steps)))
    for failure in failures:
        print("FAIL: " + failure)
    print("ok" if not failures else "%d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
