#!/usr/bin/env python3
"""Checkpoints through the real `ga3c` binary: a run saves at the end, `--resume` goes on from
the latest complete checkpoint with its counters, SIGINT and SIGTERM stop with a final
checkpoint and exit 0, a second SIGINT exits 130 leaving the last checkpoint intact (a second
SIGTERM is ignored: the run still saves and exits 0), damaged or unfitting checkpoints are
refused with one line and exit 2 without writing anything (a newest one in a newer format too,
rather than passed over), and a NaN stops the run naming the step while the last good checkpoint
stays the latest."""
import argparse
import glob
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from expectations import FAILURES, expect  # noqa: E402

QUICK = ["--env", "CartPole-v1", "--agents", "4", "--quiet", "--checkpoint-every", "0"]


def run(binary, args, timeout=120):
    return subprocess.run([binary, "train"] + args, capture_output=True, text=True,
                          timeout=timeout)


def checkpoints(run_dir):
    return sorted(glob.glob(os.path.join(run_dir, "checkpoints", "ckpt-*-ps*.ga3c")))


def frames_of(path):
    return int(re.search(r"ckpt-(\d+)-ps", path).group(1))


def snapshot(run_dir):
    """Every file of a run and its bytes, to show that nothing changed."""
    files = {}
    for root, _, names in os.walk(run_dir):
        for name in names:
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                files[path] = f.read()
    return files


def check_refused(binary, args, run_dir, needles):
    before = snapshot(run_dir)
    proc = run(binary, args)
    lines = [l for l in (proc.stderr + proc.stdout).splitlines() if l.strip()]
    name = " ".join(args)
    expect(proc.returncode == 2, "%s: exit %d, expected 2" % (name, proc.returncode))
    expect(len(lines) == 1, "%s: %d lines, expected one: %r" % (name, len(lines), lines))
    for needle in needles:
        expect(needle in "\n".join(lines), "%s: no %r in %r" % (name, needle, lines))
    expect(snapshot(run_dir) == before, "%s: changed files in %s" % (name, run_dir))


def crc32c(data):
    """CRC-32C (Castagnoli), the checksum of a checkpoint's header."""
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


def wait_for_rows(path, rows, timeout_s=60):
    deadline = time.time() + timeout_s
    while time.time() < deadline:
        if os.path.exists(path):
            with open(path) as f:
                if sum(1 for _ in f) > rows:
                    return True
        time.sleep(0.1)
    return False


def check_signal(binary, tmp, sig, name):
    run_dir = os.path.join(tmp, name)
    proc = subprocess.Popen([binary, "train", "--run-dir", run_dir, "--max-frames",
                             "100000000"] + QUICK, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    expect(wait_for_rows(os.path.join(run_dir, "episodes.csv"), 50), name + ": no episodes")
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=60)
    expect(proc.returncode == 0, "%s: exit %d after one signal, expected 0: %s" %
           (name, proc.returncode, err[-300:]))
    saved = checkpoints(run_dir)
    expect(len(saved) == 1 and frames_of(saved[0]) > 0,
           "%s: expected one final checkpoint, found %r" % (name, saved))
    return run_dir


def episode_lengths(run_dir, after_frames=0):
    with open(os.path.join(run_dir, "episodes.csv")) as f:
        return [int(r.split(",")[5]) for r in f.read().splitlines()[1:]
                if int(r.split(",")[1]) > after_frames]


