// A node's master parameters, local optimizer and gradient accumulator on its GPU
// (--device cuda): local steps stay on the device, and parameters and gradients cross the bus
// once per sync (download before it, upload after it) instead of once per step.
#pragma once

#include <cstddef>

#include <torch/torch.h>

#include "algo/flat_optimizer.h"
#include "algo/tensor_optimizer.h"

namespace ga3c::node {

// Not thread-safe: the node's update path serialises every call.
class DeviceModel {
 public:
  // num_params floats on device; accumulate: keep the sum of the gradients of the local steps
  // (shared optimizer state pushes it).
  DeviceModel(const torch::Device& device, std::size_t num_params,
              const algo::OptimizerConfig& optimizer, bool accumulate);

  // The parameters become params (num_params host floats).
  void upload(const float* params);
  // Writes the parameters into params (num_params host floats).
  void download(float* params) const;
  // One local step: the optimizer moves the parameters by grad ([num_params] float32 on the
  // device) with learning rate lr, and grad is added to the accumulator.
  void step(const torch::Tensor& grad, float lr);
  // Writes the accumulated gradient into out (num_params host floats) and starts the
  // accumulator again from zero.
  void take_accumulated(float* out);

  // [num_params] float32 on the device.
  const torch::Tensor& params() const { return params_; }

 private:
  torch::Tensor params_;
  torch::Tensor accumulated_;  // undefined unless accumulating
  algo::TensorOptimizer optimizer_;
};

}  // namespace ga3c::node
