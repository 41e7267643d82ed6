// The health monitor's measurement: on a fixed batch of real
// observations, the live units of each ReLU layer of the node's network and the spread of its
// policy. A unit is live when it is positive for at least one observation of the batch (a
// conv layer's unit is a channel, live when positive at some position of some observation):
// a dead unit's gradient is zero for every one of them, so once a layer has none left the
// network has stopped learning for good. scripts/dead_units.py counts the same
// offline from a checkpoint.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

#include <torch/torch.h>

#include "metrics/health_record.h"
#include "model/actor_critic.h"
#include "node/parameter_snapshots.h"
#include "node/rollout.h"

namespace ga3c::node {

// obs: [B, obs_shape...] float32 on net's device, B >= 1. Runs without autograd; safe to
// call concurrently with forward() (the ActorCritic contract). Throws std::invalid_argument
// when obs is empty.
metrics::HealthRecord measure_health(model::ActorCritic& net, const torch::Tensor& obs);

// The fixed batch a node's checks run on: one observation from each of the first training
// batches it sees, then kept unchanged for the whole run, so that checks differ only by the
// parameters. One per batch spreads the batch over the run's first stretch (Atari at
// --min-batch 40: 64 batches, about 11k frames): the rollouts of one early batch all start
// from near-identical reset screens, on which units that fire later in a game look dead.
// Every method may be called from any thread.
class HealthProbe {
 public:
  // size: observations to keep (> 0); obs_shape: one observation's shape.
  HealthProbe(int64_t size, std::vector<int64_t> obs_shape);

  // Keeps the last observation of the batch's first non-empty rollout until the batch is full;
  // a full batch ignores the offer.
  void offer(const std::vector<Rollout>& batch);

  // The check on the snapshot's network (on its device); nullopt until the batch is full.
  std::optional<metrics::HealthRecord> check(const ParameterSnapshot& snapshot) const;

 private:
  const int64_t size_;
  const std::vector<int64_t> obs_shape_;
  const int64_t obs_size_;
  mutable std::mutex mutex_;
  std::vector<float> kept_;  // guarded by mutex_: [n, obs_size] float32, n <= size_
  // guarded by mutex_: [size_, obs_shape...] float32 on the CPU, once kept_ is full; never
  // written after that, so a check uses it unlocked.
  torch::Tensor batch_;
};

}  // namespace ga3c::node
