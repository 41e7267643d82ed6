// The LSTM between trunk and heads: a 1-unit cell over 2 steps against values worked by hand,
// the batched unroll against step-by-step calls, and the feed-forward layout it leaves alone.
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <torch/torch.h>

#include "algo/a3c_loss.h"
#include "model/actor_critic.h"
#include "model/mlp.h"

namespace ga3c::model {
namespace {

// Sets each named parameter of net to the given values (in its own shape).
void set_parameters(ActorCritic& net,
                    const std::vector<std::pair<std::string, std::vector<float>>>& values) {
  torch::NoGradGuard no_grad;
  auto params = net.named_parameters();
  for (const auto& [name, v] : values) {
    torch::Tensor p = params[name];
    ASSERT_EQ(p.numel(), static_cast<int64_t>(v.size())) << name;
    p.copy_(torch::tensor(v).view(p.sizes()));
  }
}

void expect_values(const torch::Tensor& t, const std::vector<double>& expected,
                   const std::string& what) {
  const torch::Tensor flat = t.detach().flatten().to(torch::kFloat64);
  ASSERT_EQ(flat.numel(), static_cast<int64_t>(expected.size())) << what;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_NEAR(flat[static_cast<int64_t>(i)].item<double>(), expected[i],
                2e-6 * (1.0 + std::abs(expected[i])))
        << what << "[" << i << "]";
  }
}

// A 1-input MLP (fc 1, fc 1), an LSTM of 1 unit, 2 actions; gates in LibTorch's order
// (input, forget, cell, output). By hand, for x = 1 then 2 from h0 = 0.2, c0 = -0.1:
//   fc:   r2 = relu(1.5 * relu(0.5 x + 0.1) - 0.2) = 0.7, then 1.45
//   gates z = W_ih r2 + b_ih + W_hh h + b_hh; i, f, o = sigmoid(z), g = tanh(z)
//   c' = f c + i g, h' = o tanh(c'); logits = W_p h' + b_p, V = 0.9 h' + 0.05
// The gradient runs backwards through both steps: dh_t = W_p . dlogits_t + 0.9 dV_t + dh from
// step t+1 through the gates; dc_t = dh_t o tanh'(c_t) + f_{t+1} dc_{t+1}; each gate's dz as
// sigmoid' or tanh' times its share of dc (g dc, c dc, i dc) or of dh (tanh(c) dh).
TEST(Lstm, OneUnitOverTwoStepsMatchesTheHandWorkedValues) {
  auto net = std::make_shared<Mlp>(1, 2, /*hidden=*/1, /*lstm_size=*/1);
  set_parameters(*net, {{"fc1.weight", {0.5f}},
                        {"fc1.bias", {0.1f}},
                        {"fc2.weight", {1.5f}},
                        {"fc2.bias", {-0.2f}},
                        {"lstm.weight_ih", {0.4f, -0.3f, 0.8f, 0.6f}},
                        {"lstm.weight_hh", {0.2f, 0.5f, -0.7f, 0.1f}},
                        {"lstm.bias_ih", {0.05f, 0.1f, -0.05f, 0.0f}},
                        {"lstm.bias_hh", {0.0f, 0.2f, 0.1f, -0.1f}},
                        {"policy.weight", {0.3f, -0.6f}},
                        {"policy.bias", {0.01f, -0.02f}},
                        {"value.weight", {0.9f}},
                        {"value.bias", {0.05f}}});
  const torch::Tensor obs = torch::tensor({1.0f, 2.0f}).view({2, 1, 1});  // [T, B, 1]
  const torch::Tensor state = torch::tensor({0.2f, -0.1f}).view({1, 2});  // h0, c0
  const ActorCriticOutput out = net->unroll(obs, state);

  expect_values(out.logits, {0.0453388000, -0.0906776001, 0.1250386066, -0.2500772133}, "logits");
  expect_values(out.value, {0.1560164001, 0.3951158199}, "value");
  expect_values(out.state, {0.3834620221, 0.6312768158}, "state after");

  // Actions 1 then 0, returns 1 and 0.5, entropy weight 0.01.
  const algo::A3CLoss loss =
      algo::a3c_loss(out.logits.view({2, 2}), out.value.view({2}), torch::tensor({1L, 0L}),
                     torch::tensor({1.0f, 0.5f}), 0.01f);
  EXPECT_NEAR(loss.policy, 0.6992153229, 2e-6);
  EXPECT_NEAR(loss.value, 0.3616545040, 2e-6);
  EXPECT_NEAR(loss.entropy, 1.3667027624, 2e-6);
  EXPECT_NEAR(loss.total, 1.0472027993, 2e-6);

  std::vector<torch::Tensor> params;
  std::vector<std::string> names;
  for (const auto& p : net->named_parameters()) {
    names.push_back(p.key());
    params.push_back(p.value());
  }
  params.push_back(state);
  state.requires_grad_(true);
  const ActorCriticOutput again = net->unroll(obs, state);
  const auto grads = torch::autograd::grad({again.logits.view({2, 2}), again.value.view({2})},
                                           params, {loss.d_logits, loss.d_values});
  const std::vector<std::vector<double>> expected = {
      {-0.2348591112},
      {-0.1982764660},
      {-0.0915048015},
      {-0.1321843107},
      {-0.0331992791, -0.0006945007, -0.0959194696, -0.0350223383},
      {-0.0061178966, 0.0007440151, -0.0232316026, -0.0052939840},
      {-0.0352579610, 0.0024135771, -0.1219443220, -0.0330026592},
      {-0.0352579610, 0.0024135771, -0.1219443220, -0.0330026592},
      {0.0370900198, -0.0370900198},
      {0.4091706737, -0.4091706737},
      {-0.1396369920},
      {-0.9488677799},
      {0.0718117963, -0.1235467616},  // d h0, d c0: the truncation point of the unroll
  };
  names.push_back("initial state");
  ASSERT_EQ(grads.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) expect_values(grads[i], expected[i], names[i]);
}

TEST(Lstm, UnrollEqualsStepByStepCalls) {
  torch::manual_seed(3);
  for (const auto& [layout, shape] :
       {std::pair{NetworkLayout{NetworkKind::kMlp, 8}, std::vector<int64_t>{4}},
        std::pair{NetworkLayout{NetworkKind::kMinAtarCnn, 16}, std::vector<int64_t>{10, 10, 3}}}) {
    auto net = make_actor_critic(layout, {shape, env::DType::kFloat32}, 3);
    ASSERT_EQ(net->state_size(), 2 * layout.lstm_size);
    std::vector<int64_t> full{4, 2};  // T = 4 steps of B = 2 agents
    full.insert(full.end(), shape.begin(), shape.end());
    const torch::Tensor obs = torch::rand(full);
    const torch::Tensor state0 = torch::randn({2, net->state_size()});
    const ActorCriticOutput unrolled = net->unroll(obs, state0);
    torch::Tensor state = state0;
    for (int64_t t = 0; t < 4; ++t) {
      const ActorCriticOutput step = net->forward(obs[t], state);
      EXPECT_TRUE(torch::allclose(step.logits, unrolled.logits[t], 1e-5, 1e-6)) << t;
      EXPECT_TRUE(torch::allclose(step.value, unrolled.value[t], 1e-5, 1e-6)) << t;
      state = step.state;
    }
    EXPECT_TRUE(torch::allclose(state, unrolled.state, 1e-5, 1e-6));
  }
}

TEST(Lstm, NoStateIsTheZeroStateOfAnEpisodeStart) {
  torch::manual_seed(4);
  auto net = make_actor_critic({NetworkKind::kMlp, 5}, {{4}, env::DType::kFloat32}, 2);
  const torch::Tensor obs = torch::rand({3, 4});
  const ActorCriticOutput fresh = net->forward(obs);
  const ActorCriticOutput zero = net->forward(obs, torch::zeros({3, 10}));
  EXPECT_TRUE(torch::equal(fresh.logits, zero.logits));
  EXPECT_TRUE(torch::equal(fresh.state, zero.state));
  EXPECT_EQ(fresh.state.sizes(), torch::IntArrayRef({3, 10}));
}

TEST(Lstm, SitsBetweenTrunkAndHeadsAndLeavesTheFeedForwardLayoutAlone) {
  const env::ObservationSpec spec{{84, 84, 4}, env::DType::kFloat32};
  std::vector<std::string> names;
  for (const auto& p : make_actor_critic(NetworkKind::kA3cCnn, spec, 6)->named_parameters()) {
    names.push_back(p.key());
  }
  EXPECT_EQ(names, (std::vector<std::string>{"conv1.weight", "conv1.bias", "conv2.weight",
                                             "conv2.bias", "fc.weight", "fc.bias", "policy.weight",
                                             "policy.bias", "value.weight", "value.bias"}));
  auto lstm = make_actor_critic({NetworkKind::kA3cCnn, 256}, spec, 6, InitScheme::kOrthogonal);
  names.clear();
  for (const auto& p : lstm->named_parameters()) names.push_back(p.key());
  EXPECT_EQ(names,
            (std::vector<std::string>{"conv1.weight", "conv1.bias", "conv2.weight", "conv2.bias",
                                      "fc.weight", "fc.bias", "lstm.weight_ih", "lstm.weight_hh",
                                      "lstm.bias_ih", "lstm.bias_hh", "policy.weight",
                                      "policy.bias", "value.weight", "value.bias"}));
  EXPECT_EQ(lstm->lstm()->weight_ih.sizes(), torch::IntArrayRef({1024, 256}));  // 4 gates x 256
  EXPECT_EQ(lstm->policy()->weight.sizes(), torch::IntArrayRef({6, 256}));
  EXPECT_EQ(lstm->lstm()->bias_hh.abs().sum().item<float>(), 0.0f);  // orthogonal init: 0
  EXPECT_FALSE(make_actor_critic(NetworkKind::kA3cCnn, spec, 6)->recurrent());
  EXPECT_THROW(make_actor_critic({NetworkKind::kMlp, -1}, {{4}, env::DType::kFloat32}, 2),
               std::invalid_argument);
}

}  // namespace
}  // namespace ga3c::model
