// A trainer thread's work: takes at least min_batch samples of rollouts, computes the A3C
// loss and its gradient on the current parameter snapshot, and hands the gradient to the node.
// With Correction::kVtrace the loss takes V-trace's value targets and advantages (Espeholt
// et al. 2018), recomputed from the rollouts' behaviour log-probabilities, rewards and
// bootstrap observations with the snapshot's policy and values, instead of the agents' n-step
// returns. A recurrent network unrolls each rollout from the state it began with (truncated
// backpropagation through time over its at most t_max steps), and V-trace's bootstrap value
// is one step more of that unroll. The states the agents recorded came from the parameters
// that acted (as old as the policy lag), and are taken as they are, not recomputed with the
// trained parameters: as IMPALA and Sample Factory do, and as the A3C paper's workers do within
// one rollout.
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <vector>

#include <torch/torch.h>

#include "algo/vtrace.h"
#include "node/blocking_queue.h"
#include "node/parameter_snapshots.h"
#include "node/rollout.h"

namespace ga3c::node {

// Raised when a loss or gradient is NaN or Inf; nothing of that batch reaches the server.
class NonFiniteError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What one batch gave, besides its gradient.
struct BatchResult {
  int64_t samples = 0;
  double policy_loss = 0, value_loss = 0, entropy = 0;  // sums over the batch
  double grad_norm = 0;  // L2 norm of the flat gradient, before --grad-clip scales it
  // Sum over samples of the global parameter version that chose each sample's action
  // (Rollout::acted_versions), for the policy lag (policy_lag.h).
  double acted_version_sum = 0;
  int64_t compute_ns = 0;  // time spent building tensors, forward and backward
};

// What the loss is made of.
struct LossConfig {
  float entropy_beta = 0.01f;
  float value_weight = 1.0f;  // of the value loss, sum 0.5 * (R - V)^2
  algo::Correction correction = algo::Correction::kNone;
  algo::VTraceConfig vtrace;  // with Correction::kVtrace (its gamma: the agents' discount)
  // A gradient whose global L2 norm exceeds this is scaled down to it, as A3C implementations
  // clip (TensorFlow's clip_by_global_norm; universe-starter-agent uses 40). 0: off.
  float grad_clip = 0.0f;
};

// Receives a finite flat gradient ([num_params] float32 on the snapshots' device) and the
// batch's figures.
using GradientSink = std::function<void(const torch::Tensor& grad, const BatchResult&)>;

// Computes the loss of one batch on a CPU snapshot and writes its flat gradient into grad
// (num_params floats), clipped to the global norm loss.grad_clip. The MLP's gradient comes from
// model::MlpPass (the same bits without autograd's per-op cost), the CNNs' and every recurrent
// network's from torch::autograd::grad. Throws NonFiniteError naming the quantity when the
// loss or the gradient is not finite, and std::invalid_argument for a V-trace batch whose
// rollouts lack their per-step fields or a recurrent network's rollout without its initial
// state.
BatchResult compute_gradient(const ParameterSnapshot& snapshot, const std::vector<Rollout>& batch,
                             const std::vector<int64_t>& obs_shape, const LossConfig& loss,
                             std::vector<float>& grad);
// The same on a snapshot on any device: the batch goes over in pinned buffers, one
// asynchronous copy per tensor on the thread's current stream, and grad becomes a new
// [num_params] float32 tensor on the snapshot's device. Returns once the thread's work on the
// snapshot has finished (the loss and the gradient norm are read back), so that the snapshot
// may be let go and rewritten.
BatchResult compute_gradient(const ParameterSnapshot& snapshot, const std::vector<Rollout>& batch,
                             const std::vector<int64_t>& obs_shape, const LossConfig& loss,
                             torch::Tensor& grad);

// The loss settings for the next batch (its entropy weight follows --entropy-schedule).
using LossAt = std::function<LossConfig()>;

// Sees each batch before its gradient is computed (the health monitor keeps observations).
using BatchObserver = std::function<void(const std::vector<Rollout>&)>;

// The thread body; returns when the training queue is closed. Errors propagate. On a GPU the
// thread runs on a stream of its own, and so does the sink.
void run_trainer(BlockingQueue<Rollout>& rollouts, const ParameterSnapshots& params,
                 const std::vector<int64_t>& obs_shape, int min_batch, const LossAt& loss,
                 const GradientSink& sink, const BatchObserver& observe = {});

}  // namespace ga3c::node
