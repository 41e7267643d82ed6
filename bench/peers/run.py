#!/usr/bin/env python3
"""ga3c against the peers users would pick instead, on one machine, in one run: each
environment, each peer, interleaved (ga3c, peer A, ga3c, peer B, ...), same network, same frame
budget, 64 environments each; one table of frames/s, mean return at the budget and ga3c/peer.

  bench/peers/setup.sh                       # once: the peers' venvs (see there)
  cmake --build build -j2 --target ga3c
  python3 bench/peers/run.py [--ga3c build/ga3c] [--scale 10] [--rounds 2]
  python3 bench/peers/run.py --envs ALE/Breakout-v5     # Atari: a ga3c built with ALE; SB3 only

ga3c runs with its defaults and the environment's preset (`ga3c train --env E --max-frames N
--quiet`); its frames/s and return come from the run directory's system.csv (frames over
wall_s, mean_return_100 of the last row). The peers (sb3_a2c.py, sf_appo.py) run in their venvs
with one torch thread and all environments in their one process, and report frames over the
time from their first to their last environment step. Every rate also comes per CPU-second
(user + system time of the run's processes), which other load on the machine disturbs less.
"""
import argparse
import csv
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_FRAMES = {"MinAtar/Breakout-v0": 300_000, "CartPole-v1": 500_000}
# Opt-in (--envs): they need a ga3c built with ALE and take minutes a run.
OPTIONAL_FRAMES = {"ALE/Breakout-v5": 200_000}
PEERS = {"sb3-a2c": ("peers-sb3", "sb3_a2c.py"), "sf-appo": ("peers-sf", "sf_appo.py")}
# Sample Factory on Atari is not set up: its venv pins gymnasium 0.29 (Sample Factory's
# requirement), and the ale-py 0.12 that ga3c's Atari matches is made for gymnasium 1.x.
PEER_ENVS = {"sf-appo": ("MinAtar/Breakout-v0", "CartPole-v1")}
PARAMETERS_LINE = re.compile(r"(\d+) parameters")


def load_average():
    return float(Path("/proc/loadavg").read_text().split()[0])


