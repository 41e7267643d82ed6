#!/usr/bin/env python3
"""`ga3c plot` on short CartPole trainings (1 and 2 workers, and a second seed of the first):
every picture is a PNG of the documented size, the CSV behind it has one row per point of each
line and the values that README "Plots" defines (recomputed here from the runs' own CSV files),
bad input gets one line on stderr, exit code 2 and nothing written, and SIGINT ends a plot at
once keeping the figures already drawn whole."""
import argparse
import bisect
import csv
import os
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time

WIDTH, HEIGHT = 1000, 600  # plot/figure.h
WINDOW = 100  # episodes in a return mean, syncs in a sync mean (plot/series.h)


def read_rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def png_size(path):
    """Width and height from the IHDR chunk, which a valid PNG has first."""
    with open(path, "rb") as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", head[16:24])


def by_frames(rows):
    return sorted(rows, key=lambda r: float(r["frames"]))  # stable, as ga3c plot sorts


def rolling(values, window, full_only):
    out = []
    for i in range(len(values)):
        if full_only and i + 1 < window:
            continue
        part = values[max(0, i + 1 - window):i + 1]
        out.append(sum(part) / len(part))
    return out


def series_rows(rows, run, worker="all"):
    return [r for r in rows if r["run"] == run and r["worker"] == worker]


def close(a, b):
    return abs(a - b) <= 1e-6 * max(1.0, abs(a), abs(b))


