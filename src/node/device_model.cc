#include "node/device_model.h"

namespace ga3c::node {
namespace {

torch::Tensor host_view(const float* data, int64_t n) {
  return torch::from_blob(const_cast<float*>(data), {n}, torch::kFloat32);
}

}  // namespace

DeviceModel::DeviceModel(const torch::Device& device, std::size_t num_params,
                         const algo::OptimizerConfig& optimizer, bool accumulate)
    : params_(torch::zeros({static_cast<int64_t>(num_params)},
                           torch::TensorOptions(torch::kFloat32).device(device))),
      optimizer_(optimizer, static_cast<int64_t>(num_params), device) {
  if (accumulate) accumulated_ = torch::zeros_like(params_);
}

void DeviceModel::upload(const float* params) {
  // From pageable memory: a synchronous copy, which the host buffer's next write needs anyway.
  params_.copy_(host_view(params, params_.numel()));
}

void DeviceModel::download(float* params) const {
  host_view(params, params_.numel()).copy_(params_);
}

void DeviceModel::step(const torch::Tensor& grad, float lr) {
  optimizer_.step(params_, grad, lr);
  if (accumulated_.defined()) accumulated_.add_(grad);
}

void DeviceModel::take_accumulated(float* out) {
  host_view(out, accumulated_.numel()).copy_(accumulated_);
  accumulated_.zero_();
}

}  // namespace ga3c::node
