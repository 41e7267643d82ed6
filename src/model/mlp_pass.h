// One pass of the MLP on the CPU, forward and (for training) backward, written out: its
// matrix products go straight to LibTorch's BLAS (torch_gemm.h), the bias, ReLU and ReLU
// gradient are loops, and only the biases' gradients (sums over the batch) and the outputs are
// LibTorch tensors. At CartPole's shapes (batch 40, 4-128-128 with heads of 2 and 1) per-op
// costs outweigh the arithmetic: through autograd a trainer's whole step on a batch of 40
// ran 2,502-2,709 batches/s and with LibTorch's CPU kernels called one by one 4,706-5,083
// (docs/benchmarks.md, "Made faster: the MLP's passes written out"); written out as here it
// ran about 1.15x that, in noisy alternating rounds ("the MLP's products straight to BLAS").
// The products are the ones LibTorch's backward formulas for Linear and ReLU compute
// (mm_mat1_backward and mm_mat2_backward of AddmmBackward0, threshold_backward), in the same
// layouts and BLAS calls, so outputs and gradient are nn::Linear's and torch::autograd::grad's
// bit for bit (mlp_pass_test checks it). The CNNs, and every network on a GPU, keep
// LibTorch's autograd, and so does an MLP with an LSTM.
#pragma once

#include <vector>

#include <torch/torch.h>

#include "model/mlp.h"

namespace ga3c::model {

class MlpPass {
 public:
  // The forward pass of net on obs ([B, ...] float32 on the CPU, contiguous, B >= 1;
  // flattened to [B, inputs]), keeping its activations and a reference to obs for backward().
  // net's parameters are read again by backward(): they must stay alive and unchanged until it
  // returns, and so must obs's values.
  // Throws std::invalid_argument for obs of another device, dtype, layout or width, or a
  // recurrent net.
  MlpPass(const Mlp& net, const torch::Tensor& obs);

  // logits [B, A] and value [B], float32 on the CPU, without autograd history.
  const ActorCriticOutput& output() const { return output_; }

  // Writes the gradient of sum(d_logits * logits) + sum(d_values * value) with respect to
  // net.parameters() into grad, flat in parameters() order (FlatParameters' layout:
  // num_params floats). d_logits: [B, A], d_values: [B], float32 on the CPU, contiguous.
  // Throws std::invalid_argument for other shapes.
  void backward(const torch::Tensor& d_logits, const torch::Tensor& d_values, float* grad) const;

 private:
  const Mlp& net_;
  torch::Tensor obs_;  // held so that a temporary obs outlives the pass
  const float* x_;     // [B, inputs]: obs_'s values
  int64_t batch_, inputs_, hidden_;
  std::vector<float> h1_, h2_;  // [B, hidden] after each ReLU
  ActorCriticOutput output_;
};

// net's forward pass on obs and state (as net.forward takes them), for acting and
// bootstrapping, not for a gradient: MlpPass's output for a feed-forward Mlp on the CPU (the
// same bits, without the per-op cost), net.forward(obs, state) otherwise. Callers that want no
// autograd history on the latter hold their own guard.
ActorCriticOutput forward_pass(ActorCritic& net, const torch::Tensor& obs,
                               const torch::Tensor& state = {});

}  // namespace ga3c::model
