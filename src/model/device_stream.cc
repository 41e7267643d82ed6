#include "model/device_stream.h"

#include "model/torch_compat.h"

namespace ga3c::model {

ThreadStream::ThreadStream(const torch::Device& device) {
  if (device.is_cuda()) guard_.emplace(compat::stream_from_pool(device));
}

void ThreadStream::synchronize() const {
  if (guard_) guard_->current_stream().synchronize();
}

void synchronize_current_stream(const torch::Device& device) {
  if (device.is_cpu()) return;
  c10::impl::getDeviceGuardImpl(device.type())->getStream(device).synchronize();
}

torch::Tensor host_buffer(torch::IntArrayRef shape, const torch::Device& device,
                          torch::ScalarType dtype) {
  return torch::empty(shape, torch::TensorOptions().dtype(dtype).pinned_memory(device.is_cuda()));
}

}  // namespace ga3c::model
