#include "model/flat_parameters.h"

#include <gtest/gtest.h>

#include "model/actor_critic.h"

namespace ga3c::model {
namespace {

TEST(FlatParameters, WritingTheBufferWritesTheModule) {
  auto net = make_actor_critic(NetworkKind::kMlp, {{4}, env::DType::kFloat32}, 2);
  auto before = net->forward(torch::ones({1, 4})).value.item<float>();
  FlatParameters flat(*net);
  EXPECT_EQ(flat.size(), 17539u);
  EXPECT_FLOAT_EQ(net->forward(torch::ones({1, 4})).value.item<float>(), before);
  std::fill(flat.data(), flat.data() + flat.size(), 0.0f);
  EXPECT_FLOAT_EQ(net->forward(torch::ones({1, 4})).value.item<float>(), 0.0f);
  EXPECT_EQ(net->parameters()[0].data_ptr<float>(), flat.data());
}

TEST(FlatParameters, GradientsLandAtTheirParametersOffsets) {
  auto net = make_actor_critic(NetworkKind::kMlp, {{4}, env::DType::kFloat32}, 2);
  FlatParameters flat(*net);
  auto out = net->forward(torch::ones({1, 4}));
  auto grads = torch::autograd::grad({out.value.sum()}, flat.parameters(), {}, false, false,
                                     /*allow_unused=*/true);
  std::vector<float> g(flat.size(), -1.0f);
  flat.flatten_gradients(grads, g.data());
  // The value bias is the last parameter: dV/db = 1. The policy head gets no gradient.
  EXPECT_FLOAT_EQ(g.back(), 1.0f);
  const std::size_t policy_bias_end = flat.size() - 129;
  EXPECT_FLOAT_EQ(g[policy_bias_end - 1], 0.0f);
}

}  // namespace
}  // namespace ga3c::model
