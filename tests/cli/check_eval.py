#!/usr/bin/env python3
"""`ga3c eval` end to end on checkpoints of untrained networks (written by
ga3c_make_test_checkpoint while `ga3c train` saves none): the summary line has the documented
form and values, a seed replays the same episodes, --max-episode-frames cuts every episode at
its limit and the summary counts them, --record writes a looping GIF of the first episode,
--random plays uniformly random actions (CartPole's known random-play length), and bad input
gets one line on stderr, exit code 2 and nothing written."""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from PIL import Image

from check_checkpoints import crc32c

SUMMARY = re.compile(
    r"^(?P<env>\S+)(?: from (?P<path>\S+) \((?P<frames>\d+) frames\))?, "
    r"(?P<mode>greedy|sampling from pi|uniformly random actions), "
    r"seed (?P<seed>\d+): return mean (?P<mean>-?[\d.]+) std (?P<std>[\d.]+) "
    r"min (?P<min>-?[\d.e+]+) max (?P<max>-?[\d.e+]+) over (?P<episodes>\d+) episodes?, "
    r"length mean (?P<length>[\d.]+), "
    r"(?:(?P<truncated>\d+) truncated at (?P<limit>\d+) frames|(?P<nolimit>no episode limit))$")
CUBEHELIX_4 = [(22, 61, 78), (84, 121, 47), (208, 126, 147), (193, 202, 243)]  # render/cubehelix.h


def run(binary, *args):
    return subprocess.run([binary, "eval"] + list(args), capture_output=True, text=True,
                          timeout=120)


def make_checkpoint(tool, directory, env, network, ranks=1, sticky=0.1):
    out = subprocess.run([tool, directory, env, network, str(ranks), str(sticky)],
                         capture_output=True, text=True, check=True).stdout
    return out.split()


class Checks:
    def __init__(self):
        self.failures = []
        self.count = 0

    def expect(self, ok, what):
        self.count += 1
        if not ok:
            self.failures.append(what)
        return ok


def summary_of(checks, proc, name):
    lines = proc.stdout.splitlines()
    if not checks.expect(proc.returncode == 0,
                         "%s: exit code %d: %s" % (name, proc.returncode, proc.stderr)):
        return None
    match = SUMMARY.match(lines[0]) if lines else None
    checks.expect(match is not None, "%s: first line is not the summary: %r" % (name, lines))
    return match


