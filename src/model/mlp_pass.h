// One pass of the MLP on the CPU, forward and (for training) backward, written out with
// LibTorch's CPU kernels (at::cpu::addmm_out, mm_out, sum_out, threshold_backward_out), which
// skip the dispatcher and the autograd engine. At CartPole's shapes (batch 40, 4-128-128 with
// heads of 2 and 1) those cost more than the arithmetic: a trainer's whole step on a batch of
// 40 (trainer_step_bench) went from 2,502-2,709 to 4,706-5,083 batches/s, and CartPole's
// training from 109k to 179k frames/s (docs/benchmarks.md, "Made faster: the MLP's passes
// written out"). The products are the ones LibTorch's backward formulas for Linear and ReLU
// compute (mm_mat1_backward and mm_mat2_backward of AddmmBackward0, threshold_backward), in
// the same layouts, so outputs and gradient are nn::Linear's and torch::autograd::grad's, bit
// for bit on the same BLAS (mlp_pass_test checks it). The CNNs, and every network on a GPU,
// keep LibTorch's autograd.
#pragma once

#include <torch/torch.h>

#include "model/mlp.h"

namespace ga3c::model {

class MlpPass {
 public:
  // The forward pass of net on obs ([B, ...] float32 on the CPU, contiguous, B >= 1;
  // flattened to [B, inputs]), keeping its activations for backward(). net's parameters are
  // read again by backward(): they must stay alive and unchanged until it returns. Throws
  // std::invalid_argument for obs of another device, dtype, layout or width.
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
  torch::Tensor x_, h1_, h2_;  // [B, inputs], [B, hidden] after ReLU, the same
  ActorCriticOutput output_;
  torch::Tensor value_column_;  // output_.value as [B, 1], the value head's output
};

}  // namespace ga3c::model
