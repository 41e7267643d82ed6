#!/usr/bin/env python3
"""A run killed with SIGKILL and resumed shows one history (issue 14, part 2).

CartPole-v1 trains with --checkpoint-every 1 until its event file holds points past its newest
checkpoint, is killed with SIGKILL (no final checkpoint, nothing flushed at exit), and is
resumed. TensorBoard's own reader (PyPI tensorboard's EventAccumulator, default settings) must
then see no step go backwards in any tag: the resumed run's restart marker (SessionLog START
at the checkpoint's frames) purges what the dead run logged from there on. The CSV files must
hold none of the dead run's rows past the checkpoint either, and the resumed run's rows
after the kept ones.
"""
import argparse
import csv
import glob
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

from tensorboard.backend.event_processing import event_accumulator

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from expectations import FAILURES, expect  # noqa: E402


def newest_checkpoint_frames(run_dir):
    frames = [int(re.search(r"ckpt-(\d+)-ps0\.ga3c$", p).group(1))
              for p in glob.glob(os.path.join(run_dir, "checkpoints", "ckpt-*-ps0.ga3c"))]
    return max(frames) if frames else None


def scalars(log_dir):
    """tag -> [step] as TensorBoard's reader holds them, with its default settings."""
    acc = event_accumulator.EventAccumulator(log_dir)
    acc.Reload()
    return {tag: [e.step for e in acc.Scalars(tag)]
            for tag in acc.Tags()[event_accumulator.SCALARS]}


def csv_frames(path, killed=False):
    """The frames column; killed: the file of a run killed mid-write, whose last row may be
    cut short (the resumed run drops it), so rows with missing fields are skipped."""
    with open(path) as f:
        rows = list(csv.DictReader(f))
    if killed:
        rows = [r for r in rows if None not in r.values() and r["frames"].isdigit()]
    return [int(row["frames"]) for row in rows]


def kill_past_a_checkpoint(binary, run_dir, attempts=3):
    """Trains until, 3 s in, points past the newest checkpoint are on disk, then SIGKILLs; the
    newest checkpoint's frames then, or None. A save just before the kill can leave nothing
    past it: then the killed run is resumed and killed again."""
    # 16 agents: each finishes an episode (at most 500 steps, 8,000 frames for all 16) within
    # the resumed 30,000 frames. A budget far past the preset's 1M frames, which a fast machine
    # trains in under the 3 s.
    start_cmd = [binary, "train", "--env", "CartPole-v1", "--workers", "1", "--agents", "16",
                 "--max-frames", "1000000000", "--checkpoint-every", "1", "--status-interval",
                 "0.5", "--quiet", "--log-level", "warn", "--run-dir", run_dir]
    log_dir = os.path.join(run_dir, "tensorboard", "main")
    for attempt in range(attempts):
        cmd = start_cmd if attempt == 0 else [binary, "train", "--resume", run_dir, "--quiet",
                                              "--log-level", "warn"]
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        started = time.time()
        while time.time() - started < 60 and proc.poll() is None:
            time.sleep(0.3)
            frames = newest_checkpoint_frames(run_dir)
            if frames is None or time.time() - started < 3:
                continue
            steps = [s for v in scalars(log_dir).values() for s in v]
            if steps and max(steps) > frames:
                break
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        frames = newest_checkpoint_frames(run_dir)
        steps = [s for v in scalars(log_dir).values() for s in v]
        if frames is not None and steps and max(steps) > frames:
            return frames
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ga3c_tb_resume_") as tmp:
        run_dir = os.path.join(tmp, "cartpole")
        frames = kill_past_a_checkpoint(args.binary, run_dir)
        if not expect(frames is not None, "no kill left points past a checkpoint"):
            return report()
        log_dir = os.path.join(run_dir, "tensorboard", "main")
        dead = scalars(log_dir)
        past = {tag: sum(1 for s in steps if s > frames) for tag, steps in dead.items()}
        print("killed after the checkpoint at %d frames; points past it: %r" % (frames, past))
        dead_train = csv_frames(os.path.join(run_dir, "train.csv"), killed=True)
        train_rows_past = sum(1 for f in dead_train if f > frames)

        proc = subprocess.run([args.binary, "train", "--resume", run_dir, "--max-frames",
                               str(frames + 30000), "--quiet", "--log-level", "warn"],
                              capture_output=True, text=True, timeout=300)
        if not expect(proc.returncode == 0, "resume: exit %d: %s" % (proc.returncode,
                                                                     proc.stderr)):
            return report()
        event_files = glob.glob(os.path.join(log_dir, "events.out.tfevents.*"))
        expect(len(event_files) >= 2, "event files: %r" % event_files)

        resumed = scalars(log_dir)
        expect(sorted(resumed) == sorted(dead), "tags: %r then %r" % (sorted(dead),
                                                                      sorted(resumed)))
        for tag, steps in sorted(resumed.items()):
            back = [(a, b) for a, b in zip(steps, steps[1:]) if b < a]
            expect(not back, "%s: steps go backwards %d times, first %r" %
                   (tag, len(back), back[:1]))
            # The restart marker purged the dead run's points past the checkpoint, so any
            # point past it is the resumed run's. Episode tags need no more: 16 agents that
            # all restart at the resume and all play 500-step episodes end theirs together,
            # every 8,000 frames, which can leave the last 5,000 frames without one. Health
            # checks come every 200 training batches, after the resumed run has refilled its
            # 64 observations: a few in 30,000 frames, the last of them anywhere in it.
            sparse = tag.startswith("episode/") or tag.startswith("health/")
            end = frames + 1 if sparse else frames + 25000
            expect(steps and steps[-1] >= end,
                   "%s: ends at %r, before %d, in the resumed run" % (tag, steps[-1:], end))
        # The reader keeps a sample of at most 10,000 points a tag: some, not all, may remain.
        expect(any(s < frames for s in resumed["episode/return"]),
               "episode/return: none of the points before the checkpoint were kept")

        for name in ("episodes.csv", "train.csv", "sync.csv", "system.csv"):
            values = csv_frames(os.path.join(run_dir, name))
            back = [(a, b) for a, b in zip(values, values[1:]) if b < a]
            expect(not back, "%s: frames go backwards %d times, first %r" %
                   (name, len(back), back[:1]))
        expect(train_rows_past > 0, "the dead run's train.csv held no rows past the checkpoint")
        with open(os.path.join(run_dir, "train.csv")) as f:
            rows = list(csv.DictReader(f))
        expect(any(int(r["frames"]) > frames + 1000 for r in rows),
               "train.csv holds no row of the resumed run")
    return report()


def report():
    print("ok" if not FAILURES else "%d failure(s)" % len(FAILURES))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