def check_summaries(checks, binary, ckpt, run_dir):
    proc = run(binary, "--checkpoint", ckpt, "--episodes", "5")
    m = summary_of(checks, proc, "eval")
    if not m:
        return
    checks.expect(len(proc.stdout.splitlines()) == 1,
                  "eval printed more than one line: %r" % proc.stdout)
    checks.expect(m["env"] == "CartPole-v1" and m["path"] == ckpt and m["frames"] == "4000"
                  and m["mode"] == "sampling from pi" and m["seed"] == "1" and m["episodes"] == "5",
                  "summary names the wrong things: %r" % m.group(0))
    mean, low, high = float(m["mean"]), float(m["min"]), float(m["max"])
    checks.expect(1 <= low <= mean <= high <= 500, "returns out of order or range: %r" % m.group(0))
    # CartPole pays 1 a step, so the mean return is the mean length.
    checks.expect(abs(mean - float(m["length"])) < 0.06,
                  "mean return != mean length: %r" % m.group(0))
    checks.expect(m["limit"] == "500", "CartPole's default limit is not 500: %r" % m.group(0))

    # A pole cannot fall within 5 steps of a reset: every episode is cut at exactly 5.
    cut = summary_of(checks, run(binary, "--checkpoint", ckpt, "--episodes", "4",
                                 "--max-episode-frames", "5"), "--max-episode-frames 5")
    checks.expect(cut is not None and cut["length"] == "5.0" and cut["mean"] == "5.00"
                  and cut["truncated"] == "4" and cut["limit"] == "5",
                  "--max-episode-frames 5: %r" % (cut and cut.group(0)))
    unlimited = summary_of(checks, run(binary, "--checkpoint", ckpt, "--episodes", "5",
                                       "--max-episode-frames", "0"), "--max-episode-frames 0")
    checks.expect(unlimited is not None and unlimited["nolimit"]
                  and unlimited["mean"] == m["mean"],
                  "--max-episode-frames 0: %r" % (unlimited and unlimited.group(0)))

    again = run(binary, "--checkpoint", ckpt, "--episodes", "5")
    checks.expect(again.stdout == proc.stdout,
                  "the same seed gave %r, then %r" % (proc.stdout, again.stdout))
    for given in (run_dir, os.path.join(run_dir, "checkpoints")):
        same = run(binary, "--checkpoint", given, "--episodes", "5")
        checks.expect(same.stdout == proc.stdout, "--checkpoint %s gave %r" % (given, same.stdout))
    other = summary_of(checks, run(binary, "--checkpoint", ckpt, "--episodes", "5",
                                   "--seed", "2"), "--seed 2")
    checks.expect(other is not None and other["seed"] == "2", "--seed 2 not in the summary")
    # Numbers are TOML's: 0b10 is 2 and 0x5 is 5, the same episodes as --seed 2 --episodes 5.
    toml_forms = run(binary, "--checkpoint", ckpt, "--episodes", "0x5", "--seed", "0b10")
    plain = run(binary, "--checkpoint", ckpt, "--episodes", "5", "--seed", "2")
    checks.expect(toml_forms.returncode == 0 and toml_forms.stdout == plain.stdout,
                  "--episodes 0x5 --seed 0b10 gave %r" % toml_forms.stdout)
    greedy = summary_of(checks, run(binary, "--checkpoint", ckpt, "--episodes", "5",
                                    "--greedy"), "--greedy")
    checks.expect(greedy is not None and greedy["mode"] == "greedy", "--greedy not in the summary")

    debug = run(binary, "--checkpoint", ckpt, "--episodes", "3", "--log-level", "debug")
    episodes = re.findall(r"episode (\d) return (\d+) length (\d+)", debug.stdout)
    checks.expect([e[0] for e in episodes] == ["1", "2", "3"]
                  and all(e[1] == e[2] for e in episodes),
                  "--log-level debug: per-episode lines missing: %r" % debug.stdout)


def check_record(checks, binary, tmp, cartpole, breakout):
    gif = os.path.join(tmp, "cartpole.gif")
    proc = run(binary, "--checkpoint", cartpole, "--episodes", "1", "--record", gif)
    m = summary_of(checks, proc, "--record cartpole.gif")
    if not m or not checks.expect(os.path.isfile(gif), "--record wrote no file"):
        return
    length = int(float(m["length"]))
    recorded = "recorded episode 1 (%d frames, 300x200) in %s" % (length + 1, gif)
    checks.expect(recorded in proc.stdout,
                  "--record line missing: %r" % proc.stdout)
    with Image.open(gif) as image:
        checks.expect(image.format == "GIF" and image.size == (300, 200),
                      "CartPole GIF is %s %s" % (image.format, image.size))
        checks.expect(image.n_frames == length + 1,
                      "CartPole GIF has %d frames, expected %d" % (image.n_frames, length + 1))
        checks.expect(image.info.get("loop") == 0,
                      "CartPole GIF does not loop forever: %r" % image.info)
        checks.expect(image.info.get("duration") == 50,
                      "CartPole GIF frame delay %r ms" % image.info.get("duration"))
        rgb = image.convert("RGB")
        checks.expect(rgb.getpixel((0, 0)) == (255, 255, 255)
                      and rgb.getpixel((0, 150)) == (0, 0, 0),
                      "CartPole GIF: background or track has the wrong colour")
    listing = os.listdir(tmp)
    checks.expect(not any(".tmp." in name for name in listing),
                  "a temporary was left: %r" % listing)

    short = os.path.join(tmp, "short.gif")
    proc = run(binary, "--checkpoint", cartpole, "--episodes", "2", "--max-episode-frames", "7",
               "--record", short)
    if summary_of(checks, proc, "--record short.gif") and checks.expect(
            os.path.isfile(short), "--record with a limit wrote no file"):
        with Image.open(short) as image:
            checks.expect(image.n_frames == 8,
                          "a 7-frame episode's GIF has %d frames, expected 8" % image.n_frames)

    gif = os.path.join(tmp, "breakout.gif")
    proc = run(binary, "--checkpoint", breakout, "--episodes", "1", "--record", gif)
    if (summary_of(checks, proc, "--record breakout.gif")
            and checks.expect(os.path.isfile(gif), "no Breakout GIF")):
        with Image.open(gif) as image:
            checks.expect(image.size == (200, 200) and image.info.get("duration") == 100,
                          "Breakout GIF: %s, %r ms" % (image.size, image.info.get("duration")))
            rgb = image.convert("RGB")
            # The first frame: bricks (channel 3) fill rows 1-3, the paddle (channel 0) is in row 9.
            checks.expect(rgb.getpixel((10, 30)) == CUBEHELIX_4[3],
                          "brick cell colour %r" % (rgb.getpixel((10, 30)),))
            checks.expect(rgb.getpixel((10, 5)) == (0, 0, 0), "empty row 0 is not black")
            paddle = [x for x in range(0, 200, 20) if rgb.getpixel((x + 10, 190)) == CUBEHELIX_4[0]]
            checks.expect(len(paddle) == 1, "paddle cells in row 9: %r" % paddle)


