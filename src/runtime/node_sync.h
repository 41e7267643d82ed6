// A node's side of the parameter-server protocol: the local optimizer, the gradient
// accumulator and the sync (push every shard, then pull every shard).
//   shared optimizer state: push the gradients accumulated since the last sync; the server's
//     optimizer steps with them.
//   local optimizer state: push the parameter delta since the last pull; the server adds it.
// Not thread-safe: the node serialises local_step() and sync() (one update at a time).
#pragma once

#include <cstdint>
#include <vector>

#include "algo/flat_optimizer.h"
#include "comm/ps_link.h"
#include "ps/shard.h"

namespace ga3c::runtime {

struct SyncResult {
  double push_ms = 0, pull_ms = 0;
  int64_t bytes = 0;    // pushed plus pulled
  int64_t version = 0;  // smallest shard version pulled: the new local model version
  int64_t pushed_version = 0;  // smallest shard version right after our push
};

class NodeSync {
 public:
  // link must outlive this object.
  NodeSync(comm::PsLink& link, std::size_t num_params, ps::OptimizerStateMode mode,
           const algo::OptimizerConfig& optimizer);

  // One local training step: the local optimizer moves params (num_params floats) by grad,
  // and grad is added to the accumulator. Called with the parameters write-locked.
  void local_step(float* params, const float* grad, float lr);

  // Pushes the accumulated gradient or the delta of params since the last pull, then pulls
  // every shard into pulled (num_params floats). Resets the accumulator. params is only read.
  SyncResult sync(const float* params, float* pulled);

  // Pulls every shard into pulled without pushing (a node's start). Returns the version.
  int64_t pull(float* pulled);

  const algo::FlatOptimizer& local_optimizer() const { return optimizer_; }

 private:
  comm::PsLink& link_;
  const ps::OptimizerStateMode mode_;
  algo::FlatOptimizer optimizer_;
  std::vector<float> accumulated_;  // shared mode: gradients since the last sync
  std::vector<float> at_pull_;      // local mode: parameters as last pulled
  std::vector<float> delta_;        // local mode: scratch for params - at_pull_
};

}  // namespace ga3c::runtime
