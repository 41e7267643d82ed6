// Which device a run's networks live on, checked against this LibTorch and this machine. The
// header keeps LibTorch out of its users (the CLI checks `--device` before it writes anything).
#pragma once

#include <stdexcept>
#include <string>

namespace ga3c::model {

// A device that cannot be used here; what() is one line naming the problem and the fix.
class DeviceError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// `name` (model/device_name.h) as this process will use it: "cpu", or "cuda:N" for a GPU this
// LibTorch can drive; "cuda" picks local_rank % (the GPU count), local_rank being the process's
// rank among those on its machine (0 outside MPI). Throws std::invalid_argument for a name
// that is none of cpu, cuda, cuda:N, and DeviceError when LibTorch was built without CUDA,
// when no GPU or driver is found, or when N is not below the GPU count.
std::string resolve_device(const std::string& name, int local_rank = 0);

// The float32 policy of a process whose networks run on `device` (resolved, as above): with
// tf32, cuDNN convolutions and cuBLAS matrix products may round their inputs to TF32 (10-bit
// mantissa; faster on Ampere and later GPUs); without, they keep float32, and a GPU's results
// stay within float32 rounding of the CPU's. Process-wide (LibTorch's global context), so
// every worker of a process must agree; nothing happens for "cpu". Throws nothing.
void set_tf32(const std::string& device, bool tf32);

// "LibTorch 1.13.0, CPU only" or "LibTorch 2.11.0 with CUDA, 1 GPU(s)": for logs.
std::string torch_description();

}  // namespace ga3c::model
