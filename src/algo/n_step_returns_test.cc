#include "algo/n_step_returns.h"

#include <vector>

#include <gtest/gtest.h>

namespace ga3c::algo {
namespace {

TEST(NStepReturns, TerminalEpisodeDoesNotBootstrap) {
  const std::vector<float> rewards{0, 0, 1};
  std::vector<float> returns(3);
  n_step_returns(rewards.data(), 3, 0.0f, 0.99f, returns.data());
  EXPECT_FLOAT_EQ(returns[0], 0.9801f);
  EXPECT_FLOAT_EQ(returns[1], 0.99f);
  EXPECT_FLOAT_EQ(returns[2], 1.0f);
}

TEST(NStepReturns, BootstrapsFromTheGivenValue) {
  const std::vector<float> rewards{1, 1, 1};
  std::vector<float> returns(3);
  n_step_returns(rewards.data(), 3, 10.0f, 0.99f, returns.data());
  EXPECT_NEAR(returns[0], 12.67309f, 1e-5);
  EXPECT_NEAR(returns[1], 11.791f, 1e-5);
  EXPECT_NEAR(returns[2], 10.9f, 1e-5);
  n_step_returns(rewards.data(), 3, 0.0f, 0.99f, returns.data());
  EXPECT_NEAR(returns[0], 2.9701f, 1e-6);
  EXPECT_NEAR(returns[1], 1.99f, 1e-6);
  EXPECT_NEAR(returns[2], 1.0f, 1e-6);
}

TEST(NStepReturns, MayWriteOverTheRewards) {
  std::vector<float> buffer{1, 2};
  n_step_returns(buffer.data(), 2, 4.0f, 0.5f, buffer.data());
  EXPECT_FLOAT_EQ(buffer[1], 4.0f);  // 2 + 0.5 * 4
  EXPECT_FLOAT_EQ(buffer[0], 3.0f);  // 1 + 0.5 * 4
}

}  // namespace
}  // namespace ga3c::algo
