#include "env/cartpole.h"

#include <vector>

#include <gtest/gtest.h>

namespace ga3c::env {
namespace {

TEST(CartPole, ResetDrawsStateInsideFiveHundredths) {
  CartPole env;
  env.seed(3);
  std::vector<float> obs(4);
  for (int episode = 0; episode < 100; ++episode) {
    env.reset(obs.data());
    for (int i = 0; i < 4; ++i) {
      EXPECT_GT(env.state()[i], -0.05);
      EXPECT_LT(env.state()[i], 0.05);
      EXPECT_EQ(obs[i], static_cast<float>(env.state()[i]));
    }
  }
}

TEST(CartPole, SameSeedSameEpisodes) {
  CartPole a, b;
  a.seed(11);
  b.seed(11);
  std::vector<float> oa(4), ob(4);
  a.reset(oa.data());
  b.reset(ob.data());
  EXPECT_EQ(oa, ob);
}

TEST(CartPole, OneStepFromRestMatchesHandComputedEuler) {
  CartPole env;
  std::vector<float> obs(4);
  env.set_state({0.0, 0.0, 0.0, 0.0}, obs.data());
  const auto r = env.step(1, obs.data());
  // theta = 0: temp = 10 / 1.1; thetaacc = -temp / (0.5 * (4/3 - 0.1/1.1));
  // xacc = temp - 0.05 * thetaacc / 1.1. Euler moves only the velocities on the first step.
  const double temp = 10.0 / 1.1;
  const double thetaacc = -temp / (0.5 * (4.0 / 3.0 - 0.1 / 1.1));
  const double xacc = temp - 0.05 * thetaacc / 1.1;
  EXPECT_DOUBLE_EQ(env.state()[0], 0.0);
  EXPECT_DOUBLE_EQ(env.state()[1], 0.02 * xacc);
  EXPECT_DOUBLE_EQ(env.state()[2], 0.0);
  EXPECT_DOUBLE_EQ(env.state()[3], 0.02 * thetaacc);
  EXPECT_NEAR(env.state()[1], 0.195122, 1e-6);
  EXPECT_NEAR(env.state()[3], -0.292683, 1e-6);
  EXPECT_EQ(r.reward, 1.0f);
  EXPECT_FALSE(r.terminated);
}

TEST(CartPole, TerminatesStrictlyPastTheThresholdsAndStillPaysTheLastStep) {
  CartPole env;
  std::vector<float> obs(4);
  env.set_state({2.39, 1.0, 0.0, 0.0}, obs.data());  // x moves to 2.41
  auto r = env.step(1, obs.data());
  EXPECT_TRUE(r.terminated);
  EXPECT_EQ(r.reward, 1.0f);
  env.set_state({2.4, 0.0, 0.0, 0.0}, obs.data());  // x stays at exactly 2.4: not past it
  r = env.step(1, obs.data());
  EXPECT_FALSE(r.terminated);
  env.set_state({0.0, 0.0, 0.2, 1.0}, obs.data());  // theta 0.22 > 12 degrees
  EXPECT_TRUE(env.step(0, obs.data()).terminated);
}

TEST(CartPole, RejectsActionsOutsideTwo) {
  CartPole env;
  std::vector<float> obs(4);
  env.reset(obs.data());
  EXPECT_THROW(env.step(2, obs.data()), std::out_of_range);
  EXPECT_THROW(env.step(-1, obs.data()), std::out_of_range);
}

}  // namespace
}  // namespace ga3c::env
