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
  MinAtarCnn(int64_t channels, int num_actions, int64_t lstm_size)
      : conv_(register_module("conv", nn::Conv2d(nn::Conv2dOptions(channels, 16, 3)))),
        fc_(register_module("fc", nn::Linear(16 * 8 * 8, 128))) {
    register_heads(128, num_actions, lstm_size);
  }

 protected:
  torch::Tensor trunk(const torch::Tensor& obs, std::vector<HiddenActivation>& hidden) override {
    auto conv = torch::relu(conv_(obs.permute({0, 3, 1, 2})));
    auto fc = torch::relu(fc_(conv.flatten(1)));
    hidden.push_back({"conv", conv});
    hidden.push_back({"fc", fc});
    return fc;
  }

 private:
  nn::Conv2d conv_;
  nn::Linear fc_;
};

class A3cCnn final : public ActorCritic {
 public:
  A3cCnn(int64_t channels, int num_actions, int64_t lstm_size)
      : conv1_(register_module("conv1", nn::Conv2d(nn::Conv2dOptions(channels, 16, 8).stride(4)))),
        conv2_(register_module("conv2", nn::Conv2d(nn::Conv2dOptions(16, 32, 4).stride(2)))),
        fc_(register_module("fc", nn::Linear(32 * 9 * 9, 256))) {
    register_heads(256, num_actions, lstm_size);
  }

 protected:
  torch::Tensor trunk(const torch::Tensor& obs, std::vector<HiddenActivation>& hidden) override {
    auto conv1 = torch::relu(conv1_(obs.permute({0, 3, 1, 2})));
    auto conv2 = torch::relu(conv2_(conv1));
    auto fc = torch::relu(fc_(conv2.flatten(1)));
    hidden.push_back({"conv1", conv1});
    hidden.push_back({"conv2", conv2});
    hidden.push_back({"fc", fc});
    return fc;
  }

 private:
  nn::Conv2d conv1_, conv2_;
  nn::Linear fc_;
};

bool is_image(const env::ObservationSpec& spec, int64_t side) {
  return spec.shape.size() == 3 && spec.shape[0] == side && spec.shape[1] == side;
}

// Every network names its heads "policy" and "value"; each layer holds weights and biases
// (an LSTM cell two of each: input-to-hidden and hidden-to-hidden, each orthogonal with gain 1
// as SB3's RecurrentPPO initialises its LSTM).
void init_orthogonal(ActorCritic& net) {
  torch::NoGradGuard no_grad;
  for (const auto& layer : net.named_children()) {
    const double gain = layer.key() == "policy"                           ? 0.01
                        : layer.key() == "value" || layer.key() == "lstm" ? 1.0
                                                                          : std::sqrt(2.0);
    for (auto& param : layer.value()->named_parameters(/*recurse=*/false)) {
      if (param.key().rfind("weight", 0) == 0) {
        nn::init::orthogonal_(param.value(), gain);
      } else {
        param.value().zero_();
      }
    }
  }
}

std::shared_ptr<ActorCritic> make_layers(const NetworkLayout& layout,
                                         const env::ObservationSpec& spec, int num_actions) {
  const int64_t lstm = layout.lstm_size;
  switch (layout.kind) {
    case NetworkKind::kMlp:
      return std::make_shared<Mlp>(spec.size(), num_actions, Mlp::kHidden, lstm);
    case NetworkKind::kMinAtarCnn:
      if (!is_image(spec, 10)) break;
      return std::make_shared<MinAtarCnn>(spec.shape[2], num_actions, lstm);
    case NetworkKind::kA3cCnn:
      if (!is_image(spec, 84)) break;
      return std::make_shared<A3cCnn>(spec.shape[2], num_actions, lstm);
    case NetworkKind::kAuto:
      break;
  }
  throw std::invalid_argument("network " + to_string(layout.kind) + " does not fit observations " +
                              spec.to_string());
}

}  // namespace

void ActorCritic::register_heads(int64_t features, int num_actions, int64_t lstm_size) {
  if (lstm_size > 0) {
    lstm_ = register_module("lstm", nn::LSTMCell(nn::LSTMCellOptions(features, lstm_size)));
    features = lstm_size;
  }
  policy_ = register_module("policy", nn::Linear(features, num_actions));
  value_ = register_module("value", nn::Linear(features, 1));
  shrink_policy_head(policy_);
}

ActorCriticOutput ActorCritic::heads(const torch::Tensor& features) {
  return {policy_(features), value_(features).squeeze(1), {}};
}

ActorCriticActivations ActorCritic::activations(const torch::Tensor& obs,
                                                const torch::Tensor& state) {
  ActorCriticActivations a;
  const torch::Tensor features = trunk(obs, a.hidden);
  if (!lstm_) {
    a.output = heads(features);
    return a;
  }
  const torch::Tensor before =
      state.defined() ? state : torch::zeros({features.size(0), state_size()}, features.options());
  const auto chunks = before.chunk(2, 1);
  const auto [h, c] = lstm_(features, std::make_tuple(chunks[0], chunks[1]));
  a.output = heads(h);
  a.output.state = torch::cat({h, c}, 1);
  return a;
}

ActorCriticOutput ActorCritic::unroll(const torch::Tensor& obs, const torch::Tensor& state) {
  const int64_t steps = obs.size(0), batch = obs.size(1);
  std::vector<HiddenActivation> hidden;
  torch::Tensor features = trunk(obs.flatten(0, 1), hidden);  // [T * B, F]
  torch::Tensor after;
  if (lstm_) {
    features = features.view({steps, batch, features.size(1)});
    const auto chunks = state.chunk(2, 1);
    std::tuple<torch::Tensor, torch::Tensor> hc{chunks[0], chunks[1]};
    std::vector<torch::Tensor> outputs;
    outputs.reserve(static_cast<std::size_t>(steps));
    for (int64_t t = 0; t < steps; ++t) {
      hc = lstm_(features[t], hc);
      outputs.push_back(std::get<0>(hc));
    }
    features = torch::stack(outputs).flatten(0, 1);
    after = torch::cat({std::get<0>(hc), std::get<1>(hc)}, 1);
  }
  ActorCriticOutput out = heads(features);
  return {out.logits.view({steps, batch, out.logits.size(1)}), out.value.view({steps, batch}),
          after};
}

NetworkKind resolve_network_kind(NetworkKind kind, const env::ObservationSpec& spec) {
  if (kind != NetworkKind::kAuto) return kind;
  if (spec.shape.size() == 1) return NetworkKind::kMlp;
  if (is_image(spec, 10)) return NetworkKind::kMinAtarCnn;
  if (is_image(spec, 84)) return NetworkKind::kA3cCnn;
  throw std::invalid_argument("no network fits observations " + spec.to_string() +
                              "; choose one with --network mlp");
}

std::shared_ptr<ActorCritic> make_actor_critic(const NetworkLayout& layout,
                                               const env::ObservationSpec& spec, int num_actions,
                                               InitScheme init) {
  if (layout.lstm_size < 0) {
    throw std::invalid_argument("LSTM size must be >= 0, got " + std::to_string(layout.lstm_size));
  }
  auto net =
      make_layers({resolve_network_kind(layout.kind, spec), layout.lstm_size}, spec, num_actions);
  if (init == InitScheme::kOrthogonal) init_orthogonal(*net);
  return net;
}

}  // namespace ga3c::model
