#include "model/mlp.h"

#include "model/policy_head.h"

namespace ga3c::model {

namespace nn = torch::nn;

Mlp::Mlp(int64_t inputs, int num_actions, int64_t hidden)
    : fc1_(register_module("fc1", nn::Linear(inputs, hidden))),
      fc2_(register_module("fc2", nn::Linear(hidden, hidden))),
      policy_(register_module("policy", nn::Linear(hidden, num_actions))),
      value_(register_module("value", nn::Linear(hidden, 1))) {
  shrink_policy_head(policy_);
}

ActorCriticActivations Mlp::activations(const torch::Tensor& obs) {
  ActorCriticActivations a;
  auto fc1 = torch::relu(fc1_(obs.flatten(1)));
  auto fc2 = torch::relu(fc2_(fc1));
  a.hidden = {{"fc1", fc1}, {"fc2", fc2}};
  a.output = {policy_(fc2), value_(fc2).squeeze(1)};
  return a;
}

}  // namespace ga3c::model
