#!/usr/bin/env python3
"""A run's config.toml reproduces its settings: training with `--config` on it (and a new
--run-dir) writes the same config.toml; flags override the file; presets fill in only what
neither set. Numbers in any TOML 1.0 form, on the command line or in the file, land as their
value (0x10 is 16, 2_000 is 2000), and config.toml reads with Python's tomllib to the values
ga3c used."""
import argparse
import os
import subprocess
import sys
import tempfile
import tomllib


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
    # TOML number forms: flags and a config file.
    fourth, fifth = os.path.join(tmp, "fourth"), os.path.join(tmp, "fifth")
    train(args.binary, "--env", "CartPole-v1", "--run-dir", fourth, "--max-frames", "2_000",
          "--agents", "0b1000", "--seed", "0xff", "--gamma", "+9_9e-2", "--num-ps", "0o1",
          "--target-return", "5E2")
    numbers = os.path.join(tmp, "numbers.toml")
    with open(numbers, "w") as f:
        f.write("[train]\n'env' = \"\"\"CartPole-v1\"\"\"\nmax-frames = 2_000\nagents = 0b1000\n"
                "seed = 0xff\ngamma = +9_9e-2\nnum-ps = 0o1\ntarget-return = 5E2\n")
    train(args.binary, "--config", numbers, "--run-dir", fifth)
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
    for run_dir in (fourth, fifth):
        settings = read_settings(run_dir)
        expectations += [(settings, "max-frames", "2000"), (settings, "agents", "8"),
                         (settings, "seed", "255"), (settings, "gamma", "0.99"),
                         (settings, "num-ps", "1"), (settings, "target-return", "500.0")]
    for run_dir in (first, second, third, fourth, fifth):
        with open(os.path.join(run_dir, "config.toml"), "rb") as f:
            written = tomllib.load(f)["train"]
        text = read_settings(run_dir)
        if set(written) != set(text):
            failures.append("%s: tomllib reads keys %s" % (run_dir, sorted(written)))
        for key, value in written.items():
            if isinstance(value, str) and '"%s"' % value != text[key]:
                failures.append("%s: tomllib reads %s = %r from %s" % (run_dir, key, value, text[key]))
    fourth_toml = tomllib.load(open(os.path.join(fourth, "config.toml"), "rb"))["train"]
    for key, want in [("max-frames", 2000), ("agents", 8), ("seed", 255), ("gamma", 0.99),
                      ("num-ps", 1), ("target-return", 500.0), ("env", "CartPole-v1"),
                      ("lr", 0.003), ("quiet", True)]:
        if fourth_toml.get(key) != want or type(fourth_toml.get(key)) is not type(want):
            failures.append("tomllib reads %s = %r, expected %r" % (key, fourth_toml.get(key), want))
    for settings, key, want in expectations:
        if settings.get(key) != want:
            failures.append("%s is %s, expected %s" % (key, settings.get(key), want))
    for f in failures:
        print("FAIL: " + f)
    print("%d passed, %d failed" % (len(a) + len(expectations) - len(failures), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
