#include "algo/tensor_optimizer.h"

#include <cmath>

namespace ga3c::algo {
namespace {

std::vector<float> to_host(const torch::Tensor& t) {
  if (!t.defined()) return {};
  const torch::Tensor h = t.to(torch::kCPU).contiguous();
  return std::vector<float>(h.data_ptr<float>(), h.data_ptr<float>() + h.numel());
}

}  // namespace

TensorOptimizer::TensorOptimizer(const OptimizerConfig& config, int64_t size,
                                 const torch::Device& device)
    : config_(config) {
  const auto options = torch::TensorOptions(torch::kFloat32).device(device);
  switch (config.kind) {
    case OptimizerKind::kRmsProp:
      first_ =
          torch::full({size}, config.rmsprop_style == RmsPropStyle::kTf ? 1.0f : 0.0f, options);
      if (config.rmsprop_momentum != 0.0) second_ = torch::zeros({size}, options);
      break;
    case OptimizerKind::kAdam:
      first_ = torch::zeros({size}, options);
      second_ = torch::zeros({size}, options);
      break;
    case OptimizerKind::kSgd:
      break;
  }
}

void TensorOptimizer::step(torch::Tensor& w, const torch::Tensor& g, float lr) {
  torch::NoGradGuard no_grad;
  ++steps_;
  switch (config_.kind) {
    case OptimizerKind::kSgd:
      w.sub_(g * lr);
      break;
    case OptimizerKind::kRmsProp: {
      // The scalars as float32, rounded as FlatOptimizer rounds them.
      const float decay = static_cast<float>(config_.rmsprop_decay);
      const float one_minus_decay = static_cast<float>(1.0 - config_.rmsprop_decay);
      const float eps = static_cast<float>(config_.rmsprop_eps);
      first_.mul_(decay).add_(g * g * one_minus_decay);
      const torch::Tensor denom = config_.rmsprop_style == RmsPropStyle::kTf
                                      ? (first_ + eps).sqrt_()
                                      : first_.sqrt().add_(eps);
      const torch::Tensor update = (g * lr).div_(denom);
      if (second_.defined()) {
        second_.mul_(static_cast<float>(config_.rmsprop_momentum)).add_(update);
        w.sub_(second_);
      } else {
        w.sub_(update);
      }
      break;
    }
    case OptimizerKind::kAdam: {
      const double t = static_cast<double>(steps_);
      const float c1 = static_cast<float>(1.0 - std::pow(config_.adam_beta1, t));
      const float c2 = static_cast<float>(1.0 - std::pow(config_.adam_beta2, t));
      first_.mul_(static_cast<float>(config_.adam_beta1))
          .add_(g * static_cast<float>(1.0 - config_.adam_beta1));
      second_.mul_(static_cast<float>(config_.adam_beta2))
          .add_(g * g * static_cast<float>(1.0 - config_.adam_beta2));
      const torch::Tensor denom = (second_ / c2).sqrt_().add_(static_cast<float>(config_.adam_eps));
      w.sub_((first_ / c1).mul_(lr).div_(denom));
      break;
    }
  }
}

OptimizerSlots TensorOptimizer::slots() const {
  OptimizerSlots s;
  s.first = to_host(first_);
  s.second = to_host(second_);
  s.steps = steps_;
  return s;
}

}  // namespace ga3c::algo
