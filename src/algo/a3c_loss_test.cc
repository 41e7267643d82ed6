#include "algo/a3c_loss.h"

#include <gtest/gtest.h>

namespace ga3c::algo {
namespace {

TEST(A3CLoss, NearlyImpossibleActionGivesFiniteLossAndGradient) {
  auto logits = torch::tensor({{0.0f, -200.0f}}).requires_grad_(true);
  auto values = torch::tensor({0.0f});
  auto actions = torch::tensor({int64_t{1}});
  auto returns = torch::tensor({1.0f});  // advantage +1
  auto loss = a3c_loss(logits, values, actions, returns, 0.0f);
  EXPECT_FLOAT_EQ(torch::log_softmax(logits, 1)[0][1].item<float>(), -200.0f);
  EXPECT_FLOAT_EQ(loss.policy.item<float>(), 200.0f);
  EXPECT_FLOAT_EQ(loss.entropy.item<float>(), 0.0f);
  // loss.total shares this graph and is differentiated next: keep it.
  auto grad = torch::autograd::grad({loss.policy}, {logits}, {}, /*retain_graph=*/true)[0];
  EXPECT_FLOAT_EQ(grad[0][0].item<float>(), 1.0f);
  EXPECT_FLOAT_EQ(grad[0][1].item<float>(), -1.0f);
  auto total_grad = torch::autograd::grad({loss.total}, {logits})[0];
  EXPECT_TRUE(torch::isfinite(total_grad).all().item<bool>());
  EXPECT_TRUE(std::isfinite(loss.total.item<float>()));
}

TEST(A3CLoss, EntropyTermAndItsGradient) {
  auto logits = torch::tensor({{1.0f, 0.0f}}).requires_grad_(true);
  auto loss = a3c_loss(logits, torch::tensor({0.0f}), torch::tensor({int64_t{0}}),
                       torch::tensor({0.0f}), 0.01f);
  EXPECT_NEAR(loss.entropy.item<float>(), 0.582203f, 1e-6);
  auto entropy_term = -0.01f * loss.entropy;
  EXPECT_NEAR(entropy_term.item<float>(), -0.00582203f, 1e-8);
  auto grad = torch::autograd::grad({entropy_term}, {logits})[0];
  EXPECT_NEAR(grad[0][0].item<float>(), 0.00196612f, 1e-8);
  EXPECT_NEAR(grad[0][1].item<float>(), -0.00196612f, 1e-8);
}

TEST(A3CLoss, ValueLossIsHalfSquaredError) {
  auto values = torch::tensor({0.0f}).requires_grad_(true);
  auto loss = a3c_loss(torch::zeros({1, 3}), values, torch::tensor({int64_t{2}}),
                       torch::tensor({1.0f}), 0.01f);
  EXPECT_FLOAT_EQ(loss.value.item<float>(), 0.5f);
  auto grad = torch::autograd::grad({loss.total}, {values})[0];
  EXPECT_FLOAT_EQ(grad[0].item<float>(), -1.0f);  // the policy term sees V detached
}

TEST(A3CLoss, SumsOverTheBatch) {
  auto loss = a3c_loss(torch::zeros({2, 2}), torch::zeros({2}),
                       torch::tensor({int64_t{0}, int64_t{1}}), torch::ones({2}), 0.0f);
  EXPECT_FLOAT_EQ(loss.value.item<float>(), 1.0f);
  EXPECT_NEAR(loss.policy.item<float>(), 2.0f * std::log(2.0f), 1e-6);
}

TEST(A3CLoss, VTraceTargetsAndAdvantagesGoToTheirOwnTerms) {
  // Value target 2 against V = 0.5; the advantage -3 is not 2 - 0.5.
  auto logits = torch::zeros({1, 2}).requires_grad_(true);
  auto values = torch::tensor({0.5f}).requires_grad_(true);
  auto loss = a3c_loss(logits, values, torch::tensor({int64_t{0}}), torch::tensor({2.0f}),
                       torch::tensor({-3.0f}), 0.0f);
  EXPECT_FLOAT_EQ(loss.value.item<float>(), 0.5f * 1.5f * 1.5f);
  EXPECT_NEAR(loss.policy.item<float>(), -3.0f * std::log(2.0f), 1e-6);
  auto grads = torch::autograd::grad({loss.total}, {logits, values});
  EXPECT_FLOAT_EQ(grads[1][0].item<float>(), -1.5f);
  // d(-(-3) log pi_0)/d logit_0 = 3 (1 - 0.5)
  EXPECT_FLOAT_EQ(grads[0][0][0].item<float>(), 1.5f);
  EXPECT_FLOAT_EQ(grads[0][0][1].item<float>(), -1.5f);
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
