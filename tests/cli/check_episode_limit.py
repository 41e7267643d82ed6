#!/usr/bin/env python3
"""The episode limit through the real `ga3c` binary (issue 14, part 1).

- Issue 14's case: `ga3c train --env MinAtar/Seaquest-v0 --max-frames 2000 --run-dir R`, then
  `ga3c eval --checkpoint R --episodes 1 --greedy` returns, its summary saying whether the
  episode was cut at MinAtar's 27,000-frame limit (then its length is exactly 27,000).
- The same with a submarine that surely never dives: `--max-episode-frames 3000` on a
  deterministic run, whose greedy policy is fixed by its seed: exactly 3,000 steps, 1 truncated.
- Training writes the limit into config.toml and a `truncated` column into episodes.csv: with
  `--max-episode-frames 40` every episode is at most 40 steps, those marked are 40 steps, and
  an episode cut at the limit still counts.
- Bad limits (negative, not a number, in a config file) are one line and exit code 2.
"""
import argparse
import csv
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from expectations import FAILURES, expect  # noqa: E402

SUMMARY = re.compile(r"over (?P<episodes>\d+) episodes?, length mean (?P<length>[\d.]+), "
                     r"(?P<truncated>\d+) truncated at (?P<limit>\d+) frames$")


def ga3c(binary, *args, timeout=300):
    return subprocess.run([binary] + list(args), capture_output=True, text=True, timeout=timeout)


def summary(proc, name):
    if not expect(proc.returncode == 0, "%s: exit %d: %s" % (name, proc.returncode, proc.stderr)):
        return None
    m = SUMMARY.search(proc.stdout.splitlines()[0]) if proc.stdout else None
    expect(m is not None, "%s: no summary with a truncation count: %r" % (name, proc.stdout))
    return m


def config_value(run_dir, key):
    with open(os.path.join(run_dir, "config.toml")) as f:
        for line in f:
            if line.startswith(key + " = "):
                return line.split(" = ", 1)[1].strip()
    return None


def check_issue_case(binary, tmp):
    run_dir = os.path.join(tmp, "seaquest")
    proc = ga3c(binary, "train", "--env", "MinAtar/Seaquest-v0", "--max-frames", "2000",
                "--run-dir", run_dir, "--quiet", "--log-level", "warn")
    if not expect(proc.returncode == 0, "train Seaquest: exit %d: %s" % (proc.returncode,
                                                                        proc.stderr)):
        return
    expect(config_value(run_dir, "max-episode-frames") == "27000",
           "config.toml: max-episode-frames = %r" % config_value(run_dir, "max-episode-frames"))
    # Unlimited, this never returned; the timeout turns a hang into a failure.
    m = summary(ga3c(binary, "eval", "--checkpoint", run_dir, "--episodes", "1", "--greedy",
                     timeout=240), "eval Seaquest --greedy")
    if m:
        length, truncated = float(m["length"]), int(m["truncated"])
        expect(m["episodes"] == "1" and m["limit"] == "27000", "eval Seaquest: %r" % m.group(0))
        expect((truncated == 1 and length == 27000.0) or (truncated == 0 and length < 27000),
               "eval Seaquest: truncation count and length disagree: %r" % m.group(0))

    # A deterministic run's greedy policy is a function of its seed; under a 3,000-frame limit
    # its episode is cut at exactly 3,000 steps.
    fixed = os.path.join(tmp, "seaquest-deterministic")
    proc = ga3c(binary, "train", "--env", "MinAtar/Seaquest-v0", "--max-frames", "2000",
                "--deterministic", "--workers", "1", "--agents", "1", "--seed", "1",
                "--run-dir", fixed, "--quiet", "--log-level", "warn")
    if expect(proc.returncode == 0, "deterministic Seaquest: exit %d: %s" % (proc.returncode,
                                                                            proc.stderr)):
        m = summary(ga3c(binary, "eval", "--checkpoint", fixed, "--episodes", "2", "--greedy",
                         "--max-episode-frames", "3000"), "eval --max-episode-frames 3000")
        expect(m is not None and m.group(0).endswith(
                   "over 2 episodes, length mean 3000.0, 2 truncated at 3000 frames"),
               "eval --max-episode-frames 3000: %r" % (m and m.group(0)))


