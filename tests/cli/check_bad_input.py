#!/usr/bin/env python3
"""Bad input to `ga3c train` gets one line on stderr naming the problem, exit code 2, and
nothing written: no run directory appears and an existing run is left as it was."""
import argparse
import concurrent.futures
import os
import shutil
import subprocess
import sys
import tempfile


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="ga3c_bad_input_")
    try:
        return check_all(args.binary, tmp)
    finally:
        shutil.rmtree(tmp)


def check_all(binary, tmp):
    existing = os.path.join(tmp, "existing")
    os.makedirs(existing)
    with open(os.path.join(existing, "episodes.csv"), "w") as f:
        f.write("old run\n")
    blocker = os.path.join(tmp, "a_file")
    with open(blocker, "w") as f:
        f.write("x")
    def config(name, content):
        path = os.path.join(tmp, name)
        with open(path, "wb") as f:
            f.write(content if isinstance(content, bytes) else content.encode())
        return path

    fresh = os.path.join(tmp, "fresh")
    cases = [
        (["--env", "CartPole-v9"], ["unknown environment 'CartPole-v9'", "CartPole-v1"]),
        (["--agents", "0"], ["--agents must be > 0"]),
        (["--workers", "-1"], ["--workers must be > 0"]),
        (["--trainers", "0"], ["--trainers must be > 0"]),
        (["--sync-freq", "0"], ["--sync-freq must be > 0"]),
        (["--lr", "0"], ["--lr must be > 0"]),
        (["--lr", "-0.001"], ["--lr must be > 0"]),
        (["--max-frames", "0"], ["--max-frames must be > 0"]),
        (["--optimizer", "adagrad"], ["unknown optimizer 'adagrad'", "rmsprop"]),
        (["--optimizer-state", "global"], ["--optimizer-state", "shared or local"]),
        (["--ps-apply", "unlocked"], ["unknown --ps-apply 'unlocked'", "locked or racy"]),
        (["--correction", "retrace"], ["unknown --correction 'retrace'", "none or vtrace"]),
        (["--vtrace-rho-bar", "0"], ["--vtrace-rho-bar must be > 0"]),
        (["--vtrace-c-bar", "nan"], ["--vtrace-c-bar must be a finite number"]),
        (["--agents", "many"], ["--agents"]),
        (["--min-batch", "500"], ["--min-batch 500", "--max-queue"]),
        (["--network", "resnet"], ["unknown network 'resnet'"]),
        (["--init", "xavier"], ["unknown init 'xavier'", "torch or orthogonal"]),
        (["--recurrent", "gru"], ["unknown --recurrent 'gru'", "none or lstm"]),
        (["--lstm-size", "0"], ["--lstm-size must be from 1 to 16384 units, got 0"]),
        (["--recurrent", "lstm", "--lstm-size", "100000"], ["--lstm-size must be from 1 to 16384"]),
        (["--stop-on-dead-network", "--health-every", "0"],
         ["--stop-on-dead-network", "--health-every 0", "--health-every N"]),
        (["--health-every", "-1"], ["--health-every must be >= 0"]),
        (["--deterministic", "--workers", "2", "--agents", "1"],
         ["--deterministic", "not --workers 2", "pass --workers 1 --agents 1"]),
        (["--deterministic", "--agents", "4"],
         ["--deterministic", "--agents 4", "pass --workers 1 --agents 1"]),
        (["--deterministic", "--agents", "1", "--sync-overlap"],
         ["--deterministic", "drop --sync-overlap"]),
        (["--no-such-flag"], ["--no-such-flag"]),
        (["--log-level", "loud"], ["unknown --log-level 'loud'"]),
        (["--adam-beta1", "1"], ["--adam-beta1 must be in [0, 1)"]),
        (["--agents", "2000000000"], ["--agents 2000000000 exceeds 65536"]),
        (["--lr", "1e400"], ["--lr must be a finite number"]),
    ]
    # Config files: each message names the file (and the line where there is one).
    missing = os.path.join(tmp, "missing.toml")
    config_cases = [
        (missing, [missing, "does not exist"]),
        ("", ["config file  does not exist"]),
        (tmp, [tmp, "is a directory"]),
        ("/dev/zero", ["/dev/zero is larger than 1 MiB"]),
        (config("large.toml", "# padding\n" * 200000), ["large.toml is larger than 1 MiB"]),
        (config("empty.toml", ""), ["empty.toml is empty", "[train]"]),
        (config("blank.toml", " \n\t\n"), ["blank.toml is empty"]),
        (config("comments.toml", "# agents = 8\n"), ["comments.toml has no [train] section"]),
        (config("binary.toml", bytes(range(256)) * 4), ["binary.toml, line 1: byte 0x00 is not text"]),
        (config("latin1.toml", "[train]\nrun-dir = \"r\xe9sum\xe9\"\n".encode("latin-1")),
         ["latin1.toml, line 2", "not UTF-8"]),
        (config("unknown.toml", "[train]\nlearning_rate = 0.1\n"),
         ["unknown.toml, line 2: unknown key 'learning_rate'", "ga3c train --help"]),
        (config("config_key.toml", "[train]\nconfig = \"other.toml\"\n"), ["unknown key 'config'"]),
        (config("help_key.toml", "[train]\nhelp = true\n"), ["unknown key 'help'"]),
        (config("wrong_type.toml", "[train]\nagents = \"many\"\n"),
         ["wrong_type.toml, line 2: agents = many is a string", "without quotes"]),
        (config("switch_type.toml", "[train]\nquiet = 1\n"), ["quiet = true or quiet = false"]),
        (config("bool_name.toml", "[train]\nenv = true\n"), ["env takes a string"]),
        (config("fraction.toml", "[train]\nagents = 1.5\n"), ["agents = 1.5 is not an integer"]),
        (config("huge_int.toml", "[train]\nagents = 99999999999999999999\n"),
         ["huge_int.toml, line 2", "is out of range"]),
        (config("huge_agents.toml", "[train]\nagents = 2000000000\n"),
         ["huge_agents.toml, line 2: --agents 2000000000 exceeds 65536"]),
        (config("huge_lr.toml", "[train]\nlr = 1e400\n"),
         ["huge_lr.toml, line 2: --lr must be a finite number"]),
        (config("nan_gamma.toml", "[train]\ngamma = nan\n"), ["line 2: --gamma must be in [0, 1]"]),
        (config("huge_timeout.toml", "[train]\npeer-timeout = 1e300\n"), ["--peer-timeout 1e+300 exceeds"]),
        (config("bad_env.toml", "[train]\n\nenv = \"CartPole-v9\"\n"),
         ["bad_env.toml, line 3: unknown environment 'CartPole-v9'"]),
        (config("bad_name.toml", "[train]\noptimizer = \"adagrad\"\n"),
         ["bad_name.toml, line 2: unknown optimizer 'adagrad'"]),
        (config("bad_level.toml", "[train]\nlog-level = \"loud\"\n"),
         ["bad_level.toml, line 2: unknown --log-level 'loud'"]),
        (config("duplicate.toml", "[train]\nagents = 8\nagents = 16\n"),
         ["duplicate.toml, line 3: agents is set again (line 2 sets agents)"]),
        (config("alias.toml", "[train]\nworkers = 2\nnum-workers = 3\n"),
         ["num-workers is set again (line 2 sets workers)"]),
        (config("outside.toml", "agents = 8\n[train]\n"),
         ["outside.toml, line 1: agents is outside the [train] section"]),
        (config("other_table.toml", "[train]\n[plot]\nout = \"x\"\n"), ["unknown section [plot]"]),
        (config("two_tables.toml", "[train]\n[train]\n"), ["a second [train] section"]),
        (config("dotted.toml", "train.agents = 8\n"), ["dotted key 'train.agents'"]),
        (config("array.toml", "[train]\nagents = [8, 16]\n"), ["agents is an array"]),
        (config("unquoted.toml", "[train]\nenv = CartPole-v1\n"), ["env = \"CartPole-v1\""]),
        (config("unclosed.toml", "[train]\nenv = \"CartPole-v1\n"), ["is not closed"]),
        (config("control.toml", "[train]\nenv = \"a\x1b[31mb\"\n"), ["byte 0x1b is not text"]),
        (config("crlf.toml", "[train]\r\nagents = 0\r\n"), ["crlf.toml, line 2: --agents must be > 0"]),
    ]
    cases += [(["--config", path], needles) for path, needles in config_cases]
    # Numbers: one reading, TOML 1.0's, for every number flag of every subcommand and in config
    # files; anything else is refused with the whole line below.
    hint = ("; numbers are read as in TOML, e.g. 8, -3, 1_000, 0x1f, 0o17, 0b101, 3e-4, 1.5, "
            "inf")
    int_range = "give an integer from -9223372036854775808 to 9223372036854775807"
    number_cases = [
        (["--seed", "-1"], "--seed: -1 is negative; give a whole number >= 0"),
        (["--seed", "18446744073709551616"],
         "--seed: 18446744073709551616 is out of range; give a whole number up to "
         "18446744073709551615"),
        (["--seed", "0x1_0000_0000_0000_0000"],
         "--seed: 0x1_0000_0000_0000_0000 is out of range; give a whole number up to "
         "18446744073709551615"),
        (["--seed", "1.0"], "--seed: 1.0 is not an integer (TOML reads it as a float); write 1"),
        (["--seed", ""], "--seed: an empty value is not a number" + hint + " (an integer here)"),
        (["--seed", " 1"], "--seed:  1 is not a number" + hint + " (an integer here)"),
        (["--max-frames", "010"],
         "--max-frames: 010 has a leading zero, which TOML does not allow" + hint +
         " (an integer here)"),
        (["--max-frames", "1e3"],
         "--max-frames: 1e3 is not an integer (TOML reads it as a float); write 1000"),
        (["--max-frames", "9223372036854775808"],
         "--max-frames: 9223372036854775808 is out of range; " + int_range),
        (["--max-frames", "1_000_"],
         "--max-frames: 1_000_ has an underscore that is not between two digits" + hint +
         " (an integer here)"),
        (["--agents", "1__0"],
         "--agents: 1__0 has an underscore that is not between two digits" + hint +
         " (an integer here)"),
        (["--agents", "8x"], "--agents: 8x is not a number" + hint + " (an integer here)"),
        (["--agents", "0X8"],
         "--agents: 0X8 has an upper-case base prefix; TOML writes 0x, 0o and 0b in lower case" +
         hint + " (an integer here)"),
        (["--agents", "-0x8"],
         "--agents: -0x8 has a sign before 0x, 0o or 0b, which TOML does not allow" + hint +
         " (an integer here)"),
        (["--agents", "0o9"], "--agents: 0o9 has a digit outside base 8" + hint + " (an integer here)"),
        (["--agents", "4294967296"],
         "Could not convert: --agents = 4294967296 (see `ga3c train --help` for each setting's "
         "type)"),
        (["--lr", "0x1p-3"], "--lr: 0x1p-3 is not a number" + hint),
        (["--lr", "3e-4x"], "--lr: 3e-4x is not a number" + hint),
        (["--lr", ".5"], "--lr: .5 needs digits on both sides of its decimal point" + hint),
        (["--lr", "5."], "--lr: 5. needs digits on both sides of its decimal point" + hint),
        (["--lr", "1e"], "--lr: 1e has no digits in its exponent" + hint),
        (["--lr", "Inf"], "--lr: Inf is not a number" + hint),
        (["--lr", "99999999999999999999"],
         "--lr: 99999999999999999999 is out of the range of 64-bit integers; write it as a "
         "float, e.g. 1e19"),
        # inf and nan are TOML floats; each setting says whether it takes them.
        (["--lr=-inf"], "--lr must be a finite number, got -inf"),
        (["--gamma", "nan"], "--gamma must be in [0, 1], got nan"),
        (["--checkpoint-every", "inf"], "--checkpoint-every must be a finite number, got inf"),
        (["--config", config("seed.toml", "[train]\nseed = -1\n")],
         "seed.toml, line 2: seed = -1 is negative; give a whole number >= 0"),
        (["--config", config("frames.toml", "[train]\n\nmax-frames = 1e6\n")],
         "frames.toml, line 3: max-frames = 1e6 is not an integer (TOML reads it as a float); "
         "write 1000000"),
        (["--config", config("underscore.toml", "[train]\nagents = 1__0\n")],
         "underscore.toml, line 2: agents = 1__0 has an underscore that is not between two "
         "digits" + hint),
        (["--config", config("octal.toml", "[train]\nagents = 010\n")],
         "octal.toml, line 2: agents = 010 has a leading zero, which TOML does not allow" + hint),
        (["--config", config("number_env.toml", "[train]\nenv = 5\n")],
         "number_env.toml, line 2: env = 5 is a number; env takes a string: env = \"...\""),
    ]
    cases += [(extra, [line]) for extra, line in number_cases]
    # Each case is a process that loads LibTorch (about a second); four at a time.
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        results = pool.map(
            lambda case: check([binary, "train", "--run-dir", fresh] + case[0], case[1],
                               must_not_exist=fresh), cases)
        failures = [problem for problems in results for problem in problems]
    # The other subcommands read their numbers the same way (they fail before reading files).
    other_cases = [
        (["eval", "--checkpoint", missing, "--episodes", "1.5"],
         "--episodes: 1.5 is not an integer (TOML reads it as a float); write a whole number"),
        (["eval", "--checkpoint", missing, "--episodes", "1", "--seed", "-1"],
         "--seed: -1 is negative; give a whole number >= 0"),
        (["eval", "--checkpoint", missing, "--episodes", "010"],
         "--episodes: 010 has a leading zero, which TOML does not allow" + hint +
         " (an integer here)"),
        (["bench", "sync", "--iterations", "0x"],
         "--iterations: 0x has no digits after its base prefix" + hint + " (an integer here)"),
        (["bench", "sync", "--peer-timeout", "1e3s"], "--peer-timeout: 1e3s is not a number" + hint),
        (["bench", "sync", "--peer-timeout", "inf"],
         "--peer-timeout is inf; give a value from 1 to 86400"),
        (["bench", "sync", "--peer-timeout", "0.001"],
         "--peer-timeout is 0.001; give a value from 1 to 86400"),
        (["bench", "sync", "--workers", "0"], "--workers is 0; give a value from 1 to 1024"),
        (["bench", "sync", "--workers", "5000"], "--workers is 5000; give a value from 1 to 1024"),
        (["bench", "sync", "--num-ps", "2000"], "--num-ps is 2000; give a value from 1 to 1024"),
        (["bench", "sync", "--iterations", "2000000000"],
         "--iterations is 2000000000; give a value from 1 to 1000000"),
        (["bench", "sync", "--warmup", "-1"], "--warmup is -1; give a value from 0 to 1000000"),
    ]
    for argv, line in other_cases:
        failures += check([binary] + argv, [line])
    cases += other_cases
    failures += check([binary, "train", "--run-dir", existing], ["already holds a run"])
    with open(os.path.join(existing, "episodes.csv")) as f:
        if f.read() != "old run\n":
            failures.append("the existing run's episodes.csv was overwritten")
    failures += check([binary, "train", "--run-dir", os.path.join(blocker, "run")],
                      ["cannot create run directory", "--run-dir"])
    for failure in failures:
        print("FAIL: " + failure)
    print("%d passed, %d failed" % (len(cases) + 2 - len(failures), len(failures)))
    return 1 if failures else 0


def check(cmd, needles, must_not_exist=None):
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    name = " ".join(cmd[2:])
    lines = [l for l in proc.stderr.splitlines() + proc.stdout.splitlines() if l.strip()]
    problems = []
    if proc.returncode != 2:
        problems.append("%s: exit code %d, expected 2" % (name, proc.returncode))
    if len(lines) != 1:
        problems.append("%s: %d lines of output, expected 1: %r" % (name, len(lines), lines))
    text = "\n".join(lines)
    for needle in needles:
        if needle not in text:
            problems.append("%s: output does not mention %r: %r" % (name, needle, text))
    if must_not_exist and os.path.exists(must_not_exist):
        problems.append("%s: created %s" % (name, must_not_exist))
    return problems


if __name__ == "__main__":
    sys.exit(main())
