#!/usr/bin/env python3
"""One training per run directory (issue 27): of two `ga3c train` started at the same moment on
one --run-dir exactly one goes on and the other exits 2 with one line, leaving a run whose files
are all its own; runs started in the same second without --run-dir each get a directory of their
own; a --resume of a run that is still training is refused, naming its holder."""
import argparse
import csv
import glob
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from expectations import FAILURES, expect  # noqa: E402

QUICK = ["--env", "CartPole-v1", "--agents", "4", "--quiet", "--checkpoint-every", "0"]


def lines_of(proc_output):
    return [l for l in proc_output.splitlines() if l.strip()]


def check_whole_run(run_dir, name):
    """episodes.csv of one run: one header, every row whole, frames never going back."""
    with open(os.path.join(run_dir, "episodes.csv")) as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    expect(header[:2] == ["wall_s", "frames"] and body, "%s: episodes.csv %r" % (name, rows[:2]))
    expect(all(len(r) == len(header) for r in body), "%s: a malformed row" % name)
    frames = [int(r[1]) for r in body]
    expect(frames == sorted(frames), "%s: frames go back" % name)
    with open(os.path.join(run_dir, "config.toml")) as f:
        expect("max-frames = 20000" in f.read(), "%s: config.toml of another run" % name)


def same_run_dir(binary, tmp, tries):
    for i in range(tries):
        run_dir = os.path.join(tmp, "same-%d" % i)
        procs = [subprocess.Popen([binary, "train", "--run-dir", run_dir, "--max-frames",
                                   "20000"] + QUICK, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True) for _ in range(2)]
        results = [(p.wait(timeout=300), p.communicate()) for p in procs]
        codes = sorted(rc for rc, _ in results)
        name = "same --run-dir, try %d" % i
        if not expect(codes == [0, 2], "%s: exit codes %r" % (name, codes)):
            continue
        refused = [out for rc, out in results if rc == 2][0]
        lines = lines_of(refused[0] + refused[1])
        expect(len(lines) == 1 and ("is in use by another ga3c (pid " in lines[0] or
                                    "already holds a run" in lines[0]),
               "%s: the refusal %r" % (name, lines))
        check_whole_run(run_dir, name)
        checkpoints = glob.glob(os.path.join(run_dir, "checkpoints", "ckpt-*.ga3c"))
        expect(len(checkpoints) == 1, "%s: checkpoints %r" % (name, checkpoints))


def default_names(binary, tmp, runs):
    cwd = os.path.join(tmp, "defaults")
    os.makedirs(cwd)
    procs = [subprocess.Popen([binary, "train", "--max-frames", "20000"] + QUICK, cwd=cwd,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(runs)]
    codes = [p.wait(timeout=300) for p in procs]
    expect(codes == [0] * runs, "default run directories: exit codes %r" % codes)
    dirs = sorted(glob.glob(os.path.join(cwd, "runs", "CartPole-v1-*")))
    expect(len(dirs) == runs, "default run directories: %r" % dirs)
    for d in dirs:
        check_whole_run(d, d)


def resume_while_training(binary, tmp):
    run_dir = os.path.join(tmp, "live")
    live = subprocess.Popen([binary, "train", "--run-dir", run_dir, "--max-frames", "1000000000",
                             "--env", "CartPole-v1", "--agents", "4", "--quiet",
                             "--checkpoint-every", "0.5"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 60
        while (not glob.glob(os.path.join(run_dir, "checkpoints", "ckpt-*.ga3c")) and
               time.time() < deadline):
            time.sleep(0.1)
        proc = subprocess.run([binary, "train", "--resume", run_dir], capture_output=True,
                              text=True, timeout=120)
        lines = lines_of(proc.stderr + proc.stdout)
        expect(proc.returncode == 2 and len(lines) == 1 and
               ("is in use by another ga3c (pid %d on host " % live.pid) in lines[0],
               "resume of a live run: exit %d, %r" % (proc.returncode, lines))
    finally:
        live.send_signal(signal.SIGINT)
        live.wait(timeout=120)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--tries", type=int, default=12)
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="ga3c_run_dir_claim_")
    try:
        same_run_dir(args.binary, tmp, args.tries)
        default_names(args.binary, tmp, 4)
        resume_while_training(args.binary, tmp)
    finally:
        shutil.rmtree(tmp)
    if FAILURES:
        print("%d failure(s)" % len(FAILURES))
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
