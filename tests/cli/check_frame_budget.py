#!/usr/bin/env python3
"""--max-frames is a budget in one process (issue 27): whatever --sync-freq, --min-batch or the
queue sizes, a run stops within one agent step per env thread of it (CartPole: 1 frame a step),
and its final checkpoint, summary and last episode say so. Before, the stop waited for a sync:
`--sync-freq 1000` ran 41,848 frames of a 5,000 budget and `--sync-freq 1000000` never ended."""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from expectations import FAILURES, expect  # noqa: E402

BUDGET = 5000


def check(binary, tmp, name, extra, runners=1):
    """runners: env threads of all workers; each may finish the step it began."""
    run_dir = os.path.join(tmp, name)
    cmd = [binary, "train", "--env", "CartPole-v1", "--max-frames", str(BUDGET), "--run-dir",
           run_dir, "--quiet", "--checkpoint-every", "0"] + extra
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    text = proc.stderr + proc.stdout
    if not expect(proc.returncode == 0, "%s: exit %d: %s" % (name, proc.returncode, text[-400:])):
        return
    done = re.search(r"done: (\d+) frames", text)
    saved = [int(re.search(r"ckpt-(\d+)-ps", p).group(1))
             for p in glob.glob(os.path.join(run_dir, "checkpoints", "ckpt-*.ga3c"))]
    with open(os.path.join(run_dir, "episodes.csv")) as f:
        last = max(int(r.split(",")[1]) for r in f.read().splitlines()[1:])
    frames = int(done.group(1)) if done else -1
    print("%s: %d frames, checkpoint %r, last episode at %d" % (name, frames, saved, last))
    expect(BUDGET <= frames <= BUDGET + runners, "%s: ran %d frames" % (name, frames))
    expect(saved == [frames], "%s: final checkpoint at %r, run %d" % (name, saved, frames))
    expect(last <= frames, "%s: an episode stamped %d" % (name, last))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="ga3c_frame_budget_")
    try:
        check(args.binary, tmp, "sync-freq-1000", ["--sync-freq", "1000"])
        check(args.binary, tmp, "sync-freq-1e6", ["--sync-freq", "1000000"])
        check(args.binary, tmp, "big-batch", ["--min-batch", "100000", "--max-queue", "100000"])
        check(args.binary, tmp, "two-workers",
              ["--workers", "2", "--env-threads", "2", "--sync-freq", "1000"], runners=4)
    finally:
        shutil.rmtree(tmp)
    print("%d failures" % len(FAILURES))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
