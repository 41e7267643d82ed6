#!/usr/bin/env python3
"""Runs a study: a grid of `ga3c train` runs described by a TOML spec, a few at a time, and
writes one results table and the pictures.

    scripts/study.py docs/experiments/optimizer-state.toml            # run, or go on
    scripts/study.py SPEC --parallel 2 --binary build/ga3c
    scripts/study.py SPEC --report                                    # table and pictures only
    scripts/study.py SPEC --list                                      # the cells, nothing run

Interrupting it (Ctrl-C, SIGTERM) asks every running training to stop: each saves a final
checkpoint and the runner exits 130. Running it again goes on where it stopped: finished cells
are skipped, interrupted ones go on with `ga3c train --resume` (from their last checkpoint, so
a killed run loses at most --checkpoint-every seconds), and cells whose run directory holds no
checkpoint start again (the old directory is moved aside). Python 3.11 standard library only;
the pictures need gnuplot (`ga3c plot` and the summary figure).

The spec (docs/experiments/optimizer-state.toml is one):

    [study]
    out = "runs/study/NAME"       # everything goes under it (relative to the current directory)
    seeds = [1, 2, 3]             # every cell runs once per seed
    parallel = 1                  # trainings at a time (--parallel overrides it)
    plot-by = ["env"]             # one `ga3c plot --group-seeds` picture per value of these keys
    [study.threshold]             # mean return (last 100) whose first frame is reported
    "CartPole-v1" = 195.0
    [train]                       # `ga3c train` flags of every cell (keys without the dashes)
    max-frames = 2000000
    [[grid]]                      # a cross product of settings; several [[grid]] add up
    env = ["CartPole-v1"]
    correction = ["none", "vtrace"]
    [[exclude]]                   # cells matching every key of one of these are dropped
    correction = "vtrace"
    workers = 1

Output under `out`: runs/CELL (each training's run directory), logs/CELL.log (its console
output, every segment appended), state/CELL.json (how its segments ended), results.csv (one row
per cell and seed; status finished, diverged (ga3c stopped on a NaN or Inf), stopped, failed or
not run), settings.csv (one row per setting over its finished seeds: mean, lowest and highest
final and best return, frames to threshold, wall s, sync ms, lag, overlaps; settings.md the
same as Markdown tables), plots/ (ga3c plot --group-seeds per plot-by group) and
summary_ENV.png (final return and frames to threshold of every setting: the mean over seeds,
a bar from the lowest to the highest seed).
"""
import argparse
import csv
import itertools
import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import tomllib

DONE_LINE = re.compile(
    r"done( \(stopped by signal\))?: (\d+) frames, .* in ([0-9.]+) s .*?"
    r"(?:; (\d+) overlapping applies(?:, (\d+) optimizer steps lost)?.*)?$")
WINDOW = 100


class SpecError(Exception):
    """A spec the runner cannot use: one line naming the problem and the fix."""


def fail(message):
    print("study: error: " + message, file=sys.stderr)
    sys.exit(2)


# ---------------------------------------------------------------------------- the spec


def load_spec(path):
    try:
        with open(path, "rb") as f:
            spec = tomllib.load(f)
    except OSError as e:
        raise SpecError(f"cannot read spec {path}: {e.strerror}; pass an existing TOML file")
    except tomllib.TOMLDecodeError as e:
        raise SpecError(f"spec {path} is not valid TOML: {e}")
    unknown = set(spec) - {"study", "train", "grid", "exclude"}
    if unknown:
        raise SpecError(f"spec {path}: unknown table(s) {sorted(unknown)}; use [study], "
                        "[train], [[grid]] and [[exclude]]")
    study = spec.get("study", {})
    if "out" not in study:
        raise SpecError(f"spec {path}: [study] needs out = \"DIR\"")
    if not spec.get("grid"):
        raise SpecError(f"spec {path}: no [[grid]]; add one with a list per varied setting")
    for g in spec["grid"]:
        for key, values in g.items():
            if not isinstance(values, list) or not values:
                raise SpecError(f"spec {path}: grid key {key} must be a non-empty list, "
                                f"e.g. {key} = [{values!r}]")
    seeds = study.get("seeds", [1])
    if not seeds or not all(isinstance(s, int) and s >= 0 for s in seeds):
        raise SpecError(f"spec {path}: seeds must be a list of whole numbers >= 0")
    for key in ("run-dir", "seed", "resume", "config"):
        if key in spec.get("train", {}) or any(key in g for g in spec["grid"]):
            raise SpecError(f"spec {path}: {key} is the runner's to set; remove it")
    return spec


