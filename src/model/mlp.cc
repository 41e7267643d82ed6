#include "model/mlp.h"

namespace ga3c::model {

namespace nn = torch::nn;

Mlp::Mlp(int64_t inputs, int num_actions, int64_t hidden, int64_t lstm_size)
    : fc1_(register_module("fc1", nn::Linear(inputs, hidden))),
      fc2_(register_module("fc2", nn::Linear(hidden, hidden))) {
  register_heads(hidden, num_actions, lstm_size);
}

torch::Tensor Mlp::trunk(const torch::Tensor& obs, std::vector<HiddenActivation>& hidden) {
  auto fc1 = torch::relu(fc1_(obs.flatten(1)));
  auto fc2 = torch::relu(fc2_(fc1));
  hidden.push_back({"fc1", fc1});
  hidden.push_back({"fc2", fc2});
  return fc2;
}

}  // namespace ga3c::model
