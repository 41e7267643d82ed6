#include "model/actor_critic.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

namespace ga3c::model {
namespace {

int64_t count_parameters(torch::nn::Module& m) {
  int64_t n = 0;
  for (const auto& p : m.parameters()) n += p.numel();
  return n;
}

TEST(ActorCritic, AutoPicksTheMlpForVectors) {
  auto net = make_actor_critic(NetworkKind::kAuto, {{4}, env::DType::kFloat32}, 2);
  auto out = net->forward(torch::zeros({3, 4}));
  EXPECT_EQ(out.logits.sizes(), torch::IntArrayRef({3, 2}));
  EXPECT_EQ(out.value.sizes(), torch::IntArrayRef({3}));
  // fc1 4*128+128, fc2 128*128+128, policy 128*2+2, value 128+1
  EXPECT_EQ(count_parameters(*net), 640 + 16512 + 258 + 129);
}

TEST(ActorCritic, MinAtarCnnHasThePapersShape) {
  auto net = make_actor_critic(NetworkKind::kAuto, {{10, 10, 4}, env::DType::kBool}, 6);
  auto out = net->forward(torch::zeros({5, 10, 10, 4}));
  EXPECT_EQ(out.logits.sizes(), torch::IntArrayRef({5, 6}));
  // conv 4*16*9+16, fc 1024*128+128, policy 128*6+6, value 129
  EXPECT_EQ(count_parameters(*net), 592 + 131200 + 774 + 129);
}

TEST(ActorCritic, A3cCnnHasAboutPoint68MillionParameters) {
  auto net = make_actor_critic(NetworkKind::kA3cCnn, {{84, 84, 4}, env::DType::kFloat32}, 6);
  auto out = net->forward(torch::zeros({2, 84, 84, 4}));
  EXPECT_EQ(out.logits.sizes(), torch::IntArrayRef({2, 6}));
  EXPECT_EQ(count_parameters(*net), 4112 + 8224 + 663808 + 1542 + 257);
}

TEST(ActorCritic, InitialPolicyIsNearlyUniform) {
  auto net = make_actor_critic(NetworkKind::kMlp, {{4}, env::DType::kFloat32}, 2);
  auto pi = torch::softmax(net->forward(torch::randn({16, 4})).logits, 1);
  EXPECT_LT((pi - 0.5).abs().max().item<float>(), 0.05f);
}

// Each layer's weight, flattened to [out, in] (out <= in in every layer here), has orthogonal
// rows of norm gain: W W^T = gain^2 I; biases are 0.
TEST(ActorCritic, OrthogonalInitGivesEachLayerItsGain) {
  torch::manual_seed(3);
  auto net = make_actor_critic(NetworkKind::kA3cCnn, {{84, 84, 4}, env::DType::kFloat32}, 4,
                               InitScheme::kOrthogonal);
  const std::map<std::string, double> gains = {
      {"conv1", 2.0}, {"conv2", 2.0}, {"fc", 2.0}, {"policy", 1e-4}, {"value", 1.0}};
  ASSERT_EQ(net->named_children().size(), gains.size());
  for (const auto& layer : net->named_children()) {
    auto params = layer.value()->named_parameters(/*recurse=*/false);
    const torch::Tensor w = params["weight"].flatten(1);
    const double squared_gain = gains.at(layer.key());
    const torch::Tensor gram = torch::mm(w, w.t()) / squared_gain;
    EXPECT_TRUE(torch::allclose(gram, torch::eye(w.size(0)), 1e-4, 1e-4)) << layer.key();
    EXPECT_EQ(params["bias"].abs().max().item<float>(), 0.0f) << layer.key();
  }
}

TEST(ActorCritic, OrthogonalInitCoversEveryNetwork) {
  for (const auto& [kind, spec] :
       {std::pair{NetworkKind::kMlp, env::ObservationSpec{{4}, env::DType::kFloat32}},
        std::pair{NetworkKind::kMinAtarCnn,
                  env::ObservationSpec{{10, 10, 4}, env::DType::kBool}}}) {
    auto net = make_actor_critic(kind, spec, 3, InitScheme::kOrthogonal);
    for (const auto& layer : net->named_children()) {
      auto params = layer.value()->named_parameters(/*recurse=*/false);
      EXPECT_EQ(params["bias"].abs().max().item<float>(), 0.0f) << layer.key();
    }
    std::vector<int64_t> batch_shape{8};
    batch_shape.insert(batch_shape.end(), spec.shape.begin(), spec.shape.end());
    auto pi = torch::softmax(net->forward(torch::rand(batch_shape)).logits, 1);
    EXPECT_LT((pi - 1.0 / 3).abs().max().item<float>(), 0.05f);
  }
}

TEST(ActorCritic, MismatchNamesKindAndShape) {
  try {
    make_actor_critic(NetworkKind::kMinAtarCnn, {{4}, env::DType::kFloat32}, 2);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "network minatar-cnn does not fit observations [4] float32");
  }
}

}  // namespace
}  // namespace ga3c::model
