"""A policy exported by `ga3c export --format safetensors` as a torch.nn.Module.

    import torch_policy                       # this file, on sys.path
    net = torch_policy.load("policy.safetensors")
    logits, value, state = net(observation)   # pi = softmax(logits); state: None or [N, 2H]
    logits, value, state = net(next_observation, state)

The module is ga3c's network (src/model/actor_critic.h) under the same parameter names, so
load_state_dict takes the file as it is; it takes observations as the ONNX export does
(metadata observation_dtype and observation_shape: Atari uint8 frames first, MinAtar bool
grids, CartPole float32), with a batch dimension first.
"""
import json
import math

import torch
from torch import nn
from safetensors import safe_open
from safetensors.torch import load_file


class Policy(nn.Module):
    def __init__(self, network, observation_dtype, observation_shape, num_actions):
        super().__init__()
        kind, _, lstm = network.partition("+lstm")
        self.kind = kind
        self.frames_first = observation_dtype == "uint8"  # [C, H, W], divided by 255
        if kind == "mlp":  # fc 128, fc 128
            self.fc1 = nn.Linear(math.prod(observation_shape), 128)
            self.fc2 = nn.Linear(128, 128)
            features = 128
        elif kind == "minatar-cnn":  # [10, 10, C]: conv 16@3x3, fc 128
            self.conv = nn.Conv2d(observation_shape[2], 16, 3)
            self.fc = nn.Linear(16 * 8 * 8, 128)
            features = 128
        elif kind == "a3c-cnn":  # [C, 84, 84]: conv 16@8x8/4, conv 32@4x4/2, fc 256
            self.conv1 = nn.Conv2d(observation_shape[0], 16, 8, stride=4)
            self.conv2 = nn.Conv2d(16, 32, 4, stride=2)
            self.fc = nn.Linear(32 * 9 * 9, 256)
            features = 256
        else:
            raise ValueError("unknown network " + network)
        self.lstm = nn.LSTMCell(features, int(lstm)) if lstm else None
        if lstm:
            features = int(lstm)
        self.policy = nn.Linear(features, num_actions)
        self.value = nn.Linear(features, 1)

    def forward(self, observation, state=None):
        x = observation.float()
        if self.frames_first:
            x = x / 255.0
        if self.kind == "mlp":
            if self.frames_first:  # ga3c flattens its own [H, W, C] layout
                x = x.permute(0, 2, 3, 1)
            x = torch.relu(self.fc2(torch.relu(self.fc1(x.flatten(1)))))
        elif self.kind == "minatar-cnn":
            x = torch.relu(self.conv(x.permute(0, 3, 1, 2)))
            x = torch.relu(self.fc(x.flatten(1)))
        else:
            x = torch.relu(self.conv2(torch.relu(self.conv1(x))))
            x = torch.relu(self.fc(x.flatten(1)))
        if self.lstm is not None:
            if state is None:
                state = x.new_zeros(x.shape[0], 2 * self.lstm.hidden_size)
            h, c = self.lstm(x, tuple(state.chunk(2, 1)))
            x, state = h, torch.cat([h, c], 1)
        return self.policy(x), self.value(x).squeeze(1), state


def load(path):
    """The module of a ga3c safetensors file, its parameters loaded, in eval mode."""
    with safe_open(path, framework="pt") as f:
        meta = f.metadata()
    net = Policy(meta["network"], meta["observation_dtype"], json.loads(meta["observation_shape"]),
                 len(json.loads(meta["action_meanings"])))
    net.load_state_dict(load_file(path))
    return net.eval()
