#!/usr/bin/env python3
"""Memory growth of an MPI parameter-server rank over many updates: runs `ga3c bench sync`
under mpirun (1 server rank, W worker ranks) twice, with the same warm-up syncs and then few
or many more, and prints rank 0's peak resident memory (VmHWM) in each run and the
difference: what the extra updates cost the server. Start-up (MPI, LibTorch) touches memory
for seconds, so the two runs' start-ups cancel out rather than being timed out."""
import argparse
import os
import subprocess
import time


def peak_kib(pid):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def rank0_pid(root):
    """The descendant of `root` whose environment says it is MPI rank 0 of ga3c."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open("/proc/%s/stat" % entry) as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
                children.setdefault(ppid, []).append(int(entry))
            except (OSError, IndexError, ValueError):
                pass
    stack = list(children.get(root, []))
    while stack:
        pid = stack.pop()
        stack += children.get(pid, [])
        try:
            with open("/proc/%d/environ" % pid, "rb") as f:
                rank0 = b"OMPI_COMM_WORLD_RANK=0\0" in f.read()
            with open("/proc/%d/cmdline" % pid, "rb") as f:
                if rank0 and b"ga3c" in f.read():
                    return pid
        except OSError:
            pass
    return None


def server_peak(args, iterations):
    """Rank 0's last VmHWM reading of one bench run, and the bench's output."""
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    cmd = ["mpirun", "--oversubscribe", "--bind-to", "none", "-n", str(args.workers + 1),
           args.binary, "bench", "sync", "--network", args.network, "--workers",
           str(args.workers), "--warmup", str(args.warmup), "--iterations", str(iterations)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    pid, peak = None, None
    while proc.poll() is None:
        pid = pid or rank0_pid(proc.pid)
        if pid is not None:
            peak = peak_kib(pid) or peak
        time.sleep(0.02)
    output = proc.communicate()[0]
    if proc.returncode != 0 or peak is None:
        raise SystemExit(output + "\nbench sync failed, or rank 0 was never seen")
    return peak, output.strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", default="build/ga3c")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--network", default="minatar-cnn")
    parser.add_argument("--warmup", type=int, default=500, help="warm-up syncs per worker")
    parser.add_argument("--few", type=int, default=100, help="syncs per worker after, short run")
    parser.add_argument("--many", type=int, default=10000, help="syncs per worker after, long run")
    args = parser.parse_args()
    few, _ = server_peak(args, args.few)
    many, output = server_peak(args, args.many)
    print(output)
    print("server rank peak RSS: %d KiB after %d warm-up + %d updates, %d KiB after %d warm-up "
          "+ %d updates: %+d KiB for %d more updates"
          % (few, args.workers * args.warmup, args.workers * args.few, many,
             args.workers * args.warmup, args.workers * args.many, many - few,
             args.workers * (args.many - args.few)))


if __name__ == "__main__":
    main()
