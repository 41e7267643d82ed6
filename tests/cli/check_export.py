#!/usr/bin/env python3
"""`ga3c export` end to end. For every network kind (MLP, MinAtar CNN, A3C CNN), with and
without an LSTM, on checkpoints of short trainings:
- ONNX Runtime gives ga3c's logits, values and recurrent states (ga3c_policy_outputs records
  them over 300 steps) within 1e-5 (relative to numbers above 1: an LSTM's cell state is
  unbounded), fed as the reference environment gives observations
  (Atari uint8 frames first, MinAtar bool, CartPole float32), the whole batch at once;
- the metadata names the environment, the observation, the actions and the training;
- the safetensors file holds every parameter by name, with the same metadata; where PyTorch
  is importable, examples/torch_policy.py's module loaded from it gives ga3c's outputs;
- bad input (a corrupt or truncated checkpoint, --out in a missing folder, over an existing
  file without --force, a folder, an unknown --format) gets one line, exit 2, nothing written.

    check_export.py --binary build/ga3c --outputs-tool build/.../ga3c_policy_outputs [--with-ale]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np
import onnxruntime as ort
from safetensors.numpy import load_file
from safetensors import safe_open

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from expectations import FAILURES, expect  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STEPS = 300
TOLERANCE = 1e-5

# (name, environment, flags of its training, the network the metadata names)
CASES = [
    ("cartpole", "CartPole-v1", [], "mlp"),
    ("cartpole-novel-lstm", "CartPoleNoVel-v1", ["--lstm-size", "16"], "mlp+lstm16"),
    ("minatar-cnn", "MinAtar/Breakout-v1", [], "minatar-cnn"),
    ("minatar-mlp", "MinAtar/SpaceInvaders-v1", ["--network", "mlp"], "mlp"),
    ("minatar-cnn-lstm", "MinAtar/Freeway-v1", ["--recurrent", "lstm", "--lstm-size", "32"],
     "minatar-cnn+lstm32"),
]
ALE_CASES = [
    ("atari-cnn", "ALE/Breakout-v5", [], "a3c-cnn"),
    ("atari-cnn-lstm", "ALE/Pong-v5", ["--recurrent", "lstm"], "a3c-cnn+lstm256"),
]


def export(binary, *args):
    return subprocess.run([binary, "export"] + list(args), capture_output=True, text=True,
                          timeout=300)


def train(binary, run_dir, env, extra):
    subprocess.run([binary, "train", "--env", env, "--seed", "1", "--max-frames", "3000",
                    "--agents", "4", "--checkpoint-every", "0", "--quiet", "--run-dir", run_dir]
                   + extra, check=True, capture_output=True, timeout=600)


def recorded(tool, run_dir, out):
    os.makedirs(out)
    subprocess.run([tool, run_dir, str(STEPS), out], check=True, timeout=600)
    return {name: np.fromfile(os.path.join(out, name + ".f32"), dtype=np.float32)
            for name in ("observation", "state_in", "logits", "value")}


def model_input(observations, meta):
    """ga3c's float32 observations [T, ...] as the exported model takes them."""
    shape = json.loads(meta["observation_shape"])
    dtype = meta["observation_dtype"]
    if dtype == "uint8":  # ga3c's [T, 84, 84, 4] grey / 255 -> Gymnasium's [T, 4, 84, 84]
        frames = observations.reshape(STEPS, shape[1], shape[2], shape[0])
        pixels = np.rint(frames.astype(np.float64) * 255.0).astype(np.uint8)
        assert np.array_equal(pixels.astype(np.float32) / np.float32(255), frames)
        return pixels.transpose(0, 3, 1, 2)
    if dtype == "bool":
        return observations.reshape([STEPS] + shape) > 0.5
    return observations.reshape([STEPS] + shape)


