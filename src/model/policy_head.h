// What every actor-critic network does to its policy head at construction.
#pragma once

#include <torch/torch.h>

namespace ga3c::model {

// Policy logits start near zero so the first policy is close to uniform.
inline void shrink_policy_head(torch::nn::Linear& head) {
  torch::NoGradGuard no_grad;
  head->weight.mul_(0.01);
  head->bias.zero_();
}

}  // namespace ga3c::model
