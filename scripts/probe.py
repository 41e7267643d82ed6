#!/usr/bin/env python3
"""Probes how often a setting's network dies early: many short runs of `ga3c train` on an
ALE/ or MinAtar/ game, arms of settings interleaved seed by seed, each stopped at --frames
environment frames (its final checkpoint saved; the lr schedule stays the full run's), then the
live units of each layer at the stop and one table per arm. An ALE/ run's are counted in its
final checkpoint on 256 real frames (scripts/dead_units.py: the A3C CNN's conv1, conv2, fc); a
MinAtar/ run's are its last health check (train.csv: ga3c's own monitor on 64 real
observations, the MinAtar CNN's conv and fc).

    scripts/probe.py docs/experiments/atari-probe.toml                    # run, or go on
    scripts/probe.py SPEC --arms preset,orthogonal --seeds 1-20
    scripts/probe.py SPEC --report                                        # tables only
    scripts/probe.py SPEC --env ALE/Pong-v5      # another game: under OUT/pong-v5

The spec:

    [probe]
    out = "runs/probe/atari"     # run directories, logs, results.csv and results.md under it
    env = "ALE/Breakout-v5"
    frames = 500000              # each run stops here (a SIGINT: the final checkpoint is saved)
    seeds = [1, 2, 3]
    [arms.preset]                # flags on top of the environment's preset (keys without dashes)
    [arms.orthogonal]
    init = "orthogonal"
    [arms.pair]                  # parallel = 2: two seeds of this arm at a time, side by side
    parallel = 2
    seeds = [1, 2, 3, 4]         # an arm's own seeds, within the probe's (default: all of them)

A run is collapsed when some layer has no live unit (a unit is live when it is positive for
some of the observations); lowest_<layer> is the layer's lowest live fraction
over the run's health checks (train.csv), how near it came to dying on the way; its policy is constant when its largest standard
deviation over them is below 1e-6, the same policy for every frame (a collapse, or one close). Runs already in results.csv are skipped, so running
again goes on; Ctrl-C stops the running trainings (each saves its checkpoint) and exits 130.
Python 3.11 standard library, numpy, and for the frames gymnasium and ale-py."""
import argparse
import csv
import glob
import os
import signal
import statistics
import subprocess
import sys
import time
import tomllib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dead_units  # noqa: E402
import health_log  # noqa: E402

MINATAR_WIDTHS = {"conv": 16, "fc": 128}  # the MinAtar CNN's channels and units
WINDOW = 100
MAX_PARALLEL = 256  # an arm's trainings at a time: ga3c's own bound on threads of one kind
CONSTANT_POLICY = 1e-6  # the policy's largest std over the frames, below it: the same everywhere


def fail(message):
    print("probe: error: " + message, file=sys.stderr)
    sys.exit(2)


def parse_seeds(text):
    seeds = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        if not lo.isdigit() or (hi and not hi.isdigit()):
            fail(f"--seeds {text}: use whole numbers and ranges, e.g. 1-10 or 1,3,5")
        seeds += range(int(lo), int(hi or lo) + 1)
    return seeds


def check_game(env_id, where):
    if not env_id.startswith(("ALE/", "MinAtar/")):
        fail(f"{where} {env_id} is not an ALE/ or MinAtar/ game; the live-unit count knows the "
             "A3C CNN's and the MinAtar CNN's layers")


