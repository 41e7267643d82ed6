// A module's parameters as one contiguous float32 buffer: what nodes push, pull and
// checkpoint without a copy per tensor.
#pragma once

#include <cstddef>
#include <vector>

#include <torch/torch.h>

namespace ga3c::model {

class FlatParameters {
 public:
  // Moves every parameter of `module` (in module.parameters() order) into one new contiguous
  // [N] float32 tensor on the parameters' device and makes each parameter a view of its
  // slice, so writing the buffer writes the module. The module must outlive this object.
  explicit FlatParameters(torch::nn::Module& module);

  std::size_t size() const { return static_cast<std::size_t>(flat_.numel()); }
  // The buffer's memory: on the CPU only (data_ptr throws for a GPU's).
  float* data() { return flat_.data_ptr<float>(); }
  const float* data() const { return flat_.data_ptr<float>(); }
  // The buffer: [N] float32 on the parameters' device.
  const torch::Tensor& tensor() const { return flat_; }
  const std::vector<torch::Tensor>& parameters() const { return parameters_; }

  // Copies gradients aligned with parameters() (e.g. from torch::autograd::grad), on the CPU,
  // into out (size() floats); an undefined gradient counts as zeros.
  void flatten_gradients(const std::vector<torch::Tensor>& grads, float* out) const;
  // The same gradients as one new [N] float32 tensor on their device (a GPU's stay there).
  torch::Tensor flat_gradient(const std::vector<torch::Tensor>& grads) const;

 private:
  torch::Tensor flat_;
  std::vector<torch::Tensor> parameters_;
};

}  // namespace ga3c::model
