// One health check of a node's network (node/network_health.h): how many units of each
// ReLU layer are live on a fixed batch of real observations, and how much the policy varies
// over that batch. A layer with no live unit has stopped learning for good (its gradient is
// zero for every input), and a network whose policy is the same for every observation plays
// at random whatever it sees (docs/results/atari.md, "The network dies").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ga3c::metrics {

struct LayerHealth {
  std::string name;   // the layer's module name: "fc1", "conv2", ...
  int64_t live = 0;   // units (conv: channels) positive for at least one observation
  int64_t units = 0;  // units of the layer
};

struct HealthRecord {
  std::vector<LayerHealth> layers;  // the network's ReLU layers, input side first
  // The largest, over actions, standard deviation of pi(a|x) over the batch's observations.
  double policy_spread = 0;
};

}  // namespace ga3c::metrics
