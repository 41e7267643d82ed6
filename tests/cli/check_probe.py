#!/usr/bin/env python3
"""scripts/probe.py, issue 26's harness: on a tiny ALE/Breakout-v5 probe (a few thousand frames,
one arm alone and one two at a time) it stops each run at its frame count with a final
checkpoint, writes a results.csv row per run with the live units of that checkpoint (the same
numbers scripts/dead_units.py gives for it) and a table per arm, skips finished runs when run
again; on MinAtar/Freeway-v0 the live units are the run's last health check in train.csv; it
plays another ALE/ or MinAtar/ game with --env, under OUT/<game>; it refuses an unknown
arm, a game that is neither ALE/ nor MinAtar/ (in the spec or --env), an arm that sets the network
and a ga3c that refuses the game (as one built without ALE does) with one line and exit code 2.

    check_probe.py --binary build/ga3c [--with-ale]"""
import argparse
import csv
import os
import stat
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROBE = os.path.join(REPO, "scripts", "probe.py")
sys.path.insert(0, os.path.join(REPO, "scripts"))
import dead_units  # noqa: E402

SPEC = """[probe]
out = "{out}"
env = "{env}"
frames = {frames}
seeds = [1, 2]
[arms.torch-init]
init = "torch"
agents = 8
{extra}
[arms.pair]
parallel = 2
agents = 8
{extra}
"""


def probe(spec, binary, *extra):
    cmd = [sys.executable, PROBE, spec, "--binary", binary] + list(extra)
    print("$", " ".join(cmd), flush=True)
    p = subprocess.run(cmd, capture_output=True, text=True)
    print(p.stdout + p.stderr)
    return p


def write_spec(folder, out, env="ALE/Breakout-v5", frames=8000, extra=""):
    path = os.path.join(folder, "spec.toml")
    with open(path, "w") as f:
        f.write(SPEC.format(out=out, env=env, frames=frames, extra=extra))
    return path


def expect_one_line_refusal(p, *words):
    lines = p.stderr.strip().splitlines()
    assert p.returncode == 2, f"exit {p.returncode}, not 2"
    assert len(lines) == 1 and lines[0].startswith("probe: error: "), p.stderr
    for w in words:
        assert w in lines[0], f"{w!r} not in {lines[0]!r}"


def check_refusals(binary, folder):
    spec = write_spec(folder, os.path.join(folder, "refused"))
    expect_one_line_refusal(probe(spec, binary, "--arms", "torch-init,lr9"), "unknown arm lr9",
                            "torch-init, pair")
    other = os.path.join(folder, "other")
    os.makedirs(other)
    expect_one_line_refusal(probe(write_spec(other, os.path.join(other, "out"), "CartPole-v1"),
                                  binary), "CartPole-v1 is not an ALE/ or MinAtar/ game")
    expect_one_line_refusal(probe(spec, binary, "--env", "CartPole-v1"),
                            "--env CartPole-v1 is not an ALE/ or MinAtar/ game")
    network = os.path.join(folder, "network")
    os.makedirs(network)
    expect_one_line_refusal(probe(write_spec(network, os.path.join(network, "out"),
                                             extra='network = "mlp"'), binary),
                            "an arm sets network")
    zero = os.path.join(folder, "zero")
    os.makedirs(zero)
    with open(write_spec(zero, os.path.join(zero, "out")), "a") as f:
        f.write("[arms.none]\nparallel = 0\n")  # once scheduled its seeds into empty slots
    expect_one_line_refusal(probe(os.path.join(zero, "spec.toml"), binary),
                            "arms.none.parallel must be a whole number from 1 to 256, got 0")
    no_frames = os.path.join(folder, "no_frames")
    os.makedirs(no_frames)
    expect_one_line_refusal(probe(write_spec(no_frames, os.path.join(no_frames, "out"),
                                             frames=0), binary),
                            "frames must be a whole number of frames >= 1, got 0")
    # What a ga3c built without ALE answers (src/env/ale/ale_unavailable.cc), from a stand-in.
    stub = os.path.join(folder, "ga3c-without-ale")
    with open(stub, "w") as f:
        f.write("#!/bin/sh\necho 'ga3c train: error: ALE/Breakout-v5 needs a ga3c built with "
                "the Arcade Learning Environment' >&2\nexit 2\n")
    os.chmod(stub, os.stat(stub).st_mode | stat.S_IEXEC)
    expect_one_line_refusal(probe(spec, stub, "--seeds", "1"),
                            "ga3c train refused arm torch-init",
                            "needs a ga3c built with the Arcade Learning Environment")
    assert not os.path.exists(os.path.join(folder, "refused", "results.csv"))