def axes(spec):
    """Grid keys in the order they first appear."""
    keys = []
    for g in spec["grid"]:
        keys += [k for k in g if k not in keys]
    return keys


def cells(spec):
    """Every (settings, seed) of the grid, minus the excluded ones, in spec order."""
    out, seen = [], set()
    base = dict(spec.get("train", {}))
    for g in spec["grid"]:
        keys = list(g)
        for values in itertools.product(*(g[k] for k in keys)):
            settings = dict(base)
            settings.update(zip(keys, values))
            if any(all(settings.get(k) == v for k, v in ex.items())
                   for ex in spec.get("exclude", [])):
                continue
            key = json.dumps(settings, sort_keys=True)
            if key in seen:
                continue
            seen.add(key)
            for seed in spec["study"].get("seeds", [1]):
                out.append((settings, seed))
    return out


def abbreviation(key):
    return "".join(word[0] for word in key.split("-"))


def setting_name(spec, settings):
    """Names a setting (a cell without its seed): the environment, then KEY-VALUE for each grid
    key, KEY the initials of the flag's words (optimizer-state shared: os-shared)."""
    parts = [str(settings.get("env", "default-env")).split("/")[-1]]
    for key in axes(spec):
        if key != "env" and key in settings:  # a grid without the key: ga3c's default
            parts.append(f"{abbreviation(key)}-{settings[key]}")
    return "_".join(parts)


def cell_name(spec, settings, seed):
    return f"{setting_name(spec, settings)}_s{seed}"


def flags(settings):
    args = []
    for key, value in settings.items():
        if isinstance(value, bool):
            if value:
                args.append("--" + key)
        else:
            args += ["--" + key, str(value)]
    return args


# ---------------------------------------------------------------------------- running


class Cell:
    def __init__(self, spec, out, settings, seed):
        self.settings, self.seed = settings, seed
        self.name = cell_name(spec, settings, seed)
        self.run_dir = os.path.join(out, "runs", self.name)
        self.log = os.path.join(out, "logs", self.name + ".log")
        self.state_file = os.path.join(out, "state", self.name + ".json")

    def state(self):
        try:
            with open(self.state_file) as f:
                return json.load(f)
        except FileNotFoundError:
            return {"done": False, "status": "not run", "segments": []}

    def save_state(self, state):
        tmp = self.state_file + ".tmp"
        with open(tmp, "w") as f:
            json.dump(state, f, indent=1)
        os.replace(tmp, self.state_file)

    def has_checkpoint(self):
        d = os.path.join(self.run_dir, "checkpoints")
        return os.path.isdir(d) and any(n.startswith("ckpt-") for n in os.listdir(d))

    def command(self, binary):
        """The next segment's command line, moving aside a run that cannot go on."""
        if os.path.exists(self.run_dir) and not self.has_checkpoint():
            n = 1
            while os.path.exists(f"{self.run_dir}.aborted-{n}"):
                n += 1
            os.rename(self.run_dir, f"{self.run_dir}.aborted-{n}")
            print(f"study: {self.name}: no checkpoint to go on from; moved it to "
                  f"{self.run_dir}.aborted-{n} and starting again", flush=True)
        if os.path.exists(self.run_dir):
            return [binary, "train", "--resume", self.run_dir] + flags(self.settings)
        return ([binary, "train", "--run-dir", self.run_dir, "--seed", str(self.seed)]
                + flags(self.settings))


