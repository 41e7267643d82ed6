// Every difference between the LibTorch versions ga3c builds against, in one place: Debian 12's
// CPU-only 1.13 and the CUDA 2.x inside the PyPI `torch` wheel (README: "Training on a GPU").
// Sources use these instead of version checks of their own, and include no CUDA header: the
// device-generic c10 interfaces (c10::Stream, c10::impl::DeviceGuardImplInterface) reach a GPU
// wherever LibTorch's CUDA library is loaded.
#pragma once

#include <string>

#include <ATen/Context.h>
#include <c10/core/DeviceType.h>
#include <c10/core/Stream.h>
#include <c10/core/impl/DeviceGuardImplInterface.h>
#include <torch/cuda.h>
#include <torch/version.h>

namespace ga3c::model::compat {

// Whether this LibTorch has a CUDA backend (libtorch_cuda is loaded and registered its device
// guard), whatever the machine has.
inline bool cuda_built() { return c10::impl::hasDeviceGuardImpl(c10::DeviceType::CUDA); }

// GPUs the CUDA backend sees; 0 without the backend, a driver or a GPU.
inline int cuda_device_count() {
  return cuda_built() ? static_cast<int>(torch::cuda::device_count()) : 0;
}

// A stream from the device's pool, distinct from its default stream (round robin over the
// pool's streams). Both versions have getStreamFromGlobalPool; 2.x also has getNewStream.
inline c10::Stream stream_from_pool(const c10::Device& device) {
  return c10::impl::getDeviceGuardImpl(device.type())->getStreamFromGlobalPool(device);
}

inline std::string torch_version() { return TORCH_VERSION; }

// Whether cuDNN convolutions and cuBLAS matrix products may round their inputs to TF32
// (LibTorch's defaults: convolutions yes, products no). Both versions have these setters;
// 2.x also has setFloat32Precision, which they are written in terms of.
inline void allow_tf32(bool allow) {
  at::globalContext().setAllowTF32CuDNN(allow);
  at::globalContext().setAllowTF32CuBLAS(allow);
}

}  // namespace ga3c::model::compat
