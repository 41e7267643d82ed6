#!/usr/bin/env python3
"""`ga3c bench sync` in one process: a short bench reports every line docs/benchmarks.md reads
(the sync count is workers x iterations), and SIGINT ends a long one at once, leaving no file
behind (the bench writes none)."""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    args = parser.parse_args()
    failures = []
    tmp = tempfile.mkdtemp(prefix="ga3c_bench_sync_")

    p = subprocess.run([args.binary, "bench", "sync", "--network", "mlp", "--workers", "2",
                        "--iterations", "20", "--warmup", "2"],
                       capture_output=True, text=True, cwd=tmp, timeout=120)
    if p.returncode != 0:
        failures.append("short bench: exit %d: %s" % (p.returncode, p.stderr))
    for pattern in (r"^sync bench: mlp, \d+ parameters, 1 server\(s\), 2 worker\(s\) in one process",
                    r"^sync \(push \+ pull of [\d.]+ MB\): median [\d.]+ ms, p95 [\d.]+ ms over 40 syncs$",
                    r"^  push: median [\d.]+ ms, p95 [\d.]+ ms; pull: median [\d.]+ ms",
                    r"^memcpy of the same [\d.]+ MB: median [\d.]+ ms$",
                    r"^sync / memcpy: [\d.]+x \(median\)$"):
        if not re.search(pattern, p.stdout, re.M):
            failures.append("short bench: no line matching %r in %r" % (pattern, p.stdout))

    proc = subprocess.Popen([args.binary, "bench", "sync", "--iterations", "1000000"], cwd=tmp,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    time.sleep(2)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        proc.communicate(timeout=10)
        if proc.returncode != -signal.SIGINT:
            failures.append("SIGINT: exit %d, expected death by SIGINT" % proc.returncode)
        print("SIGINT: ended %.2f s after the signal" % (time.monotonic() - sent))
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        failures.append("SIGINT: still running 10 s after the signal")
    if os.listdir(tmp):
        failures.append("left files behind: %s" % os.listdir(tmp))

    for failure in failures:
        print("FAIL: " + failure)
    print("%d failed" % len(failures))
    shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