def check_fresh_draws(binary, tmp):
    """A resumed run draws fresh seeds (issue 27): with the policy frozen, the episodes after a
    resume replayed the run's first ones exactly; now they differ, and the log says which seed
    the agents draw from."""
    frozen = ["--env", "CartPole-v1", "--agents", "1", "--lr", "1e-30", "--lr-schedule",
              "constant", "--checkpoint-every", "0", "--quiet"]
    run_dir = os.path.join(tmp, "frozen")
    proc = run(binary, ["--run-dir", run_dir, "--max-frames", "3000"] + frozen)
    expect(proc.returncode == 0, "frozen run: exit %d: %s" % (proc.returncode, proc.stderr[-300:]))
    start = episode_lengths(run_dir)
    saved_at = frames_of(checkpoints(run_dir)[-1])
    proc = run(binary, ["--resume", run_dir, "--max-frames", "6000"])
    text = proc.stderr + proc.stdout
    expect(proc.returncode == 0 and
           re.search(r"agents draw fresh seeds for this stretch: agent_seed\(\d+, "
                     r"worker, agent\) from --seed 1 and the checkpoint's %d frames" % saved_at,
                     text), "frozen resume: exit %d: %s" % (proc.returncode, text[-500:]))
    resumed = episode_lengths(run_dir, saved_at)
    n = min(len(start), len(resumed), 40)
    expect(n >= 20 and resumed[:n] != start[:n],
           "the resumed run replays its start: %r" % resumed[:n])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    binary = parser.parse_args().binary
    tmp = tempfile.mkdtemp(prefix="ga3c_checkpoints_")

    # 4,000 frames, then 4,000 more.
    first = os.path.join(tmp, "first")
    proc = run(binary, ["--run-dir", first, "--max-frames", "4000"] + QUICK)
    expect(proc.returncode == 0, "first run: exit %d: %s" % (proc.returncode, proc.stderr[-500:]))
    saved = checkpoints(first)
    expect(len(saved) == 1 and frames_of(saved[0]) >= 4000, "first run saved %r" % saved)
    shutil.copytree(first, os.path.join(tmp, "pristine"))
    proc = run(binary, ["--resume", first, "--max-frames", "8000"])
    expect(proc.returncode == 0, "resume: exit %d: %s" % (proc.returncode, proc.stderr[-500:]))
    expect("resumed from" in proc.stderr + proc.stdout, "resume: no 'resumed from' line")
    saved = checkpoints(first)
    expect(len(saved) == 2 and frames_of(saved[-1]) >= 8000, "resumed run saved %r" % saved)
    with open(os.path.join(first, "episodes.csv")) as f:
        rows = f.read().splitlines()
    expect(rows.count(rows[0]) == 1 and len(rows) > 100, "episodes.csv: header repeated or "
           "no rows after the resume")
    with open(os.path.join(first, "config.toml")) as f:
        config = f.read()
    expect("max-frames = 8000" in config and "resume" not in config,
           "config.toml after the resume: %r" % config)

    # Checkpoints that cannot continue the run, and directories without one.
    pristine = os.path.join(tmp, "pristine")
    check_refused(binary, ["--resume", os.path.join(tmp, "nothing-here")], tmp,
                  ["nothing-here", "is not a directory"])
    os.makedirs(os.path.join(tmp, "never-saved"))
    check_refused(binary, ["--resume", os.path.join(tmp, "never-saved")], tmp,
                  ["no complete checkpoint"])
    check_refused(binary, ["--resume", pristine, "--max-frames", "4000"], pristine,
                  ["larger --max-frames"])
    check_refused(binary, ["--resume", pristine, "--max-frames", "8000", "--env",
                           "MinAtar/Breakout-v1"], pristine, ["CartPole-v1", "Breakout"])
    check_refused(binary, ["--resume", pristine, "--max-frames", "8000", "--num-ps", "2"],
                  pristine, ["--num-ps 1"])
    check_refused(binary, ["--resume", pristine, "--max-frames", "8000", "--optimizer", "adam"],
                  pristine, ["--optimizer rmsprop"])
    check_refused(binary, ["--resume", pristine, "--run-dir", os.path.join(tmp, "elsewhere")],
                  pristine, ["drop --run-dir"])
    check_refused(binary, ["--resume", pristine, "--max-frames", "8000", "--optimizer-state",
                           "local"], pristine, ["does not fit", "--optimizer-state"])
    # A feed-forward run cannot go on with an LSTM, nor an LSTM run without one.
    check_refused(binary, ["--resume", pristine, "--max-frames", "8000", "--recurrent", "lstm"],
                  pristine, ["network does not match", "'mlp'", "'mlp+lstm256'"])
    recurrent_run = os.path.join(tmp, "recurrent-run")
    proc = run(binary, ["--run-dir", recurrent_run, "--max-frames", "6000", "--recurrent", "lstm",
                        "--lstm-size", "8"] + QUICK)
    expect(proc.returncode == 0, "the LSTM run: exit %d: %s" % (proc.returncode, proc.stderr[-500:]))
    check_refused(binary, ["--resume", recurrent_run, "--max-frames", "8000", "--recurrent",
                           "none"], recurrent_run, ["network does not match", "mlp+lstm8"])
    proc = run(binary, ["--resume", recurrent_run, "--max-frames", "9000"])
    expect(proc.returncode == 0, "the LSTM run resumed: exit %d: %s" %
           (proc.returncode, proc.stderr[-500:]))
    proc = subprocess.run([binary, "eval", "--checkpoint", recurrent_run, "--episodes", "2"],
                          capture_output=True, text=True, timeout=120)
    expect(proc.returncode == 0 and "over 2 episodes" in proc.stdout,
           "eval of the LSTM run: exit %d: %s" % (proc.returncode, proc.stderr[-500:]))
    # A checkpoint copied in from another run carries that run's settings; the run's own
    # config.toml tells it apart.
    foreign_run = os.path.join(tmp, "foreign-run")
    proc = run(binary, ["--run-dir", foreign_run, "--max-frames", "6000", "--quiet",
                        "--agents", "4", "--checkpoint-every", "0"])
    expect(proc.returncode == 0, "the other run: exit %d" % proc.returncode)
    mixed = os.path.join(tmp, "mixed")
    shutil.copytree(pristine, mixed)
    shutil.copy(checkpoints(foreign_run)[0], os.path.join(mixed, "checkpoints"))
    check_refused(binary, ["--resume", mixed, "--max-frames", "100000"], mixed,
                  ["MinAtar/Breakout-v0", "CartPole-v1", "move the checkpoints"])
    (only,) = checkpoints(pristine)
    for damage, needle in [("truncated", "truncated"), ("flipped", "corrupt"),
                           ("foreign", "not a ga3c checkpoint")]:
        damaged = os.path.join(tmp, damage)
        shutil.copytree(pristine, damaged)
        path = os.path.join(damaged, "checkpoints", os.path.basename(only))
        with open(path, "rb") as f:
            data = bytearray(f.read())
        if damage == "truncated":
            data = data[:len(data) // 2]
        elif damage == "flipped":
            data[len(data) // 2] ^= 0x10
        else:
            data = b"\x89PNG\r\n\x1a\n" + bytes(200)
        with open(path, "wb") as f:
            f.write(data)
        check_refused(binary, ["--resume", damaged, "--max-frames", "8000"], damaged,
                      [os.path.basename(only), needle])

    # Saves every 10 ms: one falls after the workers stopped, at the final save's frame count.
    busy = os.path.join(tmp, "busy")
    for attempt in range(3):
        shutil.rmtree(busy, ignore_errors=True)
        proc = run(binary, ["--run-dir", busy, "--max-frames", "3000", "--env", "CartPole-v1",
                            "--agents", "4", "--quiet", "--checkpoint-every", "0.01"])
        expect(proc.returncode == 0, "--checkpoint-every 0.01: exit %d: %s" %
               (proc.returncode, proc.stderr[-300:]))

    # A damaged newest checkpoint is passed over for the one before it.
    fallback = os.path.join(tmp, "fallback")
    shutil.copytree(first, fallback)
    newest = checkpoints(fallback)[-1]
    with open(newest, "r+b") as f:
        f.seek(100)
        f.write(b"\xff\xff")
    proc = run(binary, ["--resume", fallback, "--max-frames", "12000"])
    expect(proc.returncode == 0 and "passed over" in proc.stderr + proc.stdout and
           os.path.basename(checkpoints(pristine)[0]) in proc.stderr + proc.stdout,
           "fallback: exit %d: %s" % (proc.returncode, proc.stderr[-500:]))
    # ... and the rows logged past the older checkpoint do not go without a word.
    expect(re.search(r"resuming at %d frames: dropped .*episodes\.csv \d+ rows" %
                     frames_of(checkpoints(pristine)[0]), proc.stderr + proc.stdout),
           "fallback: no line on the dropped rows: %s" % proc.stderr[-500:])
    # A newest checkpoint that is whole but in a newer format is not passed over: resuming
    # from the one before would roll the run back and drop what was logged since (issue 27).
    future = os.path.join(tmp, "future")
    shutil.copytree(first, future)
    newest = checkpoints(future)[-1]
    with open(newest, "r+b") as f:
        header = bytearray(f.read(28))
        header[8:12] = (2).to_bytes(4, "little")
        header[24:28] = crc32c(bytes(header[:24])).to_bytes(4, "little")
        f.seek(0)
        f.write(header)
    check_refused(binary, ["--resume", future, "--max-frames", "12000"], future,
                  [os.path.basename(newest), "format version 2 is newer than the one this "
                   "ga3c reads (1)", "newer ga3c"])
    # A damaged file under the name the resumed run's final save needs is moved aside (a
    # deterministic run ends at exactly --max-frames).
    exact = os.path.join(tmp, "exact")
    proc = run(binary, ["--run-dir", exact, "--env", "CartPole-v1", "--deterministic",
                        "--workers", "1", "--agents", "1", "--max-frames", "2000", "--quiet"])
    expect(proc.returncode == 0, "deterministic run: exit %d" % proc.returncode)
    blocker = os.path.join(exact, "checkpoints", "ckpt-000000004000-ps0.ga3c")
    with open(checkpoints(exact)[0], "rb") as f, open(blocker, "wb") as out:
        out.write(f.read()[:100])
    proc = run(binary, ["--resume", exact, "--max-frames", "4000"])
    text = proc.stderr + proc.stdout
    expect(proc.returncode == 0 and "moved aside" in text,
           "damaged name-holder: exit %d: %s" % (proc.returncode, text[-400:]))
    expect([frames_of(p) for p in checkpoints(exact)] == [2000, 4000] and
           glob.glob(blocker + ".damaged-*"), "damaged name-holder: %r" % os.listdir(
               os.path.join(exact, "checkpoints")))

    # A NaN is never pushed: the run stops naming the step; the last good checkpoint stays.
    nan_run = os.path.join(tmp, "nan")
    shutil.copytree(pristine, nan_run)
    proc = run(binary, ["--resume", nan_run, "--max-frames", "1000000", "--lr", "1e30"])
    text = proc.stderr + proc.stdout
    expect(proc.returncode == 1, "nan: exit %d, expected 1: %s" % (proc.returncode, text[-500:]))
    expect(re.search(r"non-finite .*local training step \d+", text) is not None,
           "nan: the message names no step: %s" % text[-500:])
    expect(checkpoints(nan_run) == [os.path.join(nan_run, "checkpoints", os.path.basename(only))],
           "nan: checkpoints now %r" % checkpoints(nan_run))
    proc = run(binary, ["--resume", nan_run, "--max-frames", "8000"])
    expect(proc.returncode == 0, "resume after nan: exit %d: %s" % (proc.returncode,
                                                                     proc.stderr[-300:]))

    # SIGINT and SIGTERM: a final checkpoint and exit 0; it resumes.
    interrupted = check_signal(binary, tmp, signal.SIGINT, "sigint")
    check_signal(binary, tmp, signal.SIGTERM, "sigterm")
    # A second signal right after the first exits at once with 130.
    rows = sum(1 for _ in open(os.path.join(interrupted, "episodes.csv")))
    twice = subprocess.Popen([binary, "train", "--resume", interrupted], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    expect(wait_for_rows(os.path.join(interrupted, "episodes.csv"), rows + 50),
           "second signal: the resumed run wrote no episodes")
    twice.send_signal(signal.SIGINT)
    # Apart, so that the kernel does not merge them into one; well inside the 20 ms the run
    # takes to notice the first.
    time.sleep(0.005)
    twice.send_signal(signal.SIGINT)
    twice.communicate(timeout=60)
    expect(twice.returncode == 130, "second signal: exit %d, expected 130" % twice.returncode)
    latest = checkpoints(interrupted)
    expect(len(latest) >= 1, "second signal: no checkpoint left")
    # Two SIGTERMs, as Slurm can deliver one stop (to srun, which passes it on, and to the
    # task): the second is ignored and the run still ends cleanly with a final checkpoint.
    rows = sum(1 for _ in open(os.path.join(interrupted, "episodes.csv")))
    before = set(latest)
    termed = subprocess.Popen([binary, "train", "--resume", interrupted, "--max-frames",
                               "100000000"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    expect(wait_for_rows(os.path.join(interrupted, "episodes.csv"), rows + 50),
           "two SIGTERMs: the resumed run wrote no episodes")
    termed.send_signal(signal.SIGTERM)
    time.sleep(0.005)
    termed.send_signal(signal.SIGTERM)
    termed.communicate(timeout=60)
    expect(termed.returncode == 0, "two SIGTERMs: exit %d, expected 0" % termed.returncode)
    latest = checkpoints(interrupted)
    expect(set(latest) - before, "two SIGTERMs: no final checkpoint")
    # The last checkpoint reads back: a resume to just past it starts and finishes.
    last = frames_of(latest[-1])
    proc = run(binary, ["--resume", interrupted, "--max-frames", str(last + 1000)])
    expect(proc.returncode == 0, "resume after two signals: exit %d: %s" %
           (proc.returncode, proc.stderr[-300:]))

    check_fresh_draws(binary, tmp)

    shutil.rmtree(tmp, ignore_errors=True)
    print("%d failures" % len(FAILURES))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
