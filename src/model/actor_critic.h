// Actor-critic networks: a trunk, optionally an LSTM, one policy head (logits) and one value
// head. The trunks:
//   MLP          vector observations: fc 128, fc 128 (ReLU).
//   MinAtar CNN  [10, 10, C]: conv 16@3x3 stride 1, fc 128 (Young & Tian 2019).
//   A3C CNN      [84, 84, C]: conv 16@8x8/4, conv 32@4x4/2, fc 256 (Mnih et al. 2016; GA3C).
// With an LSTM (NetworkLayout::lstm_size > 0) an LSTM cell sits between the trunk's last layer
// and the heads, as the A3C paper's A3C-LSTM adds 256 LSTM cells after the A3C CNN's fc 256
// (Mnih et al. 2016, section 8). universe-starter-agent instead feeds four 32@3x3/2 ELU
// convolutions straight into its LSTM 256, without an fc layer.
// Image observations arrive channels-last [B, H, W, C] as the environments write them and
// are permuted inside the trunk.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <torch/torch.h>

#include "env/observation_spec.h"
#include "model/init_scheme.h"
#include "model/network_kind.h"

namespace ga3c::model {

struct ActorCriticOutput {
  torch::Tensor logits;  // [B, A] float32, unnormalised log-probabilities
  torch::Tensor value;   // [B] float32, V(s)
  // [B, state_size()] float32: the recurrent state after these observations, h then c;
  // undefined for a feed-forward network.
  torch::Tensor state;
};

// One hidden layer's output after its ReLU, for the health monitor (node/network_health.h).
struct HiddenActivation {
  std::string name;  // the layer's module name: "fc1", "conv2", ...
  // float32, >= 0: [B, units] for a linear layer, [B, channels, H', W'] for a conv layer.
  torch::Tensor value;
};

struct ActorCriticActivations {
  std::vector<HiddenActivation> hidden;  // every ReLU layer, input side first
  ActorCriticOutput output;              // what forward() returns for the same batch
};

class ActorCritic : public torch::nn::Module {
 public:
  // obs: [B, spec.shape...] float32; state: [B, state_size()] float32, the recurrent state
  // before obs (h then c), ignored by a feed-forward network; undefined means zeros, an
  // episode's start. Thread-safe for concurrent calls while no thread writes the parameters
  // (the node's LocalModel guards that). Throws c10::Error for a state of another shape.
  ActorCriticOutput forward(const torch::Tensor& obs, const torch::Tensor& state = {}) {
    return activations(obs, state).output;
  }
  // The forward pass with each hidden layer's post-ReLU output kept: one definition of the
  // layer sequence serves training, acting and the health monitor. Same contract as forward().
  ActorCriticActivations activations(const torch::Tensor& obs, const torch::Tensor& state = {});

  // Truncated backpropagation through time: obs [T, B, spec.shape...] float32, time-major;
  // state [B, state_size()] the state before step 0. Returns logits [T, B, A], value [T, B]
  // and the state after step T - 1; equal to T calls of forward() that pass the state on, in
  // one batched pass of the trunk and the heads. A feed-forward network treats T * B rows
  // independently. Throws c10::Error for other shapes.
  ActorCriticOutput unroll(const torch::Tensor& obs, const torch::Tensor& state);

  // Floats in one agent's recurrent state (2 * lstm size: h then c); 0 for feed-forward.
  int64_t state_size() const { return lstm_ ? 2 * lstm_->options.hidden_size() : 0; }
  bool recurrent() const { return state_size() > 0; }

  const torch::nn::Linear& policy() const { return policy_; }
  const torch::nn::Linear& value() const { return value_; }
  // Null for a feed-forward network.
  const torch::nn::LSTMCell& lstm() const { return lstm_; }

 protected:
  // The layers before the LSTM or heads: obs [B, spec.shape...] -> features [B, F]; each
  // ReLU layer's output is appended to hidden.
  virtual torch::Tensor trunk(const torch::Tensor& obs, std::vector<HiddenActivation>& hidden) = 0;
  // Registers the LSTM (lstm_size > 0) and the heads after the trunk's layers, so that
  // parameters() lists the trunk's first and a feed-forward network keeps the flat layout of
  // checkpoints written before recurrent networks. Subclasses call it last in their
  // constructor.
  void register_heads(int64_t features, int num_actions, int64_t lstm_size);

 private:
  // features [N, F] -> the heads' output for N rows.
  ActorCriticOutput heads(const torch::Tensor& features);

  torch::nn::LSTMCell lstm_{nullptr};
  torch::nn::Linear policy_{nullptr}, value_{nullptr};
};

// The kind make_actor_critic builds: kAuto picks the MLP for rank-1 observations, the MinAtar
// CNN for [10, 10, C] and the A3C CNN for [84, 84, C]; other kinds stay as they are. Throws
// std::invalid_argument when kAuto finds none.
NetworkKind resolve_network_kind(NetworkKind kind, const env::ObservationSpec& spec);

// Builds the network for this observation spec and action count (its kind kAuto: as
// resolve_network_kind picks), its parameters initialised as `init` says (init_scheme.h).
// Initialisation draws from LibTorch's global generator: seed it first (torch::manual_seed).
// Throws std::invalid_argument when the kind does not fit the spec (message names both) or
// the LSTM size is negative.
std::shared_ptr<ActorCritic> make_actor_critic(const NetworkLayout& layout,
                                               const env::ObservationSpec& spec, int num_actions,
                                               InitScheme init = InitScheme::kTorch);

}  // namespace ga3c::model
