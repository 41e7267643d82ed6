#include "env/time_limit.h"

#include <gtest/gtest.h>

#include "env/cartpole.h"
#include "env/registry.h"
#include "env/scripted_env.h"

namespace ga3c::env {
namespace {

TEST(TimeLimit, TruncatesCartPoleAtFiveHundredSteps) {
  TimeLimit env(std::make_unique<CartPole>(), kCartPoleMaxEpisodeFrames);
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

// With a frame skip the limit counts frames: 10 frames at 4 a step end on the 3rd step (12
// frames), as the step that crosses the limit is the one that reaches it.
TEST(TimeLimit, CountsFramesOfTheFrameSkip) {
  auto inner = std::make_unique<ScriptedEnv>(std::vector<float>(100, 0.0f), false);
  inner->frames = 4;
  TimeLimit env(std::move(inner), 10);
  EXPECT_EQ(env.frames_per_step(), 4);
  std::vector<float> obs(env.observation_spec().size());
  env.reset(obs.data());
  for (int t = 1; t <= 3; ++t) {
    ASSERT_EQ(env.step(0, obs.data()).truncated, t == 3) << "step " << t;
  }
}

TEST(TimeLimit, ReportsBothFlagsWhenTheLastStepAlsoTerminates) {
  // The pole falls on the first step from this state.
  TimeLimit env(std::make_unique<CartPole>(), 1);
  auto& cartpole = static_cast<CartPole&>(env.inner());
  std::vector<float> obs(4);
  env.reset(obs.data());
  cartpole.set_state({0.0, 0.0, 0.2094, 3.0}, obs.data());
  const auto r = env.step(1, obs.data());
  EXPECT_TRUE(r.terminated);
  EXPECT_TRUE(r.truncated);
}

TEST(TimeLimit, RefusesNoLimit) {
  EXPECT_THROW(TimeLimit(std::make_unique<CartPole>(), 0), std::invalid_argument);
}

TEST(EpisodeLimit, DefaultsByFamily) {
  EXPECT_EQ(default_max_episode_frames("CartPole-v1"), 500);
  EXPECT_EQ(default_max_episode_frames("MinAtar/Seaquest-v0"), 27000);
  EXPECT_EQ(default_max_episode_frames("MinAtar/Breakout-v1"), 27000);
  EXPECT_EQ(default_max_episode_frames("ALE/Breakout-v5"), 108000);
  EXPECT_THROW(default_max_episode_frames("Pong-v0"), UnknownEnvError);
  EXPECT_EQ(episode_limit_defaults(), "CartPole* 500, MinAtar/* 27000, ALE/* 108000");
}

// Seaquest's submarine that never dives never dies (issue 14): holding "up" (it stays at the
// surface, where no oxygen is used) runs until the limit, which the make_env wrapper reports as
// truncation on exactly the limit's step, and no sooner.
int steps_holding_up(const EnvOptions& options, int most) {
  EnvPtr env = make_env("MinAtar/Seaquest-v0", options);
  env->seed(3);
  std::vector<float> obs(env->observation_spec().size());
  env->reset(obs.data());
  for (int t = 1; t <= most; ++t) {
    const StepResult r = env->step(2, obs.data());  // up
    EXPECT_FALSE(r.terminated) << "step " << t;
    if (r.truncated) return t;
  }
  return 0;
}

TEST(EpisodeLimit, EndsSeaquestThatNeverDives) {
  EnvOptions no_sticky;
  no_sticky.sticky_action_prob = 0.0;
  EXPECT_EQ(steps_holding_up(no_sticky, 30000), 27000);
  no_sticky.max_episode_frames = 1234;
  EXPECT_EQ(steps_holding_up(no_sticky, 30000), 1234);
  no_sticky.max_episode_frames = 0;  // asked for explicitly: no limit
  EXPECT_EQ(steps_holding_up(no_sticky, 30000), 0);
}

TEST(EpisodeLimit, RefusesNegativeLimits) {
  EnvOptions options;
  options.max_episode_frames = -1;
  EXPECT_THROW(make_env("CartPole-v1", options), std::invalid_argument);
}

TEST(EpisodeLimit, CartPoleDefaultIsGymnasiums) {
  EnvPtr env = make_env("CartPole-v1");
  auto* limited = dynamic_cast<TimeLimit*>(env.get());
  ASSERT_NE(limited, nullptr);
  EXPECT_EQ(limited->max_episode_frames(), 500);
}

}  // namespace
}  // namespace ga3c::env