def check_training_records(binary, tmp):
    run_dir = os.path.join(tmp, "cartpole-40")
    proc = ga3c(binary, "train", "--env", "CartPole-v1", "--max-frames", "3000",
                "--max-episode-frames", "40", "--deterministic", "--workers", "1", "--agents",
                "1", "--run-dir", run_dir, "--quiet", "--log-level", "warn")
    if not expect(proc.returncode == 0, "train --max-episode-frames 40: exit %d: %s" %
                  (proc.returncode, proc.stderr)):
        return
    expect(config_value(run_dir, "max-episode-frames") == "40",
           "config.toml: max-episode-frames = %r" % config_value(run_dir, "max-episode-frames"))
    with open(os.path.join(run_dir, "episodes.csv")) as f:
        rows = list(csv.DictReader(f))
    expect(rows and list(rows[0].keys())[-1] == "truncated",
           "episodes.csv columns: %r" % (rows and list(rows[0].keys())))
    lengths = [int(r["length"]) for r in rows]
    cut = [r["truncated"] == "1" for r in rows]
    expect(max(lengths) == 40, "the longest episode is %d steps, not 40" % max(lengths))
    expect(all(length == 40 for length, c in zip(lengths, cut) if c),
           "a truncated episode is not 40 steps: %r" % list(zip(lengths, cut)))
    # A 40-step episode whose pole fell on that step terminated: it is not marked.
    # Every episode but the last one under way is a row, so the lengths add up to the frames
    # played before the last episode began.
    expect(sum(lengths) <= 3000 and sum(lengths) > 3000 - 40,
           "episode lengths sum to %d of 3000 frames" % sum(lengths))
    expect(any(cut), "no episode reached the limit of 40")

    again = os.path.join(tmp, "cartpole-again")
    proc = ga3c(binary, "train", "--config", os.path.join(run_dir, "config.toml"), "--run-dir",
                again, "--quiet", "--log-level", "warn")
    if expect(proc.returncode == 0, "train --config config.toml: exit %d: %s" %
              (proc.returncode, proc.stderr)):
        with open(os.path.join(again, "episodes.csv")) as f:
            again_rows = [(r["length"], r["truncated"]) for r in csv.DictReader(f)]
        expect(again_rows == [(r["length"], r["truncated"]) for r in rows],
               "the run's config.toml does not replay its episodes")


def check_refused(binary, tmp):
    bad_config = os.path.join(tmp, "bad.toml")
    with open(bad_config, "w") as f:
        f.write("[train]\nenv = \"CartPole-v1\"\nmax-episode-frames = -5\n")
    cases = [
        (["--max-episode-frames", "-5"], ["--max-episode-frames must be >= 0", "got -5"]),
        (["--max-episode-frames", "many"], ["many"]),
        (["--config", bad_config], ["bad.toml, line 3", "--max-episode-frames must be >= 0"]),
    ]
    for args, needles in cases:
        run_dir = os.path.join(tmp, "refused")
        proc = ga3c(binary, "train", "--env", "CartPole-v1", "--run-dir", run_dir, *args)
        lines = [l for l in (proc.stderr + proc.stdout).splitlines() if l.strip()]
        name = " ".join(args)
        expect(proc.returncode == 2, "%s: exit %d, expected 2" % (name, proc.returncode))
        expect(len(lines) == 1, "%s: expected one line, got %r" % (name, lines))
        for needle in needles:
            expect(needle in "\n".join(lines), "%s: no %r in %r" % (name, needle, lines))
        expect(not os.path.exists(run_dir), "%s: created %s" % (name, run_dir))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ga3c_episode_limit_") as tmp:
        check_issue_case(args.binary, tmp)
        check_training_records(args.binary, tmp)
        check_refused(args.binary, tmp)
    print("ok" if not FAILURES else "%d failure(s)" % len(FAILURES))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
