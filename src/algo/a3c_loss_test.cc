#include "algo/a3c_loss.h"

#include <gtest/gtest.h>

namespace ga3c::algo {
namespace {

// The loss written out as ops for autograd, the way it was differentiated before the closed
// form: the reference for d_logits and d_values.
torch::Tensor autograd_total(const torch::Tensor& logits, const torch::Tensor& values,
                             const torch::Tensor& actions, const torch::Tensor& targets,
                             const torch::Tensor& advantages, float entropy_beta,
                             float value_weight) {
  const torch::Tensor log_pi = torch::log_softmax(logits, 1);
  const torch::Tensor policy =
      -(log_pi.gather(1, actions.unsqueeze(1)).squeeze(1) * advantages.detach()).sum();
  const torch::Tensor value = 0.5 * (targets - values).pow(2).sum();
  const torch::Tensor entropy = -(log_pi.exp() * log_pi).sum();
  return policy + value_weight * value - entropy_beta * entropy;
}

TEST(A3CLoss, NearlyImpossibleActionGivesFiniteLossAndGradient) {
  auto loss = a3c_loss(torch::tensor({{0.0f, -200.0f}}), torch::tensor({0.0f}),
                       torch::tensor({int64_t{1}}), torch::tensor({1.0f}), 0.0f);  // advantage +1
  EXPECT_FLOAT_EQ(loss.policy, 200.0f);
  EXPECT_FLOAT_EQ(loss.entropy, 0.0f);
  EXPECT_FLOAT_EQ(loss.d_logits[0][0].item<float>(), 1.0f);
  EXPECT_FLOAT_EQ(loss.d_logits[0][1].item<float>(), -1.0f);
  EXPECT_TRUE(std::isfinite(loss.total));

  auto with_entropy = a3c_loss(torch::tensor({{0.0f, -200.0f}}), torch::tensor({0.0f}),
                               torch::tensor({int64_t{1}}), torch::tensor({1.0f}), 0.01f);
  EXPECT_TRUE(torch::isfinite(with_entropy.d_logits).all().item<bool>());
}

TEST(A3CLoss, EntropyTermAndItsGradient) {
  // Advantage 0: only the entropy term -0.01 H moves the logits.
  auto loss = a3c_loss(torch::tensor({{1.0f, 0.0f}}), torch::tensor({0.0f}),
                       torch::tensor({int64_t{0}}), torch::tensor({0.0f}), 0.01f);
  EXPECT_NEAR(loss.entropy, 0.582203f, 1e-6);
  EXPECT_NEAR(loss.total, -0.00582203f, 1e-8);
  EXPECT_NEAR(loss.d_logits[0][0].item<float>(), 0.00196612f, 1e-8);
  EXPECT_NEAR(loss.d_logits[0][1].item<float>(), -0.00196612f, 1e-8);
}

TEST(A3CLoss, ValueLossIsHalfSquaredError) {
  auto loss = a3c_loss(torch::zeros({1, 3}), torch::tensor({0.0f}), torch::tensor({int64_t{2}}),
                       torch::tensor({1.0f}), 0.01f);
  EXPECT_FLOAT_EQ(loss.value, 0.5f);
  EXPECT_FLOAT_EQ(loss.d_values[0].item<float>(), -1.0f);  // the policy term sees V detached
}

TEST(A3CLoss, ValueWeightScalesTheValueTermInTheTotalAndTheGradient) {
  // Uniform over 3 actions, V = 0 against R = 1: advantage 1, policy -log(1/3) = 1.098612.
  auto loss = a3c_loss(torch::zeros({1, 3}), torch::tensor({0.0f}), torch::tensor({int64_t{2}}),
                       torch::tensor({1.0f}), 0.0f, 0.5f);
  EXPECT_FLOAT_EQ(loss.value, 0.5f);  // the figure stays the unweighted 0.5 * (R - V)^2
  EXPECT_NEAR(loss.total, 1.098612 + 0.5 * 0.5, 1e-6);
  EXPECT_FLOAT_EQ(loss.d_values[0].item<float>(), -0.5f);
  EXPECT_NEAR(loss.d_logits[0][2].item<float>(), 1.0f / 3 - 1, 1e-7);  // the policy's unchanged
}

TEST(A3CLoss, SumsOverTheBatch) {
  auto loss = a3c_loss(torch::zeros({2, 2}), torch::zeros({2}),
                       torch::tensor({int64_t{0}, int64_t{1}}), torch::ones({2}), 0.0f);
  EXPECT_FLOAT_EQ(loss.value, 1.0f);
  EXPECT_NEAR(loss.policy, 2.0f * std::log(2.0f), 1e-6);
}

TEST(A3CLoss, VTraceTargetsAndAdvantagesGoToTheirOwnTerms) {
  // Value target 2 against V = 0.5; the advantage -3 is not 2 - 0.5.
  auto loss = a3c_loss(torch::zeros({1, 2}), torch::tensor({0.5f}), torch::tensor({int64_t{0}}),
                       torch::tensor({2.0f}), torch::tensor({-3.0f}), 0.0f);
  EXPECT_FLOAT_EQ(loss.value, 0.5f * 1.5f * 1.5f);
  EXPECT_NEAR(loss.policy, -3.0f * std::log(2.0f), 1e-6);
  EXPECT_FLOAT_EQ(loss.d_values[0].item<float>(), -1.5f);
  // d(-(-3) log pi_0)/d logit_0 = 3 (1 - 0.5)
  EXPECT_FLOAT_EQ(loss.d_logits[0][0].item<float>(), 1.5f);
  EXPECT_FLOAT_EQ(loss.d_logits[0][1].item<float>(), -1.5f);
}

TEST(A3CLoss, ClosedFormMatchesAutogradOfTheLoss) {
  torch::manual_seed(3);
  const int64_t batch = 37, actions = 6;
  for (const auto& [beta, weight] :
       {std::pair{0.0f, 1.0f}, {0.01f, 1.0f}, {0.3f, 1.0f}, {0.01f, 0.5f}, {0.01f, 0.0f}}) {
    auto logits = (3 * torch::randn({batch, actions})).requires_grad_(true);
    auto values = torch::randn({batch}).requires_grad_(true);
    const auto taken = torch::randint(actions, {batch}, torch::kInt64);
    const auto targets = torch::randn({batch});
    const auto advantages = torch::randn({batch});
    const A3CLoss loss = a3c_loss(logits, values, taken, targets, advantages, beta, weight);
    EXPECT_FALSE(loss.d_logits.requires_grad());
    EXPECT_FALSE(loss.d_values.requires_grad());
    const torch::Tensor total =
        autograd_total(logits, values, taken, targets, advantages, beta, weight);
    const auto grads = torch::autograd::grad({total}, {logits, values});
    EXPECT_NEAR(loss.total, total.item<float>(), 1e-4);
    EXPECT_TRUE(torch::allclose(loss.d_logits, grads[0], 1e-5, 1e-6))
        << "beta " << beta << " weight " << weight;
    EXPECT_TRUE(torch::allclose(loss.d_values, grads[1], 1e-5, 1e-6))
        << "beta " << beta << " weight " << weight;
  }
}

TEST(A3CLoss, ReturnsTakeTheAdvantageAgainstTheValues) {
  torch::manual_seed(4);
  auto logits = torch::randn({5, 3}), values = torch::randn({5}), returns = torch::randn({5});
  const auto taken = torch::randint(3, {5}, torch::kInt64);
  const A3CLoss a = a3c_loss(logits, values, taken, returns, 0.01f);
  const A3CLoss b = a3c_loss(logits, values, taken, returns, returns - values, 0.01f);
  EXPECT_TRUE(torch::equal(a.d_logits, b.d_logits));
  EXPECT_TRUE(torch::equal(a.d_values, b.d_values));
  EXPECT_EQ(a.policy, b.policy);
  EXPECT_EQ(a.value, b.value);
}

TEST(A3CLoss, ActionOutsideTheActionSetIsAnError) {
  try {
    a3c_loss(torch::zeros({2, 3}), torch::zeros({2}), torch::tensor({int64_t{0}, int64_t{3}}),
             torch::zeros({2}), 0.0f);
    FAIL();
  } catch (const c10::Error& e) {
    EXPECT_NE(std::string(e.what()).find("action 3 of sample 1 is outside [0, 3)"),
              std::string::npos)
        << e.what();
  }
}

TEST(A3CLoss, ShapeMismatchNamesBothShapes) {
  try {
    a3c_loss(torch::zeros({2, 2}), torch::zeros({3}), torch::zeros({2}, torch::kInt64),
             torch::zeros({2}), 0.0f);
    FAIL();
  } catch (const c10::Error& e) {
    EXPECT_NE(std::string(e.what()).find("values must be [2], got [3]"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace ga3c::algo
