// Immutable copies of a node's parameters for predictors and trainers to read while the
// node's single writer moves on: readers never see half-written parameters and never block
// the writer (DESIGN.md: "publish immutable snapshots").
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "model/actor_critic.h"
#include "model/flat_parameters.h"

namespace ga3c::node {

// One published copy: a network whose parameters are views of `flat`, on the node's device.
struct ParameterSnapshot {
  std::shared_ptr<model::ActorCritic> net;
  std::unique_ptr<model::FlatParameters> flat;
  int64_t version = 0;  // global version the parameters were pulled at
};

// current() may be called from any thread; publish() from one writer thread at a time.
// A snapshot is rewritten only after its last holder let it go: the holders' shared_ptr hands
// it back to a free list (under the list's mutex) when the last one drops it, so every read
// of it happens before publish() takes it from the list.
class ParameterSnapshots {
 public:
  using NetFactory = std::function<std::shared_ptr<model::ActorCritic>()>;

  // make_net builds a network of the node's architecture (its initial values do not matter:
  // publish() overwrites them); each snapshot's network is moved to `device`.
  explicit ParameterSnapshots(NetFactory make_net, torch::Device device = torch::kCPU);

  // The latest snapshot; holding it keeps it unchanged.
  std::shared_ptr<const ParameterSnapshot> current() const;

  // Copies params (num_params() floats) into a snapshot no reader holds and makes it current.
  // CPU snapshots only.
  void publish(const float* params, int64_t version);
  // The same from params ([num_params()] float32 on the snapshots' device): the copy stays on
  // the device and is complete (the calling thread's stream synchronised) before readers can
  // take the snapshot on streams of their own.
  void publish(const torch::Tensor& params, int64_t version);

  const torch::Device& device() const { return device_; }

  std::size_t num_params() const;

 private:
  // Owns every snapshot; shared with the handed-out pointers' deleters, so that a snapshot
  // held past this object's end still has a home.
  struct Pool {
    std::mutex mutex;
    std::vector<std::unique_ptr<ParameterSnapshot>> all;  // guarded by mutex
    std::vector<ParameterSnapshot*> free;                 // guarded by mutex: held by no one
  };

  ParameterSnapshot* take_free_or_make();
  void make_current(ParameterSnapshot* target, int64_t version);
  std::shared_ptr<ParameterSnapshot> hand_out(ParameterSnapshot* snapshot) const;

  NetFactory make_net_;
  torch::Device device_;
  std::shared_ptr<Pool> pool_;
  std::size_t num_params_ = 0;
  mutable std::mutex mutex_;
  std::shared_ptr<ParameterSnapshot> current_;  // guarded by mutex_
};

}  // namespace ga3c::node
