"""The health monitor's checks as a run logged them (train.csv's live_1..3: the live fraction of
conv1, conv2 and fc of the A3C CNN on the monitor's 64 real frames, README "Network health"),
for the scripts that report how near a run came to dying. Python standard library only."""
import csv
import os

LAYERS = ["conv1", "conv2", "fc"]  # live_1, live_2, live_3


def health_checks(run_dir):
    """The rows of run_dir/train.csv that hold a health check, in the order logged (none when
    the run wrote no train.csv)."""
    path = os.path.join(run_dir, "train.csv")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [r for r in csv.DictReader(f) if r.get("live_1")]


def lowest(checks, layer):
    """(the layer's lowest live fraction, the frames of the first check that found it), or None
    without checks."""
    column = "live_%d" % (LAYERS.index(layer) + 1)
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
