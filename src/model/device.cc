#include "model/device.h"

#include "model/device_name.h"
#include "model/torch_compat.h"

namespace ga3c::model {

std::string resolve_device(const std::string& name, int local_rank) {
  DeviceName d = parse_device_name(name);
  if (!d.cuda) return "cpu";
  if (!compat::cuda_built()) {
    throw DeviceError("--device " + name + ": this ga3c is built against LibTorch " +
                      compat::torch_version() +
                      " without CUDA; use --device cpu, or build ga3c against a CUDA LibTorch "
                      "(README: Training on a GPU)");
  }
  const int count = compat::cuda_device_count();
  if (count == 0) {
    throw DeviceError("--device " + name +
                      ": LibTorch finds no usable CUDA GPU (no GPU, or no NVIDIA driver); use "
                      "--device cpu, or run where nvidia-smi lists a GPU");
  }
  if (d.index >= count) {
    throw DeviceError("--device " + name + ": this machine has " + std::to_string(count) +
                      " CUDA GPU(s), cuda:0 to cuda:" + std::to_string(count - 1) +
                      "; use one of those, or --device cuda");
  }
  if (d.index < 0) d.index = local_rank % count;
  return to_string(d);
}

std::string torch_description() {
  std::string s = "LibTorch " + compat::torch_version();
  if (!compat::cuda_built()) return s + ", CPU only";
  return s + " with CUDA, " + std::to_string(compat::cuda_device_count()) + " GPU(s)";
}

void set_tf32(const std::string& device, bool tf32) {
  if (device != "cpu") compat::allow_tf32(tf32);
}

}  // namespace ga3c::model
