"""What the CLI checks need to know of the machine's GPUs, without LibTorch: nvidia-smi's count."""
import subprocess


def gpu_count():
    """GPUs that `nvidia-smi -L` lists; 0 where it is missing, fails or hangs."""
    try:
        out = subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return 0
    return sum(1 for line in out.stdout.splitlines() if line.startswith("GPU "))