class Checks:
    def __init__(self):
        self.passed = 0
        self.failures = []

    def expect(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failures.append(what)
        return ok


def check_line(checks, name, got, x_column, y_column, want_x, want_y, may_be_empty=False):
    if not checks.expect(len(got) == len(want_y),
                         "%s: %d rows, expected %d" % (name, len(got), len(want_y))):
        return
    checks.expect(len(got) > 0 or may_be_empty,
                  "%s: no rows (too short a training for this check)" % name)
    bad = [i for i, r in enumerate(got)
           if not close(float(r[x_column]), want_x[i]) or not close(float(r[y_column]), want_y[i])]
    if bad:
        checks.expect(False, "%s: row %d is not (%s, %s) = (%s, %s)" % (
            name, bad[0], x_column, y_column, want_x[bad[0]], want_y[bad[0]]))
    else:
        checks.expect(True, name)


def check_runs(checks, out, runs, per_worker):
    suffix = "_per_worker" if per_worker else ""
    for name in ("return_vs_frames", "return_vs_time", "sync_vs_frames", "fps_vs_time"):
        base = name + ("" if name == "fps_vs_time" else suffix)
        png = os.path.join(out, base + ".png")
        checks.expect(png_size(png) == (WIDTH, HEIGHT),
                      "%s: %s, expected a %dx%d PNG" % (png, png_size(png), WIDTH, HEIGHT))
        for ext in (".csv", ".gp"):
            checks.expect(os.path.isfile(os.path.join(out, base + ext)), base + ext + " missing")

    returns = {x: read_rows(os.path.join(out, "return_vs_%s%s.csv" % (x, suffix)))
               for x in ("frames", "time")}
    syncs = read_rows(os.path.join(out, "sync_vs_frames%s.csv" % suffix))
    fps = read_rows(os.path.join(out, "fps_vs_time.csv"))
    for run, run_dir in runs.items():
        episodes = by_frames(read_rows(os.path.join(run_dir, "episodes.csv")))
        sync_rows = by_frames(read_rows(os.path.join(run_dir, "sync.csv")))
        workers = sorted({r["worker"] for r in episodes}, key=int)
        groups = [(w, [e for e in episodes if e["worker"] == w],
                   [s for s in sync_rows if s["worker"] == w]) for w in workers] \
            if per_worker else [("all", episodes, sync_rows)]
        for worker, eps, sy in groups:
            label = "%s worker %s" % (run, worker)
            returns_100 = rolling([float(e["return"]) for e in eps], WINDOW, True)
            for axis, column in (("frames", "frames"), ("time", "wall_s")):
                got = series_rows(returns[axis], run, worker)
                check_line(checks, "return_vs_%s %s" % (axis, label), got, column, "return_100",
                           [float(e[column]) for e in eps[WINDOW - 1:]], returns_100)
                if not per_worker:
                    # The band spans the worker means, so it holds the line; one worker: the line.
                    inside = all(float(r["return_100_low"]) - 1e-9 <= float(r["return_100"])
                                 <= float(r["return_100_high"]) + 1e-9 for r in got)
                    checks.expect(inside, "return_vs_%s %s: line outside its band" % (axis, run))
                    if len(workers) == 1:
                        checks.expect(all(r["return_100_low"] == r["return_100"] ==
                                          r["return_100_high"] for r in got),
                                      "%s: one worker, yet a band" % run)
            sync_ms = rolling([float(s["push_ms"]) + float(s["pull_ms"]) for s in sy], WINDOW,
                              False)
            check_line(checks, "sync_vs_frames " + label, series_rows(syncs, run, worker),
                       "frames", "sync_ms", [float(s["frames"]) for s in sy], sync_ms)
        system = read_rows(os.path.join(run_dir, "system.csv"))
        check_line(checks, "fps_vs_time " + run, series_rows(fps, run), "wall_s", "fps",
                   [float(s["wall_s"]) for s in system], [float(s["fps"]) for s in system])
    if per_worker:
        checks.expect({r["worker"] for r in returns["frames"] if r["run"] == "cp-2w"} == {"0", "1"},
                      "per-worker returns of cp-2w lack a worker")


def job_line(run_dir, column):
    """The job's return line of a run, as (x, mean return of 100) points in x order."""
    episodes = by_frames(read_rows(os.path.join(run_dir, "episodes.csv")))
    means = rolling([float(e["return"]) for e in episodes], WINDOW, True)
    return sorted(zip([float(e[column]) for e in episodes[WINDOW - 1:]], means),
                  key=lambda p: p[0])


def check_seed_groups(checks, out, groups):
    """groups: legend name -> run directories that differ only in the seed."""
    for axis, column in (("frames", "frames"), ("time", "wall_s")):
        rows = read_rows(os.path.join(out, "return_vs_%s_seeds.csv" % axis))
        checks.expect({r["run"] for r in rows} <= set(groups),
                      "return_vs_%s_seeds: lines %s, expected some of %s" % (
                          axis, sorted({r["run"] for r in rows}), sorted(groups)))
        for label, dirs in groups.items():
            lines = [job_line(d, column) for d in dirs]
            start, end = max(l[0][0] for l in lines), min(l[-1][0] for l in lines)
            xs = sorted({x for l in lines for x, _ in l if start <= x <= end})
            # Each run at its latest point at or before x.
            values = [[l[bisect.bisect_right([p[0] for p in l], x) - 1][1] for l in lines]
                      for x in xs]
            got = series_rows(rows, label)
            # Two short runs can miss each other in wall time (one starts slower): no rows then.
            check_line(checks, "return_vs_%s_seeds %s" % (axis, label), got, column,
                       "return_100", xs, [sum(v) / len(v) for v in values],
                       may_be_empty=axis == "time")
            if len(got) == len(xs):
                bad = [i for i, r in enumerate(got)
                       if not close(float(r["return_100_low"]), min(values[i]))
                       or not close(float(r["return_100_high"]), max(values[i]))]
                checks.expect(not bad, "return_vs_%s_seeds %s: band of row %s is not the "
                              "lowest to highest run" % (axis, label, bad[:1]))


def check_error(checks, binary, args, needle, must_not_exist, env=None):
    p = subprocess.run([binary, "plot"] + args, capture_output=True, text=True, env=env)
    lines = p.stderr.strip().splitlines()
    checks.expect(p.returncode == 2, "%s: exit code %d, expected 2" % (args, p.returncode))
    checks.expect(len(lines) == 1 and needle in lines[0],
                  "%s: stderr %r, expected one line with %r" % (args, p.stderr, needle))
    checks.expect(not os.path.exists(must_not_exist), "%s: wrote %s" % (args, must_not_exist))


FAKE_GNUPLOT = """#!/bin/sh
# Draws the first figure at once (a stand-in PNG), then hangs as a slow gnuplot would.
out=$(sed -n "s/^set output '\\(.*\\)'$/\\1/p" "$1")
case "$1" in
  return_vs_frames.gp) printf 'stand-in' > "$out"; exit 0 ;;
esac
touch "$GA3C_TEST_MARK"
exec sleep 60
"""


def check_interrupt(checks, binary, run_dir, tmp):
    """SIGINT while gnuplot draws the second figure: exit 130, one line naming the picture
    kept, the first figure's files whole, the earlier plot's second picture untouched, and no
    staging directory left (its own, or one a killed plot left before)."""
    fake_dir = os.path.join(tmp, "fake_gnuplot")
    os.makedirs(fake_dir)
    fake = os.path.join(fake_dir, "gnuplot")
    with open(fake, "w") as f:
        f.write(FAKE_GNUPLOT)
    os.chmod(fake, 0o755)
    out = os.path.join(tmp, "interrupted")
    os.makedirs(os.path.join(out, ".ga3c-plot-999999999"))  # no such process
    with open(os.path.join(out, "return_vs_time.png"), "w") as f:
        f.write("earlier picture")
    mark = os.path.join(tmp, "second_figure_started")
    env = dict(os.environ, PATH=fake_dir + os.pathsep + os.environ.get("PATH", ""),
               GA3C_TEST_MARK=mark)
    proc = subprocess.Popen([binary, "plot", run_dir, "--out", out], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for _ in range(600):
        if os.path.exists(mark) or proc.poll() is not None:
            break
        time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        checks.expect(False, "plot: still running 10 s after SIGINT")
        return
    lines = err.strip().splitlines()
    checks.expect(proc.returncode == 130, "plot SIGINT: exit code %d, expected 130" % proc.returncode)
    want = ["stopping: keeping the pictures already drawn (Ctrl-C again to exit now)",
            "ga3c plot: interrupted: kept 1 of 4 pictures in %s: return_vs_frames.png" % out]
    lines = [line for line in lines if line]
    checks.expect(lines == want, "plot SIGINT: stderr %r, expected %r" % (lines, want))
    left = sorted(os.listdir(out))
    checks.expect(left == ["return_vs_frames.csv", "return_vs_frames.gp", "return_vs_frames.png",
                           "return_vs_time.png"], "plot SIGINT: left %s" % left)
    with open(os.path.join(out, "return_vs_time.png")) as f:
        checks.expect(f.read() == "earlier picture", "plot SIGINT: replaced the earlier picture")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="ga3c_plot_")
    runs = {}
    for name, workers, seed in (("cp-1w", 1, 1), ("cp-2w", 2, 1), ("cp-1w-s2", 1, 2)):
        run_dir = os.path.join(tmp, name)
        subprocess.run([args.binary, "train", "--env", "CartPole-v1", "--max-frames", "30000",
                        "--workers", str(workers), "--seed", str(seed), "--status-interval", "0.5",
                        "--quiet", "--log-level", "warn", "--run-dir", run_dir], check=True)
        runs[name] = run_dir
    seed_run = runs.pop("cp-1w-s2")  # only in the --group-seeds check
    checks = Checks()
    for per_worker in (False, True):
        out = os.path.join(tmp, "plots")
        cmd = [args.binary, "plot"] + list(runs.values()) + ["--out", out]
        p = subprocess.run(cmd + (["--per-worker"] if per_worker else []),
                           capture_output=True, text=True)
        if checks.expect(p.returncode == 0, "%s: exit %d: %s" % (cmd, p.returncode, p.stderr)):
            check_runs(checks, out, runs, per_worker)

    out = os.path.join(tmp, "plots")
    cmd = [args.binary, "plot", runs["cp-1w"], seed_run, runs["cp-2w"], "--out", out,
           "--group-seeds"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if checks.expect(p.returncode == 0, "%s: exit %d: %s" % (cmd, p.returncode, p.stderr)):
        check_seed_groups(checks, out, {"cp-1w* (2 runs)": [runs["cp-1w"], seed_run],
                                        "cp-2w": [runs["cp-2w"]]})

    check_interrupt(checks, args.binary, runs["cp-1w"], tmp)

    empty = os.path.join(tmp, "empty")
    os.makedirs(empty)
    blocker = os.path.join(tmp, "a_file")
    with open(blocker, "w") as f:
        f.write("x")
    no_gnuplot = os.path.join(tmp, "no_gnuplot_here")
    os.makedirs(no_gnuplot)
    fresh = os.path.join(tmp, "fresh")
    check_error(checks, args.binary, [runs["cp-1w"], empty, "--out", fresh],
                "has no episodes.csv", fresh)
    check_error(checks, args.binary, [os.path.join(tmp, "nowhere"), "--out", fresh],
                "does not exist", fresh)
    check_error(checks, args.binary, [runs["cp-1w"], "--out", os.path.join(blocker, "plots")],
                "--out", os.path.join(blocker, "plots"))
    check_error(checks, args.binary, [runs["cp-1w"], "--out", fresh], "gnuplot-nox", fresh,
                env=dict(os.environ, PATH=no_gnuplot))
    check_error(checks, args.binary, ["--out", fresh], "RUN_DIR", fresh)
    check_error(checks, args.binary, [runs["cp-1w"], "--out", fresh, "--per-worker",
                                      "--group-seeds"], "excludes", fresh)
    no_config = os.path.join(tmp, "no_config")
    shutil.copytree(runs["cp-2w"], no_config)
    os.remove(os.path.join(no_config, "config.toml"))
    check_error(checks, args.binary, [runs["cp-1w"], no_config, "--out", fresh, "--group-seeds"],
                "has no config.toml", fresh)

    for f in checks.failures:
        print("FAIL: " + f)
    print("%d passed, %d failed" % (checks.passed, len(checks.failures)))
    if checks.failures:
        print("runs and plots kept in " + tmp)
        return 1
    shutil.rmtree(tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main())
