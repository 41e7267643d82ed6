#include "node/trainer.h"

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

// V-trace's value targets and policy-gradient advantages ([N] float32 each) for the batch
// whose forward pass gave logits [N, A] and values [N]; the bootstrap values come from a
// forward pass of the rollouts' bootstrap observations without gradient.
std::pair<torch::Tensor, torch::Tensor> vtrace_targets(
    const ParameterSnapshot& snapshot, const std::vector<Rollout>& batch,
    const std::vector<int64_t>& obs_shape, const torch::Tensor& logits, const torch::Tensor& values,
    const torch::Tensor& actions, const algo::VTraceConfig& config) {
  torch::NoGradGuard no_grad;
  std::vector<float> bootstrap_obs;
  for (const Rollout& r : batch) {
    const std::size_t n = r.size();
    if (r.behaviour_log_probs.size() != n || r.rewards.size() != n) {
      throw std::invalid_argument(
          "a rollout of agent " + std::to_string(r.agent) + " has " + std::to_string(n) +
          " actions but " + std::to_string(r.behaviour_log_probs.size()) +
          " behaviour log-probabilities and " + std::to_string(r.rewards.size()) + " rewards");
    }
    bootstrap_obs.insert(bootstrap_obs.end(), r.bootstrap_observation.begin(),
                         r.bootstrap_observation.end());
  }
  int64_t obs_size = 1;
  for (int64_t d : obs_shape) obs_size *= d;
  std::vector<int64_t> shape{static_cast<int64_t>(bootstrap_obs.size()) / obs_size};
  shape.insert(shape.end(), obs_shape.begin(), obs_shape.end());
  const torch::Device device = logits.device();
  torch::Tensor bootstrap_values = torch::zeros({shape[0]}, torch::kFloat32);
  if (shape[0] > 0) {
    const torch::Tensor obs = torch::from_blob(bootstrap_obs.data(), shape, torch::kFloat32);
    bootstrap_values =
        model::forward_pass(*snapshot.net, obs.to(device)).value.to(torch::kCPU).contiguous();
  }
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
// its samples and acted versions into result.
BatchTensors batch_tensors(const std::vector<Rollout>& batch, const std::vector<int64_t>& obs_shape,
                           const torch::Device& device, BatchResult& result) {
  for (const Rollout& r : batch) {
    result.samples += static_cast<int64_t>(r.size());
    for (int64_t v : r.acted_versions) result.acted_version_sum += static_cast<double>(v);
  }
  std::vector<int64_t> shape{result.samples};
  shape.insert(shape.end(), obs_shape.begin(), obs_shape.end());
  BatchTensors t{model::host_buffer(shape, device),
                 model::host_buffer({result.samples}, device, torch::kInt64),
                 model::host_buffer({result.samples}, device)};
  float* obs_data = t.obs.data_ptr<float>();
  int64_t* action_data = t.actions.data_ptr<int64_t>();
  float* return_data = t.returns.data_ptr<float>();
  for (const Rollout& r : batch) {
    std::memcpy(obs_data, r.observations.data(), r.observations.size() * sizeof(float));
    std::memcpy(action_data, r.actions.data(), r.size() * sizeof(int64_t));
    std::memcpy(return_data, r.returns.data(), r.size() * sizeof(float));
    obs_data += r.observations.size();
    action_data += r.size();
    return_data += r.size();
  }
  if (!device.is_cpu()) {
    t.obs = t.obs.to(device, /*non_blocking=*/true);
    t.actions = t.actions.to(device, /*non_blocking=*/true);
    t.returns = t.returns.to(device, /*non_blocking=*/true);
  }
  return t;
}

// The loss of the batch whose forward pass gave out, with its gradient with respect to out;
// its figures go into result. Throws NonFiniteError for a non-finite loss.
algo::A3CLoss batch_loss(const ParameterSnapshot& snapshot, const std::vector<Rollout>& batch,
                         const std::vector<int64_t>& obs_shape, const LossConfig& loss_config,
                         const BatchTensors& rows, const model::ActorCriticOutput& out,
                         BatchResult& result) {
  algo::A3CLoss loss;
  if (loss_config.correction == algo::Correction::kVtrace) {
    const auto [vs, pg] = vtrace_targets(snapshot, batch, obs_shape, out.logits, out.value,
                                         rows.actions, loss_config.vtrace);
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

// The loss of one batch and, through autograd, its gradient with respect to each of the
// snapshot's parameters (undefined for an unused one); the batch's figures but the gradient
// norm go into result.
std::vector<torch::Tensor> autograd_gradient(const ParameterSnapshot& snapshot,
                                             const std::vector<Rollout>& batch,
                                             const std::vector<int64_t>& obs_shape,
                                             const LossConfig& loss_config, BatchResult& result) {
  const BatchTensors rows =
      batch_tensors(batch, obs_shape, snapshot.flat->tensor().device(), result);
  const auto out = snapshot.net->forward(rows.obs);
  const algo::A3CLoss loss = batch_loss(snapshot, batch, obs_shape, loss_config, rows, out, result);
  return torch::autograd::grad({out.logits, out.value}, snapshot.flat->parameters(),
                               {loss.d_logits, loss.d_values}, /*retain_graph=*/false,
                               /*create_graph=*/false, /*allow_unused=*/true);
}

// The same for the MLP on the CPU without autograd (model/mlp_pass.h), written into grad.
void mlp_gradient(const ParameterSnapshot& snapshot, const model::Mlp& mlp,
                  const std::vector<Rollout>& batch, const std::vector<int64_t>& obs_shape,
                  const LossConfig& loss_config, BatchResult& result, float* grad) {
  const BatchTensors rows = batch_tensors(batch, obs_shape, torch::kCPU, result);
  const model::MlpPass pass(mlp, rows.obs);
  const algo::A3CLoss loss =
      batch_loss(snapshot, batch, obs_shape, loss_config, rows, pass.output(), result);
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
  if (const auto* mlp = dynamic_cast<const model::Mlp*>(snapshot.net.get())) {
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
