// Actor-critic networks: a shared body, one policy head (logits) and one value head.
//   MLP          vector observations: fc 128, fc 128 (ReLU).
//   MinAtar CNN  [10, 10, C]: conv 16@3x3 stride 1, fc 128 (Young & Tian 2019).
//   A3C CNN      [84, 84, C]: conv 16@8x8/4, conv 32@4x4/2, fc 256 (Mnih et al. 2016; GA3C).
// Image observations arrive channels-last [B, H, W, C] as the environments write them and
// are permuted inside forward().
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
  // obs: [B, spec.shape...] float32. Thread-safe for concurrent calls while no thread
  // writes the parameters (the node's LocalModel guards that).
  ActorCriticOutput forward(const torch::Tensor& obs) { return activations(obs).output; }
  // The forward pass with each hidden layer's post-ReLU output kept: one definition of the
  // layer sequence serves training, acting and the health monitor. Same contract as forward().
  virtual ActorCriticActivations activations(const torch::Tensor& obs) = 0;
};

// The kind make_actor_critic builds: kAuto picks the MLP for rank-1 observations, the MinAtar
// CNN for [10, 10, C] and the A3C CNN for [84, 84, C]; other kinds stay as they are. Throws
// std::invalid_argument when kAuto finds none.
NetworkKind resolve_network_kind(NetworkKind kind, const env::ObservationSpec& spec);

// Builds the network for this observation spec and action count (kAuto: as
// resolve_network_kind picks), its parameters initialised as `init` says (init_scheme.h).
// Initialisation draws from LibTorch's global generator: seed it first (torch::manual_seed).
// Throws std::invalid_argument when the kind does not fit the spec (message names both).
std::shared_ptr<ActorCritic> make_actor_critic(NetworkKind kind, const env::ObservationSpec& spec,
                                               int num_actions,
                                               InitScheme init = InitScheme::kTorch);

}  // namespace ga3c::model
