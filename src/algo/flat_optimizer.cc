#include "algo/flat_optimizer.h"

#include <cmath>
#include <stdexcept>

#include "algo/vector_clones.h"

namespace ga3c::algo {
namespace {

// Each loop is built for AVX-512, AVX2 and plain x86-64 (vector_clones.h): the updates are
// element-wise, so every build gives the same bits. On the development machine's EPYC, one
// RMSProp step over the MinAtar CNN's 132,695 parameters takes 62 us as SSE2, 31 as AVX2 and
// 16 as AVX-512 (docs/benchmarks.md).

struct RmsPropStep {
  float decay, one_minus_decay, eps, momentum, lr;
  bool tf;
};

struct AdamStep {
  float b1, b2, one_minus_b1, one_minus_b2, eps, c1, c2, lr;
};

GA3C_VECTOR_CLONES void sgd_step(float* w, const float* g, float lr, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) w[i] -= lr * g[i];
}

// mom: null without momentum.
GA3C_VECTOR_CLONES void rmsprop_step(float* w, const float* g, float* ms, float* mom,
                                     const RmsPropStep& s, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    ms[i] = s.decay * ms[i] + s.one_minus_decay * g[i] * g[i];
    const float denom = s.tf ? std::sqrt(ms[i] + s.eps) : std::sqrt(ms[i]) + s.eps;
    const float update = s.lr * g[i] / denom;
    if (mom) {
      mom[i] = s.momentum * mom[i] + update;
      w[i] -= mom[i];
    } else {
      w[i] -= update;
    }
  }
}

GA3C_VECTOR_CLONES void adam_step(float* w, const float* g, float* m, float* v, const AdamStep& s,
                                  std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    m[i] = s.b1 * m[i] + s.one_minus_b1 * g[i];
    v[i] = s.b2 * v[i] + s.one_minus_b2 * g[i] * g[i];
    w[i] -= s.lr * (m[i] / s.c1) / (std::sqrt(v[i] / s.c2) + s.eps);
  }
}

}  // namespace

OptimizerKind parse_optimizer_kind(const std::string& name) {
  if (name == "rmsprop") return OptimizerKind::kRmsProp;
  if (name == "adam") return OptimizerKind::kAdam;
  if (name == "sgd") return OptimizerKind::kSgd;
  throw std::invalid_argument("unknown optimizer '" + name + "'; use rmsprop, adam or sgd");
}

std::string to_string(OptimizerKind kind) {
  switch (kind) {
    case OptimizerKind::kRmsProp:
      return "rmsprop";
    case OptimizerKind::kAdam:
      return "adam";
    case OptimizerKind::kSgd:
      return "sgd";
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
      sgd_step(w, g, lr, size_);
      break;
    case OptimizerKind::kRmsProp: {
      RmsPropStep s;
      s.decay = static_cast<float>(config_.rmsprop_decay);
      s.one_minus_decay = static_cast<float>(1.0 - config_.rmsprop_decay);
      s.eps = static_cast<float>(config_.rmsprop_eps);
      s.momentum = static_cast<float>(config_.rmsprop_momentum);
      s.lr = lr;
      s.tf = config_.rmsprop_style == RmsPropStyle::kTf;
      // The slot exists only with momentum (an empty vector's data() may or may not be null).
      float* mom = slots_.second.empty() ? nullptr : slots_.second.data();
      rmsprop_step(w, g, slots_.first.data(), mom, s, size_);
      break;
    }
    case OptimizerKind::kAdam: {
      AdamStep s;
      s.b1 = static_cast<float>(config_.adam_beta1);
      s.b2 = static_cast<float>(config_.adam_beta2);
      s.one_minus_b1 = static_cast<float>(1.0 - config_.adam_beta1);
      s.one_minus_b2 = static_cast<float>(1.0 - config_.adam_beta2);
      s.eps = static_cast<float>(config_.adam_eps);
      const double t = static_cast<double>(slots_.steps);
      s.c1 = static_cast<float>(1.0 - std::pow(config_.adam_beta1, t));
      s.c2 = static_cast<float>(1.0 - std::pow(config_.adam_beta2, t));
      s.lr = lr;
      adam_step(w, g, slots_.first.data(), slots_.second.data(), s, size_);
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
