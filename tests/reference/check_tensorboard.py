"""Reads the event file of ga3c_tb_write_sample with TensorBoard's own EventAccumulator.

Checks that the real client (PyPI `tensorboard`; TensorFlow is not needed) accepts the file
name, the framing and CRCs, the file_version record, and gets back every tag, step, wall time
and value, the values float32-exact; and that a resumed run's restart marker (SessionLog
START at the checkpoint's step, in a later event file) makes the reader, with its default
settings, drop the stopped run's points from that step on.
Keep EXPECTED and RESUMED in step with src/metrics/tensorboard_write_main.cc.
"""
import argparse
import os
import re
import socket
import struct
import subprocess
import tempfile

from tensorboard.backend.event_processing import event_accumulator

START_S = 1700000000.0


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


# tag -> [(step, wall_time, value)]
EXPECTED = {
    "episode/return": [(i, START_S + i * 0.25, f32(i * 0.5)) for i in range(100)],
    "sync/push_ms": [(i * 10, START_S + i * 0.5, f32(i * 0.1)) for i in range(50)],
    "train/loss": [(1 << 40, START_S, f32(1.0 / 3.0)),
                   ((1 << 40) + 1, START_S + 1e-3, f32(-1e-30))],
}
# The stopped run's steps 0..59, then the resumed run's 60..79 (its values negated).
RESUMED = ([(i, START_S + i, float(i)) for i in range(60)] +
           [(i, START_S + 200 + i, float(-i)) for i in range(60, 80)])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True, help="path to ga3c_tb_write_sample")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="ga3c_tb_") as tmp:
        log_dir = os.path.join(tmp, "plain")
        resumed_dir = os.path.join(tmp, "resumed")
        subprocess.run([args.binary, log_dir, resumed_dir], check=True)

        files = os.listdir(log_dir)
        assert len(files) == 1, files
        pattern = r"events\.out\.tfevents\.\d+\.%s\.\d+\.sample" % re.escape(socket.gethostname())
        assert re.fullmatch(pattern, files[0]), (files[0], pattern)

        # size_guidance 0: keep every scalar instead of a reservoir sample.
        acc = event_accumulator.EventAccumulator(
            log_dir, size_guidance={event_accumulator.SCALARS: 0})
        acc.Reload()
        assert acc.file_version == 2.0, (
            "no file_version 2 record read (TensorBoard logs why, e.g. a CRC mismatch): %r"
            % acc.file_version)
        tags = acc.Tags()[event_accumulator.SCALARS]
        assert sorted(tags) == sorted(EXPECTED), tags
        for tag, expected in EXPECTED.items():
            got = [(e.step, e.wall_time, e.value) for e in acc.Scalars(tag)]
            assert got == expected, (tag, [(g, e) for g, e in zip(got, expected) if g != e][:5],
                                     len(got), len(expected))

        assert len(os.listdir(resumed_dir)) == 2, os.listdir(resumed_dir)
        acc = event_accumulator.EventAccumulator(resumed_dir)  # default settings
        acc.Reload()
        got = [(e.step, e.wall_time, e.value) for e in acc.Scalars("episode/return")]
        assert got == RESUMED, ([(g, e) for g, e in zip(got, RESUMED) if g != e][:5],
                                len(got), len(RESUMED))

    print("TensorBoard read %d scalars in %d tags as written" %
          (sum(len(v) for v in EXPECTED.values()), len(EXPECTED)))


if __name__ == "__main__":
    main()
