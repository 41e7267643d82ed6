#include "node/trainer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>

#include <torch/torch.h>

#include "algo/a3c_loss.h"
#include "algo/sum_of_squares.h"
#include "model/device_stream.h"
#include "model/mlp_pass.h"

namespace ga3c::node {
namespace {

void check_vtrace_fields(const std::vector<Rollout>& batch) {
  for (const Rollout& r : batch) {
    const std::size_t n = r.size();
    if (r.behaviour_log_probs.size() != n || r.rewards.size() != n) {
      throw std::invalid_argument(
          "a rollout of agent " + std::to_string(r.agent) + " has " + std::to_string(n) +
          " actions but " + std::to_string(r.behaviour_log_probs.size()) +
          " behaviour log-probabilities and " + std::to_string(r.rewards.size()) + " rewards");
    }
  }
}

// V of the rollouts' bootstrap observations ([K] float32 on the host, one per rollout that
// has one, in batch order) by a feed-forward network, without gradient.
torch::Tensor feed_forward_bootstrap_values(const ParameterSnapshot& snapshot,
                                            const std::vector<Rollout>& batch,
                                            const std::vector<int64_t>& obs_shape,
                                            const torch::Device& device) {
  torch::NoGradGuard no_grad;
  std::vector<float> bootstrap_obs;
  for (const Rollout& r : batch) {
    bootstrap_obs.insert(bootstrap_obs.end(), r.bootstrap_observation.begin(),
                         r.bootstrap_observation.end());
  }
  int64_t obs_size = 1;
  for (int64_t d : obs_shape) obs_size *= d;
  std::vector<int64_t> shape{static_cast<int64_t>(bootstrap_obs.size()) / obs_size};
  shape.insert(shape.end(), obs_shape.begin(), obs_shape.end());
  if (shape[0] == 0) return torch::zeros({0}, torch::kFloat32);
  const torch::Tensor obs = torch::from_blob(bootstrap_obs.data(), shape, torch::kFloat32);
  return model::forward_pass(*snapshot.net, obs.to(device)).value.to(torch::kCPU).contiguous();
}

// V-trace's value targets and policy-gradient advantages ([N] float32 each) for the batch
// whose forward pass gave logits [N, A] and values [N]; bootstrap_values: [K] float32 on the
// host, V of the rollouts' bootstrap observations in batch order.
std::pair<torch::Tensor, torch::Tensor> vtrace_targets(const std::vector<Rollout>& batch,
                                                       const torch::Tensor& logits,
                                                       const torch::Tensor& values,
                                                       const torch::Tensor& actions,
                                                       const torch::Tensor& bootstrap_values,
                                                       const algo::VTraceConfig& config) {
  torch::NoGradGuard no_grad;
  const torch::Device device = logits.device();
  // The recursion runs on the host (to() is a no-op for CPU tensors).
  const torch::Tensor target_log_probs = torch::log_softmax(logits.detach(), 1)
                                             .gather(1, actions.unsqueeze(1))
                                             .squeeze(1)
                                             .to(torch::kCPU)
                                             .contiguous();
  const torch::Tensor v = values.detach().to(torch::kCPU).contiguous();
  const int64_t total = v.size(0);
  torch::Tensor vs = torch::empty({total}, torch::kFloat32);
  torch::Tensor pg = torch::empty({total}, torch::kFloat32);
  std::vector<float> log_rhos;
  int64_t offset = 0, next_bootstrap = 0;
  for (const Rollout& r : batch) {
    const std::size_t n = r.size();
    log_rhos.resize(n);
    for (std::size_t s = 0; s < n; ++s) {
      log_rhos[s] = target_log_probs.data_ptr<float>()[offset + s] - r.behaviour_log_probs[s];
    }
    const float bootstrap = r.bootstrap_observation.empty()
                                ? 0.0f
                                : bootstrap_values.data_ptr<float>()[next_bootstrap++];
    algo::vtrace(r.rewards.data(), v.data_ptr<float>() + offset, log_rhos.data(), n, bootstrap,
                 config, vs.data_ptr<float>() + offset, pg.data_ptr<float>() + offset);
    offset += static_cast<int64_t>(n);
  }
  return {vs.to(device), pg.to(device)};
}

// One batch's rows: observations [N, obs...] float32, actions [N] int64 and n-step returns [N]
// float32 on the snapshot's device.
struct BatchTensors {
  torch::Tensor obs, actions, returns;
};

// Copies the batch's rows into pinned buffers (sent to the device asynchronously) and counts
// its samples and acted versions into result; obs stays undefined unless with_obs.
BatchTensors batch_tensors(const std::vector<Rollout>& batch, const std::vector<int64_t>& obs_shape,
                           const torch::Device& device, bool with_obs, BatchResult& result) {
  for (const Rollout& r : batch) {
    result.samples += static_cast<int64_t>(r.size());
    for (int64_t v : r.acted_versions) result.acted_version_sum += static_cast<double>(v);
  }
  std::vector<int64_t> shape{result.samples};
  shape.insert(shape.end(), obs_shape.begin(), obs_shape.end());
  BatchTensors t{with_obs ? model::host_buffer(shape, device) : torch::Tensor(),
                 model::host_buffer({result.samples}, device, torch::kInt64),
                 model::host_buffer({result.samples}, device)};
  int64_t* action_data = t.actions.data_ptr<int64_t>();
  float* return_data = t.returns.data_ptr<float>();
  for (const Rollout& r : batch) {
    std::memcpy(action_data, r.actions.data(), r.size() * sizeof(int64_t));
    std::memcpy(return_data, r.returns.data(), r.size() * sizeof(float));
    action_data += r.size();
    return_data += r.size();
  }
  if (with_obs) {
    float* obs_data = t.obs.data_ptr<float>();
    for (const Rollout& r : batch) {
      std::memcpy(obs_data, r.observations.data(), r.observations.size() * sizeof(float));
      obs_data += r.observations.size();
    }
  }
  if (!device.is_cpu()) {
    if (with_obs) t.obs = t.obs.to(device, /*non_blocking=*/true);
    t.actions = t.actions.to(device, /*non_blocking=*/true);
    t.returns = t.returns.to(device, /*non_blocking=*/true);
  }
  return t;
}

// The loss of the batch whose forward pass gave out, with its gradient with respect to out;
// its figures go into result. bootstrap_values: V-trace's (see vtrace_targets), unused by
// n-step returns. Throws NonFiniteError for a non-finite loss.
algo::A3CLoss batch_loss(const std::vector<Rollout>& batch, const LossConfig& loss_config,
                         const BatchTensors& rows, const model::ActorCriticOutput& out,
                         const torch::Tensor& bootstrap_values, BatchResult& result) {
  algo::A3CLoss loss;
  if (loss_config.correction == algo::Correction::kVtrace) {
    const auto [vs, pg] = vtrace_targets(batch, out.logits, out.value, rows.actions,
                                         bootstrap_values, loss_config.vtrace);
    loss = algo::a3c_loss(out.logits, out.value, rows.actions, vs, pg, loss_config.entropy_beta,
                          loss_config.value_weight);
  } else {
    loss = algo::a3c_loss(out.logits, out.value, rows.actions, rows.returns,
                          loss_config.entropy_beta, loss_config.value_weight);
  }
  if (!std::isfinite(loss.total)) {
    throw NonFiniteError("non-finite loss (" + std::to_string(loss.total) + ")");
  }
  result.policy_loss = loss.policy;
  result.value_loss = loss.value;
  result.entropy = loss.entropy;
  return loss;
}

// A recurrent network's forward pass over the batch: each rollout unrolled from its initial
// state (truncated backpropagation through time), all of them in one time-major pass padded to
// the longest; with bootstrap, a rollout's bootstrap observation is one step more of its
// unroll, seen with the state after its last step.
struct RecurrentForward {
  model::ActorCriticOutput out;    // logits [N, A] and value [N], the batch's rows in order
  torch::Tensor bootstrap_values;  // [K] float32 on the host, without gradient (if asked)
};

RecurrentForward recurrent_forward(const ParameterSnapshot& snapshot,
                                   const std::vector<Rollout>& batch,
                                   const std::vector<int64_t>& obs_shape,
                                   const torch::Device& device, bool bootstrap) {
  model::ActorCritic& net = *snapshot.net;
  const int64_t width = static_cast<int64_t>(batch.size());
  const int64_t state_size = net.state_size();
  int64_t obs_size = 1;
  for (int64_t d : obs_shape) obs_size *= d;
  int64_t steps = 0;
  for (const Rollout& r : batch) {
    if (static_cast<int64_t>(r.initial_state.size()) != state_size) {
      throw std::invalid_argument("a rollout of agent " + std::to_string(r.agent) +
                                  " begins from a recurrent state of " +
                                  std::to_string(r.initial_state.size()) +
                                  " floats, but the network's has " + std::to_string(state_size));
    }
    const bool extra = bootstrap && !r.bootstrap_observation.empty();
    steps = std::max(steps, static_cast<int64_t>(r.size()) + (extra ? 1 : 0));
  }
  std::vector<int64_t> shape{steps, width};
  shape.insert(shape.end(), obs_shape.begin(), obs_shape.end());
  torch::Tensor obs = model::host_buffer(shape, device);
  obs.zero_();
  torch::Tensor state = model::host_buffer({width, state_size}, device);
  std::vector<int64_t> rows, bootstrap_rows;  // indices into the [T * B] unroll
  float* obs_data = obs.data_ptr<float>();
  for (int64_t b = 0; b < width; ++b) {
    const Rollout& r = batch[static_cast<std::size_t>(b)];
    std::memcpy(state.data_ptr<float>() + b * state_size, r.initial_state.data(),
                state_size * sizeof(float));
    const auto n = static_cast<int64_t>(r.size());
    for (int64_t t = 0; t < n; ++t) {
      std::memcpy(obs_data + (t * width + b) * obs_size, r.observations.data() + t * obs_size,
                  obs_size * sizeof(float));
      rows.push_back(t * width + b);
    }
    if (bootstrap && !r.bootstrap_observation.empty()) {
      std::memcpy(obs_data + (n * width + b) * obs_size, r.bootstrap_observation.data(),
                  obs_size * sizeof(float));
      bootstrap_rows.push_back(n * width + b);
    }
  }
  const auto unrolled =
      net.unroll(obs.to(device, /*non_blocking=*/true), state.to(device, /*non_blocking=*/true));
  const auto index = [&](const std::vector<int64_t>& v) {
    return torch::tensor(v, torch::kInt64).to(device);
  };
  const torch::Tensor row_index = index(rows);
  const torch::Tensor values = unrolled.value.flatten(0, 1);
  RecurrentForward f;
  f.out.logits = unrolled.logits.flatten(0, 1).index_select(0, row_index);
  f.out.value = values.index_select(0, row_index);
  if (bootstrap) {
    f.bootstrap_values =
        values.detach().index_select(0, index(bootstrap_rows)).to(torch::kCPU).contiguous();
  }
  return f;
}

// The loss of one batch and, through autograd, its gradient with respect to each of the
// snapshot's parameters (undefined for an unused one); the batch's figures but the gradient
// norm go into result.
std::vector<torch::Tensor> autograd_gradient(const ParameterSnapshot& snapshot,
                                             const std::vector<Rollout>& batch,
                                             const std::vector<int64_t>& obs_shape,
                                             const LossConfig& loss_config, BatchResult& result) {
  const torch::Device device = snapshot.flat->tensor().device();
  const bool recurrent = snapshot.net->recurrent();
  const bool vtrace = loss_config.correction == algo::Correction::kVtrace;
  if (vtrace) check_vtrace_fields(batch);
  const BatchTensors rows = batch_tensors(batch, obs_shape, device, !recurrent, result);
  model::ActorCriticOutput out;
  torch::Tensor bootstrap_values;
  if (recurrent) {
    RecurrentForward f = recurrent_forward(snapshot, batch, obs_shape, device, vtrace);
    out = std::move(f.out);
    bootstrap_values = std::move(f.bootstrap_values);
  } else {
    out = snapshot.net->forward(rows.obs);
    if (vtrace)
      bootstrap_values = feed_forward_bootstrap_values(snapshot, batch, obs_shape, device);
  }
  const algo::A3CLoss loss = batch_loss(batch, loss_config, rows, out, bootstrap_values, result);
  return torch::autograd::grad({out.logits, out.value}, snapshot.flat->parameters(),
                               {loss.d_logits, loss.d_values}, /*retain_graph=*/false,
                               /*create_graph=*/false, /*allow_unused=*/true);
}

// The same for the feed-forward MLP on the CPU without autograd (model/mlp_pass.h), written
// into grad.
void mlp_gradient(const ParameterSnapshot& snapshot, const model::Mlp& mlp,
                  const std::vector<Rollout>& batch, const std::vector<int64_t>& obs_shape,
                  const LossConfig& loss_config, BatchResult& result, float* grad) {
  const bool vtrace = loss_config.correction == algo::Correction::kVtrace;
  if (vtrace) check_vtrace_fields(batch);
  const BatchTensors rows = batch_tensors(batch, obs_shape, torch::kCPU, true, result);
  const model::MlpPass pass(mlp, rows.obs);
  const torch::Tensor bootstrap_values =
      vtrace ? feed_forward_bootstrap_values(snapshot, batch, obs_shape, torch::kCPU)
             : torch::Tensor();
  const algo::A3CLoss loss =
      batch_loss(batch, loss_config, rows, pass.output(), bootstrap_values, result);
  pass.backward(loss.d_logits, loss.d_values, grad);
}

// Records the gradient's norm from its sum of squares and returns the factor that brings it
// down to clip (1 when it is within, or clip is 0). Throws NonFiniteError for a non-finite sum.
double record_norm(double sum_of_squares, float clip, BatchResult& result) {
  if (!std::isfinite(sum_of_squares)) throw NonFiniteError("non-finite gradient");
  result.grad_norm = std::sqrt(sum_of_squares);
  return clip > 0 && result.grad_norm > clip ? clip / result.grad_norm : 1.0;
}

int64_t ns_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() -
                                                              start)
      .count();
}

}  // namespace

