#include "node/action_sampling.h"

#include <cmath>

#include <gtest/gtest.h>

namespace ga3c::node {
namespace {

TEST(SampleFromPolicy, TakesTheFirstActionWhoseCumulativeProbabilityExceedsTheDraw) {
  const float pi[3] = {0.25f, 0.5f, 0.25f};
  EXPECT_EQ(sample_from_policy(pi, 3, 0.0f), 0);
  EXPECT_EQ(sample_from_policy(pi, 3, 0.2499f), 0);
  EXPECT_EQ(sample_from_policy(pi, 3, 0.25f), 1);
  EXPECT_EQ(sample_from_policy(pi, 3, 0.7499f), 1);
  EXPECT_EQ(sample_from_policy(pi, 3, 0.75f), 2);
}

TEST(SampleFromPolicy, FallsBackToTheLastActionWithMassWhenRoundingFallsShort) {
  const float pi[4] = {0.3f, 0.3f, 0.3f, 0.0f};  // sums to 0.9
  EXPECT_EQ(sample_from_policy(pi, 4, 0.95f), 2);
  const float nan_pi[2] = {std::nanf(""), std::nanf("")};
  EXPECT_EQ(sample_from_policy(nan_pi, 2, 0.5f), 0);
}

TEST(PolicyDraw, IsAFixedStreamForAFixedSeed) {
  std::mt19937_64 a(42), b(42);
  for (int i = 0; i < 5; ++i) {
    const float u = policy_draw(a);
    EXPECT_EQ(u, policy_draw(b));
    EXPECT_GE(u, 0.0f);
    EXPECT_LT(u, 1.0f);
  }
}

}  // namespace
}  // namespace ga3c::node
