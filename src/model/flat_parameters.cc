#include "model/flat_parameters.h"

#include <algorithm>
#include <cstring>

namespace ga3c::model {

FlatParameters::FlatParameters(torch::nn::Module& module) : parameters_(module.parameters()) {
  int64_t total = 0;
  for (const auto& p : parameters_) total += p.numel();
  flat_ = torch::empty({total}, torch::TensorOptions(torch::kFloat32)
                                    .device(parameters_.empty() ? torch::Device(torch::kCPU)
                                                                : parameters_.front().device()));
  torch::NoGradGuard no_grad;
  int64_t offset = 0;
  for (auto& p : parameters_) {
    auto slice = flat_.narrow(0, offset, p.numel());
    slice.copy_(p.detach().reshape({-1}));
    p.set_data(slice.view(p.sizes()));
    offset += p.numel();
  }
}

void FlatParameters::flatten_gradients(const std::vector<torch::Tensor>& grads, float* out) const {
  TORCH_CHECK(grads.size() == parameters_.size(), "expected ", parameters_.size(),
              " gradients, got ", grads.size());
  std::size_t offset = 0;
  for (std::size_t i = 0; i < grads.size(); ++i) {
    const auto n = static_cast<std::size_t>(parameters_[i].numel());
    if (grads[i].defined()) {
      const auto g = grads[i].contiguous();
      std::memcpy(out + offset, g.data_ptr<float>(), n * sizeof(float));
    } else {
      std::fill(out + offset, out + offset + n, 0.0f);
    }
    offset += n;
  }
}

torch::Tensor FlatParameters::flat_gradient(const std::vector<torch::Tensor>& grads) const {
  TORCH_CHECK(grads.size() == parameters_.size(), "expected ", parameters_.size(),
              " gradients, got ", grads.size());
  std::vector<torch::Tensor> pieces;
  pieces.reserve(grads.size());
  for (std::size_t i = 0; i < grads.size(); ++i) {
    pieces.push_back(grads[i].defined() ? grads[i].reshape({-1})
                                        : torch::zeros({parameters_[i].numel()}, flat_.options()));
  }
  return torch::cat(pieces);
}

}  // namespace ga3c::model
