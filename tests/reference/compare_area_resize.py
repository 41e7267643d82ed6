#!/usr/bin/env python3
"""Checks ga3c's AreaResize (src/env/ale/area_resize.h) byte for byte against OpenCV's
cv2.resize(image, (dst_cols, dst_rows), interpolation=cv2.INTER_AREA), the call Gymnasium's
AtariPreprocessing makes, on:
- real Atari frames, 210x160 -> 84x84: ALE's grey screens (ale-py) of several games under
  random play, and the max of consecutive pairs of them, as the preprocessing pools them;
- random 210x160 frames: uniform noise, and a few grey levels on a background (like a game's
  screen);
- random sizes (1..300 rows and columns, any smaller output but integer ratios in both
  directions, which OpenCV handles on another path that AreaResize refuses).
Runs ga3c_area_resize once on all of them. Exit 0 when identical, 1 naming the first image
that differs otherwise.

Usage: compare_area_resize.py --binary build/src/env/ga3c_area_resize [--seed 0]
"""
import argparse
import subprocess
import sys

import cv2
import numpy as np

GAMES = ["breakout", "pong", "space_invaders", "seaquest", "ms_pacman", "qbert", "freeway",
         "enduro"]


def atari_frames(rng, per_game):
    """Grey screens of each game under random play, every 7th frame, and the max of each with
    the frame before it."""
    import ale_py
    from ale_py import roms

    for game in GAMES:
        ale = ale_py.ALEInterface()
        ale.setLoggerMode(ale_py.LoggerMode.Error)
        ale.setInt("random_seed", int(rng.integers(1 << 30)))
        ale.loadROM(roms.get_rom_path(game))
        actions = ale.getMinimalActionSet()
        previous = ale.getScreenGrayscale()
        for i in range(per_game * 7):
            ale.act(actions[int(rng.integers(len(actions)))])
            if ale.game_over():
                ale.reset_game()
            screen = ale.getScreenGrayscale()
            if i % 7 == 0:
                yield "%s frame %d" % (game, i), screen
                yield "%s frame %d pooled" % (game, i), np.maximum(screen, previous)
            previous = screen


def random_frames(rng, count):
    for i in range(count):
        if i % 2 == 0:
            yield "noise %d" % i, rng.integers(0, 256, size=(210, 160), dtype=np.uint8)
        else:
            levels = rng.integers(0, 256, size=6, dtype=np.uint8)
            frame = np.full((210, 160), levels[0], dtype=np.uint8)
            mask = rng.random((210, 160)) < 0.2
            frame[mask] = rng.choice(levels[1:], size=int(mask.sum()))
            yield "levels %d" % i, frame


def random_sizes(rng, count):
    done = 0
    while done < count:
        rows, cols = (int(v) for v in rng.integers(1, 301, size=2))
        dst_rows, dst_cols = int(rng.integers(1, rows + 1)), int(rng.integers(1, cols + 1))
        if rows % dst_rows == 0 and cols % dst_cols == 0:
            continue
        image = rng.integers(0, 256, size=(rows, cols), dtype=np.uint8)
        done += 1
        yield "%dx%d -> %dx%d" % (rows, cols, dst_rows, dst_cols), image, (dst_rows, dst_cols)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--frames-per-game", type=int, default=150)
    parser.add_argument("--random-frames", type=int, default=2000)
    parser.add_argument("--random-sizes", type=int, default=2000)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)

    cases = [(name, image, (84, 84)) for name, image in atari_frames(rng, args.frames_per_game)]
    cases += [(name, image, (84, 84)) for name, image in random_frames(rng, args.random_frames)]
    cases += list(random_sizes(rng, args.random_sizes))

    records = []
    for _, image, (dst_rows, dst_cols) in cases:
        header = np.array([image.shape[0], image.shape[1], dst_rows, dst_cols], dtype="<i4")
        records += [header.tobytes(), np.ascontiguousarray(image).tobytes()]
    out = subprocess.run([args.binary], input=b"".join(records), capture_output=True,
                         check=True).stdout
    offset = 0
    for name, image, (dst_rows, dst_cols) in cases:
        want = cv2.resize(image, (dst_cols, dst_rows), interpolation=cv2.INTER_AREA)
        got = np.frombuffer(out, dtype=np.uint8, count=dst_rows * dst_cols,
                            offset=offset).reshape(dst_rows, dst_cols)
        offset += dst_rows * dst_cols
        if not np.array_equal(want, got):
            where = np.argwhere(want != got)[0]
            print("%s: differs at %s: OpenCV %d, ga3c %d (%d of %d pixels differ)"
                  % (name, tuple(where), want[tuple(where)], got[tuple(where)],
                     int((want != got).sum()), want.size))
            return 1
    if offset != len(out):
        print("ga3c_area_resize wrote %d bytes, expected %d" % (len(out), offset))
        return 1
    print("%d images identical to OpenCV %s's INTER_AREA" % (len(cases), cv2.__version__))
    return 0


if __name__ == "__main__":
    sys.exit(main())
