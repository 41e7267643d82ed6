#!/usr/bin/env python3
"""Open MPI over TCP between two network namespaces joined by a veth pair, one server rank and
one worker rank in each: a short training must finish (exit 0) with the workers' records
written, and the veth must have carried the sync traffic. Uses only loopback and the two
namespace addresses below. Exits 77 (CTest: skipped) with a message where the machine forbids
namespaces.

mpirun runs in namespace A; its launch agent (an rsh stand-in) starts the daemon of "host"
10.231.7.2 in namespace B with `ip netns exec`, so no ssh is needed."""
import argparse
import os
import subprocess
import sys
import tempfile
import time

from mpi_job import MpiJob, mpi_env

SKIP = 77
ADDRESS = {"a": "10.231.7.1", "b": "10.231.7.2"}


def ip(*args, check=True):
    return subprocess.run(["ip"] + list(args), check=check, capture_output=True, text=True)


def veth_bytes(ns, dev):
    with_stats = ip("netns", "exec", ns, "cat", "/sys/class/net/%s/statistics/tx_bytes" % dev)
    return int(with_stats.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mpirun", required=True, help="mpirun and its options")
    parser.add_argument("--binary", required=True)
    parser.add_argument("--frames", type=int, default=30000)
    args = parser.parse_args()

    tag = str(os.getpid())
    ns = {k: "ga3c-%s-%s" % (k, tag) for k in ADDRESS}
    dev = {k: "g3%s%s" % (k, tag)[-15:] for k in ADDRESS}
    try:
        ip("netns", "add", ns["a"])
    except (subprocess.CalledProcessError, FileNotFoundError) as e:
        detail = e.stderr.strip() if hasattr(e, "stderr") and e.stderr else str(e)
        print("SKIP: this machine forbids network namespaces (ip netns add: %s)" % detail)
        return SKIP
    try:
        ip("netns", "add", ns["b"])
        ip("link", "add", dev["a"], "type", "veth", "peer", "name", dev["b"])
        for k in ADDRESS:
            ip("link", "set", dev[k], "netns", ns[k])
            ip("-n", ns[k], "addr", "add", ADDRESS[k] + "/24", "dev", dev[k])
            ip("-n", ns[k], "link", "set", dev[k], "up")
            ip("-n", ns[k], "link", "set", "lo", "up")

        tmp = tempfile.mkdtemp(prefix="ga3c_netns_")
        agent = os.path.join(tmp, "netns-agent")
        with open(agent, "w") as f:
            f.write("#!/bin/sh\n"
                    "# mpirun's launch agent: runs the daemon command for host $1 in the\n"
                    "# namespace that holds that address.\n"
                    "host=$1; shift\n"
                    "case $host in\n"
                    "  %s) ns=%s ;;\n"
                    "  %s) ns=%s ;;\n"
                    "  *) echo \"netns-agent: unknown host $host\" >&2; exit 1 ;;\n"
                    "esac\n"
                    "exec ip netns exec $ns sh -c \"$*\"\n"
                    % (ADDRESS["a"], ns["a"], ADDRESS["b"], ns["b"]))
        os.chmod(agent, 0o755)
        hostfile = os.path.join(tmp, "hosts")
        with open(hostfile, "w") as f:
            f.write("%s slots=2\n%s slots=2\n" % (ADDRESS["a"], ADDRESS["b"]))
        run_dir = os.path.join(tmp, "run")
        subnet = "10.231.7.0/24"
        # Ranks by node, round robin: 0 (server) and 2 (worker) in A, 1 (server) and 3
        # (worker) in B. TCP only, on the veth subnet only.
        cmd = ["ip", "netns", "exec", ns["a"]] + args.mpirun.split() + [
            "--hostfile", hostfile, "-n", "4", "--map-by", "node",
            "--mca", "plm_rsh_agent", agent, "--mca", "plm_rsh_no_tree_spawn", "1",
            "--mca", "btl", "tcp,self", "--mca", "btl_tcp_if_include", subnet,
            "--mca", "oob_tcp_if_include", subnet,
            args.binary, "train", "--num-ps", "2", "--workers", "2", "--agents", "16",
            "--max-frames", str(args.frames), "--peer-timeout", "30", "--run-dir", run_dir,
            "--status-interval", "2"]
        job = MpiJob(cmd, env=mpi_env())
        try:
            code = job.wait(600)
        finally:
            job.kill()
        failures = []
        if code != 0:
            failures.append("the job exited %s" % code)
        for name in ["config.toml", "episodes.csv", "system.csv", "episodes-w0.csv",
                     "episodes-w1.csv", "sync-w0.csv", "sync-w1.csv"]:
            if not os.path.exists(os.path.join(run_dir, name)):
                failures.append("no %s in the run directory" % name)
        carried = veth_bytes(ns["b"], dev["b"])
        print("the veth of namespace B sent %d bytes" % carried)
        if carried < 1000000:
            failures.append("the veth carried %d bytes: the ranks did not talk over it" % carried)
        for f in failures:
            print("FAIL: " + f)
        return 1 if failures else 0
    finally:
        for k in ADDRESS:
            ip("netns", "del", ns[k], check=False)  # takes its end of the veth with it


if __name__ == "__main__":
    sys.exit(main())