class Runner:
    """Starts cells, at most `parallel` at a time; a stop request is passed on once."""

    def __init__(self, binary, parallel):
        self.binary, self.parallel = binary, parallel
        self.running = {}  # pid -> (cell, Popen, log offset, log file)
        self.stopping = False

    def request_stop(self, signum, frame):
        if self.stopping:
            return
        self.stopping = True
        print("\nstudy: stopping; every running training saves a checkpoint first", flush=True)
        for cell, proc, _, _ in self.running.values():
            # Its own session: a terminal's Ctrl-C reached the runner only, and one SIGINT
            # makes ga3c save and exit 0 (a second would exit at once).
            try:
                proc.send_signal(signal.SIGINT)
            except ProcessLookupError:
                pass

    def start(self, cell):
        cmd = cell.command(self.binary)
        log = open(cell.log, "a")
        log.write(f"\n# study {time.strftime('%Y-%m-%d %H:%M:%S')}: {' '.join(cmd)}\n")
        log.flush()
        offset = log.tell()
        print(f"study: {cell.name}: {'resuming' if '--resume' in cmd else 'starting'}",
              flush=True)
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
        self.running[proc.pid] = (cell, proc, offset, log)

    def reap(self):
        """Waits for one training to end and records how it ended."""
        while True:
            for pid, (cell, proc, offset, log) in list(self.running.items()):
                if proc.poll() is None:
                    continue
                del self.running[pid]
                log.close()
                with open(cell.log) as f:
                    f.seek(offset)
                    text = f.read()
                segment = {"exit": proc.returncode, "stopped": True, "overlaps": None,
                           "lost_steps": None, "frames": None, "wall_s": None}
                for line in text.splitlines():
                    m = DONE_LINE.search(line)
                    if m:
                        segment.update(stopped=m.group(1) is not None, frames=int(m.group(2)),
                                       wall_s=float(m.group(3)),
                                       overlaps=int(m.group(4)) if m.group(4) else None,
                                       lost_steps=int(m.group(5)) if m.group(5) else None)
                # A NaN or Inf stops ga3c with exit 1: training diverged, which is a result.
                segment["diverged"] = proc.returncode == 1 and "non-finite" in text
                state = cell.state()
                state["segments"].append(segment)
                state["done"] = segment["diverged"] or (proc.returncode == 0 and
                                                        not segment["stopped"])
                state["status"] = ("diverged" if segment["diverged"] else
                                   "finished" if state["done"] else
                                   "stopped" if proc.returncode == 0 else "failed")
                cell.save_state(state)
                how = {"diverged": f"diverged (non-finite loss or gradient; see {cell.log})",
                       "finished": "finished",
                       "stopped": "stopped; run the study again to go on",
                       "failed": f"FAILED (exit {proc.returncode}); see {cell.log}"}
                print(f"study: {cell.name}: {how[state['status']]}", flush=True)
                return state["status"] != "failed"
            time.sleep(0.2)

    def run(self, todo):
        failures = 0
        queue = list(todo)
        while (queue and not self.stopping) or self.running:
            while queue and not self.stopping and len(self.running) < self.parallel:
                self.start(queue.pop(0))
            if self.running and not self.reap():
                failures += 1
        return failures


# ---------------------------------------------------------------------------- results


def read_csv(path):
    try:
        with open(path, newline="") as f:
            return list(csv.DictReader(f))
    except FileNotFoundError:
        return []


def number(row, key):
    try:
        return float(row[key])
    except (KeyError, TypeError, ValueError):
        return None