def load_spec(path):
    try:
        with open(path, "rb") as f:
            spec = tomllib.load(f)
    except OSError as e:
        fail(f"cannot read spec {path}: {e.strerror}; pass an existing TOML file")
    except tomllib.TOMLDecodeError as e:
        fail(f"spec {path} is not valid TOML: {e}")
    probe = spec.get("probe", {})
    for key in ("out", "env", "frames"):
        if key not in probe:
            fail(f"spec {path}: [probe] needs {key}")
    check_game(probe["env"], f"spec {path}: env")
    if "network" in [key for arm in spec.get("arms", {}).values() for key in arm]:
        fail(f"spec {path}: an arm sets network; the probe counts the game's own network only")
    if not isinstance(probe["frames"], int) or probe["frames"] < 1:
        fail(f"spec {path}: [probe] frames must be a whole number of frames >= 1, got "
             f"{probe['frames']!r}")
    if not spec.get("arms"):
        fail(f"spec {path}: no [arms.NAME] table; add one per setting to compare")
    for name, arm in spec["arms"].items():
        for key in ("run-dir", "seed", "resume", "config", "max-frames", "env"):
            if key in arm:
                fail(f"spec {path}: arms.{name} sets {key}, which is the probe's to set; remove it")
        parallel = arm.get("parallel", 1)
        if not isinstance(parallel, int) or not 1 <= parallel <= MAX_PARALLEL:
            fail(f"spec {path}: arms.{name}.parallel must be a whole number from 1 to "
                 f"{MAX_PARALLEL}, got {parallel!r}")
    return spec


def layers_of(env_id):
    return health_log.LAYERS if env_id.startswith("ALE/") else health_log.MINATAR_LAYERS


def fields(layers):
    return (["arm", "seed", "frames", "mean100", "episodes"] + layers +
            ["lowest_" + layer for layer in layers] + ["policy_std", "collapsed", "wall_s"])


def read_results(path, layers):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        # A probe's results from before the lowest_* columns read with those cells empty.
        return [{key: row.get(key) or "" for key in fields(layers)}
                for row in csv.DictReader(f)]


def append_result(path, row, layers):
    new = not os.path.exists(path)
    if not new:
        with open(path) as f:
            header = f.readline().strip().split(",")
        if header != fields(layers):
            fail(f"{path} has the columns {','.join(header)}, this probe writes "
                 f"{','.join(fields(layers))}; give the spec a new out directory")
    with open(path, "a", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields(layers))
        if new:
            writer.writeheader()
        writer.writerow(row)


def episode_rows(run_dir):
    path = os.path.join(run_dir, "episodes.csv")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [r for r in csv.DictReader(f) if None not in r.values() and r["return"]]


def frames_done(run_dir):
    """The newest frame count of system.csv (a row every --status-interval)."""
    path = os.path.join(run_dir, "system.csv")
    if not os.path.exists(path):
        return 0
    with open(path) as f:
        rows = [r for r in csv.DictReader(f) if None not in r.values() and r["frames"]]
    return int(rows[-1]["frames"]) if rows else 0


def train_command(binary, spec, arm, seed, run_dir):
    cmd = [binary, "train", "--env", spec["probe"]["env"], "--seed", str(seed), "--run-dir",
           run_dir, "--status-interval", "2", "--checkpoint-every", "0", "--quiet"]
    for key, value in spec["arms"][arm].items():
        if key in ("parallel", "seeds"):
            continue
        if isinstance(value, bool):
            cmd.append(f"--{key}={'true' if value else 'false'}")
        else:
            cmd += [f"--{key}", str(value)]
    return cmd


class Runs:
    """Trainings under way; each is stopped with SIGINT once it has trained enough frames."""

    def __init__(self):
        self.procs = []

    def start(self, cmd, log_path):
        log = open(log_path, "a")
        log.write(" ".join(cmd) + "\n")
        log.flush()
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
        self.procs.append((proc, log))
        return proc

    def interrupt_all(self):
        for proc, _ in self.procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGINT)
        for proc, log in self.procs:
            proc.wait()
            log.close()