def check_probe(binary, folder):
    out = os.path.join(folder, "probe")
    spec = write_spec(folder, out)
    p = probe(spec, binary)
    assert p.returncode == 0, f"exit {p.returncode}"
    with open(os.path.join(out, "results.csv")) as f:
        rows = list(csv.DictReader(f))
    assert sorted((r["arm"], r["seed"]) for r in rows) == [
        ("pair", "1"), ("pair", "2"), ("torch-init", "1"), ("torch-init", "2")], rows
    frames = dead_units.atari_frames()
    for r in rows:
        run_dir = os.path.join(out, "runs", f"{r['arm']}-s{r['seed']}")
        assert int(r["frames"]) >= 8000, r
        ckpt = os.path.join(run_dir, "checkpoints", f"ckpt-{int(r['frames']):012d}-ps0.ga3c")
        live, spread = dead_units.count_live(dead_units.load_params(ckpt), frames)
        assert [int(r[k]) for k in ("conv1", "conv2", "fc")] == [
            live["conv1"], live["conv2"], live["fc"]], (r, live)
        assert r["collapsed"] == str(int(min(live.values()) == 0)), r
        with open(os.path.join(run_dir, "config.toml")) as f:
            config = f.read()
        # An arm's flags over the preset's (whose init is orthogonal).
        init = "torch" if r["arm"] == "torch-init" else "orthogonal"
        assert f'init = "{init}"' in config, config
        assert "max-frames = 10000000" in config, "the preset's schedule, not the probe's stop"
    table = open(os.path.join(out, "results.md")).read()
    assert "### torch-init" in table and "### pair" in table, table
    assert "| 2 |" in table, table
    again = probe(spec, binary)
    assert again.returncode == 0 and "train --env" not in again.stdout, "finished runs rerun"


def check_minatar_probe(binary, folder):
    out = os.path.join(folder, "minatar")
    p = probe(write_spec(folder, out, "MinAtar/Freeway-v0", 20000, "health-every = 10"), binary)
    assert p.returncode == 0, f"exit {p.returncode}"
    with open(os.path.join(out, "results.csv")) as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 4, rows
    for r in rows:
        with open(os.path.join(out, "runs", f"{r['arm']}-s{r['seed']}", "train.csv")) as f:
            checks = [c for c in csv.DictReader(f) if c["live_1"]]
        last = checks[-1]
        assert int(r["conv"]) == round(float(last["live_1"]) * 16), (r, last)
        assert int(r["fc"]) == round(float(last["live_2"]) * 128), (r, last)
        assert r["policy_std"] == f"{float(last['policy_spread']):.3g}", (r, last)
        assert r["collapsed"] == str(int(min(int(r["conv"]), int(r["fc"])) == 0)), r
        assert r["lowest_fc"] == f"{min(float(c['live_2']) for c in checks):.3g}", r
    table = open(os.path.join(out, "results.md")).read()
    assert "live conv | live fc | lowest conv on the way | lowest fc on the way" in table, table
    # --env plays another game than the spec's, its runs and results under OUT/<game>.
    p = probe(os.path.join(folder, "spec.toml"), binary, "--env", "MinAtar/Breakout-v0",
              "--arms", "torch-init", "--seeds", "1")
    assert p.returncode == 0, f"exit {p.returncode}"
    with open(os.path.join(out, "breakout-v0", "results.csv")) as f:
        assert [(r["arm"], r["seed"]) for r in csv.DictReader(f)] == [("torch-init", "1")]
    with open(os.path.join(out, "breakout-v0", "runs", "torch-init-s1", "config.toml")) as f:
        assert 'env = "MinAtar/Breakout-v0"' in f.read()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--with-ale", action="store_true",
                        help="the binary has ALE: also run a tiny probe")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        check_refusals(args.binary, folder)
        check_minatar_probe(args.binary, folder)
        if args.with_ale:
            check_probe(args.binary, folder)
    print("check_probe: passed")


if __name__ == "__main__":
    main()