BatchResult compute_gradient(const ParameterSnapshot& snapshot, const std::vector<Rollout>& batch,
                             const std::vector<int64_t>& obs_shape, const LossConfig& loss_config,
                             std::vector<float>& grad) {
  const auto start = std::chrono::steady_clock::now();
  BatchResult result;
  grad.resize(snapshot.flat->size());
  if (const auto* mlp = dynamic_cast<const model::Mlp*>(snapshot.net.get());
      mlp && !mlp->recurrent()) {
    mlp_gradient(snapshot, *mlp, batch, obs_shape, loss_config, result, grad.data());
  } else {
    snapshot.flat->flatten_gradients(
        autograd_gradient(snapshot, batch, obs_shape, loss_config, result), grad.data());
  }
  const double scale =
      record_norm(algo::sum_of_squares(grad.data(), grad.size()), loss_config.grad_clip, result);
  if (scale < 1.0) {
    for (float& g : grad) g = static_cast<float>(g * scale);
  }
  result.compute_ns = ns_since(start);
  return result;
}

BatchResult compute_gradient(const ParameterSnapshot& snapshot, const std::vector<Rollout>& batch,
                             const std::vector<int64_t>& obs_shape, const LossConfig& loss_config,
                             torch::Tensor& grad) {
  const auto start = std::chrono::steady_clock::now();
  BatchResult result;
  grad = snapshot.flat->flat_gradient(
      autograd_gradient(snapshot, batch, obs_shape, loss_config, result));
  // Summed in double, as the CPU path sums; item() waits for the stream.
  const double scale = record_norm(grad.to(torch::kFloat64).square().sum().item<double>(),
                                   loss_config.grad_clip, result);
  if (scale < 1.0) grad.mul_(scale);
  result.compute_ns = ns_since(start);
  return result;
}

void run_trainer(BlockingQueue<Rollout>& rollouts, const ParameterSnapshots& params,
                 const std::vector<int64_t>& obs_shape, int min_batch, const LossAt& loss,
                 const GradientSink& sink, const BatchObserver& observe) {
  const model::ThreadStream stream(params.device());
  const bool on_cpu = params.device().is_cpu();
  std::vector<Rollout> batch;
  std::vector<float> host_grad;
  torch::Tensor grad;
  try {
    while (true) {
      rollouts.pop_batch(static_cast<std::size_t>(min_batch), batch);
      if (observe) observe(batch);
      const auto snapshot = params.current();
      const LossConfig settings = loss();
      BatchResult result;
      if (on_cpu) {
        result = compute_gradient(*snapshot, batch, obs_shape, settings, host_grad);
        grad = torch::from_blob(host_grad.data(), {static_cast<int64_t>(host_grad.size())},
                                torch::kFloat32);
      } else {
        result = compute_gradient(*snapshot, batch, obs_shape, settings, grad);
      }
      sink(grad, result);
    }
  } catch (const QueueClosed&) {
  }
}

}  // namespace ga3c::node