def run_slot(spec, binary, out, frames_stop, jobs, runs, stop_requested):
    """Runs the (arm, seed) jobs of one slot side by side; returns {(arm, seed): wall seconds}."""
    started, procs = time.time(), {}
    for arm, seed in jobs:
        run_dir = os.path.join(out, "runs", f"{arm}-s{seed}")
        if os.path.exists(run_dir):
            os.rename(run_dir, run_dir + f".old-{int(time.time())}")
        cmd = train_command(binary, spec, arm, seed, run_dir)
        print(f"probe: {arm} seed {seed}: {' '.join(cmd)}", flush=True)
        procs[(arm, seed)] = (runs.start(cmd, os.path.join(out, "logs", f"{arm}-s{seed}.log")),
                              run_dir)
    walls = {}
    while len(walls) < len(procs):
        time.sleep(1)
        for key, (proc, run_dir) in procs.items():
            if key in walls:
                continue
            if proc.poll() is None and (stop_requested() or frames_done(run_dir) >= frames_stop):
                proc.send_signal(signal.SIGINT)
                proc.wait()
            if proc.poll() is not None:
                walls[key] = time.time() - started
                if proc.returncode == 2:
                    with open(os.path.join(out, "logs", f"{key[0]}-s{key[1]}.log")) as f:
                        last = [line.strip() for line in f if line.strip()][-1]
                    runs.interrupt_all()
                    fail(f"ga3c train refused arm {key[0]}: {last}")
    return walls


def real_frames(out, env_id):
    """The probe's 256 frames of random play, made once and kept in OUT/frames.npy."""
    path = os.path.join(out, "frames.npy")
    if not os.path.exists(path):
        np.save(path, dead_units.atari_frames(env_id))
    return np.load(path)


def newest_checkpoint(run_dir):
    found = glob.glob(os.path.join(run_dir, "checkpoints", "ckpt-*-ps0.ga3c"))
    return max(found, key=lambda p: int(os.path.basename(p).split("-")[1])) if found else None


def lowest_live(checks, layers):
    """Each layer's lowest live fraction over the run's health checks: how near the network
    came to dying on the way, which a run that recovered hides from its final checkpoint."""
    lows = {layer: health_log.lowest(checks, layer, layers) for layer in layers}
    return {"lowest_" + layer: f"{low[0]:.3g}" if low else "" for layer, low in lows.items()}


def last_check(checks):
    """A MinAtar run's live units and policy spread from its last health check."""
    last = checks[-1]
    live = {layer: round(float(last["live_%d" % i]) * MINATAR_WIDTHS[layer])
            for i, layer in enumerate(health_log.MINATAR_LAYERS, 1)}
    return live, float(last["policy_spread"])


def measure(run_dir, out, env_id):
    ckpt = newest_checkpoint(run_dir)
    checks = health_log.health_checks(run_dir)
    if ckpt is None or (not env_id.startswith("ALE/") and not checks):
        return None
    if env_id.startswith("ALE/"):
        live, spread = dead_units.count_live(dead_units.load_params(ckpt),
                                             real_frames(out, env_id))
    else:
        live, spread = last_check(checks)
    rows = episode_rows(run_dir)
    last = [float(r["return"]) for r in rows[-WINDOW:]]
    return {"frames": int(os.path.basename(ckpt).split("-")[1]),
            "mean100": round(sum(last) / len(last), 3) if last else "",
            "episodes": len(rows), **live, **lowest_live(checks, layers_of(env_id)),
            "policy_std": f"{spread:.3g}",
            "collapsed": int(min(live.values()) == 0)}


def schedule(spec, arms, seeds):
    """Slots seed by seed, arms in turn, the first arm rotating so none always goes first; an
    arm with parallel = 2 fills its slot with the next of its seeds."""
    slots, pending = [], {a: [s for s in seeds if s in spec["arms"][a].get("seeds", seeds)]
                          for a in arms}
    for i, seed in enumerate(seeds):
        order = arms[i % len(arms):] + arms[:i % len(arms)]
        for arm in order:
            if seed not in pending[arm]:
                continue
            width = int(spec["arms"][arm].get("parallel", 1))
            take = pending[arm][:width]
            pending[arm] = pending[arm][width:]
            slots.append([(arm, s) for s in take])
    return slots


