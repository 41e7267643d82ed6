// A predictor thread's work: batches waiting agents (up to prediction_batch, never waiting
// for a fuller batch), runs one forward pass without gradients on the current parameter
// snapshot, writes pi and V into each agent's slot (and, for a recurrent network, the state
// after the observation) and hands the agent back to its runner.
#pragma once

#include <cstddef>
#include <vector>

#include <torch/torch.h>

#include "node/agent.h"
#include "node/blocking_queue.h"
#include "node/env_runner.h"
#include "node/node_counters.h"
#include "node/parameter_snapshots.h"

namespace ga3c::node {

// One forward pass for up to max_batch agents: writes pi(. | observation) and V into each
// agent's prediction slots, with the snapshot's version. One thread per object.
// On a GPU the observations go through a pinned host buffer, one asynchronous copy per batch
// on the thread's current stream, and pi and V come back the same way; predict() returns once
// they are in the agents' slots.
class BatchPredictor {
 public:
  // obs_shape: one observation's shape; device: the snapshots' device.
  BatchPredictor(const std::vector<int64_t>& obs_shape, int max_batch,
                 const torch::Device& device = torch::kCPU);
  // n <= max_batch agents; no gradients are recorded. A recurrent network reads each agent's
  // recurrent_state() and writes the state after its observation into next_state_slot().
  void predict(const ParameterSnapshot& snapshot, Agent* const* agents, std::size_t n);

 private:
  torch::Device device_;
  torch::Tensor input_;   // [max_batch, obs...] float32, reused (pinned on a GPU)
  torch::Tensor pi_, v_;  // GPU: [max_batch, A] and [max_batch] pinned, made at first use
  // A recurrent network's states before and after, [max_batch, state_size] each (pinned on
  // a GPU), made at first use.
  torch::Tensor state_in_, state_out_;
  int64_t obs_size_;
};

// The thread body; returns when the prediction queue is closed (a closed reply queue ends
// it too). obs_shape: one observation's shape. On a GPU the thread runs on a stream of its own.
void run_predictor(BlockingQueue<PredictionRequest>& requests, const ParameterSnapshots& params,
                   const std::vector<int64_t>& obs_shape, int max_batch, NodeCounters& counters);

}  // namespace ga3c::node
