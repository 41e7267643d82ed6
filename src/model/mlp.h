// The actor-critic MLP for vector observations: fc 128, fc 128 (ReLU), a linear policy head
// and a linear value head on the second hidden layer.
#pragma once

#include <cstdint>

#include "model/actor_critic.h"

namespace ga3c::model {

class Mlp final : public ActorCritic {
 public:
  // inputs: the observation's element count (observations are flattened to [B, inputs]).
  Mlp(int64_t inputs, int num_actions, int64_t hidden = 128);
  ActorCriticActivations activations(const torch::Tensor& obs) override;  // fc1, fc2

  // The layers, registered in this order: parameters() is fc1's weight and bias, fc2's,
  // the policy head's, the value head's.
  const torch::nn::Linear& fc1() const { return fc1_; }
  const torch::nn::Linear& fc2() const { return fc2_; }
  const torch::nn::Linear& policy() const { return policy_; }
  const torch::nn::Linear& value() const { return value_; }

 private:
  torch::nn::Linear fc1_, fc2_, policy_, value_;
};

}  // namespace ga3c::model