def episode_figures(run_dir, threshold):
    """Final and best mean return of WINDOW consecutive episodes, the frame the mean first
    reached the threshold, and the last frame count."""
    rows = read_csv(os.path.join(run_dir, "episodes.csv"))
    # A row cut short by a crash has no return; it is not an episode.
    rows = [r for r in rows if number(r, "return") is not None]
    returns = [number(r, "return") for r in rows]
    final = best = reached = None
    total = 0.0
    for i, x in enumerate(returns):
        total += x
        if i >= WINDOW:
            total -= returns[i - WINDOW]
        if i + 1 >= WINDOW:
            mean = total / WINDOW
            best = mean if best is None else max(best, mean)
            if reached is None and threshold is not None and mean >= threshold:
                reached = int(number(rows[i], "frames"))
    if len(returns) >= WINDOW:
        final = sum(returns[-WINDOW:]) / WINDOW
    frames = int(number(rows[-1], "frames")) if rows else None
    return final, best, reached, frames


def sync_figures(run_dir):
    """Mean push + pull milliseconds and mean policy lag over every sync of every worker."""
    rows = []
    for name in sorted(os.listdir(run_dir)) if os.path.isdir(run_dir) else []:
        if re.fullmatch(r"sync(-w\d+)?\.csv", name):
            rows += read_csv(os.path.join(run_dir, name))
    ms = [number(r, "push_ms") + number(r, "pull_ms") for r in rows
          if number(r, "push_ms") is not None and number(r, "pull_ms") is not None]
    lags = [number(r, "lag") for r in rows if number(r, "lag") is not None]
    return mean_of(ms), mean_of(lags)


def network_died(run_dir):
    """"yes" when a health check (train.csv's live_* columns) found a layer without a live unit
    (the dead-network alarm's condition, in any worker), "no" when none did, "" without checks."""
    rows = read_csv(os.path.join(run_dir, "train.csv"))
    live = [number(r, k) for r in rows for k in r if k and k.startswith("live_")]
    live = [x for x in live if x is not None]
    if not live:
        return ""
    return "yes" if min(live) == 0 else "no"


def wall_seconds(run_dir):
    """The training's wall seconds over all its segments: the last system.csv row's."""
    rows = read_csv(os.path.join(run_dir, "system.csv"))
    return number(rows[-1], "wall_s") if rows else None


def fmt(x, digits=2):
    if x is None:
        return ""
    if isinstance(x, float):
        return f"{x:.{digits}f}"
    return str(x)


def write_results(spec, out, all_cells):
    thresholds = spec["study"].get("threshold", {})
    keys = ["env"] + [k for k in axes(spec) if k != "env"]
    header = (["cell", "setting"] + keys + ["seed", "status", "frames", "final_mean_100",
              "best_mean_100", "threshold", "frames_to_threshold", "wall_s", "sync_ms",
              "mean_lag", "overlapping_applies", "lost_optimizer_steps", "network_died"])
    rows = []
    for cell in all_cells:
        env = cell.settings.get("env")
        threshold = thresholds.get(env)
        final, best, reached, frames = episode_figures(cell.run_dir, threshold)
        sync_ms, lag = sync_figures(cell.run_dir)
        state = cell.state()
        overlaps = [s["overlaps"] for s in state["segments"] if s.get("overlaps") is not None]
        # Counted over the whole run (a checkpoint keeps it): the last segment's.
        lost = [s["lost_steps"] for s in state["segments"] if s.get("lost_steps") is not None]
        # The job's frames at its last clean end; the last episode's stamp otherwise.
        ends = [s["frames"] for s in state["segments"] if s.get("frames") is not None]
        frames = ends[-1] if ends else frames
        row = {"cell": cell.name, "setting": setting_name(spec, cell.settings),
               "seed": cell.seed, "status": state["status"], "frames": fmt(frames),
               "final_mean_100": fmt(final), "best_mean_100": fmt(best),
               "threshold": fmt(threshold), "frames_to_threshold": fmt(reached),
               "wall_s": fmt(wall_seconds(cell.run_dir), 3), "sync_ms": fmt(sync_ms, 3),
               "mean_lag": fmt(lag), "overlapping_applies": fmt(sum(overlaps) if overlaps
                                                                else None),
               "lost_optimizer_steps": fmt(lost[-1] if lost else None),
               "network_died": network_died(cell.run_dir)}
        row.update({k: cell.settings.get(k, "") for k in keys})
        rows.append(row)
    write_csv(os.path.join(out, "results.csv"), header, rows)
    return rows