def summary(results, arms, layers):
    lines = []
    for arm in arms:
        rows = [r for r in results if r["arm"] == arm]
        if not rows:
            continue
        def spread(key):
            values = [float(r[key]) for r in rows if r[key] != ""]
            if not values:
                return "-"
            mean = statistics.mean(values)
            return (f"{mean:.2f}" if key.startswith("lowest_") else f"{mean:.1f}") + \
                f" ({min(values):g}-{max(values):g})"
        collapsed = [r["seed"] for r in rows if r["collapsed"] == "1"]
        constant = [r["seed"] for r in rows if float(r["policy_std"]) < CONSTANT_POLICY]
        lines += [f"### {arm}", "",
                  "| runs | collapsed | seeds collapsed | constant policy | " + " | ".join(
                      f"live {layer}" for layer in layers) + " | " + " | ".join(
                      f"lowest {layer} on the way" for layer in layers) +
                  " | mean-100 at the stop |",
                  "|---:|---:|---|---|" + "---:|" * (2 * len(layers) + 1),
                  f"| {len(rows)} | {len(collapsed)} | {', '.join(collapsed) or '-'} | "
                  f"{', '.join(constant) or '-'} | " +
                  " | ".join(spread(layer) for layer in layers) + " | " +
                  " | ".join(spread("lowest_" + layer) for layer in layers) +
                  f" | {spread('mean100')} |",
                  ""]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("spec")
    parser.add_argument("--binary", default="build/ga3c")
    parser.add_argument("--arms", help="comma-separated arms of the spec (default: all)")
    parser.add_argument("--seeds", help="e.g. 1-10 or 1,3,5 (default: the spec's)")
    parser.add_argument("--report", action="store_true", help="write the tables only")
    parser.add_argument("--env", help="another game than the spec's, its runs under OUT/<game>")
    args = parser.parse_args()
    spec = load_spec(args.spec)
    if args.env and args.env != spec["probe"]["env"]:
        check_game(args.env, "--env")
        spec["probe"]["out"] = os.path.join(spec["probe"]["out"],
                                            args.env.split("/", 1)[1].lower())
        spec["probe"]["env"] = args.env
    arms = list(spec["arms"])
    if args.arms:
        unknown = [a for a in args.arms.split(",") if a not in spec["arms"]]
        if unknown:
            fail(f"unknown arm {unknown[0]}; the spec's arms are {', '.join(arms)}")
        arms = args.arms.split(",")
    seeds = parse_seeds(args.seeds) if args.seeds else list(spec["probe"].get("seeds", [1]))
    out = spec["probe"]["out"]
    env_id = spec["probe"]["env"]
    layers = layers_of(env_id)
    results_path = os.path.join(out, "results.csv")
    if not args.report:
        if not os.access(args.binary, os.X_OK):
            fail(f"no ga3c binary at {args.binary}; build it or pass --binary")
        os.makedirs(os.path.join(out, "logs"), exist_ok=True)
        done = {(r["arm"], int(r["seed"])) for r in read_results(results_path, layers)}
        runs, stopping = Runs(), []
        signal.signal(signal.SIGINT, lambda *_: stopping.append(1))
        signal.signal(signal.SIGTERM, lambda *_: stopping.append(1))
        for slot in schedule(spec, arms, seeds):
            jobs = [job for job in slot if job not in done]
            if not jobs or stopping:
                continue
            walls = run_slot(spec, args.binary, out, int(spec["probe"]["frames"]), jobs, runs,
                             lambda: bool(stopping))
            if stopping:
                break
            for (arm, seed), wall in walls.items():
                row = measure(os.path.join(out, "runs", f"{arm}-s{seed}"), out, env_id)
                if row is None:
                    print(f"probe: {arm} seed {seed} left no checkpoint; see its log",
                          file=sys.stderr)
                    continue
                append_result(results_path, {"arm": arm, "seed": seed, **row,
                                             "wall_s": round(wall, 1)}, layers)
                print(f"probe: {arm} seed {seed}: {row}", flush=True)
        if stopping:
            sys.exit(130)
    if not os.path.exists(results_path):
        fail(f"no results in {out} yet; run the probe first (without --report)")
    table = summary(read_results(results_path, layers), arms, layers)
    with open(os.path.join(out, "results.md"), "w") as f:
        f.write(table + "\n")
    print(table)


if __name__ == "__main__":
    main()
