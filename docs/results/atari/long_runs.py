#!/usr/bin/env python3
"""One CSV row per long Atari run (a run directory of `ga3c train`): the mean-100 at the end,
the best at any episode's end, at 2.5M, 5M and 7.5M frames, the largest fall from the best so
far and where it ended, wall seconds and frames/s (at system.csv's status rows, the mean-100
from episodes.csv), and the lowest live fraction of conv2 and fc over the health monitor's
checks (train.csv's live_2, live_3).

usage: long_runs.py RUN_DIR... > results.csv   (the seed and lr from each run's config.toml)"""
import csv
import os
import sys
import tomllib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../scripts"))
import health_log  # noqa: E402


def episodes(run_dir):
    """(frames, raw return) of every finished episode, in order."""
    with open(os.path.join(run_dir, "episodes.csv")) as f:
        return sorted((int(r["frames"]), float(r["return"])) for r in csv.DictReader(f)
                      if None not in r.values() and r["return"])


def mean_100_at_each_end(ended):
    """(frames, mean of the last 100 returns) at every episode end from the 100th on."""
    returns = [ret for _, ret in ended]
    window = sum(returns[:99])
    points = []
    for i in range(99, len(returns)):
        window += returns[i]
        points.append((ended[i][0], window / 100))
        window -= returns[i - 99]
    return points


def status_rows(run_dir, ended_episodes):
    """system.csv's status rows, each with the mean raw return of the last 100 episodes that
    ended by its frame count, taken from episodes.csv: a resumed run's status rows read 0 until
    an episode of the new stretch ends (ga3c does not keep the window in its checkpoint)."""
    with open(os.path.join(run_dir, "system.csv")) as f:
        rows = [r for r in csv.DictReader(f) if None not in r.values() and r["frames"]]
    ended = 0
    for r in rows:
        while ended < len(ended_episodes) and ended_episodes[ended][0] <= int(r["frames"]):
            ended += 1
        window = [ret for _, ret in ended_episodes[max(0, ended - 100):ended]]
        r["mean_return_100"] = sum(window) / len(window) if window else None
    return [r for r in rows if r["mean_return_100"] is not None]


def at(rows, frames):
    before = [r for r in rows if int(r["frames"]) <= frames]
    return float(before[-1]["mean_return_100"]) if before else float("nan")


def row(run_dir):
    with open(os.path.join(run_dir, "config.toml"), "rb") as f:
        config = tomllib.load(f)["train"]
    ended = episodes(run_dir)
    rows = status_rows(run_dir, ended)
    best, drop, drop_at = float("-inf"), 0.0, ""
    for r in rows:
        value = float(r["mean_return_100"])
        best = max(best, value)
        if best - value > drop:
            drop, drop_at = best - value, r["frames"]
    # ga3c's own best restarts at a resume: the best over every episode end of the whole run.
    if len(ended) >= 100:
        best = max(mean for _, mean in mean_100_at_each_end(ended))
    checks = health_log.health_checks(run_dir)
    lows = {layer: health_log.lowest(checks, layer) for layer in ("conv2", "fc")}
    wall = float(rows[-1]["wall_s"])
    frames = int(rows[-1]["frames"])
    return {"run": os.path.basename(os.path.normpath(run_dir)), "seed": config["seed"],
            "lr": config["lr"], "frames": frames,
            "mean_return_100_final": "%.2f" % float(rows[-1]["mean_return_100"]),
            "best": "%.2f" % best,
            **{"at_%s" % name: "%.2f" % at(rows, f) for name, f in
               (("2.5M", 2_500_000), ("5M", 5_000_000), ("7.5M", 7_500_000))},
            "largest_drop_from_best": "%.2f" % drop, "drop_at_frames": drop_at,
            **{"lowest_" + layer: "%.3g" % low[0] if low else "" for layer, low in lows.items()},
            "wall_s": "%.0f" % wall, "frames_per_s": "%.0f" % (frames / wall)}


def main():
    rows = [row(d) for d in sys.argv[1:]]
    writer = csv.DictWriter(sys.stdout, list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)


if __name__ == "__main__":
    main()