def write_csv(path, header, rows):
    """Whole or not at all: a reader never sees half a table."""
    with open(path + ".tmp", "w", newline="") as f:
        w = csv.DictWriter(f, header)
        w.writeheader()
        w.writerows(rows)
    os.replace(path + ".tmp", path)


def mean_of(values):
    xs = [v for v in values if v is not None]
    return sum(xs) / len(xs) if xs else None


def write_settings(spec, out, rows):
    """settings.csv: one row per setting, over its finished seeds: the mean, lowest and highest
    final and best mean-100, the mean frames to threshold over the seeds that reached it (and
    how many did), the mean wall seconds, sync ms, policy lag and overlapping applies, and how
    many of its trainings' networks died."""
    keys = ["env"] + [k for k in axes(spec) if k != "env"]
    header = (["setting"] + keys + ["seeds", "final_mean", "final_min", "final_max",
              "best_mean", "best_min", "best_max", "reached", "frames_to_threshold",
              "wall_s", "sync_ms", "mean_lag", "overlapping_applies", "networks_died"])
    by_setting = {}
    for r in rows:
        if r["status"] == "finished":
            by_setting.setdefault(r["setting"], []).append(r)
    out_rows = []
    for setting, group in by_setting.items():
        col = lambda key: [x for x in (number(r, key) for r in group) if x is not None]
        final, best = col("final_mean_100"), col("best_mean_100")
        reached = col("frames_to_threshold")
        row = {"setting": setting, "seeds": len(group),
               "final_mean": fmt(mean_of(final)), "final_min": fmt(min(final, default=None)),
               "final_max": fmt(max(final, default=None)),
               "best_mean": fmt(mean_of(best)), "best_min": fmt(min(best, default=None)),
               "best_max": fmt(max(best, default=None)),
               "reached": len(reached), "frames_to_threshold": fmt(mean_of(reached), 0),
               "wall_s": fmt(mean_of(col("wall_s")), 3), "sync_ms": fmt(mean_of(col("sync_ms")), 3),
               "mean_lag": fmt(mean_of(col("mean_lag"))),
               "overlapping_applies": fmt(mean_of(col("overlapping_applies")), 0),
               "networks_died": sum(r.get("network_died") == "yes" for r in group)}
        row.update({k: group[0][k] for k in keys})
        out_rows.append(row)
    write_csv(os.path.join(out, "settings.csv"), header, out_rows)
    write_settings_markdown(out, keys, out_rows)


def write_settings_markdown(out, keys, rows):
    """settings.md: settings.csv as one Markdown table per environment, for write-ups."""
    lines = []
    for env in dict.fromkeys(r["env"] for r in rows):
        # A grid over env alone has no setting columns: the table starts at seeds.
        header = keys[1:] + ["seeds", "final mean-100 (lowest, highest)", "best mean-100",
                             "seeds reaching threshold", "frames to threshold", "wall s",
                             "sync ms", "policy lag", "overlapping applies", "networks died"]
        align = ["---"] * (len(keys) - 1) + ["---:", "---"] + ["---:"] * 8
        lines += [f"### {env}", "", "| " + " | ".join(header) + " |",
                  "|" + "|".join(align) + "|"]
        for r in rows:
            if r["env"] != env:
                continue
            cells = [str(r[k]) or "-" for k in keys[1:]]
            cells += [str(r["seeds"]), f"{r['final_mean']} ({r['final_min']}, {r['final_max']})",
                      r["best_mean"], f"{r['reached']}/{r['seeds']}",
                      r["frames_to_threshold"] or "-", r["wall_s"], r["sync_ms"], r["mean_lag"],
                      r["overlapping_applies"] or "-", f"{r['networks_died']}/{r['seeds']}"]
            lines.append("| " + " | ".join(cells) + " |")
        lines.append("")
    with open(os.path.join(out, "settings.md"), "w") as f:
        f.write("\n".join(lines))


