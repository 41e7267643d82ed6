#include "algo/a3c_loss.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace ga3c::algo {
namespace {

void check_shapes(const torch::Tensor& logits, const torch::Tensor& values,
                  const torch::Tensor& actions, const torch::Tensor& returns) {
  TORCH_CHECK(logits.dim() == 2, "logits must be [B, A], got ", logits.sizes());
  const int64_t batch = logits.size(0);
  TORCH_CHECK(values.sizes() == torch::IntArrayRef({batch}), "values must be [", batch, "], got ",
              values.sizes());
  TORCH_CHECK(actions.sizes() == torch::IntArrayRef({batch}), "actions must be [", batch, "], got ",
              actions.sizes());
  TORCH_CHECK(returns.sizes() == torch::IntArrayRef({batch}), "returns must be [", batch, "], got ",
              returns.sizes());
  TORCH_CHECK(actions.scalar_type() == torch::kInt64, "actions must be int64, got ",
              actions.scalar_type());
}

// A contiguous host tensor with t's values, read only through data_ptr: t itself when it is
// one already (the ops detach, to and contiguous would cost more than this loss's loop at
// CartPole's batch of 40), else a detached copy.
torch::Tensor on_host(const torch::Tensor& t) {
  if (t.device().is_cpu() && t.is_contiguous()) return t;
  return t.detach().to(torch::kCPU).contiguous();
}

// t on device, without a dispatcher call when it is there already.
torch::Tensor to_device(const torch::Tensor& t, const torch::Device& device) {
  return t.device() == device ? t : t.to(device);
}

}  // namespace

A3CLoss a3c_loss(const torch::Tensor& logits, const torch::Tensor& values,
                 const torch::Tensor& actions, const torch::Tensor& returns, float entropy_beta,
                 float value_weight) {
  check_shapes(logits, values, actions, returns);
  torch::NoGradGuard no_grad;
  return a3c_loss(logits, values, actions, returns, returns - values, entropy_beta, value_weight);
}

A3CLoss a3c_loss(const torch::Tensor& logits, const torch::Tensor& values,
                 const torch::Tensor& actions, const torch::Tensor& targets,
                 const torch::Tensor& advantages, float entropy_beta, float value_weight) {
  check_shapes(logits, values, actions, targets);
  const int64_t batch = logits.size(0), num_actions = logits.size(1);
  TORCH_CHECK(advantages.sizes() == torch::IntArrayRef({batch}), "advantages must be [", batch,
              "], got ", advantages.sizes());
  const torch::Tensor z = on_host(logits), v = on_host(values), r = on_host(targets),
                      adv = on_host(advantages), a = on_host(actions);
  const float* z_data = z.data_ptr<float>();
  const float* v_data = v.data_ptr<float>();
  const float* r_data = r.data_ptr<float>();
  const float* adv_data = adv.data_ptr<float>();
  const int64_t* a_data = a.data_ptr<int64_t>();
  A3CLoss loss;
  torch::Tensor d_logits = torch::empty({batch, num_actions}, torch::kFloat32);
  torch::Tensor d_values = torch::empty({batch}, torch::kFloat32);
  float* d = d_logits.data_ptr<float>();
  float* d_v = d_values.data_ptr<float>();
  std::vector<double> pi(static_cast<std::size_t>(num_actions));
  for (int64_t b = 0; b < batch; ++b) {
    const float* row = z_data + b * num_actions;
    float* d_row = d + b * num_actions;
    const int64_t action = a_data[b];
    TORCH_CHECK(action >= 0 && action < num_actions, "action ", action, " of sample ", b,
                " is outside [0, ", num_actions, ")");
    // log-sum-exp shifted by the row's largest logit, as log_softmax does, so that no exp
    // overflows and the probability of a logit far below the rest underflows to 0.
    const double top = *std::max_element(row, row + num_actions);
    double sum_exp = 0.0;
    for (int64_t k = 0; k < num_actions; ++k) {
      pi[k] = std::exp(row[k] - top);
      sum_exp += pi[k];
    }
    const double log_z = top + std::log(sum_exp);
    double entropy = 0.0;
    for (int64_t k = 0; k < num_actions; ++k) {
      pi[k] /= sum_exp;
      entropy -= pi[k] * (row[k] - log_z);
    }
    const double advantage = adv_data[b];
    for (int64_t k = 0; k < num_actions; ++k) {
      const double log_pi = row[k] - log_z;
      d_row[k] = static_cast<float>(pi[k] * (advantage + entropy_beta * (log_pi + entropy)));
    }
    d_row[action] = static_cast<float>(d_row[action] - advantage);
    const double value_error = static_cast<double>(v_data[b]) - r_data[b];
    d_v[b] = static_cast<float>(value_weight * value_error);
    loss.policy -= (row[action] - log_z) * advantage;
    loss.value += 0.5 * value_error * value_error;
    loss.entropy += entropy;
  }
  loss.total = loss.policy + value_weight * loss.value - entropy_beta * loss.entropy;
  loss.d_logits = to_device(d_logits, logits.device());
  loss.d_values = to_device(d_values, logits.device());
  return loss;
}

}  // namespace ga3c::algo
