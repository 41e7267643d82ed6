// Optimizers over one contiguous float32 buffer, used both by a node's local optimizer and by
// every parameter-server shard. They exist because LibTorch lacks the forms A3C needs:
// TF-style RMSProp (the convention the GA3C hyper-parameters were tuned for) and slots that a
// parameter server can own, apply atomically and checkpoint.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ga3c::algo {

enum class OptimizerKind { kSgd, kRmsProp, kAdam };

// kTf: ms starts at 1, w -= lr * g / sqrt(ms + eps) (TensorFlow's RMSPropOptimizer).
// kTorch: ms starts at 0, w -= lr * g / (sqrt(ms) + eps) (torch.optim.RMSprop).
enum class RmsPropStyle { kTf, kTorch };

struct OptimizerConfig {
  OptimizerKind kind = OptimizerKind::kRmsProp;
  RmsPropStyle rmsprop_style = RmsPropStyle::kTf;
  // Double, as in TensorFlow and PyTorch, so 1 - decay rounds to float32 as theirs does.
  double rmsprop_decay = 0.99;
  double rmsprop_momentum = 0.0;
  double rmsprop_eps = 0.1;
  double adam_beta1 = 0.9;
  double adam_beta2 = 0.999;
  double adam_eps = 1e-8;
};

// "rmsprop", "adam", "sgd"; throws std::invalid_argument naming the accepted values.
OptimizerKind parse_optimizer_kind(const std::string& name);
std::string to_string(OptimizerKind kind);
// "tf", "torch"; throws std::invalid_argument.
RmsPropStyle parse_rmsprop_style(const std::string& name);
std::string to_string(RmsPropStyle style);

// The optimizer's slots, named as in the papers: RMSProp (Tieleman & Hinton 2012) keeps
// ms in `first` and momentum in `second`; Adam (Kingma & Ba 2015) keeps m in `first` and v in
// `second`; SGD keeps none. `steps` counts applied updates (Adam's bias correction).
struct OptimizerSlots {
  std::vector<float> first;
  std::vector<float> second;
  int64_t steps = 0;
};

// Not thread-safe: the owner (a shard, a node) serialises calls.
class FlatOptimizer {
 public:
  // size: number of parameters the optimizer updates.
  FlatOptimizer(const OptimizerConfig& config, std::size_t size);

  // w[i] -= update(g[i]) for i in [0, size); lr > 0 (learning rate for this step).
  void step(float* w, const float* g, float lr);

  std::size_t size() const { return size_; }
  const OptimizerConfig& config() const { return config_; }
  const OptimizerSlots& slots() const { return slots_; }
  // Replaces the slots (checkpoint restore). Throws std::invalid_argument on a size mismatch.
  void set_slots(OptimizerSlots slots);

 private:
  OptimizerConfig config_;
  std::size_t size_;
  OptimizerSlots slots_;
};

}  // namespace ga3c::algo
