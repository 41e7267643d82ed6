#!/usr/bin/env python3
"""`ga3c train` under mpirun, briefly: a world size that disagrees with --num-ps + --workers
stops every rank with exit code 2 and one line of ours; a short job of 2 servers + 2 workers
(with --sync-overlap when asked) exits 0 on every rank, prints the status line from rank 0
only, logs each worker's seed, and writes the run directory as documented (server 0:
episodes.csv and system.csv; worker k: episodes-w<k>.csv, train-w<k>.csv, sync-w<k>.csv;
TensorBoard under tensorboard/rank<r>), every file's frames column never decreasing and
episodes.csv holding every worker's episodes."""
import argparse
import csv
import os
import re
import sys
import tempfile

from mpi_job import MpiJob, mpi_env


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mpirun", required=True, help="mpirun and its options")
    parser.add_argument("--binary", required=True)
    parser.add_argument("--overlap", action="store_true", help="train with --sync-overlap")
    parser.add_argument("--lstm", action="store_true",
                        help="train --recurrent lstm (flat parameters as any network's)")
    args = parser.parse_args()
    mpirun = args.mpirun.split()
    tmp = tempfile.mkdtemp(prefix="ga3c_mpi_train_")
    failures = []

    job = MpiJob(mpirun + ["-n", "3", args.binary, "train", "--num-ps", "1", "--workers", "1",
                           "--run-dir", os.path.join(tmp, "mismatch")], env=mpi_env())
    code = job.wait(120)
    ours = [l for l in job.lines if l.startswith("ga3c")]
    if code != 2:
        failures.append("a world of 3 for 1 + 1 ranks exited %s, expected 2" % code)
    if len(ours) != 1 or "need 2 MPI ranks, but the launcher started 3" not in ours[0]:
        failures.append("expected one line naming the mismatch, got %s" % ours)
    if os.path.exists(os.path.join(tmp, "mismatch")):
        failures.append("the mismatched job made its run directory")

    run_dir = os.path.join(tmp, "run")
    extra = ["--sync-overlap"] if args.overlap else []
    extra += ["--recurrent", "lstm", "--lstm-size", "16"] if args.lstm else []
    job = MpiJob(mpirun + ["-n", "4", args.binary, "train", "--num-ps", "2", "--workers", "2",
                           "--agents", "16", "--max-frames", "60000", "--status-interval", "0.25",
                           "--run-dir", run_dir, "--seed", "7"] + extra, env=mpi_env())
    code = job.wait(600)
    job.kill()
    out = job.output()
    if code != 0:
        failures.append("the job exited %s" % code)
    status_ranks = set(re.findall(r"\[rank (\d+)\] +\S+ frames \S+ fps", out))
    if status_ranks != {"0"}:
        failures.append("status lines from ranks %s, expected rank 0 only" % sorted(status_ranks))
    seeds = re.findall(r"rank (\d) \(worker (\d)\), pid \d+: seed 7, agent a seeded "
                       r"agent_seed\(7, (\d), a\) \(agent 0: (0x[0-9a-f]+)\)", out)
    if len(seeds) != 2 or len({s[3] for s in seeds}) != 2 or any(s[1] != s[2] for s in seeds):
        failures.append("expected each worker's distinct seed logged, got %s" % seeds)
    if not re.search(r"\[rank 0\] done: \d+ frames", out):
        failures.append("rank 0 printed no summary")
    expected = ["config.toml", "episodes.csv", "system.csv"] + [
        "%s-w%d.csv" % (kind, k) for kind in ("episodes", "train", "sync") for k in (0, 1)] + [
        os.path.join("tensorboard", "rank%d" % r) for r in (0, 2, 3)]
    for name in expected:
        if not os.path.exists(os.path.join(run_dir, name)):
            failures.append("no %s in the run directory" % name)
    for name in ["train.csv", "sync.csv", "system-w0.csv"]:
        if os.path.exists(os.path.join(run_dir, name)):
            failures.append("%s should not exist under MPI" % name)
    if not failures:
        with open(os.path.join(run_dir, "episodes.csv")) as f:
            job_rows = list(csv.DictReader(f))
        worker_rows = 0
        for k in (0, 1):
            with open(os.path.join(run_dir, "episodes-w%d.csv" % k)) as f:
                rows = list(csv.DictReader(f))
            worker_rows += len(rows)
            if not rows or any(r["worker"] != str(k) for r in rows):
                failures.append("episodes-w%d.csv holds no rows or other workers' rows" % k)
        if len(job_rows) != worker_rows:
            failures.append("episodes.csv holds %d episodes, the workers' files %d"
                            % (len(job_rows), worker_rows))
        names = ["episodes.csv", "system.csv"] + [
            "%s-w%d.csv" % (kind, k) for kind in ("episodes", "train", "sync") for k in (0, 1)]
        for name in names:
            with open(os.path.join(run_dir, name)) as f:
                stamps = [int(r["frames"]) for r in csv.DictReader(f)]
            back = sum(1 for a, b in zip(stamps, stamps[1:]) if b < a)
            if back:
                failures.append("%s: %d of %d rows go backwards in frames"
                                % (name, back, len(stamps)))
        with open(os.path.join(run_dir, "sync-w1.csv")) as f:
            syncs = list(csv.DictReader(f))
        if not syncs or int(syncs[-1]["version"]) < 1:
            failures.append("worker 1 recorded no sync")
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
