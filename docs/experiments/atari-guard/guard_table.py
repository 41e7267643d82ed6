#!/usr/bin/env python3
"""One CSV row per run of the learning guard `atari_breakout_learns` (tests/learning/
check_learning.py): whether it passed, the frame of its mean-100 of 5, and each layer's lowest
live fraction on the way with the frame of that check (train.csv's live_2 conv2, live_3 fc, the
health monitor's 64 real frames), and the layer and frame where one died (no live unit).

usage: guard_table.py NAME=LOG... > results.csv   (LOG: check_learning.py's output; its first
line names the run directory, which check_learning.py keeps)"""
import csv
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../scripts"))
import health_log  # noqa: E402


def row(name, log_path):
    with open(log_path) as f:
        log = f.read()
    run_dir = re.search(r"--run-dir (\S+)", log).group(1)
    reached = re.search(r"reached by frame (\d+)", log)
    passed = reached is not None and "FAIL" not in log
    out = {"run": name, "seed": re.search(r"--seed (\d+)", log).group(1), "passed": int(passed),
           "bar_reached_at": reached.group(1) if passed else "", "died": ""}
    checks = health_log.health_checks(run_dir)
    for layer in ("conv2", "fc"):
        fraction, frames = health_log.lowest(checks, layer)
        out["lowest_" + layer] = "%.3g" % fraction
        out["lowest_%s_at" % layer] = frames
    death = health_log.first_death(checks)
    if death:
        out["died"] = "%s at %.2fM" % (death[0], death[1] / 1e6)
    return out


def main():
    fields = ["run", "seed", "passed", "bar_reached_at", "lowest_conv2", "lowest_conv2_at",
              "lowest_fc", "lowest_fc_at", "died"]
    writer = csv.DictWriter(sys.stdout, fields, lineterminator="\n")
    writer.writeheader()
    for arg in sys.argv[1:]:
        name, log_path = arg.split("=", 1)
        writer.writerow(row(name, log_path))


if __name__ == "__main__":
    main()