def spread(values):
    xs = [v for v in values if v is not None]
    if not xs:
        return "NaN NaN NaN"
    return f"{sum(xs) / len(xs):.6g} {min(xs):.6g} {max(xs):.6g}"


def summary_figure(out, env, rows):
    """summary_ENV.png: per setting, final return and frames to threshold over the seeds."""
    settings = []
    for r in rows:
        if r["setting"] not in settings:
            settings.append(r["setting"])
    short = env.split("/")[-1]
    data = os.path.join(out, f"summary_{short}.dat")
    value = lambda r, k: float(r[k]) if r[k] != "" else None
    with open(data, "w") as f:
        f.write("# setting, final mean-100 (mean min max over seeds), frames to threshold "
                "(mean min max over the seeds that reached it), seeds reached/run\n")
        for s in settings:
            group = [r for r in rows if r["setting"] == s]
            reached = [value(r, "frames_to_threshold") for r in group]
            label = s.split("_", 1)[1] if "_" in s else s
            n = sum(x is not None for x in reached)
            f.write(f"\"{label} ({n}/{len(group)})\" "
                    f"{spread([value(r, 'final_mean_100') for r in group])} "
                    f"{spread(reached)}\n")
    threshold = rows[0]["threshold"] or "?"
    # Settings down the side, one row each, the first at the top (y = 0, -1, ...), so that long
    # names stay level; both panels share the rows, the labels sit left of the first.
    height = max(400, 30 * len(settings) + 200)
    left = min(0.45, (7 * max(len(s) for s in settings) + 60) / 1600)
    middle = left + (0.97 - left) / 2

    # gnuplot refuses a panel whose points are all undefined (no seed has 100 episodes, or
    # none reached the threshold): such a panel says so instead.
    def panel(mean, low, high, xlabel, has_points, why_empty, labels):
        ticks = ":yticlabels(1)" if labels else ""
        if has_points:
            return (f"set xlabel '{xlabel}'\n"
                    f"plot 'summary_{short}.dat' using {mean}:(-$0):{low}:{high}{ticks} "
                    f"with xerrorbars pt 7 notitle\n")
        return (f"set xlabel '{xlabel}'\nset xrange [0:1]\n"
                f"set label 1 '{why_empty}' at graph 0.5, 0.5 center\n"
                f"plot -1 notitle\nunset label 1\nset xrange [0:*]\n")

    has_final = any(value(r, "final_mean_100") is not None for r in rows)
    has_reached = any(value(r, "frames_to_threshold") is not None for r in rows)
    script = os.path.join(out, f"summary_{short}.gp")
    with open(script, "w") as f:
        f.write(f"""set terminal pngcairo size 1600,{height} noenhanced font 'sans,10'
set output 'summary_{short}.png'
set multiplot title '{env}: mean over seeds, bar from the lowest to the highest seed'
set grid xtics ytics
set yrange [{-(len(settings) - 0.5)}:0.5]
set xrange [0:*]
set tmargin 3
set lmargin at screen {left:.3f}
set rmargin at screen {middle - 0.02:.3f}
""")
        f.write(panel(2, 3, 4, "final mean return (last 100 episodes)", has_final,
                      "no run has 100 episodes yet", labels=True))
        f.write(f"set lmargin at screen {middle + 0.02:.3f}\nset rmargin at screen 0.97\n"
                f"set format y ''\n")
        f.write(panel("($5/1e6)", "($6/1e6)", "($7/1e6)",
                      f"millions of frames to mean return {threshold} (seeds that reached it)",
                      has_reached, "no run reached the threshold", labels=False))
        f.write("unset multiplot\n")
    subprocess.run(["gnuplot", os.path.basename(script)], cwd=out, check=True)
    return os.path.join(out, f"summary_{short}.png")


