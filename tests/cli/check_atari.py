#!/usr/bin/env python3
"""Atari (ALE/<Game>-v5) through the ga3c binary.

With ALE (--with-ale): bad input to `ga3c train` and `ga3c eval` (an unknown game with close
names, another version, a missing ROM folder from --rom-dir or ALE_ROMS_DIR, a ROM with
another MD5, a multiplayer-only game, --frame-skip 0, --noop-max -1) gets one line, exit code
2 and no run directory; a short training run writes a checkpoint whose config.toml holds the
Atari settings, frames count emulator frames, and `ga3c eval --record` draws the colour screen
(160x210, ALE's palette: Breakout's grey walls) at the game's pace.
Without ALE: ALE/Breakout-v5 is refused with one line saying how to build ALE in."""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

from PIL import Image


def run(cmd, env=None):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, **(env or {})))


def one_line_exit_2(failures, cmd, needles, must_not_exist, env=None):
    proc = run(cmd, env)
    lines = [l for l in (proc.stderr + proc.stdout).splitlines() if l.strip()]
    name = " ".join(cmd[1:])
    if proc.returncode != 2:
        failures.append("%s: exit code %d, expected 2: %r" % (name, proc.returncode, lines))
    if len(lines) != 1:
        failures.append("%s: %d lines, expected 1: %r" % (name, len(lines), lines))
    for needle in needles:
        if needle not in "\n".join(lines):
            failures.append("%s: no %r in %r" % (name, needle, lines))
    if os.path.exists(must_not_exist):
        failures.append("%s: created %s" % (name, must_not_exist))
        shutil.rmtree(must_not_exist)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--with-ale", action="store_true")
    parser.add_argument("--rom-dir", help="the built-in ROM folder (with ALE)")
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="ga3c_atari_")
    try:
        failures, count = (check_with_ale(args, tmp) if args.with_ale
                           else check_without_ale(args, tmp))
    finally:
        shutil.rmtree(tmp)
    for failure in failures:
        print("FAIL: " + failure)
    print("%d passed, %d failed" % (count - len(failures), len(failures)))
    return 1 if failures else 0


def check_without_ale(args, tmp):
    failures = []
    fresh = os.path.join(tmp, "fresh")
    one_line_exit_2(failures, [args.binary, "train", "--env", "ALE/Breakout-v5", "--run-dir",
                               fresh], ["built without", "scripts/install-ale.sh"], fresh)
    return failures, 1


def check_with_ale(args, tmp):
    failures = []
    fresh = os.path.join(tmp, "fresh")
    train = [args.binary, "train", "--run-dir", fresh, "--env"]
    wrong = os.path.join(tmp, "wrong_roms")
    os.makedirs(wrong)
    shutil.copy(os.path.join(args.rom_dir, "pong.bin"), os.path.join(wrong, "breakout.bin"))
    cases = [
        (["ALE/Breakot-v5"], ["unknown Atari game 'Breakot'", "ALE/Breakout-v5"], None),
        (["ALE/Breakout-v4"], ["ALE/<Game>-v5", "use ALE/Breakout-v5"], None),
        (["ALE/Combat-v5"], ["no single-player game"], None),
        (["ALE/Breakout-v5", "--rom-dir", os.path.join(tmp, "none")],
         ["ROM folder", "(--rom-dir) does not exist"], None),
        (["ALE/Breakout-v5"], ["(ALE_ROMS_DIR) does not exist"],
         {"ALE_ROMS_DIR": os.path.join(tmp, "none")}),
        (["ALE/Breakout-v5", "--rom-dir", wrong], ["breakout.bin has MD5", "ale-py 0.12.1"], None),
        (["ALE/Pong-v5", "--rom-dir", wrong], ["pong.bin: no such ROM file"], None),
        (["ALE/Pong-v5", "--frame-skip", "0"], ["--frame-skip must be from 1 to 1000", "got 0"],
         None),
        (["ALE/Pong-v5", "--frame-skip", "1001"], ["--frame-skip must be from 1 to 1000",
                                                   "got 1001"], None),
        (["ALE/Pong-v5", "--noop-max", "-1"], ["--noop-max must be from 0", "got -1"], None),
        (["ALE/Pong-v5", "--noop-max", "10001"], ["to 10000 frames, got 10001"], None),
    ]
    for extra, needles, env in cases:
        one_line_exit_2(failures, train + extra, needles, fresh, env)
    count = len(cases)

    # A short deterministic run: 400 emulator frames are 100 agent steps.
    run_dir = os.path.join(tmp, "run")
    proc = run([args.binary, "train", "--env", "ALE/Breakout-v5", "--deterministic", "--agents",
                "1", "--max-frames", "400", "--quiet", "--log-level", "warn", "--run-dir",
                run_dir])
    count += 1
    if proc.returncode != 0:
        failures.append("training: exit code %d: %s" % (proc.returncode, proc.stderr))
        return failures, count
    with open(os.path.join(run_dir, "config.toml")) as f:
        config = f.read()
    for line in ("sticky-actions = 0.25", "frame-skip = 4", "noop-max = 30",
                 "full-action-space = false", "terminal-on-life-loss = true"):
        count += 1
        if line not in config.splitlines():
            failures.append("config.toml lacks %r" % line)
    count += 1
    if not os.path.exists(os.path.join(run_dir, "checkpoints", "ckpt-000000000400-ps0.ga3c")):
        failures.append("no checkpoint at 400 frames: %r" %
                        os.listdir(os.path.join(run_dir, "checkpoints")))

    gif = os.path.join(tmp, "breakout.gif")
    proc = run([args.binary, "eval", "--checkpoint", run_dir, "--episodes", "1", "--record", gif])
    count += 1
    if proc.returncode != 0 or not os.path.isfile(gif):
        failures.append("eval --record: exit code %d: %s" % (proc.returncode, proc.stderr))
        return failures, count
    with Image.open(gif) as image:
        count += 3
        if image.size != (160, 210) or image.n_frames < 10:
            failures.append("GIF is %r with %d frames" % (image.size, image.n_frames))
        if image.info.get("duration") != 70:
            failures.append("GIF frame delay %r ms, expected 70" % image.info.get("duration"))
        rgb = image.convert("RGB")
        if rgb.getpixel((2, 40)) != (142, 142, 142):
            failures.append("Breakout's wall is %r, not grey" % (rgb.getpixel((2, 40)),))
    never = os.path.join(tmp, "never.gif")
    one_line_exit_2(failures, [args.binary, "eval", "--checkpoint", run_dir, "--episodes", "1",
                               "--rom-dir", os.path.join(tmp, "none"), "--record", never],
                    ["(--rom-dir) does not exist"], never)
    count += 1
    return failures, count


if __name__ == "__main__":
    sys.exit(main())
