#include "env/time_limit.h"

#include <gtest/gtest.h>

#include "env/cartpole.h"

namespace ga3c::env {
namespace {

TEST(TimeLimit, TruncatesCartPoleAtFiveHundredSteps) {
  TimeLimit env(std::make_unique<CartPole>(), CartPole::kMaxEpisodeSteps);
  auto& cartpole = static_cast<CartPole&>(env.inner());
  std::vector<float> obs(4);
  env.reset(obs.data());
  for (int t = 1; t <= 500; ++t) {
    cartpole.set_state({0.0, 0.0, 0.0, 0.0}, obs.data());  // keep the pole up
    const auto r = env.step(t % 2, obs.data());
    ASSERT_FALSE(r.terminated);
    ASSERT_EQ(r.truncated, t == 500) << "step " << t;
  }
  env.reset(obs.data());
  EXPECT_FALSE(env.step(0, obs.data()).truncated);
}

}  // namespace
}  // namespace ga3c::env
