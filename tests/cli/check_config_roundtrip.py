#!/usr/bin/env python3
"""A run's config.toml reproduces its settings: training with `--config` on it (and a new
--run-dir) writes the same config.toml; flags override the file; presets fill in only what
neither set."""
import argparse
import os
import subprocess
import sys
import tempfile


def read_settings(run_dir):
    settings = {}
    with open(os.path.join(run_dir, "config.toml")) as f:
        for line in f:
            if "=" in line and not line.startswith("#"):
                key, value = (part.strip() for part in line.split("=", 1))
                settings[key] = value
    return settings


def train(binary, *args):
    subprocess.run([binary, "train", "--quiet", "--log-level", "warn"] + list(args), check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="ga3c_config_")
    first, second, third = (os.path.join(tmp, n) for n in ("first", "second", "third"))
    train(args.binary, "--env", "CartPole-v1", "--run-dir", first, "--max-frames", "3000",
          "--agents", "8", "--gamma", "0.98")
    train(args.binary, "--config", os.path.join(first, "config.toml"), "--run-dir", second)
    train(args.binary, "--config", os.path.join(first, "config.toml"), "--run-dir", third,
          "--agents", "4")
    a, b, c = read_settings(first), read_settings(second), read_settings(third)
    failures = []
    for key in a:
        if key != "run-dir" and a[key] != b[key]:
            failures.append("%s: %s then %s" % (key, a[key], b[key]))
    expectations = [
        (a, "agents", "8"), (a, "gamma", "0.98"), (c, "agents", "4"), (c, "gamma", "0.98"),
        # CartPole-v1's preset, since nothing set the learning rate.
        (a, "lr", "0.003"), (a, "lr-schedule", '"linear"'), (a, "max-frames", "3000"),
        # CartPole-v1's episode limit, from the registry: the number, never "default".
        (a, "max-episode-frames", "500"), (c, "max-episode-frames", "500"),
    ]
    for settings, key, want in expectations:
        if settings.get(key) != want:
            failures.append("%s is %s, expected %s" % (key, settings.get(key), want))
    for f in failures:
        print("FAIL: " + f)
    print("%d passed, %d failed" % (len(a) + len(expectations) - len(failures), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
