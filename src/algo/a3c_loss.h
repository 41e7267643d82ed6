// The A3C loss (Mnih et al. 2016): policy gradient with a log-softmax policy, value loss
// 0.5 * (R - V)^2 and an entropy bonus beta * H, summed over the batch as GA3C does
// (NetworkVP.py), so a batch of 40 samples weighs 40 times one sample.
#pragma once

#include <torch/torch.h>

namespace ga3c::algo {

struct A3CLoss {
  torch::Tensor total;        // [] float32: policy + value - beta * entropy; differentiate this
  torch::Tensor policy;       // [] float32: -sum_b log pi(a_b | s_b) * (R_b - V_b), V detached
  torch::Tensor value;        // [] float32: sum_b 0.5 * (R_b - V_b)^2
  torch::Tensor entropy;      // [] float32: sum_b H(pi(. | s_b)) in nats
};

// logits: [B, A] float32; values: [B] float32; actions: [B] int64 in [0, A);
// returns: [B] float32 (n-step returns); entropy_beta >= 0.
// log pi comes from log_softmax, so a probability that underflows to 0 gives a finite log pi
// (logits [0, -200] -> log pi(1) = -200) and the entropy of such a policy is 0, never NaN.
// Throws c10::Error (via TORCH_CHECK) with expected and observed shapes on a mismatch.
A3CLoss a3c_loss(const torch::Tensor& logits, const torch::Tensor& values,
                 const torch::Tensor& actions, const torch::Tensor& returns, float entropy_beta);

// The same loss with its value targets and policy-gradient advantages given apart, as
// V-trace (algo/vtrace.h) makes them: policy -sum_b log pi(a_b | s_b) * advantages_b (taken as
// constants), value sum_b 0.5 * (targets_b - V_b)^2. targets, advantages: [B] float32.
// a3c_loss(..., returns, ...) is this with targets = returns, advantages = returns - V.
A3CLoss a3c_loss(const torch::Tensor& logits, const torch::Tensor& values,
                 const torch::Tensor& actions, const torch::Tensor& targets,
                 const torch::Tensor& advantages, float entropy_beta);

}  // namespace ga3c::algo
