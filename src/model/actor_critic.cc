#include "model/actor_critic.h"

#include <cmath>
#include <stdexcept>

#include "model/mlp.h"
#include "model/policy_head.h"

namespace ga3c::model {
namespace {

namespace nn = torch::nn;

class MinAtarCnn final : public ActorCritic {
 public:
  MinAtarCnn(int64_t channels, int num_actions)
      : conv_(register_module("conv", nn::Conv2d(nn::Conv2dOptions(channels, 16, 3)))),
        fc_(register_module("fc", nn::Linear(16 * 8 * 8, 128))),
        policy_(register_module("policy", nn::Linear(128, num_actions))),
        value_(register_module("value", nn::Linear(128, 1))) {
    shrink_policy_head(policy_);
  }
  ActorCriticActivations activations(const torch::Tensor& obs) override {
    ActorCriticActivations a;
    auto conv = torch::relu(conv_(obs.permute({0, 3, 1, 2})));
    auto fc = torch::relu(fc_(conv.flatten(1)));
    a.hidden = {{"conv", conv}, {"fc", fc}};
    a.output = {policy_(fc), value_(fc).squeeze(1)};
    return a;
  }

 private:
  nn::Conv2d conv_;
  nn::Linear fc_, policy_, value_;
};

class A3cCnn final : public ActorCritic {
 public:
  A3cCnn(int64_t channels, int num_actions)
      : conv1_(register_module("conv1", nn::Conv2d(nn::Conv2dOptions(channels, 16, 8).stride(4)))),
        conv2_(register_module("conv2", nn::Conv2d(nn::Conv2dOptions(16, 32, 4).stride(2)))),
        fc_(register_module("fc", nn::Linear(32 * 9 * 9, 256))),
        policy_(register_module("policy", nn::Linear(256, num_actions))),
        value_(register_module("value", nn::Linear(256, 1))) {
    shrink_policy_head(policy_);
  }
  ActorCriticActivations activations(const torch::Tensor& obs) override {
    ActorCriticActivations a;
    auto conv1 = torch::relu(conv1_(obs.permute({0, 3, 1, 2})));
    auto conv2 = torch::relu(conv2_(conv1));
    auto fc = torch::relu(fc_(conv2.flatten(1)));
    a.hidden = {{"conv1", conv1}, {"conv2", conv2}, {"fc", fc}};
    a.output = {policy_(fc), value_(fc).squeeze(1)};
    return a;
  }

 private:
  nn::Conv2d conv1_, conv2_;
  nn::Linear fc_, policy_, value_;
};

bool is_image(const env::ObservationSpec& spec, int64_t side) {
  return spec.shape.size() == 3 && spec.shape[0] == side && spec.shape[1] == side;
}

// Every network names its heads "policy" and "value", and each layer holds a weight and a bias.
void init_orthogonal(ActorCritic& net) {
  torch::NoGradGuard no_grad;
  for (const auto& layer : net.named_children()) {
    const double gain = layer.key() == "policy"  ? 0.01
                        : layer.key() == "value" ? 1.0
                                                 : std::sqrt(2.0);
    auto params = layer.value()->named_parameters(/*recurse=*/false);
    nn::init::orthogonal_(params["weight"], gain);
    params["bias"].zero_();
  }
}

std::shared_ptr<ActorCritic> make_layers(NetworkKind kind, const env::ObservationSpec& spec,
                                         int num_actions) {
  switch (kind) {
    case NetworkKind::kMlp:
      return std::make_shared<Mlp>(spec.size(), num_actions);
    case NetworkKind::kMinAtarCnn:
      if (!is_image(spec, 10)) break;
      return std::make_shared<MinAtarCnn>(spec.shape[2], num_actions);
    case NetworkKind::kA3cCnn:
      if (!is_image(spec, 84)) break;
      return std::make_shared<A3cCnn>(spec.shape[2], num_actions);
    case NetworkKind::kAuto:
      break;
  }
  throw std::invalid_argument("network " + to_string(kind) + " does not fit observations " +
                              spec.to_string());
}

}  // namespace

NetworkKind resolve_network_kind(NetworkKind kind, const env::ObservationSpec& spec) {
  if (kind != NetworkKind::kAuto) return kind;
  if (spec.shape.size() == 1) return NetworkKind::kMlp;
  if (is_image(spec, 10)) return NetworkKind::kMinAtarCnn;
  if (is_image(spec, 84)) return NetworkKind::kA3cCnn;
  throw std::invalid_argument("no network fits observations " + spec.to_string() +
                              "; choose one with --network mlp");
}

std::shared_ptr<ActorCritic> make_actor_critic(NetworkKind kind, const env::ObservationSpec& spec,
                                               int num_actions, InitScheme init) {
  auto net = make_layers(resolve_network_kind(kind, spec), spec, num_actions);
  if (init == InitScheme::kOrthogonal) init_orthogonal(*net);
  return net;
}

}  // namespace ga3c::model
