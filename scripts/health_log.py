"""The health monitor's checks as a run logged them (train.csv's live_1..3: the live fraction of
each ReLU layer on the monitor's 64 real observations, README "Network health": conv1, conv2
and fc of the A3C CNN, conv and fc of the MinAtar CNN), for the scripts that report how near a
run came to dying. Python standard library only."""
import csv
import glob
import os

LAYERS = ["conv1", "conv2", "fc"]  # the A3C CNN's live_1, live_2, live_3
MINATAR_LAYERS = ["conv", "fc"]  # the MinAtar CNN's live_1, live_2


def health_checks(run_dir):
    """The rows of run_dir/train.csv and of every train-w<k>.csv (an MPI worker's) that hold a
    health check, in the order of their frames (none when the run wrote neither)."""
    paths = [os.path.join(run_dir, "train.csv")] + sorted(
        glob.glob(os.path.join(run_dir, "train-w*.csv")))
    rows = []
    for path in paths:
        if os.path.exists(path):
            with open(path) as f:
                rows += [r for r in csv.DictReader(f) if r.get("live_1")]
    return sorted(rows, key=lambda r: int(r["frames"]))


def lowest(checks, layer, layers=LAYERS):
    """(the layer's lowest live fraction, the frames of the first check that found it), or None
    without checks; layers: the network's, in train.csv's order."""
    column = "live_%d" % (layers.index(layer) + 1)
    if not checks:
        return None
    low = min(checks, key=lambda r: float(r[column]))
    return float(low[column]), int(low["frames"])


def first_death(checks):
    """(layer, frames) of the first check that found a layer with no live unit, or None."""
    for r in checks:
        for i, layer in enumerate(LAYERS, 1):
            if float(r["live_%d" % i]) == 0:
                return layer, int(r["frames"])
    return None
