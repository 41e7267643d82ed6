"""Running a ga3c MPI job from a check: start it in its own process group, follow its output
line by line, find its ranks' pids, and make sure nothing of it outlives the check."""
import os
import re
import signal
import subprocess
import threading
import time

ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")  # spdlog colours its levels on a terminal


class MpiJob:
    def __init__(self, cmd, env=None):
        print(" ".join(cmd), flush=True)
        self.lines = []
        self._lock = threading.Lock()
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True, start_new_session=True, env=env)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self):
        for line in self.proc.stdout:
            print(line, end="", flush=True)
            with self._lock:
                self.lines.append(ANSI_ESCAPE.sub("", line))

    def output(self):
        with self._lock:
            return "".join(self.lines)

    def wait_for(self, pattern, timeout):
        """The first match of pattern in the output within timeout seconds, or None."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            m = re.search(pattern, self.output())
            if m:
                return m
            if self.proc.poll() is not None:
                time.sleep(0.2)  # let the reader take the last lines
                return re.search(pattern, self.output())
            time.sleep(0.1)
        return None

    def rank_pids(self):
        """{rank: pid} from the ranks' start lines ("rank 2 (worker 0), pid 1234: ...")."""
        return {int(r): int(p) for r, p in re.findall(r"rank (\d+) \(\w+ \d+\), pid (\d+)",
                                                       self.output())}

    def wait(self, timeout):
        """The job's exit code, or None when it is still running after timeout seconds."""
        try:
            code = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None
        self._reader.join(timeout=5)
        return code

    def kill(self):
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait()


def alive(pid):
    """True when pid runs (a zombie, dead but not yet reaped, does not count)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


def mpi_env():
    env = dict(os.environ)
    # The checks run as root in containers; Open MPI refuses that unless told.
    env.setdefault("OMPI_ALLOW_RUN_AS_ROOT", "1")
    env.setdefault("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
    return env
