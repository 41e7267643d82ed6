// A node's side of the parameter-server protocol: the local optimizer, the gradient
// accumulator and the sync (push every shard, then pull every shard).
//   shared optimizer state: push the gradients accumulated since the last sync; the server's
//     optimizer steps with them.
//   local optimizer state: push the parameter delta since the last pull; the server adds it.
// A sync is begin() (take the update), exchange() (push and pull) and finish() (adopt the
// pulled parameters), so that the exchange may run on a sync thread while training goes on
// (--sync-overlap). finish() keeps the local steps taken since begin() on top of the pulled
// parameters: they are not on the server yet and go out with the next sync, so none is lost
// and none counted twice. Without overlap there are none and the node takes the pulled
// parameters as they are.
// Not thread-safe: the node serialises local_step(), begin() and finish() (its update path);
// exchange() touches only the link and this object's send and receive buffers, so one other
// thread may run it between begin() and finish().
#pragma once

#include <cstdint>
#include <vector>

#include "algo/flat_optimizer.h"
#include "checkpoint/checkpoint.h"
#include "comm/ps_link.h"
#include "ps/shard.h"

namespace ga3c::node {

struct SyncResult {
  double push_ms = 0;           // until every shard acknowledged the push
  double pull_ms = 0;           // the rest of the exchange: until every shard was pulled
  int64_t bytes = 0;            // pushed plus pulled
  int64_t version = 0;          // smallest shard version pulled: the new local model version
  int64_t pushed_version = 0;   // smallest shard version right after our push
  ps::GlobalProgress progress;  // the parameter server's answer to the sync's report
};

class NodeSync {
 public:
  // link must outlive this object.
  NodeSync(comm::PsLink& link, std::size_t num_params, ps::OptimizerStateMode mode,
           const algo::OptimizerConfig& optimizer);

  // One local training step: the local optimizer moves params (num_params floats) by grad,
  // and grad is added to the accumulator. Called with the parameters write-locked.
  void local_step(float* params, const float* grad, float lr);
  // Shared mode: adds grads (num_params floats, the summed gradients of local steps that a
  // node took on its GPU instead of with local_step()) to the accumulator. Local mode: nothing
  // (the delta of params says it all).
  void add_accumulated(const float* grads);

  // Takes the update to push (the accumulated gradient, and the accumulator starts again
  // from zero; or the delta of params since the last pull) and remembers params; frames and
  // episodes are the node's increments for the sync's report.
  void begin(const float* params, int64_t frames, int64_t episodes);
  // Pushes the update taken by begin() to every shard, pulls every shard and reports
  // (PsLink::sync).
  SyncResult exchange();
  // params (num_params floats) becomes the pulled parameters plus the local steps taken
  // since begin().
  void finish(float* params);
  // begin(), exchange(), finish() in one go.
  SyncResult sync(float* params, int64_t frames, int64_t episodes);

  // Pulls every shard into pulled without pushing (a node's start). Returns the version.
  int64_t pull(float* pulled);

  const algo::FlatOptimizer& local_optimizer() const { return optimizer_; }

  // Between syncs: fills out's local_optimizer, accumulated and at_pull (checkpoint.h says
  // which mode keeps which).
  void save(checkpoint::WorkerState& out) const;
  // Puts back what save() wrote, after pull(). Throws std::invalid_argument when it does not
  // fit this object's size and optimizer-state mode.
  void restore(const checkpoint::WorkerState& saved);

 private:
  comm::PsLink& link_;
  const ps::OptimizerStateMode mode_;
  algo::FlatOptimizer optimizer_;
  std::vector<float> accumulated_;  // shared mode: gradients since the last begin()
  std::vector<float> at_pull_;      // local mode: parameters as last pulled
  std::vector<float> update_;       // what exchange() pushes
  std::vector<float> at_begin_;     // params at begin()
  std::vector<float> pulled_;       // what exchange() pulled
  int64_t report_frames_ = 0, report_episodes_ = 0;  // taken by begin()
};

}  // namespace ga3c::node
