// The actor-critic MLP for vector observations: fc 128, fc 128 (ReLU), optionally an LSTM, a
// linear policy head and a linear value head.
#pragma once

#include <cstdint>

#include "model/actor_critic.h"

namespace ga3c::model {

class Mlp final : public ActorCritic {
 public:
  // inputs: the observation's element count (observations are flattened to [B, inputs]);
  // hidden: units of each fc layer; lstm_size: 0 for none.
  static constexpr int64_t kHidden = 128;
  Mlp(int64_t inputs, int num_actions, int64_t hidden = kHidden, int64_t lstm_size = 0);

  // The layers, registered in this order: parameters() is fc1's weight and bias, fc2's,
  // the LSTM's if any, the policy head's, the value head's.
  const torch::nn::Linear& fc1() const { return fc1_; }
  const torch::nn::Linear& fc2() const { return fc2_; }

 protected:
  torch::Tensor trunk(const torch::Tensor& obs, std::vector<HiddenActivation>& hidden) override;

 private:
  torch::nn::Linear fc1_, fc2_;
};

}  // namespace ga3c::model
