// FlatOptimizer's update (flat_optimizer.h: TF- or torch-style RMSProp with optional
// momentum, Adam, SGD) on one flat float32 tensor on any device: a node whose networks run on
// a GPU takes its local steps there, so parameters and gradients cross the bus once per sync
// instead of once per step. Same formulas in the same order as FlatOptimizer; on the CPU the
// results agree to float32 rounding (the test allows 1e-6 relative), on a GPU to its
// sqrt and division rounding.
#pragma once

#include <cstdint>

#include <torch/torch.h>

#include "algo/flat_optimizer.h"

namespace ga3c::algo {

// Not thread-safe: the owner (a node's update path) serialises calls.
class TensorOptimizer {
 public:
  // Slots of `size` floats on `device`, initialised as FlatOptimizer's.
  TensorOptimizer(const OptimizerConfig& config, int64_t size, const torch::Device& device);

  // w -= update(g), in place; w and g: [size] float32 on the optimizer's device; lr > 0.
  void step(torch::Tensor& w, const torch::Tensor& g, float lr);

  // The slots as FlatOptimizer keeps them (copied to the host).
  OptimizerSlots slots() const;

 private:
  OptimizerConfig config_;
  torch::Tensor first_, second_;  // as OptimizerSlots; undefined when the optimizer has none
  int64_t steps_ = 0;
};

}  // namespace ga3c::algo
