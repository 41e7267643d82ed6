#!/usr/bin/env python3
"""ga3c under a real Slurm (issue 31; the one-node cluster of scripts/slurm-local.sh, SLURM_CONF
set by the fixture): examples/slurm/ga3c.sbatch trains CartPole-v1 as 1 server + 2 worker ranks.

- requeue (srun only: the relaunch and resume are the same under mpirun): after the first
  checkpoint, `scontrol requeue` (Slurm signals every rank, then requeues); the job comes back
  (restart 1), goes on from the newest checkpoint by --resume auto and ends at --max-frames;
- scancel --signal=TERM (srun only; README says why not mpirun): every rank stops with a final
  checkpoint short of the budget, and the job ends, not requeued;
- kill -9 of a worker rank: scripts/relaunch.sh relaunches the training inside the allocation,
  which goes on and ends at --max-frames.

After each: episodes.csv's frames never go back, the final checkpoint is within one sync
interval of the budget (as a run never stopped), every checkpoint left loads (`ga3c eval`), and
TensorBoard's reader sees no step go back in any tag. Also: the sbatch script run outside Slurm
is one line and exit 2."""
import argparse
import csv
import glob
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

from tensorboard.backend.event_processing import event_accumulator

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from expectations import FAILURES, expect  # noqa: E402

BUDGET = 2000000  # CartPole-v1 at about 100k frames/s here: long enough to stop it midway
# Past --max-frames, a worker stops within one sync interval of it (README, "Training under
# MPI"): sync_freq steps of batches of up to agents x t_max samples, per worker.
SLACK = 2 * 10 * 8 * 5 * 4
STOPPED_BUDGET = 10**9  # the scancel case's: never reached
SUBMITTED = []  # cancelled at the end, whatever happened


def run(*cmd, **kwargs):
    return subprocess.run(list(cmd), capture_output=True, text=True, timeout=120, **kwargs)


def job_field(job_id, field):
    out = run("scontrol", "show", "job", job_id).stdout
    m = re.search(r"\b%s=(\S+)" % field, out)
    return m.group(1) if m else None


def wait_until(predicate, timeout, step=0.5):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    return predicate()


def checkpoints(run_dir):
    names = glob.glob(os.path.join(run_dir, "checkpoints", "ckpt-*-ps0.ga3c"))
    return sorted(names, key=lambda n: int(re.search(r"ckpt-(\d+)-", n).group(1)))


def frames_of(path):
    return int(re.search(r"ckpt-(\d+)-", path).group(1))


