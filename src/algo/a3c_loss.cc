#include "algo/a3c_loss.h"

namespace ga3c::algo {
namespace {

void check_shapes(const torch::Tensor& logits, const torch::Tensor& values,
                  const torch::Tensor& actions, const torch::Tensor& returns) {
  TORCH_CHECK(logits.dim() == 2, "logits must be [B, A], got ", logits.sizes());
  const int64_t batch = logits.size(0);
  TORCH_CHECK(values.sizes() == torch::IntArrayRef({batch}), "values must be [", batch,
              "], got ", values.sizes());
  TORCH_CHECK(actions.sizes() == torch::IntArrayRef({batch}), "actions must be [", batch,
              "], got ", actions.sizes());
  TORCH_CHECK(returns.sizes() == torch::IntArrayRef({batch}), "returns must be [", batch,
              "], got ", returns.sizes());
  TORCH_CHECK(actions.scalar_type() == torch::kInt64, "actions must be int64, got ",
              actions.scalar_type());
}

}  // namespace

A3CLoss a3c_loss(const torch::Tensor& logits, const torch::Tensor& values,
                 const torch::Tensor& actions, const torch::Tensor& returns, float entropy_beta) {
  check_shapes(logits, values, actions, returns);
  return a3c_loss(logits, values, actions, returns, returns - values, entropy_beta);
}

A3CLoss a3c_loss(const torch::Tensor& logits, const torch::Tensor& values,
                 const torch::Tensor& actions, const torch::Tensor& returns,
                 const torch::Tensor& advantages, float entropy_beta) {
  check_shapes(logits, values, actions, returns);
  const int64_t batch = logits.size(0);
  TORCH_CHECK(advantages.sizes() == torch::IntArrayRef({batch}), "advantages must be [", batch,
              "], got ", advantages.sizes());

  const torch::Tensor log_pi = torch::log_softmax(logits, 1);
  const torch::Tensor pi = log_pi.exp();
  const torch::Tensor log_pi_a = log_pi.gather(1, actions.unsqueeze(1)).squeeze(1);
  const torch::Tensor advantage = advantages.detach();

  A3CLoss loss;
  loss.policy = -(log_pi_a * advantage).sum();
  loss.value = 0.5 * (returns - values).pow(2).sum();
  loss.entropy = -(pi * log_pi).sum();
  loss.total = loss.policy + loss.value - entropy_beta * loss.entropy;
  return loss;
}

}  // namespace ga3c::algo
