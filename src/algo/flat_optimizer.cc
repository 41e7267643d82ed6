#include "algo/flat_optimizer.h"

#include <cmath>
#include <stdexcept>

namespace ga3c::algo {

OptimizerKind parse_optimizer_kind(const std::string& name) {
  if (name == "rmsprop") return OptimizerKind::kRmsProp;
  if (name == "adam") return OptimizerKind::kAdam;
  if (name == "sgd") return OptimizerKind::kSgd;
  throw std::invalid_argument("unknown optimizer '" + name + "'; use rmsprop, adam or sgd");
}

std::string to_string(OptimizerKind kind) {
  switch (kind) {
    case OptimizerKind::kRmsProp: return "rmsprop";
    case OptimizerKind::kAdam: return "adam";
    case OptimizerKind::kSgd: return "sgd";
  }
  return "?";
}

RmsPropStyle parse_rmsprop_style(const std::string& name) {
  if (name == "tf") return RmsPropStyle::kTf;
  if (name == "torch") return RmsPropStyle::kTorch;
  throw std::invalid_argument("unknown RMSProp style '" + name + "'; use tf or torch");
}

std::string to_string(RmsPropStyle style) { return style == RmsPropStyle::kTf ? "tf" : "torch"; }

FlatOptimizer::FlatOptimizer(const OptimizerConfig& config, std::size_t size)
    : config_(config), size_(size) {
  switch (config.kind) {
    case OptimizerKind::kRmsProp:
      slots_.first.assign(size, config.rmsprop_style == RmsPropStyle::kTf ? 1.0f : 0.0f);
      if (config.rmsprop_momentum != 0.0) slots_.second.assign(size, 0.0f);
      break;
    case OptimizerKind::kAdam:
      slots_.first.assign(size, 0.0f);
      slots_.second.assign(size, 0.0f);
      break;
    case OptimizerKind::kSgd:
      break;
  }
}

void FlatOptimizer::step(float* w, const float* g, float lr) {
  ++slots_.steps;
  switch (config_.kind) {
    case OptimizerKind::kSgd:
      for (std::size_t i = 0; i < size_; ++i) w[i] -= lr * g[i];
      break;
    case OptimizerKind::kRmsProp: {
      const float decay = static_cast<float>(config_.rmsprop_decay);
      const float one_minus_decay = static_cast<float>(1.0 - config_.rmsprop_decay);
      const float eps = static_cast<float>(config_.rmsprop_eps);
      const float momentum = static_cast<float>(config_.rmsprop_momentum);
      const bool tf = config_.rmsprop_style == RmsPropStyle::kTf;
      float* ms = slots_.first.data();
      // The slot exists only with momentum (an empty vector's data() may or may not be null).
      const bool has_momentum = !slots_.second.empty();
      float* mom = slots_.second.data();
      for (std::size_t i = 0; i < size_; ++i) {
        ms[i] = decay * ms[i] + one_minus_decay * g[i] * g[i];
        const float denom = tf ? std::sqrt(ms[i] + eps) : std::sqrt(ms[i]) + eps;
        const float update = lr * g[i] / denom;
        if (has_momentum) {
          mom[i] = momentum * mom[i] + update;
          w[i] -= mom[i];
        } else {
          w[i] -= update;
        }
      }
      break;
    }
    case OptimizerKind::kAdam: {
      const float b1 = static_cast<float>(config_.adam_beta1);
      const float b2 = static_cast<float>(config_.adam_beta2);
      const float one_minus_b1 = static_cast<float>(1.0 - config_.adam_beta1);
      const float one_minus_b2 = static_cast<float>(1.0 - config_.adam_beta2);
      const float eps = static_cast<float>(config_.adam_eps);
      const double t = static_cast<double>(slots_.steps);
      const float c1 = static_cast<float>(1.0 - std::pow(config_.adam_beta1, t));
      const float c2 = static_cast<float>(1.0 - std::pow(config_.adam_beta2, t));
      float* m = slots_.first.data();
      float* v = slots_.second.data();
      for (std::size_t i = 0; i < size_; ++i) {
        m[i] = b1 * m[i] + one_minus_b1 * g[i];
        v[i] = b2 * v[i] + one_minus_b2 * g[i] * g[i];
        w[i] -= lr * (m[i] / c1) / (std::sqrt(v[i] / c2) + eps);
      }
      break;
    }
  }
}

void FlatOptimizer::set_slots(OptimizerSlots slots) {
  if (slots.first.size() != slots_.first.size() || slots.second.size() != slots_.second.size()) {
    throw std::invalid_argument("optimizer slots of sizes " + std::to_string(slots.first.size()) +
                                "/" + std::to_string(slots.second.size()) + " do not fit " +
                                std::to_string(slots_.first.size()) + "/" +
                                std::to_string(slots_.second.size()));
  }
  slots_ = std::move(slots);
}

}  // namespace ga3c::algo
