// What a thread that runs networks on a device needs: a stream of its own, and host buffers
// that copy to and from the device without blocking (pinned memory on a GPU).
#pragma once

#include <optional>

#include <c10/core/StreamGuard.h>
#include <torch/torch.h>

namespace ga3c::model {

// Gives the constructing thread its own stream on `device` until destruction (a GPU's work
// from several predictor and trainer threads then overlaps instead of queueing on the default
// stream); nothing on the CPU. One object per thread, destroyed on that thread.
class ThreadStream {
 public:
  explicit ThreadStream(const torch::Device& device);
  // Returns when every operation this thread queued on its stream has finished; at once on
  // the CPU.
  void synchronize() const;

 private:
  std::optional<c10::StreamGuard> guard_;
};

// Returns when every operation the calling thread queued on its current stream of `device`
// has finished; at once on the CPU.
void synchronize_current_stream(const torch::Device& device);

// float32 host tensor of `shape` that copies to and from `device` asynchronously
// (copy_(src, /*non_blocking=*/true)): pinned when device is a GPU, plain memory on the CPU.
torch::Tensor host_buffer(torch::IntArrayRef shape, const torch::Device& device,
                          torch::ScalarType dtype = torch::kFloat32);

}  // namespace ga3c::model
