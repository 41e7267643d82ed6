#include "runtime/trainer.h"

#include <chrono>
#include <cmath>
#include <cstring>

#include <torch/torch.h>

#include "algo/a3c_loss.h"

namespace ga3c::runtime {

BatchResult compute_gradient(const ParameterSnapshot& snapshot, const std::vector<Rollout>& batch,
                             const std::vector<int64_t>& obs_shape, float entropy_beta,
                             std::vector<float>& grad) {
  const auto start = std::chrono::steady_clock::now();
  BatchResult result;
  for (const Rollout& r : batch) {
    result.samples += static_cast<int64_t>(r.size());
    for (int64_t v : r.acted_versions) result.acted_version_sum += static_cast<double>(v);
  }
  std::vector<int64_t> shape{result.samples};
  shape.insert(shape.end(), obs_shape.begin(), obs_shape.end());
  torch::Tensor obs = torch::empty(shape, torch::kFloat32);  // [N, obs...]
  torch::Tensor actions = torch::empty({result.samples}, torch::kInt64);
  torch::Tensor returns = torch::empty({result.samples}, torch::kFloat32);
  float* obs_data = obs.data_ptr<float>();
  int64_t* action_data = actions.data_ptr<int64_t>();
  float* return_data = returns.data_ptr<float>();
  for (const Rollout& r : batch) {
    std::memcpy(obs_data, r.observations.data(), r.observations.size() * sizeof(float));
    std::memcpy(action_data, r.actions.data(), r.size() * sizeof(int64_t));
    std::memcpy(return_data, r.returns.data(), r.size() * sizeof(float));
    obs_data += r.observations.size();
    action_data += r.size();
    return_data += r.size();
  }

  auto out = snapshot.net->forward(obs);
  auto loss = algo::a3c_loss(out.logits, out.value, actions, returns, entropy_beta);
  const double total = loss.total.item<double>();
  if (!std::isfinite(total)) {
    throw NonFiniteError("non-finite loss (" + std::to_string(total) + ")");
  }
  const auto grads = torch::autograd::grad({loss.total}, snapshot.flat->parameters(), {},
                                           /*retain_graph=*/false, /*create_graph=*/false,
                                           /*allow_unused=*/true);
  grad.resize(snapshot.flat->size());
  snapshot.flat->flatten_gradients(grads, grad.data());
  double sq = 0.0;
  for (float g : grad) sq += static_cast<double>(g) * g;
  if (!std::isfinite(sq)) throw NonFiniteError("non-finite gradient");

  result.policy_loss = loss.policy.item<double>();
  result.value_loss = loss.value.item<double>();
  result.entropy = loss.entropy.item<double>();
  result.grad_norm = std::sqrt(sq);
  result.compute_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                          std::chrono::steady_clock::now() - start)
                          .count();
  return result;
}

void run_trainer(BlockingQueue<Rollout>& rollouts, const ParameterSnapshots& params,
                 const std::vector<int64_t>& obs_shape, int min_batch, float entropy_beta,
                 const GradientSink& sink) {
  std::vector<Rollout> batch;
  std::vector<float> grad;
  try {
    while (true) {
      rollouts.pop_batch(static_cast<std::size_t>(min_batch), batch);
      const auto snapshot = params.current();
      const BatchResult result = compute_gradient(*snapshot, batch, obs_shape, entropy_beta, grad);
      sink(grad, result);
    }
  } catch (const QueueClosed&) {
  }
}

}  // namespace ga3c::runtime