def check_interrupt(checks, binary, tmp, cartpole):
    """SIGINT during play (issue 27): eval stops before its next step, prints the summary of
    the episodes it finished and says it was interrupted, keeps the GIF of the first episode
    and leaves no temporary; exit 130."""
    gif = os.path.join(tmp, "interrupted.gif")
    proc = subprocess.Popen([binary, "eval", "--checkpoint", cartpole, "--episodes", "100000000",
                             "--record", gif], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    # Eval opens the GIF's temporary after it handles signals: wait for it rather than for a
    # fixed time, which a slow start (AddressSanitizer, a loaded machine) can outlast and die
    # of the signal; then a second for the first episode (CartPole: at most 500 steps) to end.
    deadline = time.monotonic() + 120
    while (not any(".tmp." in n for n in os.listdir(tmp)) and proc.poll() is None
           and time.monotonic() < deadline):
        time.sleep(0.02)
    time.sleep(1)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    checks.expect(proc.returncode == 130, "eval after SIGINT: exit %d: %s" % (proc.returncode,
                                                                             err[-300:]))
    match = re.search(r"over (\d+) episodes?, .* \(interrupted: (\d+) of 100000000 episodes\)$",
                      out.splitlines()[0] if out else "")
    checks.expect(match is not None and match.group(1) == match.group(2) and
                  int(match.group(1)) > 0,
                  "eval after SIGINT: summary %r" % out)
    checks.expect("recorded episode 1" in out and os.path.exists(gif),
                  "eval after SIGINT: the first episode's GIF was not kept: %r" % out)
    left = [n for n in os.listdir(tmp) if ".tmp." in n]
    checks.expect(not left, "eval after SIGINT left %r" % left)


def check_random(checks, binary):
    """Uniformly random CartPole lasts about 22 steps (22.2 over 10,000 episodes in Gymnasium's
    own env); a seed replays the same episodes and another seed plays others."""
    random = ["--random", "--env", "CartPole-v1", "--episodes", "200"]
    first = run(binary, *random, "--seed", "3")
    m = summary_of(checks, first, "eval --random")
    if not m:
        return
    checks.expect(m["env"] == "CartPole-v1" and m["path"] is None
                  and m["mode"] == "uniformly random actions" and m["seed"] == "3"
                  and m["episodes"] == "200", "random summary names the wrong things: %r"
                  % m.group(0))
    checks.expect(19.0 < float(m["length"]) < 25.5 and float(m["min"]) < 15 < float(m["max"]),
                  "random CartPole is not about 22 steps long: %r" % m.group(0))
    again = run(binary, *random, "--seed", "3")
    checks.expect(again.stdout == first.stdout, "--random --seed 3 twice: %r then %r"
                  % (first.stdout, again.stdout))
    other = run(binary, *random, "--seed", "4")
    checks.expect(other.returncode == 0 and other.stdout != first.stdout,
                  "--random --seed 4 played seed 3's episodes: %r" % other.stdout)
    minatar = run(binary, "--random", "--env", "MinAtar/Breakout-v1", "--episodes", "3")
    m = summary_of(checks, minatar, "eval --random MinAtar")
    checks.expect(m is not None and float(m["max"]) < 5,
                  "random MinAtar Breakout: %r" % minatar.stdout)


def check_bad_input(checks, binary, tmp, cartpole, breakout_files):
    never = os.path.join(tmp, "never.gif")
    existing_gif = os.path.join(tmp, "existing.gif")
    with open(existing_gif, "w") as f:
        f.write("not overwritten")
    name = os.path.basename(cartpole)
    with open(cartpole, "rb") as f:
        good = f.read()
    bad_files = {}
    for kind, data in [("truncated", good[: len(good) // 2]),
                       ("corrupted", good[:200] + bytes([good[200] ^ 0xFF]) + good[201:]),
                       ("foreign", b"\x89PNG\r\n\x1a\n" + b"\0" * 64),
                       ("empty", b"")]:
        d = os.path.join(tmp, kind)
        os.makedirs(d)
        bad_files[kind] = os.path.join(d, name)
        with open(bad_files[kind], "wb") as f:
            f.write(data)
    # A whole file in a newer checkpoint format: named with both versions, never played.
    future_dir = os.path.join(tmp, "future")
    os.makedirs(future_dir)
    shutil.copy(cartpole, os.path.join(future_dir, "ckpt-000000000100-ps0.ga3c"))
    header = bytearray(good[:28])
    header[8:12] = (2).to_bytes(4, "little")
    header[24:28] = crc32c(bytes(header[:24])).to_bytes(4, "little")
    future = os.path.join(future_dir, "ckpt-000000000200-ps0.ga3c")
    with open(future, "wb") as f:
        f.write(bytes(header) + good[28:])
    empty_dir = os.path.join(tmp, "empty_run")
    os.makedirs(empty_dir)
    incomplete = os.path.join(tmp, "incomplete")
    shutil.copytree(os.path.dirname(breakout_files[0]), incomplete)
    os.remove(os.path.join(incomplete, os.path.basename(breakout_files[1])))
    incomplete_ps0 = os.path.join(incomplete, os.path.basename(breakout_files[0]))

    ckpt = ["--checkpoint", cartpole]
    cases = [
        (["--checkpoint", os.path.join(tmp, "nope.ga3c"), "--episodes", "3"],
         ["nope.ga3c", "no such file"]),
        (["--checkpoint", bad_files["truncated"], "--episodes", "3"], [bad_files["truncated"]]),
        (["--checkpoint", bad_files["corrupted"], "--episodes", "3"], [bad_files["corrupted"]]),
        (["--checkpoint", bad_files["foreign"], "--episodes", "3"], [bad_files["foreign"]]),
        (["--checkpoint", bad_files["empty"], "--episodes", "3"], [bad_files["empty"]]),
        (["--checkpoint", future, "--episodes", "3"],
         [future, "format version 2 is newer than the one this ga3c reads (1)"]),
        (["--checkpoint", future_dir, "--episodes", "3"],
         [future, "format version 2 is newer than the one this ga3c reads (1)"]),
        (["--checkpoint", empty_dir, "--episodes", "3"], [empty_dir, "holds no checkpoint"]),
        (["--checkpoint", incomplete_ps0, "--episodes", "3"], ["ps1"]),
        (["--checkpoint", incomplete, "--episodes", "3"], [incomplete, "no complete checkpoint"]),
        (ckpt + ["--episodes", "3", "--env", "MinAtar/Breakout-v1"],
         [cartpole, "trained on CartPole-v1",
          "MinAtar/Breakout-v1 has observation [10, 10, 4], 3 actions"]),
        (ckpt + ["--episodes", "3", "--env", "Pong-v0"], ["unknown environment 'Pong-v0'"]),
        (ckpt + ["--episodes", "0"], ["--episodes must be > 0, got 0"]),
        (ckpt + ["--episodes", "-3"], ["--episodes must be > 0, got -3"]),
        (ckpt, ["--episodes is required"]),
        (ckpt + ["--episodes", "many"], ["many"]),
        (ckpt + ["--episodes", "1", "--max-episode-frames", "-1"],
         ["--max-episode-frames must be >= 0", "got -1"]),
        (ckpt + ["--episodes", "1", "--max-episode-frames", "lots"], ["lots"]),
        (["--episodes", "3"], ["--checkpoint PATH is required", "--random --env ID"]),
        (ckpt + ["--episodes", "3", "--random", "--env", "CartPole-v1"],
         ["--random plays no checkpoint", "leave out --checkpoint or --random"]),
        (["--random", "--episodes", "3"], ["--random needs the environment", "--env ID"]),
        (["--random", "--env", "CartPole-v1", "--episodes", "3", "--greedy"],
         ["--greedy", "--random has no policy"]),
        (["--random", "--env", "Pong-v0", "--episodes", "3"], ["Pong-v0"]),
        (["--random", "--env", "CartPole-v1", "--episodes", "0"],
         ["--episodes must be > 0, got 0"]),
    ]
    for args, needles in cases:
        check_one(checks, binary, args + ["--record", never], needles, never)
    check_one(checks, binary, ckpt + ["--episodes", "1", "--record", existing_gif],
              [existing_gif, "already exists"], never)
    with open(existing_gif) as f:
        checks.expect(f.read() == "not overwritten", "--record overwrote an existing file")
    missing_dir = os.path.join(tmp, "no_such_dir", "x.gif")
    check_one(checks, binary, ckpt + ["--episodes", "1", "--record", missing_dir],
              ["does not exist"], missing_dir)
    png = os.path.join(tmp, "x.png")
    check_one(checks, binary, ckpt + ["--episodes", "1", "--record", png], ["FILE.gif"], png)


def check_one(checks, binary, args, needles, must_not_exist):
    proc = run(binary, *args)
    name = " ".join(args)
    lines = [l for l in proc.stderr.splitlines() + proc.stdout.splitlines() if l.strip()]
    checks.expect(proc.returncode == 2, "%s: exit code %d, expected 2" % (name, proc.returncode))
    checks.expect(len(lines) == 1 and re.match(r"ga3c( eval)?: error: ", lines[0]),
                  "%s: expected one error line, got %r" % (name, lines))
    text = "\n".join(lines)
    for needle in needles:
        checks.expect(needle in text, "%s: output does not mention %r: %r" % (name, needle, text))
    checks.expect(not os.path.exists(must_not_exist), "%s: created %s" % (name, must_not_exist))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--make-checkpoint", required=True,
                        help="the ga3c_make_test_checkpoint tool")
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="ga3c_eval_")
    checks = Checks()
    try:
        run_dir = os.path.join(tmp, "cartpole-run")
        cartpole = make_checkpoint(args.make_checkpoint, os.path.join(run_dir, "checkpoints"),
                                   "CartPole-v1", "mlp")[0]
        breakout = make_checkpoint(args.make_checkpoint,
                                   os.path.join(tmp, "breakout-run", "checkpoints"),
                                   "MinAtar/Breakout-v1", "minatar-cnn", ranks=2, sticky=0.0)
        help_text = subprocess.run([args.binary, "eval", "--help"], capture_output=True,
                                   text=True, timeout=60)
        checks.expect(help_text.returncode == 0 and all(o in help_text.stdout for o in
                      ["--checkpoint", "--random", "--episodes", "--env", "--greedy", "--seed", "--record",
                       "--max-episode-frames", "MinAtar/* 27000"]),
                      "ga3c eval --help: %d %r" % (help_text.returncode, help_text.stdout))
        check_summaries(checks, args.binary, cartpole, run_dir)
        check_record(checks, args.binary, tmp, cartpole, breakout[0])
        check_interrupt(checks, args.binary, tmp, cartpole)
        check_random(checks, args.binary)
        check_bad_input(checks, args.binary, tmp, cartpole, breakout)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    for failure in checks.failures:
        print("FAIL: " + failure)
    print("%d checks, %d failed" % (checks.count, len(checks.failures)))
    return 1 if checks.failures else 0


if __name__ == "__main__":
    sys.exit(main())