def submit(args, tmp, name, budget=BUDGET):
    run_dir = os.path.join(tmp, name)
    env = dict(os.environ, GA3C=args.binary, RELAUNCH=args.relaunch, RUN_DIR=run_dir,
               GA3C_LAUNCH=args.launch, OMPI_ALLOW_RUN_AS_ROOT="1",
               OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    out = run("sbatch", "--parsable", "--job-name", name, "--output",
              os.path.join(tmp, name + ".log"), "--chdir", tmp, args.sbatch, "--env",
              "CartPole-v1", "--agents", "8", "--max-frames", str(budget), "--checkpoint-every",
              "1", "--status-interval", "1", "--peer-timeout", "20", env=env)
    expect(out.returncode == 0, "%s: sbatch failed: %s" % (name, out.stderr.strip()))
    job_id = out.stdout.strip().split(";")[0]
    SUBMITTED.append(job_id)
    print("%s: job %s" % (name, job_id), flush=True)
    return job_id, run_dir


def finished(job_id):
    state = job_field(job_id, "JobState")
    return state if state in ("COMPLETED", "FAILED", "CANCELLED", "TIMEOUT", "NODE_FAIL") else None


def check_run(name, run_dir, binary, complete):
    files = checkpoints(run_dir)
    if not expect(files, "%s: no checkpoint" % name):
        return
    final = frames_of(files[-1])
    if complete:
        expect(BUDGET <= final <= BUDGET + SLACK,
               "%s: final checkpoint at %d frames, budget %d" % (name, final, BUDGET))
    else:
        expect(final < STOPPED_BUDGET, "%s: a stopped run reached the budget (%d)" % (name, final))
    for path in files:
        out = run(binary, "eval", "--checkpoint", path, "--episodes", "1")
        expect(out.returncode == 0, "%s: %s does not load: %s" % (name, path, out.stderr.strip()))
    with open(os.path.join(run_dir, "episodes.csv")) as f:
        rows = list(csv.DictReader(f))
    if not expect(rows and all(None not in r.values() for r in rows),
                  "%s: episodes.csv has a row cut short (a rank was killed)" % name):
        return
    frames = [int(r["frames"]) for r in rows]
    expect(frames == sorted(frames), "%s: episodes.csv's frames go back" % name)
    for log_dir in glob.glob(os.path.join(run_dir, "tensorboard", "*")):
        acc = event_accumulator.EventAccumulator(log_dir)
        acc.Reload()
        for tag in acc.Tags()[event_accumulator.SCALARS]:
            steps = [e.step for e in acc.Scalars(tag)]
            expect(steps == sorted(steps), "%s: %s in %s steps back" % (name, tag, log_dir))


def requeue(args, tmp):
    job_id, run_dir = submit(args, tmp, "requeue")
    expect(wait_until(lambda: checkpoints(run_dir), 180), "requeue: no first checkpoint")
    out = run("scontrol", "requeue", job_id)
    expect(out.returncode == 0, "scontrol requeue: %s" % out.stderr.strip())
    state = wait_until(lambda: finished(job_id) if job_field(job_id, "Restarts") == "1" else None,
                       400)
    expect(state == "COMPLETED", "requeue: the job ended %s, restarts %s" %
           (state, job_field(job_id, "Restarts")))
    log = open(os.path.join(tmp, "requeue.log")).read()
    expect("holds a run; going on" in log, "requeue: the requeued job did not resume")
    check_run("requeue", run_dir, args.binary, True)


def scancel_term(args, tmp):
    job_id, run_dir = submit(args, tmp, "scancel", budget=STOPPED_BUDGET)
    expect(wait_until(lambda: checkpoints(run_dir), 180), "scancel: no first checkpoint")
    out = run("scancel", "--signal=TERM", job_id)
    expect(out.returncode == 0, "scancel: %s" % out.stderr.strip())
    state = wait_until(lambda: finished(job_id), 200)
    expect(state == "COMPLETED" and job_field(job_id, "Restarts") == "0",
           "scancel --signal=TERM: the job ended %s, restarts %s" %
           (state, job_field(job_id, "Restarts")))
    check_run("scancel", run_dir, args.binary, False)


def kill_rank(args, tmp):
    job_id, run_dir = submit(args, tmp, "kill")
    expect(wait_until(lambda: checkpoints(run_dir), 180), "kill: no first checkpoint")
    log_path = os.path.join(tmp, "kill.log")
    pids = wait_until(lambda: re.findall(r"rank 2 \(worker 1\), pid (\d+)", open(log_path).read()),
                      30)
    if expect(pids, "kill: no pid of rank 2 in the log"):
        os.kill(int(pids[0]), signal.SIGKILL)
    state = wait_until(lambda: finished(job_id), 400)
    expect(state == "COMPLETED", "kill -9 of a rank: the job ended %s" % state)
    expect("restart 1 of" in open(log_path).read(), "kill: relaunch.sh did not restart")
    check_run("kill", run_dir, args.binary, True)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--sbatch", required=True, help="examples/slurm/ga3c.sbatch")
    parser.add_argument("--relaunch", required=True, help="scripts/relaunch.sh")
    parser.add_argument("--launch", default="srun", choices=["srun", "mpirun"])
    args = parser.parse_args()
    if not os.environ.get("SLURM_CONF"):
        print("SLURM_CONF is not set: start scripts/slurm-local.sh first")
        return 77
    tmp = tempfile.mkdtemp(prefix="ga3c_slurm_")
    out = subprocess.run([args.sbatch], capture_output=True, text=True,
                         env={k: v for k, v in os.environ.items() if not k.startswith("SLURM_")})
    expect(out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1 and
           "not inside a Slurm job" in out.stderr, "the script outside Slurm: %r" % out.stderr)
    try:
        # A requeue goes through the same relaunch and resume whatever launches the ranks, so
        # srun's run checks it for both. scancel --signal=TERM reaches the job's steps: srun's
        # tasks. mpirun's ranks are no step of their own, and mpirun, signalled through the
        # batch shell (--batch), kills them instead of passing the signal on: README says to
        # stop those another way. A rank killed is the launcher's to notice: checked for both.
        if args.launch == "srun":
            requeue(args, tmp)
            scancel_term(args, tmp)
        kill_rank(args, tmp)
    finally:
        if SUBMITTED:
            run("scancel", *SUBMITTED)
    print("%d failures" % len(FAILURES))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