def timed(cmd, env=None):
    """Runs cmd to the end; returns (stdout, stderr, CPU seconds of it and its children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        sys.exit(f"run.py: {' '.join(map(str, cmd))} failed ({p.returncode}):\n{p.stderr[-3000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return p.stdout, p.stderr, cpu


def run_ga3c(binary, env_id, frames, seed, scratch):
    run_dir = Path(scratch) / f"ga3c-{len(os.listdir(scratch))}"
    out, err, cpu = timed([binary, "train", "--env", env_id, "--max-frames", str(frames),
                           "--seed", str(seed), "--agents", "64", "--quiet",
                           "--checkpoint-every", "0", "--run-dir", str(run_dir)])
    with open(run_dir / "system.csv") as f:
        last = list(csv.DictReader(f))[-1]
    params = PARAMETERS_LINE.search(out + err)
    shutil.rmtree(run_dir)
    seconds = float(last["wall_s"])
    return {"runner": "ga3c", "parameters": int(params.group(1)) if params else None,
            "frames": int(last["frames"]), "seconds": seconds,
            "fps": int(last["frames"]) / seconds,
            "mean_return_100": float(last["mean_return_100"]), "cpu_s": cpu}


def run_peer(peer, prefix, env_id, frames, seed, scratch):
    venv, script = PEERS[peer]
    python = Path(prefix) / venv / "bin" / "python"
    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1",
               PYTHONWARNINGS="ignore")
    cmd = [str(python), str(HERE / script), "--env", env_id, "--frames", str(frames),
           "--seed", str(seed)]
    if peer == "sf-appo":
        cmd += ["--train-dir", tempfile.mkdtemp(prefix="sf-", dir=scratch)]
    out, _, cpu = timed(cmd, env)
    result = json.loads(out.strip().splitlines()[-1])
    return {"runner": peer, "parameters": result["parameters"], "frames": result["frames"],
            "seconds": result["seconds"], "fps": result["fps"],
            "mean_return_100": result["mean_return_100"], "cpu_s": cpu}


def measured(fn, *args):
    load_before = load_average()
    row = fn(*args)
    row["load"] = (load_before, load_average())
    print(f"  {row['runner']:8} {row['frames']:>9,} frames  {row['fps']:>9,.0f} frames/s  "
          f"return {row['mean_return_100']:.2f}  load {row['load'][0]:.2f}->{row['load'][1]:.2f}",
          file=sys.stderr, flush=True)
    return row


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ga3c", default="build/ga3c", help="ga3c binary (default build/ga3c)")
    parser.add_argument("--prefix", default=os.environ.get("GA3C_PEERS_PREFIX", "/work/venvs"),
                        help="folder of the peers' venvs, as given to setup.sh")
    parser.add_argument("--envs", default=",".join(DEFAULT_FRAMES),
                        help="comma-separated (default: %(default)s)")
    parser.add_argument("--peers", default=",".join(PEERS), help="comma-separated (default: %(default)s)")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiply the frame budgets (MinAtar Breakout 300k, CartPole 500k, "
                        "Atari Breakout 200k) by this")
    parser.add_argument("--rounds", type=int, default=1, help="repeat the interleaved sequence")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    envs = args.envs.split(",")
    peers = args.peers.split(",")
    budgets = {**DEFAULT_FRAMES, **OPTIONAL_FRAMES}
    for e in envs:
        if e not in budgets:
            parser.error(f"unknown env {e!r}; choose from {', '.join(budgets)}")
    for p in peers:
        if p not in PEERS:
            parser.error(f"unknown peer {p!r}; choose from {', '.join(PEERS)}")
    if not os.access(args.ga3c, os.X_OK):
        parser.error(f"no ga3c binary at {args.ga3c}; build it (cmake --build build --target ga3c) "
                     "or pass --ga3c")

    for p in peers:
        python = Path(args.prefix) / PEERS[p][0] / "bin" / "python"
        if not python.exists():
            print(f"run.py: no {python}; run bench/peers/setup.sh --prefix {args.prefix} first",
                  file=sys.stderr)
            sys.exit(2)

    rows = []
    with tempfile.TemporaryDirectory(prefix="ga3c-peers-") as scratch:
        for round_ in range(args.rounds):
            for env_id in envs:
                frames = int(budgets[env_id] * args.scale)
                print(f"{env_id}, {frames:,} frames, round {round_ + 1}", file=sys.stderr)
                for peer in peers:
                    if env_id not in PEER_ENVS.get(peer, (env_id,)):
                        print(f"  {peer} does not run {env_id}: skipped", file=sys.stderr)
                        continue
                    ours = measured(run_ga3c, args.ga3c, env_id, frames, args.seed, scratch)
                    theirs = measured(run_peer, peer, args.prefix, env_id, frames, args.seed, scratch)
                    theirs["ratio"] = ours["fps"] / theirs["fps"]
                    theirs["cpu_ratio"] = (ours["frames"] / ours["cpu_s"]) / (theirs["frames"] / theirs["cpu_s"])
                    rows += [dict(ours, env=env_id), dict(theirs, env=env_id)]

    print("| env | runner | parameters | frames | frames/s | frames/CPU-s | mean return (last 100) "
          "| ga3c / peer (frames/s) | ga3c / peer (per CPU-s) | load avg before -> after |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in rows:
        ratio = f"{r['ratio']:.2f}x" if "ratio" in r else ""
        cpu_ratio = f"{r['cpu_ratio']:.2f}x" if "cpu_ratio" in r else ""
        print(f"| {r['env']} | {r['runner']} | {r['parameters']:,} | {r['frames']:,} | {r['fps']:,.0f} "
              f"| {r['frames'] / r['cpu_s']:,.0f} | {r['mean_return_100']:.2f} | {ratio} | {cpu_ratio} "
              f"| {r['load'][0]:.2f} -> {r['load'][1]:.2f} |")
    for env_id in envs:
        if not any(r["env"] == env_id for r in rows):
            continue
        ga3c = [r["fps"] for r in rows if r["env"] == env_id and r["runner"] == "ga3c"]
        best = max((r for r in rows if r["env"] == env_id and r["runner"] != "ga3c"), key=lambda r: r["fps"])
        print(f"{env_id}: ga3c {sum(ga3c) / len(ga3c):,.0f} frames/s (mean of {len(ga3c)}) / best peer "
              f"{best['runner']} {best['fps']:,.0f} = {sum(ga3c) / len(ga3c) / best['fps']:.2f}x")


if __name__ == "__main__":
    main()