def pictures(spec, out, binary, all_cells, rows):
    if shutil.which("gnuplot") is None:
        print("study: no gnuplot on PATH: no pictures (scripts/install-deps.sh installs it)")
        return
    plot_by = spec["study"].get("plot-by", ["env"])
    groups = {}
    for cell in all_cells:
        if os.path.isfile(os.path.join(cell.run_dir, "episodes.csv")):
            key = tuple(str(cell.settings.get(k, "")).split("/")[-1] for k in plot_by)
            groups.setdefault(key, []).append(cell.run_dir)
    for key, dirs in sorted(groups.items()):
        dest = os.path.join(out, "plots", "_".join(f"{abbreviation(k)}-{v}" if k != "env" else v
                                                   for k, v in zip(plot_by, key)))
        subprocess.run([binary, "plot", "--group-seeds", "--out", dest] + dirs, check=True,
                       stdout=subprocess.DEVNULL)
    envs = []
    for r in rows:
        if r.get("env") not in envs:
            envs.append(r.get("env"))
    for env in envs:
        png = summary_figure(out, env, [r for r in rows if r.get("env") == env])
        print(f"study: wrote {png}")


# ---------------------------------------------------------------------------- main


MAX_PARALLEL = 256  # trainings at a time: ga3c's own bound on threads of one kind (kMaxThreads)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("spec", help="the study's TOML spec")
    parser.add_argument("--binary", default="build/ga3c", help="the ga3c binary (build/ga3c)")
    parser.add_argument("--parallel", type=int, help="trainings at a time (spec: parallel)")
    parser.add_argument("--report", action="store_true",
                        help="only write results.csv and the pictures from what has run")
    parser.add_argument("--list", action="store_true", help="print the cells and exit")
    args = parser.parse_args()
    try:
        spec = load_spec(args.spec)
    except SpecError as e:
        fail(str(e))
    out = spec["study"]["out"]
    all_cells = [Cell(spec, out, s, seed) for s, seed in cells(spec)]
    if args.list:
        for c in all_cells:
            print(c.name, " ".join(flags(c.settings)), "--seed", c.seed)
        print(f"{len(all_cells)} cells")
        return 0
    if not args.report and not (os.path.isfile(args.binary) and os.access(args.binary, os.X_OK)):
        fail(f"no ga3c binary at {args.binary}; build it (cmake --build build) or pass --binary")
    parallel = args.parallel if args.parallel is not None else spec["study"].get("parallel", 1)
    if not isinstance(parallel, int) or not 1 <= parallel <= MAX_PARALLEL:
        fail(f"--parallel (or the spec's parallel) must be a whole number from 1 to "
             f"{MAX_PARALLEL}, got {parallel!r}")
    for sub in ("runs", "logs", "state"):
        os.makedirs(os.path.join(out, sub), exist_ok=True)
    shutil.copyfile(args.spec, os.path.join(out, "spec.toml"))

    failures = 0
    runner = Runner(args.binary, parallel)
    if not args.report:
        # Seed by seed: a study stopped early has every setting at its first seeds.
        seeds = spec["study"].get("seeds", [1])
        todo = sorted((c for c in all_cells if not c.state()["done"]),
                      key=lambda c: seeds.index(c.seed))
        print(f"study: {len(all_cells)} cells, {len(all_cells) - len(todo)} done, "
              f"{len(todo)} to run, {parallel} at a time", flush=True)
        signal.signal(signal.SIGINT, runner.request_stop)
        signal.signal(signal.SIGTERM, runner.request_stop)
        failures = runner.run(todo)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    rows = write_results(spec, out, all_cells)
    write_settings(spec, out, rows)
    print(f"study: wrote {os.path.join(out, 'results.csv')}, settings.csv and settings.md", flush=True)
    if runner.stopping:
        return 130
    pictures(spec, out, args.binary, all_cells, rows)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
