#!/usr/bin/env python3
"""The seven games' learning curves in one picture, a panel per game: the mean raw return of
the last 100 episodes against environment frames, from each run's episodes.csv (which goes on
across resumes), with Dopamine's DQN at 10M frames and ga3c's random play as flat lines.

usage: curves.py RUNS_DIR OUT_DIR   (RUNS_DIR holds <game>-s1/ as run.sh writes them; OUT_DIR
gets curves.csv, curves.gp and curves.png, drawn by gnuplot)"""
import csv
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from long_runs import episodes, mean_100_at_each_end  # noqa: E402

# game: (DQN, Dopamine, 10M frames; random play, ga3c eval --random), as in atari.md's table.
REFERENCE = {
    "Pong": (-4.9, -20.45), "Enduro": (589.6, 0.00), "Seaquest": (299.6, 91.6),
    "Qbert": (1658.4, 152.0), "BeamRider": (869.3, 370.5),
    "SpaceInvaders": (663.3, 146.6), "Breakout": (21.5, 1.50),
}


def main():
    runs, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    games = [g for g in REFERENCE if os.path.isfile(os.path.join(runs, g.lower() + "-s1",
                                                                  "episodes.csv"))]
    with open(os.path.join(out, "curves.csv"), "w", newline="") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(["game", "frames", "mean_return_100"])
        for game in games:
            ended = episodes(os.path.join(runs, game.lower() + "-s1"))
            for frames, mean in mean_100_at_each_end(ended):
                writer.writerow([game, frames, "%.3f" % mean])
    lines = [
        "# Written by curves.py: `gnuplot curves.gp` in this directory draws curves.png.",
        "set terminal pngcairo size 1600,800 noenhanced font 'sans,10'",
        "set output 'curves.png'",
        "set datafile separator comma",
        "set grid",
        "set xrange [0:10]",
        "set key top left opaque",
        "set multiplot layout 2,4 title 'ga3c, ALE/ preset, seed 1: mean return of the last "
        "100 episodes against environment frames (millions)'",
    ]
    for game in games:
        dqn, random_play = REFERENCE[game]
        lines += [
            "set title '%s'" % game,
            "plot 'curves.csv' skip 1 using ($2/1e6):(strcol(1) eq '%s' ? $3 : NaN) "
            "with lines lw 2 title 'ga3c', \\" % game,
            "     %g with lines dt 2 lc rgb 'black' title 'DQN 10M (Dopamine)', \\" % dqn,
            "     %g with lines dt 3 lc rgb 'gray40' title 'random'" % random_play,
        ]
    lines.append("unset multiplot")
    with open(os.path.join(out, "curves.gp"), "w") as f:
        f.write("\n".join(lines) + "\n")
    subprocess.run(["gnuplot", "curves.gp"], cwd=out, check=True)


if __name__ == "__main__":
    main()
