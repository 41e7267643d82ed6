#include "model/mlp_pass.h"

#include <vector>

#include <gtest/gtest.h>

#include "model/flat_parameters.h"

namespace ga3c::model {
namespace {

struct Reference {
  ActorCriticOutput output;
  std::vector<float> grad;
};

// What LibTorch's autograd gives for the same pass, flat in parameters() order.
Reference through_autograd(Mlp& net, const FlatParameters& flat, const torch::Tensor& obs,
                           const torch::Tensor& d_logits, const torch::Tensor& d_values) {
  Reference ref;
  ref.output = net.forward(obs);
  const auto grads = torch::autograd::grad({ref.output.logits, ref.output.value}, flat.parameters(),
                                           {d_logits, d_values});
  ref.grad.resize(flat.size());
  flat.flatten_gradients(grads, ref.grad.data());
  return ref;
}

void expect_same_as_autograd(int64_t batch, int64_t inputs, int actions) {
  torch::manual_seed(7);
  Mlp net(inputs, actions);
  FlatParameters flat(net);
  const torch::Tensor obs = torch::randn({batch, inputs});
  const torch::Tensor d_logits = torch::randn({batch, actions});
  const torch::Tensor d_values = torch::randn({batch});
  const Reference ref = through_autograd(net, flat, obs, d_logits, d_values);

  MlpPass pass(net, obs);
  EXPECT_TRUE(torch::equal(pass.output().logits, ref.output.logits.detach()));
  EXPECT_TRUE(torch::equal(pass.output().value, ref.output.value.detach()));
  EXPECT_FALSE(pass.output().logits.requires_grad());
  std::vector<float> grad(flat.size(), -1.0f);
  pass.backward(d_logits, d_values, grad.data());
  ASSERT_EQ(grad.size(), ref.grad.size());
  std::size_t differ = 0, nonzero = 0;
  for (std::size_t i = 0; i < grad.size(); ++i) {
    differ += grad[i] != ref.grad[i];
    nonzero += grad[i] != 0.0f;
  }
  EXPECT_EQ(differ, 0u) << "of " << grad.size();  // so every slot was written, too
  EXPECT_GT(nonzero, grad.size() / 8);
}

TEST(MlpPass, CartPoleBatchMatchesAutogradBitForBit) { expect_same_as_autograd(40, 4, 2); }

TEST(MlpPass, OneSampleAndWiderInputsMatchAutograd) {
  expect_same_as_autograd(1, 4, 2);
  expect_same_as_autograd(33, 100, 6);
}

TEST(MlpPass, FlattensImageShapedObservations) {
  torch::manual_seed(3);
  Mlp net(2 * 3 * 2, 3);
  const torch::Tensor obs = torch::randn({5, 2, 3, 2});
  MlpPass pass(net, obs);
  EXPECT_TRUE(torch::equal(pass.output().logits, net.forward(obs).logits.detach()));
}

TEST(MlpPass, ZeroUpstreamGradientGivesZeroGradient) {
  Mlp net(4, 2);
  FlatParameters flat(net);
  MlpPass pass(net, torch::randn({8, 4}));
  std::vector<float> grad(flat.size(), 1.0f);
  pass.backward(torch::zeros({8, 2}), torch::zeros({8}), grad.data());
  for (float g : grad) ASSERT_EQ(g, 0.0f);
}

TEST(MlpPass, RejectsWhatItCannotRead) {
  Mlp net(4, 2);
  EXPECT_THROW(MlpPass(net, torch::randn({8, 5})), std::invalid_argument);
  EXPECT_THROW(MlpPass(net, torch::randn({8, 4}, torch::kFloat64)), std::invalid_argument);
  EXPECT_THROW(MlpPass(net, torch::randn({4, 8}).t()), std::invalid_argument);
  EXPECT_THROW(MlpPass(net, torch::randn({0, 4})), std::invalid_argument);
  MlpPass pass(net, torch::randn({8, 4}));
  std::vector<float> grad(FlatParameters(net).size());
  EXPECT_THROW(pass.backward(torch::zeros({8, 3}), torch::zeros({8}), grad.data()),
               std::invalid_argument);
  EXPECT_THROW(pass.backward(torch::zeros({8, 2}), torch::zeros({7}), grad.data()),
               std::invalid_argument);
}

}  // namespace
}  // namespace ga3c::model
