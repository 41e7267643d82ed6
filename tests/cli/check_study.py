#!/usr/bin/env python3
"""scripts/study.py on a tiny spec (CartPole-v1, 2 cells x 1 seed, a few thousand frames): it
runs the grid, resumes a cell whose training stopped early, goes on after a SIGINT, skips
finished cells, writes results.csv with a row per cell and the pictures, and refuses a bad spec
with one line and exit code 2."""
import argparse
import csv
import os
import signal
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STUDY = os.path.join(REPO, "scripts", "study.py")

SPEC = """[study]
out = "{out}"
seeds = [1]
parallel = 2
[study.threshold]
"CartPole-v1" = 15.0
[train]
max-frames = {frames}
agents = 8
checkpoint-every = 0
status-interval = 1
[[grid]]
env = ["CartPole-v1"]
correction = ["none", "vtrace"]
"""

# Long enough that neither training ends before the SIGINT, on a loaded machine or a fast one
# (CartPole trains at up to about 350k frames/s here).
INTERRUPTED_FRAMES = 1_500_000


def study(binary, spec, *extra, check=True):
    cmd = [sys.executable, STUDY, spec, "--binary", binary] + list(extra)
    print("$", " ".join(cmd), flush=True)
    p = subprocess.run(cmd, capture_output=True, text=True)
    print(p.stdout + p.stderr)
    if check and p.returncode != 0:
        raise AssertionError(f"exit {p.returncode}")
    return p


def results(out):
    with open(os.path.join(out, "results.csv")) as f:
        return {r["cell"]: r for r in csv.DictReader(f)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    binary = os.path.abspath(parser.parse_args().binary)
    tmp = tempfile.mkdtemp(prefix="ga3c_study_")
    os.chdir(tmp)

    # A grid run to the end, one cell of which had stopped early (a shorter run of the same
    # settings stands for an interrupted one): that cell goes on with --resume.
    out, frames = "tiny", 4000
    spec = os.path.join(tmp, "tiny.toml")
    with open(spec, "w") as f:
        f.write(SPEC.format(out=out, frames=frames))
    listing = study(binary, spec, "--list").stdout.split("\n")
    names = [line.split()[0] for line in listing if line.startswith("CartPole")]
    assert names == ["CartPole-v1_c-none_s1", "CartPole-v1_c-vtrace_s1"], names
    early = os.path.join(out, "runs", names[1])
    subprocess.run([binary, "train", "--env", "CartPole-v1", "--correction", "vtrace",
                    "--agents", "8", "--seed", "1", "--max-frames", "1500", "--quiet",
                    "--run-dir", early], check=True, capture_output=True)
    p = study(binary, spec)
    assert f"{names[0]}: starting" in p.stdout and f"{names[1]}: resuming" in p.stdout, p.stdout
    rows = results(out)
    assert sorted(rows) == names, rows
    for name, r in rows.items():
        assert r["status"] == "finished", r
        assert int(r["frames"]) >= frames, r
        assert r["correction"] in ("none", "vtrace") and r["seed"] == "1", r
        assert float(r["final_mean_100"]) > 0 and float(r["best_mean_100"]) > 0, r
        assert float(r["wall_s"]) > 0 and float(r["sync_ms"]) >= 0, r
        assert r["overlapping_applies"] == "", r  # --ps-apply locked
        assert r["network_died"] in ("no", ""), r  # "": ended before a health check
    with open(os.path.join(out, "settings.csv"), newline="") as f:
        settings = {r["setting"]: r for r in csv.DictReader(f)}
    assert sorted(settings) == [n[:-len("_s1")] for n in names], settings
    for name, r in rows.items():
        s = settings[name[:-len("_s1")]]
        assert s["seeds"] == "1" and s["correction"] == r["correction"], s
        assert s["final_mean"] == s["final_min"] == s["final_max"] == r["final_mean_100"], s
        assert s["best_mean"] == r["best_mean_100"] and s["wall_s"] == r["wall_s"], s
        assert s["networks_died"] == "0", s
    with open(os.path.join(out, "settings.md")) as f:
        table = f.read().split("\n")
    assert table[0] == "### CartPole-v1", table
    assert sum(line.startswith("| none |") or line.startswith("| vtrace |")
               for line in table) == 2, table
    assert all(line.endswith("| 0/1 |") for line in table if line.startswith("| none |")), table
    if subprocess.run(["which", "gnuplot"], capture_output=True).returncode == 0:
        for png in ("summary_CartPole-v1.png", "plots/CartPole-v1/return_vs_frames_seeds.png"):
            assert os.path.getsize(os.path.join(out, png)) > 0, png

    # Again: nothing left to run.
    p = study(binary, spec)
    assert "2 cells, 2 done, 0 to run" in p.stdout, p.stdout

    # A SIGINT while training: every training saves and stops, the runner exits 130, and the
    # next run goes on from the checkpoints.
    out2 = "interrupted"
    spec2 = os.path.join(tmp, "interrupted.toml")
    with open(spec2, "w") as f:
        f.write(SPEC.format(out=out2, frames=INTERRUPTED_FRAMES))
    cmd = [sys.executable, STUDY, spec2, "--binary", binary]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    # Both trainings under way; under load one may start seconds after the other.
    episodes = [os.path.join(out2, "runs", name, "episodes.csv") for name in names]
    for _ in range(600):
        if all(os.path.exists(e) and sum(1 for _ in open(e)) > 20 for e in episodes):
            break
        time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    output = proc.communicate(timeout=120)[0]
    print(output)
    assert proc.returncode == 130, proc.returncode
    rows = results(out2)
    assert all(r["status"] == "stopped" for r in rows.values()), rows
    stopped_at = int(rows[names[0]]["frames"])
    assert 0 < stopped_at < INTERRUPTED_FRAMES, rows
    p = study(binary, spec2, "--parallel", "2")
    assert f"{names[0]}: resuming" in p.stdout, p.stdout
    rows = results(out2)
    assert all(r["status"] == "finished" for r in rows.values()), rows
    assert all(int(r["frames"]) >= INTERRUPTED_FRAMES for r in rows.values()), rows

    # A bad spec: one line, exit 2.
    bad = os.path.join(tmp, "bad.toml")
    with open(bad, "w") as f:
        f.write('[study]\nout = "x"\n[[grid]]\nenv = "CartPole-v1"\n')
    p = study(binary, bad, check=False)
    assert p.returncode == 2, p.returncode
    assert p.stderr.count("\n") == 1 and "must be a non-empty list" in p.stderr, p.stderr
    for parallel in ("0", "1000"):  # 0 once fell back to the spec's value without a word
        p = study(binary, spec2, "--parallel", parallel, check=False)
        assert p.returncode == 2, (parallel, p.returncode)
        assert p.stderr.count("\n") == 1 and "from 1 to 256, got %s" % parallel in p.stderr, \
            p.stderr
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