def check_case(binary, tool, tmp, case):
    name, env, extra, network = case
    run_dir = os.path.join(tmp, name)
    train(binary, run_dir, env, extra)
    ours = recorded(tool, run_dir, os.path.join(tmp, name + "-outputs"))
    onnx_path = os.path.join(tmp, name + ".onnx")
    proc = export(binary, "--checkpoint", run_dir, "--out", onnx_path)
    if not expect(proc.returncode == 0, "%s: export exit %d: %s" %
                         (name, proc.returncode, proc.stderr)):
        return
    expect(proc.stdout.startswith(onnx_path + ": ONNX policy of " + env),
                  "%s: export's line: %r" % (name, proc.stdout))
    session = ort.InferenceSession(onnx_path, providers=["CPUExecutionProvider"])
    meta = session.get_modelmeta().custom_metadata_map
    expect(meta.get("env_id") == env, "%s: env_id %r" % (name, meta.get("env_id")))
    expect(meta.get("network") == network, "%s: network %r" % (name, meta.get("network")))
    actions = json.loads(meta["action_meanings"])
    num_actions = ours["logits"].size // STEPS
    expect(len(actions) == num_actions, "%s: action_meanings %r" % (name, actions))
    expect(int(meta.get("training_frames", "0")) >= 3000 and
                  len(meta.get("ga3c_commit", "")) >= 7 and meta.get("seed") == "1",
                  "%s: training metadata %r" % (name, meta))
    feeds = {"observation": model_input(ours["observation"], meta)}
    state_size = int(meta["recurrent_state_size"])
    inputs = [i.name for i in session.get_inputs()]
    expect(inputs == (["observation", "state_in"] if state_size else ["observation"]),
                  "%s: inputs %r" % (name, inputs))
    if state_size:
        feeds["state_in"] = ours["state_in"].reshape(STEPS, state_size)
    outputs = session.run(None, feeds)
    pairs = [("logits", outputs[0], ours["logits"].reshape(STEPS, num_actions)),
             ("value", outputs[1], ours["value"])]
    if state_size:
        # Each step's state_out is the next step's state_in, where no episode began.
        states = ours["state_in"].reshape(STEPS, state_size)
        going_on = np.any(states[1:] != 0, axis=1)
        pairs.append(("state_out", outputs[2][:-1][going_on], states[1:][going_on]))
    report = []
    for what, got, want in pairs:
        # Float32 rounding grows with the size of a number: an LSTM's cell state is unbounded.
        error = float(np.max(np.abs(got - want) / np.maximum(1.0, np.abs(want))))
        expect(got.shape == want.shape and error <= TOLERANCE,
               "%s: %s differ by %.3g (relative above 1; shape %s vs %s)" %
               (name, what, error, got.shape, want.shape))
        report.append("%s %.2g (largest %.3g)" % (what, error, float(np.max(np.abs(want)))))
    print("%s: %d steps, largest differences: %s" % (name, STEPS, ", ".join(report)))

    st_path = os.path.join(tmp, name + ".safetensors")
    proc = export(binary, "--checkpoint", run_dir, "--out", st_path)  # format from the name
    if not expect(proc.returncode == 0, "%s: safetensors exit %d: %s" %
                         (name, proc.returncode, proc.stderr)):
        return
    tensors = load_file(st_path)
    with safe_open(st_path, framework="numpy") as f:
        expect(f.metadata() == meta, "%s: safetensors metadata differs" % name)
    heads = {"policy.weight", "policy.bias", "value.weight", "value.bias"}
    expect(heads <= set(tensors) and
                  all(t.dtype == np.float32 for t in tensors.values()),
                  "%s: safetensors names %r" % (name, sorted(tensors)))
    expect(tensors["policy.weight"].shape[0] == num_actions,
                  "%s: policy.weight %r" % (name, tensors["policy.weight"].shape))
    check_torch(name, st_path, feeds, ours, num_actions, state_size)


def check_torch(name, st_path, feeds, ours, num_actions, state_size):
    try:
        import torch
    except ImportError:
        print("%s: examples/torch_policy.py not checked: PyTorch is not importable here" % name)
        return
    sys.path.insert(0, os.path.join(REPO, "examples"))
    import torch_policy
    net = torch_policy.load(st_path)
    with torch.no_grad():
        state = (torch.from_numpy(feeds["state_in"]) if state_size else None)
        out = net(torch.from_numpy(np.ascontiguousarray(feeds["observation"])), state)
    diff = float(np.max(np.abs(out[0].numpy() - ours["logits"].reshape(STEPS, num_actions))))
    expect(diff <= TOLERANCE, "%s: PyTorch logits differ by %.3g" % (name, diff))
    print("%s: examples/torch_policy.py (PyTorch %s): logits within %.2g" %
          (name, torch.__version__, diff))


def check_bad_input(binary, tmp):
    run_dir = os.path.join(tmp, "cartpole")
    ckpt_dir = os.path.join(run_dir, "checkpoints")
    ckpt = os.path.join(ckpt_dir, sorted(os.listdir(ckpt_dir))[-1])
    with open(ckpt, "rb") as f:
        data = f.read()
    corrupt = os.path.join(tmp, "corrupt-ps0.ga3c")
    with open(corrupt, "wb") as f:
        f.write(data[:len(data) // 2] + bytes([data[len(data) // 2] ^ 0xFF]) +
                data[len(data) // 2 + 1:])
    truncated = os.path.join(tmp, "truncated-ps0.ga3c")
    with open(truncated, "wb") as f:
        f.write(data[:len(data) // 3])
    existing = os.path.join(tmp, "existing.onnx")
    with open(existing, "w") as f:
        f.write("keep me")
    out = os.path.join(tmp, "bad.onnx")
    cases = [
        (["--checkpoint", corrupt, "--out", out], [corrupt]),
        (["--checkpoint", truncated, "--out", out], [truncated]),
        (["--checkpoint", os.path.join(tmp, "missing"), "--out", out],
         ["no such file or directory"]),
        (["--checkpoint", run_dir, "--out", os.path.join(tmp, "nowhere", "p.onnx")],
         ["does not exist", "create it"]),
        (["--checkpoint", run_dir, "--out", existing], ["already exists", "--force"]),
        (["--checkpoint", run_dir, "--out", tmp], ["is a directory"]),
        (["--checkpoint", run_dir, "--out", out, "--format", "torchscript"], ["--format"]),
    ]
    for args, needles in cases:
        proc = export(binary, *args)
        lines = proc.stderr.strip().splitlines()
        expect(proc.returncode == 2 and len(lines) == 1 and
                      all(n in proc.stderr for n in needles) and not proc.stdout,
                      "bad input %r: exit %d, stderr %r" % (args, proc.returncode, proc.stderr))
        expect(not os.path.exists(out), "bad input %r wrote %s" % (args, out))
    with open(existing) as f:
        expect(f.read() == "keep me", "an existing --out was changed without --force")
    expect(not [n for n in os.listdir(tmp) if ".tmp." in n], "a temporary was left")
    proc = export(binary, "--checkpoint", run_dir, "--out", existing, "--force")
    expect(proc.returncode == 0 and os.path.getsize(existing) > 1000,
                  "--force: exit %d: %s" % (proc.returncode, proc.stderr))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--outputs-tool", required=True)
    parser.add_argument("--with-ale", action="store_true")
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="ga3c_export_")
    try:
        for case in CASES + (ALE_CASES if args.with_ale else []):
            check_case(args.binary, args.outputs_tool, tmp, case)
        check_bad_input(args.binary, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("%d failed expectations" % len(FAILURES))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
