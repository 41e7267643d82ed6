#!/usr/bin/env python3
"""A dead or hung rank never leaves the job hanging: starts 1 server + 2 workers training
CartPole, then kill -9 (--signal KILL) or stops (--signal STOP: alive but silent, which only
ga3c's peer timeout can notice) the last worker rank. mpirun must exit non-zero within
--peer-timeout plus a margin, the output must name the rank, and no rank may be left running."""
import argparse
import os
import re
import signal
import sys
import tempfile
import time

from mpi_job import MpiJob, alive, mpi_env


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mpirun", required=True, help="mpirun and its options")
    parser.add_argument("--binary", required=True)
    parser.add_argument("--signal", choices=["KILL", "STOP"], required=True)
    parser.add_argument("--peer-timeout", type=float, default=10)
    parser.add_argument("--margin", type=float, default=30,
                        help="seconds allowed past the peer timeout for the job to end")
    args = parser.parse_args()
    run_dir = os.path.join(tempfile.mkdtemp(prefix="ga3c_peer_failure_"), "run")
    victim = 2  # worker 1 of 1 server + 2 workers
    job = MpiJob(args.mpirun.split() + ["-n", "3", args.binary, "train", "--num-ps", "1",
                                        "--workers", "2", "--max-frames", "1000000000",
                                        "--peer-timeout", str(args.peer_timeout),
                                        "--run-dir", run_dir, "--status-interval", "1"],
                 env=mpi_env())
    try:
        if not job.wait_for(r"frames \S+ fps", 120):
            print("FAIL: the job did not start training")
            return 1
        pids = job.rank_pids()
        if sorted(pids) != [0, 1, 2]:
            print("FAIL: expected the pids of ranks 0-2 in the output, got %s" % pids)
            return 1
        print("sending SIG%s to rank %d (pid %d)" % (args.signal, victim, pids[victim]),
              flush=True)
        start = time.time()
        before = len(job.output())
        os.kill(pids[victim], getattr(signal, "SIG" + args.signal))
        bound = args.peer_timeout + args.margin
        code = job.wait(bound)
        elapsed = time.time() - start
        failures = []
        if code is None:
            failures.append("mpirun still running %.0f s after the signal" % bound)
        elif code == 0:
            failures.append("mpirun exited 0")
        else:
            print("mpirun exited %d after %.1f s (bound %.0f s)" % (code, elapsed, bound))
        after = job.output()[before:]
        if args.signal == "STOP":
            # Only ga3c can notice a silent rank: another rank's fatal message must name it
            # (no message from it, or a reply it did not take).
            if not re.search(r"rank [01]: fatal: .*rank %d \(worker 1\)" % victim, after):
                failures.append("no fatal message naming the silent rank %d" % victim)
        elif "rank %d" % victim not in after:
            failures.append("no message naming the killed rank %d" % victim)
        time.sleep(1)
        left = [r for r, p in pids.items() if alive(p)]
        if left:
            failures.append("ranks %s still running" % left)
        for f in failures:
            print("FAIL: " + f)
        return 1 if failures else 0
    finally:
        job.kill()


if __name__ == "__main__":
    sys.exit(main())
