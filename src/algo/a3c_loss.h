// The A3C loss (Mnih et al. 2016): policy gradient with a log-softmax policy, value loss
// 0.5 * (R - V)^2 times a weight (1 in GA3C's NetworkVP.py; universe-starter-agent and
// stable-baselines3's Atari settings weigh it half as much) and an entropy bonus beta * H,
// summed over the batch as GA3C does, so a batch of 40 samples weighs 40 times one sample.
//
// The loss is given with its gradient with respect to the network's outputs, in closed form,
// to be backpropagated from there (torch::autograd::grad({logits, values}, params,
// {d_logits, d_values})). Recording the loss's own ops for autograd and replaying them
// backwards took about two fifths of a training step at CartPole's shapes (the step is 1.64x
// faster without it, docs/benchmarks.md); the closed form is one pass over the [B, A]
// logits on the host.
#pragma once

#include <torch/torch.h>

namespace ga3c::algo {

struct A3CLoss {
  double total = 0;    // policy + value_weight * value - beta * entropy
  double policy = 0;   // -sum_b log pi(a_b | s_b) * advantage_b
  double value = 0;    // sum_b 0.5 * (target_b - V_b)^2
  double entropy = 0;  // sum_b H(pi(. | s_b)) in nats
  // d total / d logits, [B, A] float32: for row b, with pi = softmax(logits_b) and H_b its
  // entropy, pi * (advantage_b + beta * (log pi + H_b)) - advantage_b * onehot(a_b).
  torch::Tensor d_logits;
  // d total / d V, [B] float32: value_weight * (V_b - target_b) (the policy term takes the
  // advantage as a constant, so V reaches the total through the value term alone).
  torch::Tensor d_values;
};

// logits: [B, A] float32; values: [B] float32; actions: [B] int64 in [0, A);
// returns: [B] float32 (n-step returns). The advantage is returns - values.
// entropy_beta >= 0, value_weight >= 0. d_logits and d_values are on the inputs' device and
// record no autograd graph; on a GPU the inputs are read to the host first (a wait for the
// stream).
// log pi is the logits minus their log-sum-exp, as log_softmax computes it, so a probability
// that underflows to 0 gives a finite log pi (logits [0, -200] -> log pi(1) = -200) and the
// entropy of such a policy is 0, never NaN.
// Sums are taken in double, so they may differ from float32 torch sums in the last bits.
// Throws c10::Error (via TORCH_CHECK) with expected and observed shapes on a mismatch, and for
// an action outside [0, A).
A3CLoss a3c_loss(const torch::Tensor& logits, const torch::Tensor& values,
                 const torch::Tensor& actions, const torch::Tensor& returns, float entropy_beta,
                 float value_weight = 1.0f);

// The same loss with its value targets and policy-gradient advantages given apart, as
// V-trace (algo/vtrace.h) makes them: policy -sum_b log pi(a_b | s_b) * advantages_b, value
// sum_b 0.5 * (targets_b - V_b)^2. targets, advantages: [B] float32.
// a3c_loss(..., returns, ...) is this with targets = returns, advantages = returns - V.
A3CLoss a3c_loss(const torch::Tensor& logits, const torch::Tensor& values,
                 const torch::Tensor& actions, const torch::Tensor& targets,
                 const torch::Tensor& advantages, float entropy_beta, float value_weight = 1.0f);

}  // namespace ga3c::algo
