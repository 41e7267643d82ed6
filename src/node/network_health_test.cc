#include "node/network_health.h"

#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "model/actor_critic.h"
#include "model/mlp.h"

namespace ga3c::node {
namespace {

using model::NetworkKind;

torch::nn::Conv2dImpl& conv(model::ActorCritic& net, const std::string& name) {
  return *net.named_children()[name]->as<torch::nn::Conv2d>();
}
torch::nn::LinearImpl& linear(model::ActorCritic& net, const std::string& name) {
  return *net.named_children()[name]->as<torch::nn::Linear>();
}

// Biases: the first `on` entries +1, the rest -1.
void set_bias(torch::Tensor bias, int64_t on) {
  torch::NoGradGuard no_grad;
  bias.fill_(-1.0f);
  bias.slice(0, 0, on).fill_(1.0f);
}

int64_t live(const metrics::HealthRecord& r, const std::string& layer) {
  for (const auto& l : r.layers) {
    if (l.name == layer) return l.live;
  }
  ADD_FAILURE() << "no layer " << layer;
  return -1;
}

TEST(MeasureHealth, AnA3cCnnWithAVeryNegativeConv2BiasHasADeadConv2) {
  torch::manual_seed(1);
  auto net = model::make_actor_critic(NetworkKind::kA3cCnn, {{84, 84, 4}}, 4);
  {
    torch::NoGradGuard no_grad;
    conv(*net, "conv1").weight.zero_();
    set_bias(conv(*net, "conv1").bias, 10);  // 10 channels on everywhere, 6 never
    conv(*net, "conv2").bias.fill_(-1e3f);   // far below what 256 inputs <= 1 can lift
    set_bias(linear(*net, "fc").bias, 7);    // fc sees zeros: its biases decide
  }
  const auto r = measure_health(*net, torch::rand({16, 84, 84, 4}));
  ASSERT_EQ(r.layers.size(), 3u);
  EXPECT_EQ(r.layers[0].name, "conv1");
  EXPECT_EQ(r.layers[1].name, "conv2");
  EXPECT_EQ(r.layers[2].name, "fc");
  EXPECT_EQ(r.layers[0].units, 16);
  EXPECT_EQ(r.layers[1].units, 32);
  EXPECT_EQ(r.layers[2].units, 256);
  EXPECT_EQ(live(r, "conv1"), 10);
  EXPECT_EQ(live(r, "conv2"), 0);
  EXPECT_EQ(live(r, "fc"), 7);
  EXPECT_LT(r.policy_spread, 1e-6) << "a dead conv2 gives every observation the same policy";
}

TEST(MeasureHealth, AnMlpWithADeadFc1) {
  model::Mlp net(4, 2, 8);
  {
    torch::NoGradGuard no_grad;
    net.fc1()->weight.zero_();
    net.fc1()->bias.fill_(-1.0f);
    set_bias(net.fc2()->bias, 3);
  }
  const auto r = measure_health(net, torch::randn({32, 4}));
  ASSERT_EQ(r.layers.size(), 2u);
  EXPECT_EQ(r.layers[0].name, "fc1");
  EXPECT_EQ(live(r, "fc1"), 0);
  EXPECT_EQ(live(r, "fc2"), 3);
  EXPECT_EQ(r.layers[1].units, 8);
  EXPECT_LT(r.policy_spread, 1e-6);
}

TEST(MeasureHealth, AUnitIsLiveWhenPositiveForOneObservationOfTheBatch) {
  model::Mlp net(4, 2, 4);
  {
    torch::NoGradGuard no_grad;
    net.fc1()->weight.copy_(torch::eye(4));
    net.fc1()->bias.zero_();  // 0 is not positive: a unit never above it is dead
    net.fc2()->weight.copy_(torch::eye(4));
    net.fc2()->bias.zero_();
    net.policy()->weight.copy_(torch::tensor({{1.0f, 0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 0.0f, 0.0f}}));
    net.policy()->bias.zero_();
  }
  // Unit 0 is positive for the first observation only, unit 1 for the second; 2 and 3 never.
  const auto r =
      measure_health(net, torch::tensor({{2.0f, 0.0f, -1.0f, 0.0f}, {0.0f, 3.0f, 0.0f, -5.0f}}));
  EXPECT_EQ(live(r, "fc1"), 2);
  EXPECT_EQ(live(r, "fc2"), 2);
  // pi(0) = sigmoid(2) for the first observation, 1/2 for the second.
  const double p = 1.0 / (1.0 + std::exp(-2.0));
  EXPECT_NEAR(r.policy_spread, (p - 0.5) / 2, 1e-6);
}

TEST(MeasureHealth, AConvChannelIsLiveWhenPositiveAtOnePositionOfOneObservation) {
  auto net = model::make_actor_critic(NetworkKind::kMinAtarCnn, {{10, 10, 2}}, 6);
  {
    torch::NoGradGuard no_grad;
    auto& c = conv(*net, "conv");
    c.weight.zero_();
    c.bias.fill_(-0.5f);
    c.weight[3][1][1][1] = 1.0f;  // channel 3 sees input channel 1 under its centre
    set_bias(linear(*net, "fc").bias, 5);
    linear(*net, "fc").weight.zero_();
  }
  auto obs = torch::zeros({4, 10, 10, 2});
  obs[2][6][3][1] = 1.0f;  // one cell of one observation
  const auto r = measure_health(*net, obs);
  EXPECT_EQ(live(r, "conv"), 1);
  EXPECT_EQ(r.layers[0].units, 16);
  EXPECT_EQ(live(r, "fc"), 5);
  obs[2][6][3][1] = 0.0f;
  EXPECT_EQ(live(measure_health(*net, obs), "conv"), 0);
}

TEST(MeasureHealth, RefusesAnEmptyBatch) {
  model::Mlp net(4, 2);
  EXPECT_THROW(measure_health(net, torch::zeros({0, 4})), std::invalid_argument);
}

Rollout rollout(std::vector<float> observations) {
  Rollout r;
  r.actions.resize(observations.size() / 2);
  r.observations = std::move(observations);
  return r;
}

TEST(HealthProbe, KeepsOneObservationPerTrainingBatchUntilFullThenNothingMore) {
  auto make_net = [] { return std::shared_ptr<model::ActorCritic>(new model::Mlp(2, 2, 4)); };
  ParameterSnapshots snapshots(make_net);
  std::vector<float> params(snapshots.num_params(), 0.0f);
  // fc1 = identity on the two inputs (unit 0 reads input 0, unit 1 input 1), no bias.
  params[0] = 1.0f;
  params[3] = 1.0f;
  snapshots.publish(params.data(), 1);
  HealthProbe probe(3, {2});
  EXPECT_FALSE(probe.check(*snapshots.current()));
  // Each batch gives its first non-empty rollout's last observation: (-1, 1), then (-2, -2).
  probe.offer({rollout({5, 5, -1, 1}), rollout({9, 9})});
  probe.offer({rollout({}), rollout({-2, -2}), rollout({9, 9})});
  EXPECT_FALSE(probe.check(*snapshots.current())) << "two of three";
  probe.offer({rollout({-3, -3})});  // fills the batch
  probe.offer({rollout({9, 9})});    // not kept
  const auto r = probe.check(*snapshots.current());
  ASSERT_TRUE(r);
  EXPECT_EQ(r->layers[0].live, 1) << "unit 1, from (-1, 1) only";
}

}  // namespace
}  // namespace ga3c::node
